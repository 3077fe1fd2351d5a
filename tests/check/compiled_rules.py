"""Compiled rules of a take-away game (one heap, take ``params[move]`` counters) for the tests of
``perfectplay check`` on games written only as compiled rules, sound and deliberately broken,
and a broken rule of Interval Game 2."""

import dataclasses

import numpy as np
from numba import njit

from perfectplay.compiled import LOSE_CODE, NOT_PRIMITIVE, CompiledGame, CompiledRules


@njit
def take(params, heap, move):
    amount = params[move]
    return heap - amount if amount <= heap else -1


@njit
def over_at_zero(params, heap):
    """The empty heap is lost for the player to move: what normal play says anyway."""
    return LOSE_CODE if heap == 0 else NOT_PRIMITIVE


@njit
def seven_at_zero(params, heap):
    """Not a value code."""
    return 7 if heap == 0 else NOT_PRIMITIVE


@njit
def past_the_end(params, heap, move):
    """A child beyond the encoding."""
    return heap + 100


@njit
def first_move_forever(params, heap, move):
    """A next_move that lists move 0 again and again."""
    return 0


@njit
def split_in_two(params, heap, move):
    """A move that leaves two heaps (a Grundy-style rule): this half and the ``rest``."""
    return heap // 2 if heap > 1 else -1


@njit
def other_half(params, heap, move):
    return heap - heap // 2


@njit
def no_rest(params, position, move):
    """Interval Game 2's rest, broken: the stretch right of the picked interval is dropped."""
    return -1


class TakeAway(CompiledGame):
    """One heap of ``heap`` counters; a move takes 1, 2 or 3. ``changes`` replace fields of
    the rules (to break them)."""

    def __init__(self, heap=10, **changes):
        self.heap = heap
        self.changes = changes

    def __repr__(self):
        return f"TakeAway({self.heap})"

    def start(self):
        return self.heap

    def compiled(self):
        rules = CompiledRules(child=take, primitive=over_at_zero,
                              params=np.array([1, 2, 3], dtype=np.int64), size=self.heap + 1,
                              max_moves=3)
        return dataclasses.replace(rules, **self.changes)
