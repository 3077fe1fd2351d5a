"""A game of your own with tiers and nothing to rank by hand: only ``tier()``, the tier solver
ranking each tier's reachable positions itself (see the README, "Tiers ranked by the solver").

Take 1 to 3 counters from a heap of ``heap``, or turn the token over (a move that stays in its
tier, so a tier's positions can cycle: play may go on forever, a draw). A position is ``taken *
2 + token``; its tier is ``taken``, which no move lowers. Who cannot move (the heap is empty)
loses.

    perfectplay solve examples/token_takeaway.py:TokenTakeAway --arg heap=9 --db token.db
"""

import numpy as np
from numba import njit

from perfectplay.compiled import CompiledGame, CompiledRules
from perfectplay.compiled.rules import TierRules


@njit
def child(params, position, move):
    taken = position >> 1
    if taken == params[0]:
        return -1
    if move == 3:
        return position ^ 1
    taken += move + 1
    return taken << 1 if taken <= params[0] else -1


@njit
def tier(params, position):
    return position >> 1


class TokenTakeAway(CompiledGame):
    """Take 1 to 3 from a heap, or turn the token over (the module's docstring)."""

    def __init__(self, heap=12):
        self.heap = heap

    def __repr__(self):
        return f"TokenTakeAway(heap={self.heap})"

    def start(self):
        return 0

    def compiled(self):
        return CompiledRules(child=child, params=np.array([self.heap]),
                             size=2 * (self.heap + 1), max_moves=4, tiers=TierRules(tier=tier))
