"""One integer per solved position: its value and remoteness, ordered by the parent's preference.

A parent picks the child with the *smallest* code: a child that loses (quickest first), then a
child that ties (quickest first), then a drawn child, then a child that wins (slowest first). So a
solver's inner loop is one comparison per edge, and ranking moves is sorting by child code.

Remoteness conventions (``r`` below): the winner hurries, the loser delays; a TIE position takes
the shortest way to a finished tie (both sides prefer a tie to endless play and are otherwise
indifferent); a DRAW has no remoteness.
"""

from __future__ import annotations

from perfectplay.core.values import Value

__all__ = ["DRAW_CODE", "SPAN", "decode", "encode", "parent_code", "value_of"]

SPAN = 1 << 60
"""Remoteness bound of the encoding; far beyond any solvable game."""

DRAW_CODE = 2 * SPAN


def encode(value: Value, remoteness: int | None) -> int:
    """The code of ``value`` at ``remoteness`` (ignored for DRAW)."""
    if value is Value.DRAW:
        return DRAW_CODE
    assert remoteness is not None, "a decided value has a remoteness"
    if value is Value.LOSE:
        return remoteness
    if value is Value.TIE:
        return SPAN + remoteness
    return 4 * SPAN - remoteness


def value_of(code: int) -> Value:
    """The value a code holds."""
    if code < SPAN:
        return Value.LOSE
    if code < DRAW_CODE:
        return Value.TIE
    if code == DRAW_CODE:
        return Value.DRAW
    return Value.WIN


def decode(code: int) -> tuple[Value, int | None]:
    """``(value, remoteness)`` of a code; remoteness is None for DRAW."""
    if code < SPAN:
        return Value.LOSE, code
    if code < DRAW_CODE:
        return Value.TIE, code - SPAN
    if code == DRAW_CODE:
        return Value.DRAW, None
    return Value.WIN, 4 * SPAN - code


def parent_code(best_child: int) -> int:
    """The code of a position whose best child (smallest code) is ``best_child``."""
    if best_child < SPAN:  # the child loses: we win one move later
        return 4 * SPAN - best_child - 1
    if best_child < DRAW_CODE:  # the child ties: so do we
        return best_child + 1
    if best_child == DRAW_CODE:
        return DRAW_CODE
    return 4 * SPAN - best_child + 1  # every child wins: we lose one move later
