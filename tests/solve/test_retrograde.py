import pytest
from graphs import game_graphs
from hypothesis import given
from naive import LabelledGraph, naive_values, reachable

from perfectplay import GameError, Value, solve
from perfectplay.games.graph import GraphGame
from perfectplay.solve.retrograde import retrograde_solve


@given(game_graphs())
def test_retrograde_matches_naive_fixed_point(graph):
    successors, finished = graph
    expected = naive_values(successors, finished)
    solution = retrograde_solve(LabelledGraph(successors, 0, finished))
    nodes = reachable(successors, 0, finished)
    assert len(solution) == len(nodes)
    for node in nodes:
        # Reachability does not change a node's value: its whole future is reachable too.
        assert (solution.value(node), solution.remoteness(node)) == expected[node], node


@given(game_graphs(ties=False))
def test_every_move_agrees_with_the_value(graph):
    successors, finished = graph
    solution = retrograde_solve(LabelledGraph(successors, 0, finished))
    for node, value, r in solution.positions():
        ranked = solution.moves(node)
        if node in finished or not ranked:
            assert r == 0
            continue
        best = ranked[0]
        assert best.value is value
        if value is not Value.DRAW:
            assert best.remoteness + 1 == r


def test_cycle_with_an_exit_is_a_draw_and_the_exit_a_win():
    game = GraphGame.from_edges([("a", "b"), ("b", "a"), ("b", "c"), ("c", "d")], start="a")
    s = solve(game, method="retrograde")
    assert [(n, str(s.value(n)), s.remoteness(n)) for n in "abcd"] == [
        ("a", "draw", None), ("b", "draw", None), ("c", "win", 1), ("d", "lose", 0)]
    assert s.best_move("b") == "a"  # drawing beats moving to c, which the opponent wins
    assert s.line("a") == ["b", "a"]


def test_tie_beats_draw_and_takes_the_shortest_way():
    # 0 can loop 0 <-> 1 forever or go to 2 -> 3 (a finished tie); 4 is a quicker tie from 1.
    successors = {0: [1, 2], 1: [0, 4], 2: [3], 3: [], 4: []}
    finished = {3: Value.TIE, 4: Value.TIE}
    s = solve(LabelledGraph(successors, 0, finished), method="retrograde")
    assert (s.value(0), s.remoteness(0)) == (Value.TIE, 2)
    assert (s.value(1), s.remoteness(1)) == (Value.TIE, 1)
    assert s.counts().primitives == {Value.WIN: 0, Value.LOSE: 0, Value.TIE: 2, Value.DRAW: 0}


def test_a_primitive_that_is_not_a_value_is_refused_not_a_draw():
    # a cycle, so that the dispatcher goes to retrograde analysis as well
    game = LabelledGraph({0: [1], 1: [0, 2], 2: []}, 0, {2: "lost"})
    for method in ("retrograde", "auto"):
        with pytest.raises(GameError, match=r"^primitive\(\) must give None, WIN, LOSE or TIE, "
                                            r"gave 'lost' \(at position 2\)$"):
            solve(game, method=method)
