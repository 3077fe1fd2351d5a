"""Compiled shiritori against C++ (g++ -O2) written here, in one run.

    python benchmarks/bench_compiled_shiritori.py [--sizes 16,18,20] [--repeat 5]

Word sets: ``dense`` (every word starts and ends with the same letter: every unused word is a
legal move, the worst case) and ``random`` (random words over the letters a, b, c: dense, but
irregular move graphs). For each:

- query: :func:`perfectplay.compiled.compiled_query` (the value of the start, memoised search
  stopping at the first losing child) against C++ doing the same search;
- solve: :func:`perfectplay.compiled.compiled_solve` (value and remoteness of every reachable
  position, 2-byte codes, reachable bit array) against C++ doing the same search;
- sweep: the same solve against a C++ bottom-up pass over every (used set, last word), reachable
  or not, in an order only shiritori's encoding gives (children hold more words): a reference
  for what knowing the game buys, not the same work (on random words it does far more).

The matching C++ does what the generic loops do with shiritori's rules: the same encoding
(``last * 2 ** n + used``), the same move order (highest word first), a depth-first search on an
explicit stack that steps from one legal word to the next (the highest set bit of the legal
words below the last one tried, as shiritori's ``next_move``), the same codes, a table
allocated (zeroed or filled) in each call. The C++ is built as a shared library and called
through ctypes in the same process. Times are the best of ``--repeat`` rounds, kernels already
loaded; each round runs perfectplay and then the C++, so that a slow spell of the machine
slows both. perfectplay is timed around its public Python call (allocation and checks
included), the C++ inside the library. Ratios are perfectplay's time over C++'s (below 1:
faster). Then ``perfectplay solve shiritori`` end to end at N = 16 (a
fresh process, warm kernel cache), the kernel load time (``compile_seconds``) in a cold and a
warm cache, and the retrograde rate at the largest N.
"""

from __future__ import annotations

import argparse
import ctypes
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from cpp_baseline import load_cpp

from perfectplay.compiled import compiled_query, compiled_solve
from perfectplay.games.shiritori import Shiritori
from perfectplay.games.shiritori.compiled import shiritori_params

