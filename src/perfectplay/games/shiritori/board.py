"""Shiritori's picture for the page: the words as tiles, a move played on its word."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from perfectplay.core.board import Board

if TYPE_CHECKING:
    from perfectplay.games.shiritori import Shiritori

__all__ = ["ShiritoriBoard"]


class ShiritoriBoard(Board):
    """The words as tiles, those played struck out and the last one marked; a move is played on
    its word.

    >>> from perfectplay.games.shiritori import Shiritori
    >>> board = Shiritori(("ab", "ba")).picture()
    >>> board.describe(), board.draw((frozenset({"ab"}), "ab"))
    ({'kind': 'shiritori', 'words': ['ab', 'ba']}, {'used': ['ab'], 'last': 'ab'})
    """

    kind = "shiritori"
    game: Shiritori

    def describe(self) -> dict[str, Any]:
        return {"kind": self.kind, "words": list(self.game.words)}

    def draw(self, position: tuple[frozenset[str], str | None]) -> dict[str, Any]:
        used, last = position
        return {"used": [word for word in self.game.words if word in used], "last": last}

    def target(self, position: Any, move: str) -> list[str]:
        return [move]
