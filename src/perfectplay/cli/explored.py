"""The solution ``perfectplay play`` and ``perfectplay serve`` explore: read from a file or a tier
database, solved now, or, for a game whose tables do not fit, answered by search one position
at a time (:class:`~perfectplay.compiled.search_solution.SearchSolution`); and what a refusal
says would work instead."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any, TextIO

from perfectplay.cli.gameargs import game_from_args
from perfectplay.cli.progress import ProgressBar
from perfectplay.cli.status import UsageError
from perfectplay.core.engines import methods
from perfectplay.core.errors import EngineLimitError, PositionNotSolved
from perfectplay.core.game import Game, Position, has_hook
from perfectplay.core.limits import check_threads
from perfectplay.core.solution import Solution, load_solution
from perfectplay.games import game_class
from perfectplay.solve import solve

__all__ = ["METHODS", "explored_solution", "game_to_explore", "refused", "what_would_work"]

METHODS = (*methods("solve"), "search")
"""``--method`` of play and serve: how to solve, or ``search`` (each position when asked)."""


def _ways(game: Game[Any]) -> tuple[bool, bool]:
    """Whether ``game`` can be solved by tiers (tier hooks), and searched (compiled rules whose
    moves leave no sums: the search scores single positions)."""
    if not has_hook(game, "compiled"):
        return False, False
    from perfectplay.compiled.rules import rules_of

    rules = rules_of(game)
    return rules.tiers is not None, rules.rest is None


def what_would_work(game: Game[Any], *, explore: bool) -> str:
    """What to try when no table of ``game`` fits: solving it by tiers into a database on disk
    (a game with tier hooks), and searching one position at a time (a game with compiled
    rules), said for ``perfectplay solve`` or, ``explore``, for play and serve; empty when
    nothing would.

    >>> from perfectplay.games.connect4 import ConnectFour
    >>> print(what_would_work(ConnectFour(), explore=False))  # doctest: +NORMALIZE_WHITESPACE
    what would work: --method tiers --db DIR (solved tier by tier into a database on disk),
    or 'perfectplay analyze' with --start POS (one position and its moves, by search)
    >>> print(what_would_work(ConnectFour(), explore=True))  # doctest: +NORMALIZE_WHITESPACE
    what would work: 'perfectplay solve' with --method tiers --db DIR, then --db DIR here
    (solved tier by tier into a database on disk), or --method search (each position searched
    when it is asked)
    >>> from perfectplay.games.nim import Nim
    >>> what_would_work(Nim((3, 4, 5)), explore=True)
    ''
    """
    tiers, search = _ways(game)
    ways = []
    if tiers:
        ways.append(("'perfectplay solve' with --method tiers --db DIR, then --db DIR here"
                     if explore else "--method tiers --db DIR")
                    + " (solved tier by tier into a database on disk)")
    if search:
        ways.append("--method search (each position searched when it is asked)" if explore
                    else "'perfectplay analyze' with --start POS (one position and its moves, "
                         "by search)")
    return f"what would work: {', or '.join(ways)}" if ways else ""


def refused(game: Game[Any], exc: EngineLimitError, *, explore: bool) -> EngineLimitError:
    """``exc``, its message followed by :func:`what_would_work`."""
    hint = what_would_work(game, explore=explore)
    return EngineLimitError(f"{exc}; {hint}" if hint else str(exc))


def game_to_explore(spec: str, rest: Sequence[str], database: str | None) -> Game[Any]:
    """The game named on the command line, with its options; with a tier database and no
    options, the game that database records (its options read from it, as data)."""
    if database is None or rest:  # the database itself is opened, and checked, later
        return game_from_args(spec, rest)
    from perfectplay.tiers.solution import read_manifests  # the tier store: only here

    found, _, _ = read_manifests(database, game_class(spec))
    return found


def explored_solution(game: Game[Any], *, method: str, start: Position | None,
                      path: str | None = None, database: str | None = None,
                      searches: TextIO | None = None, slow: float = 0.0,
                      book: str | None = None, threads: int = 1) -> Solution[Any]:
    """The solution to explore from ``start`` (None: where its store or the game starts).

    ``path``: a saved solution; ``database``: a tier database; else solved now by ``method``,
    ``search`` meaning each position searched when it is asked, and ``auto`` searching when
    no table fits a game with compiled rules (a note on stderr says so). A search shows a
    progress line on a terminal's stderr once it has taken a second, and writes how long it
    took on ``searches`` (default stderr) when that was ``slow`` seconds or more. ``book``: an
    opening book (``perfectplay book``) the search reads first; ``threads``: the search's.

    Raises
    ------
    UsageError
        For ``method`` with a stored solution, or a ``start`` the stored solution lacks.
    EngineLimitError
        When ``method`` (or, ``auto``, every engine) does not fit and search cannot help;
        the message says what would work.
    """
    check_threads(threads)
    if path is not None or database is not None:
        if method != "auto":
            raise UsageError("--method is how to solve: not with --solution or --db, which "
                             "are solved already")
        stored = _stored(game, path, database)
        if start is not None:
            _check_holds(stored, start)
        return stored
    said = sys.stderr if searches is None else searches
    if book is not None and method not in ("search", "auto"):
        raise UsageError(f"--book is read by the search: not with --method {method}")
    if method == "search" or book is not None:
        return _searched(game, start, said, slow, book, threads)
    try:
        with ProgressBar() as bar:
            return solve(game, method=method, position=start, progress=bar)
    except EngineLimitError as exc:
        tiers, search = _ways(game)
        if method != "auto" or not search:
            raise refused(game, exc, explore=True) from None
        disk = ("; or solve it to disk once ('perfectplay solve' with --method tiers --db DIR) "
                "and give --db DIR" if tiers else "")
        print(f"note: no table of {game} fits in the memory available: each position is "
              f"searched when it is asked, as 'perfectplay analyze' does (one early in the "
              f"game may take minutes: an opening book built once by 'perfectplay book' and "
              f"given as --book FILE answers those at once){disk}", file=sys.stderr, flush=True)
        return _searched(game, start, said, slow, book, threads)


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


def _searched(game: Game[Any], start: Position | None, said: TextIO, slow: float,
              book: str | None, threads: int) -> Solution[Any]:
    from perfectplay.compiled.search_solution import Searched, SearchSolution

    opened = None
    if book is not None:
        from perfectplay.tiers.book import open_book

        opened = open_book(book, game)

    def took(searched: Searched) -> None:
        if searched.seconds + searched.compile_seconds >= slow:
            kernels = (f" (+ {searched.compile_seconds:,.3f} s loading kernels)"
                       if searched.compile_seconds >= 0.001 else "")
            print(f"searched {game.format_position(searched.position)}: "
                  f"{searched.nodes:,} positions in {searched.seconds:,.3f} s{kernels}",
                  file=said, flush=True)

    return SearchSolution(game, start, searched=took,
                          progress=lambda total: ProgressBar("positions scored", total=total),
                          book=opened, threads=threads)
