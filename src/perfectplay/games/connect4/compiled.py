"""Compiled rules of Connect Four on a ``width`` x ``height`` board, as bitboards [1]_.

Column ``c`` is the ``height + 1`` bits from ``c * (height + 1)``: a stone at row ``r`` is bit
``r`` (1 for the first player, X; 0 for O), and a sentinel bit sits just above the top stone
(bit 0 of an empty column). The empty board is therefore the bottom row of sentinels. Adding a
stone raises a column's field.

``params`` is int64: ``[width, height, smear1, smear2, smear4, column_0, ...]``: the masks that
keep a shift of 1, 2, 4 bits from crossing into the column below, then the column of each move
number, centre first (a search that stops at the first winning move finds it sooner there).

References
----------
.. [1] J. Tromp, "John's Connect Four Playground", https://tromp.github.io/c4/c4.html
"""

from __future__ import annotations

import numpy as np
from numba import njit

from perfectplay.compiled.ranking import popcount

__all__ = ["child", "connect4_params", "occupied", "popcount", "primitive"]


def connect4_params(width: int, height: int) -> np.ndarray:
    """The ``params`` array of a board size.

    >>> connect4_params(2, 2).tolist()
    [2, 2, 27, 9, 0, 0, 1]
    >>> connect4_params(5, 4).tolist()[5:]
    [2, 1, 3, 0, 4]
    """
    column = height + 1
    masks = []
    for shift in (1, 2, 4):
        keep = max(column - shift, 0)
        masks.append(sum(((1 << keep) - 1) << (c * column) for c in range(width)))
    order = sorted(range(width), key=lambda c: (abs(2 * c - (width - 1)), c))
    return np.array([width, height, *masks, *order], dtype=np.int64)


@njit
def occupied(params, position):
    """Bits of every stone: each column smeared down from its sentinel, sentinel removed."""
    y = position
    y |= (y >> 1) & params[2]
    y |= (y >> 2) & params[3]
    y |= (y >> 4) & params[4]
    return (y >> 1) & params[2]


@njit
def child(params, position, move):
    """Drop a stone of the player to move in column ``params[5 + move]`` unless it is full."""
    height = params[1]
    shift = params[5 + move] * (height + 1)
    field = (position >> shift) & ((2 << height) - 1)
    if field >> height:  # the sentinel is above the top row: full column
        return -1
    top = (field | (field >> 1) | (field >> 2) | (field >> 3) | (field >> 4) | (field >> 5)
           | (field >> 6)) + 1 >> 1  # the sentinel bit alone
    stones = occupied(params, position)
    x_moves = popcount(stones) % 2 == 0
    # the sentinel becomes this move's stone (1 for X, 0 for O), a new sentinel goes above it
    moved = (top << 1) | (top if x_moves else 0)
    return position - (top << shift) + (moved << shift)


@njit
def _four(stones, column):
    for step in (1, column, column - 1, column + 1):
        pairs = stones & (stones >> step)
        if pairs & (pairs >> (2 * step)):
            return True
    return False


@njit
def primitive(params, position):
    """LOSE when the last mover has four in a line, TIE on a full board, else -1."""
    width = params[0]
    height = params[1]
    stones = occupied(params, position)
    count = popcount(stones)
    last = position & stones if count % 2 == 1 else stones & ~position  # the last mover's
    if _four(last, height + 1):
        return 0
    return 1 if count == width * height else -1
