"""The partizan game protocol: Left and Right have their own moves; the player who cannot move
loses (normal play). An impartial :class:`~perfectplay.core.game.Game` is the special case
where both have the same moves: :func:`as_partizan` adapts one.
"""

from __future__ import annotations

import ast
from collections.abc import Hashable, Iterable, Iterator
from typing import Any, ClassVar, Generic

from perfectplay.core.errors import GameError
from perfectplay.core.game import Game, P, children_of, has_hook
from perfectplay.core.values import Value

__all__ = ["ImpartialAsPartizan", "PartizanGame", "as_partizan", "checked_options"]


class PartizanGame(Generic[P]):
    """Base class of a partizan game definition: subclass it and write ``start``,
    ``left_moves`` and ``right_moves``.

    The other methods are optional and document their fallbacks; :func:`has_hook` tells which
    a game gives. Games must be short (finite, no position repeats along a line of play) for
    :func:`perfectplay.cgt.canonical_form`.

    Examples
    --------
    A heap from which Left takes 1 counter and Right 2: its values repeat with period 3.

    >>> class Uneven(PartizanGame):
    ...     def start(self):
    ...         return 3
    ...     def left_moves(self, heap):
    ...         return [heap - 1] if heap >= 1 else []
    ...     def right_moves(self, heap):
    ...         return [heap - 2] if heap >= 2 else []
    >>> from perfectplay.cgt import canonical_form
    >>> [str(canonical_form(Uneven(), n)) for n in range(6)]
    ['0', '1', '{1|0}', '0', '1', '{1|0}']
    """

    name: ClassVar[str] = ""
    """Catalogue name (empty for a user's game); the default of ``str(game)``."""

    def start(self) -> P:
        """The position play starts from. Required."""
        raise GameError(f"{type(self).__name__} must define start()")

    def left_moves(self, position: P) -> Iterable[P]:
        """Every position Left can move to from ``position``. Required; deterministic."""
        raise GameError(f"{type(self).__name__} must define left_moves()", position=position)

    def right_moves(self, position: P) -> Iterable[P]:
        """Every position Right can move to from ``position``. Required; deterministic."""
        raise GameError(f"{type(self).__name__} must define right_moves()", position=position)

    def components(self, position: P) -> Iterable[P]:
        """Positions of this game whose disjunctive sum is ``position`` (a board that falls
        into regions); an empty result is the empty sum, 0.

        Fallback: the position is one component.
        """
        return (position,)

    def key(self, position: P) -> Hashable:
        """A canonical form of the position: positions with equal keys must have equal game
        values (a symmetry that keeps Left's moves Left's).

        Fallback: the position itself.
        """
        return position

    def format_position(self, position: P) -> str:
        """One-line text of a position. Fallback: ``repr``, which ``parse_position`` reads back."""
        return repr(position)

    def parse_position(self, text: str) -> P:
        """Inverse of ``format_position``. Fallback: a Python literal.

        Raises
        ------
        ValueError
            When the text is not a position.
        """
        try:
            position: P = ast.literal_eval(text)
        except (ValueError, SyntaxError):
            raise ValueError(f"cannot read position {text!r}") from None
        return position

    def display(self, position: P) -> str:
        """Text shown to a person (may span lines). Fallback: ``format_position``."""
        return self.format_position(position)

    def __str__(self) -> str:
        return self.name or type(self).__name__


class ImpartialAsPartizan(PartizanGame[Any]):
    """An impartial game seen as a partizan one: Left's and Right's moves are both its moves;
    its ``key``, ``components`` and text hooks are passed on.

    A ``primitive`` hook may only end play the normal way (LOSE for the player to move, as
    if there were no moves): any other finished value has no game value.

    >>> from perfectplay.games.nim import Nim
    >>> game = as_partizan(Nim((2,)))
    >>> list(game.left_moves((2,))) == list(game.right_moves((2,))) == [(1,), (0,)]
    True
    """

    def __init__(self, game: Game[Any]) -> None:
        self.game = game

    def __repr__(self) -> str:
        return f"as_partizan({self.game!r})"

    def __str__(self) -> str:
        return str(self.game)

    def start(self) -> Any:
        return self.game.start()

    def _moves(self, position: Any) -> Iterator[Any]:
        if has_hook(self.game, "primitive"):
            value = self.game.primitive(position)
            if value is Value.LOSE:
                return
            if value is not None:
                raise GameError(f"primitive() gave {value.name}: a game value needs normal play "
                                "(the player who cannot move loses)", position=position)
        for _, child in children_of(self.game, position):
            yield child

    def left_moves(self, position: Any) -> Iterator[Any]:
        return self._moves(position)

    def right_moves(self, position: Any) -> Iterator[Any]:
        return self._moves(position)

    def components(self, position: Any) -> Iterable[Any]:
        return self.game.components(position)

    def key(self, position: Any) -> Hashable:
        return self.game.key(position)

    def format_position(self, position: Any) -> str:
        return self.game.format_position(position)

    def parse_position(self, text: str) -> Any:
        return self.game.parse_position(text)

    def display(self, position: Any) -> str:
        return self.game.display(position)


def as_partizan(game: PartizanGame[Any] | Game[Any]) -> PartizanGame[Any]:
    """``game`` itself when partizan, an impartial game adapted, anything else refused.

    Raises
    ------
    GameError
        When ``game`` is neither a :class:`PartizanGame` nor a :class:`Game`.

    >>> as_partizan(3)
    Traceback (most recent call last):
    ...
    perfectplay.core.errors.GameError: expected a PartizanGame or a Game, got 3
    """
    if isinstance(game, PartizanGame):
        return game
    if isinstance(game, Game):
        return ImpartialAsPartizan(game)
    raise GameError(f"expected a PartizanGame or a Game, got {game!r}")


def checked_options(game: PartizanGame[P], position: P, side: str) -> list[P]:
    """``game.left_moves(position)`` (``side="left"``) or ``right_moves``, checked: an iterable
    of hashable positions, none of them None or a ``(move, position)`` pair of the impartial
    protocol.

    Raises
    ------
    GameError
        Naming the hook and the position.

    >>> class Pairs(PartizanGame):
    ...     def left_moves(self, n):
    ...         return [("take", n - 1)]
    >>> checked_options(Pairs(), 2, "left")
    Traceback (most recent call last):
    ...
    perfectplay.core.errors.GameError: left_moves() must yield positions, got the pair ...
    """
    hook = f"{side}_moves"
    options = getattr(game, hook)(position)
    try:
        children = list(options)
    except TypeError:
        raise GameError(f"{hook}() must return an iterable of positions, got {options!r}",
                        position=position) from None
    for child in children:
        if child is None:
            raise GameError(f"{hook}() yielded None, which is not a position", position=position)
        if (isinstance(child, tuple) and len(child) == 2 and not isinstance(position, tuple)
                and type(child[1]) is type(position)):
            raise GameError(f"{hook}() must yield positions, got the pair {child!r} "
                            "(moves of an impartial Game?)", position=position)
        try:
            hash(child)
        except TypeError:
            raise GameError(f"{hook}() yielded an unhashable position {child!r}",
                            position=position) from None
    return children
