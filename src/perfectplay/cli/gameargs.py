"""Game selection on the command line: ``GAME [--option value ...] [--arg k=v ...]``."""

from __future__ import annotations

import argparse
import textwrap
from collections.abc import Sequence
from typing import Any

from perfectplay.cli.status import ArgumentParser, UsageError, option_type
from perfectplay.core.errors import quote
from perfectplay.core.game import Game, Position
from perfectplay.core.options import Option, parse_int
from perfectplay.games import find_game, game_class, load_game

__all__ = ["GAME_EPILOG", "add_book_argument", "add_game_argument", "add_start_argument",
           "add_threads_argument",
           "describe_option", "game_from_args", "parse_position_text", "stored_game_from_args"]

GAME_EPILOG = ("GAME is a name from 'perfectplay games' followed by its options "
               "(e.g. 'nim --heaps 3,4,5'), or path/to/file.py:ClassName with '--arg k=v' "
               "for each constructor argument.")


def describe_option(option: Option) -> str:
    """One line on a catalogue game's option: its name, help and default.

    >>> from perfectplay.games.nim import Nim
    >>> describe_option(Nim.OPTIONS[0])
    "--heaps: heap sizes, comma-separated (default '3,4,5')"
    """
    default = "required" if option.default is None else f"default {option.default!r}"
    return f"--{option.name}: {option.help} ({default})"


def _game_epilog(spec: str) -> str:
    """The help epilog once GAME is known: :data:`GAME_EPILOG`, then the catalogue game's
    options, one a line (a game file or an unknown name: :data:`GAME_EPILOG` alone).

    >>> print(_game_epilog("nim").splitlines()[-1])
      --heaps: heap sizes, comma-separated (default '3,4,5')
    """
    try:
        cls = find_game(spec)
    except ValueError:  # the solve itself reports the unknown name
        return GAME_EPILOG
    options = [f"  {describe_option(opt)}" for opt in getattr(cls, "OPTIONS", ())]
    return "\n".join([GAME_EPILOG, "", f"{spec} options:", *(options or ["  none"])])


class _GameName(argparse.Action):
    """Stores GAME and puts its options in the epilog, so a ``--help`` after GAME lists them
    (argparse runs a positional's action before the options that follow it)."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: Any, option_string: str | None = None) -> None:
        setattr(namespace, self.dest, values)
        if not str(values).split(":", 1)[0].endswith(".py"):  # never import a file for help
            parser.epilog = _game_epilog(str(values))


class _LineHelpFormatter(argparse.HelpFormatter):
    """argparse's formatter, but each line of a text is wrapped on its own, so an epilog can
    list options one a line; an indented line keeps its indent and hangs 4 more."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        lines = []
        for line in text.splitlines():
            depth = len(line) - len(line.lstrip())
            lead = indent + " " * depth
            hang = lead + "    " if depth else lead
            lines.append(textwrap.fill(line.strip(), width, initial_indent=lead,
                                       subsequent_indent=hang) if line.strip() else "")
        return "\n".join(lines)


def add_game_argument(parser: ArgumentParser) -> None:
    """Add the positional GAME argument; ``--help`` after it lists the game's options."""
    parser.formatter_class = _LineHelpFormatter
    parser.add_argument("game", metavar="GAME", action=_GameName,
                        help="catalogue name or path/to/file.py:Class")


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
            raise UsageError(f"unexpected argument {quote(item)}")
        name, eq, value = item[2:].partition("=")
        if not eq:
            if not items:
                raise UsageError(f"option --{name} needs a value")
            value = items.pop(0)
        if name == "arg":
            name, eq, value = value.partition("=")
            if not eq or not name:
                raise UsageError(f"--arg takes name=value, got {quote(value)}")
        options[name] = value
    return options


def game_from_args(spec: str, rest: Sequence[str]) -> Game:
    """Build the game named on the command line with its options."""
    return load_game(spec, parse_game_options(rest))


def stored_game_from_args(spec: str, rest: Sequence[str]) -> Game | type[Game]:
    """The game named for a database: with its options, built; without, its class, so that the
    database makes it with the options it records (read as data)."""
    return game_from_args(spec, rest) if rest else game_class(spec)


def add_start_argument(parser: ArgumentParser, what: str,
                       default: str = "default: the game's start") -> None:
    """Add ``--start POS``, a position in the game's notation (:meth:`Game.parse_position`),
    taken by every command that reads a position; a game's own ``start`` option stays
    reachable as ``--arg start=...``."""
    parser.add_argument("--start", metavar="POS",
                        help=f"{what}, in the game's notation (Connect Four: the columns played, "
                             f"1 = leftmost, e.g. 4455; {default})")


def add_book_argument(parser: ArgumentParser) -> None:
    """Add ``--book FILE``: an opening book (``perfectplay book``) the search reads before
    searching (``analyze``, ``play``, ``serve``)."""
    parser.add_argument("--book", metavar="FILE",
                        help="an opening book ('perfectplay book'): the positions it holds are "
                             "read from it, the others searched")


def add_threads_argument(parser: ArgumentParser) -> None:
    """Add ``--threads N``: the threads of the search (``analyze``, ``play``, ``serve``)."""
    parser.add_argument("--threads", type=option_type(parse_int), default=1, metavar="N",
                        help="threads of the search, sharing its table: each takes the next "
                             "position no thread has started (a position's moves are searched "
                             "while it is; a batch in parts); default 1, at most the cores")


def parse_position_text(game: Game, text: str, where: str = "--start") -> Position:
    """``game.parse_position(text)``; text it refuses is a usage error naming ``where``.

    >>> from perfectplay.games.connect4 import ConnectFour
    >>> parse_position_text(ConnectFour(4, 4), "12")
    ('X', 'O', '', '')
    >>> parse_position_text(ConnectFour(4, 4), "19")
    Traceback (most recent call last):
    ...
    perfectplay.cli.status.UsageError: ...(--start)
    """
    try:
        return game.parse_position(text)
    except ValueError as exc:
        raise UsageError(f"{exc} ({where})") from None
