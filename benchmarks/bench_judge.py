"""Every contest problem at its maximum constraints, end to end through ``perfectplay judge``,
against a C++ seed program for the same problem, in the same run.

    python benchmarks/bench_judge.py [--repeat 5] [--only NAME] [--beyond]

Each input runs as ``python -m perfectplay judge NAME < input`` in a fresh process (interpreter
start, import, parse, solve, print), after one untimed run that warms any compile cache; each
time is the best and the worst of ``--repeat`` runs. Inputs: the adversarial shapes of each
problem at its official maximum size (dense shiritori move graphs and the 16 pairs of four
letters, zig-zag and all-equal kadomatsu values, empty, clique and many-component graphs of
1,000 vertices, 20 cases of unit, short and overlapping intervals, 50 cards with zeros,
duplicates and few bits). The worst input of each problem is reported against the 0.5 s
target (:data:`TARGET`), and next to it the time of the problem's C++ seed (:data:`CPP`, a
plain contest solution written here, built with ``g++ -O2``, run the same way, a process per
run) on that input; every input's answers of the two must agree. Without g++ the C++ part is
skipped with a message.

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
"""The contests' time limit."""

TARGET = 0.5
"""What every judge keeps to, end to end with a warm cache, on the official maximum sizes."""

# The seeds: a plain C++ answer to each problem, as a contestant would write it (g++ -O2).
CPP = {
    "shiritori": r"""
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
""",
    "kadomatsu": r"""
#include <cstdio>
#include <vector>
using namespace std;
vector<int> moves;
vector<signed char> memo;
bool wins(int left) {
    if (memo[left]) return memo[left] > 0;
    bool w = false;
    for (int t : moves) if ((left & t) == t && !wins(left ^ t)) { w = true; break; }
    memo[left] = w ? 1 : -1;
    return w;
}
int main() {
    int n; scanf("%d", &n);
    vector<long long> k(n);
    for (auto &x : k) scanf("%lld", &x);
    vector<int> a, b, c;
    for (int i = 0; i < n; ++i) for (int j = i + 1; j < n; ++j) for (int l = j + 1; l < n; ++l)
        if (k[i] != k[l] && ((k[j] > k[i] && k[j] > k[l]) || (k[j] < k[i] && k[j] < k[l]))) {
            moves.push_back(1 << i | 1 << j | 1 << l);
            a.push_back(i); b.push_back(j); c.push_back(l);
        }
    memo.assign(1 << n, 0);
    int all = (1 << n) - 1;
    for (size_t t = 0; t < moves.size(); ++t)
        if (!wins(all ^ moves[t])) { printf("%d %d %d\n", a[t], b[t], c[t]); return 0; }
    puts("-1");
}
""",
    "disconnected": r"""
#include <cstdio>
#include <vector>
using namespace std;
int E;
vector<signed char> memo;
bool wins(int odd, int even, int parity) {  // the mover, on (odd, even components, parity)
    if (odd + even == 1) return true;        // the last move connected the graph
    signed char &m = memo[(odd * E + even) * 2 + parity];
    if (m) return m > 0;
    bool w = (parity && !wins(odd, even, 0))
        || (odd >= 2 && !wins(odd - 2, even + 1, parity))
        || (even && odd + even >= 2 && !wins(odd, even - 1, parity ^ 1));
    m = w ? 1 : -1;
    return w;
}
int main() {
    int n; scanf("%d", &n);
    vector<vector<int>> adj(n);
    long long edges = 0;
    for (int i = 0; i < n; ++i) {
        static char row[2048]; scanf("%s", row);
        for (int j = 0; j < n; ++j) if (row[j] == 'Y') { adj[i].push_back(j); ++edges; }
    }
    edges /= 2;
    vector<int> seen(n, 0), stack;
    int odd = 0, even = 0; long long pairs = 0;
    for (int s = 0; s < n; ++s) {
        if (seen[s]) continue;
        long long size = 0; seen[s] = 1; stack.push_back(s);
        while (!stack.empty()) {
            int u = stack.back(); stack.pop_back(); ++size;
            for (int v : adj[u]) if (!seen[v]) { seen[v] = 1; stack.push_back(v); }
        }
        (size & 1 ? odd : even)++;
        pairs += size * (size - 1) / 2;
    }
    E = even + odd / 2 + 1;
    memo.assign((size_t)(odd + 1) * E * 2, 0);
    puts(wins(odd, even, (pairs - edges) & 1) ? "Taro" : "Hanako");
}
""",
    "interval-game-2": r"""
#include <cstdio>
#include <vector>
using namespace std;
int main() {
    int t; scanf("%d", &t);
    while (t--) {
        int n; scanf("%d", &n);
        vector<int> lo(n), hi(n);
        int m = 0;
        for (int i = 0; i < n; ++i) { scanf("%d %d", &lo[i], &hi[i]); if (hi[i] > m) m = hi[i]; }
        vector<vector<int>> g(m + 2, vector<int>(m + 2, 0));
        for (int len = 1; len <= m; ++len)
            for (int l = 1; l + len <= m + 1; ++l) {
                int r = l + len;
                vector<char> seen(n + 2, 0);
                for (int i = 0; i < n; ++i)
                    if (l <= lo[i] && hi[i] <= r) {
                        int v = g[l][lo[i]] ^ g[hi[i]][r];
                        if (v <= n) seen[v] = 1;
                    }
                int mex = 0;
                while (seen[mex]) ++mex;
                g[l][r] = mex;
            }
        puts(g[1][m] ? "Alice" : "Bob");
    }
}
""",
    "five-hundred-eleven": r"""
#include <cstdio>
#include <vector>
using namespace std;
int n, card[64];
signed char memo[512][64];
int subsets(int memory) {
    int k = 0;
    for (int i = 0; i < n; ++i) k += (card[i] | memory) == memory;
    return k;
}
bool wins(int memory, int taken) {  // the mover; taken: cards used, all subsets of memory
    if (memory == 511) return true;     // the last move made it 511
    if (taken == n) return false;
    signed char &m = memo[memory][taken];
    if (m) return m > 0;
    bool w = subsets(memory) > taken && !wins(memory, taken + 1);
    for (int i = 0; i < n && !w; ++i)
        if ((card[i] | memory) != memory && !wins(memory | card[i], taken + 1)) w = true;
    m = w ? 1 : -1;
    return w;
}
int main() {
    scanf("%d", &n);
    for (int i = 0; i < n; ++i) scanf("%d", &card[i]);
    puts(wins(0, 0) ? "Fox Ciel" : "Toastman");
}
""",
}


