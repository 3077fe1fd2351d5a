"""Misère play: the same moves, but the player who makes the last move loses."""

from __future__ import annotations

from collections.abc import Hashable, Iterable

from perfectplay.core.game import Game, Move, Position, has_hook
from perfectplay.core.values import Value
from perfectplay.impartial.grundy import grundy_table

__all__ = ["Misere", "misere", "misere_grundy"]


class Misere(Game):
    """``game`` under the misère convention: a position with no moves is a WIN for the player
    to move (the opponent made the last move), and a finished position's value is negated.

    Components are not passed on: misère values of sums follow no nim-sum rule, so solvers
    search the sum itself.
    """

    def __init__(self, game: Game) -> None:
        self.game = game

    def __repr__(self) -> str:
        return f"misere({self.game!r})"

    def __str__(self) -> str:
        return f"misère {self.game}"

    def start(self) -> Position:
        return self.game.start()

    def moves(self, position: Position) -> Iterable[tuple[Move, Position]]:
        return self.game.moves(position)

    def primitive(self, position: Position) -> Value | None:
        if has_hook(self.game, "primitive"):
            value = self.game.primitive(position)
            if value is not None:
                return value.negate()
        return None if any(True for _ in self.game.moves(position)) else Value.WIN

    def key(self, position: Position) -> Hashable:
        return self.game.key(position)

    def format_position(self, position: Position) -> str:
        return self.game.format_position(position)

    def parse_position(self, text: str) -> Position:
        return self.game.parse_position(text)

    def format_move(self, move: Move) -> str:
        return self.game.format_move(move)

    def display(self, position: Position) -> str:
        return self.game.display(position)


def misere(game: Game) -> Misere:
    """The misère version of ``game``, ready for :func:`perfectplay.solve` or ``outcome``.

    Examples
    --------
    Heaps 1 and 1 of Nim lose for the player to move in normal play and win in misère play;
    sums are searched whole.

    >>> from perfectplay import outcome, solve
    >>> from perfectplay.games.nim import Nim
    >>> outcome(Nim((1, 1))), outcome(misere(Nim((1, 1))))
    (Value.LOSE, Value.WIN)
    >>> from perfectplay.impartial.octal import OctalGame
    >>> outcome(misere(OctalGame("0.77", (2,)) + OctalGame("0.77", (3,))))
    Value.WIN

    References
    ----------
    .. [1] *Winning Ways*, vol. 2, ch. 13 ("Survival in the lost world").
    """
    return Misere(game)


def misere_grundy(game: Game, position: Position | None = None, *,
                  table: dict[Hashable, int] | None = None) -> int:
    """The misère Grundy value of ``position``: the mex of its children's misère values, 1
    for a position with no moves [1]_. It is the value of the misère game played alone as a
    single heap: nonzero exactly when the player to move wins it. Unlike normal play it gives
    no rule for sums (search the sum: ``outcome(misere(a + b))``).

    The whole position is searched (components are ignored: there is no nim-sum rule).

    Examples
    --------
    Misère Kayles on one row of 0 to 9 pins:

    >>> from perfectplay.impartial.octal import OctalGame
    >>> [misere_grundy(OctalGame("0.77", (n,))) for n in range(10)]
    [1, 0, 2, 3, 0, 1, 3, 2, 1, 0]

    References
    ----------
    .. [1] J. H. Conway, *On Numbers and Games*, ch. 12; *Winning Ways*, vol. 2, ch. 13.
    """
    start = game.start() if position is None else position
    return grundy_table(game, start, {} if table is None else table, components=False,
                        terminal=1)