CPP = r"""
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>
using namespace std;
typedef long long ll;
static int N;
static vector<uint32_t> follow;  // follow[i]: the words that may come after word i

// A position is last << N | used, as in perfectplay; move m plays word m, highest first.
static inline uint32_t legal_words(uint32_t used, int last) {
    return (used ? follow[last] : ~0u) & ~used;
}
static inline bool legal(uint32_t used, int last, int word) {
    return legal_words(used, last) >> word & 1;
}
// the highest legal word below `below` (the next move, as perfectplay's next_move), or -1
static inline int next_word(uint32_t used, int last, int below) {
    uint32_t words = legal_words(used, last) & ((1u << below) - 1);
    return words ? 31 - __builtin_clz(words) : -1;
}

struct Frame { uint32_t used; int last, word; unsigned best; };

// memoised depth-first search with early exit, explicit stack: does the player to move win at
// the start? memo: 0 unknown, 1 on the path, 2 + value (0 lose, 2 win) once known
static int query() {
    int8_t *memo = (int8_t *)calloc((size_t)N << N, 1);
    vector<Frame> stack(N + 1);
    int top = 0;
    stack[0] = {0, 0, next_word(0, 0, N), 3};
    memo[0] = 1;
    int value;
    while (true) {
        Frame &f = stack[top];
        bool pushed = false;
        while (f.word >= 0) {
            int word = f.word;
            f.word = next_word(f.used, f.last, word);
            uint32_t u = f.used | 1u << word;
            size_t c = ((size_t)word << N | u);
            int t = memo[c];
            if (t == 0) {
                memo[c] = 1;
                stack[++top] = {u, word, next_word(u, word, N), 3};
                pushed = true;
                break;
            }
            if ((unsigned)(t - 2) < f.best) { f.best = t - 2; if (f.best == 0) break; }
        }
        if (pushed) continue;
        value = f.best == 3 ? 0 : 2 - f.best;
        memo[((size_t)f.last << N | f.used)] = 2 + value;
        if (top == 0) break;
        Frame &parent = stack[--top];
        if ((unsigned)value < parent.best) {
            parent.best = value;
            if (value == 0) parent.word = -1;  // a losing child: the parent wins
        }
    }
    free(memo);
    return value == 2;
}

// strong solve of every position reachable from the start, the same depth-first search
// without early exit: codes as perfectplay's (LOSE r = r, WIN r = 65535 - r; a parent takes
// the smallest child code), 32770 for unvisited, 32769 on the path, and the reachable bits
static const unsigned UNVISITED = 32770, ON_PATH = 32769, NO_CHILD = 65536;
static inline uint16_t parent_code(unsigned best) {
    return best == NO_CHILD ? 0 : best < 16384 ? 65534 - best : 65536 - best;
}

static int solve() {
    size_t size = (size_t)N << N;
    uint16_t *code = (uint16_t *)malloc(size * 2);
    for (size_t i = 0; i < size; i++) code[i] = UNVISITED;
    uint8_t *reach = (uint8_t *)calloc((size + 7) / 8, 1);
    vector<Frame> stack(N + 1);
    int top = 0;
    stack[0] = {0, 0, next_word(0, 0, N), NO_CHILD};
    code[0] = ON_PATH;
    reach[0] = 1;
    uint16_t v;
    while (true) {
        Frame &f = stack[top];
        bool pushed = false;
        while (f.word >= 0) {
            int word = f.word;
            f.word = next_word(f.used, f.last, word);
            uint32_t u = f.used | 1u << word;
            size_t c = ((size_t)word << N | u);
            unsigned cc = code[c];
            if (cc == UNVISITED) {
                code[c] = ON_PATH;
                reach[c >> 3] |= 1 << (c & 7);
                stack[++top] = {u, word, next_word(u, word, N), NO_CHILD};
                pushed = true;
                break;
            }
            if (cc < f.best) f.best = cc;
        }
        if (pushed) continue;
        v = parent_code(f.best);
        code[((size_t)f.last << N | f.used)] = v;
        if (top == 0) break;
        Frame &parent = stack[--top];
        if (v < parent.best) parent.best = v;
    }
    free(code);
    free(reach);
    return v;
}

// the same codes bottom-up over every (used, last) with last in used, reachable or not: an
// order only shiritori's encoding gives (children hold more words), a reference, not a match
static int sweep() {
    size_t size = (size_t)N << N;
    uint16_t *code = (uint16_t *)malloc(size * 2);
    uint32_t full = (1u << N) - 1;
    for (ll used = full; used >= 1; used--)
        for (int last = 0; last < N; last++) {
            if (!(used >> last & 1)) continue;
            unsigned best = NO_CHILD;
            for (int word = N - 1; word >= 0; word--)
                if (legal(used, last, word)) {
                    unsigned c = code[((size_t)word << N | (used | 1u << word))];
                    if (c < best) best = c;
                }
            code[((size_t)last << N | used)] = parent_code(best);
        }
    unsigned best = NO_CHILD;  // the start: any word
    for (int word = 0; word < N; word++) {
        unsigned c = code[((size_t)word << N | 1u << word)];
        if (c < best) best = c;
    }
    free(code);
    return parent_code(best);
}

// one call, timed inside: mode 0 query, 1 solve, 2 sweep; follow[i] as perfectplay's params
extern "C" double run(int mode, int n, const uint32_t *follow_sets, long *result) {
    N = n;
    follow.assign(follow_sets, follow_sets + n);
    auto t0 = chrono::steady_clock::now();
    *result = mode == 0 ? query() : mode == 1 ? solve() : sweep();
    return chrono::duration<double>(chrono::steady_clock::now() - t0).count();
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


TASKS = ("query", "solve", "sweep")


def interleaved(repeat: int, ours, theirs) -> tuple[float, object, float | None, int | None]:
    """Best time of each over ``repeat`` rounds, ours then theirs in each round, so that a
    slow spell of the machine slows both; with the last answers."""
    best_ours = best_theirs = float("inf")
    answer = expected = None
    for _ in range(repeat):
        started = time.perf_counter()
        answer = ours()
        best_ours = min(best_ours, time.perf_counter() - started)
        if theirs is not None:
            seconds, expected = theirs()
            best_theirs = min(best_theirs, seconds)
    return best_ours, answer, (best_theirs if theirs is not None else None), expected


def cpp_call(cpp, task: str, words: list[str]):
    """A call of the C++ ``task`` on ``words``: () -> (seconds, answer)."""
    follow = (ctypes.c_uint32 * len(words))(*shiritori_params(words).tolist())
    result = ctypes.c_long()

    def call() -> tuple[float, int]:
        seconds = cpp.run(TASKS.index(task), len(words), follow, ctypes.byref(result))
        return seconds, result.value

    return call


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
    parser.add_argument("--repeat", type=int, default=5)
    options = parser.parse_args()
    sizes = [int(n) for n in options.sizes.split(",")]
    with tempfile.TemporaryDirectory() as tmp:
        cpp = load_cpp(CPP, "shiritori", Path(tmp), [ctypes.c_int, ctypes.c_int,
                                                        ctypes.POINTER(ctypes.c_uint32),
                                                        ctypes.POINTER(ctypes.c_long)])
        if cpp is None:
            print("g++ not found: skipping the C++ baseline, printing perfectplay's times only")

        print(f"{'words':>12} {'N':>3} {'task':>6} {'perfectplay ms':>15} {'C++ ms':>10} "
              f"{'ratio':>7}")
        rates: dict[str, str] = {}
        for n in sizes:
            for kind, words in (("dense", dense_words(n)), ("random", random_words(n, n))):
                game = Shiritori(words)
                compiled_query(game)  # load the kernels first
                compiled_solve(game)
                for task in TASKS:  # sweep: against the solve's time
                    theirs = None if cpp is None else cpp_call(cpp, task, words)
                    if task == "query":
                        ours, value, cpp_s, expected = interleaved(
                            options.repeat, lambda g=game: compiled_query(g), theirs)
                        answer = int(str(value) == "win")
                    else:
                        ours, solution, cpp_s, expected = interleaved(
                            options.repeat, lambda g=game: compiled_solve(g), theirs)
                        answer = int(solution.table[0])  # the start's code, as the C++
                    if task == "solve":
                        positions = len(solution)
                        size = solution.table.nbytes + solution.reachable.nbytes
                        rates[kind] = (f"strong solve at N = {n} ({kind}): {positions:,} "
                                       f"positions in {ours:.3f} s = "
                                       f"{positions / ours / 1e6:.1f} M positions/s; "
                                       f"{size / positions:.2f} bytes/position reachable "
                                       f"({size / game.compiled_size():.3f} per encoded "
                                       f"integer)")
                    if task != "query":
                        del solution
                    if cpp_s is None:
                        print(f"{kind:>12} {n:>3} {task:>6} {ours * 1e3:>15.3f}")
                        continue
                    if expected != answer:
                        raise SystemExit(f"disagreement on {kind} N={n} {task}: perfectplay "
                                         f"{answer}, C++ {expected}")
                    print(f"{kind:>12} {n:>3} {task:>6} {ours * 1e3:>15.3f} {cpp_s * 1e3:>10.3f} "
                          f"{ours / cpp_s:>7.2f}")
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
