"""The tier solver against the other solvers: every reachable position's value and
remoteness."""

from __future__ import annotations

import os
import subprocess
import sys

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from naive import naive_values, reachable
from tiers.tiered_graph import TIERS, TieredGraph

from perfectplay import EngineLimitError, NotApplicable, SolutionFileError, Value, solve
from perfectplay.cli import main
from perfectplay.compiled import compiled_solve
from perfectplay.compiled.codes import decode_codes
from perfectplay.compiled.rules import rules_of
from perfectplay.core.engines import Request, dispatch
from perfectplay.games.connect4 import ConnectFour
from perfectplay.games.morris import Morris
from perfectplay.games.nim import Nim
from perfectplay.games.quixo import Quixo
from perfectplay.games.tictactoe import TicTacToe
from perfectplay.tiers import estimate_memory, open_database, solve_tiers
from perfectplay.tiers.kernels import _marker, kernels_for
from perfectplay.tiers.solve import estimate_work, forecast

_VALUE_INDEX = np.array([1, 2, 0, 3])  # ValueCode (LOSE, TIE, WIN, DRAW) -> decode_codes' index


def entries(solution):
    """``(positions, value indices, remoteness)`` of every solved index, read from the files."""
    rules = solution._rules
    positions, values, remoteness = [], [], []
    for t in solution.manifest["order"]:
        table = solution.tier_codes(t).astype(np.int64)
        indices = np.flatnonzero(table)
        found = np.empty((len(indices), rules.tiers.symmetries), dtype=np.int64)
        kernels_for(rules).members(rules.params, t, indices, found)  # each class's positions
        indices = np.repeat(indices, (found >= 0).sum(axis=1))
        found = found[found >= 0]
        codes = table[indices] - 1
        positions.append(found)
        values.append(_VALUE_INDEX[codes & 3])
        remoteness.append(np.where((codes & 3) == 3, -1, codes >> 2))
    return np.concatenate(positions), np.concatenate(values), np.concatenate(remoteness)


@pytest.mark.parametrize(("width", "height", "positions", "remoteness"),
                         [pytest.param(4, 3, 12_031, 12, marks=pytest.mark.kernels),
                          (4, 4, 161_029, 16), (5, 4, 3_945_711, 20)])
def test_connect_four_equals_the_compiled_solve_everywhere(tmp_path, width, height, positions,
                                                           remoteness):
    game = ConnectFour(width, height)
    tiers, dense = solve_tiers(game, tmp_path), compiled_solve(game)
    found, values, found_remoteness = entries(tiers)
    assert len(found) == len(set(found.tolist())) == len(dense) == positions  # Tromp's from 4x4
    expected_values, expected_remoteness = decode_codes(dense.table[found])
    assert (values == expected_values).all() and (found_remoteness == expected_remoteness).all()
    assert (tiers.value(), tiers.remoteness()) == (Value.TIE, remoteness)
    assert tiers.counts() == dense.counts()


def test_connect_four_4x5_reaches_tromps_count(tmp_path):
    s = solve_tiers(ConnectFour(4, 5), tmp_path)
    assert (len(s), s.value(), s.remoteness()) == (1_706_255, Value.TIE, 20)


@pytest.mark.kernels
def test_tic_tac_toe_by_tiers(tmp_path):
    s = solve_tiers(TicTacToe(), tmp_path)
    counts = s.counts()
    assert (len(s), sum(counts.primitives.values())) == (5478, 958)
    assert (s.value(), s.remoteness()) == (Value.TIE, 9)
    assert counts == solve(TicTacToe()).counts()


def test_rules_that_allocate_take_the_loops_that_count_references(tmp_path):
    """Tic-tac-toe's ``primitive`` allocates an array: its forward pass takes the twin with
    reference counts, and a file beside the cached kernels says so to every later process;
    Connect Four's rules allocate nothing and keep the loops without them (the fast ones).
    Tic-tac-toe's in a new process and kernel directory: in a process that has compiled its
    ``primitive`` already, with the counts, the loop without them compiles too, calling it."""
    kernels = tmp_path / "kernels"
    subprocess.run([sys.executable, "-c", "import sys; from perfectplay.tiers import "
                    "solve_tiers; from perfectplay.games.tictactoe import TicTacToe; "
                    "solve_tiers(TicTacToe(), sys.argv[1])", str(tmp_path / "tictactoe")],
                   env={**os.environ, "PERFECTPLAY_KERNEL_DIR": str(kernels)}, check=True)
    solve_tiers(ConnectFour(4, 4), tmp_path / "connect4")
    allocating, plain = (kernels_for(rules_of(game)) for game in (TicTacToe(), ConnectFour(4, 4)))
    assert [path.name for path in kernels.glob("*_counted")] == [
        f"{allocating.__name__}.forward_counted"]
    assert not _marker(plain, "forward").exists()
    assert not _marker(plain, "backward").exists()


