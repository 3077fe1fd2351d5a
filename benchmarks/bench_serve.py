"""``perfectplay serve`` under load: ``/api/position`` from many concurrent clients on loopback.

    python benchmarks/bench_serve.py [--requests 10000] [--clients 50] [--games ttt,c4]

For each game the real command serves in its own process (``perfectplay serve ... --port 0``):
tic-tac-toe (a dict solution, memo) and Connect Four 4x4 (a dense one, compiled). This process
asks for random reachable positions from ``--clients`` concurrent clients (threads), each
request timed from send to the end of its body, after a warm-up; any answer but 200 with the
position asked for is an error and stops the run. uvicorn parses HTTP with httptools and runs
on uvloop where they are installed (h11 and asyncio otherwise): the first line says which.
Prints requests per second, p50, p99 and the worst latency, and as the baseline the in-process
cost of the same answers (``Explorer.position``, the work itself without HTTP) and the ratio of
p50 to it.
"""

from __future__ import annotations

import argparse
import http.client
import json
import random
import re
import statistics
import subprocess
import sys
import threading
import time
import urllib.parse
from typing import Any

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


def start_server(arguments: list[str]) -> tuple[subprocess.Popen[str], str]:
    server = subprocess.Popen([sys.executable, "-m", "perfectplay", "serve", *arguments,
                               "--port", "0"], stdout=subprocess.PIPE, text=True)
    assert server.stdout is not None
    line = server.stdout.readline()
    found = re.search(r"http://\S+", line)
    if found is None:
        server.kill()
        raise SystemExit(f"error: the server did not start: {line!r}")
    return server, found.group(0)


def load(url: str, texts: list[str], clients: int) -> tuple[list[float], float]:
    """Latencies of one request per text from ``clients`` concurrent clients (threads, each
    with its own keep-alive connection: the standard library's client, the lightest at hand,
    so that the clients take as little as possible of the CPU the server needs), and the wall
    time of all of them."""
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
            connection.request("GET", "/api/position?" + urllib.parse.urlencode({"p": text}))
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
    if errors:
        raise SystemExit(f"error: {errors[0]}")
    return latencies, time.perf_counter() - started


def percentile(sorted_values: list[float], p: float) -> float:
    return sorted_values[min(len(sorted_values) - 1, int(p / 100 * len(sorted_values)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=10_000)
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--games", default="ttt,c4", help="comma-separated: ttt, c4")
    args = parser.parse_args()
    rng = random.Random(1)
    import importlib.util

    fast = [name for name in ("httptools", "uvloop") if importlib.util.find_spec(name)]
    print(f"/api/position: {args.requests:,} requests from {args.clients} concurrent clients "
          f"on loopback, per game (uvicorn with {', '.join(fast) or 'h11 and asyncio'})")
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
        server, url = start_server(arguments)
        try:
            load(url, texts[:500], args.clients)  # warm-up
            latencies, seconds = load(url, texts, args.clients)
        finally:
            server.terminate()
            server.wait()
        latencies.sort()
        p50, p99 = percentile(latencies, 50), percentile(latencies, 99)
        print(f"  {label:<28} {len(latencies) / seconds:7,.0f} requests/s, p50 {p50 * 1e3:5.1f} ms,"
              f" p99 {p99 * 1e3:5.1f} ms, worst {latencies[-1] * 1e3:5.1f} ms, mean "
              f"{statistics.fmean(latencies) * 1e3:5.1f} ms; 0 errors")
        print(f"  {'':<28} baseline: the answer in process {alone * 1e6:6.1f} us "
              f"(p50 / it: {p50 / alone:,.0f}x)")


if __name__ == "__main__":
    main()
