"""Quixo: its notation, its rules on boards worked by hand, the compiled rules and tier hooks
against the Python rules (``perfectplay check``), and the tier solve against the pure-Python
retrograde solve, position by position, on the 3x3 board."""

from __future__ import annotations

import dataclasses
import json
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from unmoves import check_un_moves_on_random_games

from perfectplay import Game, Value, solve
from perfectplay.cli import main
from perfectplay.games import load_game
from perfectplay.games.quixo import Quixo, move_table
from perfectplay.tiers import solve_tiers


def moves_of(game, position):
    return {game.format_move(m): child for m, child in game.moves(position)}


def test_a_corner_cube_has_two_moves_and_another_cube_of_the_ring_three():
    game = Quixo(3)
    assert sorted(moves_of(game, game.start())) == [
        "a1-a3", "a1-c1", "a2-a1", "a2-a3", "a2-c2", "a3-a1", "a3-c3", "b1-a1", "b1-b3",
        "b1-c1", "b3-a3", "b3-b1", "b3-c3", "c1-a1", "c1-c3", "c2-a2", "c2-c1", "c2-c3",
        "c3-a3", "c3-c1"]
    assert [len(move_table(n)) for n in (3, 4, 5)] == [20, 32, 44]


def test_a_push_slides_the_cubes_between_towards_the_taken_cell():
    game = Quixo(4)
    #   a b c d
    # 1 X O . X
    # 2 O . . .
    # 3 X . . .
    # 4 . . O O
    position = "XO.XO...X.....OO/X"
    moves = moves_of(game, position)
    # a1 pushed in at d1: b1, c1, d1 slide left one cell
    assert moves["a1-d1"] == "O.XXO...X.....OO/O"
    # a1 pushed in at a4: a2, a3, a4 slide up one cell
    assert moves["a1-a4"] == "OO.XX.......X.OO/O"
    # a blank cube turned: c1 in at a1 (a1 and b1 slide right), c1 in at c4 (c2..c4 up)
    assert moves["c1-a1"] == "XXOXO...X.....OO/O"
    assert moves["c1-c4"] == "XO.XO...X.O...XO/O"
    assert "b1-a1" not in moves and "c4-c1" not in moves  # O's cubes: not X's to take
    assert "b2-b1" not in moves  # not on the outer ring


def test_a_line_of_the_opponent_loses_even_with_one_of_ones_own():
    game = Quixo(3)
    assert game.primitive("XXXOO..../O") is Value.LOSE  # X just made a line
    assert game.primitive("XXXOOO.../O") is Value.WIN  # X's move made O's line too: X loses
    assert game.primitive("XXXOOO.../X") is Value.WIN
    assert game.primitive("XOX.O.OXO/X") is None


def test_notation_and_display():
    game = load_game("quixo", {"size": "3"})
    assert repr(game) == "Quixo(3)" and game.start() == "........./X"
    assert game.parse_position(" xo......./o ") == "XO......./O"
    assert game.parse_move("........./X", "c3-a3") == move_table(3).index((8, 6))
    assert game.display("X...O..../O").splitlines()[0] == "  a b c"
    with pytest.raises(ValueError, match="a 3x3 position is 9 cells"):
        game.parse_position("XO../X")
    with pytest.raises(ValueError, match="3x3, 4x4 or 5x5"):
        load_game("quixo", {"size": "6"})


def test_the_compiled_rules_and_tiers_check_against_the_python_rules(capsys):
    assert main(["check", "quixo", "--size", "3"]) == 0
    assert "checked: compiled, moves, primitive, tiers" in capsys.readouterr().out


def test_the_tier_solve_equals_the_python_solve_everywhere(tmp_path):
    game = Quixo(3)
    tiers, python = solve_tiers(game, tmp_path / "q3"), solve(game, method="retrograde")
    assert dict(((p, (v, r)) for p, v, r in tiers.positions())) == \
        dict(((p, (v, r)) for p, v, r in python.positions()))
    counts = tiers.counts()
    assert (counts.positions, tiers.value(), tiers.remoteness()) == (32027, Value.WIN, 7)
    assert counts.by_value == {Value.WIN: 20247, Value.LOSE: 11780, Value.TIE: 0,
                               Value.DRAW: 0}


FULL_BOARDS = [f"{''.join('XO'[(b >> i) & 1] for i in range(9))}/{mover}"
               for b in range(1 << 9) for mover in "XO"]
"""Every 3x3 board without a blank cube, each player to move."""


class EveryFullBoard(Game):
    """Quixo 3x3 from a root whose moves lead to every full board: the pure-Python retrograde
    solve of it solves them all, independently of the tiers."""

    def start(self):
        return "root"

    def moves(self, position):
        if position == "root":
            return enumerate(FULL_BOARDS)
        return Quixo(3).moves(position)

    def primitive(self, position):
        return None if position == "root" else Quixo(3).primitive(position)


@pytest.fixture(scope="module")
def full_board(tmp_path_factory):
    directory = tmp_path_factory.mktemp("whole") / "q3"
    return solve_tiers(Quixo(3), directory, position="XOXOXOXOX/X", whole_tier=True)


def test_the_whole_full_board_tier_equals_the_python_solve_of_every_full_board(full_board):
    python = solve(EveryFullBoard(), method="retrograde")
    assert len(full_board) == len(FULL_BOARDS) == 1024
    assert {p: (full_board.value(p), full_board.remoteness(p)) for p in FULL_BOARDS} == \
        {p: (python.value(p), python.remoteness(p)) for p in FULL_BOARDS}
    assert full_board.manifest["order"] == [0]  # no blank cube: no other tier is reached


