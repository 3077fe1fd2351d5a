"""Canonical forms of empty Domineering rectangles: ``canonical_form`` (memoised on region keys
up to mirror images, boards split into regions) against a plain recursive computation written
here (no memo, no split: every line of play is followed), in one run.

Each measurement runs in a fresh process, so that neither method profits from the other's
interned forms and memoised sums, and a computation past its time limit is stopped.

1. Every rectangle R x C up to ``--upto`` (default 5x5): both times, their ratio, and a check
   that the two canonical forms agree; the plain one stops at ``--limit`` seconds.
2. With ``--full``: for each number of rows, the widest rectangle whose canonical form
   ``canonical_form`` computes within ``--budget`` seconds (default 60), widening one column
   at a time.

    python benchmarks/bench_cgt.py --upto 3 --limit 2     # a quick look
    python benchmarks/bench_cgt.py                         # up to 5x5, plain limited to 30 s
    python benchmarks/bench_cgt.py --full                  # and the 60 s frontier
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from typing import Any


def plain_form(game: Any, position: Any) -> Any:
    """``{plain(left options) | plain(right options)}``: no table, no components."""
    from perfectplay.cgt import CanonicalForm

    return CanonicalForm.from_options([plain_form(game, c) for c in game.left_moves(position)],
                                      [plain_form(game, c) for c in game.right_moves(position)])


def measure(method: str, rows: int, cols: int) -> None:
    """In the child process: time one method on one rectangle, print a JSON line."""
    from perfectplay.cgt import canonical_form
    from perfectplay.games.domineering import Domineering

    game = Domineering(f"{rows}x{cols}")
    started = time.perf_counter()
    if method == "ours":
        table: dict[Any, Any] = {}
        value = canonical_form(game, table=table)
        positions = len(table)
    else:
        value, positions = plain_form(game, game.start()), 0
    seconds = time.perf_counter() - started
    print(json.dumps({"seconds": seconds, "form": str(value), "positions": positions}))


def run(method: str, rows: int, cols: int, limit: float) -> dict[str, Any] | None:
    """A measurement in a fresh process; None when it ran past ``limit`` seconds."""
    try:
        done = subprocess.run([sys.executable, __file__, "--measure", method, str(rows),
                               str(cols)], capture_output=True, text=True, timeout=limit + 5)
    except subprocess.TimeoutExpired:
        return None
    if done.returncode != 0:
        raise RuntimeError(done.stderr)
    result: dict[str, Any] = json.loads(done.stdout)
    return result if result["seconds"] <= limit else None


def table_up_to(upto: int, limit: float) -> None:
    print(f"Domineering R x C, canonical_form against the plain recursion (limit {limit:g} s)")
    print(f"{'board':>6} {'ours s':>9} {'plain s':>9} {'ratio':>8} {'valued':>8}  form")
    for rows in range(1, upto + 1):
        for cols in range(1, upto + 1):
            ours = run("ours", rows, cols, 600)
            assert ours is not None
            plain = run("plain", rows, cols, limit)
            if plain is not None:
                assert plain["form"] == ours["form"], (rows, cols, plain["form"], ours["form"])
                plain_text = f"{plain['seconds']:9.3f}"
                ratio = f"{plain['seconds'] / max(ours['seconds'], 1e-6):7.1f}x"
            else:
                plain_text = f">{limit:8g}"
                ratio = (f">{limit / ours['seconds']:6.1f}x" if ours["seconds"] < limit
                         else "?")
            form = ours["form"] if len(ours["form"]) <= 60 else ours["form"][:57] + "..."
            print(f"{rows}x{cols:<4} {ours['seconds']:9.3f} {plain_text} {ratio:>8} "
                  f"{ours['positions']:8,}  {form}", flush=True)


def frontier(budget: float, max_rows: int, max_cols: int) -> None:
    print(f"widest R x C (up to {max_cols} columns) whose canonical form comes within "
          f"{budget:g} s")
    for rows in range(2, max_rows + 1):  # one row is a sum of integers at any width
        best, cols = None, rows
        while cols <= max_cols:
            found = run("ours", rows, cols, budget)
            if found is None:
                break
            best = (cols, found)
            cols += 1
        if best is None:
            print(f"{rows} rows: none from {rows}x{rows}")
            break
        cols, found = best
        beyond = f"{rows}x{cols + 1} over {budget:g} s" if cols < max_cols else "the cap"
        print(f"{rows}x{cols}: {found['seconds']:.1f} s, {found['positions']:,} valued; "
              f"{beyond}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--upto", type=int, default=5, help="largest side of the table")
    parser.add_argument("--limit", type=float, default=30, help="plain method's time limit")
    parser.add_argument("--full", action="store_true", help="also the frontier within --budget")
    parser.add_argument("--budget", type=float, default=60)
    parser.add_argument("--max-rows", type=int, default=6)
    parser.add_argument("--max-cols", type=int, default=12)
    parser.add_argument("--measure", nargs=3, metavar=("METHOD", "ROWS", "COLS"),
                        help=argparse.SUPPRESS)
    options = parser.parse_args()
    if options.measure:
        method, rows, cols = options.measure
        measure(method, int(rows), int(cols))
        return
    table_up_to(options.upto, options.limit)
    if options.full:
        frontier(options.budget, options.max_rows, options.max_cols)


if __name__ == "__main__":
    main()
