"""A :class:`~perfectplay.core.solution.Solution` answered by search, one position at a time, for
games whose tables do not fit (Connect Four 7x6): what ``perfectplay play`` and ``perfectplay
serve`` explore when no engine can tabulate the game.

Each position asked is analysed by :func:`perfectplay.compiled.search.analyze` (its value and
remoteness, and every move's) the first time, over one transposition table kept between
questions, and the answer is remembered: asking again, or asking for a child's value, costs a
look-up. It has no table of every position, so :meth:`SearchSolution.counts`,
:meth:`~SearchSolution.positions` and :meth:`~SearchSolution.save` raise
:class:`~perfectplay.core.errors.NotApplicable`. A search nobody waits for any more (a page's
reader who went elsewhere) can be stopped: :meth:`SearchSolution.stopped_by`.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from dataclasses import dataclass
from typing import Any

from perfectplay.compiled.search import (
    Analysis,
    Book,
    TranspositionTable,
    _search_rules,
    analyze,
)
from perfectplay.core.codes import encode
from perfectplay.core.errors import NotApplicable, SearchStopped
from perfectplay.core.game import Game, Move, P
from perfectplay.core.limits import check_threads
from perfectplay.core.solution import Counts, MoveValue, Solution

__all__ = ["KEPT_ANALYSES", "SearchSolution", "Searched"]

KEPT_ANALYSES = 1 << 14
"""Analyses a :class:`SearchSolution` remembers (the least recently asked forgotten first);
with their children's values, four times as many positions' values."""


@dataclass(frozen=True)
class Searched:
    """One search that ran for a :class:`SearchSolution`: what it took."""

    position: Any
    """The position analysed."""

    nodes: int
    """Positions the search entered."""

    seconds: float
    """Time the search took, loading its kernels left out."""

    compile_seconds: float
    """Time spent loading or compiling the search kernels first (0 once loaded)."""


Progress = Callable[[int], AbstractContextManager[Callable[[int], None]]]
"""Makes the progress display of one analysis from the number of positions it scores (the
position and its children); the display is called with the number scored so far."""


class SearchSolution(Solution[P]):
    """The values of a game's positions, each found by search when it is first asked.

    Parameters
    ----------
    game : Game
        A game with compiled rules (``compiled()``), acyclic.
    start : Position, optional
        Where play starts (default ``game.start()``); any position can be asked.
    table : TranspositionTable, optional
        Kept for every search (default: one of
        :func:`~perfectplay.compiled.search.default_table_entries` entries).
    progress : callable, optional
        Called with the number of positions an analysis scores, it gives a context manager
        that yields the callback receiving the count scored so far (``ProgressBar`` of
        :mod:`perfectplay.cli.progress` fits); default: nothing shown.
    searched : callable, optional
        Called with a :class:`Searched` after each search that ran (not for answers
        remembered or read from the book).
    book : Book, optional
        An opening book (:class:`~perfectplay.tiers.book.OpeningBook`) read before
        searching: the positions it holds are answered from it.
    threads : int
        Threads of each search (:func:`~perfectplay.compiled.search.search_positions`).

    Raises
    ------
    NotApplicable
        When the game has no compiled rules, or its moves leave sums.
    EngineLimitError
        When ``threads`` is more than the cores.

    Examples
    --------
    >>> from perfectplay.games.connect4 import ConnectFour
    >>> game = ConnectFour(5, 4)
    >>> s = SearchSolution(game, table=TranspositionTable(1 << 16))
    >>> position = game.parse_position("33")
    >>> s.value(position), s.remoteness(position), s.best_move(position), s.tabulated
    (Value.TIE, 18, 3, False)
    >>> len(s)  # the position and its five children
    6
    >>> s.counts()
    Traceback (most recent call last):
    ...
    perfectplay.core.errors.NotApplicable: connect4 5x4 is answered by search, ...
    """

    tabulated = False

    def __init__(self, game: Game[P], start: P | None = None, *,
                 table: TranspositionTable | None = None, progress: Progress | None = None,
                 searched: Callable[[Searched], None] | None = None,
                 book: Book | None = None, threads: int = 1) -> None:
        check_threads(threads)
        rules = _search_rules(game)  # refused now, not at the first question
        super().__init__(game, start=game.start() if start is None else start, primitives={},
                         method="search")
        started = time.perf_counter()
        # the entries that call the rules from Python load (or compile) on first use: now, so
        # that the time of the first search is the search's (as compile_seconds, with the
        # kernels' loading)
        root = rules.index(self.start)
        if rules.primitive_value(root) is None:
            rules.children(root)
        self.compile_seconds = time.perf_counter() - started
        self.table = table if table is not None else TranspositionTable()
        self._progress = progress
        self._searched = searched
        self.book = book
        self.threads = threads
        self._analyses: OrderedDict[Any, Analysis] = OrderedDict()
        self._codes: OrderedDict[Any, int] = OrderedDict()
        self._lock = threading.Lock()  # one search at a time over the one table
        self._stops = threading.local()  # the event that stops this thread's searches

    def analysis(self, position: P | None = None) -> Analysis:
        """The analysis of ``position`` (default: the start): searched the first time it is
        asked, then remembered."""
        position = self.start if position is None else position
        with self._lock:  # a second thread asking the same position waits for the first's
            known = self._analyses.get(position)
            if known is not None:
                self._analyses.move_to_end(position)
                return known
            found = self._search(position)
            self._analyses[position] = found
            if len(self._analyses) > KEPT_ANALYSES:
                self._analyses.popitem(last=False)
            self._remember(position, encode(found.value, found.remoteness))
            for entry in found.moves:
                self._remember(entry.position, encode(entry.value.negate(), entry.remoteness))
            return found

    @contextmanager
    def stopped_by(self, event: threading.Event) -> Iterator[None]:
        """Inside, a search this thread runs or waits to run stops soon after ``event`` is set
        (within a second: the search looks at it between slices), raising
        :class:`SearchStopped`; answers already found are not affected."""
        self._stops.event = event
        try:
            yield
        finally:
            self._stops.event = None

    def _search(self, position: P) -> Analysis:
        from perfectplay.compiled.kernels import compiling_seconds

        stop: threading.Event | None = getattr(self._stops, "event", None)
        if stop is not None and stop.is_set():  # stopped while it waited for the table
            raise SearchStopped
        started, compiling = time.perf_counter(), compiling_seconds()
        total = 1 + sum(1 for _ in self.game.moves(position))
        shown = nullcontext(None) if self._progress is None else self._progress(total)
        with shown as progress:

            def scored(count: int) -> None:
                if stop is not None and stop.is_set():
                    raise SearchStopped
                if progress is not None:
                    progress(count)

            found = analyze(self.game, position, table=self.table, progress=scored,
                            book=self.book, threads=self.threads)
        loading = compiling_seconds() - compiling
        self.compile_seconds += loading
        # with a book, nothing entered means every answer was read from it: no search ran
        if self._searched is not None and (found.nodes or self.book is None):
            self._searched(Searched(position, found.nodes,
                                    time.perf_counter() - started - loading, loading))
        return found

    def _remember(self, position: Any, code: int) -> None:
        self._codes[position] = code
        self._codes.move_to_end(position)
        if len(self._codes) > 4 * KEPT_ANALYSES:
            self._codes.popitem(last=False)

    def _lookup(self, position: P) -> int | None:
        code = self._codes.get(position)
        if code is None:
            self.analysis(position)
            code = self._codes[position]
        return code

    def moves(self, position: P | None = None) -> list[MoveValue]:
        """Every legal move from ``position`` with its value, best first: the analysis's."""
        return list(self.analysis(position).moves)

    def best_move(self, position: P | None = None) -> Move | None:
        return self.analysis(position).best_move

    def __len__(self) -> int:
        """Positions answered so far (analysed, or valued as a child of one analysed) and still
        remembered."""
        return len(self._codes)

    def _no_table(self, what: str) -> NotApplicable:
        return NotApplicable(f"{self.game} is answered by search, one position at a time: it "
                             f"has no table of every position to {what}")

    def positions(self) -> Iterator[tuple[P, Any, int | None]]:
        """Not available: raises :class:`NotApplicable`."""
        raise self._no_table("list")

    def counts(self) -> Counts:
        """Not available: raises :class:`NotApplicable`."""
        raise self._no_table("count")

    def save(self, path: Any) -> None:
        """Not available: raises :class:`NotApplicable`."""
        raise self._no_table("save")

    def __repr__(self) -> str:
        return f"<SearchSolution of {self.game}: {len(self)} positions answered>"
