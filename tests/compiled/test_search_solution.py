"""``SearchSolution``: a Solution answered by search, position by position as asked."""

from __future__ import annotations

from contextlib import contextmanager

import pytest

from perfectplay import NotApplicable, solve
from perfectplay.compiled.search import TranspositionTable
from perfectplay.compiled.search_solution import SearchSolution
from perfectplay.games.connect4 import ConnectFour
from perfectplay.games.nim import Nim


def test_it_answers_as_the_table_does_and_searches_each_position_once():
    game = ConnectFour(4, 3)
    searched, shown = [], []

    @contextmanager
    def progress(total):
        calls = []
        yield calls.append
        shown.append((total, calls[-1]))

    solution = SearchSolution(game, table=TranspositionTable(1 << 12), progress=progress,
                              searched=searched.append)
    table = solve(game)
    start = game.start()
    assert solution.moves() == table.moves()
    assert [s.position for s in searched] == [start] and shown == [(5, 5)]  # 4 children
    child = table.moves()[0].position
    assert (solution.value(child), solution.remoteness(child)) == (table.value(child),
                                                                   table.remoteness(child))
    assert len(searched) == 1  # a child's value came with its parent's analysis
    assert solution.line() == table.line()
    assert solution.moves() == table.moves() and len(searched) == len(table.line()) + 1


def test_it_has_no_table_to_count_list_or_save(tmp_path):
    solution = SearchSolution(ConnectFour(4, 3), table=TranspositionTable(1 << 12))
    for ask in (solution.counts, lambda: list(solution.positions()),
                lambda: solution.save(tmp_path / "s.npz")):
        with pytest.raises(NotApplicable, match=r"^connect4 4x3 is answered by search, one "
                                                r"position at a time: it has no table"):
            ask()


def test_a_game_without_compiled_rules_is_refused_at_once():
    with pytest.raises(NotApplicable):
        SearchSolution(Nim((1, 2)))
