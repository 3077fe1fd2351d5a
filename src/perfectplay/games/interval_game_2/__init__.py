"""Interval Game 2 (AtCoder ABC206 F): pick half-open intervals that meet none picked before.

A picked interval splits the free stretch of line around it into two independent games, so a
position is a sum: its Grundy value is the nim-sum of its stretches' values
(:func:`perfectplay.impartial.grundy.grundy` splits it through ``components``). The compiled rules
(:mod:`perfectplay.games.interval_game_2.compiled`) say the same to
:func:`perfectplay.compiled.compiled_grundy`: a move leaves two stretches, ``child`` and
``rest``.
"""

from __future__ import annotations

import random
from bisect import bisect_left
from collections.abc import Callable, Iterator, Sequence
from functools import partial
from typing import TYPE_CHECKING, ClassVar

from perfectplay.core.engines import Estimate, Request, dispatch
from perfectplay.core.errors import quote
from perfectplay.core.game import Game
from perfectplay.core.judge import Judge
from perfectplay.core.options import Option
from perfectplay.games.judge_input import JudgeInput, refuse_beyond

if TYPE_CHECKING:
    from perfectplay.compiled.rules import CompiledRules

__all__ = ["IntervalGame2", "answer_interval_game_2", "format_interval_game_2", "judge",
           "parse_interval_game_2", "parse_intervals"]

Interval = tuple[int, int]
"""A half-open interval ``[L, R)``."""

Stretches = tuple[Interval, ...]
"""A position: the free stretches ``[l, r)`` of the line that still hold an interval."""

MAX_T, MAX_N, MAX_R = 20, 100, 100
"""The contest limits: test cases, intervals per case, right ends."""

COMPILED_WORK_PER_SECOND, PYTHON_WORK_PER_SECOND = 10**8, 5 * 10**5
"""Of :meth:`IntervalGame2.work` (a bound on the moves a Grundy search looks at), what the
compiled kernel and the Python search get through a second: measured 1.2·10^8 to 1.3·10^9 and
7·10^5 to 1.6·10^7 on one case of 100 to 2,000 random intervals, short or wide."""

CASE_SECONDS = 0.0005
"""What a case costs whatever its size (its game, its table): measured 0.43 ms a case on
10,000 cases of 3 intervals."""

TABLE_BITS = 1 << 16
"""The largest row of option sets :meth:`IntervalGame2.grundy_by_stretches` keeps, in bits
(endpoints times the bits of a value's set): 12,800 at the contest's limits (100 endpoints,
128 values), where a case takes 1 to 5 ms; past it the judge asks the engine."""



def parse_intervals(text: str) -> tuple[Interval, ...]:
    """Intervals as ``L-R`` items, comma-separated (``[L, R)``, ``L < R``).

    >>> parse_intervals("1-3,2-5")
    ((1, 3), (2, 5))
    """
    intervals = []
    for part in text.split(","):
        try:
            left, right = (int(x) for x in part.split("-"))
        except ValueError:
            raise ValueError(f"expected intervals like 1-3,2-5, got {quote(part)}") from None
        if not 0 < left < right:
            raise ValueError(f"interval {quote(part)} needs 1 <= L < R")
        intervals.append((left, right))
    return tuple(intervals)


