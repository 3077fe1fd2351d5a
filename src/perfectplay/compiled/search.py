"""Exact values of single positions by search: negamax with alpha-beta on exact scores and a
transposition table, for games too large to tabulate (Connect Four 7x6).

:func:`analyze` gives a position's value, remoteness and every move's value and remoteness;
:func:`search_positions` scores a batch of positions in one compiled call. The search runs over
a game's :class:`~perfectplay.compiled.rules.CompiledRules` (the loop is
:func:`perfectplay.compiled._search_loops.negamax`, inlined with the rules into a cached entry
per game) and uses the optional hooks of :class:`SearchRules` (``CompiledRules.search``) where
the game gives them. Acyclic games only: a line of play that repeats a position raises
:class:`~perfectplay.core.errors.CycleError` (``solve(game, method="retrograde")`` handles
cycles).

The transposition table holds bounds, 16 bytes an entry in buckets of four (one cache line),
each with the move that last cut its position off and the work its search took (the deepest
searches' bounds are the last replaced), in a fixed size (a power of two) chosen once per
:class:`TranspositionTable`; by default :func:`default_table_entries`, at most
:data:`DEFAULT_ENTRIES` and never more than :data:`MEMORY_FRACTION` of the available memory.

References
----------
.. [1] P. Pons, "Solving Connect 4: how to build a perfect AI", http://blog.gamesolver.org
   (the null-window search, the move ordering and the anticipation of losing moves).
.. [2] C. Steininger, c4, https://github.com/ChristopheSteininger/c4 (the order of the null
   windows near a tie, the look at every child's hooks and table entry before searching any).
"""

from __future__ import annotations

import mmap
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, fields
from typing import Any, Protocol

import numpy as np

from perfectplay.compiled import kernels
from perfectplay.compiled.rules import CompiledRules, _unpickle_named, module_attribute, rules_of
from perfectplay.core.errors import CycleError, GameError, NotApplicable
from perfectplay.core.game import Game, Move, Position
from perfectplay.core.limits import available_memory, check_threads, format_bytes
from perfectplay.core.solution import MoveValue, rank_moves
from perfectplay.core.values import Value

__all__ = ["DEFAULT_ENTRIES", "ENTRY_BYTES", "MEMORY_FRACTION", "Analysis", "Book", "SearchResult",
           "SearchRules", "TranspositionTable", "analyze", "default_table_entries",
           "search_positions", "table_keys"]

_HOOKS = ("wins_now", "safe_moves", "order", "key", "horizon", "ceiling")

ENTRY_BYTES = 16
"""Bytes of one table entry: an int64 key and an int64 bound, side by side."""

DEFAULT_ENTRIES = 1 << 24
"""Entries of the default table at most (256 MiB)."""

MEMORY_FRACTION = 8
"""The default table takes at most 1/8 of the available memory."""


