import pytest

from perfectplay import Value, solve
from perfectplay.compiled import compiled_query
from perfectplay.games.tictactoe import TicTacToe

pytestmark = pytest.mark.kernels  # also run as Python: see .ci/run's coverage run


def test_compiled_and_pure_python_agree_on_every_position():
    game = TicTacToe()
    pure = solve(game, method="memo")
    compiled = solve(game, method="compiled")
    assert compiled.method == "compiled"
    assert dict((p, (v, r)) for p, v, r in compiled.positions()) == \
        dict((p, (v, r)) for p, v, r in pure.positions())
    assert compiled.counts() == pure.counts()
    assert compiled.counts().primitives == {Value.WIN: 0, Value.LOSE: 942, Value.TIE: 16,
                                            Value.DRAW: 0}


def test_query_on_every_position():
    game = TicTacToe()
    for position, value, _ in solve(game, method="memo").positions():
        assert compiled_query(game, position) is value


def test_moves_best_move_and_line_read_the_arrays():
    game = TicTacToe()
    pure = solve(game, method="memo")
    compiled = solve(game, method="compiled")
    for board in ("XX.OO....", ".........", "X...O...."):
        assert compiled.moves(board) == pure.moves(board)
        assert compiled.best_move(board) == pure.best_move(board)
        assert compiled.line(board) == pure.line(board)
    assert "XXXXXXXXX" not in compiled and compiled.get("XXXXXXXXX") is None


def test_auto_keeps_small_games_in_python():
    assert solve(TicTacToe()).method == "memo"
