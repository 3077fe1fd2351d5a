"""Kadomatsu (yukicoder No.334): remove three indices whose values zig-zag; who cannot, loses."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from functools import cached_property
from itertools import combinations
from math import comb
from typing import Any, ClassVar

from perfectplay.core.board import Board
from perfectplay.core.engines import Estimate
from perfectplay.core.errors import quote
from perfectplay.core.game import Game
from perfectplay.core.judge import Judge
from perfectplay.core.limits import PYTHON_BYTES_PER_POSITION
from perfectplay.core.options import Option, parse_int_list
from perfectplay.core.values import Value
from perfectplay.games.judge_input import JudgeInput, format_count, refuse_beyond
from perfectplay.solve import solve

__all__ = ["Kadomatsu", "answer_kadomatsu", "format_kadomatsu", "is_kadomatsu", "judge",
           "parse_kadomatsu", "winning_triple"]

Triple = tuple[int, int, int]

MAX_N = 12
"""The contest limit on the number of values (larger inputs are accepted with a note)."""

MAX_VALUE = 10**9
"""The contest limit on each value."""

LISTED_TRIPLES = 2 * 10**6
"""Most index triples :meth:`Kadomatsu.triple_bound` looks through to count the kadomatsu
ones (about a second); past it every triple is taken to be one."""

CHECKS_PER_SECOND = 10**7
"""Triple checks a solve makes a second (each position tries every kadomatsu triple):
measured 10 to 17 million on zig-zag and random values, N = 12 to 18."""


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

    @cached_property
    def _triples(self) -> list[tuple[Triple, int]]:
        """Every kadomatsu triple with its bitmask; listed on first use, not in ``__init__``, so
        that a judge estimates (and refuses) an input of thousands of values at once."""
        return [(t, (1 << t[0]) | (1 << t[1]) | (1 << t[2]))
                for t in combinations(range(len(self.values)), 3)
                if is_kadomatsu(*(self.values[i] for i in t))]

    def __repr__(self) -> str:
        return f"Kadomatsu({self.values!r})"

    def picture(self) -> KadomatsuBoard:
        """The page's picture: the values as bars (:class:`KadomatsuBoard`)."""
        return KadomatsuBoard(self)

    @classmethod
    def judge(cls) -> Judge:
        """The judge of yukicoder 334: :func:`parse_kadomatsu`, :func:`answer_kadomatsu`."""
        return Judge(parse_kadomatsu, answer_kadomatsu)

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
                raise ValueError(f"expected comma-separated indices or '-', got "
                                 f"{quote(text)}") from None
            if not 0 <= i < len(self.values):
                raise ValueError(f"index {i} out of range 0..{len(self.values) - 1}")
            present |= 1 << i
        return present

    def format_move(self, move: Triple) -> str:
        return "-".join(map(str, move))

    def display(self, present: int) -> str:
        cells = [f"{i}:{v}" if present >> i & 1 else f"{i}:." for i, v in enumerate(self.values)]
        return " ".join(cells)

    def triple_bound(self) -> int:
        """The number of kadomatsu triples, counted when there are at most
        :data:`LISTED_TRIPLES` index triples, else that of all index triples, ``C(N, 3)``.

        >>> Kadomatsu((1, 3, 2, 4)).triple_bound(), Kadomatsu((1,) * 300).triple_bound()
        (2, 4455100)
        """
        n = len(self.values)
        return len(self._triples) if comb(n, 3) <= LISTED_TRIPLES else comb(n, 3)

    def position_bound(self) -> int:
        """Positions reachable from the start, bounded: after ``j`` moves, the indices left are
        the complement of ``j`` disjoint triples, at most ``C(N, 3j)`` sets and at most
        ``C(T, j)`` for ``T`` kadomatsu triples (every subset, ``2 ** N``, when the triples are
        not counted: see :meth:`triple_bound`).

        >>> Kadomatsu((1, 3, 2, 4)).position_bound()  # the start, and one per triple
        3
        """
        n, triples = len(self.values), self.triple_bound()
        if comb(n, 3) > LISTED_TRIPLES:
            return 1 << n
        return sum(min(comb(n, 3 * j), comb(triples, j)) for j in range(n // 3 + 1))


def winning_triple(game: Kadomatsu, *,
                   progress: Callable[[int], None] | None = None) -> Triple | None:
    """The lexicographically smallest winning first move, or None when the first player loses.

    Solved by the engine: every move of the start with its value, from ``Solution.moves``;
    ``progress`` is called with the positions solved so far.

    >>> winning_triple(Kadomatsu((1, 3, 2))), winning_triple(Kadomatsu((1, 2, 3)))
    ((0, 1, 2), None)
    """
    winning: list[Triple] = [m.move for m in  # type: ignore[misc]
                             solve(game, progress=progress).moves() if m.value is Value.WIN]
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


def answer_kadomatsu(game: Kadomatsu, *,
                     progress: Callable[[int], None] | None = None) -> str:
    """The judge's output for a parsed input, once its estimate is within the judges' budget.

    The estimate: :meth:`Kadomatsu.position_bound` positions, each trying every kadomatsu
    triple, at :data:`CHECKS_PER_SECOND`; ``progress`` is called with the positions solved.

    Raises
    ------
    EngineLimitError
        At once, for an input beyond the budget (see
        :func:`~perfectplay.games.judge_input.refuse_beyond`).

    Examples
    --------
    >>> answer_kadomatsu(Kadomatsu((1, 3, 2)))
    '0 1 2'
    >>> answer_kadomatsu(Kadomatsu([i if i % 2 else 100 - i for i in range(30)]))  # zig-zag
    Traceback (most recent call last):
    ...
    perfectplay.core.errors.EngineLimitError: too large to answer: kadomatsu with N = 30 (...
    """
    positions, triples = game.position_bound(), game.triple_bound()
    refuse_beyond(Estimate(memory=positions * PYTHON_BYTES_PER_POSITION, work=positions * triples,
                           what=f"kadomatsu with N = {len(game.values)} (up to "
                                f"{format_count(positions)} positions x "
                                f"{format_count(triples)} triples)"),
                  rate=CHECKS_PER_SECOND, unit="triple checks")
    return format_kadomatsu(winning_triple(game, progress=progress))


def judge(text: str) -> tuple[str, list[str]]:
    """Answer a judge input: the output line and notes on exceeded limits.

    >>> judge("3\\n1 3 2\\n")
    ('0 1 2', [])
    """
    return Kadomatsu.judge()(text)


class KadomatsuBoard(Board):
    """The values as bars, those taken faded; a move (a triple) is played on any of its three.

    >>> board = Kadomatsu((1, 3, 2, 4)).picture()
    >>> board.describe(), board.draw(0b1011), board.target(0b1111, (0, 1, 2))
    ({'kind': 'kadomatsu', 'values': [1, 3, 2, 4]}, {'present': [True, True, False, True]}, \
['0', '1', '2'])
    """

    kind = "kadomatsu"
    game: Kadomatsu

    def describe(self) -> dict[str, Any]:
        return {"kind": self.kind, "values": list(self.game.values)}

    def draw(self, position: int) -> dict[str, Any]:
        return {"present": [bool(position >> i & 1) for i in range(len(self.game.values))]}

    def target(self, position: int, move: Triple) -> list[str]:
        return [str(i) for i in move]
