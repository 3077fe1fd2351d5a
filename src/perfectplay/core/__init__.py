"""Vocabulary shared by every layer: values, the Game protocol, errors. No solver logic."""

from perfectplay.core.errors import (
    CycleError,
    EngineLimitError,
    GameError,
    PerfectplayError,
    PositionNotSolved,
    SolutionFileError,
)
from perfectplay.core.game import Game, Move, Position, children_of, has_hook, move_order
from perfectplay.core.sums import ABSENT, Sum
from perfectplay.core.values import DRAW, LOSE, TIE, WIN, Value, parse_value

__all__ = [
    "ABSENT",
    "DRAW",
    "LOSE",
    "TIE",
    "WIN",
    "CycleError",
    "EngineLimitError",
    "Game",
    "GameError",
    "Move",
    "PerfectplayError",
    "Position",
    "PositionNotSolved",
    "SolutionFileError",
    "Sum",
    "Value",
    "children_of",
    "has_hook",
    "move_order",
    "parse_value",
]
