"""Slow, obvious Grundy references that the Grundy toolkit's tests compare against.

Each follows a definition directly on an explicit graph or heap, with plain recursion over
small inputs and no shared machinery with the library.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from functools import cache
from itertools import combinations_with_replacement

Node = Hashable


def mex(values) -> int:
    values = set(values)
    return next(m for m in range(len(values) + 1) if m not in values)


def graph_grundy(successors: Mapping[Node, Sequence[Node]]) -> dict[Node, int]:
    """Grundy values of an acyclic graph by rounds: a node is valued once all children are."""
    values: dict[Node, int] = {}
    while len(values) < len(successors):
        for node, kids in successors.items():
            if node not in values and all(k in values for k in kids):
                values[node] = mex(values[k] for k in kids)
    return values


def heap_options(n: int, code: str) -> list[tuple[int, ...]]:
    """Every list of heaps a move can leave from a heap of ``n`` in the octal/hex game ``code``
    (digits after the point only, plus d0 before it; ``!`` after d0 asks for unequal parts)."""
    head, _, tail = code.partition(".")
    unequal = head.endswith("!")
    digits = [int(head.rstrip("!"), 16)] + [int(c, 16) for c in tail]
    options = []
    for take, digit in enumerate(digits):
        rest = n - take
        if rest < 0 or (take == 0 and rest == n and digit & 3):
            continue
        for parts in range(4):
            if not digit >> parts & 1:
                continue
            for split in combinations_with_replacement(range(1, rest + 1), parts):
                if sum(split) != rest:
                    continue
                if unequal and len(set(split)) < len(split):
                    continue
                options.append(split)
    return options


def heap_sequence(code: str, upto: int) -> list[int]:
    """G(0..upto) of a heap game, from the definition (values of sums by nim-sum)."""
    @cache
    def g(n: int) -> int:
        values = []
        for split in heap_options(n, code):
            v = 0
            for part in split:
                v ^= g(part)
            values.append(v)
        return mex(values)

    return [g(n) for n in range(upto + 1)]


def heap_misere_outcomes(code: str, heaps: tuple[int, ...]) -> bool:
    """Whether the player to move wins the misère heap game on ``heaps`` (last mover loses)."""
    @cache
    def wins(position: tuple[int, ...]) -> bool:
        children = []
        for i, h in enumerate(position):
            for split in heap_options(h, code):
                rest = position[:i] + position[i + 1:] + split
                children.append(tuple(sorted(rest)))
        if not children:
            return True
        return any(not wins(c) for c in children)

    return wins(tuple(sorted(h for h in heaps if h)))
