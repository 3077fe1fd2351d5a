"""Grids for the placement and capture games (Domineering, Cram, Clobber), in CGSuite's text:
rows separated by ``|``, one character a square (``.`` empty, ``#`` a square that is not there,
or the game's pieces); ``RxC`` is an empty board of R rows and C columns.

A grid is a tuple of row strings, all of one length. A board falls into regions, the
connected groups of squares that matter (:func:`regions`), each cut to its bounding box.
:class:`GridGame` holds what the games on such a board share, so each game writes only its
rules.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from perfectplay.core.errors import quote
from perfectplay.core.limits import CGT_MAX_INPUT

__all__ = ["Grid", "GridGame", "domino_regions", "format_grid", "parse_grid", "regions",
           "symmetric_key"]

Grid = tuple[str, ...]

_EMPTY_BOARD = re.compile(r"^([0-9]+)\s*[xX]\s*([0-9]+)$")  # ASCII digits only


def parse_grid(text: str, alphabet: str) -> Grid:
    """A grid from its text, each square one of ``alphabet``; ``RxC`` is R rows of C empty
    squares.

    Raises
    ------
    ValueError
        For a character outside ``alphabet``, rows of unequal lengths, or a board of more
        than :data:`~perfectplay.core.limits.CGT_MAX_INPUT` squares.

    >>> parse_grid("..|.#", ".#"), parse_grid("2x3", ".#")
    (('..', '.#'), ('...', '...'))
    """
    text = text.strip()
    if len(text) > CGT_MAX_INPUT:
        raise ValueError(f"a board of more than {CGT_MAX_INPUT:,} characters (the limit): "
                         f"{quote(text)}")
    empty = _EMPTY_BOARD.match(text)
    if empty:
        rows, cols = int(empty[1]), int(empty[2])
        if rows * cols > CGT_MAX_INPUT:  # checked before the rows are made
            raise ValueError(f"a {rows}x{cols} board has {rows * cols:,} squares; limit "
                             f"{CGT_MAX_INPUT:,}")
        return tuple("." * cols for _ in range(rows)) if cols else ()
    grid = tuple(row.strip() for row in text.split("|")) if text else ()
    for row in grid:
        bad = set(row) - set(alphabet)
        if bad:
            raise ValueError(f"unexpected {sorted(bad)[0]!r} in {quote(text)} (squares: "
                             f"{', '.join(repr(c) for c in alphabet)})")
    if len({len(row) for row in grid}) > 1:
        raise ValueError(f"rows of unequal lengths in {quote(text)}")
    return grid


def format_grid(grid: Grid) -> str:
    """The text of a grid, rows separated by ``|``.

    >>> format_grid(("..", ".#"))
    '..|.#'
    """
    return "|".join(grid)


def regions(grid: Grid, squares: str, *, keep: Callable[[Grid], bool] | None = None,
            blank: str = "#") -> list[Grid]:
    """The connected regions of ``grid``: squares in ``squares`` (those in play) orthogonally
    next to each other are in one region; each region is cut to its bounding box, the squares
    of the box outside it written ``blank``. Regions for which ``keep`` is false (worth 0,
    say) are left out.

    >>> regions(("..#", "#.#", "##."), ".", keep=lambda g: len(g) > 1)
    [('..', '#.')]
    """
    if not grid:
        return []
    stride = len(grid[0]) + 1
    flat = "\n".join(grid)  # square (r, c) at r * stride + c; the newlines stop the fill
    size = len(flat)
    seen = bytearray(size)
    found = []
    for start, square in enumerate(flat):
        if seen[start] or square not in squares:
            continue
        seen[start] = 1
        cells = [start]
        stack = [start]
        while stack:
            i = stack.pop()
            for j in (i - 1, i + 1, i - stride, i + stride):
                if 0 <= j < size and not seen[j] and flat[j] in squares:
                    seen[j] = 1
                    cells.append(j)
                    stack.append(j)
        top, bottom = cells[0] // stride, max(cells) // stride
        columns = [i % stride for i in cells]
        left, right = min(columns), max(columns)
        if len(cells) == (bottom - top + 1) * (right - left + 1):  # a full rectangle
            region = tuple(row[left:right + 1] for row in grid[top:bottom + 1])
        else:
            rows = [[blank] * (right - left + 1) for _ in range(bottom - top + 1)]
            for i, c in zip(cells, columns, strict=True):
                rows[i // stride - top][c - left] = flat[i]
            region = tuple("".join(row) for row in rows)
        if keep is None or keep(region):
            found.append(region)
    return found


def domino_regions(grid: Grid) -> list[Grid]:
    """The regions of empty squares (``.``) of a board where dominoes are placed, those of one
    square (no domino fits, worth 0) left out.

    >>> domino_regions((".#.", "##.", "..#"))
    [('.', '.'), ('..',)]
    """
    return regions(grid, ".", keep=_holds_a_domino)


def _holds_a_domino(region: Grid) -> bool:
    return len(region) > 1 or len(region[0]) > 1


def _transforms(grid: Grid, *, transpose: bool) -> Iterator[Grid]:
    """The grid under the reflections that keep rows rows (and, with ``transpose``, the other
    four symmetries of the square too)."""
    flipped = tuple(row[::-1] for row in grid)
    yield from (grid, grid[::-1], flipped, flipped[::-1])
    if transpose and grid:
        turned = tuple("".join(column) for column in zip(*grid, strict=True))
        turned_flipped = tuple(row[::-1] for row in turned)
        yield from (turned, turned[::-1], turned_flipped, turned_flipped[::-1])


def symmetric_key(grid: Grid, *, transpose: bool) -> Grid:
    """The least of the grid's images under its symmetries: equal for boards that are
    reflections of each other (and rotations, with ``transpose``).

    >>> symmetric_key(("#.", ".."), transpose=False), symmetric_key((".#",), transpose=True)
    (('#.', '..'), ('#', '.'))
    """
    return min(_transforms(grid, transpose=transpose))


class GridGame:
    """The part of a game on a grid that is not its rules: the start board ``board``, given
    as a grid or its text, an evaluable ``repr``, the text and display of positions, and a
    ``key`` identifying a board with its images under the eight symmetries of the square.

    A game lists it before its :class:`~perfectplay.core.game.Game` or
    :class:`~perfectplay.core.partizan.PartizanGame` base and writes ``parse_position`` (which
    squares its boards have), its moves and ``components``; a game whose moves tell rows from
    columns writes its own ``key`` too.

    Examples
    --------
    >>> from perfectplay.games.cram import Cram
    >>> game = Cram("2x3")
    >>> game, game.format_position(game.start()), game.key((".#", ".."))
    (Cram('...|...'), '...|...', ('#.', '..'))
    """

    board: Grid
    """The start position."""

    def __init__(self, board: Grid | str) -> None:
        self.board = self.parse_position(board) if isinstance(board, str) else tuple(board)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({format_grid(self.board)!r})"

    def start(self) -> Grid:
        return self.board

    def key(self, grid: Grid) -> Grid:
        return symmetric_key(grid, transpose=True)

    def format_position(self, grid: Grid) -> str:
        return format_grid(grid)

    def parse_position(self, text: str) -> Grid:
        """The board of ``text``; each game names its squares."""
        raise NotImplementedError(f"{type(self).__name__} must define parse_position()")

    def display(self, grid: Grid) -> str:
        return "\n".join(grid)
