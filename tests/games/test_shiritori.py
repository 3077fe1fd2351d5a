import pytest
from hypothesis import given
from hypothesis import strategies as st

from perfectplay import Value, outcome, solve
from perfectplay.compiled import compiled_grundy, compiled_query
from perfectplay.compiled.rules import rules_of
from perfectplay.games import load_game
from perfectplay.games.shiritori import Shiritori, parse_words
from perfectplay.impartial.grundy import grundy

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
    memo: dict = {}  # values by position (Shiritori has no key hook), filled by one search
    assert table.grundy(game.start()) == grundy(game, method="python", table=memo)
    for i, (position, value, _) in enumerate(pure.positions()):
        assert table.grundy(position) == memo[position]  # every reachable position is there
        if i % 8 == 0:
            assert compiled_query(game, position) is value


@given(word_sets)
def test_the_compiled_rules_list_the_legal_words_highest_first(words):
    game = Shiritori(words)
    rules = rules_of(game)
    for position, _, _ in solve(game, method="memo").positions():
        if game.primitive(position) is not None:
            continue
        expected = sorted(((game.index[word], rules.encode(after))
                           for word, after in game.moves(position)), reverse=True)
        assert rules.children(rules.encode(position)) == expected


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
