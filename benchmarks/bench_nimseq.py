"""Nim-sequences: the rare-value method against the plain quadratic mex, in one process.

1. For Kayles (0.77) and Grundy's game (4!.0): the largest N (doubling) that the plain
   compiled kernel computes within ``--quadratic`` seconds, then the rare-value method at the
   same N; prints both times and the ratio, and checks the values agree. A doubling whose
   time, predicted as four times the last (the kernel is quadratic), exceeds the budget is not
   run.
2. With ``--reach SECONDS``: Grundy's game and 0.6 by the rare-value method towards
   ``--target`` heaps, stopped after SECONDS; prints the heaps reached, the time, when
   ``--milestone`` heaps (default 2**24) were passed, and the peak memory of the arrays
   (tracemalloc) and of the process (max RSS).

    python benchmarks/bench_nimseq.py                       # modest: 5 s, no reach run
    python benchmarks/bench_nimseq.py --quadratic 60 --reach 600 --target 16777216
    python benchmarks/bench_nimseq.py --quadratic 60 --reach 600 --target 134217728
"""

from __future__ import annotations

import argparse
import contextlib
import resource
import time
import tracemalloc

import numpy as np

from perfectplay.impartial.octal import nim_sequence


class _OutOfTime(Exception):
    pass


def quadratic_versus_rare(code: str, budget: float) -> None:
    nim_sequence(code, 5000, method="plain")  # compile (or load from cache) first
    nim_sequence(code, 5000, method="rare")
    n, plain_seconds = 1 << 12, 0.0
    while 4 * plain_seconds <= budget:
        started = time.perf_counter()
        plain = nim_sequence(code, 2 * n, method="plain")
        seconds = time.perf_counter() - started
        if seconds > budget:
            break
        n, plain_seconds, kept = 2 * n, seconds, plain
    started = time.perf_counter()
    rare = nim_sequence(code, n, method="rare")
    rare_seconds = time.perf_counter() - started
    assert np.array_equal(rare, kept), "rare-value and plain values differ"
    print(f"{code:>6}  N={n:>9,}  plain {plain_seconds:8.2f} s  rare {rare_seconds:7.2f} s  "
          f"ratio {plain_seconds / rare_seconds:6.1f}x")


def reach(code: str, budget: float, target: int, milestone: int) -> None:
    started = time.perf_counter()
    done = [0]
    passed: list[float] = []

    def progress(count: int) -> None:
        done[0] = count
        now = time.perf_counter() - started
        if count > milestone and not passed:
            passed.append(now)
        if now > budget:
            raise _OutOfTime

    tracemalloc.start()
    with contextlib.suppress(_OutOfTime):
        nim_sequence(code, target, method="rare", progress=progress)
    seconds = time.perf_counter() - started
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    heaps = done[0] - 1
    print(f"{code:>6}  reached G({heaps:,}) = 2^{np.log2(max(heaps, 1)):.2f} in {seconds:.1f} s"
          f" ({heaps / seconds:,.0f} heaps/s); arrays peak {peak / 2**20:.0f} MiB, "
          f"process max RSS {rss:.0f} MiB")
    if passed:
        print(f"{'':>6}  passed G({milestone:,}) = 2^{np.log2(milestone):.2f} after "
              f"{passed[0]:.1f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quadratic", type=float, default=5.0,
                        help="seconds the plain kernel may take (default 5; the issue: 60)")
    parser.add_argument("--reach", type=float, default=0.0,
                        help="seconds for the reach runs (default 0: skip; the issue: 600)")
    parser.add_argument("--target", type=int, default=1 << 24, help="heaps to aim for")
    parser.add_argument("--milestone", type=int, default=1 << 24,
                        help="report when this many heaps were passed (default 2**24)")
    options = parser.parse_args()
    print("rare-value method vs plain quadratic mex (compiled, one process)")
    for code in ("0.77", "4!.0"):
        quadratic_versus_rare(code, options.quadratic)
    if options.reach:
        print(f"reach within {options.reach:.0f} s (rare-value method)")
        for code in ("4!.0", "0.6"):
            reach(code, options.reach, options.target, options.milestone)


if __name__ == "__main__":
    main()
