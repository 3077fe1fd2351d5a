"""Tic-tac-toe: X and O take turns on a 3x3 board; three in a row wins, a full board ties."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, ClassVar

from perfectplay.core.errors import quote
from perfectplay.core.game import Game
from perfectplay.core.options import Option
from perfectplay.core.values import Value
from perfectplay.games.tictactoe.board import TicTacToeBoard

if TYPE_CHECKING:
    from perfectplay.compiled.rules import CompiledRules

__all__ = ["TicTacToe", "parse_board"]

Board = str
"""Nine characters, row by row: ``X``, ``O`` or ``.``; X moves when the counts are equal."""

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


def parse_board(text: str) -> Board:
    """Check and normalise a board: nine of ``X``, ``O``, ``.``, with X to move or one ahead.

    >>> parse_board("x.o......")
    'X.O......'
    """
    board = text.strip().upper().replace("-", ".").replace("/", "")
    if len(board) != 9 or set(board) - set("XO."):
        raise ValueError(f"a board is 9 cells of X, O or '.', got {quote(text)}")
    if board.count("X") - board.count("O") not in (0, 1):
        raise ValueError(f"X moves first, so X has as many marks as O or one more: {quote(text)}")
    return board


class TicTacToe(Game):
    """Tic-tac-toe from ``start`` (default: the empty board). A move is the cell index 0..8,
    row by row, written as column letter and row number: ``a1`` top left, ``c3`` bottom right.

    A position where the last mover completed a line is a LOSE for the player to move; a full
    board without a line is a TIE.

    >>> from perfectplay import solve
    >>> s = solve(TicTacToe())
    >>> len(s), s.value(), s.counts().primitives[Value.TIE]
    (5478, Value.TIE, 16)
    """

    name: ClassVar[str] = "tictactoe"
    OPTIONS: ClassVar[tuple[Option, ...]] = (
        Option("start", parse_board, "starting board, 9 cells of X, O, '.'", "........."),
    )

    def __init__(self, start: Board = ".........") -> None:
        self._start = parse_board(start)

    def __repr__(self) -> str:
        return f"TicTacToe({self._start!r})"

    def picture(self) -> TicTacToeBoard:
        """The page's picture: nine cells
        (:class:`~perfectplay.games.tictactoe.board.TicTacToeBoard`)."""
        return TicTacToeBoard(self)

    def start(self) -> Board:
        return self._start

    def primitive(self, board: Board) -> Value | None:
        line = "OOO" if board.count("X") == board.count("O") else "XXX"  # the last mover's
        # The eight lines as slices (rows, columns, diagonals): string compares run in C.
        if line in (board[0:3], board[3:6], board[6:9], board[0::3], board[1::3], board[2::3],
                    board[0::4], board[2:7:2]):
            return Value.LOSE
        return Value.TIE if "." not in board else None

    def moves(self, board: Board) -> Iterator[tuple[int, Board]]:
        mark = "X" if board.count("X") == board.count("O") else "O"
        cell = board.find(".")
        while cell >= 0:
            yield cell, board[:cell] + mark + board[cell + 1:]
            cell = board.find(".", cell + 1)

    def format_position(self, board: Board) -> str:
        return board

    def parse_position(self, text: str) -> Board:
        return parse_board(text)

    def format_move(self, cell: int) -> str:
        return "abc"[cell % 3] + str(cell // 3 + 1)

    def display(self, board: Board) -> str:
        """The board with its column letters and row numbers, and how a move is written.

        >>> print(TicTacToe().display("X...O...."))
          a b c
        1 X . .
        2 . O .
        3 . . .
        moves: column a-c, row 1-3 (a1 top left)
        """
        rows = [f"{r + 1} " + " ".join(board[r * 3:r * 3 + 3]) for r in range(3)]
        return "\n".join(["  a b c", *rows, "moves: column a-c, row 1-3 (a1 top left)"])

    def compiled_size(self) -> int:
        """Integers of the compiled encoding: ``3 ** 9``."""
        return 3 ** 9

    def compiled(self) -> CompiledRules:
        """The compiled rules (:mod:`perfectplay.games.tictactoe.compiled`; imports numba): a
        board is the base-3 number of its cells, cell ``i`` the digit of ``3 ** i``; tiers by
        number of marks."""
        from perfectplay.compiled.rules import CompiledRules
        from perfectplay.games.tictactoe.compiled import PARAMS, TIER_RULES, child, primitive

        return CompiledRules(child=child, primitive=primitive, params=PARAMS, size=3 ** 9,
                             max_moves=9, encode=_encode_board, decode=_decode_board,
                             tiers=TIER_RULES)


# Module-level, not closures in compiled(): the rules pickle with the game.


def _encode_board(board: Board) -> int:
    """The compiled rules' integer of a board.

    >>> _encode_board("X.O......")
    19
    """
    # cell i is the digit of 3 ** i: the board reversed, read as a base-3 numeral
    return int(parse_board(board)[::-1].translate(_BASE3_DIGITS), 3)


_BASE3_DIGITS = str.maketrans(".XO", "012")


def _decode_board(code: int) -> Board:
    """The board of a compiled rules' integer.

    >>> _decode_board(19)
    'X.O......'
    """
    return "".join(".XO"[(code // 3 ** i) % 3] for i in range(9))
