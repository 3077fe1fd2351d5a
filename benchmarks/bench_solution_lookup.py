"""One position's value from a solved game: the dict store against the dense store, and the
dense store against the way it read one entry before (an array decode of a one-entry slice).

    python benchmarks/bench_solution_lookup.py [--positions 20000] [--repeat 5]

Connect Four 4x4 (161,029 positions) is solved once by each engine; then ``value(p)`` is asked
of every store for the same random reachable positions, the stores taking turns in each round
so that the machine's slow spells fall on all of them. Prints the best and worst per-lookup time
of each over the rounds (and of the game's encoding alone, which the dense store calls), and the
ratios.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import Any

from perfectplay import solve
from perfectplay.compiled.codes import decode_codes
from perfectplay.core.values import Value
from perfectplay.games.connect4 import ConnectFour

_VALUES = list(Value)


def array_decode_value(solution: Any, position: Any) -> Value:
    """The baseline: what the dense store did before, a numpy decode of a one-entry slice."""
    i = solution._encode(position)
    values, _ = decode_codes(solution.table[i:i + 1], solution._span)
    return _VALUES[int(values[0])]


def per_lookup(ask: Callable[[Any], Any], positions: list[Any]) -> float:
    started = time.perf_counter()
    for p in positions:
        ask(p)
    return (time.perf_counter() - started) / len(positions)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=20_000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()

    game = ConnectFour(4, 4)
    stores = {"dict": solve(game, method="memo"), "dense": solve(game, method="compiled")}
    rng = random.Random(1)
    everything = [p for p, _, _ in stores["dict"].positions()]
    positions = [rng.choice(everything) for _ in range(args.positions)]
    answers = {name: [s.value(p) for p in positions] for name, s in stores.items()}
    baseline = [array_decode_value(stores["dense"], p) for p in positions]
    if not answers["dict"] == answers["dense"] == baseline:
        raise SystemExit("error: the stores disagree")

    encode = stores["dense"]._encode
    askers: dict[str, Callable[[Any], Any]] = {
        "dict": stores["dict"].value, "dense": stores["dense"].value,
        "  of which the game's encode": encode,
        "dense, array decode (before)": lambda p: array_decode_value(stores["dense"], p)}
    times: dict[str, list[float]] = {name: [] for name in askers}
    for _ in range(args.repeat):
        for name, ask in askers.items():
            times[name].append(per_lookup(ask, positions))
    print(f"connect4 4x4, value(p) of {args.positions:,} random reachable positions, "
          f"{args.repeat} rounds")
    for name, found in times.items():
        print(f"  {name:<30} {min(found) * 1e6:7.2f} - {max(found) * 1e6:7.2f} us")
    best = {name: min(found) for name, found in times.items()}
    print(f"  dense / dict: {best['dense'] / best['dict']:.2f}x; "
          f"before / dense: {best['dense, array decode (before)'] / best['dense']:.1f}x")


if __name__ == "__main__":
    main()
