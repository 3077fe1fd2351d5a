"""Connect Four by tiers (one file per ply, on disk) against the in-memory compiled solve, and
one process against Dask workers, in one run.

    python benchmarks/bench_tiers.py [--width 5] [--height 5] [--workers 2] [--full]
    python benchmarks/bench_tiers.py --generic [--width 5] [--height 5] [--full]
    python benchmarks/bench_tiers.py --game NAME [the game's options]   # e.g. teeko --board 4x4
    python benchmarks/bench_tiers.py --game dobutsu [--pieces C]   # the full game: ~5 GB
    python benchmarks/bench_tiers.py --game quixo --size 5 --start POS --whole-tier
    python benchmarks/bench_tiers.py --game mills --variant six --one-thread [--repeat 2]

Each solve runs in a fresh process (so that its peak RSS is its own, read from the kernel's
``VmHWM``), with warm kernel caches (a first small solve compiles them): the tier solve into a
new database directory, with one thread per core; the same with ``--workers`` Dask worker
processes on a ``LocalCluster`` (wall time of the whole command, cluster start included; the RSS
is the driver's, the workers' apart); and the compiled in-memory solve (``compiled_solve``) of
the same board. ``--full`` adds 6x5 by tiers (in memory it would need 136 GiB). Printed: wall
seconds, peak RSS, bytes on disk, positions per second, and the ratios. ``--game`` solves one
catalogue game by tiers alone (kernels compiled or loaded in the same run) and prints the same,
with the value of the start, the longest win and the classes of symmetric positions stored
(Dōbutsu folds the mirror image and the player to move), or the one line saying why the solver
refused it; ``--start POS`` solves from a position of the game's notation, and ``--whole-tier``
every position of its tier (Quixo 5x5's full board: ``--start XOXOXOXOXOXOXOXOXOXOXOXOX/X``;
for Quixo the tier's positions are then printed by class: X cubes, O cubes, player to move).
``--one-thread`` solves it with one thread as well, the two interleaved ``--repeat`` times,
checks that both wrote the same bytes, and prints the ratio of their wall times (the baseline
for the claim that a solve's passes, a loopy tier's included, share the cores).

``--generic`` compares Connect Four's two rankings by tiers, each in a fresh process as above:
its own ranking over column counts (``TierRules`` with ``rank``) against the solver's sorted
lists of the reachable boards (the same hooks ``unranked()``: only ``tier`` and the mirror
image), and prints the ratios; with ``--full``, on 6x5 too.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

_CHILD = r"""
import json, sys, time
from pathlib import Path
from perfectplay import Value
from perfectplay.games import load_game
name, options, how, directory, workers, start, whole, threads = sys.argv[1:9]
game = load_game(name, json.loads(options))
position = None if start == "" else game.parse_position(start)
if how == "sorted":  # the same game, its tiers ranked by the solver
    import dataclasses
    base = type(game)
    class Sorted(base):
        def __repr__(self):
            return "Sorted" + base.__repr__(self)
        def compiled(self):
            rules = base.compiled(self)
            return dataclasses.replace(rules, tiers=rules.tiers.unranked())
    game.__class__ = Sorted
started = time.perf_counter()
if how == "compiled":
    from perfectplay.compiled import compiled_solve
    s = compiled_solve(game)
    stored, classes = 0, len(s)
else:
    from perfectplay.tiers import solve_tiers
    from perfectplay.tiers.solution import read_manifests
    s = solve_tiers(game, directory, position=position, whole_tier=whole == "1",
                    workers=int(workers) or None, threads=int(threads) or None)
    stored = sum(f.stat().st_size for f in Path(directory).iterdir())
    classes = sum(d["classes"] for d in read_manifests(directory, game)[2].values())
seconds = time.perf_counter() - started
rss = next(int(line.split()[1]) * 1024 for line in open("/proc/self/status")
           if line.startswith("VmHWM:"))
wins = [r for r, values in s.counts().by_remoteness.items() if values.get(Value.WIN)]
by_class = []
if whole == "1" and game.tier_classes(s.manifest["start_tier"]):  # the whole tier by class
    found = s.counts_by_class(s.manifest["start_tier"])
    by_class = [[label, *(counts.get(v, 0) for v in (Value.WIN, Value.LOSE, Value.DRAW))]
                for label, counts in found.items()]
