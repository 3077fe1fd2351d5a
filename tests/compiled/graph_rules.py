"""Compiled rules of a token game on an explicit graph, for the tests: ``params`` is an int64
table, row ``v`` = ``[finished value of v or -1, successor 0, successor 1, ..., -1 padding]``."""

from __future__ import annotations

import numpy as np
from numba import njit

from perfectplay import Value
from perfectplay.compiled import (
    LOSE_CODE,
    NOT_PRIMITIVE,
    TIE_CODE,
    WIN_CODE,
    CompiledGame,
    CompiledRules,
)

_CODES = {Value.LOSE: LOSE_CODE, Value.TIE: TIE_CODE, Value.WIN: WIN_CODE}


@njit
def child(params, position, move):
    return params[position, 1 + move]


@njit
def primitive(params, position):
    return params[position, 0]


class CompiledGraph(CompiledGame):
    """The token game of ``naive.LabelledGraph`` on nodes ``0 .. n-1``, compiled."""

    def __init__(self, successors, start, finished=None):
        finished = finished or {}
        n = len(successors)
        width = max((len(kids) for kids in successors.values()), default=0)
        table = np.full((n, 1 + width), -1, dtype=np.int64)
        for node, kids in successors.items():
            table[node, 0] = _CODES[finished[node]] if node in finished else NOT_PRIMITIVE
            table[node, 1:1 + len(kids)] = kids
        self.table = table
        self._start = start

    def start(self):
        return self._start

    def compiled(self):
        return CompiledRules(child=child, primitive=primitive, params=self.table,
                             size=len(self.table), max_moves=self.table.shape[1] - 1)