def test_morris_equals_the_python_solve_everywhere(tmp_path):
    tiers, python = solve_tiers(Morris(), tmp_path), solve(Morris())
    assert sorted(tiers.positions()) == sorted(python.positions())
    assert tiers.counts() == python.counts()
    assert [(m.move, m.value) for m in tiers.moves("XX.OO..../X")] == \
        [(m.move, m.value) for m in python.moves("XX.OO..../X")]
    by_tier = tiers.tier_counts()
    assert list(by_tier) == [6, 5, 4, 3, 2, 1, 0]
    assert sum(c.positions for c in by_tier.values()) == len(python) == 5466
    assert by_tier[6].by_value == {Value.WIN: 1124, Value.LOSE: 640, Value.TIE: 0,
                                   Value.DRAW: 1352}


@pytest.mark.parametrize("game", [Morris(), Quixo(3)], ids=["parents stored", "un-moves"])
def test_loopy_tiers_solved_by_two_threads_are_the_bytes_of_one(tmp_path, game):
    # small chunks: the threads take many frontiers at each remoteness, side by side
    solved = [solve_tiers(game, tmp_path / str(threads), chunk_size=64, threads=threads)
              for threads in (1, 2)]
    tiers = rules_of(game).tiers
    assert any(tiers.loopy(t) and tiers.sizes[t] > 2 * 64 for t in solved[0].manifest["order"])
    files = sorted(path.name for path in (tmp_path / "1").iterdir())
    assert files == sorted(path.name for path in (tmp_path / "2").iterdir())
    for name in files:
        assert (tmp_path / "1" / name).read_bytes() == (tmp_path / "2" / name).read_bytes()


def test_a_solve_from_a_later_tier_solves_only_the_tiers_it_reaches(tmp_path):
    later = solve_tiers(Morris(), tmp_path, position="XX.OO..../X")
    assert later.manifest["order"] == [6, 5, 4]  # four pieces placed: tier 4
    assert not any(tmp_path.glob("tier-[0-3].*"))
    python = solve(Morris("XX.OO..../X"))
    assert sorted(later.positions()) == sorted(python.positions())
    assert len(later) == len(python) == 3118


@st.composite
def tiered_graphs(draw):
    """A graph of up to 14 nodes in 4 tiers; loopy tiers have moves inside them, every tier
    moves down; finished nodes of every value."""
    n = draw(st.integers(1, 14))
    tiers = [draw(st.integers(0, TIERS - 1)) for _ in range(n)]
    loopy = {TIERS - 1} | set(draw(st.lists(st.integers(0, TIERS - 2), max_size=3)))
    successors, finished = {}, {}
    for v in range(n):
        allowed = [u for u in range(n) if tiers[u] < tiers[v] or
                   (tiers[u] == tiers[v] and tiers[v] in loopy)]
        kids = draw(st.lists(st.sampled_from(allowed), max_size=4, unique=True)) if allowed \
            else []
        successors[v] = kids
        if draw(st.integers(0, 3)) == 0:
            finished[v] = draw(st.sampled_from([Value.LOSE, Value.TIE, Value.WIN]))
    start = draw(st.integers(0, n - 1))
    return successors, tiers, loopy, start, finished


@pytest.mark.kernels
@settings(max_examples=12)
@given(tiered_graphs())
# a position of a loopy tier offered a win, or a tie, as soon by a child in another tier as
# by one in its own tier that is decided first: once counted a move too slow
@example(({0: [3], 1: [0, 2], 2: [], 3: []}, [1, 1, 0, 0], {1, TIERS - 1}, 1,
          {2: Value.LOSE, 3: Value.WIN}))
@example(({0: [1], 1: [], 2: [0, 1]}, [1, 0, 1], {1, TIERS - 1}, 2, {1: Value.TIE}))
def test_tiered_graphs_equal_the_naive_definition(tmp_path_factory, graph):
    # the loopy tiers' parents stored, then found by un-moves; two threads, a chunk each
    successors, tiers, loopy, start, finished = graph
    expected = naive_values({v: [] if v in finished else kids
                             for v, kids in successors.items()}, finished)
    seen = reachable(successors, start, finished)
    for unmoves in (False, True):
        game = TieredGraph(successors, tiers, loopy, start, finished, unmoves=unmoves)
        s = solve_tiers(game, tmp_path_factory.mktemp("graph"), chunk_size=3, threads=2)
        assert {p: (v, r) for p, v, r in s.positions()} == {v: expected[v] for v in seen}


