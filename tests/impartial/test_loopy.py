"""Generalised Grundy values: sums of random loopy graphs predicted = retrograde of the sum."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from naive_grundy import graph_grundy

from perfectplay import GameError, Value
from perfectplay.core.sums import Sum
from perfectplay.games.graph import GraphGame
from perfectplay.impartial.loopy import LoopyValue, loopy_grundy, loopy_outcome, sum_outcome
from perfectplay.solve.retrograde import retrograde_solve


@st.composite
def digraphs(draw, max_nodes=6):
    n = draw(st.integers(1, max_nodes))
    edges = [(f"v{u}", f"v{v}") for u in range(n) for v in range(n)
             if draw(st.booleans()) and draw(st.booleans())]
    nodes = [f"v{u}" for u in range(n)]
    # isolated nodes get an edge to a sink, so that every node is in the edge list
    touched = {x for e in edges for x in e}
    edges += [(v, "sink") for v in nodes if v not in touched]
    return GraphGame.from_edges(edges, start=edges[0][0])


@given(digraphs(), digraphs())
def test_sum_outcomes_predicted_by_generalised_values(g, h):
    vg, vh = loopy_grundy(g), loopy_grundy(h)
    total = Sum((g, h))
    solution = retrograde_solve(total)
    for x in vg:  # every pair of positions reachable in the parts is reachable in the sum
        for y in vh:
            assert sum_outcome([vg[x], vh[y]]) is solution.value((x, y)), (x, y)


@given(digraphs())
def test_single_values_match_retrograde(g):
    values = loopy_grundy(g)
    solution = retrograde_solve(g)
    for node in values:
        assert values[node].outcome() is solution.value(node)


@given(st.integers(1, 9), st.data())
def test_acyclic_graphs_get_ordinary_grundy_values(n, data):
    successors = {i: sorted(data.draw(st.sets(st.integers(i + 1, n), max_size=3)))
                  for i in range(n)}
    successors[n] = []
    edges = [(str(u), str(v)) for u, kids in successors.items() for v in kids]
    if not edges:
        return
    values = loopy_grundy(GraphGame.from_edges(edges, start=edges[0][0]))
    expected = graph_grundy(successors)
    for node, value in values.items():
        assert value == LoopyValue(expected[int(node)])


def test_three_infinite_sum_is_a_draw_and_outcome_uses_components():
    cycle = GraphGame.from_edges([("a", "b"), ("b", "a"), ("a", "c"), ("c", "d")], start="a")
    values = loopy_grundy(cycle)
    assert values["a"] == LoopyValue(None, frozenset({1}))
    assert sum_outcome([values["a"], values["b"]]) is Value.DRAW
    assert sum_outcome([values["a"], LoopyValue(1)]) is Value.WIN  # move a -> c: 1 + 1 = 0
    assert loopy_outcome(Sum((cycle, cycle)), ("a", "c")) is Value.WIN
    assert loopy_outcome(Sum((cycle, cycle)), ("d", "d")) is Value.LOSE


def test_primitive_must_be_normal_play():
    class Tied(GraphGame):
        def primitive(self, node):
            return Value.TIE if node == "b" else None

    game = Tied.from_edges([("a", "b")], start="a")
    with pytest.raises(GameError, match="normal play"):
        loopy_grundy(game)
