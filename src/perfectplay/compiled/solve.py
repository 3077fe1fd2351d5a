"""Strong solve of a compiled game: value and remoteness of every reachable position, in two
bytes a position (four for a game whose remoteness passes 16,383), with the reachable set as a
bit array."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import numpy as np

from perfectplay.compiled.codes import span_of
from perfectplay.compiled.dense import DenseSolution
from perfectplay.compiled.kernels import check, kernels_for, prepare, search
from perfectplay.compiled.rules import rules_of
from perfectplay.core.errors import CycleError, EngineLimitError
from perfectplay.core.game import Game, Position
from perfectplay.core.values import Value

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
        Called once, with the number of reachable positions, when they are known.

    Returns
    -------
    DenseSolution
        A :class:`~perfectplay.core.solution.Solution` over arrays; its ``compile_seconds``
        is the time spent building the rules and compiling or loading the kernels (numba's
        import included).

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
    >>> s = compiled_solve(ConnectFour(4, 4))
    >>> s.value(), s.remoteness(), len(s)
    (Value.TIE, 16, 161029)
    """
    compile_started = time.perf_counter()
    rules = rules_of(game)
    start = game.start() if position is None else position
    first = rules.index(start)
    module = kernels_for(rules)
    try:
        count, reach, table, primitives, prepared = _solve(module, rules, first, np.uint16)
    except EngineLimitError:  # a remoteness past 16,383: again, with 4-byte codes
        count, reach, table, primitives, prepared = _solve(module, rules, first, np.uint32)
    if progress is not None:
        progress(count)
    counted = dict(zip((Value.LOSE, Value.TIE, Value.WIN), primitives.tolist(), strict=True))
    return DenseSolution(game, encode=rules.encode, decode=rules.decode, reachable=reach,
                         table=table, start=start, primitives=counted, method="compiled",
                         compile_seconds=prepared - compile_started)


def _solve(module: Any, rules: Any, first: int, dtype: Any) -> tuple[Any, ...]:
    """One solve with codes of ``dtype``: ``(count, reach, table, primitives, prepared)``."""
    from perfectplay.compiled._loops import unvisited

    fill = unvisited(span_of(np.dtype(dtype)))

    def arrays() -> tuple[tuple[np.ndarray, ...], tuple[np.ndarray, ...]]:
        return ((np.zeros((rules.size + 7) // 8, dtype=np.uint8),
                 np.full(rules.size, fill, dtype=dtype)), (np.zeros(3, dtype=np.int64),))

    try:
        count, (reach, table, primitives), prepared = search(module.solve_memo, rules, first,
                                                             arrays)
    except CycleError:
        (reach, table), (primitives,) = arrays()
        info = np.zeros(3, dtype=np.int64)
        args = (rules.params, first, rules.size, rules.max_moves, reach, table, primitives, info)
        prepare(module.solve_any, *args)
        prepared = time.perf_counter()
        count = check(module.solve_any(*args), info, rules)
    return count, reach, table, primitives, prepared
