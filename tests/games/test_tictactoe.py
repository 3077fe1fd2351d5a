import pytest

from perfectplay import Value, solve
from perfectplay.games.tictactoe import TicTacToe, parse_board


@pytest.mark.parametrize("method", ["memo", "retrograde"])
def test_published_figures(method):
    s = solve(TicTacToe(), method=method)
    counts = s.counts()
    assert counts.positions == 5478
    assert s.value() is Value.TIE
    # 958 finished positions: 942 won by the player who just moved, 16 full-board ties.
    assert counts.primitives == {Value.WIN: 0, Value.LOSE: 942, Value.TIE: 16, Value.DRAW: 0}
    assert counts.by_remoteness[0] == {Value.LOSE: 942, Value.TIE: 16}


def test_memo_and_retrograde_agree_everywhere():
    memo = solve(TicTacToe(), method="memo")
    retro = solve(TicTacToe(), method="retrograde")
    assert dict((p, (v, r)) for p, v, r in memo.positions()) == \
        dict((p, (v, r)) for p, v, r in retro.positions())


def test_a_started_board_and_move_text():
    game = TicTacToe("XX.OO....")
    s = solve(game)
    assert (s.value(), s.remoteness(), game.format_move(s.best_move())) == (Value.WIN, 1, "c1")


@pytest.mark.parametrize("text", ["XX", "XXA......", "OO......."])
def test_bad_boards_are_refused(text):
    with pytest.raises(ValueError):
        parse_board(text)


def test_display_explains_how_a_move_is_written():
    game = TicTacToe()
    lines = game.display("X...O...O").splitlines()
    assert lines == ["  a b c", "1 X . .", "2 . O .", "3 . . O",
                     "moves: column a-c, row 1-3 (a1 top left)"]
    assert [game.format_move(cell) for cell in (0, 2, 6, 8)] == ["a1", "c1", "a3", "c3"]
