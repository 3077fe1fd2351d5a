"""``perfectplay serve``: it prints its URL, serves a saved solution or a tier database, stops
cleanly on Ctrl-C, and refuses bad options in one line."""

import json
import pathlib
import signal
import socket
import subprocess
import sys
import urllib.request

import pytest

from perfectplay import solve
from perfectplay.cli import main
from perfectplay.cli.explored import explored_solution
from perfectplay.games.connect4 import ConnectFour
from perfectplay.games.tictactoe import TicTacToe

NUMBA_AT_EXIT = ("import atexit, sys; "
                 "atexit.register(lambda: print('numba' in sys.modules, file=sys.stderr)); "
                 "from perfectplay.cli import main; sys.exit(main())")
"""``perfectplay`` that says on exit whether it imported numba."""


def test_it_serves_a_saved_solution_prints_its_url_and_stops_on_ctrl_c(tmp_path):
    saved = tmp_path / "ttt.solution.gz"
    solve(TicTacToe()).save(saved)
    command = [sys.executable, "-c", NUMBA_AT_EXIT, "serve", "tictactoe", "--solution",
               str(saved), "--port", "0"]
    server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = server.stdout.readline()
        url = line.split(" at ")[1].split()[0]
        assert line == f"perfectplay: tictactoe (5,478 positions, memo) at {url}  (Ctrl-C stops)\n"
        assert url.startswith("http://127.0.0.1:") and not url.endswith(":0/")
        with urllib.request.urlopen(url + "api/game", timeout=10) as reply:
            assert json.load(reply)["positions"] == 5478
        server.send_signal(signal.SIGINT)
        assert server.wait(timeout=10) == 0
        assert server.stderr.read() == "stopped\nFalse\n"  # a dict solution: no numba
    finally:
        server.kill()
        server.wait()


def _children(pid):
    tasks = pathlib.Path(f"/proc/{pid}/task")
    return {int(c) for task in tasks.iterdir()
            for c in (task / "children").read_text().split()}


@pytest.mark.skipif(not pathlib.Path("/proc/self/task").exists(), reason="needs Linux's /proc")
@pytest.mark.parametrize(("stop", "status"), [(signal.SIGINT, 0), (signal.SIGTERM, 128 + 15)])
def test_more_processes_answer_on_one_port_and_stop_together(stop, status):
    command = [sys.executable, "-m", "perfectplay", "serve", "nim", "--heaps", "1,2,3",
               "--port", "0", "--processes", "3"]
    server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        url = server.stdout.readline().split(" at ")[1].split()[0]
        for _ in range(20):  # the kernel hands connections to whichever process accepts first
            with urllib.request.urlopen(url + "api/position?p=1,2,3", timeout=10) as reply:
                assert json.load(reply)["value"] == "lose"  # 1 ^ 2 ^ 3 = 0
        others = _children(server.pid)
        assert len(others) == 2
        server.send_signal(stop)
        assert server.wait(timeout=20) == status
        assert not any(pathlib.Path(f"/proc/{pid}").exists() for pid in others)
    finally:
        server.kill()
        server.wait()


def test_it_serves_a_tier_database(tmp_path, client_of):
    from perfectplay.serve import create_app
    from perfectplay.tiers import solve_tiers

    game = ConnectFour(3, 3)
    solve_tiers(game, tmp_path / "db")
    solution = explored_solution(game, method="auto", start=None, database=str(tmp_path / "db"))
    assert solution.method == "tiers"
    answer = client_of(create_app(solution)).get("/api/position", params={"p": "2"}).json()
    reference = solve(game)
    position = game.play_columns("2")
    assert (answer["value"], answer["remoteness"]) == (str(reference.value(position)),
                                                       reference.remoteness(position))
    assert [m["value"] for m in answer["moves"]] == [str(m.value)
                                                     for m in reference.moves(position)]


