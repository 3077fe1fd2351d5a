"""Compiled rules of shiritori: a position is ``last * 2 ** n + used``.

``used`` is the bit set of the ``n`` words played, ``last`` the index of the last one (0 at the
start, where ``used`` is empty): ``n * 2 ** n`` positions, split by a shift and a mask. Move
``m`` plays word ``m``. ``params`` is int64: ``[follow_0, ..., follow_{n-1}]``, ``follow_i`` the
bit set of words whose first letter is the last letter of word ``i``. ``next_move`` reads the
legal words off ``follow[last] & ~used``, highest first, so the solvers step from one legal word
to the next and ``child`` needs no legality test.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from numba import njit
from numba.cpython.unsafe.numbers import leading_zeros
from numba.extending import overload

__all__ = ["bit_length", "child", "legal_words", "next_move", "shiritori_params"]


def shiritori_params(words: Sequence[str]) -> np.ndarray:
    """The ``params`` array of a word list: the follow set of each word.

    >>> shiritori_params(["ab", "ba", "cc"]).tolist()
    [2, 1, 4]
    """
    follow = [sum(1 << j for j, w in enumerate(words) if w[0] == word[-1]) for word in words]
    return np.array(follow, dtype=np.int64)


@njit(inline="always")
def _split(params, position):
    """``(n, used, last)`` of a position.

    ``last`` in the high bits, not ``used * n + last``: a shift and a mask instead of a
    division, which the solvers would pay on the way from each position to its first child.

    >>> [int(x) for x in _split(shiritori_params(["ab", "ba", "cc"]), (2 << 3) + 5)]
    [3, 5, 2]
    """
    n = params.shape[0]
    return n, position & ((1 << n) - 1), position >> n


def bit_length(x):
    """Number of bits of ``x >= 0`` (0 for 0), as ``int.bit_length``; one instruction compiled.

    >>> bit_length(0), bit_length(1), bit_length(12)
    (0, 1, 4)
    """
    return int(x).bit_length()


@overload(bit_length)
def _bit_length_compiled(x):
    def bit_length(x):
        return 64 - leading_zeros(x)  # LLVM's ctlz: 64 at 0, no branch

    return bit_length


@njit
def legal_words(params, position):
    """The bit set of words that may be played at ``position``: unused, and (after the first
    move) following the last word; every word at the start.

    >>> params = shiritori_params(["ab", "ba", "cc"])
    >>> [int(legal_words(params, p)) for p in (0, (0 << 3) + 1, (1 << 3) + 3)]
    [7, 2, 0]
    """
    n, used, last = _split(params, position)
    follow = params[last] if used != 0 else (1 << n) - 1
    return follow & ~used


@njit
def child(params, position, move):
    """Play word ``move``, one that ``next_move`` listed (so legal: no test here).

    >>> params = shiritori_params(["ab", "ba", "cc"])
    >>> [int(child(params, p, m)) for p, m in ((0, 2), ((0 << 3) + 1, 1))]
    [20, 11]
    """
    n, used, _ = _split(params, position)
    return (move << n) | used | (1 << move)


@njit
def next_move(params, position, move):
    """The highest legal word below word ``move`` (below ``n`` when ``move`` is -1), or -1 when
    there is none.

    Highest first, as the matching C++ in ``benchmarks/bench_compiled_shiritori.py`` does.
    ``move & 63`` is the word bound (63 for -1): with it the step is a few instructions (mask
    the lower words, count leading zeros) and no branch.

    >>> params = shiritori_params(["ab", "ba", "cc"])
    >>> next_move(params, 0, -1), next_move(params, 0, 2), next_move(params, 0, 0)
    (2, 1, -1)
    >>> next_move(params, (0 << 3) + 1, -1)  # after "ab" only "ba" (word 1) follows
    1
    """
    return bit_length(legal_words(params, position) & ~(-1 << (move & 63))) - 1
