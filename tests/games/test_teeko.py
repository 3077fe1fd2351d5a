import os
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from perfectplay import Value, solve
from perfectplay.check import check
from perfectplay.games.teeko import Teeko, win_shapes

REDUCED = [Teeko(size=3, pieces=3), Teeko(size=3, pieces=4),
           Teeko(size=3, pieces=4, variant="advanced")]
"""Boards small enough for the pure-Python solve: lines with diagonals (three pieces), and with
four pieces on 3x3, where only squares win (the corners of the board too when advanced)."""


@pytest.mark.parametrize("game", [*REDUCED, Teeko(size=4, pieces=3)], ids=str)
def test_the_tier_solve_equals_the_python_retrograde_solve_everywhere(game, tmp_path):
    tiers = solve(game, method="tiers", db=tmp_path / "db")
    python = solve(game, method="retrograde")
    assert sorted(tiers.positions()) == sorted(python.positions())
    assert tiers.counts() == python.counts()


def test_the_reduced_boards_values():
    found = {str(game): (len(s := solve(game, method="retrograde")), s.value(),
                         s.counts().by_value[Value.WIN]) for game in REDUCED}
    assert found == {"teeko 3x3 3 pieces": (5390, Value.DRAW, 2914),
                     "teeko 3x3 4 pieces": (6490, Value.DRAW, 664),
                     "teeko 3x3 4 pieces advanced": (6468, Value.DRAW, 748)}


@pytest.mark.parametrize("game", REDUCED[::2], ids=str)
def test_check_passes(game):
    report = check(game)
    assert report.counterexample is None
    assert report.rules >= {"compiled", "moves", "primitive", "tiers"}


def test_shapes():
    standard, advanced = win_shapes(5, 4, "standard"), win_shapes(5, 4, "advanced")
    # 10 ranks and 10 files of four, 8 diagonals, 16 squares of side 1; then 9 + 4 + 1 larger
    assert (len(standard), len(advanced), len(set(advanced))) == (44, 58, 58)
    assert set(standard) < set(advanced)
    assert frozenset((0, 4, 20, 24)) in advanced  # the board's corners
    assert all(len(shape) == 3 for shape in win_shapes(4, 3, "advanced"))  # no square of three


def position(game, cells, mover):
    """The position with Black on ``cells[0]`` and Red on ``cells[1]`` (cell names)."""
    board = ["."] * game.size ** 2
    for colour, names in zip("BR", cells, strict=True):
        for name in names.split():
            board["abcde".index(name[0]) + game.size * (int(name[1]) - 1)] = colour
    return "".join(board) + mover


@pytest.mark.parametrize(("black", "standard", "advanced"), [
    ("a1 b2 c3 d4", Value.LOSE, Value.LOSE),   # a diagonal
    ("b5 c4 d3 e2", Value.LOSE, Value.LOSE),   # the other diagonal
    ("a3 b3 c3 d3", Value.LOSE, Value.LOSE),   # a rank
    ("d4 e4 d5 e5", Value.LOSE, Value.LOSE),   # a square of side 1
    ("a1 c1 a3 c3", None, Value.LOSE),         # side 2
    ("a1 e1 a5 e5", None, Value.LOSE),         # side 4
    ("a1 b2 c3 e5", None, None),               # a gap
    ("b1 c2 b3 a2", None, None),               # a tilted square: not a win
])
def test_who_has_won(black, standard, advanced):
    for variant, value in (("standard", standard), ("advanced", advanced)):
        game = Teeko(variant=variant)
        rules = game.compiled()
        after = position(game, (black, "a4 c5 d1 e3"), "R")
        assert game.primitive(after) is value
        assert rules.primitive_value(rules.index(after)) is value
        # the player to move is never the one whose shape counts
        assert game.primitive(after[:-1] + "B") is None


