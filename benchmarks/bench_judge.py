"""Every contest problem at its maximum constraints, end to end through ``perfectplay judge``.

    python benchmarks/bench_judge.py [--repeat 3] [--beyond]

Each input runs as ``python -m perfectplay judge NAME < input`` in a fresh process (interpreter
start, import, parse, solve, print), after one untimed run that warms any compile cache; the
time is the best of ``--repeat`` runs, and the worst input of each problem is reported against
the 2 s limit. Inputs: the adversarial shapes of each problem (dense shiritori move graphs,
zig-zag and all-equal kadomatsu values, empty, clique and many-component graphs, unit and short
overlapping intervals, cards with zeros, duplicates and few bits).

For shiritori at N = 16 the same inputs also run through a C++ bitmask DP written here and
compiled with ``g++ -O2`` (timed the same way, a process per run): the ratio is perfectplay's
time over C++'s. Without g++ that part is skipped with a message.

``--beyond`` runs, once each, inputs past the contest limits instead: some the judges solve
(the README's "Contest problems" quotes their times) and some they refuse at once, their
estimate beyond what a judge starts (``perfectplay.games.judge_input``).
"""

from __future__ import annotations

import argparse
import random
import shutil
import string
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

LIMIT = 2.0

CPP = r"""
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>
using namespace std;
int main() {
    int n; cin >> n;
    vector<string> s(n);
    for (auto &w : s) cin >> w;
    vector<vector<char>> win(1 << n, vector<char>(n, 0));
    for (int mask = (1 << n) - 1; mask > 0; --mask)
        for (int last = 0; last < n; ++last) {
            if (!(mask >> last & 1)) continue;
            char w = 0;
            for (int j = 0; j < n && !w; ++j)
                if (!(mask >> j & 1) && s[j][0] == s[last].back() && !win[mask | 1 << j][j]) w = 1;
            win[mask][last] = w;
        }
    bool first = false;
    for (int j = 0; j < n; ++j) if (!win[1 << j][j]) first = true;
    puts(first ? "First" : "Second");
}
"""


def shiritori_inputs(rng: random.Random) -> dict[str, str]:
    letters = string.ascii_lowercase
    dense = [f"a{letters[i]}a" for i in range(16)]
    two = [f"a{letters[i]}b" for i in range(8)] + [f"b{letters[i]}a" for i in range(8)]
    abc = set()
    while len(abc) < 16:
        abc.add("".join(rng.choice("abc") for _ in range(rng.randint(2, 6))))
    almost = [f"a{letters[i]}a" for i in range(15)] + ["ab"]
    cases = {"dense": dense, "two-letter cycle": two, "random abc": sorted(abc),
             "dense + dead end": almost}
    return {name: "16\n" + "\n".join(words) + "\n" for name, words in cases.items()}


def kadomatsu_inputs(rng: random.Random) -> dict[str, str]:
    cases = {
        "zig-zag": [1, 12, 2, 11, 3, 10, 4, 9, 5, 8, 6, 7],
        "alternating": [1, 3] * 6,
        "all equal": [7] * 12,
        "three values": [rng.choice((1, 2, 3)) for _ in range(12)],
        "random": [rng.randint(1, 10**9) for _ in range(12)],
    }
    return {name: f"12\n{' '.join(map(str, v))}\n" for name, v in cases.items()}


def _matrix(n: int, component: Callable[[int], int]) -> str:
    rows = []
    for u in range(n):
        rows.append("".join("Y" if v != u and component(v) == component(u) else "N"
                            for v in range(n)))
    return f"{n}\n" + "\n".join(rows) + "\n"


def disconnected_inputs(rng: random.Random) -> dict[str, str]:
    sizes = [rng.randint(1, 4) for _ in range(400)]
    owner = [i for i, s in enumerate(sizes) for _ in range(s)][:1000]
    owner += list(range(len(sizes), len(sizes) + 1000 - len(owner)))
    return {
        "empty, N=1000": _matrix(1000, lambda v: v),
        "empty, N=999": _matrix(999, lambda v: v),
        "two cliques": _matrix(1000, lambda v: v < 500),
        "clique + isolated": _matrix(1000, lambda v: v if v < 2 else -1),
        "small cliques": _matrix(1000, lambda v: owner[v]),
    }


