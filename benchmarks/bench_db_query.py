"""Probes of a solved tier database: a cold ``perfectplay db query`` (a new process, nothing of
the database read yet) against the bare start of a process that imports perfectplay, and warm
probes through the Python API, in one run.

    python benchmarks/bench_db_query.py DIR [--positions 200] [--cold 5] [--seed 1]

``DIR`` is a database solved by ``perfectplay solve GAME --method tiers --db DIR`` (of a
catalogue game). The positions are taken from random games (uniformly random moves from the
start, stopped at a uniformly random depth or at the game's end). Cold: each of ``--cold``
positions is queried by the command, each run taking turns with ``python -c 'import
perfectplay.cli'`` (the floor a command cannot go under), the page cache dropped first where
this user may (``/proc/sys/vm/drop_caches``). In one process: ``open_database(DIR)``, then
``value(p)`` of each position twice in a row: the first probe reads its block if no earlier
probe did (decompressed and checked), the second finds it cached (warm). Prints the ranges and
the ratio of the cold command to the bare start.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from perfectplay.tiers import open_database


def random_positions(game: Any, count: int, rng: random.Random) -> list[Any]:
    """``count`` positions of random games, at random depths (the start among them)."""
    found = []
    while len(found) < count:
        position, depth = game.start(), rng.randrange(64)
        for _ in range(depth):
            moves = [] if game.primitive(position) is not None else list(game.moves(position))
            if not moves:
                break
            position = rng.choice(moves)[1]
        found.append(position)
    return found


def drop_page_cache() -> bool:
    """Drop the kernel's page cache, where this user may (root in a container may not)."""
    subprocess.run(["sync"], check=True)
    try:
        Path("/proc/sys/vm/drop_caches").write_text("3\n")
    except OSError:
        return False
    return True


def wall(command: list[str]) -> float:
    started = time.perf_counter()
    subprocess.run(command, check=True, capture_output=True)
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("directory", type=Path)
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--cold", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    options = parser.parse_args()
    solution = open_database(options.directory)
    game = solution.game
    rng = random.Random(options.seed)
    positions = random_positions(game, options.positions, rng)

    dropped = True
    queries, starts = [], []
    for position in positions[:options.cold]:
        dropped = drop_page_cache() and dropped
        queries.append(wall([sys.executable, "-m", "perfectplay", "db", "query",
                             str(options.directory), game.format_position(position)]))
        starts.append(wall([sys.executable, "-c", "import perfectplay.cli"]))
    print(f"{game}: {len(solution):,} positions in {options.directory}")
    print(f"cold db query ({options.cold} positions{', page cache dropped' if dropped else ''}):"
          f" {min(queries):.2f} - {max(queries):.2f} s wall; the bare start of a process "
          f"importing perfectplay.cli: {min(starts):.2f} - {max(starts):.2f} s "
          f"(query / start: {min(queries) / max(starts):.1f} - "
          f"{max(queries) / min(starts):.1f}x)")

    fresh = open_database(options.directory)
    rounds: tuple[list[float], list[float]] = ([], [])
    for position in positions:
        for times in rounds:
            started = time.perf_counter()
            fresh.value(position)
            times.append(time.perf_counter() - started)
    for name, times in zip(("first", "warm"), map(sorted, rounds), strict=True):
        p95 = times[int(0.95 * (len(times) - 1))]
        print(f"{name:>10} probe: median {statistics.median(times) * 1e6:,.1f} µs, "
              f"p95 {p95 * 1e6:,.1f} µs, max {times[-1] * 1e6:,.1f} µs")


if __name__ == "__main__":
    main()
