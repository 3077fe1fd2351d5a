"""perfectplay: solve finite two-player games of perfect information exactly.

>>> import perfectplay
>>> from perfectplay.games.tictactoe import TicTacToe
>>> perfectplay.solve(TicTacToe()).value()
Value.TIE
"""

from perfectplay.core import (
    DRAW,
    LOSE,
    TIE,
    WIN,
    CycleError,
    Game,
    GameError,
    Move,
    PerfectplayError,
    Position,
    PositionNotSolved,
    SolutionFileError,
    Value,
)
from perfectplay.solve import Counts, MoveValue, Solution, outcome, solve

__all__ = [
    "DRAW",
    "LOSE",
    "TIE",
    "WIN",
    "Counts",
    "CycleError",
    "Game",
    "GameError",
    "Move",
    "MoveValue",
    "PerfectplayError",
    "Position",
    "PositionNotSolved",
    "Solution",
    "SolutionFileError",
    "Value",
    "outcome",
    "solve",
]

__version__ = "0.1.0"
