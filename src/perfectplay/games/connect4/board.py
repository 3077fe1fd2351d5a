"""Connect Four's picture for the page: columns of stones, a move played on its column."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from perfectplay.core.board import Board

if TYPE_CHECKING:
    from perfectplay.games.connect4 import ConnectFour

__all__ = ["ConnectFourBoard"]


class ConnectFourBoard(Board):
    """Columns of stones, bottom to top; a move is played on its column.

    >>> from perfectplay.games.connect4 import ConnectFour
    >>> board = ConnectFour(4, 3).picture()
    >>> board.describe()
    {'kind': 'connect4', 'width': 4, 'height': 3, 'labels': ['1', '2', '3', '4']}
    >>> board.draw(("XO", "", "X", "")), board.target(("",) * 4, 2)
    ({'columns': ['XO', '', 'X', '']}, ['2'])

    A column is labelled, and known to the page as an element, by the move into it, in the
    game's notation.
    """

    kind = "connect4"
    game: ConnectFour

    def describe(self) -> dict[str, Any]:
        return {"kind": self.kind, "width": self.game.width, "height": self.game.height,
                "labels": self.game.column_labels()}

    def draw(self, position: tuple[str, ...]) -> dict[str, Any]:
        return {"columns": list(position)}

    def target(self, position: tuple[str, ...], move: int) -> list[str]:
        return [self.game.format_move(move)]
