"""The value of one position of a compiled game, by memoised search with early exit."""

from __future__ import annotations

import numpy as np

from perfectplay.compiled.kernels import kernels_for, search
from perfectplay.compiled.rules import rules_of
from perfectplay.core.errors import CycleError
from perfectplay.core.game import Game, Position
from perfectplay.core.values import Value

__all__ = ["compiled_query"]

_VALUES = (Value.LOSE, Value.TIE, Value.WIN)


def compiled_query(game: Game, position: Position | None = None) -> Value:
    """The value of ``position`` (default: the start) for the player to move, without
    remoteness.

    A depth-first search over a one-byte-a-position table that stops searching a position at
    its first losing child: what a judge-style question needs, and often a small part of the
    game. A game with cycles is handed to the strong solve (cycles may make DRAWs).

    Parameters
    ----------
    game : Game
        A game with a ``compiled()`` method.
    position : Position, optional

    Returns
    -------
    Value

    Raises
    ------
    ValueError
        When the game has no compiled rules or the position is outside the encoding.
    GameError
        When the rules break their contract.

    Examples
    --------
    >>> from perfectplay.games.shiritori import Shiritori
    >>> compiled_query(Shiritori(("enum", "float", "if", "modint", "takahashi", "template")))
    Value.WIN
    """
    rules = rules_of(game)
    start = game.start() if position is None else position
    first = rules.index(start)
    try:
        value = search(kernels_for(rules).query, rules, first,
                       (np.zeros(rules.size, dtype=np.uint8),))
    except CycleError:
        from perfectplay.compiled.solve import compiled_solve

        return compiled_solve(game, start).value(start)
    return _VALUES[value]
