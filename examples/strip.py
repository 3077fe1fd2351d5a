"""The README's tier example: three in a row on a strip of cells.

X and O take turns to put a stone on an empty cell of a strip; three of one's own in a row
wins; a full strip is a tie. A position is the base-3 number of the cells (cell ``i`` the digit
of ``3**i``: 0 empty, 1 X, 2 O); X moves when both have as many stones. Its tier is the number
of stones, ranked by the X cells, then the O cells among the others.
"""

import numpy as np
from numba import njit

from perfectplay.compiled import LOSE_CODE, TIE_CODE, CompiledGame, CompiledRules
from perfectplay.compiled.ranking import (
    popcount,
    two_colour_count,
    two_colour_rank,
    two_colour_unrank,
)
from perfectplay.tiers import TierRules


@njit
def stones(params, position):
    """The masks of the X cells and of the O cells (``params`` holds the powers of 3)."""
    xs = 0
    os = 0
    for cell in range(params.shape[0] - 1):
        digit = (position // params[cell]) % 3
        if digit == 1:
            xs |= 1 << cell
        elif digit == 2:
            os |= 1 << cell
    return xs, os


@njit
def place(params, position, cell):
    """Put the mover's stone on ``cell`` when it is empty."""
    if (position // params[cell]) % 3:
        return -1
    xs, os = stones(params, position)
    return position + (1 if popcount(xs) == popcount(os) else 2) * params[cell]


@njit
def finished(params, position):
    """LOSE_CODE when the last mover has three in a row, TIE_CODE on a full strip, else -1."""
    xs, os = stones(params, position)
    last = os if popcount(xs) == popcount(os) else xs
    if last & (last >> 1) & (last >> 2):
        return LOSE_CODE
    return TIE_CODE if popcount(xs | os) == params.shape[0] - 1 else -1


@njit
def tier(params, position):
    xs, os = stones(params, position)
    return popcount(xs | os)


@njit
def rank(params, tier, position):
    xs, os = stones(params, position)
    return two_colour_rank(xs, os, params.shape[0] - 1)


@njit
def unrank(params, tier, index):
    xs, os = two_colour_unrank(index, (tier + 1) // 2, tier // 2, params.shape[0] - 1)
    position = 0
    for cell in range(params.shape[0] - 1):
        position += params[cell] * (((xs >> cell) & 1) + 2 * ((os >> cell) & 1))
    return position


class Strip(CompiledGame):
    """Three in a row on a strip of ``cells`` cells."""

    def __init__(self, cells=7):
        self.cells = cells

    def start(self):
        return 0

    def compiled(self):
        n = self.cells
        tiers = TierRules(tier=tier, rank=rank, unrank=unrank,
                          sizes=tuple(two_colour_count(n, (t + 1) // 2, t // 2)
                                      for t in range(n + 1)),
                          children=tuple((t + 1,) if t < n else () for t in range(n + 1)),
                          solving_order=tuple(range(n, -1, -1)))
        return CompiledRules(child=place, primitive=finished, size=3 ** n, max_moves=n,
                             params=3 ** np.arange(n + 1, dtype=np.int64), tiers=tiers)
