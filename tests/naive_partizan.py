"""Plain minimax over sums of positions of partizan games, with no canonical forms, no
components, no keys: the definitions, for the tests to compare ``canonical_form`` against.

``G == H`` exactly when ``G - H`` is a second-player win, and ``G <= H`` exactly when Left
wins ``H - G`` moving second.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from perfectplay.core.partizan import PartizanGame

Part = tuple[Any, Any, int]
"""``(game, position, sign)``: a position, negated (Left and Right swapped) when sign is -1."""


@cache
def wins_moving_first(parts: tuple[Part, ...], left: bool) -> bool:
    """Whether the player to move (Left when ``left``) wins the sum ``parts`` by minimax."""
    for i, (game, position, sign) in enumerate(parts):
        moves = game.left_moves if left == (sign > 0) else game.right_moves
        for child in moves(position):
            after = (*parts[:i], (game, child, sign), *parts[i + 1:])
            if not wins_moving_first(after, not left):
                return True
    return False


def outcome(parts: tuple[Part, ...]) -> str:
    """Outcome class of a sum: L, R, N or P."""
    left_first = wins_moving_first(parts, True)
    right_first = wins_moving_first(parts, False)
    return {(True, True): "N", (True, False): "L", (False, True): "R",
            (False, False): "P"}[(left_first, right_first)]


def equal(g: Any, p: Any, h: Any, q: Any) -> bool:
    """``p`` of game ``g`` equals ``q`` of game ``h``: their difference is a P-position."""
    return outcome(((g, p, 1), (h, q, -1))) == "P"


def less_equal(g: Any, p: Any, h: Any, q: Any) -> bool:
    """``p`` of ``g`` <= ``q`` of ``h``: Left wins ``q - p`` when Right starts."""
    return not wins_moving_first(((h, q, 1), (g, p, -1)), False)


class FormGame(PartizanGame[Any]):
    """A canonical form played as a game: its options are its moves (to compare a computed
    value with the positions by minimax)."""

    def left_moves(self, form: Any) -> Any:
        return form.left_options

    def right_moves(self, form: Any) -> Any:
        return form.right_options


FORM = FormGame()