def shiritori_inputs(rng: random.Random) -> dict[str, str]:
    letters = string.ascii_lowercase
    dense = [f"a{letters[i]}a" for i in range(16)]
    two = [f"a{letters[i]}b" for i in range(8)] + [f"b{letters[i]}a" for i in range(8)]
    abc = set()
    while len(abc) < 16:
        abc.add("".join(rng.choice("abc") for _ in range(rng.randint(2, 6))))
    almost = [f"a{letters[i]}a" for i in range(15)] + ["ab"]
    pairs = [a + b for a in "abcd" for b in "abcd"]  # 16 classes: the most abstract states
    cases = {"dense": dense, "two-letter cycle": two, "random abc": sorted(abc),
             "dense + dead end": almost, "4-letter pairs": pairs}
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
        # 444 isolated vertices and 276 edges: the abstract search's most states
        "444 odd + 276 even": _matrix(996, lambda v: v if v < 444 else 444 + (v - 444) // 2),
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
        # the largest Grundy values found: the stretch table's most work
        "length 3 + units": text([[(i, i + 3) for i in range(1, 98)]
                                  + [(1, 2), (2, 3), (3, 4)]] * 20),
        "lengths 9 and 3": text([[(i, i + 9) for i in range(1, 92, 2)]
                                 + [(i, i + 3) for i in range(2, 98, 2)]] * 20),
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
        "27 zeros + singles x3": [0] * 27 + singles * 2 + singles[:5],
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
            "30 dense: one class": words(30, 0),
            "20 of 25 classes": "20\n" + "\n".join(a + b for a in "abcde"
                                                      for b in "abcde"[:4]) + "\n",
            "30 classes (refused)": "30\n" + "\n".join([a + b for a in "abcdef"
                                                         for b in "abcdef"][:30]) + "\n",
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


def timed(command: list[str], text: str, repeat: int) -> tuple[float, float, str]:
    """Best and worst wall time of ``repeat`` runs of ``command`` with ``text`` on stdin, a
    process each, and stdout (one run when the first is over the limit)."""
    times, out = [], ""
    for _ in range(repeat):
        if times and times[0] > LIMIT:
            break
        started = time.perf_counter()
        done = subprocess.run(command, input=text, capture_output=True, text=True, check=True)
        times.append(time.perf_counter() - started)
        out = done.stdout
    return min(times), max(times), out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
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
    seeds = _build_cpp()
    print(f"{'problem':<20} {'input':<20} {'answer':<12} {'seconds':>13} {'C++ seed':>8}")
    worst: dict[str, tuple[float, float, str, float]] = {}
    for name, make in PROBLEMS.items():
        if options.only and name not in options.only:
            continue
        for label, text in make(rng).items():
            timed([*judge, name], text, 1)  # warms any compile cache
            best, slowest, out = timed([*judge, name], text, options.repeat)
            cpp = float("nan")
            if seeds is not None:
                cpp, _, cpp_out = timed([seeds[name]], text, options.repeat)
                if cpp_out != out:
                    raise SystemExit(f"the C++ seed answers {cpp_out!r}, perfectplay {out!r} "
                                     f"({name}, {label})")
            answer = out.split("\n")[0] + ("..." if out.count("\n") > 1 else "")
            print(f"{name:<20} {label:<20} {answer:<12} {best:6.3f}-{slowest:6.3f} {cpp:8.4f}")
            if best > worst.get(name, (0.0,))[0]:
                worst[name] = (best, slowest, label, cpp)
    print("\nworst input per problem, end to end (process start to last byte), best-worst of "
          f"{options.repeat} runs; the C++ seed (g++ -O2) on the same input:")
    for name, (best, slowest, label, cpp) in worst.items():
        verdict = "ok" if slowest <= TARGET else f"over {TARGET} s"
        ratio = f"ratio {best / cpp:5.1f}" if seeds is not None else "no g++: C++ skipped"
        print(f"  {name:<20} {best:6.3f}-{slowest:6.3f} s  {verdict:<10} C++ {cpp:6.4f} s  "
              f"{ratio}  ({label})")


def _build_cpp() -> dict[str, str] | None:
    """Each problem's C++ seed built with ``g++ -O2``: the paths by problem, or None without
    g++ on PATH."""
    compiler = shutil.which("g++")
    if compiler is None:
        return None
    folder = Path(tempfile.mkdtemp(prefix="bench_judge_"))
    built = {}
    for name, source in CPP.items():
        (folder / f"{name}.cpp").write_text(source)
        subprocess.run([compiler, "-O2", "-o", str(folder / name), str(folder / f"{name}.cpp")],
                       check=True)
        built[name] = str(folder / name)
    return built


if __name__ == "__main__":
    main()
