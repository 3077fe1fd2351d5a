"""Options of catalogue games as the command line gives them: named text, parsed and checked."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from perfectplay.core.errors import quote

__all__ = ["Option", "parse_int", "parse_int_list"]


@dataclass(frozen=True)
class Option:
    """One option of a catalogue game, ``--name TEXT`` on the command line."""

    name: str
    """Option name as typed (``--heaps``)."""

    parse: Callable[[str], Any]
    """Turns the text into the argument, raising ValueError with a readable message."""

    help: str
    """One line for ``perfectplay games``."""

    default: str | None = None
    """Text used when the option is not given; None makes the option required."""

    argument: str = ""
    """The game's keyword argument; by default the name with ``-`` as ``_``."""

    @property
    def keyword(self) -> str:
        """The keyword argument this option fills."""
        return self.argument or self.name.replace("-", "_")


def parse_int(text: str) -> int:
    """A non-negative integer, written in ASCII digits: ``int`` also reads other scripts'
    digits (``'١'``, ``'４'``), ``+`` and ``_``, which no option means.

    >>> parse_int("12"), parse_int(" 7 ")
    (12, 7)
    >>> parse_int("４４")
    Traceback (most recent call last):
    ...
    ValueError: expected a non-negative integer in ASCII digits, got '４４'
    """
    digits = text.strip()
    if not (digits.isascii() and digits.isdigit()):
        raise ValueError(f"expected a non-negative integer in ASCII digits, got {quote(text)}")
    try:
        return int(digits)
    except ValueError:  # past the digits Python reads (4,300): no option counts that far
        raise ValueError(f"expected a non-negative integer of fewer digits, got "
                         f"{quote(text)}") from None


def parse_int_list(text: str) -> tuple[int, ...]:
    """Comma-separated non-negative integers.

    >>> parse_int_list("3,4,5")
    (3, 4, 5)
    """
    parts = [part.strip() for part in text.split(",") if part.strip()]
    if not parts:
        raise ValueError(f"expected comma-separated integers, got {quote(text)}")
    return tuple(parse_int(part) for part in parts)
