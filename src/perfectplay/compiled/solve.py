"""Strong solve of a compiled game: value and remoteness of every reachable position, in two
bytes a position (four for a game whose remoteness passes 16,383), with the reachable set as a
bit array."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from perfectplay.compiled.rules import CompiledRules, rules_of
from perfectplay.core.errors import CycleError
from perfectplay.core.game import Game, Position
from perfectplay.core.limits import check_memory
from perfectplay.core.values import Value

if TYPE_CHECKING:
    from perfectplay.compiled.dense import DenseSolution

__all__ = ["compiled_solve"]


def compiled_solve(game: Game, position: Position | None = None, *,
                   progress: Callable[[int], None] | None = None) -> DenseSolution:
    """Strongly solve a game with compiled rules from ``position`` (default: the start).

    One depth-first search reaches every position once and follows every edge once, coding
    each position from its children's codes when the last of them is done (the codes of
    :mod:`perfectplay.core.codes`, in two bytes; a game whose remoteness passes 16,383 is
    solved again in four, up to 2^30 - 1). A game with cycles is detected on the way
    and solved by retrograde analysis with parent lists instead, exactly as
    :func:`perfectplay.solve.retrograde.retrograde_solve` does in Python (DRAWs included).

    Parameters
    ----------
    game : Game
        A game with a ``compiled()`` method returning
        :class:`~perfectplay.compiled.rules.CompiledRules`.
    position : Position, optional
        Where to start; the game's ``start()`` by default.
    progress : callable, optional
        Called with the number of positions reached so far, every few milliseconds while the
        search runs, and with the number of reachable positions at the end.

    Returns
    -------
    DenseSolution
        A :class:`~perfectplay.core.solution.Solution` over arrays; its ``compile_seconds``
        is the time spent building the rules (numba's import included) and compiling or
        loading the kernels, apart from allocating the tables and searching.

    Raises
    ------
    ValueError
        When the game has no compiled rules or the position is outside the encoding.
    GameError
        When the rules break their contract (see :func:`perfectplay.compiled.kernels.check`).
    EngineLimitError
        When the encoding is too large for the tables, or a remoteness passes 2^30 - 1.

    Examples
    --------
    >>> from perfectplay.games.connect4 import ConnectFour
    >>> counts = []
    >>> s = compiled_solve(ConnectFour(4, 4), progress=counts.append)
    >>> s.value(), s.remoteness(), len(s)
    (Value.TIE, 16, 161029)
    >>> counts[-1], counts == sorted(counts)
    (161029, True)
    """
    started = time.perf_counter()
    # numpy, numba and the kernels are imported here, where compile_seconds counts them
    import numpy as np

    from perfectplay.compiled.dense import DenseSolution
    from perfectplay.compiled.kernels import CodeWidthError, compiling_seconds, kernels_for

    compiled = compiling_seconds()
    rules = rules_of(game)  # the game's compiled rules import numba
    start = game.start() if position is None else position
    first = rules.index(start)
    loading = time.perf_counter() - started
    module = kernels_for(rules)  # counted in compiling_seconds
    try:
        count, reach, table, primitives = _solve(module, rules, first, np.uint16, progress)
    except CodeWidthError:  # a remoteness past 16,383: again, with 4-byte codes
        count, reach, table, primitives = _solve(module, rules, first, np.uint32, progress)
    if progress is not None:
        progress(count)
    counted = dict(zip((Value.LOSE, Value.TIE, Value.WIN), primitives.tolist(), strict=True))
    return DenseSolution(game, encode=rules.encode, decode=rules.decode, reachable=reach,
                         table=table, start=start, primitives=counted, method="compiled",
                         compile_seconds=loading + compiling_seconds() - compiled)


def _solve(module: Any, rules: CompiledRules, first: int, dtype: Any,
           progress: Callable[[int], None] | None) -> tuple[Any, ...]:
    """One solve with codes of ``dtype``: ``(count, reach, table, primitives)``."""
    import numpy as np

    from perfectplay.compiled._loops import unvisited
    from perfectplay.compiled.codes import span_of
    from perfectplay.compiled.kernels import search

    fill = unvisited(span_of(np.dtype(dtype)))
    reach = np.zeros((rules.size + 7) // 8, dtype=np.uint8)
    table = np.empty(rules.size, dtype=dtype)
    _fill(table, fill)
    primitives = np.zeros(3, dtype=np.int64)
    try:
        count = search(module.solve_memo, rules, first, (reach, table), (primitives,),
                       progress=progress)
    except CycleError:
        _fill(reach, 0)
        _fill(table, fill)
        primitives.fill(0)
        count = _retrograde(module, rules, first, reach, table, primitives, progress)
    return count, reach, table, primitives


_CHUNK = 1 << 24
"""Entries of a table filled at a time: Ctrl-C waits for a chunk (milliseconds), not for the
gigabytes of a large table."""


def _fill(array: Any, value: int) -> None:
    """``array[:] = value``, a chunk at a time."""
    for lo in range(0, len(array), _CHUNK):
        array[lo:lo + _CHUNK] = value


def _retrograde(module: Any, rules: CompiledRules, first: int, reach: Any, table: Any,
                primitives: Any, progress: Callable[[int], None] | None) -> int:
    """Retrograde analysis, in two loops: enumerate, then resolve; return the count."""
    import numpy as np

    from perfectplay.compiled._loops import STATE_EDGES
    from perfectplay.compiled.kernels import check, new_state, prepare, run_sliced

    # the dispatcher counted the tables of a search; a cycle needs two int64 arrays over the
    # encoding more (their pages are touched only where positions are reached, but a solve
    # that reaches most of them must not start on a machine that cannot hold them)
    check_memory(16 * rules.size, f"retrograde analysis of {rules.size:,} integer positions "
                                  "(the search met a cycle)")
    order = np.empty(rules.size, dtype=np.int64)  # only the pages of reached positions are used
    index = np.empty(rules.size, dtype=np.int64)
    state = new_state()
    info = np.zeros(3, dtype=np.int64)
    found = (rules.params, first, rules.size, rules.max_moves, reach, table, primitives, order,
             index, state, info)
    prepare(module.enumerate_any, *found, rules=rules)
    n = check(run_sliced(module.enumerate_any, found, state, progress), info, rules)
    edges = int(state[STATE_EDGES])
    check_memory(8 * edges + 24 * n, f"retrograde analysis of {n:,} reached positions and "
                                     f"{edges:,} moves")
    state = new_state()
    resolve = (rules.params, rules.max_moves, table, order[:n], index,
               np.zeros(n, dtype=np.int64), np.zeros(n + 1, dtype=np.int64),
               np.empty(edges, dtype=np.int64), np.empty(n, dtype=np.int64), state, info)
    prepare(module.resolve_any, *resolve, rules=rules)
    return check(run_sliced(module.resolve_any, resolve, state), info, rules)
