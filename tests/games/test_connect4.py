from collections import Counter

import pytest

from perfectplay import Value, solve
from perfectplay.compiled import compiled_query
from perfectplay.core.values import ValueCode
from perfectplay.games.connect4 import ConnectFour


@pytest.mark.parametrize(("width", "height", "positions"), [
    (4, 4, 161_029), (5, 4, 3_945_711), (4, 5, 1_706_255)])
def test_tromps_small_boards_are_ties_and_his_position_counts(width, height, positions):
    s = solve(ConnectFour(width, height), method="compiled")
    assert s.value() is Value.TIE  # a full board with nobody winning, not a DRAW
    assert len(s) == positions == s.counts().positions
    assert s.remoteness() == width * height  # a tie fills the board


def test_six_by_four_is_a_second_player_win():
    assert compiled_query(ConnectFour(6, 4)) is Value.LOSE


@pytest.mark.parametrize(("width", "height"), [(4, 3), (3, 4), (5, 2)])
def test_compiled_and_pure_python_agree_on_every_position(width, height):
    game = ConnectFour(width, height)
    pure = solve(game, method="memo")
    compiled = solve(game, method="compiled")
    assert dict((p, (v, r)) for p, v, r in compiled.positions()) == \
        dict((p, (v, r)) for p, v, r in pure.positions())
    assert compiled.counts() == pure.counts()
    for position, value, _ in list(pure.positions())[::97]:
        assert compiled_query(game, position) is value


def test_a_win_is_found_and_played():
    game = ConnectFour(4, 4)
    board = game.parse_position("XXX./OO../O.../....")
    s = solve(game, method="compiled")
    assert (s.value(board), s.remoteness(board), s.best_move(board)) == (Value.WIN, 1, 1)
    assert game.primitive(game.parse_position("XXXX/OOO./..../....")) is Value.LOSE


def test_text_and_bad_sizes():
    game = ConnectFour(4, 4)
    board = ("XO", "", "X", "")
    assert game.format_position(board) == "XO../..../X.../...."
    assert game.parse_position("XO../..../X.../....") == board
    with pytest.raises(ValueError, match="X moves first"):
        game.parse_position("OO../..../..../....")
    with pytest.raises(ValueError, match="rows high"):
        ConnectFour(4, 8)


@pytest.mark.parametrize(("width", "height", "message"), [
    (0, 4, r"^a board has at least 1 column, got 0 \(connect4 width\)$"),
    (4, 0, r"^a board is 1..7 rows high, got 0 \(connect4 height\)$"),
    (20, 4, r"^width \* \(height \+ 1\) is at most 62, got 20 \* \(4 \+ 1\) = 100 "
            r"\(connect4 width and height\)$")])
def test_a_bad_size_names_width_and_height_apart(width, height, message):
    with pytest.raises(ValueError, match=message):
        ConnectFour(width, height)


def test_display_numbers_the_columns_as_moves_are_written():
    game = ConnectFour(4, 2)
    assert game.display(("X", "", "", "O")) == ". . . .\nX . . O\n1 2 3 4"
    assert [game.format_move(c) for c, _ in game.moves(game.start())] == ["1", "2", "3", "4"]
    wide = ConnectFour(12, 1).display(("X", *[""] * 10, "O")).splitlines()
    assert wide == ["X  .  .  .  .  .  .  .  .  .  .  O", "1  2  3  4  5  6  7  8  9  10 11 12"]


def test_a_move_is_written_as_the_move_notation_counts_columns():
    # the printed move, appended to the columns played, reaches the child it names (a
    # 0-based move here once played the column to the left)
    game = ConnectFour(5, 4)
    played = "3321"
    for move, child in game.moves(game.parse_position(played)):
        text = game.format_move(move)
        assert game.parse_position(played + text) == child
        assert game.parse_move(game.parse_position(played), text) == move
    with pytest.raises(ValueError, match="no legal move '0'"):
        game.parse_move(game.start(), "0")


@pytest.mark.parametrize(("width", "height"), [(4, 4), (5, 3)])
def test_positions_of_one_search_key_have_one_value_and_remoteness(width, height):
    # the key gives dead stones (on no line of four with an empty cell) to X, and takes the
    # smaller of the board and its mirror image: checked on every position of a solved board
    # against the solve, not against the search that uses it
    from perfectplay.compiled.rules import rules_of
    from perfectplay.games.connect4 import search as hooks

    game = ConnectFour(width, height)
    rules = rules_of(game)
    params = hooks.search_params(width, height)
    found: dict[int, tuple[Value, int | None]] = {}
    merged = 0
    for position, value, remoteness in solve(game, method="compiled").positions():
        if game.primitive(position) is not None:
            continue  # the search keys only positions in play
        key = int(hooks.mirror_key(params, rules.index(position)))
        merged += key != min(rules.index(position), rules.index(tuple(reversed(position))))
        assert found.setdefault(key, (value, remoteness)) == (value, remoteness)
    assert merged  # some positions share a key through their dead stones alone


def test_the_ceiling_never_falls_below_the_value():
    # on every position in play without a winning move of a solved board of even height, where
    # both of its tests apply (the lines left to the mover, the second player's even cells);
    # checked against the solve, not against the search that uses it
    from perfectplay.compiled.rules import rules_of
    from perfectplay.games.connect4 import search as hooks

    game = ConnectFour(4, 4)
    rules = rules_of(game)
    params = hooks.search_params(4, 4)
    bounded = Counter()
    for position, value, _ in solve(game, method="compiled").positions():
        p = rules.index(position)
        if game.primitive(position) is not None or hooks.wins_now(params, p):
            continue  # the search asks only positions in play without a winning move
        best = int(hooks.ceiling(params, p))
        assert ValueCode.of(value) <= best, game.format_position(position)
        bounded[best, ValueCode.of(value)] += 1
    # and they prove something: losses by the even cells, ties by the lines left
    assert bounded[0, 0] > 0
    assert bounded[1, 1] > 0
