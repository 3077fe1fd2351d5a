"""Nim-sequences of heap games in compiled kernels: the plain mex rule, and the rare-value
("sparse space") method that makes most heaps cost a handful of steps instead of ``n``.

``digits[k]`` holds the heap-game digit for removing ``k`` counters (bit ``2**j``: leave ``j``
heaps, see :mod:`perfectplay.impartial.octal`). Values live in one uint16 array (uint32 once a value
reaches ``2**15``), plus a stamp table the size of the value range and, for the rare-value
method, the list of rare heaps: memory linear in the number of heaps.
The loops themselves are in :mod:`perfectplay.compiled._nimseq_loops`; their compiled kernels
are cached in the kernel directory, like every kernel (:mod:`perfectplay.compiled.kernels`).

The rare-value method [1]_ [2]_: fix a bit mask ``m`` and call heap ``n`` *common* when
``parity(G(n) & m) ^ (e & n) == f``, *rare* otherwise. When every two-heap split removes ``k``
counters with ``f ^ (e & k) == 1``, a split's value can make heap ``n`` common only if exactly
one of its parts is rare. So the options of the common class come from the rare heaps alone,
which gives the least missing common value ``c``; the other class needs only the values below
``c``, and a scan of the splits finds them unless one is missing, in which case ``G(n)`` is that
(rare) value. Grundy's game (``4!.0``) has 1,273 rare heaps up to ``2**20``, the last one
82,860, so a heap costs about 1,300 steps over the rare heaps and, with values below 240, about
3,000 steps of scan (the last values found are small ones, made by few pairs): roughly 10
microseconds, whatever ``n``. The split (``m``, ``e``, ``f``) is chosen automatically from
the values computed so far, again at every doubling of ``n``; where no split makes rare heaps
rare, a segment falls back to the plain kernel. The result is exact whatever the split.

References
----------
.. [1] E. R. Berlekamp, J. H. Conway, R. K. Guy, *Winning Ways*, 2nd ed., vol. 1, ch. 4,
   "Sparse space spells speed".
.. [2] A. Flammenkamp, Sparse- and common-positions of Sprague-Grundy values of octal games,
   https://wwwhomes.uni-bielefeld.de/achim/octal_sparse.html
"""

from __future__ import annotations

import functools
import time
from collections.abc import Callable
from types import ModuleType
from typing import Any

import numpy as np

from perfectplay.compiled.kernels import cached_module, entry_source, prepare

__all__ = ["plain_sequence", "rare_sequence"]

_SEGMENT = 1 << 16  # heaps per kernel call at most: the progress callback runs between calls
_SEGMENT_SECONDS = 0.05  # what a kernel call aims at: Ctrl-C and progress wait about this long
_CALIBRATE = 1 << 12  # heaps computed by the plain kernel before the first split is chosen
_MASK_BITS = 10  # masks are searched among the values' low bits, at most this many
_RARE_ENOUGH = 0.2  # a split is used when at most this share of recent heaps is rare
_WINDOW = 1 << 20  # heaps a split is chosen from (the most recent), and chunk for rare heaps

_ENTRIES = {"plain_segment": ("", "g, lo, hi, digits, takes, unequal, seen"),
            "rare_segment": ("", "g, lo, hi, digits, takes, splits, unequal, seen, parity, e, f, "
                                 "rare, rare_values, count")}
"""The loops of :mod:`perfectplay.compiled._nimseq_loops` and their arguments."""


@functools.cache
def _kernels() -> ModuleType:
    """The cached entry points of the loops, from the kernel directory (written there once)."""
    from perfectplay.compiled import _nimseq_loops

    text = entry_source(_nimseq_loops.__name__, _ENTRIES, origin="nim-sequences")
    return cached_module(text, [_nimseq_loops])


