"""``perfectplay play GAME``: play against the perfect opponent in the terminal."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import TextIO

from perfectplay.cli.gameargs import GAME_EPILOG, add_game_argument, game_from_args
from perfectplay.cli.status import SUCCESS, ArgumentParser, UsageError
from perfectplay.core.game import Position
from perfectplay.solve import Solution, solve

__all__ = ["Session", "run"]

SIDES = ("first", "second", "both")


def run(argv: Sequence[str]) -> int:
    parser = ArgumentParser(prog="perfectplay play", epilog=GAME_EPILOG,
                            description="Play a game against the perfect opponent. Each turn "
                            "lists every legal move with its value for you and its remoteness.")
    add_game_argument(parser)
    parser.add_argument("--side", choices=SIDES,
                        help="the side you play (both: you move for both; default: asked)")
    options, rest = parser.parse_known_args(argv)
    game = game_from_args(options.game, rest)
    solution = solve(game)
    side = options.side or _ask_side(sys.stdin, sys.stdout)
    Session(solution, side, sys.stdin, sys.stdout).play()
    return SUCCESS


def _ask_side(stdin: TextIO, stdout: TextIO) -> str:
    stdout.write("Play first, second or both? [first] ")
    stdout.flush()
    answer = stdin.readline().strip().lower() or "first"
    matches = [side for side in SIDES if side.startswith(answer)]
    if len(matches) != 1:
        raise UsageError(f"answer first, second or both, not {answer!r}")
    return matches[0]


class Session:
    """One game in the terminal: the human's turns read from ``stdin``, the perfect opponent's
    moves are ``Solution.best_move``."""

    def __init__(self, solution: Solution, side: str, stdin: TextIO, stdout: TextIO) -> None:
        self.solution = solution
        self.game = solution.game
        self.side = side
        self.stdin = stdin
        self.stdout = stdout
        self.history: list[Position] = [solution.start]  # positions so far, for undo

    def _say(self, text: str = "") -> None:
        print(text, file=self.stdout)

    def _human_moves(self) -> bool:
        if self.side == "both":
            return True
        first_to_move = (len(self.history) - 1) % 2 == 0
        return first_to_move == (self.side == "first")

    def play(self) -> None:
        """Alternate turns until the game ends or the human quits."""
        while True:
            position = self.history[-1]
            self._say()
            self._say(self.game.display(position))
            ranked = self.solution.moves(position)
            if not ranked:
                self._say(self._verdict(position))
                return
            if self._human_moves():
                if not self._human_turn(position):
                    return
            else:
                best = ranked[0]
                self._say(f"perfectplay plays {self.game.format_move(best.move)} "
                          f"({best.value}{_in(best.remoteness)})")
                self.history.append(best.position)

    def _human_turn(self, position: Position) -> bool:
        """Read one command; False when the human quits."""
        ranked = self.solution.moves(position)
        value = self.solution.value(position)
        self._say(f"You are to move: {value}{_in(self.solution.remoteness(position))}.")
        texts = [self.game.format_move(entry.move) for entry in ranked]
        # Menu numbers would be mistaken for moves written as numbers: offer them only when
        # no move is.
        numbered = not any(text.isdigit() for text in texts)
        for number, (text, entry) in enumerate(zip(texts, ranked, strict=True), start=1):
            label = f"{number:>3}. " if numbered else "  - "
            self._say(f"  {label}{text:<12} {entry.value}{_in(entry.remoteness)}")
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
                self._undo()
                return True
            chosen = self._match(answer, ranked, numbered=numbered)
            if chosen is not None:
                self.history.append(chosen)
                return True
            self._say(f"no move {answer!r} here")

    def _match(self, answer: str, ranked: list, *, numbered: bool) -> Position | None:
        for entry in ranked:
            if self.game.format_move(entry.move) == answer:
                return entry.position
        if numbered and answer.isdigit() and 1 <= int(answer) <= len(ranked):
            return ranked[int(answer) - 1].position
        return None

    def _undo(self) -> None:
        """Take back the human's last move (and the opponent's reply after it)."""
        if len(self.history) == 1:
            self._say("nothing to undo")
            return
        self.history.pop()
        while len(self.history) > 1 and not self._human_moves():
            self.history.pop()
        self._say("undone")

    def _verdict(self, position: Position) -> str:
        value = self.solution.value(position)
        if self.side == "both":
            return f"Game over: {value} for the player to move."
        if str(value) == "tie":
            return "Game over: a tie."
        mover_is_human = self._human_moves()
        human_won = (str(value) == "win") == mover_is_human
        return "Game over: you win." if human_won else "Game over: perfectplay wins."


def _in(remoteness: int | None) -> str:
    return "" if remoteness is None else f" in {remoteness}"