print(json.dumps({"seconds": seconds, "rss": rss, "positions": len(s), "classes": classes,
                  "bytes": stored, "by_class": by_class,
                  "value": str(s.value()), "remoteness": s.remoteness(),
                  "longest_win": max(wins, default=None)}))
"""


def measure(width: int, height: int, how: str, root: Path, workers: int = 0) -> dict:
    return measure_game("connect4", {"width": str(width), "height": str(height)}, how, root,
                        workers)


def measure_game(name: str, options: dict[str, str], how: str, root: Path,
                 workers: int = 0, start: str = "", whole_tier: bool = False,
                 threads: int = 0) -> dict:
    """Solve a catalogue game (options as text) in a fresh process, from ``start`` (the game's
    notation; "": its start), its whole tier if ``whole_tier``, with ``threads`` threads (0:
    one per core); what it measured, and ``sha256`` of its files' bytes."""
    directory = root / f"{how}-{name}-{workers}"
    shutil.rmtree(directory, ignore_errors=True)
    done = subprocess.run([sys.executable, "-c", _CHILD, name, json.dumps(options), how,
                           str(directory), str(workers), start, str(int(whole_tier)),
                           str(threads)], capture_output=True, text=True, check=True)
    digest = hashlib.sha256()
    for path in sorted(directory.iterdir()) if directory.exists() else ():
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    shutil.rmtree(directory, ignore_errors=True)
    return {**json.loads(done.stdout.splitlines()[-1]), "sha256": digest.hexdigest()}


def row(name: str, result: dict) -> str:
    rate = result["positions"] / result["seconds"]
    return (f"{name:<28} {result['seconds']:9.2f} s  {result['rss'] / 2**20:9.0f} MiB  "
            f"{result['bytes'] / 2**20:9.1f} MiB  {rate:13,.0f}/s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--width", type=int, default=5)
    parser.add_argument("--height", type=int, default=5)
    parser.add_argument("--workers", type=int, default=2,
                        help="Dask workers to compare with one process (0: skip)")
    parser.add_argument("--full", action="store_true", help="also 6x5 by tiers")
    parser.add_argument("--generic", action="store_true",
                        help="the column ranking against the solver's sorted lists")
    parser.add_argument("--dir", type=Path, help="where the databases go (default: a temporary "
                                                 "directory)")
    parser.add_argument("--game", help="a catalogue game to solve by tiers alone, its options "
                                       "following (--board 4x4)")
    parser.add_argument("--start", default="", help="with --game: the position to solve from")
    parser.add_argument("--whole-tier", action="store_true",
                        help="with --game: every position of the start's tier")
    parser.add_argument("--one-thread", action="store_true",
                        help="with --game: also with one thread, interleaved, and the ratio")
    parser.add_argument("--repeat", type=int, default=1,
                        help="with --one-thread: rounds of the two")
    options, rest = parser.parse_known_args()
    if (rest and not options.game) or len(rest) % 2:
        parser.error(f"unrecognized arguments: {' '.join(rest)}")
    root = options.dir or Path(tempfile.mkdtemp(prefix="bench_tiers_"))
    root.mkdir(parents=True, exist_ok=True)
    if options.generic:
        generic(options.width, options.height, root, full=options.full)
    elif options.game:
        game_options = dict(zip((k.removeprefix("--") for k in rest[::2]), rest[1::2],
                                strict=True))
        rounds = options.repeat if options.one_thread else 1
        runs: dict[int, list[dict]] = {0: [], 1: []}
        try:
            for _ in range(rounds):
                for threads in (0, 1) if options.one_thread else (0,):
                    runs[threads].append(measure_game(
                        options.game, game_options, "tiers", root, start=options.start,
                        whole_tier=options.whole_tier, threads=threads))
        except subprocess.CalledProcessError as failed:  # refused (memory), or broken
            raise SystemExit(failed.stderr.strip().splitlines()[-1]) from None
        result = runs[0][0]
        print(f"{options.game} {' '.join(rest)}: {result['value']}, longest win "
              f"{result['longest_win']}, {result['positions']:,} positions "
              f"({result['classes']:,} stored)")
        print(f"{'':<28} {'wall':>11}  {'peak RSS':>13}  {'on disk':>13}  {'positions':>15}")
        for threads, label in ((0, "tiers, one thread a core"), (1, "tiers, one thread")):
            for each in runs[threads]:
                print(row(label, each))
        if result["by_class"]:
            print(f"the start's tier by class: {'win':>14} {'lose':>14} {'draw':>14}")
            for label, win, lose, draw in result["by_class"]:
                print(f"{label:<26} {win:>14,} {lose:>14,} {draw:>14,}")
        if options.one_thread:
            if len({each["sha256"] for each in runs[0] + runs[1]}) != 1:
                raise SystemExit("the solves wrote different bytes")
            ratios = [one["seconds"] / every["seconds"]
                      for every, one in zip(runs[0], runs[1], strict=True)]
            print(f"one thread / one a core: {min(ratios):.2f}-{max(ratios):.2f}x the time "
                  "(the same bytes)")
    else:
        versus_compiled(options.width, options.height, options.workers, options.full, root)
    if options.dir is None:
        shutil.rmtree(root, ignore_errors=True)


