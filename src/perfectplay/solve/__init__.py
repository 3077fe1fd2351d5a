"""Solvers over any Game, one module per computation, behind two front doors: ``solve`` (every
position) and ``outcome`` (one position's value).

Both hand the question to the dispatcher (:mod:`perfectplay.core.engines`); this package
registers the pure-Python engines, memoised search (``memo``) and retrograde analysis
(``retrograde``), and :mod:`perfectplay.compiled` registers the compiled one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from perfectplay.core.engines import Engine, Estimate, Request, dispatch, register
from perfectplay.core.errors import CycleError
from perfectplay.core.game import Game, P
from perfectplay.core.limits import PYTHON_BYTES_PER_POSITION
from perfectplay.core.solution import Counts, MoveValue, Solution
from perfectplay.core.values import Value
from perfectplay.solve.dict_store import DictSolution
from perfectplay.solve.memo import memo_outcome, memo_solve
from perfectplay.solve.retrograde import retrograde_solve

__all__ = ["Counts", "DictSolution", "MoveValue", "Solution", "outcome", "solve"]


def solve(game: Game[P], *, method: str = "auto", position: P | None = None,
          progress: Callable[[int], None] | None = None, **options: Any) -> Solution[P]:
    """Strongly solve ``game``: value and remoteness of every position reachable from
    ``position`` (default: the start).

    Parameters
    ----------
    game : Game
    method : {"auto", "memo", "retrograde", "compiled", "tiers"}
        ``memo``: memoised depth-first search, for acyclic games. ``retrograde``: retrograde
        analysis, for any finite game (cycles give DRAWs). ``compiled``: the numba kernels of
        :func:`perfectplay.compiled.compiled_solve`, for games with ``compiled()`` rules.
        ``tiers``: tier by tier into a database directory
        (:func:`perfectplay.tiers.solve_tiers`), for games with tier hooks.
        ``auto`` (default): compiled for a game with compiled rules whose ``compiled_size()``
        is at least :data:`~perfectplay.core.limits.COMPILED_THRESHOLD` and whose tables fit
        the memory, else memo, switching to retrograde when a cycle turns up; tiers when
        ``db`` is given.
    position : Position, optional
    progress : callable, optional
        Called now and then with the number of positions handled so far.
    **options
        Options of one engine, refused by the others. ``tiers``: ``db`` (the database
        directory, required), ``workers`` (a local Dask cluster of that many processes),
        ``scheduler`` (the address of a running one), ``chunk_size`` (indices per chunk of a
        new database), ``whole_tier`` (every position of the start's tier),
        ``tier_progress`` (called with a :class:`~perfectplay.tiers.TierProgress` after each
        piece of work).

    Returns
    -------
    Solution

    Raises
    ------
    ValueError
        For an unknown method, one that cannot solve this game, or an option the method does
        not take.
    CycleError
        When ``method="memo"`` meets a cycle.
    GameError
        When the game breaks the protocol.
    EngineLimitError
        When the chosen engine does not fit (``auto``: when none does; the message says what
        each needs), or ``method="compiled"`` meets a remoteness above 2^30 - 1.

    Examples
    --------
    >>> from perfectplay import solve
    >>> from perfectplay.games.nim import Nim
    >>> s = solve(Nim((1, 2, 3)))
    >>> s.value(), s.remoteness()
    (Value.LOSE, 6)
    """
    solution: Solution[P] = dispatch(Request("solve", game, position, progress, options=options),
                                     method)
    return solution


def outcome(game: Game[P], position: P | None = None, *, method: str = "auto") -> Value:
    """The value of one position (default: the start), without remoteness.

    Searches only until the value is proven (the first winning move ends the search of a
    position), so it is often much faster than :func:`solve`. Games with cycles are handled by
    retrograde analysis. ``auto`` searches a game with compiled rules whose ``compiled_size()``
    is at least :data:`~perfectplay.core.limits.COMPILED_THRESHOLD` by
    :func:`perfectplay.compiled.compiled_query` when its table fits, else in Python.

    >>> from perfectplay.games.nim import Nim
    >>> outcome(Nim((3, 4, 5)))
    Value.WIN
    """
    value: Value = dispatch(Request("outcome", game, position), method)
    return value


def _python_estimate(request: Request) -> Estimate:
    """An upper bound on a pure-Python solve's memory where the game bounds its number of
    positions (``position_bound``), else unknown."""
    bound = request.game.position_bound()
    if bound is None:
        return Estimate()
    return Estimate(memory=bound * PYTHON_BYTES_PER_POSITION, work=bound,
                    what=f"{bound:,} positions x {PYTHON_BYTES_PER_POSITION} bytes")


register(Engine("memo", "solve", order=10, estimate=_python_estimate, gives_way_on=(CycleError,),
                run=lambda r: memo_solve(r.game, r.position, progress=r.progress)))
register(Engine("retrograde", "solve", order=20, estimate=_python_estimate,
                run=lambda r: retrograde_solve(r.game, r.position, progress=r.progress)))
register(Engine("memo", "outcome", order=10, estimate=_python_estimate,
                gives_way_on=(CycleError,), run=lambda r: memo_outcome(r.game, r.position)))
register(Engine("retrograde", "outcome", order=20, estimate=_python_estimate,
                run=lambda r: retrograde_solve(r.game, r.position).value(r.position)))
