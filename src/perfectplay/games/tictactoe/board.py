"""Tic-tac-toe's picture for the page: nine cells, a move played on its cell."""

from __future__ import annotations

from typing import Any

from perfectplay.core.board import Board

__all__ = ["TicTacToeBoard"]


class TicTacToeBoard(Board):
    """Nine cells, row by row; a move is played on its cell.

    >>> from perfectplay.games.tictactoe import TicTacToe
    >>> board = TicTacToe().picture()
    >>> board.draw("X...O...."), board.target("X...O....", 8)
    ({'cells': 'X...O....'}, ['8'])
    """

    kind = "tictactoe"

    def draw(self, position: str) -> dict[str, Any]:
        return {"cells": position}

    def target(self, position: str, move: int) -> list[str]:
        return [str(move)]
