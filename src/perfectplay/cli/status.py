"""Exit statuses of the ``perfectplay`` command, and the argument parser that raises."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import NoReturn, TypeVar

__all__ = ["BAD_INPUT", "DAMAGED", "INTERNAL_ERROR", "SUCCESS", "ArgumentParser", "UsageError",
           "option_type"]

T = TypeVar("T")

SUCCESS = 0
BAD_INPUT = 2
"""Malformed input, unknown game or option: one ``error:`` line on stderr."""
DAMAGED = 3
"""A damaged, truncated or crafted data file (:class:`~perfectplay.core.errors.DamagedDataError`):
one ``error:`` line naming the file."""
INTERNAL_ERROR = 1
"""An exception nobody expected (a bug, or a game definition that crashed)."""


class UsageError(Exception):
    """The command line itself is wrong."""


class ArgumentParser(argparse.ArgumentParser):
    """argparse, but a usage mistake raises UsageError (one ``error:`` line) instead of
    printing the usage block and exiting."""

    def error(self, message: str) -> NoReturn:
        # prog is the whole command ('perfectplay db info'): its last word alone is no command
        raise UsageError(f"{message} (see '{self.prog} --help')")


def option_type(parse: Callable[[str], T]) -> Callable[[str], T]:
    """``parse`` as an argparse ``type``: the ValueError it raises is the message, where
    argparse would say ``invalid parse value`` and repeat the whole input.

    >>> parser = ArgumentParser(prog="perfectplay octal")
    >>> from perfectplay.core.options import parse_int
    >>> _ = parser.add_argument("--upto", type=option_type(parse_int))
    >>> parser.parse_args(["--upto", "-1"])
    Traceback (most recent call last):
    ...
    perfectplay.cli.status.UsageError: argument --upto: expected a non-negative integer in \
ASCII digits, got '-1' (see 'perfectplay octal --help')
    """

    def parsed(text: str) -> T:
        try:
            return parse(text)
        except ValueError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None

    parsed.__name__ = parse.__name__
    return parsed
