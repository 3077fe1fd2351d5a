"""Generalised Sprague–Grundy values of impartial games with cycles (Smith's theory)."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, field

from perfectplay.core.errors import GameError
from perfectplay.core.game import Game, Position, has_hook
from perfectplay.core.values import Value
from perfectplay.solve.retrograde import enumerate_positions

__all__ = ["LoopyValue", "loopy_grundy", "loopy_outcome", "sum_outcome"]

_INFINITE = -1


@dataclass(frozen=True)
class LoopyValue:
    """A generalised Grundy value: a nimber ``finite``, or ∞ (``finite is None``) with the
    set ``reachable`` of finite values among the position's children.

    >>> LoopyValue(None, frozenset({0, 2}))
    LoopyValue(finite=None, reachable=frozenset({0, 2}))
    >>> str(LoopyValue(None, frozenset({0, 2}))), str(LoopyValue(3))
    ('∞{0,2}', '3')
    """

    finite: int | None
    """The value when finite; None for ∞."""

    reachable: frozenset[int] = field(default_factory=frozenset)
    """For ∞: the finite values of the children (empty for a finite value)."""

    @property
    def is_infinite(self) -> bool:
        """Whether the value is ∞."""
        return self.finite is None

    def outcome(self) -> Value:
        """The value of the position played alone: 0 LOSE, other finite WIN, ∞ WIN when a
        child is worth 0, else DRAW."""
        if self.finite is not None:
            return Value.LOSE if self.finite == 0 else Value.WIN
        return Value.WIN if 0 in self.reachable else Value.DRAW

    def __str__(self) -> str:
        if self.finite is not None:
            return str(self.finite)
        return "∞{" + ",".join(map(str, sorted(self.reachable))) + "}"


def loopy_grundy(game: Game, position: Position | None = None, *,
                 progress: Callable[[int], None] | None = None) -> dict[Hashable, LoopyValue]:
    """The generalised Grundy value of every position reachable from ``position``, by key.

    Smith's γ [1]_: ``γ(u) = m`` (finite) when no child is worth ``m``, every smaller value is
    a child's, and every child worth more than ``m`` or ∞ has a child worth ``m``; otherwise
    ``γ(u) = ∞(K)``, ``K`` the finite values of the children. Computed by retrograde
    analysis [2]_, one round per value ``m``: positions whose relevant children all reach an
    ``m`` get ``m``, propagated from the ends with child counters, in ``O(E)`` per round.

    Parameters
    ----------
    game : Game
        An impartial game under normal play; positions may repeat.
    position : Position, optional
        The start; ``game.start()`` by default.
    progress : callable, optional
        Passed to the enumeration of positions.

    Returns
    -------
    dict
        :class:`LoopyValue` by key (the position itself when the game has no ``key``).

    Raises
    ------
    GameError
        When ``primitive`` gives a value other than LOSE.

    Examples
    --------
    A 2-cycle ``a <-> b`` with a way out ``a -> c -> d``: ``d`` is 0, ``c`` is 1, and the
    cycle is ∞: from ``a`` the only alternative to going round is the losing move to ``c``.

    >>> from perfectplay.games.graph import GraphGame
    >>> game = GraphGame.from_edges([("a", "b"), ("b", "a"), ("a", "c"), ("c", "d")], start="a")
    >>> {k: str(v) for k, v in sorted(loopy_grundy(game).items())}
    {'a': '∞{1}', 'b': '∞{}', 'c': '1', 'd': '0'}

    References
    ----------
    .. [1] C. A. B. Smith, "Graphs and composite games", J. Combin. Theory 1 (1966) 51-81.
    .. [2] A. S. Fraenkel, Y. Yesha, "The generalized Sprague-Grundy function and its
       invariance under certain mappings", J. Combin. Theory A 43 (1986) 165-177.
    """
    start = game.start() if position is None else position
    graph = enumerate_positions(game, start, progress=progress)
    for pos, value in zip(graph.positions, graph.primitive, strict=True):
        if value is not None and value is not Value.LOSE:
            raise GameError(f"a Grundy value needs normal play, but primitive() gave {value}",
                            position=pos)
    children, parents = graph.children, graph.parents
    n = len(children)
    label: list[int | None] = [None] * n  # None: not decided yet; every such u is a candidate
    m = 0
    while any(v is None for v in label):
        hit = [False] * n  # has a child worth m
        relevant = [v is None or v == _INFINITE for v in label]
        count = [sum(1 for c in kids if relevant[c]) for kids in children]  # not hit yet
        queue = [u for u in range(n) if label[u] is None and count[u] == 0]
        for u in queue:  # grows while iterated
            label[u] = m
        for u in queue:
            for p in parents[u]:
                if hit[p]:
                    continue
                hit[p] = True
                if not relevant[p]:
                    continue
                for q in parents[p]:
                    count[q] -= 1
                    if count[q] == 0 and label[q] is None and not hit[q]:
                        label[q] = m
                        queue.append(q)
        for u in range(n):
            if label[u] is None and not hit[u]:
                label[u] = _INFINITE  # no child worth m: never a finite value above m
        m += 1
    values = {}
    for k, u in graph.index.items():
        if label[u] == _INFINITE:
            reachable = frozenset(v for c in children[u] if (v := label[c]) is not None
                                  and v != _INFINITE)
            values[k] = LoopyValue(None, reachable)
        else:
            values[k] = LoopyValue(label[u])
    return values


def sum_outcome(values: Iterable[LoopyValue]) -> Value:
    """The outcome of a sum from its parts' generalised values [1]_: all finite, LOSE exactly
    when their nim-sum is 0; one ∞(K) and finite values of nim-sum ``a``, WIN when ``a`` is in
    ``K`` (a move in the ∞ part to 0), else DRAW; two or more ∞, DRAW.

    >>> sum_outcome([LoopyValue(2), LoopyValue(None, frozenset({0, 2}))])
    Value.WIN
    >>> sum_outcome([LoopyValue(1), LoopyValue(None, frozenset({0, 2}))])
    Value.DRAW

    References
    ----------
    .. [1] C. A. B. Smith, "Graphs and composite games", J. Combin. Theory 1 (1966) 51-81.
    """
    total = 0
    infinite = []
    for v in values:
        if v.finite is None:
            infinite.append(v)
        else:
            total ^= v.finite
    if not infinite:
        return Value.LOSE if total == 0 else Value.WIN
    if len(infinite) == 1 and total in infinite[0].reachable:
        return Value.WIN
    return Value.DRAW


def loopy_outcome(game: Game, position: Position | None = None) -> Value:
    """The value of ``position`` in an impartial game with cycles, from the generalised
    values of its components (``game.components``; the whole position when it has none).

    >>> from perfectplay.games.graph import GraphGame
    >>> game = GraphGame.from_edges([("a", "b"), ("b", "a"), ("a", "c"), ("c", "d")], start="a")
    >>> loopy_outcome(game), loopy_outcome(game, "c")
    (Value.DRAW, Value.WIN)
    """
    start = game.start() if position is None else position
    parts = list(game.components(start)) if has_hook(game, "components") else [start]
    key = game.key if has_hook(game, "key") else (lambda p: p)
    solved: dict[Hashable, LoopyValue] = {}
    for part in parts:
        if key(part) not in solved:
            solved.update(loopy_grundy(game, part))
    return sum_outcome(solved[key(part)] for part in parts)
