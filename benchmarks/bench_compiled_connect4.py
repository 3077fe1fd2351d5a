"""Connect Four by the compiled engine against C++ (g++ -O2) doing the same work, in one run.

    python benchmarks/bench_compiled_connect4.py [--width 5] [--height 4] [--repeat 3]

The strong solve gives every one of the 3,945,711 reachable positions of 5x4 (Tromp's count)
its value and remoteness; the query answers the start alone, stopping at the first winning
move. The matching C++ uses perfectplay's rules of ``perfectplay.games.connect4.compiled``
line for line (the same bitboards, the same centre-first move order, the same four-in-a-line
test and popcount) in the same depth-first searches as the generic loops (an explicit stack,
the codes of ``perfectplay.core.codes`` in 2 bytes, the reachable bit array, fresh tables per
call). It is built as a shared library and called through ctypes; each round runs perfectplay
and then the C++, and each time is the best of ``--repeat`` rounds, perfectplay's around its
public Python call (tables and Solution included), the C++'s inside the library. Then the
rate in positions per second and the memory: the code table plus the reachable bit array,
over the reachable positions and over the integers of the encoding
(``2 ** (width * (height + 1))``, a sentinel bit per column).
"""

from __future__ import annotations

import argparse
import ctypes
import tempfile
import time
from pathlib import Path

from cpp_baseline import load_cpp

from perfectplay.compiled import compiled_query, compiled_solve, rules_of
from perfectplay.games.connect4 import ConnectFour

CPP = r"""
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <vector>
using namespace std;
typedef long long ll;
static ll W, H, SMEAR1, SMEAR2, SMEAR4;
static vector<ll> column_of;  // column of each move number, centre first

static inline ll popcount(ll x) {  // as perfectplay's: no popcnt instruction at -O2
    x = x - ((x >> 1) & 0x5555555555555555LL);
    x = (x & 0x3333333333333333LL) + ((x >> 2) & 0x3333333333333333LL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FLL;
    x += x >> 8;
    x += x >> 16;
    x += x >> 32;
    return x & 0x7F;
}
static inline ll occupied(ll p) {
    ll y = p;
    y |= (y >> 1) & SMEAR1;
    y |= (y >> 2) & SMEAR2;
    y |= (y >> 4) & SMEAR4;
    return (y >> 1) & SMEAR1;
}
static inline ll child(ll p, int move) {
    ll shift = column_of[move] * (H + 1);
    ll field = (p >> shift) & ((2LL << H) - 1);
    if (field >> H) return -1;
    ll top = ((field | (field >> 1) | (field >> 2) | (field >> 3) | (field >> 4) | (field >> 5)
               | (field >> 6)) + 1) >> 1;
    bool x_moves = popcount(occupied(p)) % 2 == 0;
    ll moved = (top << 1) | (x_moves ? top : 0);
    return p - (top << shift) + (moved << shift);
}
static inline bool four(ll stones, ll column) {
    const ll steps[4] = {1, column, column - 1, column + 1};
    for (ll step : steps) {
        ll pairs = stones & (stones >> step);
        if (pairs & (pairs >> (2 * step))) return true;
    }
    return false;
}
static inline int primitive(ll p) {  // -1 play on, 0 LOSE, 1 TIE
    ll stones = occupied(p);
    ll count = popcount(stones);
    ll last = count % 2 == 1 ? (p & stones) : (stones & ~p);
    if (four(last, H + 1)) return 0;
    return count == W * H ? 1 : -1;
}

struct Frame { ll p; int move; unsigned best; };
static const unsigned S = 16384, UNSOLVED = 2 * S + 1, UNVISITED = 2 * S + 2, NO_CHILD = 4 * S;
static inline unsigned primitive_code(int v) { return v == 0 ? 0 : v == 1 ? S : 4 * S - 1; }
static inline unsigned parent_code(unsigned best) {
    if (best < S) return 4 * S - 2 - best;
    if (best < 2 * S) return best + 1;
    if (best == 2 * S) return best;
    return 4 * S - best;  // a winning child, or none (NO_CHILD): a loss
}

// strong solve of every position reachable from the empty board: the code of the start
static long solve() {
    size_t size = (size_t)1 << (W * (H + 1));
    uint16_t *code = (uint16_t *)malloc(size * 2);
    for (size_t i = 0; i < size; i++) code[i] = UNVISITED;
    uint8_t *reach = (uint8_t *)calloc((size + 7) / 8, 1);
    vector<Frame> stack(W * H + 2);
    ll start = 0;
    for (ll c = 0; c < W; c++) start |= 1LL << (c * (H + 1));  // the sentinels
    int top = 0;
    stack[0] = {start, 0, NO_CHILD};
    code[start] = UNSOLVED;
    reach[start >> 3] |= 1 << (start & 7);
    unsigned v;
    while (true) {
        Frame &f = stack[top];
        bool pushed = false;
        while (f.move < W) {
            ll c = child(f.p, f.move++);
            if (c < 0) continue;
            unsigned cc = code[c];
            if (cc == UNVISITED) {
                reach[c >> 3] |= 1 << (c & 7);
                int pv = primitive(c);
                if (pv < 0) {
                    code[c] = UNSOLVED;
                    stack[++top] = {c, 0, NO_CHILD};
                    pushed = true;
                    break;
                }
                cc = code[c] = primitive_code(pv);
            }
            if (cc < f.best) f.best = cc;
        }
        if (pushed) continue;
        v = parent_code(f.best);
        code[f.p] = v;
        if (top == 0) break;
        Frame &parent = stack[--top];
        if (v < parent.best) parent.best = v;
    }
    free(code);
    free(reach);
    return v;
}

// the value of the start (0 LOSE, 1 TIE, 2 WIN), stopping at a position's first losing child:
// memo 0 unknown, 1 on the path, 2 + value
static long query() {
    size_t size = (size_t)1 << (W * (H + 1));
    uint8_t *memo = (uint8_t *)calloc(size, 1);
    vector<Frame> stack(W * H + 2);
    ll start = 0;
    for (ll c = 0; c < W; c++) start |= 1LL << (c * (H + 1));
    int top = 0;
    stack[0] = {start, 0, 3};
    memo[start] = 1;
    unsigned value;
    while (true) {
        Frame &f = stack[top];
        bool pushed = false;
        while (f.move < W) {
            ll c = child(f.p, f.move++);
            if (c < 0) continue;
            unsigned t = memo[c];
            if (t == 0) {
                int pv = primitive(c);
                if (pv < 0) {
                    memo[c] = 1;
                    stack[++top] = {c, 0, 3};
                    pushed = true;
                    break;
                }
                t = memo[c] = 2 + pv;
            }
            if (t - 2 < f.best) {
                f.best = t - 2;
                if (f.best == 0) break;
            }
        }
        if (pushed) continue;
        value = f.best == 3 ? 0 : 2 - f.best;
        memo[f.p] = 2 + value;
        if (top == 0) break;
        Frame &parent = stack[--top];
        if (value < parent.best) {
            parent.best = value;
            if (value == 0) parent.move = W;
        }
    }
    free(memo);
    return value;
}

// one call, timed inside: mode 0 query, 1 solve; params as perfectplay's connect4_params
extern "C" double run(int mode, const ll *params, long *result) {
    W = params[0];
    H = params[1];
    SMEAR1 = params[2];
    SMEAR2 = params[3];
    SMEAR4 = params[4];
    column_of.assign(params + 5, params + 5 + W);
    auto t0 = chrono::steady_clock::now();
    *result = mode == 0 ? query() : solve();
    return chrono::duration<double>(chrono::steady_clock::now() - t0).count();
}
"""

