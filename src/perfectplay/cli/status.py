"""Exit statuses of the ``perfectplay`` command, and the argument parser that raises."""

from __future__ import annotations

import argparse
from typing import NoReturn

__all__ = ["BAD_INPUT", "DAMAGED", "INTERNAL_ERROR", "SUCCESS", "ArgumentParser", "UsageError"]

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
        raise UsageError(f"{message} (see 'perfectplay {self.prog.split()[-1]} --help')")
