"""Three Men's Morris: each player places three stones, then slides them; three in a row wins.

The tier solver's example game (:mod:`perfectplay.tiers`): its tiers are the stones on the
board, six placing tiers that every move leaves, then the sliding tier, whose moves stay in it.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, ClassVar

from perfectplay.core.errors import quote
from perfectplay.core.game import Game
from perfectplay.core.options import Option
from perfectplay.core.values import Value

if TYPE_CHECKING:
    from perfectplay.compiled.rules import CompiledRules

__all__ = ["Morris", "parse_morris"]

Position = str
"""Nine cells row by row (``X``, ``O`` or ``.``), ``/`` and the player to move: ``.........,X``
is written ``........./X``."""

_LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8))
_STEPS = (-3, 3, -1, 1)
_DIRECTIONS = ("up", "down", "left", "right")


def parse_morris(text: str) -> Position:
    """Check and normalise a position: nine cells of ``X``, ``O``, ``.``, then ``/X`` or ``/O``.

    >>> parse_morris("x...o..../x")
    'X...O..../X'
    """
    board, _, mover = text.strip().upper().partition("/")
    if len(board) != 9 or set(board) - set("XO.") or mover not in ("X", "O"):
        raise ValueError(f"a position is 9 cells of X, O or '.', '/', and X or O to move, "
                         f"got {quote(text)}")
    x, o = board.count("X"), board.count("O")
    if x > 3 or o > 3 or (x + o < 6 and mover != "XO"[(x + o) % 2]) or x - o not in (0, 1):
        raise ValueError(f"X places first, three stones each, then both slide: {quote(text)}")
    return f"{board}/{mover}"


class Morris(Game):
    """Three Men's Morris on a 3x3 board (no diagonals): X and O each place three stones in
    turn, then each turn slides one of one's stones to an empty orthogonally adjacent cell.
    Three of one's stones in a row or a column wins; a player who cannot move loses; play may
    go on forever (a draw).

    Moves are numbered as in the compiled rules: ``0..8`` place on a cell (written ``b2``),
    ``9 + 4 * cell + direction`` slide (written ``b2-up``).

    >>> from perfectplay import solve
    >>> s = solve(Morris())
    >>> len(s), s.value(), s.counts().by_value[Value.WIN]
    (5466, Value.DRAW, 1994)
    """

    name: ClassVar[str] = "morris"
    OPTIONS: ClassVar[tuple[Option, ...]] = (
        Option("start", parse_morris, "starting position: 9 cells of X, O, '.', '/', the player "
               "to move", "........./X"),
    )

    def __init__(self, start: Position = "........./X") -> None:
        self._start = parse_morris(start)

    def __repr__(self) -> str:
        return f"Morris({self._start!r})"

    def start(self) -> Position:
        return self._start

    def primitive(self, position: Position) -> Value | None:
        last = "O" if position[10] == "X" else "X"
        if any(all(position[i] == last for i in line) for line in _LINES):
            return Value.LOSE
        return None

    def moves(self, position: Position) -> Iterator[tuple[int, Position]]:
        board, mover = position[:9], position[10]
        after = "O" if mover == "X" else "X"
        if board.count(mover) < 3:
            for cell in range(9):
                if board[cell] == ".":
                    yield cell, f"{board[:cell]}{mover}{board[cell + 1:]}/{after}"
            return
        for cell in range(9):
            if board[cell] != mover:
                continue
            for direction, step in enumerate(_STEPS):
                target = cell + step
                if not 0 <= target < 9 or board[target] != ".":
                    continue
                if direction >= 2 and target // 3 != cell // 3:
                    continue
                cells = list(board)
                cells[cell], cells[target] = ".", mover
                yield 9 + 4 * cell + direction, f"{''.join(cells)}/{after}"

    def format_position(self, position: Position) -> str:
        return position

    def parse_position(self, text: str) -> Position:
        return parse_morris(text)

    def format_move(self, move: int) -> str:
        cell = move if move < 9 else (move - 9) // 4
        name = "abc"[cell % 3] + str(cell // 3 + 1)
        return name if move < 9 else f"{name}-{_DIRECTIONS[(move - 9) % 4]}"

    def display(self, position: Position) -> str:
        """The board with its column letters and row numbers.

        >>> print(Morris().display("X...O..../X"))
          a b c
        1 X . .
        2 . O .
        3 . . .
        X to move; place: b2, slide: b2-up (down, left, right)
        """
        rows = [f"{r + 1} " + " ".join(position[r * 3:r * 3 + 3]) for r in range(3)]
        return "\n".join(["  a b c", *rows,
                          f"{position[10]} to move; place: b2, slide: b2-up (down, left, right)"])

    def compiled_size(self) -> int:
        """Integers of the compiled encoding: ``2 * 3 ** 9``."""
        return 2 * 3 ** 9

    def compiled(self) -> CompiledRules:
        """The compiled rules and tier hooks (:mod:`perfectplay.games.morris.compiled`; imports
        numba): a board is the base-3 number of its cells, plus ``3 ** 9`` when O moves."""
        from perfectplay.compiled.rules import CompiledRules, TierRules
        from perfectplay.games.morris import compiled as morris

        tiers = TierRules(tier=morris.tier, rank=morris.rank, unrank=morris.unrank,
                          sizes=morris.TIER_SIZES,
                          children=(*((t + 1,) for t in range(6)), (6,)),
                          solving_order=(6, 5, 4, 3, 2, 1, 0))
        return CompiledRules(child=morris.child, primitive=morris.primitive,
                             next_move=morris.next_move, params=morris.PARAMS, size=morris.SIZE,
                             max_moves=morris.MOVES, encode=_encode, decode=_decode, tiers=tiers)


def _encode(position: Position) -> int:
    """The compiled rules' integer of a position."""
    board = sum(" XO".index(c if c != "." else " ") * 3 ** i for i, c in enumerate(position[:9]))
    return board + (3 ** 9 if position[10] == "O" else 0)


def _decode(number: int) -> Position:
    """The position of a compiled integer; inverse of :func:`_encode`."""
    board, cells = number % 3 ** 9, []
    for _ in range(9):
        cells.append(".XO"[board % 3])
        board //= 3
    return f"{''.join(cells)}/{'O' if number >= 3 ** 9 else 'X'}"
