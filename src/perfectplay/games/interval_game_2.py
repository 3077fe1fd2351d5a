"""Interval Game 2 (AtCoder ABC206 F): pick half-open intervals that meet none picked before.

A picked interval splits the free stretch of line around it into two independent games, so a
position is a sum: its Grundy value is the nim-sum of its stretches' values
(:func:`perfectplay.impartial.grundy.grundy` splits it through ``components``). The compiled rules
(:mod:`perfectplay.compiled.games.interval_game_2`) say the same to
:func:`perfectplay.compiled.compiled_grundy`: a move leaves two stretches, ``child`` and
``rest``.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from functools import partial
from typing import TYPE_CHECKING, ClassVar

from perfectplay.core.engines import Request, dispatch
from perfectplay.core.game import Game
from perfectplay.core.options import Option
from perfectplay.games.judge_input import JudgeInput

if TYPE_CHECKING:
    from perfectplay.compiled.rules import CompiledRules

__all__ = ["IntervalGame2", "format_interval_game_2", "judge", "parse_interval_game_2",
           "parse_intervals"]

Interval = tuple[int, int]
"""A half-open interval ``[L, R)``."""

Stretches = tuple[Interval, ...]
"""A position: the free stretches ``[l, r)`` of the line that still hold an interval."""

MAX_T, MAX_N, MAX_R = 20, 100, 100
"""The contest limits: test cases, intervals per case, right ends."""



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
            raise ValueError(f"expected intervals like 1-3,2-5, got {part!r}") from None
        if not 0 < left < right:
            raise ValueError(f"interval {part!r} needs 1 <= L < R")
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
        self._rights: dict[int, list[int]] = {}  # left end -> sorted distinct right ends
        for left, right in sorted(set(self.intervals)):
            self._rights.setdefault(left, []).append(right)
        self._trimmed: dict[Interval, Stretches] = {}

    def __repr__(self) -> str:
        return f"IntervalGame2({self.intervals!r})"

    def start(self) -> Stretches:
        return self._trim(min(left for left, _ in self.intervals),
                          max(right for _, right in self.intervals))

    def _trim(self, left: int, right: int) -> Stretches:
        """``[left, right)`` shrunk to the span of the intervals it holds; empty if none."""
        stretch = self._trimmed.get((left, right))
        if stretch is None:
            inside = [(lo, hi) for lo in range(left, right) for hi in self._rights.get(lo, ())
                      if hi <= right]
            stretch = ((inside[0][0], max(hi for _, hi in inside)),) if inside else ()
            self._trimmed[left, right] = stretch
        return stretch

    def moves(self, stretches: Stretches) -> Iterator[tuple[Interval, Stretches]]:
        for i, (left, right) in enumerate(stretches):
            before, after = stretches[:i], stretches[i + 1:]
            for lo in range(left, right):
                for hi in self._rights.get(lo, ()):
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

    def compiled_size(self) -> int:
        """Integers of the compiled encoding: ``4 ** k``, ``2 ** k`` the first power of two
        above the largest right end."""
        return 4 ** max(right for _, right in self.intervals).bit_length()

    def compiled(self) -> CompiledRules:
        """The compiled rules (:mod:`perfectplay.compiled.games.interval_game_2`; imports
        numba): a single stretch ``[l, r)`` is the integer ``l * 2 ** k + r`` (``2 ** k`` above
        every right end), no stretch is 0, and a move leaves two stretches, so only Grundy
        values are computed this way.

        Examples
        --------
        >>> from perfectplay.compiled import compiled_grundy
        >>> game = IntervalGame2(((1, 3), (2, 4), (3, 5)))
        >>> compiled_grundy(game).grundy(game.start())
        2
        """
        from perfectplay.compiled.games.interval_game_2 import child, interval_params, rest
        from perfectplay.compiled.rules import CompiledRules

        params = interval_params(self.intervals)
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
    """The compiled rules' integer ``l * width + r`` of a position of at most one stretch.

    >>> _encode_stretch(IntervalGame2(), 8, ((1, 5),))
    13

    Raises
    ------
    ValueError
        For a sum of stretches: each component has its own integer.
    """
    if len(stretches) > 1:
        raise ValueError(f"{game.format_position(stretches)} is a sum of stretches: "
                         "encode each component")
    return stretches[0][0] * width + stretches[0][1] if stretches else 0


def _decode_stretch(game: IntervalGame2, width: int, code: int) -> Stretches:
    """The position of a compiled rules' integer: its stretch, shrunk to the intervals of
    ``game`` it holds.

    >>> _decode_stretch(IntervalGame2(), 8, 2 * 8 + 7)
    ((2, 5),)
    """
    return game._trim(*divmod(code, width))


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
    games, notes = [], []
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
            notes.append(f"case {case}: N = {n} exceeds the contest limit {MAX_N}")
        if max(right for _, right in intervals) > MAX_R:
            notes.append(f"case {case}: an interval ends beyond the contest limit {MAX_R}")
        games.append(IntervalGame2(intervals))
    reader.end("the last case")
    if cases > MAX_T:
        notes.insert(0, f"T = {cases} exceeds the contest limit {MAX_T}")
    return games, notes


def format_interval_game_2(nimbers: Sequence[int]) -> str:
    """The judge's output: one winner per case, ``Alice`` (first player) or ``Bob``.

    >>> format_interval_game_2([3, 0])
    'Alice\\nBob'
    """
    return "\n".join("Alice" if g else "Bob" for g in nimbers)


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

    Examples
    --------
    >>> judge("2\\n1\\n1 2\\n2\\n1 3\\n2 4\\n")
    ('Alice\\nAlice', [])
    >>> judge("1\\n3\\n1 2\\n2 3\\n3 4\\n", method="compiled")
    ('Alice', [])
    """
    games, notes = parse_interval_game_2(text)
    work = sum(game.work() for game in games)  # one choice for all cases: numba loads once
    nimbers = [dispatch(Request("grundy", game, work=work), method) for game in games]
    return format_interval_game_2(nimbers), notes
