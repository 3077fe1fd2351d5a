"""A game of the user's own with tier hooks, for the hostile tier-database tests: take an
amount from one heap (the player who cannot move loses); a position is the heap, and its tier
too (one index a tier)."""

from __future__ import annotations

import numpy as np
from numba import njit

from perfectplay.compiled import CompiledGame, CompiledRules
from perfectplay.compiled.rules import TierRules


@njit
def child(params, heap, move):
    amount = params[move]
    return heap - amount if amount <= heap else -1


@njit
def tier(params, heap):
    return heap


@njit
def rank(params, tier, heap):
    return 0


@njit
def unrank(params, tier, index):
    return tier


class TakeAway(CompiledGame):
    """Take one of ``amounts`` from a heap of ``heap``; with ``lie``, the tier hooks declare
    only ``t - 1`` as the child tier of ``t``, although the larger amounts reach others."""

    def __init__(self, heap=30, amounts=(1, 3, 4), lie=False):
        self.heap, self.amounts, self.lie = heap, tuple(amounts), lie

    def __repr__(self):
        return f"TakeAway({self.heap}, {self.amounts!r}, lie={self.lie})"

    def start(self):
        return self.heap

    def compiled(self):
        heaps = range(self.heap + 1)
        if self.lie:
            children = tuple((t - 1,) if t else () for t in heaps)
        else:
            children = tuple(tuple(sorted({t - a for a in self.amounts if a <= t}))
                             for t in heaps)
        hooks = TierRules(tier=tier, rank=rank, unrank=unrank, sizes=(1,) * (self.heap + 1),
                          children=children, solving_order=tuple(heaps))
        return CompiledRules(child=child, params=np.array(self.amounts, dtype=np.int64),
                             size=self.heap + 1, max_moves=len(self.amounts), tiers=hooks)