_VALUES = {"lose": 0, "tie": 1, "win": 2}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--width", type=int, default=5)
    parser.add_argument("--height", type=int, default=4)
    parser.add_argument("--repeat", type=int, default=3)
    options = parser.parse_args()
    game = ConnectFour(options.width, options.height)
    first = compiled_solve(game)
    compiled_query(game)
    print(f"connect4 {options.width}x{options.height}: {first.value()} in "
          f"{first.remoteness()}, {len(first):,} positions; kernels loaded in "
          f"{first.compile_seconds:.2f} s")
    del first

    rules = rules_of(game)
    start = rules.index(game.start())
    with tempfile.TemporaryDirectory() as tmp:
        cpp = load_cpp(CPP, "connect4", Path(tmp), [ctypes.c_int, ctypes.POINTER(ctypes.c_longlong),
                                                       ctypes.POINTER(ctypes.c_long)])
        if cpp is None:
            print("g++ not found: skipping the C++ baseline, printing perfectplay's times only")
        array = (ctypes.c_longlong * len(rules.params))(*rules.params.tolist())
        result = ctypes.c_long()
        ours = {"query": float("inf"), "solve": float("inf")}
        theirs = dict(ours)
        for _ in range(options.repeat):
            for task, mode in (("query", 0), ("solve", 1)):
                started = time.perf_counter()
                if task == "query":
                    answer = _VALUES[str(compiled_query(game))]
                else:
                    solution = compiled_solve(game)
                    answer = int(solution.table[start])  # the start's code, as the C++
                ours[task] = min(ours[task], time.perf_counter() - started)
                if cpp is None:
                    continue
                theirs[task] = min(theirs[task], cpp.run(mode, array, ctypes.byref(result)))
                if result.value != answer:
                    raise SystemExit(f"disagreement on the {task}: perfectplay {answer}, "
                                     f"C++ {result.value}")
        for task in ("query", "solve"):
            line = f"{task}: perfectplay {ours[task] * 1e3:.1f} ms"
            if cpp is not None:
                line += (f", C++ {theirs[task] * 1e3:.1f} ms, ratio "
                         f"{ours[task] / theirs[task]:.2f}")
            print(line)

    n = len(solution)
    size = solution.table.nbytes + solution.reachable.nbytes
    print(f"strong solve: {n / ours['solve'] / 1e6:.2f} M positions/s for the whole call")
    print(f"memory: {size / n:.2f} bytes/position reachable "
          f"({size / rules.size:.3f} bytes per encoded integer, {size / 2**20:.0f} MiB)")


if __name__ == "__main__":
    main()
