"""perfectplay: solve finite two-player games of perfect information exactly.

>>> import perfectplay
>>> from perfectplay.games.tictactoe import TicTacToe
>>> perfectplay.solve(TicTacToe()).value()
Value.TIE
>>> from perfectplay.games.nim import Nim
>>> perfectplay.grundy(Nim((3, 5))), perfectplay.outcome(perfectplay.misere(Nim((1, 1))))
(6, Value.WIN)
"""

from typing import TYPE_CHECKING

# register their engines, and the catalogue's names; none imports numba
from perfectplay import compiled, games, tiers  # noqa: F401
from perfectplay.core import (
    DRAW,
    LOSE,
    TIE,
    WIN,
    Counts,
    CycleError,
    DamagedDataError,
    EngineLimitError,
    Game,
    GameError,
    Move,
    MoveValue,
    NotApplicable,
    PerfectplayError,
    Position,
    PositionNotSolved,
    Solution,
    SolutionFileError,
    Sum,
    Value,
    ValueCode,
    load_solution,
)
from perfectplay.impartial.grundy import grundy
from perfectplay.impartial.misere import misere
from perfectplay.solve import outcome, solve

if TYPE_CHECKING:
    from perfectplay.compiled.search import analyze

__all__ = [
    "DRAW",
    "LOSE",
    "TIE",
    "WIN",
    "Counts",
    "CycleError",
    "DamagedDataError",
    "EngineLimitError",
    "Game",
    "GameError",
    "Move",
    "MoveValue",
    "NotApplicable",
    "PerfectplayError",
    "Position",
    "PositionNotSolved",
    "Solution",
    "SolutionFileError",
    "Sum",
    "Value",
    "ValueCode",
    "analyze",
    "grundy",
    "load_solution",
    "misere",
    "outcome",
    "solve",
]

__version__ = "0.1.0"


def __getattr__(name: str) -> object:
    # analyze is the search engine's front door: imported on first use (it loads numba)
    if name == "analyze":
        from perfectplay.compiled.search import analyze

        return analyze
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

