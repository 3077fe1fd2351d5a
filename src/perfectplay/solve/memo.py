"""Memoised depth-first search for acyclic games: iterative, exact remoteness, early exit."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable

from perfectplay.core.codes import encode, parent_code, value_of
from perfectplay.core.errors import CycleError
from perfectplay.core.game import (
    Game,
    Position,
    checked_key,
    checked_primitive,
    children_of,
    has_hook,
)
from perfectplay.core.values import Value
from perfectplay.solve.dict_store import DictSolution

__all__ = ["memo_outcome", "memo_solve"]

_IN_PROGRESS = -1
_NO_CHILD = 1 << 70  # larger than every code: "no child seen yet"
_PROGRESS_EVERY = 1 << 14
_PRIMITIVE_CODES: dict[Value, int] = {value: encode(value, 0) for value in Value
                                      if value is not Value.DRAW}


def memo_solve(game: Game, position: Position | None = None, *,
               progress: Callable[[int], None] | None = None) -> DictSolution:
    """Strongly solve every position reachable from ``position`` (default: the start).

    Parameters
    ----------
    game : Game
        An acyclic game.
    position : Position, optional
        Where to start; the game's ``start()`` by default.
    progress : callable, optional
        Called with the number of positions solved so far, every 16384 positions.

    Returns
    -------
    DictSolution

    Raises
    ------
    CycleError
        When a line of play repeats a position (use retrograde analysis).
    GameError
        When the game breaks the protocol: ``moves`` gives no pairs of a move and a hashable
        position, ``key`` an unhashable value, ``primitive`` something other than None, WIN,
        LOSE or TIE.

    Examples
    --------
    >>> from perfectplay.games.nim import Nim
    >>> memo_solve(Nim((1, 2))).value((1, 2))
    Value.WIN
    """
    start = game.start() if position is None else position
    table, representatives, primitives = _search(game, start, weak=False, progress=progress)
    return DictSolution(game, table, start=start, representatives=representatives,
                    primitives=primitives, method="memo")


def memo_outcome(game: Game, position: Position | None = None) -> Value:
    """The value of one position, stopping at the first winning move found (no remoteness).

    Touches only the positions needed to prove the value, which is often a small part of the
    game.

    >>> from perfectplay.games.nim import Nim
    >>> memo_outcome(Nim((3, 4, 5)))
    Value.WIN
    """
    start = game.start() if position is None else position
    table, _, _ = _search(game, start, weak=True, progress=None)
    key = game.key(start) if has_hook(game, "key") else start
    return value_of(table[key])


def _search(game: Game, start: Position, *, weak: bool,
            progress: Callable[[int], None] | None,
            ) -> tuple[dict[Hashable, int], dict[Hashable, Position] | None, Counter[Value]]:
    """Post-order search without recursion; returns codes by key, key representatives, and
    primitive counts.

    A frame is ``[key, children, next child index, best child code, position]``; a child not
    solved yet gets its own frame on top, and the parent resumes at the same index once it is
    solved. Every edge costs one dictionary lookup (plus one more per position, on return).
    What the game gives is checked by the lookups themselves (an unhashable key, a primitive
    value that is not a finished one fail them); the checked helpers of
    :mod:`perfectplay.core.game` run only then, to name the culprit.
    """
    key = game.key if has_hook(game, "key") else None
    primitive = game.primitive if has_hook(game, "primitive") else None
    moves = game.moves
    representatives: dict[Hashable, Position] | None = {} if key is not None else None
    table: dict[Hashable, int] = {}
    primitives: Counter[Value] = Counter()
    stack: list[list] = []

    def enter(position: Position, k: Hashable) -> int:
        """Solve a primitive position at once, or push a frame for it; returns its code."""
        if representatives is not None:
            representatives[k] = position
        value = primitive(position) if primitive is not None else None
        if value is None:
            try:
                children = [child for _, child in moves(position)]
            except (TypeError, ValueError):  # not (move, child) pairs: name the culprit
                children = [child for _, child in children_of(game, position)]
            if children:
                table[k] = _IN_PROGRESS
                stack.append([k, children, 0, _NO_CHILD, position])
                return _IN_PROGRESS
            value = Value.LOSE
        try:
            code = table[k] = _PRIMITIVE_CODES[value]
        except (KeyError, TypeError):  # DRAW, or not a Value at all
            checked_primitive(value, position)  # raises, naming the value
            raise
        primitives[value] += 1
        return code

    enter(start, checked_key(game, start))
    solved = 0
    while stack:
        frame = stack[-1]
        _, children, i, best, _ = frame
        n = len(children)
        while i < n:
            child = children[i]
            k = key(child) if key is not None else child
            try:
                code = table.get(k)
            except TypeError:  # an unhashable child or key
                checked_key(game, child, parent=frame[4])  # raises, naming the culprit
                raise
            if code is None:
                code = enter(child, k)
                if code == _IN_PROGRESS:
                    frame[2] = i  # the child's frame is on top; this one resumes here
                    frame[3] = best
                    break
            elif code == _IN_PROGRESS:
                raise CycleError(child)
            if code < best:
                best = code
                if weak and value_of(code) is Value.LOSE:
                    break  # a losing child proves the win; the rest need not be searched
            i += 1
        else:
            stack.pop()
            table[frame[0]] = parent_code(best)
            solved += 1
            if progress is not None and solved % _PROGRESS_EVERY == 0:
                progress(solved)
            continue
        if weak and code != _IN_PROGRESS:  # left early on a losing child
            stack.pop()
            table[frame[0]] = parent_code(best)
    return table, representatives, primitives
