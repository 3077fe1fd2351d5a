"""The compiled-engine benchmarks run, at toy sizes: they call internal kernels directly, and
the shiritori one stops with an error when perfectplay and its C++ baseline disagree."""

import subprocess
import sys
from pathlib import Path

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"


def run(script: str, *args: str) -> str:
    done = subprocess.run([sys.executable, str(BENCHMARKS / script), *args],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_connect4_benchmark_runs():
    out = run("bench_compiled_connect4.py", "--width", "4", "--height", "4", "--repeat", "1")
    assert "connect4 4x4: tie in 16, 161,029 positions" in out


def test_the_shiritori_benchmark_runs_and_agrees_with_its_cpp():
    out = run("bench_compiled_shiritori.py", "--sizes", "8", "--repeat", "1")
    rows = [line.split() for line in out.splitlines() if line.split()[:2] in
            (["dense", "8"], ["random", "8"])]
    assert [row[2] for row in rows] == ["query", "solve", "sweep"] * 2
    assert "perfectplay solve shiritori (dense, N = 16)" in out


def test_the_serve_benchmark_answers_every_request():
    out = run("bench_serve.py", "--requests", "200", "--clients", "5", "--games", "ttt",
              "--seconds", "1")
    assert "tictactoe (dict store)" in out and "; 0 errors" in out


def test_the_search_benchmark_runs_without_its_baseline():
    out = run("bench_search_connect4.py", "--sets", "Test_L3_R1", "--sample", "5", "--repeat", "1")
    assert "perfectplay alone" in out and out.splitlines()[-1].split()[:2] == ["Test_L3_R1", "5"]


def test_the_cgt_benchmark_agrees_with_its_plain_recursion():
    out = run("bench_cgt.py", "--upto", "3", "--limit", "2")
    assert "2x2" in out and "+-1" in out and "{2|-1/2}" in out


def test_the_judge_benchmark_agrees_with_each_cpp_seed():
    # the benchmark stops with an error when a judge and its C++ seed answer differently
    out = run("bench_judge.py", "--repeat", "1")
    worst = out.split("the C++ seed (g++ -O2) on the same input:")[1].split("\n")[1:6]
    assert [line.split()[0] for line in worst] == [
        "shiritori", "kadomatsu", "disconnected", "interval-game-2", "five-hundred-eleven"]


def test_the_tier_benchmark_solves_catalogue_games():
    out = run("bench_tiers.py", "--game", "teeko", "--board", "3x3", "--pieces", "3",
              "--one-thread")
    assert out.startswith("teeko --board 3x3 --pieces 3: draw, longest win 7, 5,390 positions")
    assert [line[:28].strip() for line in out.splitlines()[2:4]] == [
        "tiers, one thread a core", "tiers, one thread"]
    assert out.splitlines()[-1].startswith("one thread / one a core: ")
    assert out.splitlines()[-1].endswith("x the time (the same bytes)")
    out = run("bench_tiers.py", "--game", "quixo", "--size", "3", "--start", "XOXOXOXOX/X",
              "--whole-tier")  # Quixo's full-board tier, every position of it
    assert out.startswith("quixo --size 3: win, longest win 3, 1,024 positions")
    assert "5 X, 4 O, X to move                   114             12              0" in \
        out.splitlines()


def test_the_tier_benchmark_compares_the_two_rankings():
    out = run("bench_tiers.py", "--generic", "--width", "4", "--height", "3")
    assert out.startswith("connect4 4x3: tie in 12, 12,031 positions")
    assert "sorted / column ranking: " in out.splitlines()[-1]


def test_the_codec_benchmark_measures_every_candidate():
    out = run("bench_codecs.py", "--width", "4", "--height", "4", "--repeat", "1")
    assert out.startswith("connect4 4x4: 161,029 positions")
    assert [line.split()[0] for line in out.splitlines()[1:6]] == ["zstd", "zstd", "zstd", "lzma",
                                                                  "zlib"]


def test_the_probe_benchmark_queries_a_database(tmp_path):
    from perfectplay.games.morris import Morris
    from perfectplay.tiers import solve_tiers

    solve_tiers(Morris(), tmp_path / "morris")
    out = run("bench_db_query.py", str(tmp_path / "morris"), "--positions", "5", "--cold", "1")
    lines = out.splitlines()
    assert lines[0] == f"morris: 5,466 positions in {tmp_path / 'morris'}"
    assert lines[1].startswith("cold db query (1 positions")
    assert [line.split()[0] for line in lines[2:]] == ["first", "warm"]