class IntervalGame2(Game):
    """The interval game on the given intervals (repeats allowed; a repeat changes nothing,
    since picking one copy blocks the others).

    A position is the tuple of free stretches ``(l, r)`` that still hold an interval, each
    shrunk to the span of the intervals it holds; a move picks an interval ``(L, R)`` inside a
    stretch, written ``L-R``, and leaves ``[l, L)`` and ``[R, r)``. ``components`` are the
    stretches, each a game of its own.

    Examples
    --------
    >>> from perfectplay import solve
    >>> from perfectplay.impartial.grundy import grundy
    >>> game = IntervalGame2(((1, 3), (2, 4), (3, 5)))
    >>> game.start(), [m for m, _ in game.moves(game.start())]
    (((1, 5),), [(1, 3), (2, 4), (3, 5)])
    >>> solve(game).value(), grundy(game)
    (Value.WIN, 2)
    """

    name: ClassVar[str] = "interval-game-2"
    OPTIONS: ClassVar[tuple[Option, ...]] = (
        Option("intervals", parse_intervals, "intervals [L, R) as L-R, comma-separated",
               "1-3,2-4,3-5"),
    )

    def __init__(self, intervals: Sequence[Interval] = ((1, 3), (2, 4), (3, 5))) -> None:
        self.intervals = tuple(intervals)
        if not self.intervals:
            raise ValueError("the game needs at least one interval")
        for left, right in self.intervals:
            if not 0 < left < right:
                raise ValueError(f"interval [{left}, {right}) needs 1 <= L < R")
        distinct = sorted(set(self.intervals))
        # Only endpoints matter: the rules step from left end to left end, never through the
        # integers between them, so a line of 10^9 costs what one of 2 does.
        self._ends = sorted({end for interval in distinct for end in interval})
        self._rank = {end: i for i, end in enumerate(self._ends)}
        self._lefts = sorted({left for left, _ in distinct})
        self._rights: dict[int, list[int]] = {}  # left end -> sorted distinct right ends
        for left, right in distinct:
            self._rights.setdefault(left, []).append(right)
        self._trimmed: dict[Interval, Stretches] = {}

    def __repr__(self) -> str:
        return f"IntervalGame2({self.intervals!r})"

    @classmethod
    def judge(cls) -> Judge:
        """The judge of AtCoder ABC206 F: :func:`parse_interval_game_2`,
        :func:`answer_interval_game_2`."""
        return Judge(parse_interval_game_2, answer_interval_game_2, counts="cases")

    def start(self) -> Stretches:
        return self._trim(self._lefts[0], self._ends[-1])

    def _lefts_in(self, left: int, right: int) -> list[int]:
        """The distinct left ends in ``[left, right)``, ascending."""
        return self._lefts[bisect_left(self._lefts, left):bisect_left(self._lefts, right)]

    def _trim(self, left: int, right: int) -> Stretches:
        """``[left, right)`` shrunk to the span of the intervals it holds; empty if none."""
        stretch = self._trimmed.get((left, right))
        if stretch is None:
            inside = [(lo, hi) for lo in self._lefts_in(left, right) for hi in self._rights[lo]
                      if hi <= right]
            stretch = ((inside[0][0], max(hi for _, hi in inside)),) if inside else ()
            self._trimmed[left, right] = stretch
        return stretch

    def moves(self, stretches: Stretches) -> Iterator[tuple[Interval, Stretches]]:
        for i, (left, right) in enumerate(stretches):
            before, after = stretches[:i], stretches[i + 1:]
            for lo in self._lefts_in(left, right):
                for hi in self._rights[lo]:
                    if hi > right:
                        break
                    yield (lo, hi), before + self._trim(left, lo) + self._trim(hi, right) + after

    def components(self, stretches: Stretches) -> Iterator[Stretches]:
        return ((stretch,) for stretch in stretches)

    def format_position(self, stretches: Stretches) -> str:
        return ",".join(f"{left}-{right}" for left, right in stretches) or "-"

    def parse_position(self, text: str) -> Stretches:
        return () if text.strip() == "-" else parse_intervals(text)

    def format_move(self, move: Interval) -> str:
        return f"{move[0]}-{move[1]}"

    def work(self) -> int:
        """A bound on the moves a Grundy search looks at: stretches (from the start or a right
        end, to the end or a left end) times distinct intervals.

        >>> IntervalGame2(((1, 2), (2, 3), (1, 3))).work()
        27
        """
        lefts = {left for left, _ in self.intervals}
        rights = {right for _, right in self.intervals}
        return (len(rights) + 1) * (len(lefts) + 1) * len(set(self.intervals))

    def table_bits(self) -> int:
        """The bits of a row of :meth:`grundy_by_stretches`: the endpoints times the values
        a stretch can have, a power of two above the number of distinct intervals (a stretch
        has no more options).

        >>> IntervalGame2([(i, i + 1) for i in range(1, 100)] + [(1, 100)]).table_bits()
        12800
        """
        return len(self._ends) << (len(self._rights_of_lefts()) + 1).bit_length()

    def _rights_of_lefts(self) -> list[tuple[int, int]]:
        """The distinct intervals, by left end then right end."""
        return [(left, right) for left in self._lefts for right in self._rights[left]]

    def grundy_by_stretches(self) -> int:
        """The Grundy value of the start, by the interval DP over every stretch ``[l, r)``
        between two endpoints, ``g(l, r) = mex{g(l, L) ^ g(R, r)}`` over the intervals
        ``[L, R)`` inside: the same values as the engine's search over :meth:`components`
        (compared in the tests), without a search's cost per move.

        It works a row ``l`` at a time, ``r`` ascending, on option sets as bits: one integer
        holds the sets of every stretch of the row, a block of bits per ``r``, and the
        options an interval ``[L, R)`` gives the row, ``g(l, L) ^ g(R, r)`` for every
        ``r >= R``, are column ``R``'s values (one integer, made once) with each block's
        bits permuted by ``x = g(l, L)``; that permutation is a swap of halves per bit of
        ``x``, the same shift and mask in every block. So a stretch costs a few operations on
        integers of :meth:`table_bits` bits, not one per interval.

        >>> IntervalGame2(((1, 3), (2, 4), (3, 5))).grundy_by_stretches()
        2
        """
        intervals = self._rights_of_lefts()
        ends, rank = self._ends, self._rank
        m = len(ends)
        k = (len(intervals) + 1).bit_length()  # values below 2^k: mex of at most len options
        width = 1 << k
        block = (1 << width) - 1
        # halves[t]: in every block, the bits whose value has bit t clear
        halves = []
        for t in range(k):
            low = sum(1 << v for v in range(width) if not v >> t & 1)
            halves.append(sum(low << (r * width) for r in range(m)))
        starting: list[list[int]] = [[] for _ in range(m)]  # rank of L -> ranks of R
        for left, right in intervals:
            starting[rank[left]].append(rank[right])
        column = [0] * m  # column[b]: block r >= b holds the bit of g(b, r)
        moved: list[dict[int, int] | None] = [None] * m  # rank of L -> x -> options, permuted
        row = [0] * m
        for left in range(m - 1, -1, -1):
            row = [0] * m
            options = 0
            for right in range(left, m):
                if right > left:
                    found = (options >> (right * width)) & block
                    row[right] = (~found & (found + 1)).bit_length() - 1
                if not starting[right]:
                    continue
                by_x = moved[right]
                if by_x is None:
                    union = 0
                    for end in starting[right]:
                        union |= column[end]
                    by_x = moved[right] = {0: union}
                x = row[right]
                sets = by_x.get(x)
                if sets is None:  # from x without its high bits, one bit at a time
                    sets, done = by_x[0], 0
                    for t in range(k):
                        if x >> t & 1:
                            done |= 1 << t
                            known = by_x.get(done)
                            if known is None:
                                shift, mask = 1 << t, halves[t]
                                known = by_x[done] = ((sets >> shift) & mask) | \
                                    ((sets & mask) << shift)
                            sets = known
                options |= sets
            bits = 0
            for right in range(left, m):
                bits |= 1 << (right * width + row[right])
            column[left] = bits
        return row[m - 1]

    def compiled_size(self) -> int:
        """Integers of the compiled encoding: ``4 ** k``, ``2 ** k`` the first power of two
        above the largest rank of an endpoint (its place among the distinct endpoints).

        >>> IntervalGame2(((1, 10**30),)).compiled_size()
        4
        """
        return 4 ** (len(self._ends) - 1).bit_length()

    def compiled(self) -> CompiledRules:
        """The compiled rules (:mod:`perfectplay.games.interval_game_2.compiled`; imports
        numba), over compressed coordinates: an endpoint is its rank among the distinct
        endpoints, a single stretch ``[l, r)`` the integer ``rank(l) * 2 ** k + rank(r)``
        (``2 ** k`` above every rank), no stretch is 0, and a move leaves two stretches, so
        only Grundy values are computed this way.

        Examples
        --------
        >>> from perfectplay.compiled import compiled_grundy
        >>> game = IntervalGame2(((1, 3), (2, 4), (3, 5)))
        >>> compiled_grundy(game).grundy(game.start())
        2
        >>> wide = IntervalGame2(((1, 3 * 10**20), (2 * 10**20, 4 * 10**20)))
        >>> compiled_grundy(wide).grundy(wide.start())
        1
        """
        from perfectplay.compiled.rules import CompiledRules
        from perfectplay.games.interval_game_2.compiled import child, interval_params, rest

        rank = self._rank
        params = interval_params((rank[left], rank[right]) for left, right in self.intervals)
        width = 1 << int(params[0])
        return CompiledRules(child=child, rest=rest, params=params, size=width * width,
                             max_moves=(len(params) - 1) // 2,
                             encode=partial(_encode_stretch, self, width),
                             decode=partial(_decode_stretch, self, width))

    @classmethod
    def random_instances(cls, rng: random.Random, count: int, size: int,
                         ) -> Iterator[tuple[IntervalGame2, list[Stretches]]]:
        """For ``perfectplay check``: ``count`` random sets of 1..``size`` intervals on a short
        line, with repeats and touching ends."""
        for _ in range(count):
            intervals: list[Interval] = []
            for _ in range(rng.randint(1, size)):
                if intervals and rng.random() < 0.3:
                    left, right = rng.choice(intervals)  # a repeat, or one that touches it
                    intervals.append(rng.choice(((left, right), (right, right + 1),
                                                 (max(1, left - 1), max(2, left)))))
                else:
                    left = rng.randint(1, 9)
                    intervals.append((left, left + rng.randint(1, 4)))
            game = cls(intervals)
            yield game, [game.start()]


