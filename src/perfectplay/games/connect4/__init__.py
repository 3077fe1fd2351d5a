"""Connect Four, on the standard 7x6 board by default or on a smaller one: drop stones in
columns; four in a line wins, a full board ties."""

from __future__ import annotations

import functools
from collections.abc import Iterator
from functools import partial
from typing import TYPE_CHECKING, ClassVar

from perfectplay.core.errors import quote
from perfectplay.core.game import Game
from perfectplay.core.options import Option, parse_int
from perfectplay.core.values import Value
from perfectplay.games.connect4.board import ConnectFourBoard

if TYPE_CHECKING:
    from perfectplay.compiled.rules import CompiledRules
    from perfectplay.compiled.search import SearchRules

__all__ = ["ConnectFour"]

Board = tuple[str, ...]
"""One string per column, bottom to top, of ``X`` (first player) and ``O``."""

class ConnectFour(Game):
    """Connect Four on a ``width`` x ``height`` board (``height`` at most 7, ``width *
    (height + 1)`` at most 62; by default the standard 7x6). A position is the tuple of
    columns, bottom to top; a move is a column number, 1 = leftmost, as Tromp's and Pons's
    tools count them (and as the move notation of :meth:`parse_position` writes them). X moves
    first. A position where the last mover has four in a row (across, up or diagonally) is a
    LOSE for the player to move; a full board is a TIE.

    The compiled rules (:mod:`perfectplay.games.connect4.compiled`) are bitboards with
    ``width * (height + 1)`` bits.

    >>> from perfectplay import solve
    >>> s = solve(ConnectFour(4, 4), method="compiled")
    >>> s.value(), len(s)
    (Value.TIE, 161029)

    References
    ----------
    J. Tromp, "John's Connect Four Playground", https://tromp.github.io/c4/c4.html (the values
    and position counts of small boards).
    """

    name: ClassVar[str] = "connect4"
    OPTIONS: ClassVar[tuple[Option, ...]] = (
        Option("width", parse_int, "number of columns", "7"),
        Option("height", parse_int, "number of rows", "6"),
    )

    def __init__(self, width: int = 7, height: int = 6) -> None:
        if width < 1:
            raise ValueError(f"a board has at least 1 column, got {width} (connect4 width)")
        if not 1 <= height <= 7:
            raise ValueError(f"a board is 1..7 rows high, got {height} (connect4 height)")
        if width * (height + 1) > 62:  # the compiled bitboard: height + 1 bits a column
            raise ValueError(f"width * (height + 1) is at most 62, got {width} * ({height} + 1)"
                             f" = {width * (height + 1)} (connect4 width and height)")
        self.width = width
        self.height = height

    def __repr__(self) -> str:
        return f"ConnectFour({self.width}, {self.height})"

    def picture(self) -> ConnectFourBoard:
        """The page's picture: columns of stones
        (:class:`~perfectplay.games.connect4.board.ConnectFourBoard`)."""
        return ConnectFourBoard(self)

    def __str__(self) -> str:
        return f"connect4 {self.width}x{self.height}"

    def start(self) -> Board:
        return ("",) * self.width

    def _to_move(self, board: Board) -> str:
        return "X" if sum(map(len, board)) % 2 == 0 else "O"

    def moves(self, board: Board) -> Iterator[tuple[int, Board]]:
        mark = self._to_move(board)
        for c, column in enumerate(board):
            if len(column) < self.height:
                yield c + 1, (*board[:c], column + mark, *board[c + 1:])

    def primitive(self, board: Board) -> Value | None:
        # the last mover's stones as one integer, a column of height + 1 bits each (the spare
        # bit stops a line from running into the next column): four in a line is a bit whose
        # neighbours 1, 2 and 3 steps along a direction are set too
        last = "O" if self._to_move(board) == "X" else "X"
        column = self.height + 1
        stones = 0
        for c, col in enumerate(board):
            full = (1 << len(col)) - 1
            x = _column_bits(col) & full  # X's stones, the sentinel above them dropped
            stones |= (x if last == "X" else x ^ full) << (c * column)
        for step in (1, column, column - 1, column + 1):  # up, across, the two diagonals
            pairs = stones & (stones >> step)
            if pairs & (pairs >> (2 * step)):
                return Value.LOSE
        return Value.TIE if sum(map(len, board)) == self.width * self.height else None

    def format_position(self, board: Board) -> str:
        """Columns bottom to top, ``.`` for empty cells, separated by ``/``."""
        return "/".join(column.ljust(self.height, ".") for column in board)

    def parse_position(self, text: str) -> Board:
        """A board as :meth:`format_position` writes it, or in move notation: the columns
        played from the empty board, 1 = leftmost, as Tromp's and Pons's tools write them
        (boards up to 9 columns wide); no column at all, the empty text, is the start.

        >>> ConnectFour(4, 4).parse_position("1223"), ConnectFour(4, 4).parse_position("")
        (('X', 'OX', 'O', ''), ('', '', '', ''))
        >>> ConnectFour(4, 4).parse_position("X.../OX../O.../....")
        ('X', 'OX', 'O', '')
        """
        text = text.strip()
        if text.isdigit() or not text:
            return self.play_columns(text)
        columns = text.upper().split("/")
        if len(columns) != self.width:
            raise ValueError(f"expected {self.width} columns separated by '/', got {quote(text)}")
        board = tuple(column.rstrip(".") for column in columns)
        if any(len(col) > self.height or set(col) - {"X", "O"} for col in board):
            raise ValueError(f"a column is up to {self.height} of X, O, then '.', got "
                             f"{quote(text)}")
        x = sum(col.count("X") for col in board)
        o = sum(col.count("O") for col in board)
        if x - o not in (0, 1):
            raise ValueError(f"X moves first, so X has as many stones as O or one more: "
                             f"{quote(text)}")
        return board

    def play_columns(self, moves: str) -> Board:
        """The board after the columns ``moves`` (digits, 1 = leftmost) from the empty board.

        >>> ConnectFour(4, 4).play_columns("4455")
        Traceback (most recent call last):
        ...
        ValueError: move 3 of '4455' is column 5, beyond the 4 columns (1..4)

        Raises
        ------
        ValueError
            For a column off the board or full, or a move after the game has ended.
        """
        if self.width > 9:
            raise ValueError(f"move notation writes one digit a column: a {self.width}-column "
                             "board needs the column text (columns separated by '/')")
        board = self.start()
        for number, digit in enumerate(moves, 1):
            column = int(digit) - 1
            if not 0 <= column < self.width:
                raise ValueError(f"move {number} of {quote(moves)} is column {digit}, beyond the "
                                 f"{self.width} columns (1..{self.width})")
            if len(board[column]) == self.height:
                raise ValueError(f"move {number} of {quote(moves)} is column {digit}, which is "
                                 "full")
            if self.primitive(board) is not None:
                raise ValueError(f"move {number} of {quote(moves)} comes after the game has ended")
            mark = self._to_move(board)
            board = (*board[:column], board[column] + mark, *board[column + 1:])
        return board

    def display(self, board: Board) -> str:
        """The board, top row first, over the column numbers a move is written as.

        >>> print(ConnectFour(4, 3).display(("XO", "", "X", "")))
        . . . .
        O . . .
        X . X .
        1 2 3 4
        """
        labels = self.column_labels()
        cell = len(labels[-1])  # two-digit column numbers widen every cell
        rows = []
        for r in reversed(range(self.height)):
            rows.append(" ".join((col[r] if r < len(col) else ".").ljust(cell) for col in board))
        rows.append(" ".join(label.ljust(cell) for label in labels))
        return "\n".join(row.rstrip() for row in rows)

    def column_labels(self) -> list[str]:
        """The columns, left to right, as a move into each is written.

        >>> ConnectFour(4, 4).column_labels()
        ['1', '2', '3', '4']
        """
        return [self.format_move(c) for c in range(1, self.width + 1)]

    def scores(self) -> tuple[str, ...]:
        """Pons's score, ``pons`` (:meth:`score`)."""
        return ("pons",)

    def score(self, name: str, position: Board, value: Value, remoteness: int | None) -> int:
        """Pons's score (``pons``) of a position: for a win, ``cells / 2 + 1`` less the stones
        the winner has played when the game ends; 0 for a tie; a loss, the negative.

        >>> game = ConnectFour(7, 6)
        >>> game.score("pons", game.parse_position("4455"), Value.WIN, 3)
        18

        Raises
        ------
        ValueError
            For another name, or no remoteness (a weak search's).
        """
        if name != "pons":
            return super().score(name, position, value, remoteness)
        if remoteness is None:
            raise ValueError("Pons's score needs the remoteness, which a weak search omits")
        stones = sum(len(column) for column in position)
        best = self.width * self.height // 2 + 1
        if value is Value.WIN:
            return best - ((remoteness + 1) // 2 + stones // 2)
        if value is Value.LOSE:
            return -(best - (remoteness // 2 + (stones + 1) // 2))
        return 0

    def position_bound(self) -> int:
        """Boards whose columns hold stones bottom up with as many X as O, or one more: a
        bound on the reachable positions (it counts boards past a win too), summed over the
        number of stones by a count over columns.

        >>> ConnectFour(4, 4).position_bound() >= 161029, ConnectFour(6, 5).position_bound()
        (True, 9918556649)
        """
        from math import comb

        # ways[n][x]: boards of the columns so far with n stones, x of them X
        ways = {(0, 0): 1}
        for _ in range(self.width):
            grown: dict[tuple[int, int], int] = {}
            for (n, x), count in ways.items():
                for h in range(self.height + 1):
                    for hx in range(h + 1):
                        key = (n + h, x + hx)
                        grown[key] = grown.get(key, 0) + count * comb(h, hx)
            ways = grown
        return sum(count for (n, x), count in ways.items() if x == (n + 1) // 2)

    def compiled_size(self) -> int:
        """Integers of the compiled encoding: ``2 ** (width * (height + 1))``."""
        return 1 << (self.width * (self.height + 1))

    def compiled(self) -> CompiledRules:
        """The compiled rules (imports numba), with tiers by ply
        (:mod:`perfectplay.games.connect4.tiers`)."""
        from perfectplay.compiled.rules import CompiledRules
        from perfectplay.games.connect4.compiled import child, primitive
        from perfectplay.games.connect4.tiers import tier_params, tier_rules

        width, height = self.width, self.height
        return CompiledRules(child=child, primitive=primitive,
                             params=tier_params(width, height), size=self.compiled_size(),
                             max_moves=width, encode=partial(_encode_board, width, height),
                             decode=partial(_decode_board, width, height),
                             tiers=tier_rules(width, height),
                             search=_search_rules(width, height))


# Module-level, not closures in compiled(): the rules pickle with the game.


def _search_rules(width: int, height: int) -> SearchRules:
    """The search hooks of a board (:mod:`perfectplay.games.connect4.search`)."""
    from perfectplay.compiled.search import SearchRules
    from perfectplay.games.connect4 import search as hooks

    return SearchRules(params=hooks.search_params(width, height), wins_now=hooks.wins_now,
                       safe_moves=hooks.safe_moves, order=hooks.order, key=hooks.mirror_key,
                       horizon=hooks.horizon, ceiling=hooks.ceiling, alternating=True)


def _encode_board(width: int, height: int, board: Board) -> int:
    """The compiled rules' bitboard of a board: per column, X stones as 1 bits under a
    sentinel bit.

    >>> bin(_encode_board(2, 2, ("XO", "")))
    '0b1101'

    Raises
    ------
    ValueError
        For a board of another size.
    """
    if len(board) != width or any(len(col) > height for col in board):
        raise ValueError(f"not a {width}x{height} board: {board!r}")
    column = height + 1
    code = 0
    for c, col in enumerate(board):
        code |= _column_bits(col) << (c * column)
    return code


@functools.cache  # a board has few distinct columns: 2^(height + 1) - 1 at most
def _column_bits(col: str) -> int:
    """A column's bit field: the sentinel, then the column top down as binary digits (X is 1).

    >>> bin(_column_bits("XO")), bin(_column_bits(""))
    ('0b101', '0b1')
    """
    if set(col) - {"X", "O"}:
        raise ValueError(f"a column holds X and O only, got {quote(col)}")
    return int("1" + col[::-1].translate(_BINARY_DIGITS), 2)


_BINARY_DIGITS = str.maketrans("XO", "10")


def _decode_board(width: int, height: int, code: int) -> Board:
    """The board of a compiled rules' bitboard.

    >>> _decode_board(2, 2, 0b1101)
    ('XO', '')
    """
    column = height + 1
    board = []
    for c in range(width):
        field = (code >> (c * column)) & ((1 << column) - 1)
        n = field.bit_length() - 1
        board.append("".join("X" if (field >> r) & 1 else "O" for r in range(n)))
    return tuple(board)
