"""The claim ``search`` of perfectplay check: Connect Four's search hooks hold, and a hook that
lies is caught on a small board before any search runs."""

import dataclasses

import numpy as np
from numba import njit

from perfectplay.check import check
from perfectplay.games.connect4 import ConnectFour
from perfectplay.games.connect4 import search as hooks


@njit
def order_dropping_the_last(params, position, allowed, moves, start):
    n = hooks.order(params, position, allowed, moves, start)
    return n - 1 if n > 1 else n


@njit
def never_wins_now(params, position):
    return False


class LyingFour(ConnectFour):
    """Connect Four whose search hooks have one replaced by a liar."""

    def __init__(self, width, height, **lies):
        super().__init__(width, height)
        self.lies = lies

    def compiled(self):
        rules = super().compiled()
        return dataclasses.replace(rules, search=dataclasses.replace(rules.search, **self.lies))


START = "2323"  # a 4x3 board a few moves in: a small instance


def test_connect_four_hooks_hold():
    game = ConnectFour(4, 3)
    report = check(game, [game.parse_position(START)])
    assert report.counterexample is None
    assert "search" in report.rules


def test_an_order_that_drops_a_move_is_caught():
    game = LyingFour(4, 3, order=order_dropping_the_last)
    found = check(game, [game.parse_position(START)]).counterexample
    assert found.rule == "search"
    assert found.detail.startswith("order() lists the moves")


def test_a_wrong_immediate_win_test_is_caught():
    game = LyingFour(4, 3, wins_now=never_wins_now)
    found = check(game, [game.parse_position(START)]).counterexample
    assert found.rule == "search"
    assert found.detail == "wins_now() says False, but a move does win at once"


def test_search_params_hold_the_board():
    assert hooks.search_params(7, 6)[:2].tolist() == [7, 6]
    assert np.all(hooks.search_params(7, 6)[7:] > 0)
