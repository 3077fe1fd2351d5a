"""Subtraction games: one heap, a move removes an amount from a fixed set (or any amount but
those in the set)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar

from perfectplay.core.board import HeapsBoard
from perfectplay.core.errors import quote
from perfectplay.core.game import Game
from perfectplay.core.options import Option, parse_int, parse_int_list

__all__ = ["Subtraction", "SubtractionBoard"]


def _parse_yes_no(text: str) -> bool:
    answer = text.strip().lower()
    if answer not in ("yes", "no"):
        raise ValueError(f"expected yes or no, got {quote(text)}")
    return answer == "yes"


class Subtraction(Game):
    """The subtraction game S(``amounts``) on a heap of ``heap`` counters; the move label is the
    amount taken. The player who cannot move loses. With ``all_but=True`` a move takes any
    positive amount except those in ``amounts`` (the all-but subtraction game).

    >>> from perfectplay import solve
    >>> s = solve(Subtraction(10, (1, 3, 4)))
    >>> [n for n in range(11) if s.value(n).name == "LOSE"]
    [0, 2, 7, 9]
    >>> from perfectplay.impartial.grundy import grundy
    >>> [grundy(Subtraction(n, (1, 2), all_but=True)) for n in range(8)]
    [0, 0, 0, 1, 1, 1, 2, 2]

    References
    ----------
    Berlekamp, Conway, Guy, *Winning Ways*, ch. 4 (subtraction games and their periods).
    """

    name: ClassVar[str] = "subtraction"
    OPTIONS: ClassVar[tuple[Option, ...]] = (
        Option("heap", parse_int, "heap size", "20"),
        Option("set", parse_int_list, "amounts a move may take, comma-separated", "1,2,3",
               argument="amounts"),
        Option("all-but", _parse_yes_no, "yes: take any amount except those in --set", "no"),
    )

    def __init__(self, heap: int = 20, amounts: tuple[int, ...] = (1, 2, 3), *,
                 all_but: bool = False) -> None:
        if any(a <= 0 for a in amounts):
            raise ValueError(f"amounts must be positive, got {list(amounts)}")
        self.heap = heap
        self.amounts = tuple(sorted(set(amounts)))
        self.all_but = all_but

    def __repr__(self) -> str:
        extra = ", all_but=True" if self.all_but else ""
        return f"Subtraction({self.heap}, {self.amounts!r}{extra})"

    def picture(self) -> SubtractionBoard:
        """The page's picture: the heap of counters (:class:`SubtractionBoard`)."""
        return SubtractionBoard(self)

    def start(self) -> int:
        return self.heap

    def moves(self, heap: int) -> Iterator[tuple[int, int]]:
        if self.all_but:
            excluded = set(self.amounts)
            for amount in range(1, heap + 1):
                if amount not in excluded:
                    yield amount, heap - amount
            return
        for amount in self.amounts:
            if amount > heap:
                break
            yield amount, heap - amount

    def format_position(self, heap: int) -> str:
        return str(heap)

    def parse_position(self, text: str) -> int:
        return parse_int(text)


class SubtractionBoard(HeapsBoard):
    """The one heap; a move is played on the first counter it takes.

    >>> Subtraction(5).picture().target(5, 2)  # take 2 of 5: counters 3 and 4
    ['0:3']
    """

    def first_taken(self, heaps: list[int], move: int) -> tuple[int, int]:
        return 0, heaps[0] - move
