"""The exception tree: every error perfectplay raises on purpose derives from PerfectplayError."""

from __future__ import annotations

from typing import Any

__all__ = ["CycleError", "EngineLimitError", "GameError", "PerfectplayError", "PositionNotSolved",
           "SolutionFileError"]


class PerfectplayError(Exception):
    """Base class of perfectplay's errors."""


class GameError(PerfectplayError, ValueError):
    """A game definition broke the protocol: names the rule and the position where it happened.

    >>> raise GameError("moves() yielded an unhashable position", position=(1, [2]))
    Traceback (most recent call last):
    ...
    perfectplay.core.errors.GameError: moves() yielded an unhashable position (at position (1, [2]))
    """

    def __init__(self, rule: str, *, position: Any = None) -> None:
        self.rule = rule
        self.position = position
        where = "" if position is None else f" (at position {position!r})"
        super().__init__(f"{rule}{where}")


class CycleError(PerfectplayError):
    """Memoised search met a position that repeats along a line of play.

    Retrograde analysis handles such games; ``solve(game, method="auto")`` switches to it.
    """

    def __init__(self, position: Any) -> None:
        self.position = position
        super().__init__(f"the game has a cycle through position {position!r}; "
                         "use method='retrograde'")


class EngineLimitError(PerfectplayError, ValueError):
    """The game is sound but its solution does not fit the compiled engine's tables: a
    remoteness beyond what two bytes a position hold, or an encoding too large to allocate.

    ``solve(game, method="auto")`` then solves it on the pure-Python path, which has no such
    limit.
    """


class PositionNotSolved(PerfectplayError, KeyError):
    """A position asked of a Solution is not among the positions it solved."""

    def __init__(self, position: Any) -> None:
        self.position = position
        super().__init__(position)

    def __str__(self) -> str:
        return f"position {self.position!r} is not reachable in this solution"


class SolutionFileError(PerfectplayError):
    """A saved solution is unreadable: wrong format, unknown version or failed checksum."""