# Module-level, not closures in compiled(): the rules pickle with the game.


def _encode_stretch(game: IntervalGame2, width: int, stretches: Stretches) -> int:
    """The compiled rules' integer ``rank(l) * width + rank(r)`` of a position of at most one
    stretch, shrunk first to the intervals it holds (so both ends are endpoints).

    >>> _encode_stretch(IntervalGame2(), 8, ((1, 5),))  # endpoints 1..5 are ranks 0..4
    4

    Raises
    ------
    ValueError
        For a sum of stretches: each component has its own integer.
    """
    if len(stretches) > 1:
        raise ValueError(f"{game.format_position(stretches)} is a sum of stretches: "
                         "encode each component")
    trimmed = game._trim(*stretches[0]) if stretches else ()
    if not trimmed:
        return 0
    left, right = trimmed[0]
    return game._rank[left] * width + game._rank[right]


def _decode_stretch(game: IntervalGame2, width: int, code: int) -> Stretches:
    """The position of a compiled rules' integer: its stretch between the endpoints of those
    ranks, shrunk to the intervals of ``game`` it holds.

    >>> _decode_stretch(IntervalGame2(), 8, 1 * 8 + 4)
    ((2, 5),)
    """
    left, right = divmod(code, width)
    return game._trim(game._ends[left], game._ends[right])


