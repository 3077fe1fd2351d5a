"""Periods of nim-sequences, and their proof by the Guy–Smith periodicity theorem."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np

__all__ = ["Periodicity", "find_period", "proof_bound"]

_TAIL = 32  # the last values every candidate period must explain before a full check
_BLOCK = 1 << 15  # candidate periods screened together


@dataclass(frozen=True)
class Periodicity:
    """``G(n + period) = G(n) + saltus`` for every ``n >= preperiod`` checked (CGSuite's
    convention: ``preperiod`` is the first heap from which the sequence repeats).

    >>> Periodicity(12, 71, 0, True)
    Periodicity(period=12, preperiod=71, saltus=0, proven=True)
    """

    period: int
    """The least period."""

    preperiod: int
    """The first index of the periodic part; ``preperiod - 1`` is the last exception."""

    saltus: int
    """The constant difference over one period (0: purely periodic; >0: arithmetic)."""

    proven: bool
    """Whether the theorem extends the period to every heap, not only the ones computed."""


def proof_bound(preperiod: int, period: int, max_removal: int, max_parts: int) -> int:
    """The heap up to which a period must be checked for it to hold forever.

    Guy–Smith [1]_: in a game whose moves remove at most ``t`` counters and leave at most two
    heaps, ``G(n + p) = G(n)`` for ``n0 <= n < 2 n0 + p + t`` implies it for every ``n >= n0``.
    The same argument with ``j`` heaps left needs ``n < j n0 + (j - 1) p + t`` (the largest
    part then exceeds ``n0 + p``), and ``n > t`` (a heap that may be taken whole). Returns the
    largest heap whose value the check reads: the bound minus one, plus ``p``.

    >>> proof_bound(71, 12, 2, 2)  # Kayles: values up to G(167) prove period 12 from 71
    167

    References
    ----------
    .. [1] R. K. Guy, C. A. B. Smith, "The G-values of various games", Proc. Cambridge Philos.
       Soc. 52 (1956) 514-526; *Winning Ways*, vol. 1, ch. 4.
    """
    parts = max(max_parts, 1)
    end = max(parts * preperiod + (parts - 1) * period + max_removal, max_removal + 1)
    return end - 1 + period


def find_period(values: Sequence[int] | np.ndarray, *, max_removal: int | None,
                max_parts: int) -> Periodicity | None:
    """The least period of ``values`` (``G(0..N)``) with the least pre-period for it.

    A period is proven when the game's moves remove at most ``max_removal`` counters (None:
    unbounded, never proven), the saltus is 0, and ``values`` reach :func:`proof_bound`. The
    least proven period is returned first; failing one, the least period whose repeating part
    spans at least three periods and 12 values (reported unproven); else None.

    Examples
    --------
    >>> find_period([0, 0, 1, 1, 2] * 3, max_removal=7, max_parts=1)
    Periodicity(period=5, preperiod=0, saltus=0, proven=True)
    >>> find_period(list(range(40)), max_removal=None, max_parts=1)
    Periodicity(period=1, preperiod=0, saltus=1, proven=False)
    """
    import numpy as np

    g = np.asarray(values, dtype=np.int64)
    last = len(g) - 1
    unproven = None
    for p in _candidates(g):
        steps = g[p:] - g[:-p]
        saltus = int(steps[-1])
        bad = np.flatnonzero(steps != saltus)
        start = int(bad[-1]) + 1 if len(bad) else 0
        proven = (max_removal is not None and saltus == 0
                  and last >= proof_bound(start, p, max_removal, max_parts))
        if proven:
            return Periodicity(p, start, saltus, True)
        span = last - start + 1
        if unproven is None and span >= max(3 * p, 12):
            unproven = Periodicity(p, start, saltus, False)
    return unproven


def _candidates(g):
    """Periods ``p <= N/2`` under which the last values repeat with one constant saltus,
    smallest first; screened in blocks on the last ``_TAIL`` values."""
    import numpy as np

    n = len(g)
    tail = min(_TAIL, n // 2)
    if tail < 2:
        return
    ends = g[n - tail:]
    for lo in range(1, n // 2 + 1, _BLOCK):
        ps = np.arange(lo, min(lo + _BLOCK, n // 2 + 1))
        ps = ps[ps <= n - tail]
        if not len(ps):
            return
        earlier = g[(n - tail) - ps[:, None] + np.arange(tail)[None, :]]
        diff = ends[None, :] - earlier
        yield from (int(p) for p in ps[np.all(diff == diff[:, :1], axis=1)])
