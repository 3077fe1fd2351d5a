"""Dōbutsu shōgi (Madoka Kitao, 2008): a lion, a giraffe, an elephant and a chick each on a
3x4 board; captured pieces change sides and are dropped back; capture the lion or walk yours
into the far rank.

The first player's pieces are upper case, the second player's lower case: ``L`` lion (one
step any way), ``G`` giraffe (one step orthogonally), ``E`` elephant (one step diagonally),
``C`` chick (one step forward) and ``H`` hen (a chick that reached the far rank by a move: one
step any way but diagonally backward). Squares are named from the first player's side: files
``a..c`` from the left, ranks ``1..4`` from the first player's home rank. The start::

    4  g l e
    3  . c .
    2  . C .
    1  E L G
       a b c

A move is the piece's square and where it goes, ``b2-b3`` (a capture looks the same, the
captured piece joining the mover's hand, a hen turned back into a chick); a chick moved onto
the far rank becomes a hen (no choice, no mark). A drop is the kind and the square, ``C*b3``
(any empty square; a chick dropped on the far rank stays a chick and never moves again).

The game ends when the player to move can capture the opponent's lion (a WIN for them, at
remoteness 0: the capture itself ends the game) or, by the research convention for the Try,
when the opponent's lion stands on its far rank and the player to move cannot capture it (a
LOSE): a lion reaching the far rank is not terminal, it wins unless captured at once (a
position with the mover's own lion on its far rank never arises in play, and play goes on from
it). A player without a legal move loses. Play that never ends is a draw (the rules'
three-fold repetition, as a draw by endless play).

A position is written rank 4 down to rank 1, ``/`` between ranks, ``.`` an empty square, then
``:`` and the pieces in hand (the first player's in upper case, then the second's, kinds in the
order G, E, C; ``-`` when both hands are empty), then ``:`` and the player to move, ``F`` (first)
or ``S`` (second): the start is ``gle/.c./.C./ELG:-:F``.

Reduced games for tests keep the lions and some of the other kinds (``pieces="C"``: lions
and chicks), the same rules and code otherwise.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial
from typing import TYPE_CHECKING, ClassVar

from perfectplay.core.errors import quote
from perfectplay.core.game import Game
from perfectplay.core.options import Option
from perfectplay.core.values import Value

if TYPE_CHECKING:
    from perfectplay.compiled.rules import CompiledRules
    from perfectplay.games.dobutsu.board import DobutsuBoard

__all__ = ["DIRECTIONS", "DROPS", "KINDS", "STEPS", "Dobutsu", "parse_pieces"]

Position = str
"""The text of a position (see the module): ``gle/.c./.C./ELG:-:F``."""

KINDS = "GEC"
"""The kinds besides the lion, in the order hands list them and drops are numbered."""

DIRECTIONS = ((1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1))
"""The steps ``(rank, file)`` of a move on the board, numbered 0..7, up (towards rank 4) then
clockwise."""

STEPS = {"L": frozenset(range(8)), "G": frozenset((0, 2, 4, 6)), "E": frozenset((1, 3, 5, 7)),
         "C": frozenset((0,)), "H": frozenset((0, 1, 2, 4, 6, 7))}
"""The directions each piece of the first player may step in; the second player's are the same
seen from the other side (up and down swapped)."""

DROPS = 8 * 12
"""Move numbers: ``8 * square + direction`` moves a piece (squares ``rank * 3 + file`` from a1),
``DROPS + 12 * kind + square`` drops a piece of ``KINDS[kind]``."""

_FILES = "abc"
_FLIP = (4, 3, 2, 1, 0, 7, 6, 5)
"""A direction seen from the other side: up and down swapped."""


def parse_pieces(text: str) -> str:
    """The ``--pieces`` option: the kinds each side has besides the lion, some of ``GEC``
    (in any order, either case), or ``L`` for the lions alone.

    >>> parse_pieces("cg"), parse_pieces("L")
    ('GC', '')
    """
    letters = text.strip().upper()
    if letters == "L":
        return ""
    if not letters or set(letters) - set(KINDS) or len(set(letters)) != len(letters):
        raise ValueError(f"the pieces besides the lion are some of G, E and C (each once), or L "
                         f"for the lions alone, got {quote(text)}")
    return "".join(k for k in KINDS if k in letters)


def _owner(piece: str) -> int:
    """0 for the first player's pieces (upper case), 1 for the second's."""
    return 0 if piece.isupper() else 1


def _square_name(square: int) -> str:
    return f"{_FILES[square % 3]}{square // 3 + 1}"


def _split(position: Position) -> tuple[list[str], list[str], int]:
    """The squares ``a1, b1, c1, a2, ...`` (``.`` when empty), the hand letters, the player to
    move (0 first, 1 second)."""
    board, hands, mover = position.split(":")
    ranks = board.split("/")
    cells = [c for rank in reversed(ranks) for c in rank]
    return cells, [] if hands == "-" else list(hands), 0 if mover == "F" else 1


def _join(cells: list[str], hands: list[str], mover: int) -> Position:
    """The text of a position from :func:`_split`'s parts (hands in any order)."""
    ranks = ["".join(cells[r * 3:r * 3 + 3]) for r in range(3, -1, -1)]
    order = "GECgec"
    held = "".join(sorted(hands, key=order.index)) or "-"
    return f"{'/'.join(ranks)}:{held}:{'FS'[mover]}"


