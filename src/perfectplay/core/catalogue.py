"""Where the lower layers find a catalogue game by its name: :mod:`perfectplay.games` registers
its lookup here when it is imported (as the engines register with the dispatcher), so that a
tier database names its game by registry name and is opened without an import that points up a
layer, or any import path read from a file.

>>> import perfectplay
>>> from perfectplay.games.tictactoe import TicTacToe
>>> catalogue_class("ttt").__name__, catalogue_name(TicTacToe())
('TicTacToe', 'tictactoe')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

__all__ = ["catalogue_class", "catalogue_name", "register_catalogue"]

_lookup: Callable[[str], type[Any]] | None = None
_places: Mapping[str, str] = {}


def register_catalogue(lookup: Callable[[str], type[Any]], places: Mapping[str, str]) -> None:
    """Set the function that gives the class of a catalogue name (raising ``ValueError`` for an
    unknown one), and the ``module:Class`` place of each name."""
    global _lookup, _places
    _lookup, _places = lookup, places


def catalogue_class(name: str) -> type[Any]:
    """The class registered under a catalogue name or alias.

    Raises
    ------
    ValueError
        For a name the catalogue does not hold, or when no catalogue is registered.
    """
    if _lookup is None:
        raise ValueError(f"no catalogue is loaded to find {name[:40]!r} (import perfectplay)")
    return _lookup(name)


def catalogue_name(game: Any) -> str | None:
    """The registry name of a catalogue game's class; None for a game of the user's own."""
    where = f"{type(game).__module__}:{type(game).__qualname__}"
    return next((name for name, place in _places.items() if place == where), None)
