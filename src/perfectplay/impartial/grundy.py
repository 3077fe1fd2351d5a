"""Grundy values of impartial games, sums split into their components automatically."""

from __future__ import annotations

from collections.abc import Hashable

from perfectplay.core.engines import Engine, Request, dispatch, register
from perfectplay.core.errors import CycleError, GameError
from perfectplay.core.game import Game, P, Position, children_of, has_hook
from perfectplay.core.values import Value
from perfectplay.impartial.nimbers import mex, nim_product, nim_sum

__all__ = ["grundy", "grundy_table", "mex", "nim_product", "nim_sum"]

_IN_PROGRESS = -1


def grundy(game: Game[P], position: P | None = None, *, method: str = "auto",
           table: dict[Hashable, int] | None = None) -> int:
    """The Grundy value (nimber) of ``position`` in the impartial ``game``.

    A position is worth the mex of its children's values [1]_; a position with no moves is
    worth 0. When the game splits a position into independent ``components``, the value is the
    nim-sum of the components' values (Sprague–Grundy theorem), and each distinct component
    (by ``key``) is solved once. The search is iterative: no recursion limit.

    Parameters
    ----------
    game : Game
        An impartial, acyclic game under normal play (the player who cannot move loses).
    position : Position, optional
        The position to value; the game's ``start()`` by default.
    method : {"auto", "python", "compiled"}
        ``python``: the search above. ``compiled``:
        :func:`perfectplay.compiled.compiled_grundy` on the game's compiled rules (whose moves
        may leave sums, see ``CompiledRules.rest``). ``auto`` (default): compiled when the game
        has compiled rules, the encoding has at least
        :data:`~perfectplay.core.limits.COMPILED_GRUNDY_WORK` integers and its table fits the
        memory; else python.
    table : dict, optional
        Values by key, read and extended (python): pass the same dict to several calls to
        share work.

    Returns
    -------
    int

    Raises
    ------
    CycleError
        When a position repeats along a line of play (see :mod:`perfectplay.impartial.loopy`).
    GameError
        When ``primitive`` gives a value other than LOSE (a Grundy value needs normal play),
        or ``components`` lists the position itself among several parts.

    Examples
    --------
    >>> from perfectplay.games.nim import Nim
    >>> grundy(Nim((3, 5)))
    6
    >>> from perfectplay.games.subtraction import Subtraction
    >>> [grundy(Subtraction(n, (1, 3, 4))) for n in range(8)]
    [0, 1, 0, 1, 2, 3, 2, 0]

    References
    ----------
    .. [1] E. R. Berlekamp, J. H. Conway, R. K. Guy, *Winning Ways for your Mathematical Plays*,
       2nd ed., vol. 1, ch. 3–4.
    """
    value: int = dispatch(Request("grundy", game, position, options={"table": table}), method)
    return value


def _python_grundy(request: Request) -> int:
    game = request.game
    start = game.start() if request.position is None else request.position
    table = request.options.get("table")
    return grundy_table(game, start, {} if table is None else table)


register(Engine("python", "grundy", order=10, run=_python_grundy))


def grundy_table(game: Game, start: Position, table: dict[Hashable, int], *,
                 components: bool = True, terminal: int = 0) -> int:
    """Fill ``table`` (values by key) for every position needed to value ``start``.

    ``components=False`` ignores the game's ``components`` hook; ``terminal`` is the value of
    a position with no moves (1 gives misère Grundy values). Returns the value of ``start``.
    A frame is ``[key, children, next child, values of children, is a sum]``.
    """
    key = game.key if has_hook(game, "key") else None
    primitive = game.primitive if has_hook(game, "primitive") else None
    split = game.components if components and has_hook(game, "components") else None

    def frame(position: Position, k: Hashable) -> list | None:
        """A frame for ``position``, or None once its value is in the table."""
        if split is not None:
            parts = list(split(position))
            if len(parts) != 1 or parts[0] != position:
                if any(p == position for p in parts):
                    raise GameError("components() listed the position among several parts",
                                    position=position)
                table[k] = _IN_PROGRESS
                return [k, parts, 0, [], True]
        value = primitive(position) if primitive is not None else None
        if value is not None and value is not Value.LOSE:
            raise GameError(f"a Grundy value needs normal play, but primitive() gave {value}",
                            position=position)
        kids = [] if value is not None else [child for _, child in children_of(game, position)]
        if not kids:
            table[k] = terminal
            return None
        table[k] = _IN_PROGRESS
        return [k, kids, 0, [], False]

    start_key = key(start) if key is not None else start
    if start_key in table:
        if table[start_key] == _IN_PROGRESS:
            raise CycleError(start)
        return table[start_key]
    first = frame(start, start_key)
    stack = [first] if first is not None else []
    while stack:
        top = stack[-1]
        kids, values = top[1], top[3]
        i = top[2]
        while i < len(kids):
            child = kids[i]
            k = key(child) if key is not None else child
            v = table.get(k)
            if v is None:
                new = frame(child, k)
                if new is not None:
                    top[2] = i
                    stack.append(new)
                    break
                v = table[k]
            elif v == _IN_PROGRESS:
                raise CycleError(child)
            values.append(v)
            i += 1
        else:
            stack.pop()
            table[top[0]] = nim_sum(*values) if top[4] else mex(values)
    return table[start_key]
