"""Hostile conditions for ``perfectplay serve``: its forked servers end with it however it dies,
junk in the questions cannot grow its answer cache, and damaged data gets HTTP 503 with one line
of reason, never a 500 or a logged traceback."""

import json
import os
import pathlib
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
import warnings

import pytest

from perfectplay import SolutionFileError, solve
from perfectplay.core.solution import Solution
from perfectplay.games.tictactoe import TicTacToe
from perfectplay.serve import create_app
from perfectplay.serve.app import ENTRY_BYTES

with warnings.catch_warnings():  # Starlette 1.x asks for httpx2 but still runs on httpx
    warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")
    from starlette.testclient import TestClient

LINUX = pathlib.Path("/proc/self/task").exists()

DAMAGED = "the solution's data is damaged or unreadable: "
"""How every 503 answer begins."""


def start(*argv):
    """``perfectplay serve ARGV --port 0`` in a process of its own, and the URL it prints."""
    server = subprocess.Popen([sys.executable, "-m", "perfectplay", "serve", *argv, "--port",
                               "0"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = server.stdout.readline()
    assert " at " in line, line + server.stderr.read()
    return server, line.split(" at ")[1].split()[0]


def get(url):
    """The status and JSON of a GET."""
    try:
        with urllib.request.urlopen(url, timeout=10) as reply:
            return reply.status, json.load(reply)
    except urllib.error.HTTPError as error:
        with error:
            return error.code, json.load(error)


# Forked servers end with the parent ----------------------------------------------------------

def children(pid):
    tasks = pathlib.Path(f"/proc/{pid}/task")
    return {int(c) for task in tasks.iterdir() for c in (task / "children").read_text().split()}


def alive(pid):
    """Whether process ``pid`` runs (a zombie that nobody reaped has ended)."""
    try:
        state = pathlib.Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return False
    return state not in "ZX"


def port_free(port):
    """Whether the port can be listened on again (as the server binds it: SO_REUSEADDR, so the
    connections closed a moment ago do not count, a socket still listening does)."""
    with socket.socket() as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return False
        return True


@pytest.mark.skipif(not LINUX, reason="the kernel's parent-death signal is Linux's")
@pytest.mark.parametrize(("kill", "status"), [(signal.SIGKILL, -signal.SIGKILL),
                                              (signal.SIGHUP, 128 + signal.SIGHUP)])
def test_the_forked_servers_end_with_the_parent_however_it_dies(kill, status):
    server, url = start("nim", "--heaps", "1,2,3", "--processes", "3")
    others = set()
    try:
        for _ in range(10):
            assert get(url + "api/position?p=1,2,3")[1]["value"] == "lose"
        deadline = time.monotonic() + 20
        while len(others) < 2 and time.monotonic() < deadline:  # forked after the URL is said
            others = children(server.pid)
        assert len(others) == 2
        server.send_signal(kill)
        assert server.wait(timeout=20) == status
        deadline = time.monotonic() + 20
        while any(alive(pid) for pid in others) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not any(alive(pid) for pid in others)
        assert port_free(int(url.rstrip("/").rsplit(":", 1)[1]))
    finally:
        server.kill()
        server.wait()
        for pid in others:
            if alive(pid):  # an orphan (of the old code): not left serving
                os.kill(pid, signal.SIGKILL)


# The answer cache: bounded in bytes, one entry per position ----------------------------------

JUNK = "j" * 65_000
"""A junk parameter as long as a query string may be."""


def test_junk_parameters_make_no_new_entries_and_the_cache_keeps_its_byte_bound():
    solution = solve(TicTacToe())
    game = solution.game
    texts = sorted(game.format_position(p) for p, _, _ in solution.positions())[:300]
    app = create_app(solution, cache_bytes=50_000)
    cache = app.state.answers
    client = TestClient(app)
    first = client.get("/api/position", params={"p": texts[0]})
    entry = len(texts[0]) + len(first.content) + ENTRY_BYTES
    assert (len(cache), cache.bytes) == (1, entry)
    for i in range(200):  # the same position: other parameters, spelled otherwise
        spelled = texts[0].replace(".", "%2E") if i % 2 else texts[0]
        reply = client.get(f"/api/position?junk{i}={JUNK}{i}&p={spelled}")
        assert reply.content == first.content
    assert (len(cache), cache.bytes) == (1, entry)
    for text in texts:
        assert client.get("/api/position", params={"p": text, "junk": JUNK}).status_code == 200
        assert cache.bytes <= 50_000
    assert 30 < len(cache) < 100  # 400 to 1,400 bytes an entry
    held = len(cache), cache.bytes
    client.get("/api/position", params={"p": texts[-1]})  # the most recent: still there
    assert (len(cache), cache.bytes) == held


@pytest.mark.skipif(not LINUX, reason="reads the server's memory from /proc")
def test_junk_parameters_do_not_grow_a_real_servers_memory():
    server, url = start("tictactoe")
    host, port = url.removeprefix("http://").rstrip("/").split(":")
    try:
        request = (f"GET /api/position?p=X........&junk={JUNK}{{}} HTTP/1.1\r\nHost: x\r\n\r\n")
        with socket.create_connection((host, int(port)), timeout=10) as connection:
            ask(connection, request.format("warm"))
            before = rss(server.pid)
            for i in range(1000):  # the old cache kept each query string: 65 MB
                ask(connection, request.format(i))
        assert rss(server.pid) - before < 16 << 20
        server.send_signal(signal.SIGINT)
        assert server.wait(timeout=10) == 0
    finally:
        server.kill()
        server.wait()


def ask(connection, request):
    """Send ``request`` on a keep-alive connection and read its 200 answer whole."""
    connection.sendall(request.encode())
    reply = b""
    while b"\r\n\r\n" not in reply:
        reply += connection.recv(65536)
    head, body = reply.split(b"\r\n\r\n", 1)
    assert head.startswith(b"HTTP/1.1 200 ")
    length = int(head.lower().split(b"content-length: ")[1].split(b"\r\n")[0])
    while len(body) < length:
        body += connection.recv(65536)


def rss(pid):
    status = pathlib.Path(f"/proc/{pid}/status").read_text()
    return int(status.split("VmRSS:")[1].split()[0]) << 10


# Damaged data: 503 and one line, never 500 ---------------------------------------------------

def test_a_truncated_tier_file_gets_503_and_one_line_and_no_traceback(tmp_path):
    database = tmp_path / "ttt.db"
    solved = subprocess.run([sys.executable, "-m", "perfectplay", "solve", "tictactoe",
                             "--method", "tiers", "--db", str(database)], capture_output=True,
                            text=True, check=False)
    assert solved.returncode == 0, solved.stderr
    with (database / "tier-8.zst").open("r+b") as codes:  # 8 marks: its blocks cut short
        codes.truncate(10)
    server, url = start("tictactoe", "--db", str(database))
    try:
        answers = {text: get(url + "api/position?p=" + text)
                   for text in ["XOXOXOXO.",  # its own code is past the end
                                "XOXOXO.X.",  # a child's code is
                                "XOXOXO..."]}  # tier 7 and its children in tier 9: readable
        for text in ["XOXOXOXO.", "XOXOXO.X."]:
            status, answer = answers[text]
            assert status == 503
            assert list(answer) == ["error"] and answer["error"].startswith(DAMAGED)
            assert "\n" not in answer["error"]
        assert answers["XOXOXO..."][0] == 200
        assert answers["XOXOXO..."][1]["value"] == "win"
        server.send_signal(signal.SIGINT)
        assert server.wait(timeout=10) == 0
        assert server.stderr.read() == "stopped\n"  # nothing logged
    finally:
        server.kill()
        server.wait()


class Damaged(Solution):
    """A solution whose reads fail at the positions in ``damaged`` (its file damaged there), as
    long as ``failing`` says so, and are tic-tac-toe's otherwise."""

    def __init__(self, solution, damaged, failure):
        super().__init__(solution.game, start=solution.start, primitives=solution.primitives,
                         method="damaged")
        self.solution, self.damaged, self.failure = solution, damaged, failure
        self.failing = True

    def _lookup(self, position):
        if self.failing and self.game.format_position(position) in self.damaged:
            raise self.failure
        return self.solution._lookup(position)

    def __len__(self):
        return len(self.solution)

    def positions(self):
        if self.failing:
            raise self.failure
        return self.solution.positions()

    def save(self, path):
        raise NotImplementedError


@pytest.mark.parametrize(("failure", "error"), [
    (SolutionFileError("db/tier-8.codes: damaged (code 255 at index 7)\nagain"),
     "db/tier-8.codes: damaged (code 255 at index 7) again"),
    (OSError(5, "Input/output error"), "OSError: [Errno 5] Input/output error"),
])
def test_a_store_that_fails_gets_503_its_reason_and_nothing_is_cached(failure, error):
    store = Damaged(solve(TicTacToe()), {"XX.OO....", "XXXOO...."}, failure)
    app = create_app(store)
    client = TestClient(app)  # a 500 would raise here: Starlette passes it on to be logged
    for text in ["XX.OO....",  # the position's own read fails
                 "X.XOO...."]:  # a move's: XXXOO....
        for _ in range(2):
            reply = client.get("/api/position", params={"p": text})
            assert (reply.status_code, reply.json()) == (503, {"error": DAMAGED + error})
    assert client.get("/api/position", params={"p": "X........"}).status_code == 200
    assert len(app.state.answers) == 1  # the failures were not kept
    store.failing = False  # a read that fails once (an I/O error) is tried again
    assert client.get("/api/position", params={"p": "XX.OO...."}).json()["value"] == "win"


def test_game_and_counts_that_cannot_be_read_get_503():
    failure = SolutionFileError("db/tier-1.codes: damaged (truncated)")
    store = Damaged(solve(TicTacToe()), {"X........"}, failure)
    client = TestClient(create_app(store))
    expected = (503, {"error": DAMAGED + "db/tier-1.codes: damaged (truncated)"})
    for path in ["/api/game", "/api/counts"]:
        reply = client.get(path)
        assert (reply.status_code, reply.json()) == expected