@dataclass(frozen=True, eq=False)
class SearchRules:
    """Optional hooks of the search (``CompiledRules.search``): ``numba.njit`` functions at
    module level, each taking ``params`` (this object's array) and an integer position of the
    rules' encoding. Each hook has a fallback; ``perfectplay check`` tests every hook given.

    ``wins_now(params, position) -> bool``: whether a move wins at once (leads to a primitive
    LOSE for the opponent). Fallback: the search finds it among the children. With it the
    search also knows that a win takes three moves at least otherwise.

    ``safe_moves(params, position) -> int``: the bit set of the moves after which the opponent
    cannot win at once (bit ``m`` for move ``m``; moves below 64), exactly; 0 when there are
    moves and each loses at once. Called only on positions without a winning move (after
    ``wins_now``, which it requires). Fallback: every move is searched.

    ``order(params, position, allowed, moves, start) -> int``: writes the legal moves of
    ``allowed`` (a bit set as ``safe_moves`` gives, -1 for all) into ``moves[start:]``, best
    first, and returns how many; it must list every one, once. Fallback: ``next_move``'s order.

    ``key(params, position) -> int``: the table key, equal for positions of equal value and
    remoteness (a mirror image), never negative. Fallback: the position.

    ``horizon(params, position) -> int``: the most moves any line of play from the position
    takes, which is also the length of every line that ends in a tie (Connect Four's empty
    cells). It bounds the scores the search tries, gives a tie's remoteness, and tells the
    search where a position is far from the end (16 moves or more), where it looks up each
    child's table entry before searching any. Fallback: the null-window search tries about 28
    more bounds, and a tie's remoteness is found by a breadth-first search of the tying
    children.

    ``ceiling(params, position) -> int``: the best value the player to move can reach at most,
    coded as ``primitive`` codes values: 0 (it loses whatever it does), 1 (a tie at best) or 2
    (no bound). Called on positions that are not primitive and have no winning move; a game
    gives it when a cheap test often proves such bounds (Connect Four: no line of four left to
    the mover, or the opponent's winning strategy of taking the even cells). With ``horizon``,
    a loss is bounded by it too. Fallback: no bound.

    ``alternating`` (not a function): every win takes an odd number of moves and every loss an
    even one, as in any game without primitive WINs; the null-window search then tries half as
    many scores. Default False: every number of moves is tried.

    ``params`` defaults to an empty array.
    """

    params: Any = None
    """A numpy array the hooks read (not the rules' ``params``)."""

    wins_now: Callable[[Any, int], bool] | None = None
    """Whether a move wins at once."""

    safe_moves: Callable[[Any, int], int] | None = None
    """The bit set of moves after which the opponent cannot win at once."""

    order: Callable[[Any, int, int, Any, int], int] | None = None
    """The moves to try, best first, written into an array."""

    key: Callable[[Any, int], int] | None = None
    """The table key of a position."""

    horizon: Callable[[Any, int], int] | None = None
    """The most moves a line takes, and the length of every tying line."""

    ceiling: Callable[[Any, int], int] | None = None
    """The best value the mover can reach at most (0 a loss, 1 a tie, 2 no bound)."""

    alternating: bool = False
    """Whether every win takes an odd number of moves and every loss an even one (no position
    is a primitive WIN): the search then tries only such remoteness."""

    def __post_init__(self) -> None:
        for name in _HOOKS:
            function = getattr(self, name)
            if function is not None and not callable(function):
                raise TypeError(f"SearchRules.{name} must be a numba.njit function, "
                                f"got {function!r}")
        if self.safe_moves is not None and self.wins_now is None:
            raise ValueError("SearchRules.safe_moves needs wins_now: it is called only on "
                             "positions without a winning move")
        if self.params is None:
            object.__setattr__(self, "params", np.zeros(1, dtype=np.int64))

    def __reduce__(self) -> tuple[Any, ...]:
        # by module and name, as CompiledRules.__reduce__ says why
        state = {field.name: getattr(self, field.name) for field in fields(self)}
        named = {}
        for name in _HOOKS:
            where = module_attribute(state[name])
            if where is not None:
                named[name] = where
                del state[name]
        return (_unpickle_named, (SearchRules, named, state))

    def flags(self) -> int:
        """The ``flags`` of the search loop: a bit per hook given."""
        from perfectplay.compiled import _search_loops as loops

        bits = (loops.HAS_WINS_NOW, loops.HAS_SAFE_MOVES, loops.HAS_ORDER, loops.HAS_KEY,
                loops.HAS_HORIZON, loops.HAS_CEILING)
        given = sum(bit for bit, name in zip(bits, _HOOKS, strict=True)
                    if getattr(self, name) is not None)
        return given | (loops.ALTERNATING if self.alternating else 0)


_NO_HOOKS = SearchRules()


class Book(Protocol):
    """What the search reads before it searches: exact values by table key
    (:class:`~perfectplay.tiers.book.OpeningBook`, written by ``perfectplay book``)."""

    def probe_keys(self, keys: Any) -> list[tuple[Value, int | None] | None]:
        """The value and remoteness of each table key held, None for the others."""


