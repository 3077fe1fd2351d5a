"""Game selection on the command line: ``GAME [--option value ...] [--arg k=v ...]``."""

from __future__ import annotations

from collections.abc import Sequence

from perfectplay.cli.status import ArgumentParser, UsageError
from perfectplay.core.game import Game
from perfectplay.games import load_game

__all__ = ["GAME_EPILOG", "add_game_argument", "game_from_args"]

GAME_EPILOG = ("GAME is a name from 'perfectplay games' followed by its options "
               "(e.g. 'nim --heaps 3,4,5'), or path/to/file.py:ClassName with '--arg k=v' "
               "for each constructor argument.")


def add_game_argument(parser: ArgumentParser) -> None:
    """Add the positional GAME argument."""
    parser.add_argument("game", metavar="GAME", help="catalogue name or path/to/file.py:Class")


def parse_game_options(rest: Sequence[str]) -> dict[str, str]:
    """Options left over by the command's own parser: ``--name value``, ``--name=value`` or
    ``--arg name=value``.

    >>> parse_game_options(["--heaps", "1,2", "--arg", "k=3", "--x=y"])
    {'heaps': '1,2', 'k': '3', 'x': 'y'}
    """
    options: dict[str, str] = {}
    items = list(rest)
    while items:
        item = items.pop(0)
        if not item.startswith("--") or item == "--":
            raise UsageError(f"unexpected argument {item!r}")
        name, eq, value = item[2:].partition("=")
        if not eq:
            if not items:
                raise UsageError(f"option --{name} needs a value")
            value = items.pop(0)
        if name == "arg":
            name, eq, value = value.partition("=")
            if not eq or not name:
                raise UsageError(f"--arg takes name=value, got {value!r}")
        options[name] = value
    return options


def game_from_args(spec: str, rest: Sequence[str]) -> Game:
    """Build the game named on the command line with its options."""
    return load_game(spec, parse_game_options(rest))
