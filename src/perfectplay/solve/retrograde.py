"""Retrograde analysis: solve any finite game, cycles included, from its ends backwards."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable
from dataclasses import dataclass

from perfectplay.core.codes import DRAW_CODE, decode, encode, value_of
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

__all__ = ["GameGraph", "enumerate_positions", "retrograde_solve"]

_PROGRESS_EVERY = 1 << 14
_DECISIVE = (Value.WIN, Value.LOSE)


@dataclass
class GameGraph:
    """Every position reachable from a start, one per key, as a graph of indices."""

    index: dict[Hashable, int]
    """Position index by key; the start is 0."""
    positions: list[Position]
    """A representative position per index."""
    children: list[list[int]]
    """Children of each position, as indices (empty for primitive positions)."""
    parents: list[list[int]]
    """Parents of each position, as indices (one entry per edge)."""
    primitive: list[Value | None]
    """The value of each finished position (LOSE when it has no moves), None elsewhere."""


def enumerate_positions(game: Game, start: Position, *,
                        progress: Callable[[int], None] | None = None) -> GameGraph:
    """Index every position reachable from ``start`` by key, breadth-first, with its
    children and parents: the first step of every retrograde computation.

    >>> from perfectplay.games.graph import GraphGame
    >>> graph = enumerate_positions(GraphGame.from_edges([("a", "b"), ("b", "a")], start="a"),
    ...                             "a")
    >>> graph.positions, graph.children, graph.primitive
    (['a', 'b'], [[1], [0]], [None, None])

    Raises
    ------
    GameError
        When the game breaks the protocol: ``moves`` gives no pairs of a move and a hashable
        position, ``key`` an unhashable value, ``primitive`` something other than None, WIN,
        LOSE or TIE.
    """
    key = game.key if has_hook(game, "key") else None
    primitive = game.primitive if has_hook(game, "primitive") else None
    index: dict[Hashable, int] = {checked_key(game, start): 0}
    positions: list[Position] = [start]
    children: list[list[int]] = []
    values: list[Value | None] = []
    for i, pos in enumerate(positions):  # grows while iterated: breadth-first
        value = checked_primitive(primitive(pos), pos) if primitive is not None else None
        kids: list[int] = []
        if value is None:
            for _, child in children_of(game, pos):
                k = key(child) if key is not None else child
                try:
                    j = index.get(k)
                except TypeError:  # an unhashable key
                    checked_key(game, child, parent=pos)  # raises, naming the culprit
                    raise
                if j is None:
                    j = index[k] = len(positions)
                    positions.append(child)
                kids.append(j)
            if not kids:
                value = Value.LOSE
        children.append(kids)
        values.append(value)
        if progress is not None and i % _PROGRESS_EVERY == 0:
            progress(i)
    parents: list[list[int]] = [[] for _ in positions]
    for i, kids in enumerate(children):
        for j in kids:
            parents[j].append(i)
    return GameGraph(index, positions, children, parents, values)


def retrograde_solve(game: Game, position: Position | None = None, *,
                     progress: Callable[[int], None] | None = None) -> DictSolution:
    """Strongly solve every position reachable from ``position``, draws included.

    The reachable positions are enumerated, each one's children counted, and values propagated
    from the primitive positions to their parents in order of remoteness [1]_: a parent of a
    LOSE is a WIN one move later; a position all of whose children are WINs is a LOSE one move
    after the last of them. A position left undecided that can reach a finished tie through
    undecided positions is a TIE (both sides prefer a tie to endless play); every other
    undecided position is a DRAW. Processing in remoteness order makes remoteness exact.

    Parameters
    ----------
    game : Game
        Any finite game; positions may repeat.
    position : Position, optional
        Where to start; the game's ``start()`` by default.
    progress : callable, optional
        Called with the number of positions found so far, every 16384 positions.

    Returns
    -------
    DictSolution

    Raises
    ------
    GameError
        When the game breaks the protocol (see :func:`enumerate_positions`).

    Examples
    --------
    A token on a 2-cycle with an exit that loses: ``a`` and ``b`` go round forever.

    >>> from perfectplay.games.graph import GraphGame
    >>> game = GraphGame.from_edges([("a", "b"), ("b", "a"), ("b", "c"), ("c", "x")], start="a")
    >>> s = retrograde_solve(game)
    >>> s.value("c"), s.remoteness("c"), s.value("a")
    (Value.WIN, 1, Value.DRAW)

    References
    ----------
    .. [1] K. Thompson, "Retrograde analysis of certain endgames", ICCA Journal 9(3), 1986.
    """
    start = game.start() if position is None else position
    key = game.key if has_hook(game, "key") else None
    graph = enumerate_positions(game, start, progress=progress)
    index, positions, children, parents = graph.index, graph.positions, graph.children, \
        graph.parents
    codes: list[int | None] = [None if v is None else encode(v, 0) for v in graph.primitive]
    primitives: Counter[Value] = Counter(v for v in graph.primitive if v is not None)
    unresolved = [len(kids) for kids in children]  # children not yet known to be WINs

    # 2. Wins and losses, in increasing remoteness: the queue is a breadth-first frontier.
    queue = [i for i, c in enumerate(codes) if c is not None and value_of(c) in _DECISIVE]
    for i in queue:  # grows while iterated
        value, r = decode(_known(codes[i]))
        for p in parents[i]:
            if codes[p] is not None:
                continue
            if value is Value.LOSE:
                codes[p] = encode(Value.WIN, _known(r) + 1)
                queue.append(p)
            else:
                unresolved[p] -= 1
                if unresolved[p] == 0:
                    codes[p] = encode(Value.LOSE, _known(r) + 1)
                    queue.append(p)

    # 3. Ties: undecided positions that reach a finished tie through undecided positions.
    ties = [i for i, c in enumerate(codes) if c is not None and value_of(c) is Value.TIE]
    for i in ties:  # grows while iterated
        _, r = decode(_known(codes[i]))
        for p in parents[i]:
            if codes[p] is None:
                codes[p] = encode(Value.TIE, _known(r) + 1)
                ties.append(p)

    # 4. Everything still undecided can be kept from ending: a draw.
    table: dict[Hashable, int] = {k: DRAW_CODE if (c := codes[i]) is None else c
                                  for k, i in index.items()}
    representatives = None if key is None else dict(zip(index, positions, strict=True))
    return DictSolution(game, table, start=start, representatives=representatives,
                    primitives=primitives, method="retrograde")


def _known(number: int | None) -> int:
    """A code or remoteness the queues only hold once it is decided."""
    assert number is not None
    return number
