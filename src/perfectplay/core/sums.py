"""Disjunctive sums of games: a move is a move in exactly one of the parts."""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator
from typing import Any

from perfectplay.core.errors import GameError
from perfectplay.core.game import Game, Move, Position, has_hook
from perfectplay.core.values import Value

__all__ = ["ABSENT", "Sum"]


class _Absent(enum.Enum):
    ABSENT = "absent"

    def __repr__(self) -> str:
        return "ABSENT"


ABSENT = _Absent.ABSENT
"""In a position of a Sum, a part that is not there (a component stands alone)."""


class Sum(Game):
    """The disjunctive sum of ``games``; also written ``game_a + game_b``.

    A position is the tuple of the parts' positions; a move ``(i, move)`` is ``move`` in part
    ``i``. The sum ends when no part can move (normal play: the player who cannot move loses).
    Each part's components are components of the sum, so
    :func:`~perfectplay.impartial.grundy.grundy` values a sum as the nim-sum of its parts; misère
    play and loopy parts need a search over the sum itself (``outcome(misere(a + b))``).

    Examples
    --------
    >>> from perfectplay import outcome
    >>> from perfectplay.games.nim import Nim
    >>> from perfectplay.games.subtraction import Subtraction
    >>> from perfectplay.impartial.grundy import grundy
    >>> game = Nim((3,)) + Subtraction(9, (1, 3, 4))
    >>> game.start(), grundy(game), outcome(game)
    (((3,), 9), 3, Value.WIN)

    References
    ----------
    .. [1] *Winning Ways*, vol. 1, ch. 2–3 (sums of games).
    """

    games: tuple[Game[Any], ...]
    """The parts, a nested sum flattened."""

    def __init__(self, games: Iterable[Game[Any]]) -> None:
        parts: list[Game[Any]] = []
        for game in games:
            parts.extend(game.games if isinstance(game, Sum) else (game,))
        if not parts:
            raise ValueError("a sum needs at least one game")
        self.games = tuple(parts)

    def __repr__(self) -> str:
        return " + ".join(map(repr, self.games))

    def __str__(self) -> str:
        return " + ".join(map(str, self.games))

    def start(self) -> tuple[Position, ...]:
        return tuple(game.start() for game in self.games)

    def moves(self, position: tuple[Position, ...]) -> Iterator[tuple[Move, tuple]]:
        for i, (game, part) in enumerate(zip(self.games, position, strict=True)):
            if part is ABSENT:
                continue
            if has_hook(game, "primitive"):
                value = game.primitive(part)
                if value is not None:
                    if value is not Value.LOSE:
                        raise GameError(f"a part of a sum ended with {value}; sums need normal "
                                        "play", position=position)
                    continue
            for move, child in game.moves(part):
                yield (i, move), (*position[:i], child, *position[i + 1:])

    def key(self, position: tuple[Position, ...]) -> tuple[Any, ...]:
        return tuple(part if part is ABSENT else game.key(part)
                     for game, part in zip(self.games, position, strict=True))

    def components(self, position: tuple[Position, ...]) -> list[tuple[Position, ...]]:
        alone = (ABSENT,) * len(self.games)
        parts = [(*alone[:i], c, *alone[i + 1:])
                 for i, (game, part) in enumerate(zip(self.games, position, strict=True))
                 if part is not ABSENT for c in game.components(part)]
        return [position] if len(parts) == 1 else parts

    def format_position(self, position: tuple[Position, ...]) -> str:
        return " + ".join("-" if part is ABSENT else game.format_position(part)
                          for game, part in zip(self.games, position, strict=True))

    def format_move(self, move: tuple[int, Move]) -> str:
        return f"{move[0]}:{self.games[move[0]].format_move(move[1])}"
