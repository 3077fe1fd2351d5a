"""``perfectplay serve`` under load: ``/api/position`` from many concurrent clients on loopback.

    python benchmarks/bench_serve.py [--seconds 10] [--requests 10000] [--clients 50]
                                     [--games ttt,c4] [--client auto|wrk|python]
                                     [--processes 1]

For each game the real command serves in its own process (``perfectplay serve ... --port 0``):
tic-tac-toe (a dict solution, memo) and Connect Four 4x4 (a dense one, compiled). Random
reachable positions are asked for by ``--clients`` concurrent keep-alive connections, each
request timed from send to the end of its body, after a warm-up. Tic-tac-toe's 5,478 positions
all fit in the server's cache of encoded answers (64 MiB), so its figures are those of the HTTP
stack. Connect Four's (10,000 drawn from 161,029, asked in turn) fit it too since the cache is
bounded in bytes: they are made on their first turn and come from the cache after (with the
earlier cache of 8,192 answers, which the README's figures were measured with, every one was
made anew).

The load comes from ``wrk`` where it is installed (``apt-get install wrk``): a C client that
takes a small part of one core, so that on a small machine the server has the rest. It runs
``--seconds`` per game, cycling through ``--requests`` random positions (a Lua script chooses
the paths and counts every answer but 200). Without it, Python threads with the standard
library's client send ``--requests`` requests; they compete with the server for the CPU, so
their figures are the server's and theirs together. Either way the warm-up checks, answer by
answer, that every reply is 200 with the position asked for, and any error stops the run.

``--search N`` measures instead the page over Connect Four 7x6, which no table holds: each
position is searched when first asked (``perfectplay serve connect4``). N positions are taken
from random games (uniformly random moves from the start, cut at a uniformly random depth,
seeded) and asked one at a time by one client, each timed (``--search-timeout`` seconds at
most: a slower one counts as over it); printed: p50, p95, the worst, and how many were over.
While the last one is searched, a second client asks for the first position again: its time
shows whether a search blocks the server (it must not); ``--book FILE`` serves with an
opening book (``perfectplay book``) read first::

    python benchmarks/bench_serve.py --search 200 --search-timeout 60 [--book FILE]

uvicorn parses HTTP with httptools and runs on uvloop where they are installed (h11 and
asyncio otherwise): the first line says which, and which client. Prints requests per second,
p50, p99 and the worst latency, and as the baseline the in-process cost of the same answers
(``Explorer.position``, the work itself without HTTP) and the ratio of p50 to it.
"""

from __future__ import annotations

import argparse
import http.client
import importlib.util
import json
import random
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from pathlib import Path
from typing import Any, NamedTuple

from perfectplay import solve
from perfectplay.games.connect4 import ConnectFour
from perfectplay.games.tictactoe import TicTacToe
from perfectplay.serve.explorer import Explorer

GAMES: dict[str, tuple[str, list[str], Any, str]] = {
    # key: (label, command line after 'serve', game, method)
    "ttt": ("tictactoe (dict store)", ["tictactoe"], TicTacToe(), "memo"),
    "c4": ("connect4 4x4 (dense store)", ["connect4", "--width", "4", "--height", "4",
                                          "--method", "compiled"], ConnectFour(4, 4),
           "compiled"),
}

WRK_SCRIPT = """\
-- Each wrk thread cycles through the paths of the file args[1], starting at its own offset,
-- and counts the answers that are not 200; done() sums them and prints one line for Python.
local threads = {}
local count = 0

function setup(thread)
   thread:set("id", count)
   count = count + 1
   table.insert(threads, thread)
end

function init(args)
   paths = {}
   for line in io.lines(args[1]) do paths[#paths + 1] = line end
   next_path = id % #paths
   wrong = 0
end

function request()
   next_path = next_path % #paths + 1
   return wrk.format("GET", paths[next_path])
end

function response(status, headers, body)
   if status ~= 200 then wrong = wrong + 1 end
end

function done(summary, latency, requests)
   local wrong = 0
   for _, thread in ipairs(threads) do wrong = wrong + thread:get("wrong") end
   local e = summary.errors
   io.write(string.format("perfectplay %d %d %d %d %d %d %d\\n", summary.requests,
                          summary.duration, wrong, e.connect + e.read + e.write + e.timeout,
                          latency:percentile(50), latency:percentile(99), latency.max))
end
"""


class Load(NamedTuple):
    """What one run of a load generator measured (times in seconds)."""

    requests: int
    """Requests answered."""
    seconds: float
    """Wall time of the run."""
    p50: float
    p99: float
    worst: float


