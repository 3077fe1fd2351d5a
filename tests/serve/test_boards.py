"""The page's pictures (each game's ``picture()`` hook): every move of every position of small
games is played on the element of the picture that the move changes, found here from the child
position itself."""

import json

import pytest

from perfectplay import Game, solve
from perfectplay.core.board import HeapsBoard
from perfectplay.games.connect4 import ConnectFour
from perfectplay.games.cram import Cram
from perfectplay.games.graph import GraphGame
from perfectplay.games.kadomatsu import Kadomatsu
from perfectplay.games.nim import Nim
from perfectplay.games.shiritori import Shiritori
from perfectplay.games.subtraction import Subtraction
from perfectplay.games.tictactoe import TicTacToe
from perfectplay.impartial.octal import OctalGame
from perfectplay.serve.explorer import Explorer


def changed_cell(parent, child):
    return [str(i) for i, (a, b) in enumerate(zip(parent, child, strict=True)) if a != b]


def grown_column(parent, child):
    # a column is known by its label, the move into it: 1 = leftmost
    return [str(c) for c, (a, b) in enumerate(zip(parent, child, strict=True), start=1)
            if len(b) > len(a)]


def removed_values(parent, child):
    return [str(i) for i in range(parent.bit_length()) if parent >> i & 1 and not child >> i & 1]


def nim_counter(parent, child):
    return [f"{i}:{b}" for i, (a, b) in enumerate(zip(parent, child, strict=True)) if a != b]


GRAPH = GraphGame.from_edges([("a", "b"), ("b", "a"), ("b", "c"), ("c", "d"), ("a", "d")],
                             start="a")

CASES = [
    ("tictactoe", TicTacToe("X........"), changed_cell),
    ("connect4", ConnectFour(3, 3), grown_column),
    ("heaps", Nim((2, 3, 3)), nim_counter),
    ("heaps", Subtraction(12, (1, 3, 4)), lambda parent, child: [f"0:{child}"]),
    ("kadomatsu", Kadomatsu((1, 3, 2, 4, 2, 5, 3)), removed_values),
    ("shiritori", Shiritori(("enum", "float", "if", "modint", "takahashi", "template")),
     lambda parent, child: [child[1]]),
    ("graph", GRAPH, lambda parent, child: [child]),
]


@pytest.mark.parametrize(("kind", "game", "element"), CASES, ids=[repr(c[1]) for c in CASES])
def test_each_move_is_played_on_the_element_it_changes(kind, game, element):
    solution = solve(game)
    board = game.picture()
    assert board.kind == kind
    json.dumps(board.describe())
    for position, _, _ in solution.positions():
        moves = solution.moves(position)
        json.dumps(board.draw(position))
        targets = board.targets(position, moves)
        for m in moves:
            assert targets[game.format_move(m.move)] == element(position, m.position)


def test_columns_and_heaps_are_labelled_as_their_moves_name_them():
    assert ConnectFour(3, 3).picture().describe()["labels"] == ["1", "2", "3"]
    nim = Nim((2, 3, 3)).picture()
    assert nim.draw((2, 3, 3))["labels"] == ["h1", "h2", "h3"]
    assert nim.targets((2, 3, 3), solve(Nim((2, 3, 3))).moves())["h1:2"] == ["0:0"]


def test_an_octal_move_is_played_on_a_counter_of_the_heap_it_breaks():
    game = OctalGame("0.77", (6, 3, 3))
    solution = solve(game)
    board = game.picture()
    for position, _, _ in solution.positions():
        for m in solution.moves(position):
            [element] = board.target(position, m.move)
            heap, counter = map(int, element.split(":"))
            assert position[heap] == m.move[0] and 0 <= counter < position[heap]


def test_the_graph_is_laid_out_in_layers_from_the_start():
    layout = GRAPH.picture().describe()["layout"]
    assert layout == {"a": [0.0, 0.5], "b": [0.5, 0.25], "d": [0.5, 0.75], "c": [1.0, 0.5]}


def test_a_game_without_a_picture_shows_its_text():
    board = Cram("2x3").picture()
    assert board.kind == "text" and board.draw(Cram("2x3").start()) == {}


class Stones(Game):
    """A user's game with a heap picture of its own, and a ``board`` attribute of its own (the
    hook's name leaves a game's attributes alone)."""

    def __init__(self):
        self.board = (2, 1)

    def start(self):
        return self.board

    def moves(self, heaps):
        for i, h in enumerate(heaps):
            if h:
                yield i, (*heaps[:i], h - 1, *heaps[i + 1:])

    def picture(self):
        return StonesPicture(self)


class StonesPicture(HeapsBoard):
    def first_taken(self, heaps, move):
        return move, heaps[move] - 1


def test_a_users_game_draws_the_picture_its_hook_gives():
    explorer = Explorer(solve(Stones()))
    assert explorer.describe()["board"] == {"kind": "heaps"}
    board = explorer.position("(2, 1)")["board"]
    assert board["heaps"] == [2, 1] and board["labels"] == ["heap 1", "heap 2"]
    assert board["targets"] == {"0": ["0:1"], "1": ["1:0"]}


def test_a_heap_picture_without_first_taken_leaves_moves_to_the_list():
    assert HeapsBoard(Stones()).targets((2, 1), solve(Stones()).moves()) == {}