@pytest.mark.parametrize(("argv", "error"), [
    (["--port", "70000"], "--port is 0 to 65535, got 70000"),
    (["--processes", "0"], "--processes is 1 to 64, got 0"),
    (["--solution", "x.gz", "--db", "d"],
     "argument --db: not allowed with argument --solution (see 'perfectplay serve --help')"),
    (["--solution", "nowhere.gz", "--port", "0"],
     "nowhere.gz: cannot read (No such file or directory)"),
    (["--db", "nowhere", "--method", "memo", "--port", "0"],
     "--method is how to solve: not with --solution or --db, which are solved already"),
    (["--port", "{busy}"], "cannot listen on 127.0.0.1:{busy} (Address already in use)"),
    (["--host", "no.such.host.invalid"],
     "cannot listen on no.such.host.invalid:8000 (host does not resolve: "),
])
def test_bad_options_get_one_line_and_status_2(argv, error, capsys):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        busy = taken.getsockname()[1]
        status = main(["serve", "nim", "--heaps", "1,2", *(a.format(busy=busy) for a in argv)])
    err = capsys.readouterr().err
    assert status == 2
    assert err.startswith(f"error: {error.format(busy=busy)}") and err.count("\n") == 1


def test_a_solution_saved_for_another_game_is_refused(tmp_path, capsys):
    saved = tmp_path / "ttt.solution.gz"
    solve(TicTacToe()).save(saved)
    assert main(["serve", "nim", "--solution", str(saved), "--port", "0"]) == 2
    assert capsys.readouterr().err == (f"error: {saved}: saved for TicTacToe('.........'), not "
                                       "for Nim((3, 4, 5))\n")


def test_the_command_is_listed():
    from perfectplay.cli import COMMANDS

    assert COMMANDS["serve"][0] == "perfectplay.cli.serve"


def test_it_serves_a_game_by_search_with_an_opening_book(tmp_path):
    from perfectplay.tiers.book import build_book

    game = ConnectFour(5, 4)
    book = tmp_path / "c54.book"
    build_book(game, book, 2)
    command = [sys.executable, "-m", "perfectplay", "serve", "connect4", "--width", "5",
               "--height", "4", "--method", "search", "--book", str(book), "--port", "0"]
    server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        url = server.stdout.readline().split(" at ")[1].split()[0]
        with urllib.request.urlopen(url + "api/position?p=3", timeout=60) as reply:
            answer = json.load(reply)
        reference = solve(game)
        position = game.parse_position("3")
        assert (answer["value"], answer["remoteness"]) == (str(reference.value(position)),
                                                           reference.remoteness(position))
        assert [(m["move"], m["value"], m["remoteness"]) for m in answer["moves"]] == \
            [(game.format_move(m.move), str(m.value), m.remoteness)
             for m in reference.moves(position)]
        server.send_signal(signal.SIGINT)
        assert server.wait(timeout=30) == 0
    finally:
        server.kill()
        server.wait()


def test_a_search_the_client_left_stops_and_the_next_question_is_answered(tmp_path):
    # the 7x6 start takes minutes of search; its client leaves after a second, and a position
    # near the end, asked next, is answered at once instead of after that search
    command = [sys.executable, "-m", "perfectplay", "serve", "connect4", "--method", "search",
               "--port", "0"]
    server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        url = server.stdout.readline().split(" at ")[1].split()[0]
        host, port = url.split("//")[1].rstrip("/").split(":")
        with socket.create_connection((host, int(port)), timeout=10) as leaving:
            leaving.sendall(b"GET /api/position?p= HTTP/1.1\r\nHost: x\r\n\r\n")
            leaving.settimeout(1)
            with pytest.raises(TimeoutError):
                leaving.recv(1)  # still searching: no answer yet
        with urllib.request.urlopen(url + "api/position?p=52753311433677442422121",
                                    timeout=120) as reply:
            answer = json.load(reply)
        assert (answer["value"], answer["remoteness"]) == ("win", 5)
        server.send_signal(signal.SIGINT)
        assert server.wait(timeout=30) == 0
        assert "Traceback" not in server.stderr.read()
    finally:
        server.kill()
        server.wait()
