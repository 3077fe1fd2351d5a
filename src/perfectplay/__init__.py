"""perfectplay: solve finite two-player games of perfect information exactly.

>>> import perfectplay
>>> from perfectplay.games.tictactoe import TicTacToe
>>> perfectplay.solve(TicTacToe()).value()
Value.TIE
>>> from perfectplay.games.nim import Nim
>>> perfectplay.grundy(Nim((3, 5))), perfectplay.outcome(perfectplay.misere(Nim((1, 1))))
(6, Value.WIN)
"""

from perfectplay.core import (
    DRAW,
    LOSE,
    TIE,
    WIN,
    CycleError,
    EngineLimitError,
    Game,
    GameError,
    Move,
    PerfectplayError,
    Position,
    PositionNotSolved,
    SolutionFileError,
    Sum,
    Value,
)
from perfectplay.solve import Counts, MoveValue, Solution, outcome, solve
from perfectplay.solve.grundy import grundy
from perfectplay.solve.misere import misere

__all__ = [
    "DRAW",
    "LOSE",
    "TIE",
    "WIN",
    "Counts",
    "CycleError",
    "EngineLimitError",
    "Game",
    "GameError",
    "Move",
    "MoveValue",
    "PerfectplayError",
    "Position",
    "PositionNotSolved",
    "Solution",
    "SolutionFileError",
    "Sum",
    "Value",
    "grundy",
    "misere",
    "outcome",
    "solve",
]

__version__ = "0.1.0"
