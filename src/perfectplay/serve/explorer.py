"""The answers the page asks for, as JSON-ready data: the game, one position with its moves, and
the analysis table. No HTTP here: :mod:`perfectplay.serve.app` serves these answers.

A move is :meth:`MoveValue.to_json`: its ``value`` for the player who makes it, its
``remoteness`` that of the position it leads to, as :meth:`Solution.moves` gives them, and
``moves_to_end``, the move itself counted, what the page shows a person (see the README's
"Values and remoteness").
"""

from __future__ import annotations

import threading
from collections.abc import Mapping
from contextlib import nullcontext
from typing import Any

from perfectplay.core.errors import PositionNotSolved, SearchStopped, SolutionFileError
from perfectplay.core.solution import Counts, Solution, game_identity

__all__ = ["MAX_POSITION_TEXT", "BadRequest", "Explorer", "Unavailable"]

MAX_POSITION_TEXT = 10_000
"""Longest position text read (characters): a longer one is refused unread."""


class BadRequest(ValueError):
    """A question the explorer cannot answer: no position, or one that does not parse or that
    the solution does not hold."""


class Unavailable(RuntimeError):
    """The solution cannot answer: reading it failed (a damaged or unreadable database file,
    say). The message is one line saying why."""

    @classmethod
    def of(cls, exc: Exception) -> Unavailable:
        """The failure ``exc`` of the solution, said in one line."""
        said = str(exc) if isinstance(exc, SolutionFileError) else f"{type(exc).__name__}: {exc}"
        return cls("the solution's data is damaged or unreadable: " + " ".join(said.split()))


