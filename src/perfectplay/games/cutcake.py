"""Cutcake and Maundy Cake: cut a rectangle of cake along its grid lines, Left one way, Right
the other."""

from __future__ import annotations

import re
from typing import ClassVar

from perfectplay.core.errors import quote
from perfectplay.core.limits import CGT_MAX_WORK, check_need
from perfectplay.core.options import Option
from perfectplay.core.partizan import PartizanGame

__all__ = ["Cutcake", "MaundyCake", "parse_pieces"]

Piece = tuple[int, int]
"""``(rows, columns)`` of one rectangle."""

Pieces = tuple[Piece, ...]
"""The rectangles on the table, sorted; a position."""

_PIECE = re.compile(r"^([0-9]+)\s*[xX]\s*([0-9]+)$")  # ASCII digits only


def parse_pieces(text: str) -> Pieces:
    """Rectangles ``RxC`` (R rows, C columns: CGSuite's ``Cutcake(R, C)``), ``+`` between
    them.

    Raises
    ------
    ValueError
        For text that is not ``RxC`` pieces or a piece with no squares; EngineLimitError (a
        ValueError too) for pieces whose positions (a piece ``RxC`` has at most ``R*C``
        smaller ones, each with at most ``R+C`` cuts) would make more than
        :data:`~perfectplay.core.limits.CGT_MAX_WORK` options.

    >>> parse_pieces("2x3 + 1x4")
    ((1, 4), (2, 3))
    """
    pieces = []
    for part in text.split("+"):
        match = _PIECE.match(part.strip())
        if match is None or not int(match[1]) or not int(match[2]):
            raise ValueError(f"expected pieces like 2x3 or 2x3+1x4 (rows x columns, at least "
                             f"1x1), got {quote(text)}")
        pieces.append((int(match[1]), int(match[2])))
    rows, columns = max(r for r, _ in pieces), max(c for _, c in pieces)
    check_need(f"cutcake {quote(text)}", rows * columns * (rows + columns), CGT_MAX_WORK,
               "options")
    return tuple(sorted(pieces))


class Cutcake(PartizanGame[Pieces]):
    """Cutcake on rectangles of ``R`` rows and ``C`` columns of squares, as CGSuite's
    ``Cutcake(R, C)``: Left cuts a piece along a line between columns (into two pieces of the
    same rows), Right along a line between rows. A 1x1 piece is worth 0.

    Examples
    --------
    >>> from perfectplay.cgt import canonical_form
    >>> game = Cutcake("1x1")
    >>> [str(canonical_form(game, game.parse_position(p))) for p in ("1x4", "4x1", "2x2", "2x4")]
    ['3', '-3', '0', '1']

    References
    ----------
    .. [1] E. R. Berlekamp, J. H. Conway, R. K. Guy, *Winning Ways*, 2nd ed., vol. 1, ch. 2
       ("Cutcake"); CGSuite's ``game.heap.Cutcake``, ``GenCutcake(TakeAndBreak("4.0"), ...)``.
    """

    name: ClassVar[str] = "cutcake"
    OPTIONS: ClassVar[tuple[Option, ...]] = (
        Option("pieces", parse_pieces, "the cake: RxC (R rows, C columns), '+' between pieces",
               "4x4"),
    )

    def __init__(self, pieces: Pieces | str = ((4, 4),)) -> None:
        self.pieces = parse_pieces(pieces) if isinstance(pieces, str) else tuple(sorted(pieces))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.format_position(self.pieces)!r})"

    def start(self) -> Pieces:
        return self.pieces

    def splits(self, size: int) -> list[tuple[int, ...]]:
        """The ways to cut a side of ``size`` squares: into two positive parts."""
        return [(a, size - a) for a in range(1, size // 2 + 1)]

    def _cuts(self, pieces: Pieces, across: int) -> list[Pieces]:
        found = []
        for i, piece in enumerate(pieces):
            if i and pieces[i - 1] == piece:
                continue  # equal pieces give the same positions
            rest = pieces[:i] + pieces[i + 1:]
            for parts in self.splits(piece[across]):
                cut = [(piece[0], part) if across else (part, piece[1]) for part in parts]
                found.append(tuple(sorted((*rest, *cut))))
        return found

    def left_moves(self, pieces: Pieces) -> list[Pieces]:
        return self._cuts(pieces, 1)

    def right_moves(self, pieces: Pieces) -> list[Pieces]:
        return self._cuts(pieces, 0)

    def components(self, pieces: Pieces) -> list[Pieces]:
        return [(piece,) for piece in pieces if piece != (1, 1)]

    def format_position(self, pieces: Pieces) -> str:
        return "+".join(f"{r}x{c}" for r, c in pieces) or "0"

    def parse_position(self, text: str) -> Pieces:
        return parse_pieces(text)


class MaundyCake(Cutcake):
    """Maundy Cake, as CGSuite's ``MaundyCake(R, C)``: a cut divides a piece into two or more
    equal pieces, Left between columns, Right between rows.

    >>> from perfectplay.cgt import canonical_form
    >>> game = MaundyCake("1x1")
    >>> [str(canonical_form(game, game.parse_position(p))) for p in ("1x2", "1x3", "1x4", "2x2")]
    ['1', '1', '3', '0']

    References
    ----------
    .. [1] E. R. Berlekamp, J. H. Conway, R. K. Guy, *Winning Ways*, 2nd ed., vol. 1, ch. 2
       ("Maundy Cake"); CGSuite's ``GenCutcake(TakeAndBreak("{2+}=.0"), ...)``.
    """

    name: ClassVar[str] = "maundy-cake"

    def splits(self, size: int) -> list[tuple[int, ...]]:
        """The ways to cut a side of ``size`` squares: into ``k >= 2`` equal parts."""
        return [(size // k,) * k for k in range(2, size + 1) if size % k == 0]
