"""Compiled rules of tic-tac-toe: a position is the base-3 number of its cells, cell ``i`` the
digit of ``3**i`` (0 empty, 1 X, 2 O). ``params`` holds the powers of 3. Every move fills an
empty cell.
"""

from __future__ import annotations

import numpy as np
from numba import njit

__all__ = ["PARAMS", "child", "primitive"]

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
