"""Helpers for compiled rules: perfect rankings of subsets of cells and of boards of two
colours, for tier hooks, and the population count of a bit mask.

A tier of a placement game (tic-tac-toe, Morris, most board games where pieces are placed or
moved but not created) holds the boards with a given number of stones of each colour. Such a
board ranks one to one onto ``[0, C(n, x) * C(n - x, o))``: the cells of the ``x`` first-colour
stones as a subset of the ``n`` cells, then the cells of the ``o`` second-colour stones as a
subset of the ``n - x`` cells left, each subset in colexicographic order (the combinatorial
number system [1]_). These ``numba.njit`` functions compute that ranking and its inverse over
bit masks (bit ``i`` is cell ``i``), for the ``rank`` and ``unrank`` hooks of
:class:`~perfectplay.compiled.rules.TierRules`; :func:`two_colour_count` gives the tier
sizes.

>>> xs, os = 0b000000011, 0b000001100      # X on cells 0 and 1, O on cells 2 and 3 of nine
>>> index = two_colour_rank(xs, os, 9)
>>> index, two_colour_unrank(index, 2, 2, 9) == (xs, os), two_colour_count(9, 2, 2)
(0, True, 756)

References
----------
.. [1] D. E. Knuth, *The Art of Computer Programming*, vol. 4A, 7.2.1.3, "Generating all
   combinations", Addison-Wesley, 2011.
"""

from __future__ import annotations

from math import comb

import numpy as np
from numba import njit, types
from numba.cpython.unsafe.numbers import trailing_zeros
from numba.extending import intrinsic, overload

__all__ = ["BINOMIAL", "MAX_CELLS", "lowest_cell", "popcount", "subset_rank", "subset_unrank",
           "two_colour_count", "two_colour_rank", "two_colour_unrank"]

MAX_CELLS = 63
"""The most cells a mask holds (bit 63 would make the int64 mask negative)."""

BINOMIAL = np.array([[comb(n, k) for k in range(MAX_CELLS + 1)] for n in range(MAX_CELLS + 1)],
                    dtype=np.int64)
"""``BINOMIAL[n, k] = C(n, k)``, for ``n, k <= 63`` (every entry fits an int64)."""


def popcount(x):
    """Number of set bits of a non-negative integer: one instruction once compiled."""
    return bin(x).count("1")


def lowest_cell(x):
    """The index of the lowest set bit of a positive integer: one instruction once compiled.

    >>> lowest_cell(0b10100)
    2
    """
    return (x & -x).bit_length() - 1


@intrinsic
def _ctpop(typingctx, x):
    def codegen(context, builder, signature, args):
        return builder.call(builder.module.declare_intrinsic("llvm.ctpop", [args[0].type]),
                            args)

    return types.int64(types.int64), codegen


@overload(popcount, inline="always")
def _popcount_compiled(x):
    return lambda x: _ctpop(x)


@overload(lowest_cell, inline="always")
def _lowest_cell_compiled(x):
    return lambda x: trailing_zeros(x)  # numba's: LLVM's cttz


@njit
def subset_rank(bits):
    """The colex rank of a set of cells among the sets of its size: ``sum C(p_j, j)`` over its
    cells ``p_1 < p_2 < ...`` (one step a cell of the set, none for the cells outside it).

    >>> [subset_rank(bits) for bits in (0b011, 0b101, 0b110)]
    [0, 1, 2]
    """
    rank = 0
    size = 0
    while bits:
        size += 1
        rank += BINOMIAL[lowest_cell(bits), size]
        bits &= bits - 1
    return rank


@njit
def subset_unrank(rank, size, cells):
    """The set of ``size`` cells among ``cells`` of colex rank ``rank`` (largest cell first,
    greedily); inverse of :func:`subset_rank`.

    >>> bin(subset_unrank(2, 2, 3))
    '0b110'
    """
    bits = 0
    for j in range(size, 0, -1):
        cell = cells - 1
        while BINOMIAL[cell, j] > rank:
            cell -= 1
        bits |= 1 << cell
        rank -= BINOMIAL[cell, j]
        cells = cell
    return bits


@njit
def _spread(bits, holes):
    """The k-th bit of ``bits`` placed on the k-th cell not in ``holes`` (a step a bit up to
    the highest of ``bits``, without a branch on the cells)."""
    spread = 0
    free = ~holes
    while bits:
        low = free & -free
        spread |= low * (bits & 1)
        bits >>= 1
        free ^= low
    return spread


@njit
def two_colour_rank(xs, os, cells):
    """The index of a board of ``cells`` cells with stones of one colour on ``xs`` and of the
    other on ``os`` (disjoint masks) among the boards with as many of each:
    ``rank(xs) * C(cells - x, o) + rank(os renumbered over the cells without x)``, the second
    rank found without renumbering: an O stone's place among the free cells is the number of
    cells below it that hold no X."""
    others = 0
    size = 0
    while os:
        size += 1
        low = os & -os
        others += BINOMIAL[popcount(~xs & (low - 1)), size]
        os ^= low
    return subset_rank(xs) * BINOMIAL[cells - popcount(xs), size] + others


@njit
def two_colour_unrank(index, x, o, cells):
    """The masks ``(xs, os)`` of the board of ``index`` with ``x`` and ``o`` stones on
    ``cells`` cells; inverse of :func:`two_colour_rank`."""
    per = BINOMIAL[cells - x, o]
    xs = subset_unrank(index // per, x, cells)
    return xs, _spread(subset_unrank(index % per, o, cells - x), xs)


def two_colour_count(cells: int, x: int, o: int) -> int:
    """The number of boards of ``cells`` cells with ``x`` stones of one colour and ``o`` of the
    other: the size of their tier, ``C(cells, x) * C(cells - x, o)``."""
    return comb(cells, x) * comb(cells - x, o)
