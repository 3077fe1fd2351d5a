"""The exception tree: every error perfectplay raises on purpose derives from PerfectplayError."""

from __future__ import annotations

from typing import Any

__all__ = ["QUOTE_LIMIT", "CycleError", "DamagedDataError", "EngineLimitError", "GameError",
           "NotApplicable", "PerfectplayError", "PositionNotSolved", "SearchStopped",
           "SolutionFileError", "quote"]

QUOTE_LIMIT = 100
"""Most characters of input an error message quotes."""


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
                         "use the retrograde method")


class EngineLimitError(PerfectplayError, ValueError):
    """The game is sound but its solution does not fit an engine: the memory it would take is
    more than the machine has, or a remoteness is beyond what its codes hold.

    ``method="auto"`` then goes on to the next engine that fits, and raises this when none
    does, saying what each one needed.
    """


class SearchStopped(PerfectplayError):
    """A search stopped because the one who asked no longer waits for it (the event given to
    :meth:`~perfectplay.compiled.search_solution.SearchSolution.stopped_by` was set): nothing
    it found is remembered, and the bounds it left in its table stay true."""


class NotApplicable(PerfectplayError, ValueError):
    """An engine cannot answer this question for this game: it lacks a capability the game
    needs (compiled rules whose moves leave sums, for the value kernels).

    ``method="auto"`` then goes on to the next engine.
    """


class PositionNotSolved(PerfectplayError, KeyError):
    """A position asked of a Solution is not among the positions it solved."""

    def __init__(self, position: Any) -> None:
        self.position = position
        super().__init__(position)

    def __str__(self) -> str:
        return f"position {self.position!r} is not reachable in this solution"


class SolutionFileError(PerfectplayError):
    """A saved solution is unreadable or not this game's: wrong format, unknown version, failed
    checksum, damaged or crafted contents (sizes, codes, positions), or saved for another
    game."""


def quote(text: str, limit: int = QUOTE_LIMIT) -> str:
    """Input text as an error message quotes it: its ``repr``, the first ``limit`` characters
    only when it is longer, so that a message stays one short line whatever the input.

    >>> quote("4455")
    "'4455'"
    >>> quote("x" * 1000, limit=5)
    "'xxxxx'... (1,000 characters)"
    """
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit]!r}... ({len(text):,} characters)"


class DamagedDataError(SolutionFileError):
    """A file of a tier database is damaged, truncated, crafted or not its own: it fails a
    checksum, disagrees with the manifest or its own name, or is not a regular file. Nothing of
    it is used; the command line exits with status 3, naming the file."""
