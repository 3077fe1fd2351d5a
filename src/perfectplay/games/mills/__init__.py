"""Mill games with removal: Six Men's Morris and Nine Men's Morris, one rules definition.

White (``W``) moves first, Black (``B``) second. The board is the usual 7x7 grid of points:
Nine Men's Morris (``variant="nine"``) has three concentric squares, 24 points, and plays 9
pieces each; Six Men's Morris (``variant="six"``) the outer two, 16 points, and 6 pieces each.
Points are named by file ``a..g`` from the left and rank ``1..7`` from the bottom (``a1``,
``d2``, ``g7``). Two points are adjacent when a line of the board joins them with no point
between; a mill is three points in a line (a side of a square, and in nine also the four
middle lines between the squares).

Play has two phases:

- placing: the players take turns to put a piece from their hand on an empty point until both
  hands are empty (White first, so Black places last and White moves first after);
- moving: each turn, slide one of one's pieces along a line to an adjacent empty point. In
  ``nine`` a player left with exactly three pieces flies instead: moves a piece to any empty
  point (the standard rule); ``six`` has no flying.

The rule choices made here (the common tournament ones):

- a placement or a move that closes a mill of one's own removes one opponent piece at once,
  in the same move; closing two mills at once still removes one. The removed piece must not
  stand in a mill, unless every opponent piece on the board does; an opponent with no piece on
  the board (possible while placing) loses nothing, and the move is made without a removal;
- a player whose pieces in hand and on the board number fewer than three has lost; so has a
  player to move in the moving phase who has no legal move (blocked);
- there is no draw by repetition or move count: play that never ends is a draw (DRAW, found by
  retrograde analysis within the loopy tiers).

A placement is written ``d2``, a move ``a1-d1`` (a flight the same way), and a removal is
appended: ``d2xg7``, ``a1-d1xg7``. A position is the ranks from the top (rank 7), each its points
from the left, separated by ``/``, then ``:`` and the player to move, ``:`` and the pieces White
and Black hold in hand: the six start is ``.../.../..../.../...:W:6,6``.

Reduced instances for tests: ``pieces`` 3 up to the variant's own count (a mill on three
pieces wins at once), and ``squares`` fewer than the variant's (``squares=1``: the outer square
alone, 8 points, its four sides the mills).

The tiers (the compiled rules' :mod:`perfectplay.games.mills.compiled`): a placing tier holds
the positions with ``k`` placements made (which fixes both hands and the player to move) and
``w`` White and ``b`` Black pieces on the board; every placement leaves it. A moving tier holds
the positions with ``w`` and ``b`` pieces on the board, each with either player to move; a move
stays in it unless it removes a piece, so it is loopy. :func:`tiers` lists them in solving
order.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache, partial
from itertools import pairwise
from math import comb
from typing import TYPE_CHECKING, ClassVar, NamedTuple

from perfectplay.core.errors import quote
from perfectplay.core.game import Game
from perfectplay.core.options import Option, parse_int
from perfectplay.core.values import Value

if TYPE_CHECKING:
    from perfectplay.compiled.rules import CompiledRules
    from perfectplay.games.mills.board import MillsBoard

__all__ = ["VARIANTS", "Geometry", "Mills", "Tier", "geometry", "symmetries", "tiers"]

Position = str
"""The points in :attr:`Geometry.names` order, each ``W``, ``B`` or ``.``, then the player to
move (``W`` or ``B``), then White's and Black's pieces in hand as one digit each:
``................W66`` is the six start."""

VARIANTS = {"six": (2, 6), "nine": (3, 9)}
"""Variant -> (squares on the board, pieces each)."""

COLOURS = {"W": "White", "B": "Black"}


class Geometry(NamedTuple):
    """The points, lines and mills of a board of ``squares`` concentric squares."""

    names: tuple[str, ...]
    """Point names in order: ranks from 1 up, each from file a."""
    coordinates: tuple[tuple[int, int], ...]
    """``(file, rank)`` of each point, both from 0."""
    edges: tuple[tuple[int, int], ...]
    """Pairs of adjacent points ``(p, q)``, ``p < q``."""
    mills: tuple[tuple[int, int, int], ...]
    """The mills, each three points in increasing order."""


@cache
def geometry(squares: int) -> Geometry:
    """The board of the outer ``squares`` squares (2: Six Men's Morris, 3: Nine Men's).

    >>> six, nine = geometry(2), geometry(3)
    >>> [(len(g.names), len(g.edges), len(g.mills)) for g in (six, nine)]
    [(16, 20, 8), (24, 32, 16)]
    >>> " ".join(six.names)
    'a1 d1 g1 b2 d2 f2 a4 b4 f4 g4 b6 d6 f6 a7 d7 g7'
    """
    points = set()
    for d in range(3, 3 - squares, -1):  # the distance of a square's sides from the centre
        for dx in (-d, 0, d):
            for dy in (-d, 0, d):
                if dx or dy:
                    points.add((3 + dx, 3 + dy))
    coordinates = tuple(sorted(points, key=lambda p: (p[1], p[0])))
    index = {p: i for i, p in enumerate(coordinates)}
    edges, mills = [], []
    for axis in (0, 1):  # rows, then columns
        for line in range(7):
            on = sorted((p for p in coordinates if p[1 - axis] == line), key=lambda p: p[axis])
            # a line through the centre is cut there: the centre is not a point
            runs: list[list[tuple[int, int]]] = [[]]
            for p in on:
                if runs[-1] and line == 3 and runs[-1][-1][axis] < 3 < p[axis]:
                    runs.append([])
                runs[-1].append(p)
            for run in runs:
                edges += [tuple(sorted((index[a], index[b]))) for a, b in pairwise(run)]
                if len(run) == 3:
                    mills.append(tuple(sorted(index[p] for p in run)))
    names = tuple(f"{'abcdefg'[x]}{y + 1}" for x, y in coordinates)
    return Geometry(names, coordinates, tuple(sorted(edges)), tuple(sorted(mills)))  # type: ignore[arg-type]


@cache
def symmetries(squares: int) -> tuple[tuple[int, ...], ...]:
    """The permutations of the points of :func:`geometry` ``(squares)`` that keep its lines and
    mills, the identity first: the eight turns and reflections of the square, each also with
    the squares in reverse order (the outer one swapped with the inner one, the middle one of
    three kept), which keeps every line and mill too.

    >>> [len(symmetries(s)) for s in (1, 2, 3)]
    [8, 16, 16]
    >>> " ".join(geometry(2).names[q] for q in symmetries(2)[1][:3])  # a quarter turn
    'g1 g4 g7'
    """
    g = geometry(squares)
    index = {xy: p for p, xy in enumerate(g.coordinates)}
    found: dict[tuple[int, ...], None] = {}
    for swap in (False, True):
        for turn in range(8):
            permutation = []
            for x, y in g.coordinates:
                dx, dy = x - 3, y - 3
                if swap:  # a point d from the centre goes to 7 - squares - d
                    d = max(abs(dx), abs(dy))
                    dx, dy = dx // d * (7 - squares - d), dy // d * (7 - squares - d)
                for _ in range(turn % 4):
                    dx, dy = -dy, dx
                if turn >= 4:
                    dx = -dx
                permutation.append(index[3 + dx, 3 + dy])
            found[tuple(permutation)] = None
    return tuple(found)


class Tier(NamedTuple):
    """A tier of the compiled rules: ``placed`` placements made (``2 * pieces`` in the moving
    phase), and the pieces of each colour on the board."""

    placed: int
    white: int
    black: int


@cache
def tiers(pieces: int) -> tuple[Tier, ...]:
    """The tiers of a game of ``pieces`` each, in solving order (a tier's number is its place
    here): the moving tiers (at least two pieces each) by pieces on the board, fewest first,
    then the placing tiers, last placement first. A placing tier keeps the boards where each
    player's pieces in hand and on the board number at least two (fewer, the game ended before)
    and no more pieces were removed than mills could: one a placement, from one's third on.

    >>> tiers(3)[:3], tiers(3)[-1], len(tiers(6)), len(tiers(9))
    ((Tier(placed=6, white=2, black=2), Tier(placed=6, white=2, black=3), \
Tier(placed=6, white=3, black=2)), Tier(placed=0, white=0, black=0), 99, 376)
    """
    last = 2 * pieces
    found = [Tier(last, w, b) for w in range(2, pieces + 1) for b in range(2, pieces + 1)]
    found.sort(key=lambda t: (t.white + t.black, t.white))
    for k in range(last - 1, -1, -1):
        placed_white, placed_black = (k + 1) // 2, k // 2
        for w in range(placed_white + 1):
            for b in range(placed_black + 1):
                if (pieces - placed_white + w >= 2 and pieces - placed_black + b >= 2
                        and placed_black - b <= max(0, placed_white - 2)
                        and placed_white - w <= max(0, placed_black - 2)):
                    found.append(Tier(k, w, b))
    return tuple(found)


def tier_size(points: int, pieces: int, tier: Tier) -> int:
    """Indices of a tier: the boards with its pieces, twice in the moving phase (either player
    to move).

    >>> tier_size(24, 9, Tier(18, 9, 9))
    13088115040
    """
    boards = comb(points, tier.white) * comb(points - tier.white, tier.black)
    return boards * (2 if tier.placed == 2 * pieces else 1)


def tier_children(pieces: int) -> tuple[tuple[int, ...], ...]:
    """The tiers a move from each tier reaches (:func:`tiers` numbers), from the positions play
    reaches with moves left: each player has three pieces or more, and a move keeps the mover's
    and may take one of the other's."""
    listed = tiers(pieces)
    number = {t: i for i, t in enumerate(listed)}
    last = 2 * pieces
    children = []
    for t in listed:
        if t.placed == last:
            found = [t, Tier(last, t.white, t.black - 1), Tier(last, t.white - 1, t.black)]
        elif t.placed % 2 == 0:  # White places
            found = [Tier(t.placed + 1, t.white + 1, t.black),
                     Tier(t.placed + 1, t.white + 1, t.black - 1)]
        else:
            found = [Tier(t.placed + 1, t.white, t.black + 1),
                     Tier(t.placed + 1, t.white - 1, t.black + 1)]
        children.append(tuple(sorted({number[c] for c in found if c in number})))
    return tuple(children)


