"""Tiers ranked by the solver (``TierRules`` with nothing but ``tier``): the same answers as
the in-memory compiled solve and as the game's own ranking, sorted lists that rank and unrank
exactly, a user's game file, resuming, damage refused, and ``perfectplay check``."""

from __future__ import annotations

import dataclasses
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from naive import naive_values, reachable
from numba import njit
from tiers.tiered_graph import TIERS, TieredGraph

from perfectplay import (
    DamagedDataError,
    EngineLimitError,
    GameError,
    SolutionFileError,
    Value,
    solve,
)
from perfectplay.check import check
from perfectplay.cli import main
from perfectplay.compiled import compiled_solve
from perfectplay.compiled.codes import decode_codes
from perfectplay.compiled.rules import TierRules
from perfectplay.games.connect4 import ConnectFour
from perfectplay.games.morris import Morris
from perfectplay.games.quixo import Quixo
from perfectplay.tiers import open_database, solve_tiers, verify_database
from perfectplay.tiers._loops import sorted_rank, sorted_unrank
from perfectplay.tiers.keys import KeyFile, key_index, sorted_params, view, write_keys
from perfectplay.tiers.storage import Layout

GAME_FILE = Path(__file__).resolve().parents[2] / "examples" / "token_takeaway.py"


def unranked(rules):
    """``rules`` with their tier hooks ranked by the solver."""
    return dataclasses.replace(rules, tiers=rules.tiers.unranked())


class SortedConnectFour(ConnectFour):
    """Connect Four with only its tier() and mirror image: the solver ranks its boards."""

    def __repr__(self):
        return f"SortedConnectFour({self.width}, {self.height})"

    def compiled(self):
        return unranked(super().compiled())


class SortedMorris(Morris):
    """Three Men's Morris (loopy tiers) ranked by the solver."""

    def __repr__(self):
        return "SortedMorris()"

    def compiled(self):
        return unranked(super().compiled())


@njit
def _rising(params, position):
    # Quixo's tier is its blank cubes, which moves only lower: the solver's tiers must rise
    return 9 - _quixo_tier(params, position)


from perfectplay.games.quixo.compiled import tier as _quixo_tier  # noqa: E402


class SortedQuixo(Quixo):
    """3x3 Quixo (loopy tiers) with its tiers numbered upwards, ranked by the solver."""

    def __repr__(self):
        return "SortedQuixo()"

    def compiled(self):
        rules = super().compiled()
        return dataclasses.replace(rules, tiers=TierRules(tier=_rising))


def solved(solution):
    """Every position a tier solution holds, with its value and remoteness."""
    return {p: (v, r) for p, v, r in solution.positions()}


@pytest.mark.parametrize(("width", "height", "positions"), [(4, 3, 12_031), (4, 4, 161_029)])
def test_connect_four_equals_the_compiled_solve_and_the_column_ranking(tmp_path, width, height,
                                                                       positions):
    game = SortedConnectFour(width, height)
    tiers = solve_tiers(game, tmp_path / "sorted", chunk_size=4096)
    ranked = solve_tiers(ConnectFour(width, height), tmp_path / "ranked")
    dense = compiled_solve(game)
    rules = tiers._rules
    found = solved(tiers)
    codes = np.array([rules.index(p) for p in found])
    assert len(found) == len(dense) == positions
    values, remoteness = decode_codes(dense.table[codes])
    names = [Value.WIN, Value.LOSE, Value.TIE, Value.DRAW]  # decode_codes' value order
    assert [(names[v], None if r < 0 else r)
            for v, r in zip(values, remoteness, strict=True)] == \
        list(found.values())
    assert tiers.counts() == dense.counts() == ranked.counts()
    assert tiers.tier_counts() == ranked.tier_counts()
    # the index space is the reachable classes: nothing else stored
    assert sum(d["size"] for d in tiers.tier_manifests.values()) == \
        sum(d["classes"] for d in tiers.tier_manifests.values()) < \
        sum(d["size"] for d in ranked.tier_manifests.values())
    start = game.start()
    assert (tiers.value(start), tiers.remoteness(start)) == (ranked.value(), ranked.remoteness())
    assert tiers.moves(start) == ranked.moves(start)


