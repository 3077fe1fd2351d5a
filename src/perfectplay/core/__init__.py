"""Vocabulary shared by every layer: values, the Game protocol, the Solution protocol, errors,
the engine registry. No solver logic."""

from perfectplay.core.errors import (
    CycleError,
    DamagedDataError,
    EngineLimitError,
    GameError,
    NotApplicable,
    PerfectplayError,
    PositionNotSolved,
    SolutionFileError,
)
from perfectplay.core.game import Game, Move, Position, children_of, has_hook, move_order
from perfectplay.core.solution import Counts, MoveValue, Solution, load_solution
from perfectplay.core.sums import ABSENT, Sum
from perfectplay.core.values import DRAW, LOSE, TIE, WIN, Value, ValueCode, parse_value

__all__ = [
    "ABSENT",
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
    "children_of",
    "has_hook",
    "load_solution",
    "move_order",
    "parse_value",
]
