"""Slow, obvious reference solvers that the tests compare the engine against.

Each follows the definition directly, round by round, with no queue, no counters and no
ordering tricks: a position is decided at round k exactly when its remoteness is k.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence

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
