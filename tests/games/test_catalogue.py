"""The catalogue: one registry of every built-in game, and the hooks commands ask games for."""

from pathlib import Path

import pytest

from perfectplay.core.board import Board
from perfectplay.core.catalogue import catalogue_class, catalogue_name
from perfectplay.core.game import Game, has_hook
from perfectplay.core.partizan import PartizanGame
from perfectplay.games import CATALOGUE, find_game, find_partizan_game, load_game, names

CYCLE = Path(__file__).resolve().parents[2] / "examples" / "cycle.txt"


@pytest.mark.parametrize("name", list(CATALOGUE))
def test_each_entry_names_a_class_of_its_kind_that_bears_its_name(name):
    entry = CATALOGUE[name]
    if entry.kind == "game":
        cls = find_game(name)
        assert issubclass(cls, Game) and catalogue_class(name) is cls
    else:
        cls = find_partizan_game(name)
        assert issubclass(cls, PartizanGame)
        with pytest.raises(ValueError, match="is a partizan game"):
            find_game(name)
    assert cls.name == name


def test_aliases_are_part_of_their_entry():
    assert CATALOGUE["tictactoe"].aliases == ("ttt", "tic-tac-toe")
    assert find_game("ttt") is find_game("tic-tac-toe") is catalogue_class("ttt")
    assert catalogue_name(load_game("ttt")) == "tictactoe"
    assert set(names("game")) | set(names("partizan")) == set(CATALOGUE)


@pytest.mark.parametrize("name", names())
def test_each_game_draws_its_picture_or_its_text(name):
    # the page asks each game for its picture (its picture() hook), never a list of types
    game = load_game(name, {"file": str(CYCLE)} if name == "graph" else {})
    board = game.picture()
    assert isinstance(board, Board) and board.game is game
    assert (board.kind == "text") == (not has_hook(game, "picture"))