@pytest.mark.parametrize("game", [SortedMorris(), SortedQuixo(3)], ids=repr)
def test_loopy_games_equal_the_compiled_and_the_game_ranked_solves(tmp_path, game):
    tiers = solve_tiers(game, tmp_path / "sorted", chunk_size=512)
    assert any(tiers.manifest["children"][t] and t in tiers.manifest["children"][t]
               for t in tiers.manifest["order"])  # some tier is loopy
    dense = compiled_solve(game)
    assert tiers.counts() == dense.counts()
    assert all(dense.value(p) is v and dense.remoteness(p) == r for p, (v, r) in
               solved(tiers).items())
    if isinstance(game, SortedMorris):
        assert solved(tiers) == solved(solve_tiers(Morris(), tmp_path / "ranked"))


@njit
def _rising_graph_tier(params, position):
    return TIERS - 1 - params[1 + position, 1]


class SortedGraph(TieredGraph):
    """A random tiered graph whose tiers the solver ranks (numbered upwards)."""

    def compiled(self):
        rules = super().compiled()
        return dataclasses.replace(rules, tiers=TierRules(tier=_rising_graph_tier))


@st.composite
def graphs(draw):
    """Up to 12 nodes in 4 tiers, moves down or within a tier, finished nodes of each value."""
    n = draw(st.integers(1, 12))
    tiers = [draw(st.integers(0, TIERS - 1)) for _ in range(n)]
    successors, finished = {}, {}
    for v in range(n):
        allowed = [u for u in range(n) if tiers[u] <= tiers[v]]
        successors[v] = draw(st.lists(st.sampled_from(allowed), max_size=3, unique=True))
        if draw(st.integers(0, 3)) == 0:
            finished[v] = draw(st.sampled_from([Value.LOSE, Value.TIE, Value.WIN]))
    return successors, tiers, draw(st.integers(0, n - 1)), finished


@pytest.mark.kernels
@settings(max_examples=12, deadline=None)
@given(graphs())
def test_random_tiered_graphs_equal_the_naive_definition(tmp_path_factory, graph):
    successors, tiers, start, finished = graph
    game = SortedGraph(successors, tiers, set(range(TIERS)), start, finished)
    s = solve_tiers(game, tmp_path_factory.mktemp("graph"), chunk_size=2)
    expected = naive_values({v: [] if v in finished else kids
                             for v, kids in successors.items()}, finished)
    assert solved(s) == {v: expected[v] for v in reachable(successors, start, finished)}


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 2**62) | st.integers(0, 300), max_size=80, unique=True),
       st.integers(1, 7), st.lists(st.integers(-5, 2**62) | st.integers(0, 300), max_size=10))
def test_sorted_lists_rank_and_unrank_exactly(tmp_path_factory, keys, chunk, probes):
    keys = np.array(sorted(keys), dtype=np.int64)
    path = tmp_path_factory.mktemp("keys") / "tier-2.keys"
    index = write_keys(path, keys, chunk, "db", 2)
    listed = KeyFile(path, index, chunk, "db", 2)
    if len(keys):
        assert np.array_equal(listed.read(), keys)
    # the kernels' rank over tier 2 loaded whole (its buckets), and over one block standing
    # for its indices
    params = sorted_params(np.zeros(1), keys, *view(3, keys, {2: (0, len(keys), 0)}))
    for i, p in enumerate(keys.tolist()):
        assert listed.find(p) == sorted_rank(params, 2, p) == i
        assert sorted_unrank(params, 2, i) == p
    for p in probes:
        expected = int(np.searchsorted(keys, p)) if p in set(keys.tolist()) else -1
        assert listed.find(p) == sorted_rank(params, 2, p) == expected
    assert sorted_rank(params, 1, 0) == sorted_unrank(params, 1, 0) == -1  # tier not loaded
    if len(keys) > chunk:
        block = listed.block(1)
        params = sorted_params(np.zeros(1), block, *view(3, block, {2: (0, len(block), chunk)}))
        assert [sorted_unrank(params, 2, chunk + j) for j in range(len(block))] == \
            keys[chunk:2 * chunk].tolist()
        assert [sorted_rank(params, 2, p) for p in block.tolist()] == \
            list(range(chunk, chunk + len(block)))
        assert sorted_unrank(params, 2, 0) == -1


