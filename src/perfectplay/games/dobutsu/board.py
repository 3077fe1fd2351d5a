"""Dōbutsu shōgi's picture for the page: the board as text for now (the display)."""

from __future__ import annotations

from perfectplay.core.board import Board

__all__ = ["DobutsuBoard"]


class DobutsuBoard(Board):
    """The board, hands and player to move as the game's display text."""
