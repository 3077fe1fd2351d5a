"""The Game protocol: the rules a user writes once, and the defaults for its optional hooks."""

from __future__ import annotations

import ast
from collections.abc import Hashable, Iterable, Iterator
from typing import Any, ClassVar, TypeAlias

from perfectplay.core.errors import GameError
from perfectplay.core.values import Value

__all__ = ["Game", "Move", "Position", "children_of", "has_hook", "move_order"]

Position: TypeAlias = Hashable
"""An immutable, hashable value: int, str, tuple, frozenset, frozen dataclass."""

Move: TypeAlias = Hashable
"""A hashable, printable label of a choice; compared to pick the smallest among equals."""


class Game:
    """Base class of a game definition: subclass it and write ``start`` and ``moves``.

    Every other method is optional and documents its fallback.

    Examples
    --------
    A heap of counters, take 1 or 2, the player who cannot move loses:

    >>> from perfectplay import Game, solve
    >>> class TakeAway(Game):
    ...     def start(self):
    ...         return 7
    ...     def moves(self, heap):
    ...         for take in (1, 2):
    ...             if take <= heap:
    ...                 yield take, heap - take
    >>> solution = solve(TakeAway())
    >>> solution.value(7), solution.remoteness(7), solution.best_move(7)
    (Value.WIN, 5, 1)
    """

    name: ClassVar[str] = ""
    """Catalogue name (empty for a user's game); the default of ``str(game)``."""

    def start(self) -> Position:
        """The position play starts from. Required."""
        raise NotImplementedError(f"{type(self).__name__} must define start()")

    def moves(self, position: Position) -> Iterable[tuple[Move, Position]]:
        """Every legal ``(move, child)`` pair from ``position``. Required.

        Must be deterministic: the same position yields the same pairs every time.
        """
        raise NotImplementedError(f"{type(self).__name__} must define moves()")

    def primitive(self, position: Position) -> Value | None:
        """The value of a finished position, or None when play goes on.

        Fallback: None everywhere, so a position with no moves is a LOSE (normal play).
        When it returns a value, ``moves`` is not consulted for that position.
        """
        return None

    def key(self, position: Position) -> Hashable:
        """A canonical form: positions with equal keys must have equal values.

        Fallback: the position itself (no symmetry, no abstraction). Solvers solve one
        position per key; ``perfectplay check`` verifies the claim on small instances.
        """
        return position

    def components(self, position: Position) -> Iterable[Position]:
        """Independent sub-games whose sum is ``position`` (impartial games).

        Fallback: the position is one component.
        """
        return (position,)

    def format_position(self, position: Position) -> str:
        """One-line text of a position. Fallback: ``repr``, which ``parse_position`` reads back."""
        return repr(position)

    def parse_position(self, text: str) -> Position:
        """Inverse of ``format_position``. Fallback: a Python literal (int, str, tuple, ...)."""
        try:
            return ast.literal_eval(text)
        except (ValueError, SyntaxError):
            raise ValueError(f"cannot read position {text!r}") from None

    def format_move(self, move: Move) -> str:
        """Text of a move label. Fallback: ``str``."""
        return str(move)

    def display(self, position: Position) -> str:
        """Text shown to a person playing (may span lines). Fallback: ``format_position``."""
        return self.format_position(position)

    def __str__(self) -> str:
        return self.name or type(self).__name__

    def __add__(self, other: Game) -> Game:
        """The disjunctive sum ``self + other``: see :class:`perfectplay.core.sums.Sum`."""
        from perfectplay.core.sums import Sum  # imported here: sums.py builds on Game

        return Sum((self, other))


def has_hook(game: object, hook: str) -> bool:
    """Whether ``game`` overrides an optional hook of Game, or defines a hook Game lacks.

    >>> from perfectplay.games.nim import Nim
    >>> has_hook(Nim(), "key"), has_hook(Nim(), "primitive"), has_hook(Nim(), "compiled")
    (True, False, False)
    """
    method = getattr(type(game), hook, None)
    return method is not None and method is not getattr(Game, hook, None)


def children_of(game: Game, position: Position) -> Iterator[tuple[Move, Position]]:
    """``game.moves(position)``, checked: pairs of a move and a hashable child.

    Raises
    ------
    GameError
        When ``moves`` yields something other than a pair, or an unhashable child.
    """
    for pair in game.moves(position):
        try:
            move, child = pair
            hash(child)
        except (TypeError, ValueError):
            raise GameError(f"moves() must yield (move, hashable position) pairs, got {pair!r}",
                            position=position) from None
        yield move, child


def move_order(move: Any) -> tuple[int, Any]:
    """Sort key that puts move labels in their natural order, text order across types."""
    if isinstance(move, bool | int | float):
        return (0, move)
    if isinstance(move, str):
        return (1, move)
    if isinstance(move, tuple) and all(isinstance(x, int | str) for x in move):
        return (2, tuple(move_order(x) for x in move))
    return (3, str(move))
