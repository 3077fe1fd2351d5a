"""Game-theoretic values, always from the point of view of the player to move."""

from __future__ import annotations

import enum

from perfectplay.core.errors import quote

__all__ = ["DRAW", "LOSE", "TIE", "WIN", "Value", "ValueCode", "parse_value"]


class Value(enum.Enum):
    """The value of a position for the player to move, under perfect play by both sides.

    Examples
    --------
    >>> Value.WIN.negate()
    Value.LOSE
    >>> str(Value.TIE)
    'tie'
    """

    WIN = "win"
    """The player to move can force a win."""

    LOSE = "lose"
    """The opponent can force a win, whatever the player to move does."""

    TIE = "tie"
    """The game ends and nobody wins (e.g. a full tic-tac-toe board); both sides prefer this to
    endless play, and neither can force a win."""

    DRAW = "draw"
    """Play never ends under perfect play: neither side can force a win or a finished tie."""

    def negate(self) -> Value:
        """The same outcome seen by the other player (WIN and LOSE swap)."""
        return _NEGATION[self]

    def __repr__(self) -> str:
        return f"Value.{self.name}"

    def __str__(self) -> str:
        return self.value


class ValueCode(enum.IntEnum):
    """The values as small integers, one to one with :class:`Value`: what compiled rule
    functions return from ``primitive`` and the compiled kernels store (numba compiles
    ``IntEnum`` members to integers).

    >>> ValueCode.TIE.as_value(), ValueCode.of(Value.WIN), int(ValueCode.LOSE)
    (Value.TIE, <ValueCode.WIN: 2>, 0)
    """

    LOSE = 0
    """The player to move has lost (:data:`Value.LOSE`)."""

    TIE = 1
    """The game is over and nobody won (:data:`Value.TIE`)."""

    WIN = 2
    """The player to move has won (:data:`Value.WIN`)."""

    DRAW = 3
    """Play never ends (:data:`Value.DRAW`); never a primitive value."""

    def as_value(self) -> Value:
        """The :class:`Value` this code stands for."""
        return Value[self.name]

    @classmethod
    def of(cls, value: Value) -> ValueCode:
        """The code of a :class:`Value`."""
        return cls[value.name]


_NEGATION = {Value.WIN: Value.LOSE, Value.LOSE: Value.WIN, Value.TIE: Value.TIE,
             Value.DRAW: Value.DRAW}

WIN = Value.WIN
LOSE = Value.LOSE
TIE = Value.TIE
DRAW = Value.DRAW


def parse_value(text: str) -> Value:
    """Parse ``win``, ``lose``, ``tie`` or ``draw`` (any case).

    >>> parse_value("Lose")
    Value.LOSE
    """
    try:
        return Value(text.strip().lower())
    except ValueError:
        raise ValueError(f"unknown value {quote(text)}: expected win, lose, tie or draw") from None
