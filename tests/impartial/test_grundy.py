"""Grundy values: definitions, components, nim arithmetic, against a naive reference."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st
from naive_grundy import graph_grundy

from perfectplay import CycleError, Game, GameError, Value
from perfectplay.games.graph import GraphGame
from perfectplay.games.nim import Nim
from perfectplay.games.subtraction import Subtraction
from perfectplay.impartial.grundy import grundy, mex, nim_product, nim_sum


class Heaps(Game):
    """Nim on several heaps, declaring each heap a component: a multiset of heap sizes."""

    def __init__(self, heaps):
        self.heaps = tuple(heaps)
        self.visited = []

    def start(self):
        return self.heaps

    def moves(self, heaps):
        self.visited.append(heaps)
        for i, h in enumerate(heaps):
            for take in range(1, h + 1):
                yield (i, take), tuple(sorted((*heaps[:i], h - take, *heaps[i + 1:])))

    def components(self, heaps):
        return [(h,) for h in heaps if h] if len(heaps) != 1 else [heaps]


def test_nim_heap_is_its_size():
    assert [grundy(Nim((n,))) for n in range(30)] == list(range(30))


def test_nim_position_is_nim_sum():
    for heaps in itertools.product(range(6), repeat=3):
        assert grundy(Nim(heaps)) == heaps[0] ^ heaps[1] ^ heaps[2]


def test_subtraction_2_3_7_has_period_5_from_the_start():
    values = [grundy(Subtraction(n, (2, 3, 7))) for n in range(40)]
    assert values[:5] == [0, 0, 1, 1, 2]
    assert all(values[n] == values[n + 5] for n in range(35))


def test_components_are_solved_once_each():
    game = Heaps((7, 7, 5, 3))
    assert grundy(game) == 7 ^ 7 ^ 5 ^ 3
    # only single heaps were expanded, never the 4-heap position itself
    assert all(len(p) == 1 for p in game.visited)
    assert len(game.visited) == len(set(game.visited)) == 8


def test_shared_table_reuses_work():
    table = {}
    game = Subtraction(50, (1, 2, 5))
    first = grundy(game, 50, table=table)
    size = len(table)
    assert grundy(game, 40, table=table) == table[40]
    assert len(table) == size and first == table[50]


def test_cycle_is_reported():
    game = GraphGame.from_edges([("a", "b"), ("b", "a")], start="a")
    with pytest.raises(CycleError):
        grundy(game)


def test_primitive_must_be_normal_play():
    class Bad(Game):
        def start(self):
            return 0

        def moves(self, p):
            return []

        def primitive(self, p):
            return Value.WIN

    with pytest.raises(GameError, match="normal play"):
        grundy(Bad())


def test_deep_game_needs_no_recursion():
    assert grundy(Subtraction(20000, (1,))) == 0


@st.composite
def dags(draw):
    n = draw(st.integers(1, 14))
    return {i: sorted(draw(st.sets(st.integers(i + 1, n - 1), max_size=4))) if i < n - 1 else []
            for i in range(n)}


@given(dags())
def test_against_naive_on_random_dags(successors):
    edges = [(str(u), str(v)) for u, kids in successors.items() for v in kids]
    expected = graph_grundy(successors)
    table = {}
    if not edges:
        return
    game = GraphGame.from_edges(edges, start=edges[0][0])
    for node in game.successors:
        assert grundy(game, node, table=table) == expected[int(node)]


def test_nim_arithmetic():
    assert mex([0, 1, 2, 4]) == 3
    assert nim_sum(1, 2, 3) == 0
    # GF(4) = {0, 1, 2, 3}: 2 * 2 = 3, and every nonzero element has an inverse
    assert nim_product(2, 2) == 3
    for a in range(1, 16):
        assert any(nim_product(a, b) == 1 for b in range(1, 16))
    for a, b, c in itertools.product(range(12), repeat=3):
        assert nim_product(a, nim_product(b, c)) == nim_product(nim_product(a, b), c)
        assert nim_product(a, b ^ c) == nim_product(a, b) ^ nim_product(a, c)
    with pytest.raises(ValueError):
        nim_product(-1, 2)
