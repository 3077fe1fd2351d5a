"""Compiled rules of shiritori: a position is ``used << bits | last``.

``used`` is the bit set of words played, ``last`` the index of the last one (0 at the start,
where ``used`` is empty), ``bits`` the width of a word index. ``params`` is int64:
``[bits, follow_0, ..., follow_{n-1}]``, ``follow_i`` the bit set of words whose first letter is
the last letter of word ``i``.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from numba import njit

__all__ = ["child", "index_bits", "shiritori_params"]


def index_bits(n: int) -> int:
    """Bits of a word index among ``n`` words.

    >>> index_bits(16), index_bits(20)
    (4, 5)
    """
    return (n - 1).bit_length()


def shiritori_params(words: Sequence[str]) -> np.ndarray:
    """The ``params`` array of a word list.

    >>> shiritori_params(["ab", "ba", "cc"]).tolist()
    [2, 2, 1, 4]
    """
    follow = [sum(1 << j for j, w in enumerate(words) if w[0] == word[-1]) for word in words]
    return np.array([index_bits(len(words)), *follow], dtype=np.int64)


@njit
def child(params, position, move):
    """Play word ``move``: unused, and (after the first move) following the last word.

    Written with one branch: the legal words are ``follow[last] & ~used`` (every word at the
    start), which compiles to straight-line code that does not stall on mispredictions.
    """
    bits = params[0]
    used = position >> bits
    follow = params[1 + (position & ((1 << bits) - 1))] | (-1 if used == 0 else 0)
    if ((follow & ~used) >> move) & 1:
        return ((used | (1 << move)) << bits) | move
    return -1
