"""Subtraction games: one heap, a move removes an amount from a fixed set."""

from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar

from perfectplay.core.game import Game
from perfectplay.games.options import Option, parse_int, parse_int_list

__all__ = ["Subtraction"]


class Subtraction(Game):
    """The subtraction game S(``amounts``) on a heap of ``heap`` counters; the move label is the
    amount taken. The player who cannot move loses.

    >>> from perfectplay import solve
    >>> s = solve(Subtraction(10, (1, 3, 4)))
    >>> [n for n in range(11) if s.value(n).name == "LOSE"]
    [0, 2, 7, 9]

    References
    ----------
    Berlekamp, Conway, Guy, *Winning Ways*, ch. 4 (subtraction games and their periods).
    """

    name: ClassVar[str] = "subtraction"
    OPTIONS: ClassVar[tuple[Option, ...]] = (
        Option("heap", parse_int, "heap size", "20"),
        Option("set", parse_int_list, "amounts a move may take, comma-separated", "1,2,3",
               argument="amounts"),
    )

    def __init__(self, heap: int = 20, amounts: tuple[int, ...] = (1, 2, 3)) -> None:
        if any(a <= 0 for a in amounts):
            raise ValueError(f"amounts must be positive, got {list(amounts)}")
        self.heap = heap
        self.amounts = tuple(sorted(set(amounts)))

    def __repr__(self) -> str:
        return f"Subtraction({self.heap}, {self.amounts!r})"

    def start(self) -> int:
        return self.heap

    def moves(self, heap: int) -> Iterator[tuple[int, int]]:
        for amount in self.amounts:
            if amount > heap:
                break
            yield amount, heap - amount

    def format_position(self, heap: int) -> str:
        return str(heap)

    def parse_position(self, text: str) -> int:
        return parse_int(text)
