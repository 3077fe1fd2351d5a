"""FiveHundredEleven (TopCoder SRM 511): or cards into a memory; whoever makes it 511 loses.

The concrete state is which cards are left and the memory. Its ``key`` is a small abstract
state, (memory, cards left that are subsets of the memory): every card taken so far is a subset
of the memory, so the cards left that are not subsets are exactly the cards that are not
subsets, and the ones that are subsets are interchangeable moves that leave the memory alone
(a real move that hands the turn over, counted, never ignored). ``perfectplay check
five-hundred-eleven`` compares the two on random card sets.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from functools import cached_property
from typing import ClassVar

from perfectplay.core.engines import Estimate
from perfectplay.core.errors import quote
from perfectplay.core.game import Game
from perfectplay.core.judge import Judge
from perfectplay.core.limits import PYTHON_BYTES_PER_POSITION
from perfectplay.core.options import Option, parse_int_list
from perfectplay.core.values import Value
from perfectplay.games.judge_input import JudgeInput, format_count, refuse_beyond, start_value

__all__ = ["FULL", "FiveHundredEleven", "answer_five_hundred_eleven",
           "format_five_hundred_eleven", "judge", "parse_five_hundred_eleven"]

FULL = 511
"""The memory value whose maker loses."""

MAX_CARDS = 50
"""The contest limit on the number of cards (more are accepted with a note)."""

CHILDREN_PER_SECOND = 10**6
"""Children the pure-Python search makes a second (a position has one per card left), with
few cards; each child is a bitmask of ``N`` bits, so with ``N`` cards the rate is this times
``2000 / (2000 + N)``. Measured: 1.2 to 2 million with 200 to 1,000 zeros or few-bit cards,
0.75 million with 3,000 zeros, 0.27 million with 6,000."""

State = tuple[int, int]
"""(bitmask of the cards left, memory)."""


class FiveHundredEleven(Game):
    """The game on the given cards (values 0..511). A position is ``(left, memory)``: the
    bitmask of the card indices still on the table and the memory; a move takes card ``i``
    (written ``#i=value``). A memory of 511 is a WIN for the player to move (its maker lost);
    no card left is a LOSE.

    ``key`` is ``(memory, cards left that are subsets of memory)``, a sound abstraction (see the
    module docstring), and acyclic since every move takes a card.

    Examples
    --------
    >>> from perfectplay import solve
    >>> game = FiveHundredEleven((3, 5, 7, 9, 510))
    >>> solve(game).value(), game.key(game.start())
    (Value.WIN, (0, 0))
    >>> game.key((0b00110, 7))  # cards 5 and 7 left; 5 leaves the memory 7 unchanged
    (7, 2)
    """

    name: ClassVar[str] = "five-hundred-eleven"
    OPTIONS: ClassVar[tuple[Option, ...]] = (
        Option("cards", parse_int_list, "card values 0..511, comma-separated", "3,5,7,9,510"),
    )

    def __init__(self, cards: Sequence[int] = (3, 5, 7, 9, 510)) -> None:
        self.cards = tuple(cards)
        for card in self.cards:
            if not 0 <= card <= FULL:
                raise ValueError(f"card {card} is out of range 0..{FULL}")

    @cached_property
    def _subsets(self) -> list[int]:
        """``_subsets[m]``: bitmask of the card indices whose value is a subset of memory
        ``m``; made on first use, not in ``__init__``, so that a judge estimates (and refuses)
        thousands of cards at once."""
        return [sum(1 << i for i, c in enumerate(self.cards) if c | m == m)
                for m in range(FULL + 1)]

    def __repr__(self) -> str:
        return f"FiveHundredEleven({self.cards!r})"

    @classmethod
    def judge(cls) -> Judge:
        """The judge of TopCoder SRM 511: :func:`parse_five_hundred_eleven`,
        :func:`answer_five_hundred_eleven`."""
        return Judge(parse_five_hundred_eleven, answer_five_hundred_eleven)

    def start(self) -> State:
        return (1 << len(self.cards)) - 1, 0

    def primitive(self, state: State) -> Value | None:
        return Value.WIN if state[1] == FULL else None

    def moves(self, state: State) -> Iterator[tuple[int, State]]:
        left, memory = state
        cards = self.cards
        rest = left
        while rest:
            low = rest & -rest
            i = low.bit_length() - 1
            yield i, (left ^ low, memory | cards[i])
            rest ^= low

    def key(self, state: State) -> tuple[int, int]:
        left, memory = state
        return memory, (left & self._subsets[memory]).bit_count()

    def position_bound(self) -> int:
        """Keys reachable from the start, bounded: for each memory the cards can make (the
        ors of their subsets), one per count of cards left that are subsets of it.

        >>> FiveHundredEleven((0, 0, 3)).position_bound()  # memory 0: 0..2 zeros; 3: 0..3 cards
        7
        """
        copies = Counter(self.cards)
        memories = {0}
        for card in copies:
            memories |= {memory | card for memory in memories}
        return sum(1 + sum(n for card, n in copies.items() if card | memory == memory)
                   for memory in memories)

    def format_position(self, state: State) -> str:
        left, memory = state
        cards = ",".join(str(i) for i in range(len(self.cards)) if left >> i & 1) or "-"
        return f"{cards}/{memory}"

    def parse_position(self, text: str) -> State:
        cards, slash, memory = text.partition("/")
        try:
            left = 0 if cards.strip() == "-" else sum(1 << int(i) for i in cards.split(","))
            mem = int(memory)
        except ValueError:
            raise ValueError(f"expected 'i,j,.../memory' or '-/memory', got "
                             f"{quote(text)}") from None
        if not slash or left >> len(self.cards) or not 0 <= mem <= FULL:
            raise ValueError(f"no such position {quote(text)}: card indices "
                             f"0..{len(self.cards) - 1}, memory 0..{FULL}")
        return left, mem

    def format_move(self, i: int) -> str:
        return f"#{i}={self.cards[i]}"

    def display(self, state: State) -> str:
        left, memory = state
        cards = " ".join(f"#{i}={c}" for i, c in enumerate(self.cards) if left >> i & 1)
        return f"memory {memory:09b} ({memory}); cards left: {cards or 'none'}"

    @classmethod
    def random_instances(cls, rng: random.Random, count: int, size: int,
                         ) -> Iterator[tuple[FiveHundredEleven, list[State]]]:
        """For ``perfectplay check``: ``count`` random card sets of 1..``size`` cards, drawn
        to be hard: zeros, 511s, duplicates, few-bit cards and near-full cards."""
        for _ in range(count):
            cards: list[int] = []
            for _ in range(rng.randint(1, size)):
                kind = rng.randrange(6)
                if kind == 0:
                    cards.append(rng.choice((0, FULL)))
                elif kind == 1 and cards:
                    cards.append(rng.choice(cards))
                elif kind == 2:
                    cards.append(FULL ^ (1 << rng.randrange(9)))
                elif kind == 3:
                    cards.append(rng.randrange(FULL + 1))
                else:
                    cards.append(sum(1 << b for b in rng.sample(range(9), rng.randint(1, 3))))
            game = cls(cards)
            yield game, [game.start()]


def parse_five_hundred_eleven(text: str) -> tuple[FiveHundredEleven, list[str]]:
    """The game of a judge input ``N`` then ``N`` card values; notes on exceeded limits.

    Raises
    ------
    ValueError
        For a wrong count, a non-integer, or a value outside 0..511.

    Examples
    --------
    >>> parse_five_hundred_eleven("2\\n1 510\\n")
    (FiveHundredEleven((1, 510)), [])
    """
    reader = JudgeInput(text)
    n = reader.integer("N", least=1)
    reader.expect(n, "card values")
    cards = []
    for i in range(1, n + 1):
        card = reader.integer(f"card {i}")
        if not 0 <= card <= FULL:
            raise ValueError(f"card {i} is {card}, outside 0..{FULL} (line {reader.line})")
        cards.append(card)
    notes = [f"N = {n} exceeds the contest limit {MAX_CARDS}"] if n > MAX_CARDS else []
    return FiveHundredEleven(cards), notes


def format_five_hundred_eleven(value: Value) -> str:
    """The judge's output for the first player's value: ``Fox Ciel`` or ``Toastman``.

    >>> format_five_hundred_eleven(Value.LOSE)
    'Toastman'
    """
    return "Fox Ciel" if value is Value.WIN else "Toastman"


def answer_five_hundred_eleven(game: FiveHundredEleven, *,
                               progress: Callable[[int], None] | None = None) -> str:
    """The judge's output for a parsed input, solved on the abstract state (``key``).

    The estimate: :meth:`FiveHundredEleven.position_bound` keys, each position making a child
    per card left, at the rate of :data:`CHILDREN_PER_SECOND`; the memory, one entry per key
    and the children lists of the positions on the search's path (up to one per card), each
    child a bitmask of ``N`` bits. A long solve calls ``progress`` with the keys solved.

    Raises
    ------
    EngineLimitError
        At once, for an input beyond the judges' budget (see
        :func:`~perfectplay.games.judge_input.refuse_beyond`).

    Examples
    --------
    >>> answer_five_hundred_eleven(FiveHundredEleven((3, 5, 7, 9, 510)))
    'Fox Ciel'
    >>> answer_five_hundred_eleven(FiveHundredEleven((0,) * 6000))
    Traceback (most recent call last):
    ...
    perfectplay.core.errors.EngineLimitError: too large to answer: five-hundred-eleven with ...
    """
    n = len(game.cards)
    keys = game.position_bound()
    card_set = n // 8 + 100  # a child: its bitmask, the memory, their tuple
    estimate = Estimate(memory=keys * (PYTHON_BYTES_PER_POSITION + card_set)
                        + n * (n + 1) // 2 * card_set, work=keys * n,
                        what=f"five-hundred-eleven with N = {n:,} (up to "
                             f"{format_count(keys)} keys x {n:,} cards)")
    rate = CHILDREN_PER_SECOND * 2000 / (2000 + n)
    refuse_beyond(estimate, rate=rate, unit="children")
    return format_five_hundred_eleven(start_value(game, estimate, rate=rate, progress=progress))


def judge(text: str) -> tuple[str, list[str]]:
    """Answer a judge input, solving on the abstract state (``key``).

    >>> judge("4\\n5 58 192 256\\n")
    ('Fox Ciel', [])
    """
    return FiveHundredEleven.judge()(text)
