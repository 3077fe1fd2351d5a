"""``perfectplay play GAME``: play against the perfect opponent in the terminal.

What a person sees counts a move in its own remoteness: a move is listed with the moves left to
the end once it is made, this one included (:attr:`MoveValue.moves_to_end`), so the winning move
of a position that is a win in 1 reads "win in 1". A move is read in the game's notation
(:meth:`Game.parse_move`). A game whose tables do not fit is played by search, each position
analysed when it is reached (:mod:`perfectplay.cli.explored`).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import TextIO

from perfectplay.cli.explored import METHODS, explored_solution, game_to_explore
from perfectplay.cli.gameargs import (
    GAME_EPILOG,
    add_book_argument,
    add_game_argument,
    add_start_argument,
    add_threads_argument,
    parse_position_text,
)
from perfectplay.cli.status import SUCCESS, ArgumentParser
from perfectplay.core.errors import quote
from perfectplay.core.game import Position
from perfectplay.core.solution import MoveValue, Solution
from perfectplay.core.values import Value

__all__ = ["Session", "run"]

SIDES = ("first", "second", "both")

LEGEND = "Moves show their value for the mover and the moves to the end, the move itself included."
"""Printed once at the start of a game: how to read the list of moves."""


def run(argv: Sequence[str]) -> int:
    parser = ArgumentParser(prog="perfectplay play", epilog=GAME_EPILOG,
                            description="Play a game against the perfect opponent. Each turn "
                            "lists every legal move with its value for you and its remoteness "
                            "(moves to the end, the move itself included).")
    add_game_argument(parser)
    add_start_argument(parser, "the position to play from")
    parser.add_argument("--side", choices=SIDES,
                        help="the side you play (both: you move for both; default: asked)")
    parser.add_argument("--db", metavar="DIR",
                        help="play from this tier database (perfectplay solve --method tiers)")
    parser.add_argument("--method", choices=METHODS, default="auto",
                        help="how to solve, without --db (see 'perfectplay solve --help'), or "
                             "search: each position searched when it is asked, as "
                             "'perfectplay analyze' does (auto does so when no table fits)")
    add_threads_argument(parser)
    add_book_argument(parser)
    options, rest = parser.parse_known_args(argv)
    game = game_to_explore(options.game, rest, options.db)
    start = None if options.start is None else parse_position_text(game, options.start)
    solution = explored_solution(game, method=options.method, start=start, database=options.db,
                                 searches=sys.stdout, book=options.book,
                                 threads=options.threads)
    side = options.side or _ask_side(sys.stdin, sys.stdout)
    Session(solution, side, sys.stdin, sys.stdout, start=start).play()
    return SUCCESS


def _ask_side(stdin: TextIO, stdout: TextIO) -> str:
    """The side the person plays, asked until the answer names one; the end of the input
    answers the default, first."""
    while True:
        stdout.write("Play first, second or both? [first] ")
        stdout.flush()
        answer = stdin.readline().strip().lower() or "first"
        matches = [side for side in SIDES if side.startswith(answer)]
        if len(matches) == 1:
            return matches[0]
        print(f"error: unknown side {quote(answer)} (answer first, second or both)", file=stdout)


class Session:
    """One game in the terminal from ``start`` (default: the solution's start): the human's
    turns read from ``stdin``, the perfect opponent's moves are ``Solution.best_move``.

    Examples
    --------
    >>> import io
    >>> from perfectplay import solve
    >>> from perfectplay.games.subtraction import Subtraction
    >>> out = io.StringIO()
    >>> Session(solve(Subtraction(2, (1, 2))), "first", io.StringIO("2\\n"), out).play()
    >>> print(out.getvalue().split("\\n", 2)[2])  # doctest: +NORMALIZE_WHITESPACE
    2
    You are to move: win in 1.
      - 2            win in 1
      - 1            lose in 2
    move, u = undo, q = quit:
    0
    Game over: you win.
    """

    def __init__(self, solution: Solution, side: str, stdin: TextIO, stdout: TextIO, *,
                 start: Position | None = None) -> None:
        self.solution = solution
        self.game = solution.game
        self.side = side
        self.stdin = stdin
        self.stdout = stdout
        # positions so far, for undo
        self.history: list[Position] = [solution.start if start is None else start]

    def _say(self, text: str = "") -> None:
        print(text, file=self.stdout)

    def _human_moves_at(self, ply: int) -> bool:
        """Whether the human moves at ``history[ply]``."""
        return self.side == "both" or (ply % 2 == 0) == (self.side == "first")

    def _human_moves(self) -> bool:
        return self._human_moves_at(len(self.history) - 1)

    def play(self) -> None:
        """Alternate turns until the game ends or the human quits."""
        self._say(LEGEND)
        while True:
            position = self.history[-1]
            self._say()
            self._say(self.game.display(position))
            ranked = self.solution.moves(position)
            if not ranked:
                self._say(self._verdict(position))
                return
            if self._human_moves():
                if not self._human_turn(position, ranked):
                    return
            else:
                best = ranked[0]
                self._say(f"perfectplay plays {self.game.format_move(best.move)}: "
                          f"{_for_the_human(best)}")
                self.history.append(best.position)

    def _human_turn(self, position: Position, ranked: list[MoveValue]) -> bool:
        """Read commands until one moves or undoes; False when the human quits."""
        value = self.solution.value(position)
        self._say(f"You are to move: {value}{_in(self.solution.remoteness(position))}.")
        texts = [self.game.format_move(entry.move) for entry in ranked]
        # Menu numbers would be mistaken for moves written as numbers: offer them only when
        # no move is.
        numbered = not any(_is_number(text) for text in texts)
        for number, (text, entry) in enumerate(zip(texts, ranked, strict=True), start=1):
            label = f"{number:>3}. " if numbered else "  - "
            self._say(f"  {label}{text:<12} {entry.value}{_in(entry.moves_to_end)}")
        prompt = "move (text or number)" if numbered else "move"
        while True:
            self.stdout.write(f"{prompt}, u = undo, q = quit: ")
            self.stdout.flush()
            line = self.stdin.readline()
            if not line or line.strip().lower() in ("q", "quit"):
                self._say("bye")
                return False
            answer = line.strip()
            if answer.lower() in ("u", "undo"):
                if self._undo():
                    return True
                continue
            chosen = self._match(position, answer, ranked, numbered=numbered)
            if chosen is not None:
                self.history.append(chosen)
                return True
            where = "a move's text or number" if numbered else "a move's text"
            self._say(f"error: unknown move {quote(answer)} ({where} from the list, u or q)")

    def _match(self, position: Position, answer: str, ranked: list[MoveValue], *,
               numbered: bool) -> Position | None:
        """The position after the move the answer names: in the game's notation, or its menu
        number."""
        try:
            move = self.game.parse_move(position, answer)
        except ValueError:
            if numbered and _is_number(answer) and 1 <= int(answer) <= len(ranked):
                return ranked[int(answer) - 1].position
            return None
        return next((entry.position for entry in ranked if entry.move == move), None)

    def _undo(self) -> bool:
        """Take back the human's last move and the opponent's replies after it; False when
        the human has made no move yet."""
        made = [ply for ply in range(len(self.history) - 1) if self._human_moves_at(ply)]
        if not made:
            self._say("error: nothing to undo (you have not moved yet)")
            return False
        del self.history[made[-1] + 1:]
        self._say("undone")
        return True

    def _verdict(self, position: Position) -> str:
        value = self.solution.value(position)
        if self.side == "both":
            return f"Game over: {value} for the player to move."
        if value is Value.TIE:
            return "Game over: a tie."
        human_won = (value is Value.WIN) == self._human_moves()
        return "Game over: you win." if human_won else "Game over: perfectplay wins."


def _is_number(text: str) -> bool:
    """ASCII digits only, and few: ``str.isdigit`` accepts ``²``, which ``int`` refuses, and
    ``int`` refuses more than 4300 digits.

    >>> _is_number("12"), _is_number("²"), _is_number("٣"), _is_number("9" * 5000)
    (True, False, False, False)
    """
    return text.isascii() and text.isdigit() and len(text) <= 18


def _for_the_human(reply: MoveValue) -> str:
    """The opponent's move's outcome, said from the human's side.

    >>> _for_the_human(MoveValue(0, 0, Value.WIN, 4))
    'you lose in 5'
    """
    if reply.value is Value.DRAW:
        return "a draw (play goes on forever)"
    counted = _in(reply.moves_to_end)
    if reply.value is Value.TIE:
        return f"a tie{counted}"
    return f"you {'lose' if reply.value is Value.WIN else 'win'}{counted}"


def _in(remoteness: int | None) -> str:
    return "" if remoteness is None else f" in {remoteness}"