@st.composite
def boards(draw, size=5, pieces=4):
    """A position of Teeko on a ``size`` board: any number of pieces play can leave."""
    placed = draw(st.integers(0, 2 * pieces))
    cells = draw(st.permutations(range(size * size)))[:placed]
    board = ["."] * size * size
    for k, cell in enumerate(cells):
        board[cell] = "BR"[k % 2]
    mover = "BR"[placed % 2] if placed < 2 * pieces else draw(st.sampled_from("BR"))
    return "".join(board) + mover


@settings(max_examples=300, deadline=None)
@given(boards(), st.sampled_from(["standard", "advanced"]))
def test_the_compiled_rules_agree_with_the_python_rules_on_5x5(board, variant):
    game = Teeko(variant=variant)
    rules = game.compiled()
    number = rules.index(board)
    assert rules.decode(number) == board
    assert rules.primitive_value(number) is game.primitive(board)
    if game.primitive(board) is None:
        assert rules.children(number) == [(m, rules.index(c)) for m, c in game.moves(board)]
    tiers = rules.tiers
    t = tiers.tier(rules.params, number)
    index = tiers.rank(rules.params, t, number)
    assert t == 25 - board.count(".")
    assert 0 <= index < tiers.sizes[t]
    assert tiers.unrank(rules.params, t, index) == number


def test_notation():
    game = Teeko()
    board = position(game, ("c3", ""), "R")
    assert game.format_position(board) == "...../...../..B../...../.....:R"
    assert game.parse_position("...../...../..b../...../.....:r") == board
    moves = dict(game.moves(board))
    assert [game.format_move(m) for m in list(moves)[:3]] == ["a1", "b1", "c1"]
    full = position(game, ("a1 c1 e1 c5", "a5 e5 b3 d3"), "B")
    texts = [game.format_move(m) for m, _ in game.moves(full)]
    assert texts[:4] == ["a1-a2", "a1-b2", "a1-b1", "c1-c2"] and "c5-d4" in texts
    for text in texts:
        assert game.parse_move(full, text) in dict(game.moves(full))
    assert game.display(full).splitlines()[-1] == \
        "Black (B) to move: slide a piece one step, any direction (b1-c2)"


@pytest.mark.parametrize(("text", "message"), [
    ("...../...../..B../...../.....", "then ':B' or ':R'"),   # no player to move
    ("...../...../..B../...../....:R", "5 ranks of 5 cells"),   # a short rank
    ("...../...../..B../...../.....:B", "Black drops first"),  # Red drops second
    ("BBBB./RRR.R/...../...../.....:B", "already won"),         # play ended at Black's drop
])
def test_bad_positions(text, message):
    with pytest.raises(ValueError, match=message):
        Teeko().parse_position(text)
    assert Teeko().primitive(Teeko().parse_position("BBBB./RRR.R/...../...../.....:R")) \
        is Value.LOSE


@pytest.mark.parametrize(("options", "message"), [
    (["--board", "4x5"], "error: bad --board for teeko: expected a square board NxN"),
    (["--board", "6x6"], "error: bad --board for teeko: the board is 3x3 to 5x5"),
    (["--pieces", "5"], "error: bad --pieces for teeko: each player has 3 or 4 pieces"),
    (["--variant", "big"], "error: bad --variant for teeko: expected standard or advanced"),
])
def test_bad_options_say_so_in_one_line(options, message):
    done = subprocess.run([sys.executable, "-m", "perfectplay", "solve", "teeko", *options],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 2
    assert done.stderr.startswith(message) and done.stderr.count("\n") == 1


def test_the_full_board_is_refused_in_memory_and_named_by_tiers():
    done = subprocess.run([sys.executable, "-m", "perfectplay", "solve", "teeko"],
                          capture_output=True, text=True, check=False,
                          env={**os.environ, "PERFECTPLAY_MEMORY": str(16 << 30)})
    assert done.returncode == 2
    assert "172,401,726 positions" in done.stderr and "--method tiers --db DIR" in done.stderr
