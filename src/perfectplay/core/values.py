"""Game-theoretic values, always from the point of view of the player to move."""

from __future__ import annotations

import enum

__all__ = ["DRAW", "LOSE", "TIE", "WIN", "Value", "parse_value"]


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
        raise ValueError(f"unknown value {text!r}: expected win, lose, tie or draw") from None
