"""A token game on an explicit graph with tiers, for the tests: ``params`` is an int64 table,
row 0 ``[n, ...]``, row ``1 + v`` ``[finished value of v or -1, tier, rank, successors...,
-1 padding]``, row ``1 + n + t`` the nodes of tier ``t`` by rank, row ``1 + n + TIERS + v``
the nodes with a move to ``v`` (-1 padding)."""

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
from perfectplay.compiled.rules import TierRules

TIERS = 4
"""Tiers of every graph: tier ``t``'s moves lead to the tiers below it, and to ``t`` itself
when it is loopy (the top tier always is: every graph then has the same most children a tier
has, so the kernels compile once)."""

_CODES = {Value.LOSE: LOSE_CODE, Value.TIE: TIE_CODE, Value.WIN: WIN_CODE}


@njit
def child(params, position, move):
    return params[1 + position, 3 + move]


@njit
def primitive(params, position):
    return params[1 + position, 0]


@njit
def tier(params, position):
    return params[1 + position, 1]


@njit
def rank(params, tier, position):
    return params[1 + position, 2]


@njit
def unrank(params, tier, index):
    return params[1 + params[0, 0] + tier, index]


@njit
def parents(params, position, out):
    row = 1 + params[0, 0] + TIERS + position
    count = 0
    while count < params.shape[1] and params[row, count] >= 0:
        out[count] = params[row, count]
        count += 1
    return count


class TieredGraph(CompiledGame):
    """The token game of ``naive.LabelledGraph`` on nodes ``0 .. n-1`` whose node ``v`` lies in
    tier ``tiers[v]``; ``loopy`` lists the tiers whose moves may stay in them; ``unmoves``:
    the tier hooks give ``parents``."""

    def __init__(self, successors, tiers, loopy, start, finished=None, unmoves=False):
        finished = finished or {}
        n = len(successors)
        members = [[v for v in range(n) if tiers[v] == t] for t in range(TIERS)]
        degree = max((len(kids) for kids in successors.values()), default=0)
        before = [[u for u in range(n) if v in successors[u]] for v in range(n)]
        width = max(3 + degree, *(len(m) for m in members), *(len(b) for b in before), 1)
        table = np.full((1 + n + TIERS + n, width), -1, dtype=np.int64)
        table[0, 0] = n
        for v, kids in successors.items():
            table[1 + v, 0] = _CODES[finished[v]] if v in finished else NOT_PRIMITIVE
            table[1 + v, 1] = tiers[v]
            table[1 + v, 2] = members[tiers[v]].index(v)
            table[1 + v, 3:3 + len(kids)] = kids
        for t, m in enumerate(members):
            table[1 + n + t, :len(m)] = m
        for v, b in enumerate(before):
            table[1 + n + TIERS + v, :len(b)] = b
        self.table, self.n, self.degree, self._start = table, n, degree, start
        self.hooks = TierRules(
            tier=tier, rank=rank, unrank=unrank, sizes=tuple(len(m) for m in members),
            children=tuple(tuple(range(t)) + ((t,) if t in loopy else ()) for t in range(TIERS)),
            solving_order=tuple(range(TIERS)), parents=parents if unmoves else None,
            max_parents=width if unmoves else 0)

    def __repr__(self):
        return f"TieredGraph({self.table.tolist()!r})"

    def start(self):
        return self._start

    def compiled(self):
        return CompiledRules(child=child, primitive=primitive, params=self.table,
                             size=self.n, max_moves=self.degree,
                             tiers=self.hooks)
