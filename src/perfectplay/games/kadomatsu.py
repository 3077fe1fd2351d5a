"""Kadomatsu (yukicoder No.334): remove three indices whose values zig-zag; who cannot, loses."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations
from typing import ClassVar

from perfectplay.core.game import Game
from perfectplay.core.options import Option, parse_int_list
from perfectplay.core.values import Value
from perfectplay.games.judge_input import JudgeInput
from perfectplay.solve import solve

__all__ = ["Kadomatsu", "format_kadomatsu", "is_kadomatsu", "judge", "parse_kadomatsu",
           "winning_triple"]

Triple = tuple[int, int, int]

MAX_N = 12
"""The contest limit on the number of values (larger inputs are accepted with a note)."""

MAX_VALUE = 10**9
"""The contest limit on each value."""


def is_kadomatsu(x: int, y: int, z: int) -> bool:
    """Whether ``x, y, z`` are pairwise distinct and ``y`` is strictly the largest or smallest.

    >>> is_kadomatsu(1, 3, 2), is_kadomatsu(1, 2, 3), is_kadomatsu(2, 1, 2)
    (True, False, False)
    """
    return x != z and ((y > x and y > z) or (y < x and y < z))


class Kadomatsu(Game):
    """The kadomatsu game on values ``K_0..K_{N-1}``.

    A position is the bitmask of the indices still present (bit ``i`` for index ``i``); a move
    is a kadomatsu triple ``(a, b, c)`` of present indices, ``a < b < c``, written ``a-b-c``.
    The player who cannot move loses.

    Examples
    --------
    >>> from perfectplay import solve
    >>> s = solve(Kadomatsu((1, 3, 2, 4)))
    >>> s.value(), s.best_move()
    (Value.WIN, (0, 1, 2))
    >>> Kadomatsu((1, 3, 2, 4)).format_position(0b1010)
    '1,3'
    """

    name: ClassVar[str] = "kadomatsu"
    OPTIONS: ClassVar[tuple[Option, ...]] = (
        Option("values", parse_int_list, "the values K_0..K_{N-1}, comma-separated",
               "1,3,2,4,2,5"),
    )

    def __init__(self, values: Sequence[int] = (1, 3, 2, 4, 2, 5)) -> None:
        self.values = tuple(values)
        n = len(self.values)
        self._triples = [(t, (1 << t[0]) | (1 << t[1]) | (1 << t[2]))
                         for t in combinations(range(n), 3)
                         if is_kadomatsu(*(self.values[i] for i in t))]

    def __repr__(self) -> str:
        return f"Kadomatsu({self.values!r})"

    def start(self) -> int:
        return (1 << len(self.values)) - 1

    def moves(self, present: int) -> Iterator[tuple[Triple, int]]:
        for triple, bits in self._triples:
            if present & bits == bits:
                yield triple, present ^ bits

    def format_position(self, present: int) -> str:
        return ",".join(str(i) for i in range(len(self.values)) if present >> i & 1) or "-"

    def parse_position(self, text: str) -> int:
        text = text.strip()
        if text == "-":
            return 0
        present = 0
        for part in text.split(","):
            try:
                i = int(part)
            except ValueError:
                raise ValueError(f"expected comma-separated indices or '-', got {text!r}") from None
            if not 0 <= i < len(self.values):
                raise ValueError(f"index {i} out of range 0..{len(self.values) - 1}")
            present |= 1 << i
        return present

    def format_move(self, move: Triple) -> str:
        return "-".join(map(str, move))

    def display(self, present: int) -> str:
        cells = [f"{i}:{v}" if present >> i & 1 else f"{i}:." for i, v in enumerate(self.values)]
        return " ".join(cells)


def winning_triple(game: Kadomatsu) -> Triple | None:
    """The lexicographically smallest winning first move, or None when the first player loses.

    Solved by the engine: every move of the start with its value, from ``Solution.moves``.

    >>> winning_triple(Kadomatsu((1, 3, 2))), winning_triple(Kadomatsu((1, 2, 3)))
    ((0, 1, 2), None)
    """
    winning: list[Triple] = [m.move for m in solve(game).moves()  # type: ignore[misc]
                             if m.value is Value.WIN]
    return min(winning, default=None)


def parse_kadomatsu(text: str) -> tuple[Kadomatsu, list[str]]:
    """The game of a judge input ``N`` then ``K_0 .. K_{N-1}``, and notes on exceeded limits.

    Raises
    ------
    ValueError
        For a wrong count, a non-integer, or a value below 1.

    Examples
    --------
    >>> parse_kadomatsu("3\\n1 3 2\\n")
    (Kadomatsu((1, 3, 2)), [])
    """
    reader = JudgeInput(text)
    n = reader.integer("N", least=3)
    reader.expect(n, "values")
    values = [reader.integer(f"K_{i}", least=1) for i in range(n)]
    notes = []
    if n > MAX_N:
        notes.append(f"N = {n} exceeds the contest limit {MAX_N}")
    if max(values) > MAX_VALUE:
        notes.append(f"a value exceeds the contest limit {MAX_VALUE}")
    return Kadomatsu(values), notes


def format_kadomatsu(triple: Triple | None) -> str:
    """The judge's output: ``-1`` or ``a b c``.

    >>> format_kadomatsu(None), format_kadomatsu((0, 1, 2))
    ('-1', '0 1 2')
    """
    return "-1" if triple is None else " ".join(map(str, triple))


def judge(text: str) -> tuple[str, list[str]]:
    """Answer a judge input: the output line and notes on exceeded limits.

    >>> judge("3\\n1 3 2\\n")
    ('0 1 2', [])
    """
    game, notes = parse_kadomatsu(text)
    return format_kadomatsu(winning_triple(game)), notes
