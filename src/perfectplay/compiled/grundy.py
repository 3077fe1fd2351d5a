"""Grundy values of every reachable position of an impartial compiled game."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

import numpy as np

from perfectplay.compiled.bitset import has_member, members
from perfectplay.compiled.kernels import compiling_seconds, kernels_for, search
from perfectplay.compiled.rules import CompiledRules, rules_of
from perfectplay.core.errors import PositionNotSolved
from perfectplay.core.game import Game, Position

__all__ = ["GrundyTable", "compiled_grundy"]


@dataclass(frozen=True, eq=False)
class GrundyTable:
    """Grundy values over a compiled game's integer positions."""

    rules: CompiledRules
    """The rules solved."""

    reachable: Any
    """uint8 bit array: bit ``i & 7`` of byte ``i >> 3`` is set for every reachable ``i``."""

    values: Any
    """uint16 Grundy value of every integer position (meaningful where reachable)."""

    compile_seconds: float
    """Seconds spent building the rules (numba's import) and compiling or loading the kernels,
    apart from the search."""

    def indices(self) -> Any:
        """The reachable integer positions, ascending (int64 array)."""
        return members(self.reachable, self.rules.size)

    def grundy(self, position: Position) -> int:
        """The Grundy value of a game position.

        Raises
        ------
        PositionNotSolved
            When the position is not reachable from where the table started.
        """
        try:
            i = self.rules.index(position)
        except ValueError:
            raise PositionNotSolved(position) from None
        if not has_member(self.reachable, i):
            raise PositionNotSolved(position)
        return int(self.values[i])


def compiled_grundy(game: Game, position: Position | None = None) -> GrundyTable:
    """Grundy values (nimbers) of every position reachable from ``position`` of an impartial
    game, under normal play: each is the mex of its children's values [1]_.

    The compiled counterpart of :mod:`perfectplay.impartial.grundy`: one depth-first search, each
    position's value taken when its last child is done. Where the rules give ``rest`` (see
    :class:`~perfectplay.compiled.rules.CompiledRules`), a move leaves a sum of two positions,
    both in the table, and is worth the nim-sum of their values: take-and-break games need no
    position per sum. A primitive position, if any, must be a LOSE (Grundy value 0).

    Parameters
    ----------
    game : Game
        An impartial game with a ``compiled()`` method.
    position : Position, optional
        Where to start; the game's ``start()`` by default.

    Returns
    -------
    GrundyTable

    Raises
    ------
    ValueError
        When the position is outside the encoding.
    GameError
        When the rules break their contract.
    CycleError
        When a line of play repeats a position.

    Examples
    --------
    Shiritori is impartial: both players choose from the same words.

    >>> from perfectplay.games.shiritori import Shiritori
    >>> table = compiled_grundy(Shiritori(("ab", "ba", "bb")))
    >>> table.grundy(Shiritori(("ab", "ba", "bb")).start())
    1

    In Interval Game 2 a picked interval leaves the stretches on either side, a sum:

    >>> from perfectplay.games.interval_game_2 import IntervalGame2
    >>> game = IntervalGame2(((1, 2), (2, 3), (3, 4), (1, 4)))
    >>> table = compiled_grundy(game)
    >>> table.grundy(game.start()), table.grundy(((1, 2),))
    (1, 1)

    References
    ----------
    .. [1] E. R. Berlekamp, J. H. Conway, R. K. Guy, *Winning Ways for your Mathematical
       Plays*, ch. 4, 2nd ed., A K Peters, 2001.
    """
    started, compiled = time.perf_counter(), compiling_seconds()
    rules = rules_of(game)  # the game's compiled rules import numba
    start = game.start() if position is None else position
    first = rules.index(start)
    loading = time.perf_counter() - started
    module = kernels_for(rules)  # counted in compiling_seconds
    reach = np.zeros((rules.size + 7) // 8, dtype=np.uint8)
    values = np.zeros(rules.size, dtype=np.uint16)
    seen = np.full(rules.max_moves + 1, -1, dtype=np.int64)
    search(module.grundy_memo, rules, first, (reach, values), (seen,), sums=True)
    return GrundyTable(rules, reach, values, loading + compiling_seconds() - compiled)
