"""Reading contest judges' inputs, and the budget every judge keeps.

Every judge (``perfectplay judge``) reads its input through :class:`JudgeInput`, so all of
them accept the same text (ASCII whitespace between tokens, LF or CRLF line ends) and word
their errors the same way, ``what (line L)``.

A judge answers inputs beyond the contest's limits too, but first estimates the work and the
memory of its solve (an upper bound, over a rate measured on the worst inputs it knows) and
refuses at once, through :func:`refuse_beyond`, what would run longer than
:data:`MAX_SECONDS` or not fit in memory; :func:`start_value` solves what is left, with
progress reports when the run is long enough to want them.
"""

from __future__ import annotations

import gc
import math
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from perfectplay.core.engines import Estimate
from perfectplay.core.errors import EngineLimitError
from perfectplay.core.game import Game
from perfectplay.core.limits import available_memory, format_bytes
from perfectplay.core.values import Value
from perfectplay.solve import outcome, solve

__all__ = ["MAX_SECONDS", "QUIET_SECONDS", "JudgeInput", "format_count", "refuse_beyond",
           "start_value"]

MAX_SECONDS = 120
"""The longest solve a judge starts: an input whose estimate is longer is refused at once."""

QUIET_SECONDS = 2
"""Below this estimate a judge asks for the start's value alone (``outcome``: it stops at
the first winning move, but reports no progress); above it, a solve that reports progress."""

_TOKEN = re.compile(r"[^ \t\n\r\f\v]+")
"""A token: a run of anything but ASCII whitespace (``str.split`` would also split at
Unicode spaces, which no judge writes)."""

_INTEGER = re.compile(r"-?[0-9]+")
"""An integer as judges write it: ``int`` would also take ``+3``, ``1_0`` and non-ASCII
digits."""


class JudgeInput:
    """The tokens of a judge's input, read one after the other.

    Each token keeps its line number for error messages; :attr:`line` is that of the token
    read last. Every error is a ``ValueError`` worded ``what (where)``.

    Parameters
    ----------
    text : str
        The whole input.

    Examples
    --------
    >>> reader = JudgeInput("2\\r\\n10 -3\\r\\n")
    >>> n = reader.integer("N", least=1)
    >>> reader.expect(n, "values")
    >>> [reader.integer(f"value {i}") for i in range(1, n + 1)], reader.line
    ([10, -3], 2)
    >>> reader.integer("value 3")
    Traceback (most recent call last):
    ...
    ValueError: input ends early: expected value 3 (after line 2)
    >>> reader = JudgeInput("1\\n+3\\n")
    >>> reader.integer("N", least=2)
    Traceback (most recent call last):
    ...
    ValueError: N must be at least 2, got 1 (line 1)
    >>> reader.integer("value 1")
    Traceback (most recent call last):
    ...
    ValueError: expected value 1 to be an integer, got '+3' (line 2)
    """

    def __init__(self, text: str) -> None:
        self._tokens = [(token, number) for number, row in enumerate(text.split("\n"), start=1)
                        for token in _TOKEN.findall(row)]
        self._next = 0

    @property
    def line(self) -> int:
        """The line of the token read last (0 before the first)."""
        return self._tokens[self._next - 1][1] if self._next else 0

    def word(self, what: str) -> str:
        """The next token, as it is; ``what`` names it in the error.

        Raises
        ------
        ValueError
            When no token is left.
        """
        if self._next == len(self._tokens):
            if not self._tokens:
                raise ValueError(f"empty input: expected {what} (line 1)")
            raise ValueError(f"input ends early: expected {what} (after line {self.line})")
        token = self._tokens[self._next][0]
        self._next += 1
        return token

    def integer(self, what: str, *, least: int | None = None) -> int:
        """The next token as an integer, ``-?[0-9]+``, at least ``least`` when given.

        Raises
        ------
        ValueError
            When no token is left, the token is not an integer, or it is below ``least``.
        """
        token = self.word(what)
        if not _INTEGER.fullmatch(token):
            shown = repr(token[:20]) + ("..." if len(token) > 20 else "")
            raise ValueError(f"expected {what} to be an integer, got {shown} (line {self.line})")
        try:
            value = int(token)
        except ValueError:  # past int()'s digit limit
            raise ValueError(f"{what} has {len(token)} digits, too many (line {self.line})"
                             ) from None
        if least is not None and value < least:
            raise ValueError(f"{what} must be at least {least}, got {value} (line {self.line})")
        return value

    def expect(self, count: int, what: str) -> None:
        """Check that exactly ``count`` tokens are left (``what`` names them, as a plural).

        >>> reader = JudgeInput("2\\nab\\n")
        >>> reader.expect(reader.integer("N"), "words")
        Traceback (most recent call last):
        ...
        ValueError: expected 2 words, got 1 (line 2)

        Raises
        ------
        ValueError
            When fewer or more are left: at the line of the last token or the first extra one.
        """
        left = len(self._tokens) - self._next
        if left != count:
            last = self._tokens[min(self._next + count, len(self._tokens) - 1)][1] \
                if self._tokens else 1
            raise ValueError(f"expected {count} {what}, got {left} (line {last})")

    def end(self, after: str) -> None:
        """Check that no token is left; ``after`` names what came last.

        Raises
        ------
        ValueError
            At the line of the first token left.
        """
        if self._next < len(self._tokens):
            raise ValueError(f"unexpected input after {after} "
                             f"(line {self._tokens[self._next][1]})")