def _targets(cells: list[str], square: int) -> Iterator[tuple[int, int]]:
    """``(direction, square)`` of each step the piece on ``square`` may take on the board
    (onto any square, own pieces included)."""
    piece = cells[square]
    owner = _owner(piece)
    rank, file = divmod(square, 3)
    for d in STEPS[piece.upper()]:
        dr, df = DIRECTIONS[_FLIP[d] if owner else d]
        r, f = rank + dr, file + df
        if 0 <= r < 4 and 0 <= f < 3:
            yield (_FLIP[d] if owner else d), r * 3 + f


class Dobutsu(Game[Position]):
    """Dōbutsu shōgi (see the module); ``pieces``: the kinds each side has besides the lion.

    >>> from perfectplay import solve
    >>> game = Dobutsu(pieces="C")
    >>> s = solve(game, method="retrograde")   # one position per key: seen from the mover, mirrored
    >>> len(s), s.value(), game.format_move(s.best_move())
    (24789, Value.WIN, 'b1-c2')
    """

    name: ClassVar[str] = "dobutsu"
    OPTIONS: ClassVar[tuple[Option, ...]] = (
        Option("pieces", parse_pieces, "the kinds besides the lion, some of GEC (or L: lions "
               "alone): fewer for reduced games", "GEC"),
    )

    def __init__(self, pieces: str = KINDS) -> None:
        self.pieces = parse_pieces(pieces or "L")

    def __repr__(self) -> str:
        return f"Dobutsu(pieces={self.pieces!r})" if self.pieces != KINDS else "Dobutsu()"

    def __str__(self) -> str:
        return "dobutsu" if self.pieces == KINDS else f"dobutsu (lions, {self.pieces or 'alone'})"

    def start(self) -> Position:
        keep = f"Ll{self.pieces}{self.pieces.lower()}."
        return _join([c if c in keep else "." for c in "ELG.C..c.gle"], [], 0)

    def primitive(self, position: Position) -> Value | None:
        """WIN when the player to move can capture the opponent's lion; else LOSE when that
        lion stands on its far rank (the Try); else None."""
        cells, _, mover = _split(position)
        lion = cells.index("l" if mover == 0 else "L")
        for square, piece in enumerate(cells):
            if piece != "." and _owner(piece) == mover and any(
                    target == lion for _, target in _targets(cells, square)):
                return Value.WIN
        return Value.LOSE if lion // 3 == (0 if mover == 0 else 3) else None

    def moves(self, position: Position) -> Iterator[tuple[int, Position]]:
        cells, hands, mover = _split(position)
        far = 3 if mover == 0 else 0
        for square, piece in enumerate(cells):
            if piece == "." or _owner(piece) != mover:
                continue
            for d, target in sorted(_targets(cells, square)):
                taken = cells[target]
                if taken != "." and (_owner(taken) == mover or taken.upper() == "L"):
                    continue  # an own piece, or the lion: the game ended before that capture
                after = cells.copy()
                after[square] = "."
                promoted = piece.upper() == "C" and target // 3 == far
                after[target] = ("H" if mover == 0 else "h") if promoted else piece
                held = hands.copy()
                if taken != ".":
                    kind = "C" if taken.upper() == "H" else taken.upper()
                    held.append(kind if mover == 0 else kind.lower())
                yield 8 * square + d, _join(after, held, 1 - mover)
        for k, kind in enumerate(KINDS):
            letter = kind if mover == 0 else kind.lower()
            if letter not in hands:
                continue
            held = hands.copy()
            held.remove(letter)
            for square in range(12):
                if cells[square] == ".":
                    after = cells.copy()
                    after[square] = letter
                    yield DROPS + 12 * k + square, _join(after, held, 1 - mover)

    def key(self, position: Position) -> Position:
        """The position as the player to move sees it, folded with its mirror image: the
        board turned round and the colours and hands swapped when the second player moves
        (the first player then moves), then the lesser text of it and its image with files
        a and c swapped. Every piece moves the same way mirrored, so both have one value.

        >>> game = Dobutsu()
        >>> game.key("gle/.c./.C./ELG:-:F") == game.key("elg/.c./.C./GLE:-:F")
        True
        >>> game.key(".l./C../.../.L.:c:S")
        '.l./.../..c/.L.:C:F'
        """
        cells, hands, mover = _split(position)
        if mover:
            cells = [c.swapcase() for c in reversed(cells)]
            hands = [c.swapcase() for c in hands]
        mirrored = [cells[3 * (s // 3) + 2 - s % 3] for s in range(12)]
        return min(_join(cells, hands, 0), _join(mirrored, hands, 0))

    def format_move(self, move: int) -> str:
        """``b1-b2`` for a move on the board, ``C*b3`` for a drop."""
        if move >= DROPS:
            kind, square = divmod(move - DROPS, 12)
            return f"{KINDS[kind]}*{_square_name(square)}"
        square, d = divmod(move, 8)
        dr, df = DIRECTIONS[d]
        return f"{_square_name(square)}-{_square_name(square + 3 * dr + df)}"

    def format_position(self, position: Position) -> str:
        return position

    def parse_position(self, text: str) -> Position:
        """Check and normalise a position (hands in any order, ``-`` when empty).

        >>> Dobutsu().parse_position("gl./.c./.C./EL.:eG:S")
        'gl./.c./.C./EL.:Ge:S'
        """
        parts = text.strip().split(":")
        board, hands, mover = parts if len(parts) == 3 else ("", "", "")
        ranks = board.split("/")
        squares = set("LGECHlgech.")
        if (len(ranks) != 4 or any(len(r) != 3 or set(r) - squares for r in ranks)
                or not (hands == "-" or (hands and set(hands) <= set("GECgec")))
                or mover not in ("F", "S")):
            raise ValueError(f"a position is 4 ranks of 3 squares (LGECH, lgech or '.') from "
                             f"rank 4 down, '/' between them, ':', the pieces in hand (GEC, gec, "
                             f"or '-'), ':', F or S to move; got {quote(text)}")
        cells, held, side = _split(":".join(parts))
        total = {k: 0 for k in "LGEC"}
        for c in cells + held:
            if c != ".":
                total["C" if c.upper() == "H" else c.upper()] += 1
        wanted = {"L": 2, **{k: 2 if k in self.pieces else 0 for k in KINDS}}
        if total != wanted or cells.count("L") != 1 or cells.count("l") != 1:
            raise ValueError(f"each side has one lion on the board and the game "
                             f"{'' if self.pieces else 'no '}{self.pieces or 'other pieces'} "
                             f"two of each kind in all: {quote(text)}")
        return _join(cells, held, side)

    def display(self, position: Position) -> str:
        """The board, rank 4 on top, with the hands and the player to move.

        >>> print(Dobutsu().display(Dobutsu().start()))
        4  g l e
        3  . c .
        2  . C .
        1  E L G
           a b c
        hands: -
        First (upper case) to move: a1-a2 moves, C*b3 drops
        """
        cells, _, mover = _split(position)
        rows = [f"{r + 1}  " + " ".join(cells[r * 3:r * 3 + 3]) for r in range(3, -1, -1)]
        held = position.split(":")[1]
        side = "First (upper case)" if mover == 0 else "Second (lower case)"
        return "\n".join([*rows, "   a b c", f"hands: {held}",
                          f"{side} to move: a1-a2 moves, C*b3 drops"])

    def picture(self) -> DobutsuBoard:
        """The page's picture (:class:`~perfectplay.games.dobutsu.board.DobutsuBoard`)."""
        from perfectplay.games.dobutsu.board import DobutsuBoard

        return DobutsuBoard(self)

    def position_bound(self) -> int:
        """Every placement of the pieces, either player to move.

        >>> Dobutsu().position_bound()
        3135851928
        """
        from perfectplay.games.dobutsu.material import ranking_size

        return ranking_size(self.pieces)

    def compiled_size(self) -> int:
        """Integers of the compiled encoding: bit fields of the board, the hands and the player
        to move (:mod:`perfectplay.games.dobutsu.compiled`)."""
        return 1 << 61

    def compiled(self) -> CompiledRules:
        """The compiled rules and tier hooks (:mod:`perfectplay.games.dobutsu.compiled`;
        imports numba): positions are bit fields, one loopy tier ranking the positions with the
        first player to move, four symmetries and un-moves (see that module for why)."""
        from perfectplay.compiled.rules import CompiledRules, TierRules
        from perfectplay.games.dobutsu import compiled

        params = compiled.params_of(self.pieces)
        tiers = TierRules(tier=compiled.tier, rank=compiled.rank, unrank=compiled.unrank,
                          sizes=(self.position_bound() // 2,), children=((0,),),
                          solving_order=(0,), image=compiled.image, symmetries=4,
                          parents=compiled.parents, max_parents=compiled.MAX_PARENTS)
        return CompiledRules(child=compiled.child, primitive=compiled.primitive,
                             next_move=compiled.next_move, params=params,
                             size=self.compiled_size(), max_moves=DROPS + 12 * len(KINDS),
                             encode=partial(compiled.encode, params),
                             decode=partial(compiled.decode, params), tiers=tiers)
