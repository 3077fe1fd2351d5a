"""Cram: both players place dominoes either way; who cannot place loses (impartial)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar

from perfectplay.core.game import Game
from perfectplay.core.options import Option
from perfectplay.games._grid import Grid, GridGame, domino_regions, parse_grid

__all__ = ["Cram"]

Move = tuple[int, int, str]  # (row, column, "v" or "h") of the domino's top-left square


def _board(text: str) -> Grid:
    return parse_grid(text, ".#")


class Cram(GridGame, Game[Grid]):
    """Cram on a board written as for :class:`~perfectplay.games.domineering.Domineering`
    (``.`` empty, ``#`` not there, rows separated by ``|``, or ``RxC``): a move covers two
    empty squares next to each other, in either direction, so the game is impartial (CGSuite's
    ``game.grid.Cram``, Domineering's impartial variant).

    Regions of empty squares are components, and ``key`` identifies a region with its images
    under all eight symmetries of the square.

    Examples
    --------
    >>> from perfectplay import grundy
    >>> [grundy(Cram(f"1x{n}")) for n in range(1, 8)]
    [0, 1, 1, 2, 0, 3, 1]
    >>> grundy(Cram("3x3")), grundy(Cram("2x4")), grundy(Cram("2x3"))
    (0, 0, 1)

    One row is Dawson's Kayles (``0.07``); an even by even board is a second-player win by
    symmetry, an even by odd one a first-player win (take the middle, then copy).

    References
    ----------
    .. [1] E. R. Berlekamp, J. H. Conway, R. K. Guy, *Winning Ways*, 2nd ed., vol. 3, ch. 22
       ("Cram"); M. Gardner, *Mathematical Games*, Scientific American, February 1974.
    """

    name: ClassVar[str] = "cram"
    OPTIONS: ClassVar[tuple[Option, ...]] = (
        Option("board", _board, "the board: rows separated by '|', '.' empty, '#' not there; "
               "or RxC, an empty board", "3x3"),
    )

    def __init__(self, board: Grid | str = ("...",) * 3) -> None:
        super().__init__(board)

    def moves(self, grid: Grid) -> Iterator[tuple[Move, Grid]]:
        for r, row in enumerate(grid):
            for c, square in enumerate(row):
                if square != ".":
                    continue
                if r + 1 < len(grid) and grid[r + 1][c] == ".":
                    lower = grid[r + 1]
                    yield (r, c, "v"), (*grid[:r], f"{row[:c]}#{row[c + 1:]}",
                                        f"{lower[:c]}#{lower[c + 1:]}", *grid[r + 2:])
                if c + 1 < len(row) and row[c + 1] == ".":
                    yield (r, c, "h"), (*grid[:r], f"{row[:c]}##{row[c + 2:]}", *grid[r + 1:])

    def components(self, grid: Grid) -> list[Grid]:
        return domino_regions(grid)

    def parse_position(self, text: str) -> Grid:
        return _board(text)

    def format_move(self, move: Move) -> str:
        r, c, direction = move
        return f"{direction}{r},{c}"