def format_count(n: int) -> str:
    """A count for a message: exact when short, else its order of magnitude (a bound of
    ``2 ** 10000`` has more digits than ``str`` converts).

    >>> format_count(12_345), format_count(2**40), format_count(2**10000)
    ('12,345', '1.1e+12', '10^3010')
    """
    if n < 10**7:
        return f"{n:,}"
    digits = n.bit_length() * math.log10(2)
    return f"{float(n):.2g}" if digits < 300 else f"10^{int(digits)}"


def _duration(seconds: int) -> str:
    """About how long, in the largest unit that keeps it at one or more.

    >>> _duration(0), _duration(95), _duration(7200), _duration(3 * 10**9), _duration(10**400)
    ('under a second', '1.6 minutes', '2.0 hours', '95 years', '10^392 years')
    """
    for unit, length in (("years", 365 * 86400), ("days", 86400), ("hours", 3600),
                         ("minutes", 60), ("seconds", 1)):
        if seconds >= length:
            count = seconds / length if seconds < 10**300 else seconds // length
            return f"{count:.1f} {unit}" if count < 10 else f"{format_count(round(count))} {unit}"
    return "under a second"


def refuse_beyond(estimate: Estimate, *, rate: float, unit: str) -> None:
    """Refuse at once an input whose solve would take longer than :data:`MAX_SECONDS` or more
    memory than the machine has free.

    Parameters
    ----------
    estimate : Estimate
        ``work`` in ``unit`` (an upper bound), ``memory`` in bytes (or None), and ``what``:
        the input and how they were counted, for the message.
    rate : float
        ``unit`` per second the solve goes through, measured.
    unit : str
        What ``work`` counts, plural ("triple checks").

    Raises
    ------
    EngineLimitError
        Saying the estimate and the limit it passes.

    Examples
    --------
    >>> refuse_beyond(Estimate(work=10**6, what="a game (1,000 positions x 1,000 moves)"),
    ...               rate=1e6, unit="move checks")
    >>> refuse_beyond(Estimate(work=10**12, what="a game (10^6 positions x 10^6 moves)"),
    ...               rate=1e6, unit="move checks")
    Traceback (most recent call last):
    ...
    perfectplay.core.errors.EngineLimitError: too large to answer: a game (10^6 positions x \
10^6 moves) is 1e+12 move checks, about 12 days at 1,000,000 a second; a judge starts at most \
120 seconds of work
    """
    work = estimate.work or 0
    if work > rate * MAX_SECONDS:  # an int: a bound can pass what a float holds
        raise EngineLimitError(f"too large to answer: {estimate.what} is {format_count(work)} "
                               f"{unit}, about {_duration(work // int(rate))} at {rate:,.0f} a "
                               f"second; a judge starts at most {MAX_SECONDS} seconds of work")
    available = available_memory()
    if estimate.memory is not None and available is not None and estimate.memory > available:
        raise EngineLimitError(f"too large to answer: {estimate.what} needs up to "
                               f"{format_bytes(estimate.memory)}, more than the "
                               f"{format_bytes(available)} available")


def start_value(game: Game[Any], estimate: Estimate, *, rate: float,
                progress: Callable[[int], None] | None) -> Value:
    """The value of ``game``'s start: by ``outcome`` when no progress is asked for or the
    estimate is under :data:`QUIET_SECONDS`, else by a solve that reports ``progress``.

    >>> from perfectplay.games.nim import Nim
    >>> start_value(Nim((1, 2)), Estimate(work=10), rate=1e6, progress=print)
    Value.WIN
    """
    with _collector_paused():
        if progress is None or (estimate.work or 0) < rate * QUIET_SECONDS:
            return outcome(game)
        return solve(game, progress=progress).value()


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Python's cyclic garbage collector off for a while (if it was on).

    A pure-Python solve allocates millions of tuples and no cycle, and each pass of the
    collector walks them all: a solve of 4 million abstract states of the disconnected game took
    66.6 s with it, 14.4 s without (1 million: 5.9 s and 3.5 s).
    """
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
