"""Tier hooks for the tests of ``perfectplay check`` on tiers: a take-away heap in blocks of
``params[3]`` counters (tier ``heap // params[3]``, rank the heap's place in its block), sound
and deliberately broken."""

import numpy as np
from numba import njit

from perfectplay.compiled.rules import TierRules


@njit
def block(params, heap):
    return heap // params[3]


@njit
def place_in_block(params, tier, heap):
    return heap - tier * params[3]


@njit
def heap_of_place(params, tier, index):
    return tier * params[3] + index


@njit
def place_from_the_top(params, tier, heap):
    """Not inverse to ``heap_of_place``: the place counted from the block's top."""
    return (tier + 1) * params[3] - 1 - heap


@njit
def place_past_the_block(params, tier, heap):
    """Out of range: one block further on."""
    return heap - tier * params[3] + params[3]


def blocks(heap, size, *, sizes=None, children=None, rank=place_in_block):
    """``changes`` for :class:`check.compiled_rules.TakeAway` of ``heap`` counters: tiers of
    ``size`` heaps, each move reaching its own tier or the one below unless ``children`` says
    otherwise."""
    count = heap // size + 1
    if sizes is None:
        sizes = tuple(min(size, heap + 1 - t * size) for t in range(count))
    if children is None:
        children = tuple((t, t - 1) if t else (0,) for t in range(len(sizes)))
    tiers = TierRules(tier=block, rank=rank, unrank=heap_of_place, sizes=sizes,
                      children=children, solving_order=tuple(range(len(sizes))))
    return {"params": np.array([1, 2, 3, size], dtype=np.int64), "tiers": tiers}