def test_the_dispatcher_solves_by_tiers_into_the_db_option(tmp_path):
    s = dispatch(Request("solve", Morris(), options={"db": tmp_path}), "tiers")
    assert (type(s).__name__, s.method, s.value()) == ("TierSolution", "tiers", Value.DRAW)
    with pytest.raises(ValueError, match="needs a database directory"):
        dispatch(Request("solve", Morris()), "tiers")
    assert solve(Morris(), method="auto").method != "tiers"


def test_refusals(tmp_path, monkeypatch):
    solve_tiers(Morris(), tmp_path / "db")
    with pytest.raises(SolutionFileError, match=r"holds the tier database of Morris\('"):
        solve_tiers(Morris("X......../O"), tmp_path / "db")
    with pytest.raises(SolutionFileError, match="not of ConnectFour"):
        solve_tiers(ConnectFour(2, 2), tmp_path / "db")
    assert open_database(tmp_path / "db").value() is Value.DRAW  # untouched
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / "notes.txt").write_text("mine")
    with pytest.raises(SolutionFileError, match="is not a tier database"):
        solve_tiers(Morris(), tmp_path / "other")
    with pytest.raises(NotApplicable):
        solve_tiers(Nim((1, 2)), tmp_path / "nim")
    monkeypatch.setenv("PERFECTPLAY_MEMORY", "30000")
    with pytest.raises(EngineLimitError, match=r"needs 36\.5 KiB \(tier 6, retrograde"):
        solve_tiers(Morris(), tmp_path / "small")
    assert not (tmp_path / "small").exists()


def test_memory_estimate_of_connect_four_6x5_fits_the_target():
    need, what = estimate_memory(ConnectFour(6, 5).compiled(), threads=2)
    assert need < 4 << 30 and what.startswith("tier ")


@pytest.mark.kernels
def test_a_remoteness_past_62_takes_two_bytes_a_code(tmp_path):
    # tier 0 (loopy): a line of 70 moves to a lost end; tier 1 (left by its moves): one move to
    # the line's head
    successors = {v: [v + 1] for v in range(69)} | {69: [], 70: [0]}
    tiers = [0] * 70 + [1]
    game = TieredGraph(successors, tiers, {0, TIERS - 1}, 70, {69: Value.LOSE})
    s = solve_tiers(game, tmp_path)
    assert [s.tier_manifests[t]["code_bytes"] for t in (0, 1)] == [2, 2]
    assert (s.value(), s.remoteness(), s.remoteness(69)) == (Value.LOSE, 70, 0)
    expected = naive_values({v: [] if v == 69 else kids for v, kids in successors.items()},
                            {69: Value.LOSE})
    assert {p: (v, r) for p, v, r in s.positions()} == expected


@pytest.mark.kernels
def test_a_large_solve_says_first_what_it_will_take(tmp_path, monkeypatch, capsys):
    said = forecast(ConnectFour(5, 5))
    assert said is not None and said.startswith(
        "connect4 5x5 by tiers: up to 54.0 MiB of memory (tier 21: 24,690,120 indices and "
        "24,690,120 below); its 26 tiers hold 171,976,899 indices, up to 328.0 MiB of codes "
        "before compression; about ")
    assert forecast(Morris()) is None  # 5,466 indices: seconds
    tiers = rules_of(Morris()).tiers
    work = estimate_work(rules_of(Morris()), [6, 5, 4, 3, 2, 1, 0], threads=2)
    loopy = sum(size for t, size in enumerate(tiers.sizes) if tiers.loopy(t))
    assert (work.tiers, work.indices, work.disk) == (7, sum(tiers.sizes), 2 * sum(tiers.sizes))
    assert work.cpu_seconds == pytest.approx(work.seconds_per_index * (2 * (work.indices - loopy)
                                                                       + 4 * loopy))
    assert work.wall_seconds == pytest.approx(work.cpu_seconds / 2)  # every pass shares them
    monkeypatch.setattr("perfectplay.tiers.solve.FORECAST_FROM", 0)
    assert main(["solve", "morris", "--method", "tiers", "--db", str(tmp_path / "db")]) == 0
    assert capsys.readouterr().err.startswith(
        "note: morris by tiers: up to 36.5 KiB of memory (tier 6, retrograde "
        "within the tier: 3,360 indices); its 7 tiers hold 5,710 indices, up to 11.2 KiB of "
        "codes before compression; about ")
