"""Tic-tac-toe by number of marks: the tier hooks (:class:`~perfectplay.compiled.rules.TierRules`)
of the base-3 boards of :mod:`perfectplay.compiled.games.tictactoe`.

Tier ``n`` holds the boards with ``n`` marks, ``(n + 1) // 2`` of them X: ``C(9, n) * C(n, (n +
1) // 2)`` boards, ranked by the combinatorial number system [1]_: the set of marked cells
``c_1 < ... < c_n`` ranks as ``C(c_1, 1) + ... + C(c_n, n)`` in ``[0, C(9, n))``, and which of
the marks (counted in cell order) are X ranks the same way in ``[0, C(n, (n + 1) // 2))``; the
board's index is ``cells * C(n, (n + 1) // 2) + xs``. A move adds a mark: tier ``n`` leads to
``n + 1``.

``params`` is :data:`PARAMS`: the rules' powers of 3, then ``C(i, j)`` at ``10 + 10 * i + j``
for ``i, j`` in ``0 .. 9``.

Examples
--------
>>> from perfectplay.games.tictactoe import TicTacToe
>>> rules = TicTacToe().compiled()
>>> rules.tiers.sizes
(1, 9, 72, 252, 756, 1260, 1680, 1260, 630, 126)
>>> board = rules.index("X.O......")
>>> rules.tiers.tier(rules.params, board), rules.tiers.rank(rules.params, 2, board)
(2, 2)
>>> rules.decode(rules.tiers.unrank(rules.params, 2, 2))
'X.O......'

References
----------
.. [1] D. E. Knuth, *The Art of Computer Programming*, vol. 4A, section 7.2.1.3 (the
   combinatorial number system).
"""

from __future__ import annotations

from math import comb

import numpy as np
from numba import njit

from perfectplay.compiled.games.tictactoe import PARAMS as RULES_PARAMS
from perfectplay.compiled.rules import TierRules

__all__ = ["PARAMS", "TIER_RULES", "rank", "tier", "unrank"]

_BINOMIALS = 10
"""Where the binomials start in ``params``: after the 10 powers of 3."""

PARAMS = np.concatenate([RULES_PARAMS,
                         np.array([comb(i, j) for i in range(10) for j in range(10)],
                                  dtype=np.int64)])
"""The rules' powers of 3, then the binomials ``C(i, j)`` the hooks read."""


@njit(inline="always")
def _binomial(params, i, j):
    return params[_BINOMIALS + 10 * i + j]


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
    """The index of a board with ``tier`` marks: which cells hold them, then which marks are X."""
    cells = 0
    xs = 0
    marks = 0
    placed_x = 0
    for cell in range(9):
        digit = position % 3
        position //= 3
        if digit:
            if digit == 1:
                placed_x += 1
                xs += _binomial(params, marks, placed_x)
            marks += 1
            cells += _binomial(params, cell, marks)
    return cells * _binomial(params, tier, (tier + 1) // 2) + xs


@njit
def unrank(params, tier, index):
    """The board of an index of tier ``tier``: the marked cells, then the X marks among them,
    each the largest element first (the combinatorial number system, read greedily)."""
    x_count = (tier + 1) // 2
    patterns = _binomial(params, tier, x_count)
    cells = index // patterns
    xs = index - cells * patterns
    marked = 0  # bit per cell
    left = tier
    for cell in range(8, -1, -1):
        if left and _binomial(params, cell, left) <= cells:
            cells -= _binomial(params, cell, left)
            marked |= 1 << cell
            left -= 1
    x_marks = 0  # bit per mark, in cell order
    left = x_count
    for mark in range(tier - 1, -1, -1):
        if left and _binomial(params, mark, left) <= xs:
            xs -= _binomial(params, mark, left)
            x_marks |= 1 << mark
            left -= 1
    position = 0
    mark = 0
    for cell in range(9):
        if (marked >> cell) & 1:
            position += (1 if (x_marks >> mark) & 1 else 2) * params[cell]
            mark += 1
    return position


TIER_RULES = TierRules(tier=tier, rank=rank, unrank=unrank,
                       sizes=tuple(comb(9, n) * comb(n, (n + 1) // 2) for n in range(10)),
                       children=tuple((n + 1,) if n < 9 else () for n in range(10)),
                       order=tuple(range(9, -1, -1)))
"""The hooks, the size of each tier, and the order they are solved in: the full board first."""
