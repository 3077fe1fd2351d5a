"""Compiled rules of Interval Game 2: a position is one free stretch ``[l, r)`` of the line,
the integer ``l << shift | r``, ``2 ** shift`` being the first power of two above the largest
right end (a shift, not a division, in the inner loop); ``0`` is the empty stretch ``[0, 0)``.

The ends are compressed coordinates: :meth:`IntervalGame2.compiled
<perfectplay.games.interval_game_2.IntervalGame2.compiled>` gives each distinct endpoint its
rank ``0..m-1`` (order is all the game sees), so the encoding has ``4 ** k`` integers for
``m <= 2 ** k`` endpoints however long the line, and every end fits int64.

Move ``m`` picks interval ``m`` when it lies inside the stretch and leaves a sum: the stretch
to its left (``child``) and the one to its right (``rest``). A stretch is not shrunk to the
intervals it holds: one without any simply has no move, worth 0. ``params`` is int64:
``[shift, L_0, R_0, L_1, R_1, ...]`` over the distinct intervals."""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np
from numba import njit

__all__ = ["child", "interval_params", "rest"]


def interval_params(intervals: Iterable[tuple[int, int]]) -> np.ndarray:
    """The ``params`` array of some intervals ``[L, R)`` (repeats dropped, sorted).

    >>> interval_params([(2, 4), (1, 3), (2, 4)]).tolist()
    [3, 1, 3, 2, 4]
    """
    distinct = sorted(set(intervals))
    shift = max(right for _, right in distinct).bit_length()
    return np.array([shift, *(end for interval in distinct for end in interval)], dtype=np.int64)


@njit
def child(params, position, move):
    """Pick interval ``move`` when it lies inside the stretch: the stretch left of it stays.

    Two ``if``s, not one with ``or``: numba turns ``a or b`` into a value it then tests, and
    that made the whole Grundy loop about eight times slower here.
    """
    shift = params[0]
    left = position >> shift
    low = params[1 + 2 * move]
    if low < left:
        return -1
    if params[2 + 2 * move] > (position & ((1 << shift) - 1)):
        return -1
    return (left << shift) | low


@njit
def rest(params, position, move):
    """The stretch right of the picked interval, from its right end to the stretch's."""
    shift = params[0]
    return params[2 + 2 * move] << shift | position & ((1 << shift) - 1)
