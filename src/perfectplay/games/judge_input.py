"""Reading contest judges' inputs: whitespace-separated tokens, errors that say where.

Every judge (``perfectplay judge``) reads its input through :class:`JudgeInput`, so all of
them accept the same text (ASCII whitespace between tokens, LF or CRLF line ends) and word
their errors the same way, ``what (line L)``.
"""

from __future__ import annotations

import re

__all__ = ["JudgeInput"]

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
