"""Quixo on an n x n board (n = 3, 4 or 5): take a cube from the outer ring, turn it to your
symbol and push it back in at another end of its row or column; n in a row wins.

The pure-Python rules live here; the compiled rules and tier hooks in
:mod:`perfectplay.games.quixo.compiled` (imported by :meth:`Quixo.compiled`, which loads numba).
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from typing import TYPE_CHECKING, ClassVar

from perfectplay.core.errors import quote
from perfectplay.core.game import Game
from perfectplay.core.options import Option, parse_int
from perfectplay.core.values import Value

if TYPE_CHECKING:
    from perfectplay.compiled.rules import CompiledRules

__all__ = ["SIZES", "Quixo", "lines", "move_table", "parse_size"]

Position = str
"""The cells row by row (``X``, ``O`` or ``.`` for a blank cube), ``/`` and the player to move:
the 3x3 start is ``........./X``."""

SIZES = (3, 4, 5)
"""The board sizes the game is defined for."""

_SIDES = ("top", "bottom", "left", "right")
"""The edges a cube is pushed in from, in the order moves are numbered."""


def parse_size(text: str) -> int:
    """The ``--size`` option: 3, 4 or 5.

    >>> parse_size("4")
    4
    """
    size = parse_int(text)
    if size not in SIZES:
        raise ValueError(f"the board is 3x3, 4x4 or 5x5, got {quote(text)}")
    return size


@cache
def move_table(n: int) -> tuple[tuple[int, int], ...]:
    """The moves of an n x n board, numbered as the compiled rules number them: ``(taken,
    landing)`` cells (``row * n + column``, from the top left), in the order of the taken cell,
    then of the edge pushed in from (top, bottom, left, right). A cube of the outer ring goes
    back in at an end of its row or column other than where it was taken: two ways for a
    corner, three for another cube of the ring.

    >>> move_table(3)[:3]
    ((0, 6), (0, 2), (1, 7))
    >>> len(move_table(3)), len(move_table(4)), len(move_table(5))
    (20, 32, 44)
    """
    moves = []
    for cell in range(n * n):
        row, column = divmod(cell, n)
        if 0 < row < n - 1 and 0 < column < n - 1:
            continue  # not on the outer ring
        landings = (column, (n - 1) * n + column, row * n, row * n + n - 1)
        moves += [(cell, land) for land in landings if land != cell]
    return tuple(moves)


@cache
def lines(n: int) -> tuple[tuple[int, ...], ...]:
    """The cells of each line of n: rows, columns, then the two diagonals.

    >>> lines(3)[-2:]
    ((0, 4, 8), (2, 4, 6))
    """
    rows = [tuple(range(r * n, r * n + n)) for r in range(n)]
    columns = [tuple(range(c, n * n, n)) for c in range(n)]
    diagonals = [tuple(i * (n + 1) for i in range(n)), tuple((i + 1) * (n - 1) for i in range(n))]
    return (*rows, *columns, *diagonals)


def _cell_name(n: int, cell: int) -> str:
    """``a1`` top left: the column's letter and the row's number, from 1."""
    return "abcde"[cell % n] + str(cell // n + 1)


class Quixo(Game):
    """Quixo on a ``size`` x ``size`` board of cubes, all blank at the start, X to move.

    A move takes a cube of the outer ring that is blank or shows the mover's symbol, turns it
    to the mover's symbol and pushes it back in at an end of its row or column other than the
    place it came from (a corner cube has two such ends, another cube of the ring three),
    shifting the cubes between by one. ``size`` in a row (a row, column or diagonal) of one's
    own symbol wins; a move that makes a line of the opponent's symbol loses, whether or not
    it makes one of the mover's too. Play may go on forever: a draw.

    A move is written as the cell taken and the cell the cube is pushed in at, each as column
    letter and row number from the top left: ``a1-c1`` takes the corner a1 and pushes it in
    at c1, the cubes b1 and c1 sliding one cell left. Moves are numbered as
    :func:`move_table` lists them.

    A position's tier is its number of blank cubes, which never grows: taking a blank cube
    leaves the tier, taking one's own stays in it (the tiers are loopy).

    >>> from perfectplay import solve
    >>> s = solve(Quixo(3))
    >>> s.value(), s.remoteness(), Quixo(3).format_move(s.best_move())
    (Value.WIN, 7, 'a1-a3')
    """

    name: ClassVar[str] = "quixo"
    OPTIONS: ClassVar[tuple[Option, ...]] = (
        Option("size", parse_size, "the board is size x size: 3, 4 or 5", "5"),
    )

    def __init__(self, size: int = 5) -> None:
        if size not in SIZES:
            raise ValueError(f"the board is 3x3, 4x4 or 5x5, got size {size!r}")
        self.size = size

    def __repr__(self) -> str:
        return f"Quixo({self.size})"

    def start(self) -> Position:
        return "." * self.size ** 2 + "/X"

    def primitive(self, position: Position) -> Value | None:
        """WIN when the player to move has a line (the last move made one of the opponent's),
        else LOSE when the player who just moved has one, else None."""
        mover = position[-1]
        last = "O" if mover == "X" else "X"
        found = {position[line[0]] for line in lines(self.size)
                 if position[line[0]] != "." and all(position[i] == position[line[0]]
                                                     for i in line)}
        if mover in found:
            return Value.WIN
        return Value.LOSE if last in found else None

    def moves(self, position: Position) -> Iterator[tuple[int, Position]]:
        n, mover = self.size, position[-1]
        after = "O" if mover == "X" else "X"
        for move, (taken, landing) in enumerate(move_table(n)):
            if position[taken] not in (".", mover):
                continue
            cells = list(position[:n * n])
            step = 1 if abs(landing - taken) < n else n  # along the row or the column
            step = step if landing > taken else -step
            for cell in range(taken, landing, step):  # the cubes between slide towards taken
                cells[cell] = cells[cell + step]
            cells[landing] = mover
            yield move, f"{''.join(cells)}/{after}"

    def position_bound(self) -> int:
        """Every board of blank, X and O cubes, with either player to move."""
        return 2 * 3 ** (self.size ** 2)

    def format_position(self, position: Position) -> str:
        return position

    def parse_position(self, text: str) -> Position:
        """Check and normalise a position: ``size ** 2`` cells of ``X``, ``O``, ``.``, then
        ``/X`` or ``/O``.

        >>> Quixo(3).parse_position("x...o..../o")
        'X...O..../O'
        """
        board, _, mover = text.strip().upper().partition("/")
        cells = self.size ** 2
        if len(board) != cells or set(board) - set("XO.") or mover not in ("X", "O"):
            raise ValueError(f"a {self.size}x{self.size} position is {cells} cells of X, O or "
                             f"'.', '/', and X or O to move, got {quote(text)}")
        return f"{board}/{mover}"

    def format_move(self, move: int) -> str:
        taken, landing = move_table(self.size)[move]
        return f"{_cell_name(self.size, taken)}-{_cell_name(self.size, landing)}"

    def display(self, position: Position) -> str:
        """The board with its column letters and row numbers, and how a move is written.

        >>> print(Quixo(3).display("X...O..../O"))
          a b c
        1 X . .
        2 . O .
        3 . . .
        O to move; a move: the cube taken, the cell it is pushed in at (a1-c1)
        """
        n = self.size
        rows = [f"{r + 1} " + " ".join(position[r * n:r * n + n]) for r in range(n)]
        return "\n".join(["  " + " ".join("abcde"[:n]), *rows,
                          f"{position[-1]} to move; a move: the cube taken, the cell it is "
                          "pushed in at (a1-c1)"])

    def compiled_size(self) -> int:
        """Integers of the compiled encoding: ``2 * 3 ** (size ** 2)``."""
        return 2 * 3 ** (self.size ** 2)

    def tier_classes(self, tier: int) -> tuple[tuple[str, slice], ...]:
        """The positions of tier ``tier`` (its number of blank cubes) by class: the number of
        X and of O cubes and the player to move (``"13 X, 12 O, X to move"``). A class is a run
        of the tier's ranking (:mod:`perfectplay.games.quixo.compiled`): a board's index is
        twice its rank within the tier, plus 1 when O is to move.

        >>> Quixo(3).tier_classes(8)
        (('0 X, 1 O, X to move', slice(0, 18, 2)), ('0 X, 1 O, O to move', slice(1, 18, 2)), \
('1 X, 0 O, X to move', slice(18, 36, 2)), ('1 X, 0 O, O to move', slice(19, 36, 2)))
        """
        from math import comb

        cells = self.size ** 2
        turned = cells - tier
        classes = []
        first = 0
        for x in range(turned + 1):
            boards = comb(cells, x) * comb(cells - x, turned - x)
            for side, mover in enumerate("XO"):
                classes.append((f"{x} X, {turned - x} O, {mover} to move",
                                slice(2 * first + side, 2 * (first + boards), 2)))
            first += boards
        return tuple(classes)

    def compiled(self) -> CompiledRules:
        """The compiled rules and tier hooks (:mod:`perfectplay.games.quixo.compiled`; imports
        numba): a board is the base-3 number of its cells, plus ``3 ** (size ** 2)`` when O
        moves; a tier is the number of blank cubes."""
        from perfectplay.compiled.rules import CompiledRules, TierRules
        from perfectplay.games.quixo import compiled

        n = self.size
        tiers = TierRules(tier=compiled.tier, rank=compiled.rank, unrank=compiled.unrank,
                          sizes=compiled.tier_sizes(n), children=compiled.tier_children(n),
                          solving_order=tuple(range(n * n + 1)), parents=compiled.parents,
                          max_parents=2 * len(move_table(n)))
        return CompiledRules(child=compiled.child, primitive=compiled.primitive,
                             next_move=compiled.next_move, params=compiled.params(n),
                             size=self.compiled_size(), max_moves=len(move_table(n)),
                             encode=compiled.encode, decode=compiled.decoder(n), tiers=tiers)
