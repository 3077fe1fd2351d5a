"""Compiled rules and tier hooks of Three Men's Morris (:mod:`perfectplay.games.morris`).

A position is the base-3 number of its cells, cell ``i`` the digit of ``3**i`` (0 empty, 1 X,
2 O), plus ``3**9`` when O is to move. Moves ``0..8`` place a stone on a cell; move
``9 + 4 * cell + direction`` slides the stone on ``cell`` up, down, left or right.

The tier of a position is the number of stones on the board. Tiers 0 to 5 are the placing
phase: every move places a stone, so it leaves the tier. Tier 6 is the sliding phase: moves
stay inside it (a loopy tier). A tier ranks its boards as a pair of combinations (the X cells
among nine, then the O cells among the cells left, :mod:`perfectplay.compiled.ranking`); tier
6 adds the player to move as the lowest digit.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from perfectplay.compiled.ranking import two_colour_count, two_colour_rank, two_colour_unrank

__all__ = ["MOVES", "PARAMS", "SIZE", "TIER_SIZES", "child", "next_move",
           "primitive", "rank", "tier", "unrank"]

PARAMS = 3 ** np.arange(10, dtype=np.int64)
"""Powers of 3; ``PARAMS[9]`` is the number of boards."""

SIZE = 2 * 3 ** 9
"""Integers of the encoding: every board, with either player to move."""

MOVES = 9 + 4 * 9
"""Nine placing moves, then four directions from each of the nine cells."""

_LINES = np.array([(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8)],
                  dtype=np.int64)
_STEPS = np.array([-3, 3, -1, 1], dtype=np.int64)
"""Cell offset of each direction: up, down, left, right."""


def _stones(stones: int) -> tuple[int, int]:
    """Stones of X and of O on a board of ``stones`` stones (X places first)."""
    return (stones + 1) // 2, stones // 2


TIER_SIZES = tuple(two_colour_count(9, *_stones(t)) * (2 if t == 6 else 1) for t in range(7))
"""Indices of each tier: ``C(9, x) * C(9 - x, o)`` boards, twice over in tier 6."""


@njit
def _cells(params, position):
    """The nine cells of a position (0 empty, 1 X, 2 O) and the player to move (1 or 2)."""
    cells = np.empty(9, np.int64)
    board = position % params[9]
    for i in range(9):
        cells[i] = board % 3
        board //= 3
    return cells, 1 + position // params[9]


@njit
def primitive(params, position):
    """LOSE when the player who just moved has three in a row or column, else -1."""
    cells, mover = _cells(params, position)
    last = 3 - mover
    for k in range(6):
        if (cells[_LINES[k, 0]] == last and cells[_LINES[k, 1]] == last
                and cells[_LINES[k, 2]] == last):
            return 0
    return -1


@njit
def next_move(params, position, move):
    """The placing moves while the player to move has a stone left to place, else the slides."""
    if move < 0:
        cells, mover = _cells(params, position)
        placed = 0
        for i in range(9):
            placed += cells[i] == mover
        return 0 if placed < 3 else 9
    if move == 8:
        return 100  # no slide follows a placing move
    return move + 1


@njit
def child(params, position, move):
    """Place a stone, or slide one to the empty neighbouring cell; -1 when illegal."""
    cells, mover = _cells(params, position)
    turn = params[9] if mover == 1 else -params[9]  # the other player moves next
    if move < 9:
        if cells[move]:
            return -1
        return position + mover * params[move] + turn
    cell = (move - 9) // 4
    direction = (move - 9) % 4
    target = cell + _STEPS[direction]
    if cells[cell] != mover or not 0 <= target < 9 or cells[target]:
        return -1
    if direction >= 2 and target // 3 != cell // 3:  # left or right off the row
        return -1
    return position + mover * (params[target] - params[cell]) + turn


@njit
def tier(params, position):
    """Stones on the board."""
    cells, _ = _cells(params, position)
    stones = 0
    for i in range(9):
        stones += cells[i] != 0
    return stones


@njit
def rank(params, tier, position):
    """The index of a position in its tier: X cells, then O cells among the rest, colex."""
    cells, mover = _cells(params, position)
    xs = 0
    os = 0
    for i in range(9):
        if cells[i] == 1:
            xs |= 1 << i
        elif cells[i] == 2:
            os |= 1 << i
    index = two_colour_rank(xs, os, 9)
    if tier == 6:
        index = 2 * index + (mover - 1)
    return index


@njit
def unrank(params, tier, index):
    """The position of an index of a tier; inverse of :func:`rank`."""
    mover = 1 if tier % 2 == 0 else 2
    if tier == 6:
        mover = 1 + index % 2
        index //= 2
    xs, os = two_colour_unrank(index, (tier + 1) // 2, tier // 2, 9)
    position = 0 if mover == 1 else params[9]
    for i in range(9):
        if (xs >> i) & 1:
            position += params[i]
        elif (os >> i) & 1:
            position += 2 * params[i]
    return position
