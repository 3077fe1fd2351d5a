"""Compiled shiritori against C++ (g++ -O2) written here, in one run.

    python benchmarks/bench_compiled_shiritori.py [--sizes 16,18,20] [--repeat 3]

Word sets: ``dense`` (every word starts and ends with the same letter: every unused word is a
legal move, the worst case) and ``random`` (random words over the letters a, b, c: dense, but
irregular move graphs). For each:

- query: :func:`perfectplay.compiled.compiled_query` (the value of the start, memoised search
  stopping at the first winning move) against a C++ memoised search with the same early exit;
- solve: :func:`perfectplay.compiled.compiled_solve` (value and remoteness of every reachable
  position, 2-byte codes, reachable bit array) against a C++ bottom-up strong solve computing
  the same codes for every (used set, last word) state.

Times are the best of ``--repeat`` calls in a warm process (kernels already loaded), measured
around the public Python call for perfectplay and inside the program for C++. Ratios are
perfectplay's time over C++'s (below 1: faster). Then ``perfectplay solve shiritori`` end to end
at N = 16 (a fresh process, warm kernel cache), the kernel load time (``compile_seconds``) in a
cold and a warm cache, and the retrograde rate at the largest N.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

from perfectplay.compiled import compiled_query, compiled_solve
from perfectplay.games.shiritori import Shiritori

CPP = r"""
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>
using namespace std;
typedef long long ll;
static int N;
static vector<int> first_, last_;
static vector<int8_t> memo;  // 0 unknown, 1 lose, 2 win (for the player to move)

// memoised search with early exit: does the player to move win at (mask, last)?
static bool win(unsigned mask, int last) {
    int8_t &m = memo[(size_t)mask * N + last];
    if (m) return m == 2;
    bool w = false;
    for (int j = 0; j < N && !w; j++)
        if (!(mask >> j & 1) && first_[j] == last_[last] && !win(mask | 1u << j, j)) w = true;
    m = w ? 2 : 1;
    return w;
}

static bool query() {
    memo.assign((size_t)N << N, 0);
    for (int j = 0; j < N; j++) if (!win(1u << j, j)) return true;
    return false;
}

// bottom-up strong solve: value and remoteness of every (mask, last), codes as perfectplay's
// (LOSE r = r, WIN r = 65535 - r; a parent takes the smallest child code)
static vector<uint16_t> code;
static int solve() {
    code.assign((size_t)N << N, 0);
    unsigned full = (1u << N) - 1;
    for (ll mask = full; mask >= 1; mask--) {
        for (int last = 0; last < N; last++) {
            if (!(mask >> last & 1)) continue;
            unsigned best = 65536;
            for (int j = 0; j < N; j++)
                if (!(mask >> j & 1) && first_[j] == last_[last]) {
                    unsigned c = code[(size_t)(mask | 1u << j) * N + j];
                    if (c < best) { best = c; if (c == 0) break; }
                }
            uint16_t v;
            if (best == 65536) v = 0;
            else if (best < 16384) v = (uint16_t)(65534 - best);
            else v = (uint16_t)(65536 - best);
            code[(size_t)mask * N + last] = v;
        }
    }
    unsigned best = 65536;  // the start: any word
    for (int j = 0; j < N; j++) {
        unsigned c = code[(size_t)(1u << j) * N + j];
        if (c < best) best = c;
    }
    return best < 16384 ? 65534 - best : 65536 - best;
}