def start_server(arguments: list[str]) -> tuple[subprocess.Popen[str], str]:
    """``perfectplay serve`` with ``arguments`` on a free port, and its URL once it listens."""
    server = subprocess.Popen([sys.executable, "-m", "perfectplay", "serve", *arguments,
                               "--port", "0"], stdout=subprocess.PIPE, text=True)
    assert server.stdout is not None
    line = server.stdout.readline()
    found = re.search(r"http://\S+", line)
    if found is None:
        server.kill()
        raise SystemExit(f"error: the server did not start: {line!r}")
    return server, found.group(0)


def path_of(text: str) -> str:
    """The request path asking for the position ``text``."""
    return "/api/position?" + urllib.parse.urlencode({"p": text})


def python_load(url: str, texts: list[str], clients: int) -> Load:
    """One request per text from ``clients`` concurrent clients (threads, each with its own
    keep-alive connection: the standard library's client, the lightest in Python), each answer
    checked to be 200 with the position asked for."""
    host, port = url.removeprefix("http://").rstrip("/").rsplit(":", 1)
    queue = list(reversed(texts))
    latencies: list[float] = []
    errors: list[str] = []

    def client() -> None:
        connection = http.client.HTTPConnection(host, int(port), timeout=30)
        while queue and not errors:
            try:
                text = queue.pop()
            except IndexError:  # another client took the last one
                break
            started = time.perf_counter()
            connection.request("GET", path_of(text))
            reply = connection.getresponse()
            body = reply.read()
            latencies.append(time.perf_counter() - started)
            if reply.status != 200 or json.loads(body)["position"] != text:
                errors.append(f"{reply.status} for {text!r}: {body[:200]!r}")
        connection.close()

    threads = [threading.Thread(target=client) for _ in range(clients)]
    started = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    seconds = time.perf_counter() - started
    if errors:
        raise SystemExit(f"error: {errors[0]}")
    latencies.sort()
    return Load(len(latencies), seconds, percentile(latencies, 50), percentile(latencies, 99),
                latencies[-1])


def wrk_load(wrk: str, url: str, texts: list[str], clients: int, seconds: int) -> Load:
    """``wrk`` on one thread with ``clients`` keep-alive connections for ``seconds``, asking
    for the texts in turn; any answer but 200, or a socket error, stops the run."""
    with tempfile.TemporaryDirectory() as folder:
        script, paths = Path(folder, "paths.lua"), Path(folder, "paths.txt")
        script.write_text(WRK_SCRIPT)
        paths.write_text("".join(path_of(text) + "\n" for text in texts))
        done = subprocess.run([wrk, "--threads", "1", "--connections", str(clients),
                               "--duration", f"{seconds}s", "--timeout", "10s",
                               "--script", str(script), url, "--", str(paths)],
                              capture_output=True, text=True, timeout=seconds + 60)
    found = re.search(r"^perfectplay (\d+) (\d+) (\d+) (\d+) (\d+) (\d+) (\d+)$", done.stdout,
                      re.MULTILINE)
    if done.returncode != 0 or found is None:
        raise SystemExit(f"error: wrk failed ({done.returncode}): {done.stderr or done.stdout}")
    requests, duration, wrong, failed, p50, p99, worst = map(int, found.groups())
    if wrong or failed:
        raise SystemExit(f"error: {wrong} answers other than 200 and {failed} socket errors "
                         f"in {requests:,} requests")
    return Load(requests, duration / 1e6, p50 / 1e6, p99 / 1e6, worst / 1e6)


def random_positions(game: ConnectFour, count: int, rng: random.Random) -> list[str]:
    """``count`` positions of random games (random moves, cut at a random depth), as text."""
    texts = []
    while len(texts) < count:
        position, depth = game.start(), rng.randrange(game.width * game.height)
        for _ in range(depth):
            if game.primitive(position) is not None:
                break
            position = rng.choice(list(game.moves(position)))[1]
        texts.append(game.format_position(position))
    return texts


def search_load(count: int, timeout: float, book: str | None) -> None:
    """The page over 7x6 (a search per position, after the opening ``book`` when given): each
    of ``count`` random positions asked once, timed; then whether a second client is answered
    while a search runs."""
    game = ConnectFour(7, 6)
    texts = random_positions(game, count, random.Random(1))
    server, url = start_server(["connect4", *(["--book", book] if book else [])])
    host, port = url.removeprefix("http://").rstrip("/").rsplit(":", 1)
    times, over = [], 0
    try:
        for text in texts:
            connection = http.client.HTTPConnection(host, int(port), timeout=timeout)
            started = time.perf_counter()
            try:
                connection.request("GET", path_of(text))
                reply = connection.getresponse()
                body = reply.read()
            except TimeoutError:
                over += 1
                times.append(timeout)
                continue
            finally:
                connection.close()
            times.append(time.perf_counter() - started)
            if reply.status != 200 or json.loads(body)["position"] != text:
                raise SystemExit(f"error: {reply.status} for {text!r}: {body[:200]!r}")
        answered = [t for t, seconds in zip(texts, times, strict=True) if seconds < timeout]
        waited = _while_searching(host, int(port), answered[0]) if answered else float("nan")
    finally:
        server.terminate()
        server.wait()
    times.sort()
    read = f", the book {book} read first" if book else ""
    print(f"/api/position over connect4 7x6 (searched when asked{read}), {count} positions of "
          f"random games, one at a time: p50 {percentile(times, 50):.3f} s, p95 "
          f"{percentile(times, 95):.3f} s, worst {times[-1]:.3f} s, {over} over {timeout:g} s")
    print(f"  while a search runs, another client's answer (known) took {waited * 1e3:.1f} ms; "
          "a position over the time limit goes on being searched after its client left, "
          "and the ones after it wait for it")