def interval_inputs(rng: random.Random) -> dict[str, str]:
    def text(cases: list[list[tuple[int, int]]]) -> str:
        lines = [str(len(cases))]
        for intervals in cases:
            lines += [str(len(intervals))] + [f"{lo} {hi}" for lo, hi in intervals]
        return "\n".join(lines) + "\n"

    def short(k: int) -> list[tuple[int, int]]:
        return [(lo := rng.randint(1, 100 - k), lo + rng.randint(1, k)) for _ in range(100)]

    def wide() -> list[tuple[int, int]]:
        return [tuple(sorted(rng.sample(range(1, 101), 2))) for _ in range(100)]

    unit = [(i, i + 1) for i in range(1, 100)] + [(1, 100)]
    return {
        "unit intervals": text([unit] * 20),
        "length 1-3": text([short(3) for _ in range(20)]),
        "length 1-10": text([short(10) for _ in range(20)]),
        "random": text([wide() for _ in range(20)]),
        "one repeated": text([[(1, 100)] * 100] * 20),
    }


def five_hundred_eleven_inputs(rng: random.Random) -> dict[str, str]:
    singles = [1 << b for b in range(9)]
    pairs = [(1 << a) | (1 << b) for a in range(9) for b in range(a + 1, 9)]
    cases = {
        "singles + pairs": singles + pairs + [7, 56, 448, 73, 146],
        "zeros + few bits": [0] * 25 + singles + pairs[:16],
        "all zero": [0] * 50,
        "all 511": [511] * 50,
        "near full": [511 ^ (1 << rng.randrange(9)) for _ in range(50)],
        "random": [rng.randrange(512) for _ in range(50)],
        "few bits, duplicates": [rng.choice(singles + pairs) for _ in range(50)],
    }
    return {name: f"50\n{' '.join(map(str, c))}\n" for name, c in cases.items()}


def _zigzag(n: int) -> list[int]:
    return [i if i % 2 else 10**6 - i for i in range(n)]


def _interval_text(intervals: list[tuple[int, int]]) -> str:
    return f"1\n{len(intervals)}\n" + "".join(f"{lo} {hi}\n" for lo, hi in intervals)


def beyond_inputs(rng: random.Random) -> dict[str, dict[str, str]]:
    """Inputs past the contest limits, by problem: the label says solved or refused."""
    letters = [a + b for a in string.ascii_lowercase for b in string.ascii_lowercase]

    def words(core: int, dead_ends: int) -> str:
        chosen = [f"a{w}a" for w in letters[:core]] + [f"a{w}b" for w in letters[:dead_ends]]
        return f"{len(chosen)}\n" + "\n".join(chosen) + "\n"

    abc: set[str] = set()
    while len(abc) < 26:
        abc.add("".join(rng.choice("abc") for _ in range(rng.randint(2, 7))))
    few_bits = [1 << b for b in range(9)] + [0, 3, 5]

    def short(n: int) -> list[tuple[int, int]]:
        return [(lo := rng.randint(1, 10 * n), lo + rng.randint(1, 30)) for _ in range(n)]

    return {
        "shiritori": {
            "26 random abc": "26\n" + "\n".join(sorted(abc)) + "\n",
            "30: 10 core+20 ends": words(10, 20),
            "28: 16 core+12 ends": words(16, 12),
            "30 dense (refused)": words(30, 0),
        },
        "kadomatsu": {f"zig-zag N={n}" + (" (refused)" if n > 22 else ""):
                      f"{n}\n{' '.join(map(str, _zigzag(n)))}\n" for n in (16, 18, 20, 22, 23)},
        "disconnected": {f"empty N={n}" + (" (refused)" if n > 10_000 else ""):
                         _matrix(n, lambda v: v) for n in (2000, 5000, 11_000)},
        "interval-game-2": {
            "1 1000000000": _interval_text([(1, 10**9)]),
            "N=1000 short": _interval_text(short(1000)),
            "N=2000 short": _interval_text(short(2000)),
            "N=20000 (refused)": _interval_text(short(20_000)),
        },
        "five-hundred-eleven": {
            "1000 zeros": "1000\n" + " 0" * 1000 + "\n",
            "3000 zeros": "3000\n" + " 0" * 3000 + "\n",
            "N=500 few bits": "500\n" + " ".join(str(rng.choice(few_bits))
                                                 for _ in range(500)) + "\n",
            "6000 zeros (refused)": "6000\n" + " 0" * 6000 + "\n",
        },
    }