int main(int argc, char **argv) {
    string mode = argv[1];
    int repeat = atoi(argv[2]);
    cin >> N;
    first_.resize(N); last_.resize(N);
    for (int i = 0; i < N; i++) { string w; cin >> w; first_[i] = w[0]; last_[i] = w.back(); }
    double best = 1e9; long result = 0;
    for (int r = 0; r < repeat; r++) {
        auto t0 = chrono::steady_clock::now();
        result = mode == "query" ? (long)query() : (long)solve();
        auto t1 = chrono::steady_clock::now();
        double s = chrono::duration<double>(t1 - t0).count();
        if (s < best) best = s;
    }
    printf("%ld %.9f\n", result, best);
}
"""


def dense_words(n: int) -> list[str]:
    """``n`` distinct words that all start and end with ``a``."""
    return ["a" + "b" * k + "a" for k in range(n)]


def random_words(n: int, seed: int) -> list[str]:
    """``n`` distinct random words of 1..10 letters over a, b, c."""
    rng = random.Random(seed)
    words: set[str] = set()
    while len(words) < n:
        words.add("".join(rng.choice("abc") for _ in range(rng.randint(1, 10))))
    return sorted(words)


def best_of(repeat: int, call) -> tuple[float, object]:
    best = float("inf")
    result = None
    for _ in range(repeat):
        started = time.perf_counter()
        result = call()
        best = min(best, time.perf_counter() - started)
    return best, result


def run_cpp(binary: Path, mode: str, words: list[str], repeat: int) -> tuple[int, float]:
    text = f"{len(words)}\n" + "\n".join(words) + "\n"
    out = subprocess.run([str(binary), mode, str(repeat)], input=text, capture_output=True,
                         text=True, check=True).stdout.split()
    return int(out[0]), float(out[1])


def fresh_solve_json(words: list[str], kernel_dir: str) -> tuple[float, dict]:
    """Wall time and JSON of ``perfectplay solve shiritori`` in a new process."""
    env = dict(os.environ, PERFECTPLAY_KERNEL_DIR=kernel_dir)
    started = time.perf_counter()
    out = subprocess.run([sys.executable, "-m", "perfectplay", "solve", "shiritori", "--words",
                          ",".join(words), "--method", "compiled", "--json"], env=env,
                         capture_output=True, text=True, check=True).stdout
    return time.perf_counter() - started, json.loads(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="16,18,20")
    parser.add_argument("--repeat", type=int, default=3)
    options = parser.parse_args()
    sizes = [int(n) for n in options.sizes.split(",")]
    compiler = shutil.which("g++")
    with tempfile.TemporaryDirectory() as tmp:
        binary = None
        if compiler is None:
            print("g++ not found: skipping the C++ baseline, printing perfectplay's times only")
        else:
            source = Path(tmp) / "shiritori.cpp"
            source.write_text(CPP)
            binary = Path(tmp) / "shiritori"
            subprocess.run([compiler, "-O2", "-o", str(binary), str(source)], check=True)

        print(f"{'words':>12} {'N':>3} {'task':>6} {'perfectplay s':>14} {'C++ s':>10} "
              f"{'ratio':>7}")
        rates: dict[str, str] = {}
        for n in sizes:
            for kind, words in (("dense", dense_words(n)), ("random", random_words(n, n))):
                game = Shiritori(words)
                compiled_query(game)  # load the kernels first
                for task in ("query", "solve"):
                    if task == "query":
                        ours, value = best_of(options.repeat, lambda g=game: compiled_query(g))
                        answer = int(str(value) == "win")
                    else:
                        ours, solution = best_of(options.repeat,
                                                 lambda g=game: compiled_solve(g))
                        answer = int(np.uint16(65535 - solution.remoteness()
                                               if str(solution.value()) == "win"
                                               else solution.remoteness()))
                        positions = len(solution)
                        size = solution.table.nbytes + solution.reachable.nbytes
                        rates[kind] = (f"strong solve at N = {n} ({kind}): {positions:,} "
                                       f"positions in {ours:.3f} s = "
                                       f"{positions / ours / 1e6:.1f} M positions/s; "
                                       f"{size / positions:.2f} bytes/position reachable "
                                       f"({size / game.compiled_size():.3f} per encoded "
                                       f"integer)")
                        del solution
                    if binary is None:
                        print(f"{kind:>12} {n:>3} {task:>6} {ours:>14.4f}")
                        continue
                    expected, theirs = run_cpp(binary, task, words, options.repeat)
                    if expected != answer:
                        raise SystemExit(f"disagreement on {kind} N={n} {task}: perfectplay "
                                         f"{answer}, C++ {expected}")
                    print(f"{kind:>12} {n:>3} {task:>6} {ours:>14.4f} {theirs:>10.4f} "
                          f"{ours / theirs:>7.2f}")
        print()
        print("\n".join(rates.values()))

        words = dense_words(16)
        cold_dir = Path(tmp) / "kernels"
        cold_wall, cold = fresh_solve_json(words, str(cold_dir))
        warm_wall, warm = fresh_solve_json(words, str(cold_dir))
        print(f"perfectplay solve shiritori (dense, N = 16), fresh process: cold kernel cache "
              f"{cold_wall:.2f} s wall (compile_seconds {cold['compile_seconds']:.2f}, seconds "
              f"{cold['seconds']:.3f}); warm cache {warm_wall:.2f} s wall (compile_seconds "
              f"{warm['compile_seconds']:.2f}, seconds {warm['seconds']:.3f})")


if __name__ == "__main__":
    main()
