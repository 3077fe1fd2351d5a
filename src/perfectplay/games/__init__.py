"""The catalogue: one module, or package, per game, found by name or alias in :data:`CATALOGUE`
without importing the others.

>>> from perfectplay.games import load_game
>>> load_game("nim", {"heaps": "1,2"})
Nim((1, 2))
"""

from __future__ import annotations

import ast
import difflib
import importlib
import importlib.util
import sys
import traceback
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, cast

from perfectplay.core.catalogue import register_catalogue
from perfectplay.core.errors import GameError, quote
from perfectplay.core.game import Game
from perfectplay.core.partizan import PartizanGame

__all__ = ["CATALOGUE", "Entry", "find_game", "find_partizan_game", "game_class", "load_game",
           "load_partizan_game", "names"]

Kind = Literal["game", "partizan"]


@dataclass(frozen=True)
class Entry:
    """A catalogue game: where its class is, what it is, and how else it may be called."""

    place: str
    """``module:Class``, imported only when the game is asked for."""
    summary: str
    """One line for ``perfectplay games``."""
    kind: Kind = "game"
    """``game``: a :class:`~perfectplay.core.game.Game`, whose moves are the player to move's,
    for every command (``solve``, ``play``, ``analyze``, ``serve``...; ``cgt`` values the
    impartial ones as nimbers); ``partizan``: a
    :class:`~perfectplay.core.partizan.PartizanGame`, Left's and Right's moves apart, valued
    by ``perfectplay cgt`` alone."""
    aliases: tuple[str, ...] = ()
    """Other names the commands take for it."""


CATALOGUE: dict[str, Entry] = {
    "nim": Entry("perfectplay.games.nim:Nim", "take any number from one heap; last to move wins"),
    "subtraction": Entry("perfectplay.games.subtraction:Subtraction",
                         "one heap, take an amount from a fixed set"),
    "tictactoe": Entry("perfectplay.games.tictactoe:TicTacToe",
                       "3x3 noughts and crosses; a full board is a tie",
                       aliases=("ttt", "tic-tac-toe")),
    "graph": Entry("perfectplay.games.graph:GraphGame",
                   "a token on a directed graph read from a file; cycles give draws"),
    "shiritori": Entry("perfectplay.games.shiritori:Shiritori",
                       "play unused words, each starting with the last letter of the one before"),
    "morris": Entry("perfectplay.games.morris:Morris",
                    "Three Men's Morris: place three stones each, then slide; three in a row wins"),
    "connect4": Entry("perfectplay.games.connect4:ConnectFour",
                      "Connect Four, 7x6 or smaller (--width, --height); a full board is a tie"),
    "quixo": Entry("perfectplay.games.quixo:Quixo", "push cubes in from the edge (--size 3-5)"),
    "teeko": Entry("perfectplay.games.teeko:Teeko",
                   "drop four pieces each on 5x5, then step; four in a line or a square wins"),
    "mills": Entry("perfectplay.games.mills:Mills",
                   "Six or Nine Men's Morris (--variant): place, move; a mill removes a piece"),
    "dobutsu": Entry("perfectplay.games.dobutsu:Dobutsu",
                     "Dobutsu shogi: lion, giraffe, elephant, chick on 3x4, drops; catch the lion"),
    "kadomatsu": Entry("perfectplay.games.kadomatsu:Kadomatsu",
                       "take zig-zag triples (yukicoder 334)"),
    "disconnected": Entry("perfectplay.games.disconnected:Disconnected",
                          "connect it, lose (AOJ 2376)"),
    "interval-game-2": Entry("perfectplay.games.interval_game_2:IntervalGame2", "ABC206 F"),
    "five-hundred-eleven": Entry("perfectplay.games.five_hundred_eleven:FiveHundredEleven",
                                 "SRM 511"),
    "octal": Entry("perfectplay.impartial.octal:OctalGame",
                   "heap game by code: octal/hex take-and-break (0.77 Kayles, 0.137, 4!.0, "
                   "allbut:1,2)"),
    "grundy": Entry("perfectplay.impartial.octal:GrundysGame",
                    "Grundy's game: split a heap into two unequal heaps (code 4!.0)"),
    "cram": Entry("perfectplay.games.cram:Cram",
                  "place dominoes either way on a board (--board 3x4)"),
    "domineering": Entry("perfectplay.games.domineering:Domineering",
                         "Left places vertical dominoes, Right horizontal ones (--board 4x4)",
                         kind="partizan"),
    "clobber": Entry("perfectplay.games.clobber:Clobber",
                     "move your stone onto an adjacent enemy stone (--board xoxo|oxox)",
                     kind="partizan"),
    "toads-and-frogs": Entry("perfectplay.games.toads_and_frogs:ToadsAndFrogs",
                             "toads slide or jump right, frogs left (--strip tt.ff)",
                             kind="partizan"),
    "hackenbush": Entry("perfectplay.games.hackenbush:Hackenbush",
                        "cut your edges of a forest; what loses the ground falls (--forest lrl)",
                        kind="partizan"),
    "cutcake": Entry("perfectplay.games.cutcake:Cutcake",
                     "Left cuts between columns, Right between rows (--pieces 4x4)",
                     kind="partizan"),
    "maundy-cake": Entry("perfectplay.games.cutcake:MaundyCake",
                         "cut a piece into equal pieces, Left's columns, Right's rows "
                         "(--pieces 4x4)", kind="partizan"),
    "snort": Entry("perfectplay.games.snort:Snort",
                   "colour a square, never next to the opponent's colour (--board 3x3)",
                   kind="partizan"),
}
"""Every built-in game, by name: the one registry the commands, the page and
:mod:`perfectplay.core.catalogue` find games in."""