def generic(w: int, h: int, root: Path, *, full: bool) -> None:
    """Connect Four's column ranking against the solver's sorted lists (``--generic``)."""
    measure(2, 2, "tiers", root)  # compiles the kernels, or loads them
    measure(2, 2, "sorted", root)
    for width, height in [(w, h), *([(6, 5)] if full and (w, h) != (6, 5) else [])]:
        ranked = measure(width, height, "tiers", root)
        listed = measure(width, height, "sorted", root)
        if (ranked["positions"], ranked["value"], ranked["remoteness"]) != \
                (listed["positions"], listed["value"], listed["remoteness"]):
            raise SystemExit(f"the two rankings disagree: {ranked} {listed}")
        print(f"connect4 {width}x{height}: {ranked['value']} in {ranked['remoteness']}, "
              f"{ranked['positions']:,} positions")
        print(f"{'':<28} {'wall':>11}  {'peak RSS':>13}  {'on disk':>13}  {'positions':>15}")
        print(row("tiers, column ranking", ranked))
        print(row("tiers, sorted lists", listed))
        print(f"sorted / column ranking: {listed['seconds'] / ranked['seconds']:.2f}x the time, "
              f"{listed['rss'] / ranked['rss']:.2f}x the memory, "
              f"{listed['bytes'] / ranked['bytes']:.2f}x the disk")


def versus_compiled(w: int, h: int, workers: int, full: bool, root: Path) -> None:
    """Connect Four by tiers against the in-memory compiled solve, and against Dask workers."""
    measure(2, 2, "tiers", root)  # compiles the kernels, or loads them
    measure(2, 2, "compiled", root)
    tiers = measure(w, h, "tiers", root)
    compiled = measure(w, h, "compiled", root)
    print(f"connect4 {w}x{h}: {tiers['value']} in {tiers['remoteness']}, "
          f"{tiers['positions']:,} positions")
    if (tiers["positions"], tiers["value"], tiers["remoteness"]) != \
            (compiled["positions"], compiled["value"], compiled["remoteness"]):
        raise SystemExit(f"the tier solve and the compiled solve disagree: {tiers} {compiled}")
    print(f"{'':<28} {'wall':>11}  {'peak RSS':>13}  {'on disk':>13}  {'positions':>15}")
    print(row("tiers, one process", tiers))
    print(row("compiled, in memory", compiled))
    print(f"tiers / compiled: {tiers['seconds'] / compiled['seconds']:.2f}x the time, "
          f"{tiers['rss'] / compiled['rss']:.2f}x the memory")
    if workers:
        dask = measure(w, h, "tiers", root, workers)
        print(row(f"tiers, {workers} Dask workers", dask))
        print(f"{workers} Dask workers / one process: "
              f"{dask['seconds'] / tiers['seconds']:.2f}x the time")
    if full:
        whole = measure(6, 5, "tiers", root)
        print(f"connect4 6x5: {whole['value']} in {whole['remoteness']}, "
              f"{whole['positions']:,} positions")
        print(row("tiers 6x5, one process", whole))


if __name__ == "__main__":
    main()