def _while_searching(host: str, port: int, known: str) -> float:
    """Seconds a second client waits for ``known`` (answered before) while the server searches
    a hard position (three moves in) for a first client."""
    hard = "445"
    slow = http.client.HTTPConnection(host, port, timeout=3600)
    slow.request("GET", path_of(hard))  # sent, not read: the server starts searching
    time.sleep(2)
    connection = http.client.HTTPConnection(host, port, timeout=3600)
    started = time.perf_counter()
    connection.request("GET", path_of(known))
    connection.getresponse().read()
    waited = time.perf_counter() - started
    connection.close()
    slow.close()
    return waited


def percentile(sorted_values: list[float], p: float) -> float:
    """The ``p``-th percentile of ascending values (the nearest rank at or above it)."""
    return sorted_values[min(len(sorted_values) - 1, int(p / 100 * len(sorted_values)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=int, default=10,
                        help="how long wrk loads each server (default 10)")
    parser.add_argument("--requests", type=int, default=10_000,
                        help="random positions asked for; all of them by the Python client")
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--games", default="ttt,c4", help="comma-separated: ttt, c4")
    parser.add_argument("--client", choices=["auto", "wrk", "python"], default="auto",
                        help="load generator (auto: wrk where installed, else python)")
    parser.add_argument("--processes", type=int, default=1,
                        help="server processes ('perfectplay serve --processes', default 1)")
    parser.add_argument("--search", type=int, metavar="N",
                        help="instead: N random 7x6 positions, each searched when asked")
    parser.add_argument("--search-timeout", type=float, default=60,
                        help="seconds a 7x6 position may take (default 60)")
    parser.add_argument("--book", metavar="FILE",
                        help="with --search: the server reads this opening book first "
                             "('perfectplay book connect4 --depth D --out FILE')")
    args = parser.parse_args()
    if args.search:
        search_load(args.search, args.search_timeout, args.book)
        return
    wrk = shutil.which("wrk") if args.client != "python" else None
    if args.client == "wrk" and wrk is None:
        raise SystemExit("error: --client wrk, but wrk is not installed (apt-get install wrk)")
    rng = random.Random(1)
    fast = [name for name in ("httptools", "uvloop") if importlib.util.find_spec(name)]
    client = (f"wrk, 1 thread, {args.seconds} s per game" if wrk else
              f"Python threads, {args.requests:,} requests per game")
    print(f"/api/position from {args.clients} concurrent clients on loopback ({client}; "
          f"uvicorn with {', '.join(fast) or 'h11 and asyncio'}; {args.processes} server "
          f"process{'es' if args.processes > 1 else ''})")
    for key in args.games.split(","):
        label, arguments, game, method = GAMES[key]
        solution = solve(game, method=method)
        reachable = [game.format_position(p) for p, _, _ in solution.positions()]
        texts = [rng.choice(reachable) for _ in range(args.requests)]
        explorer = Explorer(solution)
        started = time.perf_counter()
        for text in texts[:2000]:
            explorer.position(text)
        alone = (time.perf_counter() - started) / len(texts[:2000])
        server, url = start_server([*arguments, "--processes", str(args.processes)])
        try:
            python_load(url, texts[:500], args.clients)  # warm-up, every answer checked
            load = (wrk_load(wrk, url, texts, args.clients, args.seconds) if wrk else
                    python_load(url, texts, args.clients))
        finally:
            server.terminate()
            server.wait()
        print(f"  {label:<28} {load.requests / load.seconds:7,.0f} requests/s, p50 "
              f"{load.p50 * 1e3:5.1f} ms, p99 {load.p99 * 1e3:5.1f} ms, worst "
              f"{load.worst * 1e3:5.1f} ms ({load.requests:,} requests); 0 errors")
        print(f"  {'':<28} baseline: the answer in process {alone * 1e6:6.1f} us "
              f"(p50 / it: {load.p50 / alone:,.0f}x)")


if __name__ == "__main__":
    main()
