"""Dōbutsu shōgi's picture for the page: the 3x4 board, rank 4 on top, and both hands; a move
or a drop is played on the square it goes to (the page asks which, when several go there)."""

from __future__ import annotations

from typing import Any

from perfectplay.core.board import Board
from perfectplay.games.dobutsu import DIRECTIONS, DROPS

__all__ = ["DobutsuBoard"]


class DobutsuBoard(Board):
    """The squares ``a1, b1, c1, a2, ...`` (a piece letter or ``.``), the hands and the player
    to move; elements are the squares' names.

    >>> from perfectplay.games.dobutsu import Dobutsu
    >>> board = Dobutsu().picture()
    >>> board.draw("gle/.c./.C./ELG:Ce:S")["hands"], board.target("gle/.c./.C./ELG:-:F", 32)
    ({'first': 'C', 'second': 'e'}, ['b3'])
    """

    kind = "dobutsu"

    def draw(self, position: str) -> dict[str, Any]:
        board, hands, mover = position.split(":")
        held = "" if hands == "-" else hands
        return {"cells": "".join(reversed(board.split("/"))),
                "hands": {"first": "".join(c for c in held if c.isupper()),
                          "second": "".join(c for c in held if c.islower())},
                "mover": mover}

    def target(self, position: str, move: int) -> list[str]:
        if move >= DROPS:
            square = (move - DROPS) % 12
        else:
            dr, df = DIRECTIONS[move % 8]
            square = move // 8 + 3 * dr + df
        return [f"{'abc'[square % 3]}{square // 3 + 1}"]
