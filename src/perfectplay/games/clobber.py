"""Clobber: move one of your stones onto an adjacent stone of the opponent's, removing it."""

from __future__ import annotations

from typing import ClassVar

from perfectplay.core.options import Option
from perfectplay.core.partizan import PartizanGame
from perfectplay.games._grid import Grid, GridGame, parse_grid, regions

__all__ = ["Clobber"]


def _board(text: str) -> Grid:
    return parse_grid(text, ".xo")


class Clobber(GridGame, PartizanGame[Grid]):
    """Clobber on a board of CGSuite's text: ``x`` Left's stones, ``o`` Right's, ``.`` an
    empty square, rows separated by ``|``. A player moves one of their stones onto an
    orthogonally adjacent stone of the opponent's, which is removed; there are no other
    moves.

    Groups of orthogonally connected stones are components (a group of one colour alone is
    worth 0 and left out); ``key`` identifies a group with its images under the eight
    symmetries of the square.

    Examples
    --------
    >>> from perfectplay.cgt import canonical_form
    >>> game = Clobber("xo")
    >>> [str(canonical_form(game, game.parse_position(b))) for b in ("xo", "xoo", "xxo")]
    ['*', 'v', '^']

    References
    ----------
    .. [1] M. H. Albert, J. P. Grossman, R. J. Nowakowski, D. Wolfe, An introduction to
       Clobber, *Integers* 5(2) (2005), A1.
    """

    name: ClassVar[str] = "clobber"
    OPTIONS: ClassVar[tuple[Option, ...]] = (
        Option("board", _board, "the board: rows separated by '|', 'x' Left's stones, 'o' "
               "Right's, '.' empty", "xoxo|oxox"),
    )

    def __init__(self, board: Grid | str = ("xoxo", "oxox")) -> None:
        super().__init__(board)

    def _moves(self, grid: Grid, us: str, them: str) -> list[Grid]:
        found = []
        height = len(grid)
        for r, row in enumerate(grid):
            for c, stone in enumerate(row):
                if stone != us:
                    continue
                for nr, nc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                    if 0 <= nr < height and 0 <= nc < len(row) and grid[nr][nc] == them:
                        rows = list(grid)
                        rows[r] = f"{rows[r][:c]}.{rows[r][c + 1:]}"
                        rows[nr] = f"{rows[nr][:nc]}{us}{rows[nr][nc + 1:]}"
                        found.append(tuple(rows))
        return found

    def left_moves(self, grid: Grid) -> list[Grid]:
        return self._moves(grid, "x", "o")

    def right_moves(self, grid: Grid) -> list[Grid]:
        return self._moves(grid, "o", "x")

    def components(self, grid: Grid) -> list[Grid]:
        return regions(grid, "xo", keep=_both_colours, blank=".")

    def parse_position(self, text: str) -> Grid:
        return _board(text)


def _both_colours(region: Grid) -> bool:
    text = "".join(region)
    return "x" in text and "o" in text