_NAMES = {alias: name for name, entry in CATALOGUE.items() for alias in entry.aliases}
"""Alias -> name."""


def names(kind: Kind = "game") -> list[str]:
    """The catalogue's names of one kind, in catalogue order.

    >>> names("partizan")[:2]
    ['domineering', 'clobber']
    """
    return [name for name, entry in CATALOGUE.items() if entry.kind == kind]


def _class(entry: Entry) -> Any:
    module, _, cls = entry.place.partition(":")
    return getattr(importlib.import_module(module), cls)


def find_game(name: str) -> type[Game]:
    """The class of a catalogue game (kind ``game``), by name or alias.

    Raises
    ------
    ValueError
        For an unknown name, suggesting the closest one, or a partizan game's.
    """
    name = _NAMES.get(name, name)
    entry = CATALOGUE.get(name)
    if entry is not None and entry.kind == "partizan":
        raise ValueError(f"{quote(name)} is a partizan game: its value comes from "
                         f"'perfectplay cgt {name}', not from solving")
    if entry is None:
        close = difflib.get_close_matches(name, [*names(), *_NAMES], n=1)
        hint = f"; did you mean {close[0]!r}?" if close else "; see 'perfectplay games'"
        raise ValueError(f"unknown game {quote(name)}{hint}")
    found: type[Game] = _class(entry)
    return found


register_catalogue(find_game, {name: CATALOGUE[name].place for name in names()})


def find_partizan_game(name: str) -> type[Game] | type[PartizanGame]:
    """The class of a game ``perfectplay cgt`` values: a partizan catalogue game, or an
    impartial one (by name or alias).

    Raises
    ------
    ValueError
        For an unknown name, suggesting the closest one.

    >>> find_partizan_game("domineering").__name__, find_partizan_game("ttt").__name__
    ('Domineering', 'TicTacToe')
    """
    entry = CATALOGUE.get(_NAMES.get(name, name))
    if entry is not None and entry.kind == "partizan":
        partizan: type[PartizanGame] = _class(entry)
        return partizan
    if entry is None:
        close = difflib.get_close_matches(name, [*CATALOGUE, *_NAMES], n=1)
        hint = f"; did you mean {close[0]!r}?" if close else "; see 'perfectplay cgt --help'"
        raise ValueError(f"unknown game {quote(name)}{hint}")
    return find_game(name)


def load_partizan_game(spec: str,
                       options: Mapping[str, str] | None = None) -> Game | PartizanGame:
    """A game for ``perfectplay cgt``: as :func:`load_game`, but the partizan catalogue is
    searched too (:func:`find_partizan_game`) and a game file's class may be a
    :class:`~perfectplay.core.partizan.PartizanGame`.

    >>> load_partizan_game("domineering", {"board": "2x3"})
    Domineering('...|...')
    """
    game: Game | PartizanGame = _load(spec, options, partizan=True)
    return game


def load_game(spec: str, options: Mapping[str, str] | None = None) -> Game:
    """A game ready to solve: a catalogue name with its options as text, or a user's game as
    ``path/to/file.py:ClassName`` whose options are Python literals.

    Raises
    ------
    ValueError
        For an unknown game or option, an option whose text does not parse, or a game file
        that does not run (naming its file and line).
    GameError
        When the class of a game file is not a :class:`~perfectplay.core.game.Game`.
    """
    game: Game = _load(spec, options, partizan=False)
    return game


