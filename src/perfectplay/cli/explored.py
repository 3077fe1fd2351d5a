"""The solution ``perfectplay play`` and ``perfectplay serve`` explore: read from a file or a tier
database, solved now, or, for a game whose tables do not fit, answered by search one position
at a time (:class:`~perfectplay.compiled.search_solution.SearchSolution`); and what a refusal
says would work instead."""

from __future__ import annotations

import sys
from typing import Any, TextIO

from perfectplay.cli.progress import ProgressBar
from perfectplay.cli.status import UsageError
from perfectplay.core.engines import methods
from perfectplay.core.errors import EngineLimitError, NotApplicable, PositionNotSolved
from perfectplay.core.game import Game, Position, has_hook
from perfectplay.core.solution import Solution, load_solution
from perfectplay.solve import solve

__all__ = ["METHODS", "explored_solution", "refused", "what_would_work"]

METHODS = (*methods("solve"), "search")
"""``--method`` of play and serve: how to solve, or ``search`` (each position when asked)."""


def what_would_work(game: Game[Any], *, search: bool) -> str:
    """What to try when ``game``'s tables do not fit: ``--method tiers --db DIR`` for a game
    with tier hooks, and, for a game with compiled rules, ``--method search`` where the command
    has it (``search``), else ``perfectplay analyze``; empty when nothing would.

    >>> from perfectplay.games.connect4 import ConnectFour
    >>> print(what_would_work(ConnectFour(), search=False))  # doctest: +NORMALIZE_WHITESPACE
    what would work: --method tiers --db DIR (solved tier by tier into a database on disk),
    or 'perfectplay analyze' with --start POS (one position and its moves, by search)
    >>> from perfectplay.games.nim import Nim
    >>> what_would_work(Nim((3, 4, 5)), search=True)
    ''
    """
    if not has_hook(game, "compiled"):
        return ""
    from perfectplay.compiled.rules import rules_of

    rules = rules_of(game)
    ways = []
    if rules.tiers is not None:
        ways.append("--method tiers --db DIR (solved tier by tier into a database on disk)")
    if rules.rest is None:  # the search scores single positions, not sums
        ways.append("--method search (each position searched when it is asked)" if search else
                    "'perfectplay analyze' with --start POS (one position and its moves, by "
                    "search)")
    return f"what would work: {', or '.join(ways)}" if ways else ""


def refused(game: Game[Any], exc: EngineLimitError, *, search: bool) -> EngineLimitError:
    """``exc``, its message followed by :func:`what_would_work`."""
    hint = what_would_work(game, search=search)
    return EngineLimitError(f"{exc}; {hint}" if hint else str(exc))


def explored_solution(game: Game[Any], *, method: str, start: Position | None,
                      path: str | None = None, database: str | None = None,
                      searches: TextIO | None = None, slow: float = 0.0) -> Solution[Any]:
    """The solution to explore from ``start`` (None: where its store or the game starts).

    ``path``: a saved solution; ``database``: a tier database; else solved now by ``method``,
    ``search`` meaning each position searched when it is asked, and ``auto`` searching when
    no table fits a game with compiled rules (a note on stderr says so). A search shows a
    progress line on a terminal's stderr once it has taken a second, and writes how long it
    took on ``searches`` (default stderr) when that was ``slow`` seconds or more.

    Raises
    ------
    UsageError
        For ``method`` with a stored solution, or a ``start`` the stored solution lacks.
    EngineLimitError
        When ``method`` (or, ``auto``, every engine) does not fit and search cannot help;
        the message says what would work.
    """
    if path is not None or database is not None:
        if method != "auto":
            raise UsageError("--method is how to solve: not with --solution or --db, which "
                             "are solved already")
        stored = _stored(game, path, database)
        if start is not None:
            _check_holds(stored, start)
        return stored
    said = sys.stderr if searches is None else searches
    if method == "search":
        return _searched(game, start, said, slow)
    try:
        with ProgressBar() as bar:
            return solve(game, method=method, position=start, progress=bar)
    except EngineLimitError as exc:
        if method != "auto" or not has_hook(game, "compiled"):
            raise refused(game, exc, search=True) from None
        try:
            solution = _searched(game, start, said, slow)
        except NotApplicable:  # moves that leave sums: no search either
            raise refused(game, exc, search=True) from None
        disk = ("; or solve it to disk once (--method tiers --db DIR) and explore --db DIR"
                if "--method tiers" in what_would_work(game, search=False) else "")
        print(f"note: no table of {game} fits in the memory available: each position is "
              f"searched when it is asked, as 'perfectplay analyze' does (one early in the "
              f"game may take minutes){disk}", file=sys.stderr, flush=True)
        return solution


def _stored(game: Game[Any], path: str | None, database: str | None) -> Solution[Any]:
    if path is not None:
        return load_solution(path, game)
    from perfectplay.tiers import open_database  # numpy and the tier store: only here

    solution: Solution[Any] = open_database(str(database), game)
    return solution


def _check_holds(solution: Solution[Any], start: Position) -> None:
    try:
        solution.value(start)
    except PositionNotSolved:
        game = solution.game
        raise UsageError(f"position {game.format_position(start)!r} is not in the stored "
                         f"solution, which starts from {game.format_position(solution.start)!r}"
                         " (--start)") from None


def _searched(game: Game[Any], start: Position | None, said: TextIO, slow: float
              ) -> Solution[Any]:
    from perfectplay.compiled.search_solution import Searched, SearchSolution

    def took(searched: Searched) -> None:
        if searched.seconds + searched.compile_seconds >= slow:
            kernels = (f" (+ {searched.compile_seconds:,.3f} s loading kernels)"
                       if searched.compile_seconds >= 0.001 else "")
            print(f"searched {game.format_position(searched.position)}: "
                  f"{searched.nodes:,} positions in {searched.seconds:,.3f} s{kernels}",
                  file=said, flush=True)

    return SearchSolution(game, start, searched=took,
                          progress=lambda total: ProgressBar("positions scored", total=total))
