"""Disconnected game (AOJ 2376): samples, the abstraction against a brute force on edge sets,
the estimate that refuses at once what would not finish."""

import random
from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from naive import disconnected_first_wins

from perfectplay import EngineLimitError, solve
from perfectplay.check import check, check_instances, instances_of
from perfectplay.games.disconnected import (
    Disconnected,
    DisconnectedAbstract,
    answer_disconnected,
    judge,
    parse_disconnected,
)


def matrix(n, edges):
    rows = [["N"] * n for _ in range(n)]
    for u, v in edges:
        rows[u][v] = rows[v][u] = "Y"
    return f"{n}\n" + "\n".join("".join(row) for row in rows) + "\n"


@pytest.mark.parametrize(("text", "expected"), [
    ("2\nNN\nNN\n", "Hanako"),
    ("3\nNNN\nNNN\nNNN\n", "Taro"),
])
def test_samples(text, expected):
    assert judge(text) == (expected, [])


@st.composite
def disconnected_graphs(draw):
    """Graphs on 2..6 vertices with a cut (isolated vertices, cliques, any density)."""
    n = draw(st.integers(2, 6))
    cut = draw(st.integers(1, n - 1))
    sides = [i < cut for i in range(n)]
    edges = [(u, v) for u, v in combinations(range(n), 2)
             if sides[u] == sides[v] and draw(st.booleans())]
    order = draw(st.permutations(range(n)))
    return n, [tuple(sorted((order[u], order[v]))) for u, v in edges]


@given(disconnected_graphs())
def test_against_brute_force(graph):
    n, edges = graph
    expected = "Taro" if disconnected_first_wins(n, edges) else "Hanako"
    assert judge(matrix(n, edges)) == (expected, [])


def test_abstraction_sound_on_every_graph_up_to_six_vertices():
    report = check_instances(instances_of(Disconnected, up_to=6))
    assert report.is_sound, report.format()
    assert report.positions == 2 + 7 + 54 + 771 + 20800  # every graph, reachable from empty


def test_abstraction_sound_on_random_graphs_with_seven_vertices():
    # the dense ones: a sparse start reaches a good part of the 2^21 graphs (the CLI's
    # 'perfectplay check disconnected --random 2000 --size 7' runs them all)
    game, starts = next(Disconnected.random_instances(random.Random(3), 1000, 7))
    dense = [s for s in starts if sum(row.bit_count() for row in s) >= 2 * 9]
    report = check(game, dense)
    assert report.is_sound, report.format()
    assert report.starts == len(dense) > 200
    assert report.rules == {"abstraction", "key", "moves", "primitive"}


@pytest.mark.parametrize(("n", "expected"), [(1000, "Hanako"), (999, "Taro")])
def test_contest_size_empty_graph(n, expected):
    assert judge(f"{n}\n" + ("N" * n + "\n") * n)[0] == expected


@pytest.mark.parametrize(("text", "message"), [
    ("", "empty input"),
    ("1\nN\n", "at least 2"),
    ("3\nNNN\nNNN\n", "expected 3 rows"),
    ("2\nNNN\nNN\n", "row 1 must be 2"),
    ("2\nNX\nNN\n", "row 1 must be 2"),
    ("2\nYN\nNN\n", "adjacent to itself"),
    ("3\nNYN\nNNN\nNNN\n", "not symmetric"),
    ("2\nNY\nYN\n", "already connected"),
])
def test_bad_input(text, message):
    with pytest.raises(ValueError, match=message):
        parse_disconnected(text)


def test_beyond_the_limits_is_noted():
    _, notes = parse_disconnected("1001\n" + ("N" * 1001 + "\n") * 1001)
    assert notes


@given(st.integers(2, 40), st.integers(0, 20), st.integers(0, 1))
def test_the_abstract_state_bound_bounds(odd, even, parity):
    if odd + even < 2:
        return
    game = DisconnectedAbstract((odd, even, parity))
    assert game.position_bound() >= len(solve(game))


def test_the_empty_graph_reaches_nearly_every_state_of_the_bound():
    game = DisconnectedAbstract((300, 0, 0))
    assert 0.99 * game.position_bound() < len(solve(game)) <= game.position_bound() == 22_952


def test_beyond_the_budget_is_refused_at_once():
    with pytest.raises(EngineLimitError, match=r"disconnected with N = 20000 is 1e\+08 abstract "
                                               r"states, about 8\.3 minutes"):
        answer_disconnected(Disconnected(20_000, (0,) * 20_000))


def test_memory_is_weighed_first(monkeypatch):
    monkeypatch.setenv("PERFECTPLAY_MEMORY", str(10**7))
    with pytest.raises(EngineLimitError, match=r"disconnected with N = 1500 needs up to"):
        answer_disconnected(Disconnected(1500, (0,) * 1500))