def game_class(spec: str) -> type[Game]:
    """The class a command line names: a catalogue game by name or alias, or the class of a
    user's game file, ``path/to/file.py:ClassName``.

    Raises
    ------
    ValueError
        For an unknown name, a missing file or class, or a game file that does not run.
    GameError
        When the class of a game file is not a :class:`~perfectplay.core.game.Game`.

    >>> game_class("ttt").__name__
    'TicTacToe'
    """
    if _is_game_file(spec):
        return cast("type[Game]", _class_from_file(spec))  # partizan=False: a Game or raised
    return find_game(spec)


def _is_game_file(spec: str) -> bool:
    return ":" in spec and spec.split(":", 1)[0].endswith(".py")


def _load(spec: str, options: Mapping[str, str] | None, *, partizan: bool) -> Any:
    options = dict(options or {})
    cls: type[Game] | type[PartizanGame]
    if _is_game_file(spec):
        cls = _class_from_file(spec, partizan=partizan)
        kwargs = {name.replace("-", "_"): _literal(name, text) for name, text in options.items()}
    else:
        cls = find_partizan_game(spec) if partizan else find_game(spec)
        known = {opt.name: opt for opt in getattr(cls, "OPTIONS", ())}
        for name in options:
            if name not in known:
                close = difflib.get_close_matches(name, known, n=1)
                hint = f"; did you mean --{close[0]}?" if close else ""
                accepted = ", ".join(f"--{n}" for n in known) or "none"
                raise ValueError(f"unknown option --{name} for {spec}{hint} (accepted: {accepted})")
        kwargs = {}
        for opt in known.values():
            text = options.get(opt.name, opt.default)
            if text is None:
                raise ValueError(f"{spec} needs --{opt.name} ({opt.help})")
            try:
                kwargs[opt.keyword] = opt.parse(text)
            except ValueError as exc:
                raise ValueError(f"bad --{opt.name} for {spec}: {exc}") from None
    try:
        return cls(**kwargs)
    except TypeError as exc:
        raise ValueError(f"cannot build {spec}: {exc}") from None


def _class_from_file(spec: str, *, partizan: bool = False) -> type[Game] | type[PartizanGame]:
    path_text, _, class_name = spec.rpartition(":")
    path = Path(path_text)
    if not path.is_file():
        raise ValueError(f"no such game file {quote(path_text)}")
    module_name = f"perfectplay_user_{path.stem}"
    module_spec = importlib.util.spec_from_file_location(module_name, path)
    if module_spec is None or module_spec.loader is None:
        raise ValueError(f"cannot import {quote(path_text)}")
    module = importlib.util.module_from_spec(module_spec)
    sys.modules[module_name] = module
    # as when Python runs a script: its folder comes first, so it imports its sibling modules
    folder = str(path.resolve().parent)
    if folder not in sys.path:
        sys.path.insert(0, folder)
    try:
        module_spec.loader.exec_module(module)
    except Exception as exc:  # the file's own error: bad input, said with its file and line
        sys.modules.pop(module_name, None)
        raise ValueError(f"cannot import {path_text}: {type(exc).__name__}: "
                         f"{getattr(exc, 'msg', exc)} ({_where(exc, path)})") from exc
    cls = getattr(module, class_name, None)
    if not isinstance(cls, type):
        raise ValueError(f"{quote(path_text)} defines no class {class_name!r}")
    if partizan and issubclass(cls, PartizanGame):
        return cls
    if not issubclass(cls, Game):
        kind = "perfectplay.Game or PartizanGame" if partizan else "perfectplay.Game"
        raise GameError(f"{class_name} in {path_text} must subclass {kind}")
    return cls


def _where(exc: Exception, path: Path) -> str:
    """``file:line`` of an error raised running the game file at ``path``: where a syntax error
    is, else the line of that file that was running (an ``import``, say)."""
    if isinstance(exc, SyntaxError) and exc.filename is not None:
        same = Path(exc.filename).resolve() == path.resolve()
        return f"{path if same else exc.filename}:{exc.lineno}"
    lines = [frame.lineno for frame in traceback.extract_tb(exc.__traceback__)
             if Path(frame.filename).resolve() == path.resolve()]
    return f"{path}:{lines[-1]}" if lines else str(path)


def _literal(name: str, text: str) -> object:
    """The value of ``--arg name=text`` for the class of a game file: a Python literal, never
    the text itself (a typo would reach the game as a string and fail far from here).

    >>> _literal("heaps", "(1, 2)")
    (1, 2)
    >>> _literal("heap", "abc")
    Traceback (most recent call last):
    ...
    ValueError: --arg heap=abc: expected a Python literal (a number, 'quoted text', a tuple...)
    """
    try:
        return ast.literal_eval(text)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        raise ValueError(f"--arg {name}={text}: expected a Python literal (a number, "
                         "'quoted text', a tuple...)") from None
