"""Game definitions that each break one rule of the protocol, for test_broken_games.py: the
command line loads them as ``path/to/broken_games.py:Name``."""

import numpy as np
from numba import njit

from perfectplay import Game, Value
from perfectplay.compiled import NOT_PRIMITIVE, CompiledGame, CompiledRules


class Countdown(Game):
    """The sound game the others break: a heap, a move takes one, who cannot move loses."""

    def __init__(self, heap=2):
        self.heap = heap

    def start(self):
        return self.heap

    def moves(self, heap):
        return [(1, heap - 1)] if heap else []


class NoneMoves(Countdown):
    def moves(self, heap):
        return None


class NotPairs(Countdown):
    def moves(self, heap):
        return [heap - 1] if heap else []


class UnhashableStart(Countdown):
    def start(self):
        return [2]


class UnhashableChild(Countdown):
    def moves(self, heap):
        return [(1, [heap - 1])]


class UnhashableKey(Countdown):
    def key(self, heap):
        return [heap]


class UnhashableKeyBelow(Countdown):
    """The start's key hashes, its child's does not: met on an edge, not at the start."""

    def key(self, heap):
        return heap if heap == self.heap else [heap]


class NoStart(Game):
    def moves(self, heap):
        return []


class NoMoves(Game):
    def start(self):
        return 2


class NotAGame:
    def start(self):
        return 2

    def moves(self, heap):
        return []


class WordPrimitive(Countdown):
    def primitive(self, heap):
        return "over" if heap == 0 else None


class DrawPrimitive(Countdown):
    def primitive(self, heap):
        return Value.DRAW if heap == 0 else None


class ListPrimitive(Countdown):
    def primitive(self, heap):
        return [heap] if heap == 0 else None


@njit
def _take(params, heap, move):
    amount = params[move]
    return heap - amount if amount <= heap else -1


@njit
def _past_the_end(params, heap, move):
    return heap + 100


@njit
def _seven_at_zero(params, heap):
    return 7 if heap == 0 else NOT_PRIMITIVE


class PastTheEnd(CompiledGame):
    """Compiled rules whose moves leave the encoding: the Python solvers followed them, without
    end."""

    def start(self):
        return 10

    def compiled(self):
        return CompiledRules(child=_past_the_end, params=np.array([1, 2, 3]), size=11,
                             max_moves=3)


class SevenAtZero(CompiledGame):
    """A compiled primitive that gives no value code: the Python solvers read it as play goes
    on."""

    def start(self):
        return 10

    def compiled(self):
        return CompiledRules(child=_take, primitive=_seven_at_zero, params=np.array([1, 2, 3]),
                             size=11, max_moves=3)
