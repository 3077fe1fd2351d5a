import dataclasses

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from perfectplay import Value, outcome, solve
from perfectplay.compiled import compiled_grundy, compiled_query, compiled_solve
from perfectplay.compiled.rules import rules_of
from perfectplay.games import load_game
from perfectplay.games.shiritori import Shiritori, parse_words
from perfectplay.solve.grundy import grundy

SAMPLES = [
    ("enum float if modint takahashi template", Value.WIN),
    ("catch chokudai class continue copy exec havoc intrinsic static yucatec", Value.LOSE),
    ("mnofcmzsdx lgeowlxuqm ouimgdjxlo jhwttcycwl jbcuioqbsj mdjfikdwix jhvdpuxfil peekycgxco "
     "sbvxszools xuuqebcrzp jsciwvdqzl obblxzjhco ptobhnpfpo muizaqtpgx jtgjnbtzcl sivwidaszs",
     Value.WIN),
]

# Words over two letters make dense move graphs: many words share first and last letters.
word_sets = st.lists(st.text("ab", min_size=1, max_size=4), min_size=1, max_size=10,
                     unique=True)


@pytest.mark.parametrize(("words", "value"), SAMPLES)
def test_judge_samples(words, value):
    game = Shiritori(words.split())
    assert outcome(game) is value  # the pure-Python search, or compiled at N = 16 (auto)
    assert compiled_query(game) is value
    assert solve(game, method="compiled").value() is value


def test_the_first_sample_solved_on_the_natural_state():
    game = Shiritori(("enum", "float", "if", "modint", "takahashi", "template"))
    s = solve(game, method="memo")
    assert (s.value(), s.remoteness(), s.best_move(), len(s)) == (Value.WIN, 3, "enum", 43)
    assert s.line() == ["enum", "modint", "template"]
    assert [m.move for m in s.moves() if m.value is Value.WIN] == ["enum", "if"]


@given(word_sets)
def test_compiled_and_pure_python_agree_on_every_position(words):
    game = Shiritori(words)
    pure = solve(game, method="memo")
    compiled = solve(game, method="compiled")
    assert dict((p, (v, r)) for p, v, r in compiled.positions()) == \
        dict((p, (v, r)) for p, v, r in pure.positions())
    assert compiled.counts() == pure.counts()
    assert compiled.moves() == pure.moves()


@given(word_sets)
def test_query_and_grundy_values_agree_with_pure_python(words):
    game = Shiritori(words)
    pure = solve(game, method="memo")
    table = compiled_grundy(game)
    memo: dict = {}
    for i, (position, value, _) in enumerate(pure.positions()):
        assert table.grundy(position) == grundy(game, position, table=memo)
        if i % 8 == 0:
            assert compiled_query(game, position) is value


class EveryMove(Shiritori):
    """Shiritori whose compiled rules lack the ``next_move`` hook: the solvers try every move."""

    def compiled(self):
        return dataclasses.replace(super().compiled(), next_move=None)


@given(word_sets)
def test_next_move_gives_the_first_legal_move_at_or_after_each_move(words):
    rules = rules_of(Shiritori(words))
    n = len(words)
    for position, _, _ in solve(Shiritori(words), method="memo").positions():
        p = rules.encode(position)
        legal = [m for m, _ in rules.children(p)]
        for m in range(n + 1):
            first = next((k for k in legal if k >= m), n)
            assert rules.next_move(rules.params, p, m) == first


@given(word_sets)
def test_the_next_move_hook_changes_no_answer(words):
    stepped, plain = Shiritori(words), EveryMove(words)
    assert rules_of(plain).next_move is None
    a, b = compiled_solve(stepped), compiled_solve(plain)
    assert np.array_equal(a.table, b.table) and np.array_equal(a.reachable, b.reachable)
    assert a.counts() == b.counts()
    for position, _, _ in list(a.positions())[::5]:
        assert compiled_query(stepped, position) is compiled_query(plain, position)


def test_the_next_move_hook_changes_no_answer_on_dense_sets():
    for n in (9, 10):  # every unused word legal: the hook skips the used ones
        words = ["a" + "b" * k + "a" for k in range(n)]
        a, b = compiled_solve(Shiritori(words)), compiled_solve(EveryMove(words))
        assert np.array_equal(a.table, b.table) and np.array_equal(a.reachable, b.reachable)
        assert compiled_query(Shiritori(words)) is compiled_query(EveryMove(words))


def test_a_dense_set_is_decided_by_parity():
    # every word starts and ends with "a": players alternate until the words run out
    for n in (15, 16):
        game = Shiritori(["a" + "b" * k + "a" for k in range(n)])
        s = solve(game)  # auto: compiled, 2^(n + 4) integers
        assert s.method == "compiled"
        assert (s.value(), s.remoteness()) == ((Value.WIN, n) if n % 2 else (Value.LOSE, n))
        assert len(s) == n * 2 ** (n - 1) + 1


def test_positions_read_and_write_as_text():
    game = Shiritori(("enum", "float", "if"))
    position = (frozenset({"enum", "if"}), "if")
    assert game.format_position(position) == "if:enum,if"
    assert game.parse_position("if:enum,if") == position
    assert game.parse_position("-") == game.start()
    with pytest.raises(ValueError, match="must be among"):
        game.parse_position("if:enum")
    with pytest.raises(ValueError, match="not among"):
        game.parse_position("zzz:zzz")


def test_catalogue_options():
    game = load_game("shiritori", {"words": "enum,float,if"})
    assert game.words == ("enum", "float", "if")
    with pytest.raises(ValueError, match="repeated: if"):
        load_game("shiritori", {"words": "if,if"})
    with pytest.raises(ValueError, match="non-empty"):
        parse_words("a,,b")