class _Sequence:
    """The values being computed, the stamp table, and their growth."""

    def __init__(self, digits: np.ndarray, unequal: bool, upto: int) -> None:
        self.digits = digits
        self.unequal = unequal
        self.takes = np.flatnonzero(digits).astype(np.int64)
        self.splits = np.flatnonzero(digits & 4).astype(np.int64)
        self.g = np.zeros(upto + 1, dtype=np.uint16)
        self.seen = np.zeros(2, dtype=np.int64)
        self.done = 1  # G(0) = 0: no move leaves anything from an empty heap
        self.kernels = _kernels()
        self.stride = 1 << 10  # heaps in the next segment: paced by the last one's speed
        self._paced = (time.perf_counter(), self.done)

    def call(self, name: str, *args: Any) -> Any:
        """Run the kernel ``name`` (compiled, or loaded from the cache, first)."""
        kernel = getattr(self.kernels, name)
        prepare(kernel, *args)
        return kernel(*args)

    def pace(self) -> None:
        """Size the next segment to take about ``_SEGMENT_SECONDS`` at the speed of the one
        just done (heaps cost more as they grow: quadratic work for the plain rule)."""
        now = time.perf_counter()
        started, done = self._paced
        elapsed = max(now - started, 1e-6)
        self.stride = max(1, min(_SEGMENT, int((self.done - done) * _SEGMENT_SECONDS / elapsed)))
        self._paced = (now, self.done)

    def grow(self) -> None:
        """Make room for the value just computed (and the options it can make)."""
        top = int(self.g[self.done - 1])
        half = len(self.seen) // 2
        if top >= half:
            half = 1 << top.bit_length()
            self.seen = np.zeros(2 * half, dtype=np.int64)
            if half > 1 << 15 and self.g.dtype == np.uint16:
                self.g = self.g.astype(np.uint32)

    def plain(self, hi: int) -> None:
        """Values up to ``hi - 1`` by the plain kernel."""
        while self.done < hi:
            self.done = self.call("plain_segment", self.g, self.done, hi, self.digits,
                                  self.takes, self.unequal, self.seen)
            self.grow()


def plain_sequence(digits: np.ndarray, unequal: bool, upto: int, *,
                   progress: Callable[[int], None] | None = None) -> np.ndarray:
    """``G(0..upto)`` by the plain mex rule: every option of every heap, quadratic in ``upto``
    (cubic where a move leaves three heaps).

    Parameters
    ----------
    digits : numpy.ndarray
        uint8, ``digits[k]`` for ``k = 0..upto``.
    unequal : bool
        Whether the heaps left must be pairwise unequal.
    upto : int
    progress : callable, optional
        Called with the number of heaps done, between segments of about 50 ms (at most 65536
        heaps); Python handles signals there too, so Ctrl-C waits no longer.

    Returns
    -------
    numpy.ndarray

    Examples
    --------
    >>> import numpy as np
    >>> plain_sequence(np.array([0, 7, 7, 0, 0, 0], np.uint8), False, 5).tolist()
    [0, 1, 2, 3, 1, 4]
    """
    seq = _Sequence(digits, unequal, upto)
    while seq.done <= upto:
        seq.plain(min(upto + 1, seq.done + seq.stride))
        seq.pace()
        if progress is not None:
            progress(seq.done)
    return seq.g