class Explorer:
    """The page's questions about one solution.

    Parameters
    ----------
    solution : Solution
    options : mapping of str to str, optional
        The game's options as given on the command line (name -> text), shown on the page.
    start : Position, optional
        The position the page opens on (default: the solution's start).

    Examples
    --------
    >>> from perfectplay import solve
    >>> from perfectplay.games.subtraction import Subtraction
    >>> explorer = Explorer(solve(Subtraction(4, (1, 2))), options={"heap": "4", "set": "1,2"})
    >>> explorer.describe()["start"], explorer.describe()["numbered"]
    ('4', False)
    >>> answer = explorer.position("4")
    >>> answer["value"], answer["remoteness"], answer["moves"][0]
    ('win', 3, {'move': '1', 'child': '3', 'value': 'win', 'remoteness': 2, 'moves_to_end': 3})
    >>> explorer.position("5")
    Traceback (most recent call last):
    ...
    perfectplay.serve.explorer.BadRequest: position '5' is not reachable from the start ('4')
    >>> explorer.counts()["counts"]
    {'win': 3, 'lose': 2, 'tie': 0, 'draw': 0}
    """

    def __init__(self, solution: Solution[Any], *, options: Mapping[str, str] | None = None,
                 start: Any = None) -> None:
        self.solution = solution
        self.game = solution.game
        self.start = solution.start if start is None else start
        self.options = dict(options or {})
        self.board = self.game.picture()
        self._counts: Counts | None = None

    def describe(self) -> dict[str, Any]:
        """The game: its name, options, start position text, whether the page numbers the moves
        (not when a move is written as a number, as ``perfectplay play`` does), the solution's
        size (None for one that searches each position when asked: ``tabulated`` False) and
        engine, and the fixed part of its picture.

        Raises
        ------
        Unavailable
            When reading the solution fails.
        """
        game, start, solution = self.game, self.start, self.solution
        if solution.tabulated:
            try:
                moves = [entry.move for entry in solution.moves(start)]
            except Exception as exc:  # whatever a damaged store raises: see position()
                raise Unavailable.of(exc) from None
        else:  # the moves' labels alone: their values would be a search of the start
            moves = [move for move, _ in game.moves(start)]
        texts = [game.format_move(move) for move in moves]
        return {"name": str(game), "game": game_identity(game), "options": self.options,
                "start": game.format_position(start),
                "numbered": not any(text.isascii() and text.isdigit() for text in texts),
                "tabulated": solution.tabulated,
                "positions": len(solution) if solution.tabulated else None,
                "method": solution.method, "board": self.board.describe()}

    def position(self, text: str | None) -> dict[str, Any]:
        """A position and every move from it, best first: :meth:`answer` of :meth:`read`.

        Raises
        ------
        BadRequest
            When ``text`` is missing, too long, does not parse, or names a position the
            solution does not hold.
        Unavailable
            When reading the solution fails.
        """
        return self.answer(self.read(text))

    def read(self, text: str | None) -> Any:
        """The position ``text`` names (parsed and hashable, not looked up yet).

        Raises
        ------
        BadRequest
            When ``text`` is missing, too long or does not parse.
        """
        if text is None:
            raise BadRequest("no position: ask for /api/position?p=TEXT")
        if len(text) > MAX_POSITION_TEXT:
            raise BadRequest(f"a position text is at most {MAX_POSITION_TEXT:,} characters, got "
                             f"{len(text):,}")
        try:
            position = self.game.parse_position(text)
            hash(position)
        except Exception as exc:  # the game's own parser: whatever it raises, this is no position
            raise BadRequest(f"cannot read position {_quoted(text)}: {exc}") from None
        return position

    def answer(self, position: Any, stop: threading.Event | None = None) -> dict[str, Any]:
        """A position (as :meth:`read` gives it) and every move from it, best first. A search
        (a solution that searches each position when asked) stops soon after ``stop`` is set.

        Raises
        ------
        SearchStopped
            When ``stop`` stopped a search.
        BadRequest
            When the solution does not hold ``position``.
        Unavailable
            When reading the solution fails.
        """
        game, solution = self.game, self.solution
        stopping = getattr(solution, "stopped_by", None)  # a SearchSolution's
        try:
            with nullcontext() if stop is None or stopping is None else stopping(stop):
                value, remoteness = solution.value(position), solution.remoteness(position)
                moves = solution.moves(position)
        except SearchStopped:
            raise
        except PositionNotSolved:
            text, start = game.format_position(position), game.format_position(solution.start)
            raise BadRequest(f"position {_quoted(text)} is not reachable from the start "
                             f"({start!r})") from None
        except Exception as exc:
            # the position parsed and is hashable, and the stores answer None for one they
            # cannot encode: what else they raise is their data failing them (a truncated
            # file's IndexError as much as a checked SolutionFileError)
            raise Unavailable.of(exc) from None
        board = self.board.draw(position)
        board["targets"] = self.board.targets(position, moves)
        return {"position": game.format_position(position), "display": game.display(position),
                "value": str(value), "remoteness": remoteness,
                "moves": [entry.to_json(game) for entry in moves],
                "board": board}

    def counts(self) -> dict[str, Any]:
        """The analysis table, as ``perfectplay solve --json`` gives it: ``positions``,
        ``counts`` (value -> positions), ``by_remoteness`` (remoteness -> value -> positions)
        and ``primitives``.

        Raises
        ------
        BadRequest
            When the solution is not ``tabulated``: it has no table to count.
        Unavailable
            When reading the solution fails.
        """
        if not self.solution.tabulated:
            raise BadRequest(f"the analysis table is not available: {self.game} is answered by "
                             "search, one position at a time")
        if self._counts is None:
            try:
                self._counts = self.solution.counts()
            except Exception as exc:  # whatever a damaged store raises: see position()
                raise Unavailable.of(exc) from None
        counts = self._counts
        return {"positions": counts.positions,
                "counts": {str(v): n for v, n in counts.by_value.items()},
                "by_remoteness": {str(r): {str(v): n for v, n in row.items()}
                                  for r, row in counts.by_remoteness.items()},
                "primitives": {str(v): n for v, n in counts.primitives.items() if n}}


def _quoted(text: str) -> str:
    """``repr`` of a text, cut short: an error message stays one readable line."""
    return repr(text) if len(text) <= 60 else repr(text[:57]) + "..."
