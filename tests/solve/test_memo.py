import re

import pytest
from graphs import game_graphs
from hypothesis import given
from naive import LabelledGraph

from perfectplay import CycleError, Game, GameError, Value, outcome, solve
from perfectplay.games.graph import GraphGame
from perfectplay.solve.memo import memo_outcome, memo_solve
from perfectplay.solve.retrograde import retrograde_solve


@given(game_graphs(acyclic=True))
def test_memo_matches_retrograde_on_acyclic_graphs(graph):
    successors, finished = graph
    game = LabelledGraph(successors, 0, finished)
    memo, retro = memo_solve(game), retrograde_solve(game)
    assert sorted(memo.positions(), key=str) == sorted(retro.positions(), key=str)
    assert memo.counts() == retro.counts()


@given(game_graphs(acyclic=True))
def test_early_exit_outcome_matches_the_full_solve(graph):
    successors, finished = graph
    game = LabelledGraph(successors, 0, finished)
    assert memo_outcome(game) is memo_solve(game).value()


@given(game_graphs())
def test_outcome_handles_cycles(graph):
    successors, finished = graph
    game = LabelledGraph(successors, 0, finished)
    assert outcome(game) is retrograde_solve(game).value()


def test_memo_reports_a_cycle_and_auto_falls_back():
    game = GraphGame.from_edges([("a", "b"), ("b", "a")], start="a")
    with pytest.raises(CycleError, match="cycle"):
        solve(game, method="memo")
    assert solve(game).value() is Value.DRAW
    assert solve(game).method == "retrograde"


class Chain(Game):
    """A line of positions n -> n-1 -> ... -> 0, far deeper than Python's recursion limit."""

    def start(self):
        return 100_000

    def moves(self, n):
        if n:
            yield "step", n - 1


def test_no_recursion_limit():
    s = solve(Chain(), method="memo")
    assert (s.value(), s.remoteness()) == (Value.LOSE, 100_000)
    assert outcome(Chain()) is Value.LOSE


def test_early_exit_touches_fewer_positions():
    class Counting(Chain):
        seen = 0

        def moves(self, n):
            Counting.seen += 1
            # A winning move to 0 first, then a long chain that need not be searched.
            if n == 100_000:
                yield "win", 0
                yield "long", n - 1
            elif n:
                yield "step", n - 1

    assert outcome(Counting()) is Value.WIN
    assert Counting.seen < 10


class Unhashable(Game):
    def start(self):
        return 0

    def moves(self, n):
        yield "bad", [n + 1]


def test_unhashable_child_names_the_position():
    with pytest.raises(GameError, match=r"hashable.*\(at position 0\)"):
        solve(Unhashable())


def test_key_merges_positions():
    from perfectplay.games.nim import Nim

    s = solve(Nim((1, 2, 3)))
    # Sorted heap tuples: permutations of (1, 2, 3) and their descendants are solved once.
    assert len(s) == len({tuple(sorted((a, b, c))) for a in range(2) for b in range(3)
                          for c in range(4)})
    assert s.value((3, 2, 1)) is s.value((1, 2, 3)) is Value.LOSE


class Countdown(Game):
    """A heap, take one; ``broken`` replaces one rule's answer (to break it)."""

    def __init__(self, **broken):
        self.broken = broken

    def start(self):
        return self.broken.get("start", 3)

    def moves(self, n):
        return self.broken["moves"] if "moves" in self.broken else [(1, n - 1)] if n else []

    def primitive(self, n):
        return self.broken.get("primitive") if n == 0 else None

    def key(self, n):
        return self.broken["key"] if "key" in self.broken and n < 3 else n


@pytest.mark.parametrize(("broken", "error"), [
    ({"primitive": "over"}, "primitive() must give None, WIN, LOSE or TIE, gave 'over' "
                            "(at position 0)"),
    ({"primitive": Value.DRAW}, "primitive() must give None, WIN, LOSE or TIE, gave Value.DRAW "
                                "(at position 0)"),
    ({"primitive": [1]}, r"primitive\(\) must give None, WIN, LOSE or TIE, gave \[1\] "
                         r"\(at position 0\)"),
    ({"moves": None}, "moves() must return an iterable of (move, position) pairs, got None "
                      "(at position 3)"),
    ({"key": [2]}, r"key\(\) must give a hashable value, gave \[2\] \(at position 2\)"),
    ({"start": [3]}, r"the start position must be hashable \(at position \[3\]\)"),
])
def test_a_broken_rule_is_a_game_error_naming_the_position(broken, error):
    pattern = error if "\\" in error else re.escape(error)
    for solver in (memo_solve, retrograde_solve):
        with pytest.raises(GameError, match=f"^{pattern}$"):
            solver(Countdown(**broken))
    with pytest.raises(GameError, match=f"^{pattern}$"):
        memo_outcome(Countdown(**broken))