def parse_interval_game_2(text: str) -> tuple[list[IntervalGame2], list[str]]:
    """The games of a judge input (``T``, then per case ``N`` and ``N`` lines ``L R``), and
    notes on exceeded limits.

    Raises
    ------
    ValueError
        For wrong counts, a non-integer, or an interval without ``1 <= L < R``.

    Examples
    --------
    >>> games, notes = parse_interval_game_2("1\\n2\\n1 3\\n3 4\\n")
    >>> games
    [IntervalGame2(((1, 3), (3, 4)))]
    """
    reader = JudgeInput(text)
    cases = reader.integer("T", least=1)
    games = []
    many, long = [], []  # the cases beyond the limit on N, on R
    for case in range(1, cases + 1):
        n = reader.integer(f"N of case {case}", least=1)
        intervals = []
        for i in range(1, n + 1):
            left = reader.integer(f"L_{i} of case {case}")
            right = reader.integer(f"R_{i} of case {case}")
            if not 1 <= left < right:
                raise ValueError(f"interval {i} of case {case} is [{left}, {right}): "
                                 f"needs 1 <= L < R (line {reader.line})")
            intervals.append((left, right))
        if n > MAX_N:
            many.append(case)
        if max(right for _, right in intervals) > MAX_R:
            long.append(case)
        games.append(IntervalGame2(intervals))
    reader.end("the last case")
    notes = [f"T = {cases} exceeds the contest limit {MAX_T}"] if cases > MAX_T else []
    if many:
        notes.append(f"{_cases(many)}: N exceeds the contest limit {MAX_N}")
    if long:
        notes.append(f"{_cases(long)}: an interval ends beyond the contest limit {MAX_R}")
    return games, notes


def _cases(numbers: list[int]) -> str:
    """Some case numbers for a note: the first three, and how many more.

    >>> _cases([2]), _cases([1, 2, 3, 4, 5])
    ('case 2', 'cases 1, 2, 3 and 2 more')
    """
    shown = ", ".join(map(str, numbers[:3]))
    if len(numbers) == 1:
        return f"case {shown}"
    return f"cases {shown}" + (f" and {len(numbers) - 3:,} more" if len(numbers) > 3 else "")