def test_the_classes_of_a_tier_count_its_positions_by_cubes_and_mover(full_board, capsys):
    expected: dict = {}
    for p in FULL_BOARDS:
        board, mover = p.split("/")
        label = f"{board.count('X')} X, {board.count('O')} O, {mover} to move"
        values = expected.setdefault(label, {})
        values[full_board.value(p)] = values.get(full_board.value(p), 0) + 1
    found = full_board.counts_by_class(0)
    assert found == expected and len(found) == 20  # 0 to 9 X cubes, each player to move
    assert found["9 X, 0 O, O to move"] == {Value.LOSE: 1}  # X's lines everywhere, O to move
    directory = str(full_board.directory)
    assert main(["db", "info", directory, "--classes", "0", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)["classes"]
    assert [row["class"] for row in rows] == list(found)
    assert all(row["positions"] == sum(found[row["class"]].values())
               and row["win"] == found[row["class"]].get(Value.WIN, 0)
               and row["lose"] == found[row["class"]].get(Value.LOSE, 0)
               and row["draw"] == found[row["class"]].get(Value.DRAW, 0) for row in rows)
    assert main(["db", "info", directory, "--classes", "0"]) == 0
    text = capsys.readouterr().out.splitlines()
    assert text[:4] == ["game:       Quixo(3)", "tier:       0, by class", "",
                        "class                positions  win  lose  tie  draw"]
    assert text[4].split() == ["0", "X,", "9", "O,", "X", "to", "move", "1", "0", "1", "0",
                               "0"]  # O's lines everywhere, X to move: lost
    assert main(["db", "info", directory, "--classes", "3"]) == 2
    assert capsys.readouterr().err.startswith("error: this database of quixo has no tier 3")


def test_the_command_line_solves_a_whole_tier_and_db_info_says_so(tmp_path, capsys):
    db = str(tmp_path / "q3")
    command = ["solve", "quixo", "--size", "3", "--start", "XOXOXOXOX/X", "--db", db]
    assert main([*command, "--whole-tier"]) == 0
    assert "positions:  1,024" in capsys.readouterr().out
    assert main(["db", "info", db]) == 0
    assert "start:      XOXOXOXOX/X and every position of its tier 0" in capsys.readouterr().out
    assert main(command) == 2  # the same start without --whole-tier is another database
    assert "whole_tier differs" in capsys.readouterr().err
    assert main(["solve", "tictactoe", "--db", str(tmp_path / "t"), "--whole-tier"]) == 2
    assert capsys.readouterr().err.startswith("error: tictactoe declares symmetries")


@pytest.fixture(scope="module")
def hooks():
    from perfectplay.compiled.rules import rules_of

    return {n: rules_of(Quixo(n)) for n in (3, 4, 5)}


@settings(max_examples=300, deadline=None)
@given(n=st.sampled_from([3, 4, 5]), data=st.data())
def test_rank_and_unrank_are_inverse(hooks, n, data):
    rules = hooks[n]
    tiers = rules.tiers
    cells = data.draw(st.text(alphabet="XO.", min_size=n * n, max_size=n * n))
    position = rules.index(f"{cells}/{data.draw(st.sampled_from('XO'))}")
    t = tiers.tier(rules.params, position)
    assert t == cells.count(".")
    index = tiers.rank(rules.params, t, position)
    assert 0 <= index < tiers.sizes[t] == 2 * comb(n * n, t) * 2 ** (n * n - t)
    assert tiers.unrank(rules.params, t, index) == position
    other = data.draw(st.integers(0, tiers.sizes[t] - 1))
    assert tiers.rank(rules.params, t, tiers.unrank(rules.params, t, other)) == other


def test_search_refuses_for_the_cycles_not_for_two_moves_to_one_board():
    # a1-c1 and b1-c1 both leave X on c1 alone: analyze once refused the start saying the
    # compiled rules and moves() disagree, matching them one child each
    from perfectplay import CycleError, analyze

    game = Quixo(3)
    assert moves_of(game, game.start())["a1-c1"] == moves_of(game, game.start())["b1-c1"]
    with pytest.raises(CycleError, match='method="retrograde"'):
        analyze(game)


class StoredParents(Quixo):
    """Quixo without its un-moves: the tier solver stores the moves inside each tier."""

    def compiled(self):
        rules = super().compiled()
        return dataclasses.replace(rules, tiers=dataclasses.replace(rules.tiers, parents=None,
                                                                    max_parents=0))


@pytest.mark.parametrize("n", [pytest.param(4, marks=pytest.mark.kernels), 5])
def test_un_moves_undo_the_moves_on_random_games(n):
    # every position of 20 random games (30 moves at most, each avoiding a position that ends
    # the game while it can): each parent the un-moves list has a move to it, and each child
    # lists it among its parents
    assert check_un_moves_on_random_games(Quixo(n), games=20, moves=30, seed=n) > 300


def test_the_solve_by_un_moves_equals_the_solve_with_the_moves_stored(tmp_path):
    by_unmoves = solve_tiers(Quixo(3), tmp_path / "unmoves")
    stored = solve_tiers(StoredParents(3), tmp_path / "stored")
    assert list(by_unmoves.positions()) == list(stored.positions())
    assert by_unmoves.counts() == stored.counts()