def perfectplay(*args, cwd):
    return subprocess.run([sys.executable, "-m", "perfectplay", *map(str, args)], cwd=cwd,
                          capture_output=True, text=True, timeout=300)


def test_a_user_game_file_with_only_tier_is_solved_by_tiers(tmp_path):
    from perfectplay.games import load_game

    game = f"{GAME_FILE}:TokenTakeAway"
    done = perfectplay("solve", game, "--arg", "heap=9", "--method", "tiers", "--db",
                       tmp_path / "db", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    user = load_game(game, {"heap": "9"})
    expected = solve(user)
    assert f"value:      {expected.value()}" in done.stdout
    assert solved(open_database(tmp_path / "db", type(user))) == {
        p: (v, r) for p, v, r in expected.positions()}
    query = perfectplay("db", "query", tmp_path / "db", "6", "--game", game, cwd=tmp_path)
    assert query.returncode == 0, query.stderr
    assert str(expected.value(6)) in query.stdout
    exported = perfectplay("db", "export", tmp_path / "db", "--game", game, "--out",
                           tmp_path / "all.csv", cwd=tmp_path)
    assert exported.returncode == 0, exported.stderr
    assert len((tmp_path / "all.csv").read_text().splitlines()) == 1 + len(expected)
    played = subprocess.run([sys.executable, "-m", "perfectplay", "play", game, "--db",
                             str(tmp_path / "db"), "--side", "both"], input="q\n",
                            capture_output=True, text=True, timeout=300)
    assert played.returncode == 0, played.stderr
    assert f"You are to move: {expected.value()}" in played.stdout
    checked = perfectplay("check", game, "--arg", "heap=9", cwd=tmp_path)
    assert checked.returncode == 0, checked.stdout + checked.stderr


@njit
def _falling(params, position):
    return 20 - (position >> 1)


def test_a_move_to_a_smaller_tier_is_refused_by_solve_and_by_check(tmp_path):
    sys.path.insert(0, str(GAME_FILE.parent))
    try:
        from token_takeaway import TokenTakeAway
    finally:
        sys.path.remove(str(GAME_FILE.parent))

    class Falling(TokenTakeAway):
        def compiled(self):
            return dataclasses.replace(super().compiled(), tiers=TierRules(tier=_falling))

    with pytest.raises(GameError, match="smaller tier number") as caught:
        solve_tiers(Falling(5), tmp_path / "db")
    assert caught.value.position == 0
    found = check(Falling(5)).counterexample
    assert (found.rule, found.position) == ("tiers", 0)
    assert "never leads to a smaller tier" in found.detail


def test_check_passes_a_game_ranked_by_the_solver():
    report = check(SortedConnectFour(4, 3))
    assert report.is_sound and "tiers" in report.rules


CHUNK = 64

_SOLVE = ("import sys; sys.path.insert(0, {tests!r}); "
          "from tiers.test_sorted_ranking import SortedMorris; from perfectplay.tiers import "
          f"solve_tiers; solve_tiers(SortedMorris(), {{directory!r}}, chunk_size={CHUNK}, "
          "threads=1)")


def files(directory: Path) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in sorted(directory.iterdir())}


@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    directory = tmp_path_factory.mktemp("reference")
    solve_tiers(SortedMorris(), directory, chunk_size=CHUNK)
    return directory


