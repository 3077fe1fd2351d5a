"""Domineering: Left places vertical dominoes, Right horizontal ones; who cannot place loses."""

from __future__ import annotations

from typing import ClassVar

from perfectplay.core.options import Option
from perfectplay.core.partizan import PartizanGame
from perfectplay.games._grid import Grid, GridGame, domino_regions, parse_grid, symmetric_key

__all__ = ["Domineering"]


def _board(text: str) -> Grid:
    return parse_grid(text, ".#")


class Domineering(GridGame, PartizanGame[Grid]):
    """Domineering on a board of CGSuite's text: rows separated by ``|``, ``.`` an empty
    square, ``#`` a square that is not there (or is covered); ``RxC`` an empty board of R rows
    and C columns. Left (as in CGSuite) covers two squares one above the other, Right two side
    by side.

    The board falls into regions of empty squares (``components``), each trimmed to its
    bounding box; ``key`` identifies a region with its mirror images left-right and top-bottom
    (they keep vertical dominoes vertical, so the value too).

    Examples
    --------
    >>> from perfectplay.cgt import canonical_form
    >>> game = Domineering("2x2")
    >>> [str(canonical_form(game, game.parse_position(b))) for b in ("1x2", "2x1", "2x2")]
    ['-1', '1', '+-1']

    References
    ----------
    .. [1] E. R. Berlekamp, J. H. Conway, R. K. Guy, *Winning Ways for your Mathematical
       Plays*, 2nd ed., vol. 1, ch. 5 ("Dominoes").
    """

    name: ClassVar[str] = "domineering"
    OPTIONS: ClassVar[tuple[Option, ...]] = (
        Option("board", _board, "the board: rows separated by '|', '.' empty, '#' not there; "
               "or RxC, an empty board", "4x4"),
    )

    def __init__(self, board: Grid | str = ("....",) * 4) -> None:
        super().__init__(board)

    def left_moves(self, grid: Grid) -> list[Grid]:
        found = []
        for r in range(len(grid) - 1):
            upper, lower = grid[r], grid[r + 1]
            for c, square in enumerate(upper):
                if square == "." and lower[c] == ".":
                    found.append((*grid[:r], f"{upper[:c]}#{upper[c + 1:]}",
                                  f"{lower[:c]}#{lower[c + 1:]}", *grid[r + 2:]))
        return found

    def right_moves(self, grid: Grid) -> list[Grid]:
        found = []
        for r, row in enumerate(grid):
            for c in range(len(row) - 1):
                if row[c] == "." and row[c + 1] == ".":
                    found.append((*grid[:r], f"{row[:c]}##{row[c + 2:]}", *grid[r + 1:]))
        return found

    def components(self, grid: Grid) -> list[Grid]:
        return domino_regions(grid)

    def key(self, grid: Grid) -> Grid:  # no turns: they would swap Left's and Right's moves
        return symmetric_key(grid, transpose=False)

    def parse_position(self, text: str) -> Grid:
        return _board(text)
