"""The search engine against Pascal Pons's Connect Four solver, on his six test sets.

For each set, a sample of its positions is scored by perfectplay's search (one compiled call,
after the kernels are loaded) and by Pons's solver (one process run on the same lines),
interleaved ``--repeat`` times, each with a fresh table of the same size as his (2^23 entries;
he keeps his across the lines of a run, and so do we). Printed per set: the mean time a position
(wall and CPU), our nodes a position, and the ratio of our CPU time to his (the box is shared:
CPU time is steadier than wall time). Every score is checked against the set's published one;
the run stops on a difference.

The sets are read from ``--data DIR`` (its files ``Test_L*_R*``), by default from the excerpt in
``tests/data/connect4-pons/`` (the first lines of each set). The README's figures are of the
full sets, downloaded from Pons's test protocol page (named in that folder's README.md) into a
folder given as ``--data``.

Pons's solver is AGPL and none of it is in this repository: build it in a temporary directory
and pass the binary (its opening book is not used)::

    git clone https://github.com/PascalPons/connect4 /tmp/pons && make -C /tmp/pons
    python benchmarks/bench_search_connect4.py --pons /tmp/pons/c4solver

Without ``--pons`` (or when the binary is missing) the baseline is skipped.

``--start`` also solves the 7x6 start position (a win for the first player on move 41) with
each solver once, ours with a table of ``--start-table`` entries (default 2^25, 512 MiB); his
takes about ten minutes here. ``--sets`` with no name skips the sets::

    python benchmarks/bench_search_connect4.py --pons /tmp/pons/c4solver --sets --start

``--steininger REPO`` compares with Christophe Steininger's solver (github
ChristopheSteininger/c4), the fastest public one, on his own test sets: REPO is a copy of his
repository (a checkout, or a bare git directory: its ``HEAD`` is exported). None of it is in
this repository: it is built in a temporary directory (g++ -O3, his sources with his
``settings.h`` set to ``--threads`` threads and a table of ``--table-memory``) with a driver of
ours that reads one line of moves (his notation: columns from 0) and prints its score; both
solvers keep their table across the lines of a run, as his tests do. ``--steininger-sets``
names his 7x6 sets (``tst/data/7x6/NAME.txt``, read from REPO at run time), each sampled to
``--steininger-sample`` lines (seeded) and run ``--repeat`` times interleaved; every score is
checked against the set's. With ``--start`` the 7x6 start is solved by each too (his takes a
minute here, ours one and a half)::

    python benchmarks/bench_search_connect4.py --sets --steininger /tmp/c4 \
        --steininger-sets opening_L2 opening_L3 --steininger-sample 20

``--alone`` (with ``--steininger REPO``) measures instead one position on several threads:
ours searches his sets' positions one at a time, each with a fresh table, on one thread and on
``--threads`` threads, interleaved ``--repeat`` times, and prints the wall times and their
ratio::

    python benchmarks/bench_search_connect4.py --steininger /tmp/c4 --alone \
        --steininger-sets opening_L3 --steininger-sample 4 --threads 2
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from perfectplay.compiled.search import ENTRY_BYTES, TranspositionTable, search_positions
from perfectplay.games.connect4 import ConnectFour

DATA = Path(__file__).resolve().parents[1] / "tests" / "data" / "connect4-pons"

SETS = ("Test_L3_R1", "Test_L2_R1", "Test_L2_R2", "Test_L1_R1", "Test_L1_R2", "Test_L1_R3")
SAMPLE = {"Test_L3_R1": 1000, "Test_L2_R1": 1000, "Test_L2_R2": 200, "Test_L1_R1": 1000,
          "Test_L1_R2": 20, "Test_L1_R3": 2}
"""Positions of each set measured by default, at most (all of the easy ones, a seeded sample of
the others: Pons's solver takes about 0.5 s a position on Test_L1_R2 here, 15 s on Test_L1_R3);
the excerpt in ``DATA`` has no more lines than these, so all of it is measured."""

PONS_ENTRIES = 1 << 23  # his TranspositionTable<..., 23> holds 2^23 + 9 entries


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def ours(game: ConnectFour, lines: list[tuple[str, int]]) -> tuple[float, float, float]:
    """Wall and CPU seconds a position, and nodes a position; checks every score."""
    boards = [game.parse_position(moves) for moves, _ in lines]
    table = TranspositionTable(PONS_ENTRIES)
    wall, cpu = time.perf_counter(), time.process_time()
    result = search_positions(game, boards, table=table)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    for (moves, expected), board, value, remoteness in zip(lines, boards, result.values,
                                                           result.remoteness, strict=True):
        score = game.score("pons", board, value, remoteness)
        if score != expected:
            sys.exit(f"perfectplay gives {moves} the score {score}, the set {expected}")
    return wall / len(lines), cpu / len(lines), sum(result.nodes) / len(lines)


def pons(binary: str, lines: list[tuple[str, int]]) -> tuple[float, float]:
    """Wall and CPU seconds a position of Pons's solver (one run); checks every score."""
    text = "".join(f"{moves}\n" for moves, _ in lines)
    wall, cpu = time.perf_counter(), children_cpu()
    done = subprocess.run([binary], input=text, capture_output=True, text=True, check=True,
                          cwd=os.path.dirname(binary) or ".")
    wall, cpu = time.perf_counter() - wall, children_cpu() - cpu
    scores = [int(line.split()[-1]) for line in done.stdout.splitlines()]  # "MOVES SCORE"
    if scores != [score for _, score in lines]:
        sys.exit("Pons's solver disagrees with the set's scores")
    return wall / len(lines), cpu / len(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pons", help="path of Pons's c4solver binary (skipped when absent)")
    parser.add_argument("--data", type=Path, default=DATA,
                        help="folder of the sets (default: the excerpt in tests/data)")
    parser.add_argument("--sets", nargs="*", default=SETS, choices=SETS)
    parser.add_argument("--sample", type=int, help="positions of each set (default: SAMPLE)")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--start", action="store_true", help="also the 7x6 start position")
    parser.add_argument("--start-table", type=int, default=1 << 25,
                        help="table entries of our search of the start (default 2^25)")
    parser.add_argument("--steininger", type=Path,
                        help="Steininger's repository (a checkout or a bare git directory)")
    parser.add_argument("--steininger-sets", nargs="*", default=("opening_L2", "opening_L3"),
                        help="his 7x6 sets to run (default opening_L2 opening_L3)")
    parser.add_argument("--steininger-sample", type=int, default=20,
                        help="positions of each of his sets (default 20)")
    parser.add_argument("--threads", type=int, default=1,
                        help="search threads of his solver and of ours (default 1)")
    parser.add_argument("--table-memory", type=int, default=1 << 30,
                        help="bytes of each solver's table against his (default 1 GiB)")
    parser.add_argument("--alone", action="store_true",
                        help="with --steininger: his sets' positions one at a time, ours on one "
                             "thread against ours on --threads")
    options = parser.parse_args()
    if options.steininger is not None:
        (alone if options.alone else steininger)(options)
        return
    baseline = options.pons if options.pons and Path(options.pons).is_file() else None
    if baseline is None:
        print("Pons's solver not given (--pons PATH): perfectplay alone", flush=True)
    game = ConnectFour(7, 6)
    warm = (options.data / "Test_L3_R1").read_text().split()[0]  # a late position: loads the kernel
    search_positions(game, [game.parse_position(warm)], table=TranspositionTable(1024))
    print(f"{'set':<11} {'n':>5} {'ours wall':>12} {'ours cpu':>12} {'nodes':>10} "
          f"{'pons wall':>12} {'pons cpu':>12} {'cpu ratio':>16}", flush=True)
    for name in options.sets:
        lines = [(m, int(s)) for m, s in (line.split() for line in
                                          (options.data / name).read_text().splitlines() if line)]
        count = min(options.sample or SAMPLE[name], len(lines))
        lines = lines if count == len(lines) else random.Random(0).sample(lines, count)
        runs = []
        for _ in range(options.repeat):  # interleaved: ours, then his, in each round
            mine = ours(game, lines)
            runs.append((mine, pons(baseline, lines) if baseline else None))
        our_cpu = [mine[1] for mine, _ in runs]
        row = (f"{name:<11} {count:>5} {_ms(min(m[0] for m, _ in runs)):>12} "
               f"{_ms(min(our_cpu)):>12} {runs[0][0][2]:>10,.0f}")
        if baseline:
            his_cpu = [his[1] for _, his in runs if his]
            ratios = sorted(a / b for a, b in zip(our_cpu, his_cpu, strict=True) if b)
            row += (f" {_ms(min(h[0] for _, h in runs if h)):>12} {_ms(min(his_cpu)):>12} "
                    f"{ratios[0]:>7.2f}-{ratios[-1]:.2f}x" if ratios else "")
        print(row, flush=True)
    if options.start:
        start(game, options.start_table, baseline)


def start(game: ConnectFour, entries: int, baseline: str | None) -> None:
    """The 7x6 start by each solver: its score, time and (ours) nodes."""
    table = TranspositionTable(entries)
    wall, cpu = time.perf_counter(), time.process_time()
    result = search_positions(game, [game.start()], table=table)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    value, remoteness = result.values[0], result.remoteness[0]
    score = game.score("pons", game.start(), value, remoteness)
    print(f"start, perfectplay ({table.entries:,} entries): {value} in {remoteness} "
          f"(score {score}), {result.nodes[0]:,} nodes, wall {wall:.1f} s, CPU {cpu:.1f} s",
          flush=True)
    if baseline:
        his_wall, his_cpu = pons(baseline, [("", score)])
        print(f"start, Pons: score {score}, wall {his_wall:.1f} s, CPU {his_cpu:.1f} s; "
              f"CPU ratio {cpu / his_cpu:.2f}x", flush=True)


DRIVER = """// perfectplay's driver of Steininger's solver: a line of moves (columns from 0) in, its
// score out; one Solver, so its table is kept from line to line.
#include <iostream>
#include <string>
#include "solver/position.h"
#include "solver/solver.h"

int main() {
    Solver solver{};
    std::string line;
    while (std::getline(std::cin, line)) {
        Position position{};
        for (char c : line) {
            if (c < '0' || c > '9') break;
            position.move(c - '0');
        }
        std::cout << solver.solve_strong(position) << std::endl;
    }
}
"""


def _prime_at_most(n: int) -> int:
    """The largest prime up to ``n`` (his table's size must be odd, and a prime spreads it)."""
    n -= 1 - n % 2
    while any(n % d == 0 for d in range(3, int(n ** 0.5) + 1, 2)):
        n -= 2
    return n


def build_steininger(repo: Path, threads: int, memory: int, where: Path) -> Path:
    """His solver built in ``where`` with ``threads`` threads and a table of ``memory`` bytes
    (8 an entry), with :data:`DRIVER` as its main; the binary's path."""
    source = where / "c4"
    if (repo / "src" / "solver").is_dir():
        shutil.copytree(repo, source, ignore=shutil.ignore_patterns(".git"))
    else:  # a bare git directory: its HEAD
        source.mkdir()
        archive = subprocess.run(["git", "--git-dir", str(repo), "archive", "HEAD"],
                                 capture_output=True, check=True).stdout
        subprocess.run(["tar", "-x", "-C", str(source)], input=archive, check=True)
    settings = source / "src" / "solver" / "settings.h"
    text = settings.read_text()
    entries = _prime_at_most(memory // 8)
    for name, value in (("NUM_THREADS", threads), ("NUM_TABLE_ENTRIES", entries)):
        head, sep, tail = text.partition(f"{name} = ")
        if not sep:
            sys.exit(f"{settings} has no {name}: not the solver this benchmark knows")
        text = head + sep + str(value) + tail[tail.index(";"):]
    settings.write_text(text)
    (source / "src" / "driver.cpp").write_text(DRIVER)
    sources = [str(p) for p in sorted((source / "src" / "solver").rglob("*.cpp"))]
    binary = where / "c4driver"
    subprocess.run(["g++", "-std=c++20", "-O3", "-DNDEBUG", "-pthread", "-o", str(binary),
                    str(source / "src" / "driver.cpp"), *sources], check=True)
    return binary


def steininger_run(binary: Path, lines: list[tuple[str, int]]) -> tuple[float, float]:
    """Wall and CPU seconds of his solver on ``lines`` (one run); checks every score."""
    text = "".join(f"{moves}\n" for moves, _ in lines)
    wall, cpu = time.perf_counter(), children_cpu()
    done = subprocess.run([str(binary)], input=text, capture_output=True, text=True,
                          check=True, cwd=binary.parent)
    wall, cpu = time.perf_counter() - wall, children_cpu() - cpu
    scores = [int(line) for line in done.stdout.split()]
    if scores != [score for _, score in lines]:
        sys.exit("Steininger's solver disagrees with the set's scores")
    return wall, cpu


def ours_total(game: ConnectFour, lines: list[tuple[str, int]], entries: int,
               threads: int) -> tuple[float, float, int]:
    """Wall and CPU seconds of our search of ``lines`` (his notation) in one call with a fresh
    table of ``entries`` and ``threads`` threads, and its nodes; checks every score."""
    boards = [game.parse_position("".join(str(int(c) + 1) for c in moves))
              for moves, _ in lines]
    table = TranspositionTable(entries)
    wall, cpu = time.perf_counter(), time.process_time()
    result = search_positions(game, boards, table=table, threads=threads)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    for (moves, expected), board, value, remoteness in zip(lines, boards, result.values,
                                                           result.remoteness, strict=True):
        score = game.score("pons", board, value, remoteness)  # his score is Pons's
        if score != expected:
            sys.exit(f"perfectplay gives {moves!r} the score {score}, the set {expected}")
    return wall, cpu, sum(result.nodes)


def steininger(options: argparse.Namespace) -> None:
    """Ours against Steininger's on his sets (and the start), interleaved, with ratios."""
    repo = options.steininger
    game, entries = _loaded(options.table_memory)
    with tempfile.TemporaryDirectory(prefix="steininger-") as where:
        binary = build_steininger(repo, options.threads, options.table_memory, Path(where))
        print(f"tables: ours {entries:,} entries x {ENTRY_BYTES} B, his "
              f"{_prime_at_most(options.table_memory // 8):,} x 8 B; threads of each: "
              f"{options.threads}; ratio = ours / his (the box may be shared: ranges)",
              flush=True)
        print(f"{'set':<12} {'n':>4} {'ours cpu s':>14} {'his cpu s':>14} {'ours nodes':>14} "
              f"{'cpu ratio':>12} {'wall ratio':>12}", flush=True)
        todo = [(name, _his_set(repo, name, options.steininger_sample))
                for name in options.steininger_sets]
        if options.start:
            todo.append(("start", [("", 1)]))
        for name, lines in todo:
            ours_cpu, his_cpu, ours_wall, his_wall, nodes = [], [], [], [], 0
            for _ in range(1 if name == "start" else options.repeat):
                wall, cpu, nodes = ours_total(game, lines, entries, options.threads)
                ours_cpu.append(cpu)
                ours_wall.append(wall)
                wall, cpu = steininger_run(binary, lines)
                his_cpu.append(cpu)
                his_wall.append(wall)
            ratios = sorted(a / b for a, b in zip(ours_cpu, his_cpu, strict=True) if b)
            walls = sorted(a / b for a, b in zip(ours_wall, his_wall, strict=True) if b)
            print(f"{name:<12} {len(lines):>4} {_span(ours_cpu):>14} {_span(his_cpu):>14} "
                  f"{nodes:>14,} {ratios[0]:>5.2f}-{ratios[-1]:.2f}x "
                  f"{walls[0]:>5.2f}-{walls[-1]:.2f}x"
                  f"   (wall: ours {_span(ours_wall)}, his {_span(his_wall)})", flush=True)


def alone(options: argparse.Namespace) -> None:
    """Ours on his sets' positions one at a time, on one thread and on ``--threads``."""
    game, entries = _loaded(options.table_memory)
    print(f"one position at a time, a fresh table of {entries:,} entries each; wall seconds "
          f"of the set, ratio = {options.threads} threads / 1", flush=True)
    print(f"{'set':<12} {'n':>4} {'1 thread':>14} {f'{options.threads} threads':>14} "
          f"{'ratio':>12}", flush=True)
    for name in options.steininger_sets:
        lines = _his_set(options.steininger, name, options.steininger_sample)
        one: list[float] = []
        many: list[float] = []
        for _ in range(options.repeat):
            for threads, times in ((1, one), (options.threads, many)):
                times.append(sum(ours_total(game, [line], entries, threads)[0]
                                 for line in lines))
        ratios = sorted(b / a for a, b in zip(one, many, strict=True))
        print(f"{name:<12} {len(lines):>4} {_span(one):>14} {_span(many):>14} "
              f"{ratios[0]:>5.2f}-{ratios[-1]:.2f}x", flush=True)


def _loaded(memory: int) -> tuple[ConnectFour, int]:
    """7x6 Connect Four with its search kernel loaded (a late position searched), and the
    table entries (a power of two) that fit in ``memory`` bytes."""
    game = ConnectFour(7, 6)
    late = game.parse_position("52753311433677442422121")
    search_positions(game, [late], table=TranspositionTable(1024))
    return game, 1 << ((memory // ENTRY_BYTES).bit_length() - 1)


def _his_set(repo: Path, name: str, sample: int) -> list[tuple[str, int]]:
    """``sample`` lines (seeded) of his set ``name``: (moves from 0, score)."""
    path = f"tst/data/7x6/{name}.txt"
    if (repo / "src" / "solver").is_dir():
        text = (repo / path).read_text()
    else:
        text = subprocess.run(["git", "--git-dir", str(repo), "show", f"HEAD:{path}"],
                              capture_output=True, text=True, check=True).stdout
    lines = [(m, int(s)) for m, s in (line.split() for line in text.splitlines() if line)]
    return lines if sample >= len(lines) else random.Random(0).sample(lines, sample)


def _span(values: list[float]) -> str:
    return f"{min(values):.2f}-{max(values):.2f}" if len(values) > 1 else f"{values[0]:.2f}"


def _ms(seconds: float) -> str:
    return f"{seconds * 1e3:,.3f} ms"


if __name__ == "__main__":
    main()