def default_table_entries(memory: int | None = None) -> int:
    """Entries of the default table: the largest power of two up to :data:`DEFAULT_ENTRIES`
    that takes at most 1/:data:`MEMORY_FRACTION` of ``memory`` (default: the available
    memory).

    >>> default_table_entries(2**30), default_table_entries(10**12) == DEFAULT_ENTRIES
    (8388608, True)
    """
    if memory is None:
        memory = available_memory() or DEFAULT_ENTRIES * ENTRY_BYTES
    fits = max(memory // (MEMORY_FRACTION * ENTRY_BYTES), 1 << 10)
    return min(DEFAULT_ENTRIES, 1 << (fits.bit_length() - 1))


class TranspositionTable:
    """A fixed-size table of bounds, kept from one search to the next: its bounds stay true
    for every position of the same game (of one game only: another game's integers are other
    positions).

    Parameters
    ----------
    entries : int, optional
        Rounded down to a power of two (at least 1024); default
        :func:`default_table_entries`.

    Examples
    --------
    >>> table = TranspositionTable(5000)
    >>> table.entries, table.memory
    (4096, 65536)
    """

    def __init__(self, entries: int | None = None) -> None:
        wanted = default_table_entries() if entries is None else int(entries)
        if wanted < 1:
            raise ValueError(f"a transposition table has at least one entry, got {wanted}")
        from perfectplay.compiled._search_loops import BUCKET

        bits = max(10, wanted.bit_length() - 1)
        self.entries = 1 << bits
        self.shift = 64 - bits + (BUCKET.bit_length() - 1)  # of a bucket's number
        # private anonymous memory: the system's zero pages, each written when the search first
        # reaches it (writing 256 MiB of zeros first took 0.4-0.7 s here, the faults of an easy
        # search 0.06 s, a long search pays them once as it paid the writing). In huge pages
        # where the system gives them: a probe lands anywhere in the table, and with 4 KiB
        # pages most probes missed the processor's page cache too (20 of Steininger's
        # opening_L2 positions in a 1 GiB table: 8.1-9.5 s against 10.4-11.2 s; an easy
        # search touches a few pages and pays nothing more; a batch of easy ones that reaches
        # every page pays for zeroing the whole table: 100 of Pons's Test_L3_R1 positions took
        # 18 ms against 3 ms in 128 MiB, 90 ms against 4 ms in 1 GiB). Buckets start cache
        # lines.
        memory = mmap.mmap(-1, self.entries * ENTRY_BYTES,
                           flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS)
        if hasattr(mmap, "MADV_HUGEPAGE"):
            memory.madvise(mmap.MADV_HUGEPAGE)
        self.slots = np.frombuffer(memory, dtype=np.int64)
        # one search at a time writes the table: the kernel runs without the GIL, and two
        # searches writing one entry at once could leave it half of each
        self.lock = threading.RLock()

    @property
    def memory(self) -> int:
        """Bytes the table takes."""
        return self.entries * ENTRY_BYTES

    def clear(self) -> None:
        """Forget every bound."""
        with self.lock:
            self.slots.fill(0)

    def __repr__(self) -> str:
        return f"TranspositionTable({self.entries}) ({format_bytes(self.memory)})"


@dataclass(frozen=True)
class SearchResult:
    """Scores of a batch of positions."""

    values: list[Value]
    """Each position's value for the player to move."""

    remoteness: list[int | None]
    """Each position's remoteness (None after a weak search)."""

    nodes: list[int]
    """Positions the search entered for each."""


@dataclass(frozen=True)
class Analysis:
    """A position's value, remoteness and every move's, found by search."""

    position: Position
    """The position analysed."""

    value: Value
    """Its value for the player to move."""

    remoteness: int | None
    """Moves to the end under perfect play (None after a weak search)."""

    moves: tuple[MoveValue, ...]
    """Every legal move, with its value for the player making it and the remoteness of its
    child, best first as :meth:`Solution.moves` ranks them (:func:`rank_moves`)."""

    nodes: int
    """Positions the search entered."""

    @property
    def best_move(self) -> Move | None:
        """The first of :attr:`moves`, or None when the game is over."""
        return self.moves[0].move if self.moves else None


_SEARCH_ENTRY = {"search_batch": ("child, primitive, next_move, wins_now, safe_moves, order, "
                                  "key, horizon, ceiling, FLAGS",
                                  "params, search_params, size, max_moves, roots, visits, "
                                  "claims, mode, scores, nodes, ties, table, frames, moves, "
                                  "looks, busy, state, info"),
                 "table_keys": ("key, FLAGS", "search_params, positions, out")}
"""The search loop's and the table keys' rules and arguments."""

_STAND_INS = {**kernels.STAND_INS, "order": "from perfectplay.compiled._search_loops import "
                                            "no_order as order",
              **{name: f"from perfectplay.compiled._search_loops import no_position_hook as "
                       f"{name}" for name in ("wins_now", "safe_moves", "key", "horizon",
                                             "ceiling")}}
"""What stands for an absent rule or search hook."""


def _kernels(rules: CompiledRules) -> Any:
    """The cached module of the ``search_batch`` and ``table_keys`` entries for ``rules`` and
    their search hooks
    (:func:`~perfectplay.compiled.kernels.kernel_module`, family ``"search"``; it releases the
    GIL, so that a server answers other requests while it searches), with the
    rules' functions compiled for the calls from Python the search makes: both count in
    :func:`~perfectplay.compiled.kernels.compiling_seconds`."""
    hooks = rules.search or _NO_HOOKS
    functions: dict[str, Any] = {"child": rules.child, "primitive": rules.primitive,
                                 "next_move": rules.next_move}
    functions.update({name: getattr(hooks, name) for name in _HOOKS})
    module = kernels.kernel_module(rules, "search", functions,
                                   loops="perfectplay.compiled._search_loops",
                                   entries=_SEARCH_ENTRY, stand_ins=_STAND_INS,
                                   preamble=[f"FLAGS = {hooks.flags()}"], nogil=True)
    kernels.prepare_calls(rules)
    return module


_FIRST_DEPTH = 1 << 8
_SLICE_NODES = 1 << 22  # positions a call: between two, progress and Ctrl-C (under a second)


def _search_rules(game: Game) -> CompiledRules:
    rules = rules_of(game)
    if rules.rest is not None:
        raise NotApplicable("these rules' moves leave sums (rest): the search scores single "
                            "positions, not sums")
    _kernels(rules)  # loaded and compiled before any work: that time counts as compiling
    return rules


def search_positions(game: Game, positions: Iterable[Position], *, weak: bool = False,
                     table: TranspositionTable | None = None,
                     progress: Callable[[int], None] | None = None,
                     book: Book | None = None, threads: int = 1) -> SearchResult:
    """Value and remoteness (or, ``weak``, the value alone) of every position, in one compiled
    call (sliced: ``progress`` gets the positions done now and then).

    Parameters
    ----------
    game : Game
        A game with compiled rules, acyclic.
    positions : iterable of Position
    weak : bool
        Only win, tie or lose: one search of each position, faster.
    table : TranspositionTable, optional
        Kept between calls; default: a new table of the default size.
    progress : callable, optional
    book : Book, optional
        An opening book (:class:`~perfectplay.tiers.book.OpeningBook`): the positions it
        holds are read from it (0 nodes each), the others searched.
    threads : int
        Threads searching the positions together, sharing the table: each starts at its own
        share of the positions and takes the next one no thread has started, and each bound
        one finds saves the others its search (an analysis's children are searched while the
        position is, and its search finds them); once none is left, each searches a position
        not yet scored beside the thread that started it, the two deferring the moves the
        other is searching (ABDADA: one position on every thread), the first to finish
        scoring it. The same scores; each position's nodes are those of the thread that scored it.
        At most the cores this process may use.

    Returns
    -------
    SearchResult

    Raises
    ------
    CycleError
        When a line of play repeats a position.
    NotApplicable
        When the game has no compiled rules, or its moves leave sums.
    EngineLimitError
        When ``threads`` is more than the cores.

    Examples
    --------
    >>> from perfectplay.games.tictactoe import TicTacToe
    >>> result = search_positions(TicTacToe(), [TicTacToe().start()])
    >>> result.values, result.remoteness
    ([Value.TIE], [9])
    """
    check_threads(threads)
    rules = _search_rules(game)
    roots = np.array([rules.index(p) for p in positions], dtype=np.int64)
    read = [None] * len(roots) if book is None else book.probe_keys(table_keys(rules, roots))
    missing = roots[np.array([known is None for known in read], dtype=bool)]
    searched: Iterator[tuple[Value, int | None, int]] = iter(())
    if len(missing):  # else every one was read from the book: no table is made
        table = table if table is not None else TranspositionTable()
        searched = zip(*_scored(game, rules, missing, weak, table, progress, threads),
                       strict=True)
    merged = [next(searched) if known is None else (known[0], None if weak else known[1], 0)
              for known in read]
    return SearchResult([v for v, _, _ in merged], [r for _, r, _ in merged],
                        [n for _, _, n in merged])


def _scored(game: Game, rules: CompiledRules, roots: Any, weak: bool,
            table: TranspositionTable, progress: Callable[[int], None] | None, threads: int
            ) -> tuple[list[Value], list[int | None], list[int]]:
    """The values, remoteness and nodes of a search of ``roots``."""
    from perfectplay.compiled._search_loops import BIG

    values: list[Value] = []
    remoteness: list[int | None] = []
    with table.lock:
        scores, nodes, ties = _run(game, rules, roots, weak, table, progress, threads)
        for root, score, tie in zip(roots.tolist(), scores.tolist(), ties.tolist(),
                                    strict=True):
            if score > 0:
                values.append(Value.WIN)
                remoteness.append(None if weak else BIG - score)
            elif score < 0:
                values.append(Value.LOSE)
                remoteness.append(None if weak else score + BIG)
            else:
                values.append(Value.TIE)
                remoteness.append(None if weak else tie if tie >= 0
                                  else _tie_remoteness(game, rules, root, table))
    return values, remoteness, nodes.tolist()


def _run(game: Game, rules: CompiledRules, roots: Any, weak: bool, table: TranspositionTable,
         progress: Callable[[int], None] | None, threads: int = 1) -> tuple[Any, Any, Any]:
    from perfectplay.compiled import _loops
    from perfectplay.compiled import _search_loops as loops

    kernel = _kernels(rules).search_batch
    outputs = scores, nodes, ties = tuple(np.zeros(len(roots), dtype=np.int64) for _ in range(3))
    claims = np.zeros(len(roots), dtype=np.int64)
    busy = np.zeros(loops.BUSY_SLOTS if threads > 1 else 1, dtype=np.int64)
    mode = loops.WEAK if weak else 0
    # beside helpers, slices as short as theirs: a root a helper scored first is dropped sooner
    state = _state(table, _SLICE_NODES if threads == 1 else _HELPER_SLICE, 1)
    depth = _FIRST_DEPTH
    stop = threading.Event()
    helpers: list[threading.Thread] = []
    try:
        while True:
            args = _batch_args(rules, roots, np.arange(len(roots), dtype=np.int64), claims,
                               mode, outputs, table, depth, busy, state)
            *_, frames, _, _, _, _, info = args
            kernels.prepare(kernel, *args, rules=rules)
            if not helpers and threads > 1:
                helpers = [threading.Thread(target=_help, args=(
                    kernel, rules, roots, claims, mode, outputs, table, busy, thread,
                    (thread - 1) * len(roots) // threads, stop), daemon=True)
                    for thread in range(2, threads + 1)]
                for helper in helpers:
                    helper.start()
            report = None if progress is None else _done(state, progress)
            status = kernels.run_sliced(kernel, args, state, report)
            if status == len(roots):
                for helper in helpers:  # each ends with the root it searches
                    while helper.is_alive():
                        helper.join(0.5)
                        if report is not None:  # progress now and then, as while searching
                            report(0)
                # this thread searched every root left unscored (one a helper stopped on: an
                # error, a deep line), but a helper's claim may cross its scoring
                unscored = claims != -1
                if not unscored.any():
                    break
                claims[unscored] = 0  # searched again here
                state[loops.STATE_NEXT] = 0
                continue
            if status != _loops.STATUS_STACK_FULL:
                break
            path = frames[::loops.FRAME].tolist()
            if len(set(path)) < len(path):
                repeated = next(p for i, p in enumerate(path) if p in path[:i])
                error = CycleError(rules.decode(repeated))
                error.args = (f"the game has a cycle through position "
                              f"{rules.decode(repeated)!r}: the search needs an acyclic game; "
                              "solve(game, method=\"retrograde\") handles cycles",)
                raise error
            depth *= 8
    finally:  # the helpers write the table and the outputs: they stop before those are let go
        stop.set()
        for helper in helpers:
            helper.join()
    kernels.check(status, info, rules)
    if progress is not None:
        progress(len(roots))
    return scores, nodes, ties


_HELPER_SLICE = 1 << 16
"""Positions a helper thread's call enters: it stops within milliseconds when told to."""


def _help(kernel: Any, rules: CompiledRules, roots: Any, claims: Any, mode: int,
          outputs: tuple[Any, ...], table: TranspositionTable, busy: Any, thread: int,
          first: int, stop: threading.Event) -> None:
    """A helper thread of a parallel search (``thread`` 2, 3...), sharing the first thread's
    roots, claims, outputs and table, visiting the roots from root ``first`` round to the one
    before it, twice (see ``search_batch``: an analysis's children are searched while the first
    thread searches the position, whose search then finds them in the table; then the roots
    not yet scored beside the threads that search them), until it is done or ``stop`` is
    set."""
    from perfectplay.compiled import _loops

    visits = np.roll(np.arange(len(roots), dtype=np.int64), -first)
    args = _batch_args(rules, roots, visits, claims, mode, outputs, table, _FIRST_DEPTH, busy,
                       _state(table, _HELPER_SLICE, thread))
    status = _loops.STATUS_PAUSED
    while status == _loops.STATUS_PAUSED and not stop.is_set():
        status = kernel(*args)  # an error or a deep line ends it: the first thread meets them


def _state(table: TranspositionTable, budget: int, thread: int) -> Any:
    """A new ``state`` of the search loop: positions a call enters, the table's bucket shift,
    the thread's number."""
    from perfectplay.compiled import _search_loops as loops

    state = np.zeros(loops.STATE_SIZE, dtype=np.int64)
    state[loops.STATE_BUDGET] = budget
    state[loops.STATE_SHIFT] = table.shift
    state[loops.STATE_THREAD] = thread
    return state


def _batch_args(rules: CompiledRules, roots: Any, visits: Any, claims: Any, mode: int,
                outputs: tuple[Any, ...], table: TranspositionTable, depth: int, busy: Any,
                state: Any) -> tuple[Any, ...]:
    """The arguments of the ``search_batch`` kernel (:data:`_SEARCH_ENTRY`), with new frames,
    moves and looks for lines of ``depth`` moves and a new ``info``; ``busy`` is shared by the
    threads of one search (one slot for a thread alone)."""
    from perfectplay.compiled import _search_loops as loops

    hooks = rules.search or _NO_HOOKS
    return (rules.params, hooks.params, rules.size, rules.max_moves, roots, visits, claims, mode,
            *outputs, table.slots, np.zeros(loops.FRAME * depth, dtype=np.int64),
            np.zeros(depth * max(rules.max_moves, 1), dtype=np.int64),
            np.zeros(loops.LOOK * (depth + 1) * max(rules.max_moves, 1), dtype=np.int64), busy,
            state, np.zeros(3, dtype=np.int64))


def table_keys(rules: CompiledRules, positions: Any) -> Any:
    """The search's table key of each integer position (int64 array; the position itself for
    rules without a ``key`` hook): equal keys, equal value and remoteness.

    >>> from perfectplay.games.connect4 import ConnectFour
    >>> game = ConnectFour(5, 4)
    >>> rules = rules_of(game)
    >>> keys = table_keys(rules, [rules.index(game.parse_position(m)) for m in ("1", "5", "3")])
    >>> bool(keys[0] == keys[1]), bool(keys[0] == keys[2])  # mirror images share a key
    (True, False)
    """
    hooks = rules.search or _NO_HOOKS
    entry = _kernels(rules).table_keys
    roots = np.asarray(positions, dtype=np.int64)
    out = np.empty(len(roots), dtype=np.int64)
    kernels.prepare(entry, hooks.params, roots, out, rules=rules)
    entry(hooks.params, roots, out)
    return out


def _done(state: Any, progress: Callable[[int], None]) -> Callable[[int], None]:
    from perfectplay.compiled._search_loops import STATE_NEXT

    return lambda _: progress(int(state[STATE_NEXT]))


def _tie_remoteness(game: Game, rules: CompiledRules, root: int,
                    table: TranspositionTable) -> int:
    """The shortest line to a finished tie through tying positions, for rules without a
    ``horizon``: a breadth-first search whose levels are valued by weak searches."""
    level, distance, seen = [root], 0, {root}
    while level:
        if any(rules.primitive_value(p) is Value.TIE for p in level):
            return distance
        children = list(dict.fromkeys(c for p in level if rules.primitive_value(p) is None
                                      for _, c in rules.children(p) if c not in seen))
        seen.update(children)
        scores, _, _ = _run(game, rules, np.array(children, dtype=np.int64), True, table, None)
        level = [c for c, s in zip(children, scores.tolist(), strict=True) if s == 0]
        distance += 1
    raise GameError("the search found a tie but no line of tying positions to a finished tie",
                    position=rules.decode(root))


def analyze(game: Game, position: Position | None = None, *, weak: bool = False,
            table: TranspositionTable | None = None,
            progress: Callable[[int], None] | None = None, book: Book | None = None,
            threads: int = 1) -> Analysis:
    """The value and remoteness of ``position`` (default: the start) and of every move, by
    search: exact, without a table over the whole game.

    Parameters
    ----------
    game : Game
        A game with compiled rules (``compiled()``), acyclic.
    position : Position, optional
    weak : bool
        Values only (win, tie, lose), no remoteness: faster.
    table : TranspositionTable, optional
        The transposition table (kept between calls); default: a new one of
        :func:`default_table_entries` entries.
    progress : callable, optional
        Called now and then (at least once a second) with the positions scored so far: the
        position itself and then its children, ``1 + len(moves)`` in all.
    book : Book, optional
        An opening book (:class:`~perfectplay.tiers.book.OpeningBook`), read as
        :func:`search_positions` reads it.
    threads : int
        Threads searching together, as :func:`search_positions` says.

    Returns
    -------
    Analysis

    Raises
    ------
    CycleError
        When a line of play repeats a position (``solve(game, method="retrograde")``).
    NotApplicable
        When the game has no compiled rules, or its moves leave sums.

    Examples
    --------
    >>> from perfectplay.games.connect4 import ConnectFour
    >>> game = ConnectFour(5, 4)
    >>> result = analyze(game, game.parse_position("33"), table=TranspositionTable(1 << 16))
    >>> result.value, result.remoteness, result.best_move
    (Value.TIE, 18, 3)
    >>> [(m.move, str(m.value), m.remoteness) for m in result.moves][:2]
    [(3, 'tie', 17), (1, 'lose', 17)]
    """
    rules = _search_rules(game)
    start = game.start() if position is None else position
    root = rules.index(start)
    over = rules.primitive_value(root) is not None  # the game has ended: no move is judged
    labelled = [] if over else _labels(game, start, [c for _, c in rules.children(root)], rules)
    result = search_positions(game, [start, *(p for _, p in labelled)], weak=weak, table=table,
                              progress=progress, book=book, threads=threads)
    moves = tuple(rank_moves(MoveValue(move, child, value.negate(), r)
                             for (move, child), value, r in zip(labelled, result.values[1:],
                                                                result.remoteness[1:],
                                                                strict=True)))
    return Analysis(start, result.values[0], result.remoteness[0], moves, sum(result.nodes))


def _labels(game: Game, position: Position, children: Sequence[int],
            rules: CompiledRules) -> list[tuple[Move, Position]]:
    """The game's own ``(move, child)`` pairs, matched with the compiled children (the game's
    move labels, in its order); two moves may reach one child (Quixo), so each is kept."""
    labelled = list(game.moves(position))
    if sorted(rules.index(child) for _, child in labelled) != sorted(children):
        raise GameError("the compiled rules and moves() give different children",
                        position=position)
    return labelled