def beyond(judge: list[str], only: list[str] | None) -> None:
    """Time each input of :func:`beyond_inputs` once: the answer, or the refusal."""
    print(f"{'problem':<20} {'input':<22} {'exit':>4} {'seconds':>8}  answer or error")
    for name, inputs in beyond_inputs(random.Random(2024)).items():
        if only and name not in only:
            continue
        for label, text in inputs.items():
            started = time.perf_counter()
            done = subprocess.run([*judge, name], input=text, capture_output=True, text=True,
                                  check=False)
            seconds = time.perf_counter() - started
            said = (done.stdout or done.stderr.splitlines()[-1]).split("\n")[0]
            print(f"{name:<20} {label:<22} {done.returncode:>4} {seconds:>8.2f}  {said[:90]}")


PROBLEMS = {
    "shiritori": shiritori_inputs,
    "kadomatsu": kadomatsu_inputs,
    "disconnected": disconnected_inputs,
    "interval-game-2": interval_inputs,
    "five-hundred-eleven": five_hundred_eleven_inputs,
}


def timed(command: list[str], text: str, repeat: int) -> tuple[float, str]:
    """Best wall time of ``repeat`` runs of ``command`` with ``text`` on stdin, and stdout
    (one run when the first is over the limit)."""
    best, out = float("inf"), ""
    for _ in range(repeat):
        if best > LIMIT and best != float("inf"):
            break
        started = time.perf_counter()
        done = subprocess.run(command, input=text, capture_output=True, text=True, check=True)
        best = min(best, time.perf_counter() - started)
        out = done.stdout
    return best, out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--only", choices=list(PROBLEMS), action="append",
                        help="run only these problems (repeatable)")
    parser.add_argument("--beyond", action="store_true",
                        help="inputs past the contest limits, solved or refused, once each")
    options = parser.parse_args()
    rng = random.Random(2024)
    judge = [sys.executable, "-m", "perfectplay", "judge"]
    if options.beyond:
        beyond(judge, options.only)
        return
    cpp = _build_cpp()
    print(f"{'problem':<20} {'input':<20} {'answer':<12} {'seconds':>8}")
    worst: dict[str, tuple[float, str]] = {}
    ratios = []
    for name, make in PROBLEMS.items():
        if options.only and name not in options.only:
            continue
        for label, text in make(rng).items():
            warm, _ = timed([*judge, name], text, 1)  # warms the compile cache
            seconds, out = timed([*judge, name], text, options.repeat if warm < LIMIT else 1)
            answer = out.split("\n")[0] + ("..." if out.count("\n") > 1 else "")
            print(f"{name:<20} {label:<20} {answer:<12} {seconds:>8.3f}")
            if seconds > worst.get(name, (0.0, ""))[0]:
                worst[name] = (seconds, label)
            if name == "shiritori" and cpp is not None:
                cpp_seconds, cpp_out = timed([cpp], text, options.repeat)
                if cpp_out != out:
                    raise SystemExit(f"C++ answers {cpp_out!r}, perfectplay {out!r} ({label})")
                ratios.append((label, seconds, cpp_seconds))
    print()
    print("worst case per problem (limit 2 s, end to end):")
    for name, (seconds, label) in worst.items():
        verdict = "ok" if seconds < LIMIT else "OVER"
        print(f"  {name:<20} {seconds:6.3f} s  {verdict}  ({label})")
    if cpp is None:
        print("\nshiritori vs C++: skipped (no g++ on PATH)")
    else:
        print("\nshiritori N=16, perfectplay judge vs C++ bitmask DP (g++ -O2), a process each:")
        for label, ours, theirs in ratios:
            print(f"  {label:<20} {ours:6.3f} s vs {theirs:6.4f} s  ratio {ours / theirs:6.1f}")


def _build_cpp() -> str | None:
    compiler = shutil.which("g++")
    if compiler is None:
        return None
    folder = Path(tempfile.mkdtemp(prefix="bench_judge_"))
    (folder / "shiritori.cpp").write_text(CPP)
    subprocess.run([compiler, "-O2", "-o", str(folder / "shiritori"),
                    str(folder / "shiritori.cpp")], check=True)
    return str(folder / "shiritori")


if __name__ == "__main__":
    main()
