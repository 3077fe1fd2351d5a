"""The compiled engine on random graphs (cycles, ties, draws) against the naive reference, and
its refusal of broken rules."""

import dataclasses

import numpy as np
import pytest
from compiled.graph_rules import CompiledGraph, child, primitive
from graphs import game_graphs
from hypothesis import given
from naive import LabelledGraph, naive_values, reachable

from perfectplay import CycleError, EngineLimitError, GameError, Value, load_solution, solve
from perfectplay.compiled import CompiledGame, CompiledRules, compiled_grundy, compiled_query
from perfectplay.impartial.grundy import grundy

pytestmark = pytest.mark.kernels  # also run as Python: see .ci/run's coverage run


@given(game_graphs())
def test_strong_solve_matches_the_naive_reference(graph):
    successors, finished = graph
    game = CompiledGraph(successors, 0, finished)
    s = solve(game, method="compiled")
    expected = naive_values(successors, finished)
    nodes = reachable(successors, 0, finished)
    assert {p: (v, r) for p, v, r in s.positions()} == {n: expected[n] for n in nodes}
    assert s.counts() == solve(LabelledGraph(successors, 0, finished),
                               method="retrograde").counts()


@given(game_graphs())
def test_query_matches_the_naive_reference(graph):
    successors, finished = graph
    expected = naive_values(successors, finished)
    for node in reachable(successors, 0, finished):
        assert compiled_query(CompiledGraph(successors, node, finished)) is expected[node][0]


@given(game_graphs(acyclic=True, ties=False))
def test_grundy_values_match_the_python_solver(graph):
    successors, _ = graph
    game = CompiledGraph(successors, 0)
    table = compiled_grundy(game)
    nodes = reachable(successors, 0, {})
    assert table.indices().tolist() == sorted(nodes)
    assert {n: table.grundy(n) for n in nodes} == \
        {n: grundy(LabelledGraph(successors, 0), n) for n in nodes}


def test_grundy_refuses_a_cycle():
    with pytest.raises(CycleError):
        compiled_grundy(CompiledGraph({0: [1], 1: [0]}, 0))


def test_a_child_out_of_range_is_a_game_error():
    game = CompiledGraph({0: [1], 1: []}, 0)
    game.table[1, 0] = -1
    game.table[0, 1] = 7
    with pytest.raises(GameError, match=r"child\(\) of move 0 gave 7"):
        solve(game, method="compiled")


def test_a_bad_primitive_value_is_a_game_error():
    game = CompiledGraph({0: [1], 1: []}, 0)
    game.table[1, 0] = 5
    with pytest.raises(GameError, match="primitive"):
        solve(game, method="compiled")


def test_a_remoteness_beyond_two_bytes_takes_four(tmp_path):
    n = 20_000
    line = {i: [i + 1] if i + 1 < n else [] for i in range(n)}
    # the line, and the line with a way back from 1 to 0: a cycle, solved by retrograde analysis
    for game in (CompiledGraph(line, 0), CompiledGraph({**line, 1: [2, 0]}, 0)):
        s = solve(game, method="compiled")
        assert s.table.dtype == np.uint32
        pure = solve(game, method="retrograde")
        assert s.counts() == pure.counts()
        assert [s.get(p) for p in (0, 1, n // 2)] == [pure.get(p) for p in (0, 1, n // 2)]
        s.save(tmp_path / "wide.npz")
        loaded = load_solution(tmp_path / "wide.npz", game)
        assert loaded.table.dtype == np.uint32 and loaded.counts() == s.counts()
        assert s.remoteness(2) == n - 3


class Huge(CompiledGraph):
    """A small graph under an encoding too large for the compiled tables."""

    def compiled(self):
        return dataclasses.replace(super().compiled(), size=1 << 40)


def test_auto_solves_past_the_engine_limit_in_python():
    n = 50
    chain = Huge({i: [i + 1] if i + 1 < n else [] for i in range(n)}, 0)
    with pytest.raises(EngineLimitError, match="integer positions"):
        solve(chain, method="compiled")
    s = solve(chain)
    assert s.method != "compiled"
    assert (s.value(), s.remoteness(), len(s)) == (Value.WIN, n - 1, n)


def test_a_deep_line_of_play_gets_more_frames():
    n = 10_000  # deeper than the first 1024 frames of a search
    chain = CompiledGraph({i: [i + 1] if i + 1 < n else [] for i in range(n)}, 0)
    s = solve(chain, method="compiled")
    assert (s.value(), s.remoteness(), len(s)) == (Value.WIN, n - 1, n)  # n - 1 is odd
    assert compiled_query(chain) is Value.WIN


def test_a_position_outside_the_encoding_is_refused():
    with pytest.raises(ValueError, match="outside"):
        solve(CompiledGraph({0: [1], 1: []}, 5), method="compiled")


def test_rules_are_checked_when_declared():
    with pytest.raises(TypeError, match="numpy array"):
        CompiledRules(child=child, primitive=primitive, params=[1, 2], size=2, max_moves=1)
    with pytest.raises(ValueError, match="size"):
        CompiledRules(child=child, params=np.zeros(1), size=0, max_moves=1)


def test_a_game_without_compiled_rules_is_refused():
    with pytest.raises(ValueError, match="compiled"):
        solve(LabelledGraph({0: []}, 0), method="compiled")


def test_compiled_game_plays_the_same_rules_in_python():
    game = CompiledGraph({0: [1, 2], 1: [2], 2: []}, 0, {2: Value.TIE})
    assert list(game.moves(0)) == [(0, 1), (1, 2)]
    assert game.primitive(2) is Value.TIE and game.primitive(0) is None
    assert isinstance(game, CompiledGame)
    assert {p: v for p, v, _ in solve(game, method="memo").positions()} == \
        {p: v for p, v, _ in solve(game, method="compiled").positions()}
