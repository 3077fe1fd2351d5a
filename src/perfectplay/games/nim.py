"""Nim: take any number of counters from one heap; the player who cannot move loses."""

from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar

from perfectplay.core.board import HeapsBoard
from perfectplay.core.game import Game
from perfectplay.core.options import Option, parse_int_list

__all__ = ["Nim", "NimBoard"]

Heaps = tuple[int, ...]


class Nim(Game):
    """Nim on the given heaps. A position is the tuple of heap sizes; a move ``(i, k)`` takes
    ``k`` counters from heap ``i``, heaps counted from 1 (the first heap is heap 1), written
    ``h{i}:{k}``.

    Heaps are interchangeable, so ``key`` sorts them: permutations are solved once.

    >>> from perfectplay import solve
    >>> s = solve(Nim((1, 2, 4)))
    >>> s.value(), s.best_move(), s.value((1, 2, 3)), s.value((3, 2, 1))
    (Value.WIN, (3, 1), Value.LOSE, Value.LOSE)
    """

    name: ClassVar[str] = "nim"
    OPTIONS: ClassVar[tuple[Option, ...]] = (
        Option("heaps", parse_int_list, "heap sizes, comma-separated", "3,4,5"),
    )

    def __init__(self, heaps: Heaps = (3, 4, 5)) -> None:
        self.heaps = tuple(heaps)

    def __repr__(self) -> str:
        return f"Nim({self.heaps!r})"

    def picture(self) -> NimBoard:
        """The page's picture: heaps of counters (:class:`NimBoard`)."""
        return NimBoard(self)

    def start(self) -> Heaps:
        return self.heaps

    def moves(self, heaps: Heaps) -> Iterator[tuple[tuple[int, int], Heaps]]:
        for i, h in enumerate(heaps):
            for take in range(1, h + 1):
                yield (i + 1, take), (*heaps[:i], h - take, *heaps[i + 1:])

    def key(self, heaps: Heaps) -> Heaps:
        return tuple(sorted(heaps))

    def format_position(self, heaps: Heaps) -> str:
        return ",".join(map(str, heaps))

    def parse_position(self, text: str) -> Heaps:
        return parse_int_list(text)

    def format_move(self, move: tuple[int, int]) -> str:
        heap, take = move
        return f"{self.format_heap(heap)}:{take}"

    def format_heap(self, heap: int) -> str:
        """How a move names heap ``heap`` (1 = the first), as the page labels it too.

        >>> Nim().format_heap(1), Nim().format_move((1, 2))
        ('h1', 'h1:2')
        """
        return f"h{heap}"


class NimBoard(HeapsBoard):
    """Nim's heaps, labelled as its moves name them; a move is played on the first counter it
    takes (a take from the end of the heap: that counter and all to its right).

    >>> board = Nim((3, 4)).picture()
    >>> board.draw((3, 4)), board.target((3, 4), (2, 3))  # take 3 of 4: counters 1, 2, 3
    ({'heaps': [3, 4], 'labels': ['h1', 'h2']}, ['1:1'])
    """

    game: Nim

    def label(self, heap: int) -> str:
        return self.game.format_heap(heap)

    def first_taken(self, heaps: list[int], move: tuple[int, int]) -> tuple[int, int]:
        heap, take = move  # heaps count from 1 in Nim's moves
        return heap - 1, heaps[heap - 1] - take
