"""The nim-sequence loops of :mod:`perfectplay.compiled.nimseq`: the plain mex rule and the
rare-value method, over one segment of heaps.

Each loop is ``njit(inline='always')``; a module that :mod:`perfectplay.compiled.kernels`
generates in the kernel directory calls it from a ``njit(cache=True)`` entry point, so that
the compiled kernels are cached there (and keyed on this file) like every other kernel.
"""

from __future__ import annotations

import numpy as np
from numba import njit


@njit(inline="always")
def _mark_one_heap_options(g, n, digits, takes, seen, stamp):
    """Mark, with ``stamp``, the options of heap ``n`` that leave no heap or one heap."""
    for i in range(len(takes)):
        k = takes[i]
        if k > n:
            break
        d = digits[k]
        r = n - k
        if d & 1 and r == 0:
            seen[0] = stamp
        if d & 2 and r >= 1 and k > 0:
            seen[g[r]] = stamp


@njit(inline="always")
def plain_segment(g, lo, hi, digits, takes, unequal, seen):
    """``G(n) = mex{G(a) ^ G(b) ^ ... : parts a, b, ... a move leaves}`` for ``lo <= n < hi``.

    ``takes`` lists the ``k`` with a nonzero digit, ascending; ``seen[v] == n + 1`` marks the
    option values of ``n``. Returns the next ``n``, early (right after it) when ``G(n)``
    reaches half the length of ``seen``, which must then grow.
    """
    half = len(seen) // 2
    for n in range(lo, hi):
        stamp = n + 1
        _mark_one_heap_options(g, n, digits, takes, seen, stamp)
        for i in range(len(takes)):
            k = takes[i]
            if k > n:
                break
            d = digits[k]
            r = n - k
            if d & 4:
                for a in range(1, r // 2 + 1):
                    if not (unequal and 2 * a == r):
                        seen[g[a] ^ g[r - a]] = stamp
            if d & 8:
                for a in range(1, r // 3 + 1):
                    for b in range(a, (r - a) // 2 + 1):
                        c = r - a - b
                        if not (unequal and (a == b or b == c)):
                            seen[g[a] ^ g[b] ^ g[c]] = stamp
        m = 0
        while seen[m] == stamp:
            m += 1
        g[n] = m
        if m >= half:
            return n + 1
    return hi


@njit(inline="always")
def rare_segment(g, lo, hi, digits, takes, splits, unequal, seen, parity, e, f, rare,
                 rare_values, count):
    """The rare-value method for ``lo <= n < hi`` (at most two heaps left by a move).

    ``splits`` lists the ``k`` whose digit allows two heaps, ascending; ``parity[v]`` is
    ``parity(v & m)``; ``rare[:count]`` the rare heaps so far, ascending, and
    ``rare_values[:count]`` their values. For each ``n``: mark ``G(a) ^ G(r - a)`` for every rare
    ``a < r = n - k`` (every option of the common class, about ``count`` steps), take the least
    unmarked common value ``c``, then scan ``a = 1, 2, ...`` until every value below ``c`` is
    marked (a few hundred steps), or to the end when one is missing. Returns the next ``n`` and
    the new count, early when ``seen`` or ``rare`` must grow.
    """
    half = len(seen) // 2
    for n in range(lo, hi):
        stamp = n + 1
        _mark_one_heap_options(g, n, digits, takes, seen, stamp)
        for i in range(len(splits)):  # splits with a rare part: every common-class option
            r = n - splits[i]
            if r < 2:
                break
            end = np.searchsorted(rare[:count], r)  # rare a < r
            middle = end
            if unequal and r % 2 == 0:  # skip a == r - a
                middle = np.searchsorted(rare[:end], r // 2)
                if middle == end or rare[middle] != r // 2:
                    middle = end
            for j in range(middle):
                seen[rare_values[j] ^ g[r - rare[j]]] = stamp
            for j in range(middle + 1, end):
                seen[rare_values[j] ^ g[r - rare[j]]] = stamp
        target = f ^ (e & n)
        c = 0
        while seen[c] == stamp or parity[c] != target:
            c += 1
        need = 0
        for v in range(c):
            if seen[v] != stamp:
                need += 1
        for i in range(len(splits)):  # the other class, below c: scan until all are found
            if need == 0:
                break
            r = n - splits[i]
            if r < 2:
                break
            top = (r - 1) // 2 if unequal else r // 2
            for a in range(1, top + 1):
                x = g[a] ^ g[r - a]
                if seen[x] != stamp:
                    seen[x] = stamp
                    if x < c:
                        need -= 1
                        if need == 0:
                            break
        m = 0
        while seen[m] == stamp:
            m += 1
        g[n] = m
        if parity[m] ^ (e & n) != f:
            rare[count] = n
            rare_values[count] = m
            count += 1
        if m >= half or count == len(rare):
            return n + 1, count
    return hi, count