def format_interval_game_2(nimbers: Sequence[int]) -> str:
    """The judge's output: one winner per case, ``Alice`` (first player) or ``Bob``.

    >>> format_interval_game_2([3, 0])
    'Alice\\nBob'
    """
    return "\n".join("Alice" if g else "Bob" for g in nimbers)


def answer_interval_game_2(games: Sequence[IntervalGame2], *, method: str = "auto",
                           progress: Callable[[int], None] | None = None) -> str:
    """The judge's output for parsed cases: the Grundy value of each, by the engine.

    Parameters
    ----------
    games : sequence of IntervalGame2
        The cases, as :func:`parse_interval_game_2` gives them.
    method : {"auto", "python", "compiled"}
        As for :func:`perfectplay.impartial.grundy.grundy`. ``auto`` chooses once for all
        cases: :meth:`IntervalGame2.grundy_by_stretches` when every case's row fits
        :data:`TABLE_BITS` (every input within the contest's limits: 20 cases of 100
        intervals in 0.02 to 0.1 s, where loading numba alone takes longer), else the engine's,
        by the moves they may take in all (:meth:`IntervalGame2.work`).
    progress : callable, optional
        Called with the number of cases answered so far.

    Returns
    -------
    str

    Raises
    ------
    EngineLimitError
        At once, when the estimate (the cases' :meth:`~IntervalGame2.work` at
        :data:`COMPILED_WORK_PER_SECOND`, or :data:`PYTHON_WORK_PER_SECOND` for ``python``, and
        :data:`CASE_SECONDS` a case) is beyond the judges' budget (see
        :func:`~perfectplay.games.judge_input.refuse_beyond`).
    ValueError
        For an unknown method.

    Examples
    --------
    >>> answer_interval_game_2([IntervalGame2(((1, 10**9),)), IntervalGame2(((1, 2), (2, 3)))])
    'Alice\\nBob'
    >>> answer_interval_game_2([IntervalGame2([(i, i + 1) for i in range(1, 20_000)])])
    Traceback (most recent call last):
    ...
    perfectplay.core.errors.EngineLimitError: too large to answer: 1 case of up to 19,999 ...
    """
    work = sum(game.work() for game in games)  # one choice for all cases: numba loads once
    rate = PYTHON_WORK_PER_SECOND if method == "python" else COMPILED_WORK_PER_SECOND
    largest = max(len(game.intervals) for game in games)
    refuse_beyond(Estimate(work=work + int(len(games) * CASE_SECONDS * rate),
                           what=f"{len(games):,} case{'s' if len(games) > 1 else ''} of up to "
                                f"{largest:,} intervals"),
                  rate=rate, unit="moves to look at")
    nimbers = []
    table = method == "auto" and all(game.table_bits() <= TABLE_BITS for game in games)
    for game in games:
        nimbers.append(game.grundy_by_stretches() if table
                       else dispatch(Request("grundy", game, work=work), method))
        if progress is not None:
            progress(len(nimbers))
    return format_interval_game_2(nimbers)


def judge(text: str, *, method: str = "auto") -> tuple[str, list[str]]:
    """Answer a judge input: the Grundy value of each case, by the engine.

    Parameters
    ----------
    text : str
        The judge's input.
    method : {"auto", "python", "compiled"}
        As for :func:`perfectplay.impartial.grundy.grundy`; ``auto`` chooses once for all
        cases, by the moves they may take in all (:meth:`IntervalGame2.work`).

    Returns
    -------
    (output, notes)
        The judge's output, and notes on exceeded limits.

    Raises
    ------
    ValueError
        For a bad input (see :func:`parse_interval_game_2`) or an unknown method.
    EngineLimitError
        For an input beyond the judges' budget (see :func:`answer_interval_game_2`).

    Examples
    --------
    >>> judge("2\\n1\\n1 2\\n2\\n1 3\\n2 4\\n")
    ('Alice\\nAlice', [])
    >>> judge("1\\n3\\n1 2\\n2 3\\n3 4\\n", method="compiled")
    ('Alice', [])
    """
    return IntervalGame2.judge()(text, method=method)
