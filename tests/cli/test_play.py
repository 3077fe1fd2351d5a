"""``perfectplay play``: what a person reads and types at the prompt."""

from __future__ import annotations

import io
import os

import pytest

from perfectplay.cli import main
from perfectplay.cli.play import LEGEND, Session, _ask_side
from perfectplay.core.errors import quote
from perfectplay.games.subtraction import Subtraction
from perfectplay.games.tictactoe import TicTacToe
from perfectplay.solve import solve


def play(game, side, typed):
    stdout = io.StringIO()
    Session(solve(game), side, io.StringIO(typed), stdout).play()
    return stdout.getvalue()


def listed(text, move):
    """What the move list says of ``move`` (the last time it is listed)."""
    rows = [line.split() for line in text.splitlines() if line.startswith("  ")]
    return [" ".join(row[row.index(move):]) for row in rows if move in row][-1]


def test_a_winning_move_reads_as_its_position_a_win_in_1():
    # X completes the top row at c1: the position is a win in 1, and so is the move.
    text = play(TicTacToe("XX.OO...."), "both", "q\n")
    assert "You are to move: win in 1." in text
    assert listed(text, "c1") == "c1 win in 1"
    assert listed(text, "a3") == "a3 lose in 2"  # a3, then O completes the middle row
    assert text.startswith(LEGEND)


def test_the_opponent_says_whose_loss_it_is():
    # Heap 5, take 1 or 2: the human takes 1 (a mistake); perfectplay's reply wins.
    text = play(Subtraction(5, (1, 2)), "first", "1\nq\n")
    assert "perfectplay plays 1: you lose in 3" in text
    assert "You are to move: lose in 2." in text
    # The human takes 2 (heap 3, a loss for perfectplay): its slowest loss.
    text = play(Subtraction(5, (1, 2)), "first", "2\nq\n")
    assert "perfectplay plays 1: you win in 2" in text


def test_a_tie_is_nobodys():
    assert "perfectplay plays a1: a tie in 8" in play(TicTacToe(), "first", "b2\nq\n")


@pytest.mark.parametrize("typed", ["²", "٣", "9" * 5000, "z9", "0", "10"])
def test_an_unknown_move_is_reported_and_asked_again(typed):
    text = play(TicTacToe(), "first", f"{typed}\na1\nq\n")
    assert f"error: unknown move {quote(typed)} (a move's text or number from the list, u or q)" \
        in text
    assert "perfectplay plays b2" in text  # a1 was read after the error
    assert text.rstrip().endswith("bye")


def test_menu_numbers_are_ascii_and_in_range():
    text = play(TicTacToe(), "first", "9\nq\n")  # the ninth move listed: c3
    assert "3 . . X" in text


def test_undo_before_any_move_of_yours_is_an_error_and_asks_again():
    text = play(TicTacToe(), "second", "u\nb2\nq\n")
    assert "error: nothing to undo (you have not moved yet)" in text
    assert "undone" not in text and "2 . O ." in text


def test_undo_as_second_player_takes_back_only_your_move_and_the_reply():
    stdout = io.StringIO()
    session = Session(solve(TicTacToe()), "second", io.StringIO("b2\nu\nq\n"), stdout)
    session.play()
    assert session.history == [".........", "X........"]  # its first move stays
    assert stdout.getvalue().count("perfectplay plays a1") == 1


def test_tictactoe_move_text_is_explained():
    assert "moves: column a-c, row 1-3 (a1 top left)" in play(TicTacToe(), "first", "q\n")


def test_the_side_is_asked_again_after_a_wrong_answer():
    stdout = io.StringIO()
    assert _ask_side(io.StringIO("x\nsec\n"), stdout) == "second"
    assert "error: unknown side 'x' (answer first, second or both)" in stdout.getvalue()
    assert _ask_side(io.StringIO(""), io.StringIO()) == "first"  # end of input: the default


def test_the_play_command_survives_odd_input(capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO("²\n2\n"))
    assert main(["play", "subtraction", "--heap", "2", "--set", "1,2", "--side", "first"]) == 0
    out = capsys.readouterr().out
    assert "error: unknown move '²'" in out and "Game over: you win." in out


C4_DEEP = "52753311433677442422121"
"""A 7x6 position 23 plies deep, a win in 5 for X (Pons's test set; ``analyze`` in the README):
searched in milliseconds."""


def test_play_connect4_is_the_standard_board_answered_by_search(capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO("5\nq\n"))
    assert main(["play", "connect4", "--start", C4_DEEP, "--side", "first"]) == 0
    out, err = capsys.readouterr()
    assert "note: no table of connect4 7x6 fits in the memory available: each position is " \
           "searched when it is asked" in err and "--method tiers --db DIR" in err
    assert "1 2 3 4 5 6 7" in out and "You are to move: win in 5." in out
    # best first, each with the moves to the end, itself included (analyze: 5, 3, 4 win sooner)
    assert [" ".join(line.split()) for line in out.splitlines() if line.startswith("    - ")][:3] \
        == ["- 5 win in 5", "- 3 win in 7", "- 4 win in 7"]
    assert "perfectplay plays 5: you win in 4" in out  # its slowest loss, after 5
    assert out.count("searched ") == 3  # and how long each took
    assert out.rstrip().endswith("bye")


@pytest.mark.parametrize("threads", ["1", "2"])
def test_a_small_board_played_by_search_reads_as_played_from_its_table(capsys, monkeypatch,
                                                                       threads):
    from perfectplay.games.connect4 import ConnectFour

    if int(threads) > len(os.sched_getaffinity(0)):
        pytest.skip(f"{threads} search threads need {threads} cores")
    game, typed = ConnectFour(4, 3), "1\n3\n4\nq\n"
    monkeypatch.setattr("sys.stdin", io.StringIO(typed))
    assert main(["play", "connect4", "--width", "4", "--height", "3", "--method", "search",
                 "--start", "12", "--side", "both", "--threads", threads]) == 0
    searched = capsys.readouterr().out
    stdout = io.StringIO()
    Session(solve(game), "both", io.StringIO(typed), stdout,
            start=game.parse_position("12")).play()
    assert [line for line in searched.splitlines() if not line.startswith("searched ")] == \
        stdout.getvalue().splitlines()
    assert "searched X../O../.../...: " in searched


def test_play_starts_where_start_says(capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    assert main(["play", "tictactoe", "--start", "XX.OO....", "--side", "first"]) == 0
    assert "You are to move: win in 1." in capsys.readouterr().out
