"""Teeko (John Scarne, 1937): four pieces each on a 5x5 board, dropped, then moved one step;
four in a row or a square wins.

Black (``B``) moves first, Red (``R``) second: Scarne's colours. Play has two phases:

- drop: the players take turns to put a piece on an empty cell until each has ``pieces``
  pieces on the board (eight moves in the standard game);
- move: Black first, the players take turns to slide one of their own pieces one step, in any
  of the eight directions (orthogonal or diagonal), onto an empty cell.

A player whose pieces stand on a winning shape (:func:`win_shapes`) wins at once, in either
phase: ``pieces`` cells in a contiguous straight line (a rank, a file or a diagonal), or, with
four pieces, the four cells of a 2x2 square. ``variant="advanced"`` adds the larger squares:
the four corners ``(r, c), (r, c + k), (r + k, c), (r + k, c + k)`` of any axis-aligned square,
``k = 1 .. size - 1`` (on 5x5: 16 + 9 + 4 + 1 squares; tilted squares are not included). Play
that never ends is a draw; a player who cannot move loses (on the standard board nobody is
ever without a move; on the reduced boards of ``--size 3`` one can be).

Reduced instances for tests: ``size`` 3 to 5 (``--board 4x4``) and ``pieces`` 3 or 4 (a
line wins when it holds all of one's pieces, so three pieces win with three in a row and make
no square). Cells are named like a chessboard, files ``a..e`` from the left and ranks ``1..5``
from the bottom; a drop is written ``c3``, a slide ``c3-d4``.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial
from math import comb
from typing import TYPE_CHECKING, ClassVar

from perfectplay.core.errors import quote
from perfectplay.core.game import Game
from perfectplay.core.options import Option, parse_int
from perfectplay.core.values import Value

if TYPE_CHECKING:
    from perfectplay.compiled.rules import CompiledRules

__all__ = ["DIRECTIONS", "VARIANTS", "Teeko", "tier_sizes", "win_shapes"]

Position = str
"""The cells in order ``a1, b1, ..., a2, ...`` (rank by rank from rank 1), each ``B``, ``R`` or
``.``, then the player to move, ``B`` or ``R``: ``.........B`` is the empty 3x3 board."""

DIRECTIONS = ((1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1))
"""The steps ``(rank, file)`` of a slide, numbered 0..7: up, then clockwise."""

VARIANTS = ("standard", "advanced")
"""``standard``: lines and 2x2 squares win; ``advanced``: squares of every side too."""

COLOURS = {"B": "Black", "R": "Red"}


def win_shapes(size: int, pieces: int, variant: str) -> tuple[frozenset[int], ...]:
    """The winning shapes of a board, as sets of cells (cell ``rank * size + file``, from 0):
    the lines of ``pieces`` cells along ranks, files and both diagonals, then, with four
    pieces, the squares (side 1, or every side with ``variant="advanced"``).

    >>> len(win_shapes(5, 4, "standard")), len(win_shapes(5, 4, "advanced"))
    (44, 58)
    >>> sorted(win_shapes(3, 4, "advanced")[-1])   # the corners of the 3x3 board
    [0, 2, 6, 8]
    """
    shapes = []
    for dr, df in ((0, 1), (1, 0), (1, 1), (1, -1)):
        for r in range(size):
            for f in range(size):
                end_r, end_f = r + dr * (pieces - 1), f + df * (pieces - 1)
                if 0 <= end_r < size and 0 <= end_f < size:
                    shapes.append(frozenset((r + dr * i) * size + f + df * i
                                            for i in range(pieces)))
    if pieces == 4:
        sides = range(1, size) if variant == "advanced" else range(1, 2)
        for k in sides:
            for r in range(size - k):
                for f in range(size - k):
                    shapes.append(frozenset((r * size + f, r * size + f + k,
                                             (r + k) * size + f, (r + k) * size + f + k)))
    return tuple(shapes)


def tier_sizes(size: int, pieces: int) -> tuple[int, ...]:
    """The indices of each tier of the compiled rules: tier ``t`` holds the boards with ``t``
    pieces, ``(t + 1) // 2`` of them Black's, and the last tier (the move phase) each twice,
    once per player to move.

    >>> tier_sizes(5, 4)[8] == comb(25, 4) * comb(21, 4) * 2
    True
    """
    cells, last = size * size, 2 * pieces
    return tuple(comb(cells, (t + 1) // 2) * comb(cells - (t + 1) // 2, t // 2)
                 * (2 if t == last else 1) for t in range(last + 1))


def _parse_board(text: str) -> int:
    """The side of a square board written ``NxN``, 3 to 5.

    >>> _parse_board("4x4")
    4
    """
    side, cross, other = text.strip().lower().partition("x")
    if not cross or side.strip() != other.strip():
        raise ValueError(f"expected a square board NxN (3x3, 4x4 or 5x5), got {quote(text)}")
    size = parse_int(side)
    if not 3 <= size <= 5:
        raise ValueError(f"the board is 3x3 to 5x5, got {quote(text)}")
    return size


def _parse_pieces(text: str) -> int:
    pieces = parse_int(text)
    if pieces not in (3, 4):
        raise ValueError(f"each player has 3 or 4 pieces, got {pieces}")
    return pieces


def _parse_variant(text: str) -> str:
    variant = text.strip().lower()
    if variant not in VARIANTS:
        raise ValueError(f"expected standard or advanced, got {quote(text)}")
    return variant


class Teeko(Game[Position]):
    """Teeko on a ``size`` x ``size`` board with ``pieces`` pieces each (see the module).

    Moves are numbered as in the compiled rules, with ``n = size * size`` cells: ``0 .. n - 1``
    drop a piece on that cell, ``n + 8 * cell + d`` slides the piece on ``cell`` one step in
    direction ``d`` of :data:`DIRECTIONS`.

    >>> from perfectplay import solve
    >>> game = Teeko(size=3, pieces=3)
    >>> s = solve(game, method="retrograde")
    >>> len(s), s.value(), s.counts().by_value[Value.WIN]
    (5390, Value.DRAW, 2914)
    >>> diagonal = game.parse_position("R../.B./B.R:B")   # Black drops c3: a1, b2, c3
    >>> s.value(diagonal), s.remoteness(diagonal), game.format_move(s.best_move(diagonal))
    (Value.WIN, 1, 'c3')
    """

    name: ClassVar[str] = "teeko"
    OPTIONS: ClassVar[tuple[Option, ...]] = (
        Option("board", _parse_board, "the board, 5x5 (3x3 and 4x4: reduced boards for tests)",
               "5x5", argument="size"),
        Option("pieces", _parse_pieces, "pieces each, 3 or 4 (a line of all of them wins)", "4"),
        Option("variant", _parse_variant, "standard (lines, 2x2 squares) or advanced (the "
               "corners of any axis-aligned square too)", "standard"),
    )

    def __init__(self, size: int = 5, pieces: int = 4, variant: str = "standard") -> None:
        if variant not in VARIANTS:
            raise ValueError(f"variant is standard or advanced, got {quote(variant)}")
        if not 3 <= size <= 5 or pieces not in (3, 4) or 2 * pieces >= size * size:
            raise ValueError(f"a {size}x{size} board with {pieces} pieces each: the board is "
                             "3x3 to 5x5, 3 or 4 pieces each, and at least one cell stays empty")
        self.size, self.pieces, self.variant = size, pieces, variant
        self._shapes = frozenset(win_shapes(size, pieces, variant))

    def __repr__(self) -> str:
        return f"Teeko(size={self.size}, pieces={self.pieces}, variant={self.variant!r})"

    def __str__(self) -> str:
        extra = "" if self.variant == "standard" else " advanced"
        return f"teeko {self.size}x{self.size} {self.pieces} pieces{extra}"

    def start(self) -> Position:
        return "." * (self.size * self.size) + "B"

    def primitive(self, position: Position) -> Value | None:
        last = "R" if position[-1] == "B" else "B"
        cells = frozenset(i for i, c in enumerate(position[:-1]) if c == last)
        return Value.LOSE if cells in self._shapes else None

    def moves(self, position: Position) -> Iterator[tuple[int, Position]]:
        board, mover = position[:-1], position[-1]
        after = "R" if mover == "B" else "B"
        n = self.size
        if board.count(mover) < self.pieces:
            for cell, c in enumerate(board):
                if c == ".":
                    yield cell, f"{board[:cell]}{mover}{board[cell + 1:]}{after}"
            return
        for cell, c in enumerate(board):
            if c != mover:
                continue
            rank, file = divmod(cell, n)
            for d, (dr, df) in enumerate(DIRECTIONS):
                r, f = rank + dr, file + df
                if 0 <= r < n and 0 <= f < n and board[r * n + f] == ".":
                    cells = list(board)
                    cells[cell], cells[r * n + f] = ".", mover
                    yield n * n + 8 * cell + d, f"{''.join(cells)}{after}"

    def cell_name(self, cell: int) -> str:
        """``c3`` for the cell of file c, rank 3."""
        rank, file = divmod(cell, self.size)
        return f"{'abcde'[file]}{rank + 1}"

    def format_move(self, move: int) -> str:
        cells = self.size * self.size
        if move < cells:
            return self.cell_name(move)
        cell, d = divmod(move - cells, 8)
        rank, file = divmod(cell, self.size)
        dr, df = DIRECTIONS[d]
        return f"{self.cell_name(cell)}-{self.cell_name((rank + dr) * self.size + file + df)}"

    def format_position(self, position: Position) -> str:
        """Ranks from the top (rank ``size``) down, separated by ``/``, then ``:`` and the
        player to move: ``...../...../..B../...../.....:R``."""
        n = self.size
        ranks = [position[r * n:(r + 1) * n] for r in range(n - 1, -1, -1)]
        return f"{'/'.join(ranks)}:{position[-1]}"

    def parse_position(self, text: str) -> Position:
        """A position as :meth:`format_position` writes it (letters in either case).

        >>> Teeko(size=3, pieces=3).parse_position("..b/.r./b..:r")
        'B...R...BR'
        """
        n = self.size
        board, colon, mover = text.strip().upper().partition(":")
        ranks = board.split("/")
        if (not colon or mover not in COLOURS or len(ranks) != n
                or any(len(r) != n or set(r) - set("BR.") for r in ranks)):
            raise ValueError(f"a position is {n} ranks of {n} cells (B, R or '.') from the top, "
                             f"separated by '/', then ':B' or ':R' for the player to move, "
                             f"got {quote(text)}")
        cells = "".join(reversed(ranks))
        black, red = cells.count("B"), cells.count("R")
        dropping = black + red < 2 * self.pieces
        if black > self.pieces or red > self.pieces or (
                dropping and (black - red not in (0, 1) or mover != "BR"[black - red])):
            raise ValueError(f"Black drops first, {self.pieces} pieces each, then both move: "
                             f"{quote(text)}")
        position = cells + mover
        if self.primitive(position[:-1] + ("R" if mover == "B" else "B")) is not None:
            raise ValueError(f"the player to move has already won, which play never reaches: "
                             f"{quote(text)}")
        return position

    def display(self, position: Position) -> str:
        """The board, rank ``size`` on top, with its file letters and rank numbers.

        >>> print(Teeko(size=3, pieces=3).display("B...R....R"))
          a b c
        3 . . .
        2 . R .
        1 B . .
        Red (R) to move: drop a piece on an empty cell (b1)
        """
        n = self.size
        rows = [f"{r + 1} " + " ".join(position[r * n:(r + 1) * n]) for r in range(n - 1, -1, -1)]
        mover = position[-1]
        dropping = position.count(mover) - 1 < self.pieces
        what = ("drop a piece on an empty cell (b1)" if dropping
                else "slide a piece one step, any direction (b1-c2)")
        return "\n".join(["  " + " ".join("abcde"[:n]), *rows,
                          f"{COLOURS[mover]} ({mover}) to move: {what}"])

    def position_bound(self) -> int:
        """The boards with as many pieces as play leaves on them, each with its player to move
        (both in the move phase): the compiled rules' tier sizes, summed.

        >>> Teeko().position_bound()
        172401726
        """
        return sum(tier_sizes(self.size, self.pieces))

    def compiled_size(self) -> int:
        """Integers of the compiled encoding: two bit masks of ``size * size`` cells and the
        player to move."""
        return 1 << (2 * self.size * self.size + 1)

    def compiled(self) -> CompiledRules:
        """The compiled rules and tier hooks (:mod:`perfectplay.games.teeko.compiled`; imports
        numba)."""
        from perfectplay.compiled.rules import CompiledRules, TierRules
        from perfectplay.games.teeko import compiled

        last = 2 * self.pieces
        tiers = TierRules(tier=compiled.tier, rank=compiled.rank, unrank=compiled.unrank,
                          sizes=tier_sizes(self.size, self.pieces),
                          children=(*((t + 1,) for t in range(last)), (last,)),
                          solving_order=tuple(range(last, -1, -1)), image=compiled.image,
                          symmetries=compiled.SYMMETRIES)
        cells = self.size * self.size
        return CompiledRules(child=compiled.child, primitive=compiled.primitive,
                             next_move=compiled.next_move,
                             params=compiled.params_of(self.size, self.pieces, win_shapes(
                                 self.size, self.pieces, self.variant)),
                             size=self.compiled_size(), max_moves=9 * cells,
                             encode=partial(_encode, self.size),
                             decode=partial(_decode, self.size), tiers=tiers)


def _encode(size: int, position: Position) -> int:
    """The compiled rules' integer of a position: Black's cells as bits, Red's above them,
    then the player to move (1: Red)."""
    cells = size * size
    black = sum(1 << i for i, c in enumerate(position[:-1]) if c == "B")
    red = sum(1 << i for i, c in enumerate(position[:-1]) if c == "R")
    return black | red << cells | (position[-1] == "R") << (2 * cells)


def _decode(size: int, number: int) -> Position:
    """The position of a compiled integer; inverse of :func:`_encode`."""
    cells = size * size
    board = "".join("B" if number >> i & 1 else "R" if number >> (cells + i) & 1 else "."
                    for i in range(cells))
    return board + ("R" if number >> (2 * cells) & 1 else "B")
