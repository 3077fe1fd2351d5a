"""Strong solve of Connect Four 5x4 by the compiled engine: positions per second and bytes per
position.

    python benchmarks/bench_compiled_connect4.py [--width 5] [--height 4] [--repeat 3]

Every one of the 3,945,711 reachable positions of 5x4 (Tromp's count) gets its value and
remoteness. The rate is reachable positions over the best of ``--repeat`` warm calls of
:func:`perfectplay.compiled.compiled_solve` (the whole call, arrays and Solution included;
``kernel`` is the search loop alone). Bytes per position: the uint16 code table plus the
reachable bit array, over the reachable positions, and over the integers of the encoding
(``2 ** (width * (height + 1))``, bitboards with a sentinel per column).
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from perfectplay.compiled import compiled_solve, rules_of
from perfectplay.compiled._loops import unvisited
from perfectplay.compiled.kernels import kernels_for
from perfectplay.games.connect4 import ConnectFour
from perfectplay.solve.solution import CODE16_SPAN


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--width", type=int, default=5)
    parser.add_argument("--height", type=int, default=4)
    parser.add_argument("--repeat", type=int, default=3)
    options = parser.parse_args()
    game = ConnectFour(options.width, options.height)
    first = compiled_solve(game)
    print(f"connect4 {options.width}x{options.height}: {first.value()} in "
          f"{first.remoteness()}, {len(first):,} positions; kernels loaded in "
          f"{first.compile_seconds:.2f} s")
    del first

    best = float("inf")
    for _ in range(options.repeat):
        started = time.perf_counter()
        solution = compiled_solve(game)
        best = min(best, time.perf_counter() - started)
    rules = rules_of(game)
    kernel = kernels_for(rules).solve_memo
    start = rules.index(game.start())
    kernel_best = float("inf")
    for _ in range(options.repeat):
        reach = np.zeros((rules.size + 7) // 8, dtype=np.uint8)
        table = np.full(rules.size, unvisited(CODE16_SPAN), dtype=np.uint16)
        frames = np.zeros(3 * 1024, dtype=np.int64)  # three numbers a frame
        started = time.perf_counter()
        kernel(rules.params, start, rules.size, rules.max_moves, reach, table, frames,
               np.zeros(3, dtype=np.int64), np.zeros(3, dtype=np.int64))
        kernel_best = min(kernel_best, time.perf_counter() - started)

    n = len(solution)
    size = solution.table.nbytes + solution.reachable.nbytes
    print(f"call:   {best:.3f} s = {n / best / 1e6:.2f} M positions/s")
    print(f"kernel: {kernel_best:.3f} s = {n / kernel_best / 1e6:.2f} M positions/s")
    print(f"memory: {size / n:.2f} bytes/position reachable "
          f"({size / rules.size:.3f} bytes per encoded integer, {size / 2**20:.0f} MiB)")


if __name__ == "__main__":
    main()
