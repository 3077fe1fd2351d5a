"""perfectplay check on games written in Python that also give compiled rules: the compiled rules
must play the same game, and each kind of disagreement is named."""

import dataclasses

from compiled.broken_rules import first_word_only, past_the_end, start_is_lost
from hypothesis import given, settings
from hypothesis import strategies as st

from perfectplay.check import check
from perfectplay.games.connect4 import ConnectFour
from perfectplay.games.shiritori import Shiritori
from perfectplay.games.tictactoe import TicTacToe

WORDS = ("enum", "float", "if", "modint", "takahashi", "template")


def test_the_catalogue_compiled_rules_play_the_python_games():
    for game, positions in ((TicTacToe(), 5478), (ConnectFour(3, 3), 869), (Shiritori(WORDS), 43)):
        report = check(game)
        assert report.is_sound, report.format()
        assert "compiled" in report.rules
        assert report.compiled == report.positions == positions


@settings(max_examples=25)
@given(st.lists(st.text("ab", min_size=1, max_size=3), min_size=1, max_size=7, unique=True))
def test_shiritori_compiled_rules_on_random_words(words):
    report = check(Shiritori(words))
    assert report.is_sound, report.format()
    assert report.compiled == report.positions


class Broken(Shiritori):
    def __init__(self, words, **changes):
        super().__init__(words)
        self.changes = changes

    def compiled(self):
        return dataclasses.replace(super().compiled(), **self.changes)


def test_a_next_move_that_leaves_out_a_legal_move_is_named():
    found = check(Broken(WORDS, next_move=first_word_only)).counterexample
    assert found.rule == "compiled"
    assert found.position == (frozenset(), None)
    assert "the compiled moves reach ['template:template']" in found.detail


def test_a_compiled_primitive_that_disagrees_is_named():
    found = check(Broken(WORDS, primitive=start_is_lost)).counterexample
    assert (found.rule, found.position) == ("compiled", (frozenset(), None))
    assert found.detail == ("the compiled rules say the game is over (lose for the player to "
                            "move), the Python rules play goes on")


def test_a_decode_that_is_not_the_inverse_of_encode_is_named():
    game = Shiritori(WORDS)
    found = check(Broken(WORDS, decode=lambda code: game.start())).counterexample
    assert found.rule == "compiled"
    assert "decode(encode(position))" in found.detail


def test_a_child_outside_the_encoding_is_named():
    found = check(Broken(WORDS, child=past_the_end)).counterexample
    assert found.rule == "compiled"
    assert found.detail.startswith("child() of move 5 gives 1099511627776, outside [0, 384)")
