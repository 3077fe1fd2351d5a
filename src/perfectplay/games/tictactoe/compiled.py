"""Compiled rules and tier hooks of tic-tac-toe: a position is the base-3 number of its cells,
cell ``i`` the digit of ``3**i`` (0 empty, 1 X, 2 O). ``params`` holds the powers of 3. Every
move fills an empty cell.

Tier ``n`` holds the boards with ``n`` marks, ``(n + 1) // 2`` of them X: ``C(9, x) * C(9 - x,
o)`` boards, ranked as the X cells, then the O cells among the others
(:mod:`perfectplay.compiled.ranking`). A move adds a mark: tier ``n`` leads to ``n + 1``. The
board's eight symmetries (:func:`image`) let the tier solver store each class once.

Examples
--------
>>> from perfectplay.games.tictactoe import TicTacToe
>>> rules = TicTacToe().compiled()
>>> rules.tiers.sizes
(1, 9, 72, 252, 756, 1260, 1680, 1260, 630, 126)
>>> board = rules.index("X.O......")
>>> rules.tiers.tier(rules.params, board), rules.tiers.rank(rules.params, 2, board)
(2, 1)
>>> rules.decode(rules.tiers.unrank(rules.params, 2, 1))
'X.O......'
"""

from __future__ import annotations

import numpy as np
from numba import njit

from perfectplay.compiled.ranking import two_colour_count, two_colour_rank, two_colour_unrank
from perfectplay.compiled.rules import TierRules

__all__ = ["PARAMS", "TIER_RULES", "child", "image", "primitive", "rank", "tier", "unrank"]

PARAMS = 3 ** np.arange(10, dtype=np.int64)
"""Powers of 3; ``PARAMS[9]`` is the number of positions."""

_LINES = np.array([(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8),
                   (0, 4, 8), (2, 4, 6)], dtype=np.int64)


@njit
def _to_move(position):
    """1 when X is to move (as many Xs as Os), else 2."""
    marks = 0
    while position:
        if position % 3:
            marks += 1
        position //= 3
    return 1 if marks % 2 == 0 else 2


@njit
def child(params, position, move):
    """Put the mark of the player to move on cell ``move`` when it is empty."""
    if (position // params[move]) % 3:
        return -1
    return position + _to_move(position) * params[move]


@njit
def primitive(params, position):
    """LOSE when the last mover has three in a row, TIE on a full board, else -1."""
    last = 3 - _to_move(position)
    full = True
    cells = np.empty(9, np.int64)
    for i in range(9):
        cells[i] = (position // params[i]) % 3
        if cells[i] == 0:
            full = False
    for k in range(8):
        if (cells[_LINES[k, 0]] == last and cells[_LINES[k, 1]] == last
                and cells[_LINES[k, 2]] == last):
            return 0
    return 1 if full else -1


@njit
def tier(params, position):
    """The number of marks on the board."""
    marks = 0
    while position:
        if position % 3:
            marks += 1
        position //= 3
    return marks


@njit
def rank(params, tier, position):
    """The index of a board in its tier: the X cells, then the O cells among the others."""
    xs = 0
    os = 0
    for cell in range(9):
        digit = position % 3
        position //= 3
        if digit == 1:
            xs |= 1 << cell
        elif digit == 2:
            os |= 1 << cell
    return two_colour_rank(xs, os, 9)


@njit
def unrank(params, tier, index):
    """The board of an index of tier ``tier``; inverse of :func:`rank`."""
    xs, os = two_colour_unrank(index, (tier + 1) // 2, tier // 2, 9)
    position = 0
    for cell in range(9):
        if (xs >> cell) & 1:
            position += params[cell]
        elif (os >> cell) & 1:
            position += 2 * params[cell]
    return position


_TURNS = np.array([[(2 - i % 3) * 3 + i // 3 for i in range(9)],  # a quarter turn
                   [i % 3 * 3 + i // 3 for i in range(9)]],  # the reflection in the diagonal
                  dtype=np.int64)


@njit
def image(params, position, k):
    """The board under its ``k``-th symmetry: ``k & 3`` quarter turns, then a reflection in
    the diagonal when ``k >= 4`` (``k = 0``: the board)."""
    for step in range((k & 3) + (k >> 2)):
        turned = 0
        turn = _TURNS[0] if step < (k & 3) else _TURNS[1]
        for i in range(9):
            turned += (position // params[i]) % 3 * params[turn[i]]
        position = turned
    return position


TIER_RULES = TierRules(tier=tier, rank=rank, unrank=unrank,
                       sizes=tuple(two_colour_count(9, (n + 1) // 2, n // 2) for n in range(10)),
                       children=tuple((n + 1,) if n < 9 else () for n in range(10)),
                       solving_order=tuple(range(9, -1, -1)), image=image, symmetries=8)
"""The hooks, the size of each tier, and the order they are solved in: the full board first."""
