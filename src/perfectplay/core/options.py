"""Options of catalogue games as the command line gives them: named text, parsed and checked."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

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
    """A non-negative integer.

    >>> parse_int("12")
    12
    """
    try:
        number = int(text)
    except ValueError:
        raise ValueError(f"expected a non-negative integer, got {text!r}") from None
    if number < 0:
        raise ValueError(f"expected a non-negative integer, got {text!r}")
    return number


def parse_int_list(text: str) -> tuple[int, ...]:
    """Comma-separated non-negative integers.

    >>> parse_int_list("3,4,5")
    (3, 4, 5)
    """
    parts = [part.strip() for part in text.split(",") if part.strip()]
    if not parts:
        raise ValueError(f"expected comma-separated integers, got {text!r}")
    return tuple(parse_int(part) for part in parts)