def _killed_when(directory: Path, ready) -> None:
    """Run the solve in a process and SIGKILL it once ``ready(directory)``."""
    code = _SOLVE.format(tests=str(Path(__file__).resolve().parents[1]),
                         directory=str(directory))
    process = subprocess.Popen([sys.executable, "-c", code])
    try:
        while not ready(directory):
            assert process.poll() is None, "the solve ended before the moment to kill it"
            time.sleep(0.0005)
        time.sleep(random.uniform(0, 0.005))
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait()


def test_killed_in_either_pass_resumes_to_the_same_bytes(tmp_path, reference):
    directory = tmp_path / "db"
    _killed_when(directory, lambda d: any(d.glob("*.run")))  # mid forward pass
    assert not (directory / "tier-0.json").exists()
    _killed_when(directory, lambda d: any(d.glob("tier-5.chunk-*.json")))
    resumed = solve_tiers(SortedMorris(), directory, chunk_size=CHUNK)
    assert 0 not in resumed.tiers_reused
    assert files(directory) == files(reference)
    assert solve_tiers(SortedMorris(), directory).tiers_reused == [6, 5, 4, 3, 2, 1, 0]
    assert files(directory) == files(reference)


def test_a_flipped_byte_in_a_sorted_list_is_refused_on_first_read(tmp_path, reference):
    directory = tmp_path / "db"
    directory.mkdir()
    for name, data in files(reference).items():
        (directory / name).write_bytes(data)
    opened = open_database(directory, SortedMorris())
    rules, t = opened._rules, 4
    listed = key_index(Layout(directory), opened.manifest)[t]["keys"]
    assert len(listed["blocks"]) > 1
    target = directory / f"tier-{t}.keys"
    data = bytearray(target.read_bytes())
    data[random.Random(0).randrange(listed["blocks"][0])] ^= 0x10  # in its first block
    target.write_bytes(bytes(data))
    fresh = open_database(directory, SortedMorris())  # opening reads no list
    last = rules.decode(listed["firsts"][-1])
    assert fresh.value(last) is opened.value(last)  # another block: still read
    with pytest.raises(DamagedDataError, match=target.name.replace(".", r"\.")):
        fresh.value(rules.decode(listed["firsts"][0]))
    with pytest.raises(SolutionFileError, match=target.name.replace(".", r"\.")):
        verify_database(directory, SortedMorris())


def test_db_verify_exits_3_on_a_damaged_sorted_list(tmp_path):
    directory = tmp_path / "db"
    done = perfectplay("solve", f"{GAME_FILE}:TokenTakeAway", "--method", "tiers", "--db",
                       directory, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    target = directory / "tier-3.keys"
    data = bytearray(target.read_bytes())
    data[len(data) // 2] ^= 0x01
    target.write_bytes(bytes(data))
    assert main(["db", "verify", str(directory), "--game", f"{GAME_FILE}:TokenTakeAway"]) == 3


def test_two_dask_workers_write_the_bytes_of_one_process(reference, tmp_path):
    pytest.importorskip("distributed")
    solve_tiers(SortedMorris(), tmp_path, chunk_size=CHUNK, workers=2)
    assert files(tmp_path) == files(reference)


def test_memory_is_checked_before_the_lists_are_taken(tmp_path, monkeypatch):
    monkeypatch.setenv("PERFECTPLAY_MEMORY", "300000")
    with pytest.raises(EngineLimitError, match=r"the sorted lists of tiers \[12, 13\] \(27,822 "
                                               r"positions\) needs about"):
        solve_tiers(SortedConnectFour(4, 4), tmp_path / "db")
    monkeypatch.setenv("PERFECTPLAY_MEMORY", "20000")
    with pytest.raises(EngineLimitError, match=r"the children found in tier 7 \(1,2"):
        solve_tiers(SortedConnectFour(4, 4), tmp_path / "other")


def test_a_tier_graph_without_a_ranking_is_refused():
    with pytest.raises(ValueError, match="come with a ranking of your own"):
        TierRules(tier=_falling, sizes=(1,), children=((),), solving_order=(0,))
    with pytest.raises(ValueError, match="need rank"):
        TierRules(tier=_falling, unrank=_falling)
