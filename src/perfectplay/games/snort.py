"""Snort on a grid: colour a square your colour, never next to a square of the opponent's."""

from __future__ import annotations

from typing import ClassVar

from perfectplay.core.options import Option
from perfectplay.core.partizan import PartizanGame
from perfectplay.games._grid import Grid, GridGame, parse_grid, regions

__all__ = ["Snort"]

_LEFT_MAY = ".l"  # squares Left may colour: untinted, or tinted Left's (next to a Left square)
_RIGHT_MAY = ".r"


def _board(text: str) -> Grid:
    """A board, its coloured squares (``x`` Left's, ``o`` Right's) turned into tints on their
    neighbours: a coloured square is out of play but forbids the opponent its neighbours."""
    grid = [list(row) for row in parse_grid(text, ".#xolr")]
    for r, row in enumerate(grid):
        for c, square in enumerate(row):
            if square in "xo":
                for nr, nc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                    if 0 <= nr < len(grid) and 0 <= nc < len(row):
                        _tint(grid[nr], nc, "l" if square == "x" else "r")
    return tuple("".join("#" if s in "xo" else s for s in row) for row in grid)


def _tint(row: list[str], c: int, tint: str) -> None:
    square = row[c]
    if square == ".":
        row[c] = tint
    elif square in "lr" and square != tint:
        row[c] = "#"  # next to both colours: nobody may colour it


class Snort(GridGame, PartizanGame[Grid]):
    """Snort on a grid graph (squares next to each other orthogonally are joined), as
    CGSuite's ``game.graph.Snort``: a player colours an uncoloured square that is not next to
    a square of the opponent's colour.

    The text is a grid (rows separated by ``|``, ``RxC`` empty): ``.`` an uncoloured square,
    ``#`` no square, ``x`` and ``o`` squares coloured by Left and Right. Positions are kept
    in reduced form: a coloured square becomes ``#`` and tints its neighbours, ``l`` (only
    Left may colour it) or ``r`` (only Right); a square next to both colours becomes ``#``.
    Regions of squares still in play are components; ``key`` identifies the eight images of
    a region under the symmetries of the square.

    Examples
    --------
    >>> from perfectplay.cgt import canonical_form
    >>> game = Snort("1x2")
    >>> [str(canonical_form(game, game.parse_position(b))) for b in (".", "..", "x.", "l.r")]
    ['*', '+-1', '1', '+-1']

    References
    ----------
    .. [1] E. R. Berlekamp, J. H. Conway, R. K. Guy, *Winning Ways*, 2nd ed., vol. 1, ch. 2
       ("Col and Snort").
    """

    name: ClassVar[str] = "snort"
    OPTIONS: ClassVar[tuple[Option, ...]] = (
        Option("board", _board, "the board: rows separated by '|', '.' uncoloured, '#' no "
               "square, 'x'/'o' coloured by Left/Right; or RxC, an empty board", "3x3"),
    )

    def __init__(self, board: Grid | str = ("...",) * 3) -> None:
        super().__init__(board)

    def _colourings(self, grid: Grid, allowed: str, tint: str) -> list[Grid]:
        found = []
        for r, row in enumerate(grid):
            for c, square in enumerate(row):
                if square not in allowed:
                    continue
                rows = [list(line) for line in grid]
                rows[r][c] = "#"
                for nr, nc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                    if 0 <= nr < len(rows) and 0 <= nc < len(row):
                        _tint(rows[nr], nc, tint)
                found.append(tuple("".join(line) for line in rows))
        return found

    def left_moves(self, grid: Grid) -> list[Grid]:
        return self._colourings(grid, _LEFT_MAY, "l")

    def right_moves(self, grid: Grid) -> list[Grid]:
        return self._colourings(grid, _RIGHT_MAY, "r")

    def components(self, grid: Grid) -> list[Grid]:
        return regions(grid, ".lr")

    def parse_position(self, text: str) -> Grid:
        return _board(text)
