"""Solvers over any Game, one module per computation, behind one front door: ``solve``."""

from __future__ import annotations

from collections.abc import Callable

from perfectplay.core.errors import CycleError, EngineLimitError
from perfectplay.core.game import Game, Position
from perfectplay.core.values import Value
from perfectplay.solve.memo import memo_outcome, memo_solve
from perfectplay.solve.retrograde import retrograde_solve
from perfectplay.solve.solution import Counts, MoveValue, Solution

__all__ = ["COMPILED_THRESHOLD", "METHODS", "Counts", "MoveValue", "Solution", "outcome", "solve"]

METHODS = ("auto", "memo", "retrograde", "compiled")
"""The names ``solve`` accepts for ``method``."""

COMPILED_THRESHOLD = 200_000
"""``auto`` uses the compiled engine for a game with compiled rules whose encoding has at least
this many integers: below it the pure-Python solvers finish before numba is even loaded."""


def solve(game: Game, *, method: str = "auto", position: Position | None = None,
          progress: Callable[[int], None] | None = None) -> Solution:
    """Strongly solve ``game``: value and remoteness of every position reachable from
    ``position`` (default: the start).

    Parameters
    ----------
    game : Game
    method : {"auto", "memo", "retrograde", "compiled"}
        ``memo``: memoised depth-first search, for acyclic games. ``retrograde``: retrograde
        analysis, for any finite game (cycles give DRAWs). ``compiled``: the numba kernels of
        :func:`perfectplay.compiled.compiled_solve`, for games with ``compiled()`` rules.
        ``auto`` (default): compiled for a game with compiled rules whose ``compiled_size()``
        is at least :data:`COMPILED_THRESHOLD` (falling back to the pure-Python path when the
        solution does not fit its tables), else memo, switching to retrograde when a cycle
        turns up.
    position : Position, optional
    progress : callable, optional
        Called now and then with the number of positions handled so far.

    Returns
    -------
    Solution

    Raises
    ------
    ValueError
        For an unknown method.
    CycleError
        When ``method="memo"`` meets a cycle.
    GameError
        When the game breaks the protocol.
    EngineLimitError
        When ``method="compiled"`` meets a solution beyond its tables (a remoteness above
        2^30 - 1, or an encoding too large to allocate).

    Examples
    --------
    >>> from perfectplay import solve
    >>> from perfectplay.games.nim import Nim
    >>> s = solve(Nim((1, 2, 3)))
    >>> s.value(), s.remoteness()
    (Value.LOSE, 6)
    """
    if method not in METHODS:
        raise ValueError(f"unknown method {method!r}: expected one of {', '.join(METHODS)}")
    if method == "retrograde":
        return retrograde_solve(game, position, progress=progress)
    if method == "compiled" or (method == "auto" and _large_compiled(game)):
        from perfectplay.compiled.solve import compiled_solve

        try:
            return compiled_solve(game, position, progress=progress)
        except EngineLimitError:
            if method == "compiled":
                raise
    try:
        return memo_solve(game, position, progress=progress)
    except CycleError:
        if method == "memo":
            raise
    return retrograde_solve(game, position, progress=progress)


def _large_compiled(game: Game) -> bool:
    """Whether ``game`` has compiled rules with a state space worth loading numba for."""
    if not callable(getattr(game, "compiled", None)):
        return False
    size = getattr(game, "compiled_size", None)
    return (size() if callable(size) else COMPILED_THRESHOLD) >= COMPILED_THRESHOLD


def outcome(game: Game, position: Position | None = None) -> Value:
    """The value of one position (default: the start), without remoteness.

    Searches only until the value is proven (the first winning move ends the search of a
    position), so it is often much faster than :func:`solve`. Games with cycles are handled by
    retrograde analysis. A game with compiled rules whose ``compiled_size()`` is at least
    :data:`COMPILED_THRESHOLD` is searched by :func:`perfectplay.compiled.compiled_query`.

    >>> from perfectplay.games.nim import Nim
    >>> outcome(Nim((3, 4, 5)))
    Value.WIN
    """
    if _large_compiled(game):
        from perfectplay.compiled.query import compiled_query

        return compiled_query(game, position)
    try:
        return memo_outcome(game, position)
    except CycleError:
        return retrograde_solve(game, position).value(position)