def _parse_variant(text: str) -> str:
    variant = text.strip().lower()
    if variant not in VARIANTS:
        raise ValueError(f"expected six or nine, got {quote(text)}")
    return variant


def _parse_pieces(text: str) -> int | None:
    if text.strip().lower() == "standard":
        return None
    pieces = parse_int(text)
    if not 3 <= pieces <= 9:
        raise ValueError(f"each player has 3 to 9 pieces (at most the variant's), got {pieces}")
    return pieces


def _parse_squares(text: str) -> int | None:
    if text.strip().lower() == "standard":
        return None
    squares = parse_int(text)
    if not 1 <= squares <= 3:
        raise ValueError(f"the board has 1 to 3 squares (at most the variant's), got {squares}")
    return squares


class Mills(Game[Position]):
    """Six or Nine Men's Morris (see the module), ``pieces`` each (the variant's by default).

    Moves are numbered as the compiled rules number them, with ``n`` points: ``(s * n + d) *
    (n + 1) + r``, where ``s`` is 0 for a placement and ``1 + p`` for a move from point ``p``,
    ``d`` the point the piece goes to, and ``r`` 0 for no removal, ``1 + q`` to remove the
    piece on ``q``; a position's moves come in increasing order.

    >>> game = Mills(variant="six")
    >>> position = game.parse_position("W.W/.../..../B.B/...:W:1,1")   # d7 closes a mill
    >>> [game.format_move(m) for m, _ in game.moves(position)][-3:]
    ['f6', 'd7xb2', 'd7xf2']
    >>> game.primitive(game.parse_position("W.W/.../..../B../W..:B:0,0"))  # Black holds two
    Value.LOSE
    """

    name: ClassVar[str] = "mills"
    OPTIONS: ClassVar[tuple[Option, ...]] = (
        Option("variant", _parse_variant, "six (16 points, 6 pieces, no flying) or nine (24 "
               "points, 9 pieces, flying at three)", "nine"),
        Option("pieces", _parse_pieces, "pieces each: the variant's (standard), or 3 up to it "
               "for reduced instances", "standard"),
        Option("squares", _parse_squares, "squares of the board: the variant's (standard), or "
               "fewer for reduced instances (1: the outer square alone)", "standard"),
    )

    def __init__(self, variant: str = "nine", pieces: int | None = None,
                 squares: int | None = None) -> None:
        if variant not in VARIANTS:
            raise ValueError(f"variant is six or nine, got {quote(variant)}")
        standard, most = VARIANTS[variant]
        pieces = most if pieces is None else pieces
        squares = standard if squares is None else squares
        if not 3 <= pieces <= most:
            raise ValueError(f"{variant} men's morris has 3 to {most} pieces each, got {pieces}")
        if not 1 <= squares <= standard or 2 * pieces >= 8 * squares:
            raise ValueError(f"{variant} men's morris is played on 1 to {standard} squares, with "
                             f"a point left empty when all pieces are placed: {squares} squares "
                             f"and {pieces} pieces each")
        self.variant, self.pieces, self.squares = variant, pieces, squares
        self.flying = variant == "nine"
        self.geometry = geometry(squares)
        self.points = len(self.geometry.names)
        self._neighbours = tuple(frozenset(q for e in self.geometry.edges if p in e for q in e
                                           if q != p) for p in range(self.points))
        self._mills_of = tuple(tuple(m for m in self.geometry.mills if p in m)
                               for p in range(self.points))

    def __repr__(self) -> str:
        reduced = "" if self.squares == VARIANTS[self.variant][0] else f", squares={self.squares}"
        return f"Mills(variant={self.variant!r}, pieces={self.pieces}{reduced})"

    def __str__(self) -> str:
        squares, pieces = VARIANTS[self.variant]
        reduced = "" if self.pieces == pieces else f", {self.pieces} pieces"
        if self.squares != squares:
            reduced += f", {self.squares} square{'s' if self.squares > 1 else ''}"
        return f"{self.variant} men's morris{reduced}"

    def start(self) -> Position:
        return "." * self.points + f"W{self.pieces}{self.pieces}"

    def _split(self, position: Position) -> tuple[str, str, int, int]:
        n = self.points
        return position[:n], position[n], int(position[n + 1]), int(position[n + 2])

    def primitive(self, position: Position) -> Value | None:
        board, mover, white_hand, black_hand = self._split(position)
        hand = white_hand if mover == "W" else black_hand
        return Value.LOSE if hand + board.count(mover) < 3 else None

    def _in_mill(self, board: str, point: int) -> bool:
        return any(all(board[q] == board[point] for q in mill) for mill in self._mills_of[point])

    def moves(self, position: Position) -> Iterator[tuple[int, Position]]:
        board, mover, white_hand, black_hand = self._split(position)
        n = self.points
        other = "B" if mover == "W" else "W"
        hand = white_hand if mover == "W" else black_hand
        theirs = [q for q in range(n) if board[q] == other]
        free = [q for q in theirs if not self._in_mill(board, q)] or theirs
        flies = self.flying and hand == 0 and board.count(mover) == 3
        if hand:
            white_hand -= mover == "W"
            black_hand -= mover == "B"
            actions = [(0, d) for d in range(n) if board[d] == "."]
        else:
            actions = [(1 + p, d) for p in range(n) if board[p] == mover for d in range(n)
                       if board[d] == "." and (flies or d in self._neighbours[p])]
        after = f"{other}{white_hand}{black_hand}"
        for s, d in actions:
            cells = list(board)
            if s:
                cells[s - 1] = "."
            cells[d] = mover
            moved = "".join(cells)
            base = (s * n + d) * (n + 1)
            if not (theirs and self._in_mill(moved, d)):
                yield base, moved + after
                continue
            for q in free:
                yield base + 1 + q, f"{moved[:q]}.{moved[q + 1:]}{after}"

    def format_move(self, move: int) -> str:
        n, names = self.points, self.geometry.names
        action, r = divmod(move, n + 1)
        s, d = divmod(action, n)
        text = names[d] if s == 0 else f"{names[s - 1]}-{names[d]}"
        return text + (f"x{names[r - 1]}" if r else "")

    def _ranks(self) -> list[list[int]]:
        """The points of each rank that has some, from the top, each from the left."""
        by_rank: dict[int, list[int]] = {}
        for p, (_, y) in enumerate(self.geometry.coordinates):
            by_rank.setdefault(y, []).append(p)
        return [by_rank[y] for y in sorted(by_rank, reverse=True)]

    def format_position(self, position: Position) -> str:
        """The ranks from the top, ``/`` between them, then ``:``, the player to move, ``:`` and
        the pieces each holds in hand.

        >>> Mills(variant="six").format_position("W" + "." * 15 + "B56")
        '.../.../..../.../W..:B:5,6'
        """
        board, mover, white_hand, black_hand = self._split(position)
        ranks = "/".join("".join(board[p] for p in rank) for rank in self._ranks())
        return f"{ranks}:{mover}:{white_hand},{black_hand}"

    def parse_position(self, text: str) -> Position:
        """A position as :meth:`format_position` writes it (letters in either case).

        >>> Mills(variant="six").parse_position(".../.../..../.../w..:b:5,6")
        'W...............B56'
        """
        ranks = self._ranks()
        shape = "/".join("." * len(r) for r in ranks)
        board_text, _, rest = text.strip().upper().partition(":")
        mover, _, hands = rest.partition(":")
        white_text, comma, black_text = hands.partition(",")
        rows = board_text.split("/")
        if (mover not in COLOURS or not comma or len(rows) != len(ranks)
                or any(len(row) != len(r) or set(row) - set("WB.")
                       for row, r in zip(rows, ranks, strict=True))
                or not (white_text.strip().isdigit() and black_text.strip().isdigit())):
            raise ValueError(f"a position is the ranks from the top ({shape}: W, B or '.'), "
                             f"then ':W' or ':B' for the player to move and ':w,b' for the "
                             f"pieces in hand, got {quote(text)}")
        cells = ["."] * self.points
        for row, rank in zip(rows, ranks, strict=True):
            for c, p in zip(row, rank, strict=True):
                cells[p] = c
        board = "".join(cells)
        white_hand, black_hand = int(white_text), int(black_text)
        placed_white, placed_black = self.pieces - white_hand, self.pieces - black_hand
        placing = white_hand + black_hand > 0
        if (min(placed_white, placed_black) < 0 or board.count("W") > placed_white
                or board.count("B") > placed_black or placed_white - placed_black not in (0, 1)
                or (placing and mover != "WB"[placed_white - placed_black])):
            raise ValueError(f"White places first, {self.pieces} pieces each, then both move; "
                             f"pieces on the board are at most those placed: {quote(text)}")
        position = f"{board}{mover}{white_hand}{black_hand}"
        other = "B" if mover == "W" else "W"
        hand = black_hand if mover == "W" else white_hand
        if hand + board.count(other) < 3:
            raise ValueError(f"the player who just moved has fewer than three pieces, which "
                             f"play never reaches: {quote(text)}")
        return position

    def display(self, position: Position) -> str:
        """The board, its lines drawn, rank 7 on top, with the pieces in hand and what to play.

        >>> print(Mills(variant="six").display("W" + "." * 15 + "B56"))
        7 .-----.-----.
          |     |     |
        6 | .---.---. |
          | |       | |
          | |       | |
          | |       | |
        4 .-.       .-.
          | |       | |
          | |       | |
          | |       | |
        2 | .---.---. |
          |     |     |
        1 W-----.-----.
          a b c d e f g
        Black (B) to move: place a piece (d2); in hand: White 5, Black 6
        """
        board, mover, white_hand, black_hand = self._split(position)
        grid = [[" "] * 13 for _ in range(13)]
        coordinates = self.geometry.coordinates
        for p, q in self.geometry.edges:
            (x1, y1), (x2, y2) = coordinates[p], coordinates[q]
            for k in range(2 * min(x1, x2), 2 * max(x1, x2) + 1):
                for j in range(2 * min(y1, y2), 2 * max(y1, y2) + 1):
                    grid[j][k] = "-" if y1 == y2 else "|"
        for p, (x, y) in enumerate(coordinates):
            grid[2 * y][2 * x] = board[p]
        ranks = {y for _, y in coordinates}
        rows = [f"{j // 2 + 1 if j % 2 == 0 and j // 2 in ranks else ' '} {''.join(row)}"
                for j, row in reversed(list(enumerate(grid)))]
        hand = white_hand if mover == "W" else black_hand
        flies = self.flying and hand == 0 and board.count(mover) == 3
        what = ("place a piece (d2)" if hand else "fly a piece to any empty point (a1-g7)"
                if flies else "slide a piece along a line (a1-d1)")
        return "\n".join([*[r.rstrip() for r in rows if r.strip()], "  a b c d e f g",
                          f"{COLOURS[mover]} ({mover}) to move: {what}; in hand: White "
                          f"{white_hand}, Black {black_hand}"])

    def picture(self) -> MillsBoard:
        """The page's picture: the board's points and lines, the pieces, the hands
        (:class:`~perfectplay.games.mills.board.MillsBoard`)."""
        from perfectplay.games.mills.board import MillsBoard

        return MillsBoard(self)

    def tier_sizes(self) -> tuple[int, ...]:
        """The indices of each tier of the compiled rules, in :func:`tiers` order.

        >>> sizes = Mills(variant="six").tier_sizes()
        >>> len(sizes), max(sizes), sum(sizes)
        (99, 4036032, 72084857)
        """
        return tuple(tier_size(self.points, self.pieces, t) for t in tiers(self.pieces))

    def position_bound(self) -> int:
        """The tiers' indices, summed: every position play reaches is one of them.

        >>> Mills().position_bound()
        571553403657
        """
        return sum(self.tier_sizes())

    def compiled_size(self) -> int:
        """Integers of the compiled encoding: two bit masks of the points, the player to move
        and the two hands (four bits each)."""
        return 1 << (2 * self.points + 9)

    def compiled(self) -> CompiledRules:
        """The compiled rules and tier hooks (:mod:`perfectplay.games.mills.compiled`; imports
        numba)."""
        from perfectplay.compiled.rules import CompiledRules, TierRules
        from perfectplay.games.mills import compiled

        n = self.points
        listed = tiers(self.pieces)
        found = symmetries(self.squares)
        rules = TierRules(tier=compiled.tier, rank=compiled.rank, unrank=compiled.unrank,
                          sizes=self.tier_sizes(), children=tier_children(self.pieces),
                          solving_order=tuple(range(len(listed))), image=compiled.image,
                          symmetries=len(found))
        params = compiled.params_of(n, self.pieces, self.flying, self.geometry, listed, found)
        return CompiledRules(child=compiled.child, primitive=compiled.primitive,
                             next_move=compiled.next_move, params=params,
                             size=self.compiled_size(), max_moves=(n + 1) * n * (n + 1),
                             encode=partial(_encode, n), decode=partial(_decode, n), tiers=rules)


def _encode(n: int, position: Position) -> int:
    """The compiled integer of a position on ``n`` points: White's points as bits, Black's
    above them, the player to move (1: Black), White's hand and Black's (four bits each)."""
    white = sum(1 << i for i, c in enumerate(position[:n]) if c == "W")
    black = sum(1 << i for i, c in enumerate(position[:n]) if c == "B")
    return (white | black << n | (position[n] == "B") << (2 * n)
            | int(position[n + 1]) << (2 * n + 1) | int(position[n + 2]) << (2 * n + 5))


def _decode(n: int, number: int) -> Position:
    """The position of a compiled integer; inverse of :func:`_encode`."""
    board = "".join("W" if number >> i & 1 else "B" if number >> (n + i) & 1 else "."
                    for i in range(n))
    mover = "B" if number >> (2 * n) & 1 else "W"
    return f"{board}{mover}{number >> (2 * n + 1) & 15}{number >> (2 * n + 5) & 15}"