def rare_sequence(digits: np.ndarray, unequal: bool, upto: int, *,
                  progress: Callable[[int], None] | None = None) -> np.ndarray:
    """``G(0..upto)`` by the rare-value method (moves leave at most two heaps).

    Parameters and return as :func:`plain_sequence`; the values are the same.

    Examples
    --------
    Grundy's game (``4!.0``: ``d0 = 4``, unequal heaps):

    >>> import numpy as np
    >>> digits = np.zeros(10001, np.uint8)
    >>> digits[0] = 4
    >>> values = rare_sequence(digits, True, 10000)
    >>> values[:12].tolist(), int(values[10000])
    ([0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2], 39)
    """
    if np.any(digits & 8):
        raise ValueError("the rare-value method needs moves that leave at most two heaps")
    seq = _Sequence(digits, unequal, upto)
    seq.plain(min(upto + 1, _CALIBRATE))
    rare = rare_values = np.zeros(0, dtype=np.int64)
    count = 0
    recalibrate = seq.done
    split = None
    while seq.done <= upto:
        if seq.done >= recalibrate:
            chosen = _choose_split(seq, recalibrate)
            recalibrate *= 2
            if chosen is not None and chosen != split:
                rare, rare_values, count = _rare_heaps(seq, *chosen)
            split = chosen
        hi = min(upto + 1, seq.done + seq.stride, recalibrate)
        if split is None:
            seq.plain(hi)
        while seq.done < hi and split is not None:
            mask, e, f = split
            parity = np.bitwise_count(np.arange(len(seq.seen)) & mask).astype(np.uint8) & 1
            seq.done, count = seq.call("rare_segment", seq.g, seq.done, hi, seq.digits,
                                       seq.takes, seq.splits, seq.unequal, seq.seen, parity, e,
                                       f, rare, rare_values, count)
            seq.grow()
            if count == len(rare):
                more = np.zeros(len(rare) + 1024, dtype=np.int64)
                rare = np.concatenate([rare, more])
                rare_values = np.concatenate([rare_values, more])
        seq.pace()
        if progress is not None:
            progress(seq.done)
    return seq.g


def _choose_split(seq: _Sequence, done: int) -> tuple[int, int, int] | None:
    """The mask ``m``, ``e`` and ``f`` that make the fewest of the heaps ``done/2..done-1``
    (the last ``_WINDOW`` of them at most) rare, or None when even the best leaves more than
    ``_RARE_ENOUGH`` of them rare."""
    start = max(done // 2, done - _WINDOW)
    values = seq.g[start:done].astype(np.int64)
    odd = np.arange(start, done) & 1
    width = min(max(int(values.max()).bit_length(), 1), _MASK_BITS)
    values &= (1 << width) - 1
    counts = np.bincount(values * 2 + odd, minlength=2 << width).reshape(-1, 2)
    masks = np.arange(1, 1 << width)
    parity = (np.bitwise_count(masks[:, None] & np.arange(1 << width)[None, :]) & 1)
    choices = [(0, 1)]  # (e, f) pairs for which no common-common split makes a common value
    split_parities = set((seq.splits & 1).tolist())
    if len(split_parities) == 1:
        choices.append((1, 1 ^ split_parities.pop()))
    best = None
    for e, f in choices:
        rare = (parity != f) @ counts[:, 0] + (parity != (f ^ e)) @ counts[:, 1]
        i = int(np.argmin(rare))
        if best is None or rare[i] < best[0]:
            best = (int(rare[i]), int(masks[i]), e, f)
    if best is None or best[0] > _RARE_ENOUGH * len(values):
        return None
    return best[1], best[2], best[3]


def _rare_heaps(seq: _Sequence, mask: int, e: int, f: int) -> tuple[np.ndarray, np.ndarray, int]:
    """The rare heaps among ``1..done-1`` under a split and their values, in arrays with room to
    grow, and their count; computed ``_WINDOW`` heaps at a time to keep memory small."""
    found = []
    for lo in range(1, seq.done, _WINDOW):
        hi = min(seq.done, lo + _WINDOW)
        parity = np.bitwise_count(seq.g[lo:hi].astype(np.int64) & mask) & 1
        found.append(lo + np.flatnonzero((parity ^ (e & np.arange(lo, hi))) != f))
    heaps = np.concatenate(found)
    rare = np.zeros(2 * len(heaps) + 1024, dtype=np.int64)
    rare[:len(heaps)] = heaps
    rare_values = np.zeros_like(rare)
    rare_values[:len(heaps)] = seq.g[heaps]
    return rare, rare_values, len(heaps)
