"""Slow, obvious reference solvers that the tests compare the engine against.

Each follows the definition directly, round by round, with no queue, no counters and no
ordering tricks: a position is decided at round k exactly when its remoteness is k.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from functools import cache
from itertools import combinations

from perfectplay import Game, Value

Node = Hashable


class LabelledGraph(Game):
    """A token game on an explicit graph where some nodes are finished with a given value."""

    def __init__(self, successors: Mapping[Node, Sequence[Node]], start: Node,
                 finished: Mapping[Node, Value] | None = None) -> None:
        self.successors = {n: list(kids) for n, kids in successors.items()}
        self._start = start
        self.finished = dict(finished or {})

    def start(self) -> Node:
        return self._start

    def moves(self, node: Node):
        for child in self.successors[node]:
            yield child, child

    def primitive(self, node: Node) -> Value | None:
        return self.finished.get(node)


def naive_values(successors: Mapping[Node, Sequence[Node]],
                 finished: Mapping[Node, Value]) -> dict[Node, tuple[Value, int | None]]:
    """Value and remoteness of every node by fixed-point rounds over the definition."""
    decided: dict[Node, tuple[Value, int | None]] = {}
    for node, kids in successors.items():
        if node in finished:
            decided[node] = (finished[node], 0)
        elif not kids:
            decided[node] = (Value.LOSE, 0)
    open_nodes = [n for n in successors if n not in decided]

    def value(node: Node) -> Value | None:
        return decided[node][0] if node in decided else None

    # Wins and losses: round k decides the positions whose remoteness is k.
    k = 0
    while True:
        k += 1
        new = {}
        for node in open_nodes:
            if node in decided:
                continue
            kids = successors[node]
            if any(value(c) is Value.LOSE for c in kids):
                new[node] = (Value.WIN, k)
            elif all(value(c) is Value.WIN for c in kids):
                new[node] = (Value.LOSE, k)
        if not new:
            break
        decided.update(new)
    # Ties: undecided positions one step further from a finished tie each round.
    k = 0
    while True:
        k += 1
        new = {node: (Value.TIE, k) for node in open_nodes
               if node not in decided and any(value(c) is Value.TIE for c in successors[node])}
        if not new:
            break
        decided.update(new)
    for node in successors:
        decided.setdefault(node, (Value.DRAW, None))
    return decided


def reachable(successors: Mapping[Node, Sequence[Node]], start: Node,
              finished: Mapping[Node, Value]) -> set[Node]:
    """Nodes reachable from ``start`` (finished nodes are not left)."""
    seen = {start}
    todo = [start]
    while todo:
        node = todo.pop()
        if node in finished:
            continue
        for child in successors[node]:
            if child not in seen:
                seen.add(child)
                todo.append(child)
    return seen


# The contest problems (``perfectplay judge``), each by plain recursion over its own state,
# sharing nothing with the library's games: the judges' answers are compared with these.


def shiritori_first_wins(words: Sequence[str]) -> bool:
    """Recursion over (bitmask of the words used, last word)."""
    n = len(words)

    @cache
    def wins(used: int, last: int) -> bool:
        return any(not wins(used | 1 << i, i) for i in range(n)
                   if not used >> i & 1 and (last < 0 or words[i][0] == words[last][-1]))

    return wins(0, -1)


def kadomatsu_winning_triple(values: Sequence[int]) -> tuple[int, int, int] | None:
    """The smallest winning first triple, or None: recursion over the tuple of indices left."""

    def zigzag(a: int, b: int, c: int) -> bool:
        x, y, z = values[a], values[b], values[c]
        return len({x, y, z}) == 3 and (y > max(x, z) or y < min(x, z))

    @cache
    def wins(left: tuple[int, ...]) -> bool:
        return any(not wins(tuple(i for i in left if i not in t))
                   for t in combinations(left, 3) if zigzag(*t))

    left = tuple(range(len(values)))
    for t in combinations(left, 3):  # lexicographic order
        if zigzag(*t) and not wins(tuple(i for i in left if i not in t)):
            return t
    return None


def disconnected_first_wins(n: int, edges: Sequence[tuple[int, int]]) -> bool:
    """Recursion over frozensets of edges; a move that connects the graph loses at once."""
    pairs = list(combinations(range(n), 2))

    def connected(edge_set: frozenset[tuple[int, int]]) -> bool:
        reach, frontier = {0}, [0]
        while frontier:
            u = frontier.pop()
            for a, b in edge_set:
                for x, y in ((a, b), (b, a)):
                    if x == u and y not in reach:
                        reach.add(y)
                        frontier.append(y)
        return len(reach) == n

    @cache
    def wins(edge_set: frozenset[tuple[int, int]]) -> bool:
        return any(not connected(edge_set | {p}) and not wins(edge_set | {p})
                   for p in pairs if p not in edge_set)

    return wins(frozenset(edges))


def interval_first_wins(intervals: Sequence[tuple[int, int]]) -> bool:
    """Recursion over the frozenset of picked interval indices."""

    @cache
    def wins(picked: frozenset[int]) -> bool:
        return any(not wins(picked | {i}) for i, (lo, hi) in enumerate(intervals)
                   if all(hi <= intervals[j][0] or intervals[j][1] <= lo for j in picked))

    return wins(frozenset())


def interval_line_grundy(intervals: Sequence[tuple[int, int]]) -> int:
    """The Grundy value of the whole line, on the line itself: a free stretch ``[l, r)`` of
    integers is worth the mex over the intervals inside it of the nim-sum of the stretches
    left on either side (no coordinate is skipped or renamed)."""
    distinct = sorted(set(intervals))

    @cache
    def value(left: int, right: int) -> int:
        options = {value(left, lo) ^ value(hi, right) for lo, hi in distinct
                   if left <= lo and hi <= right}
        return next(m for m in range(len(options) + 1) if m not in options)

    return value(min(lo for lo, _ in distinct), max(hi for _, hi in distinct))


def five_hundred_eleven_first_wins(cards: Sequence[int]) -> bool:
    """Recursion over (sorted cards left, memory); every card is a move, including those that
    leave the memory unchanged."""

    @cache
    def wins(left: tuple[int, ...], memory: int) -> bool:
        if memory == 511:
            return True  # the opponent made 511
        return any(not wins(left[:i] + left[i + 1:], memory | c) for i, c in enumerate(left))

    return wins(tuple(sorted(cards)), 0)
