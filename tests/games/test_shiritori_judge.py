"""The shiritori judge format (ABC278 F), the engine against a bitmask brute force, and inputs
beyond the compiled rules' 26 words: solved in Python when they fit, else refused at once."""

import re
import subprocess
import sys
import time

import pytest
from hypothesis import given
from hypothesis import strategies as st
from naive import shiritori_first_wins

from perfectplay import EngineLimitError, solve
from perfectplay.core.errors import NotApplicable
from perfectplay.games.shiritori import Shiritori, answer_shiritori, judge, parse_shiritori

# few letters: dense move graphs, many words starting and ending alike
word = st.text(alphabet="abc", min_size=1, max_size=4)


@given(st.lists(word, min_size=1, max_size=9, unique=True))
def test_against_brute_force(words):
    expected = "First" if shiritori_first_wins(words) else "Second"
    assert judge(f"{len(words)}\n" + "\n".join(words)) == (expected, [])


def test_dense_sixteen_words():
    words = [f"a{chr(98 + i)}a" for i in range(16)]  # every word follows every word
    assert judge("16\n" + "\n".join(words)) == ("Second", [])


@pytest.mark.parametrize(("text", "message"), [
    ("", "empty input"),
    ("0\n", "at least 1"),
    ("x\n", "expected N"),
    ("3\nab\nbc\n", "expected 3 words"),
    ("2\nab\nab\n", "duplicate word 'ab' (lines 2 and 3)"),
    ("1\nab1\n", "lowercase"),
])
def test_bad_input(text, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        parse_shiritori(text)


def test_beyond_the_limits_is_noted():
    _, notes = parse_shiritori("17\n" + "\n".join(f"q{chr(97 + i)}" for i in range(17)))
    assert notes == ["N = 17 exceeds the contest limit 16"]


def letters(i):
    """The ``i``-th two-letter word body: ``aa``, ``ab``, ..."""
    return chr(97 + i // 26) + chr(97 + i % 26)


@given(st.lists(word, min_size=1, max_size=9, unique=True))
def test_the_position_bound_bounds(words):
    game = Shiritori(words)
    assert game.position_bound() >= len(solve(game, method="memo"))


def test_more_words_than_the_compiled_rules_take_are_solved_in_python():
    # a dense core of 10 words a..a and 20 dead ends a..b: 25,601 positions at most
    words = [f"a{letters(i)}a" for i in range(10)] + [f"a{letters(i)}b" for i in range(20)]
    game = Shiritori(words)
    assert game.position_bound() == 1 + 10 * 2**9 + 20 * 2**10
    with pytest.raises(NotApplicable, match="at most 26 words"):
        solve(game, method="compiled")
    expected = "First" if shiritori_first_wins(words) else "Second"
    assert judge(f"{len(words)}\n" + "\n".join(words)) == (
        expected, ["N = 30 exceeds the contest limit 16"])


def test_many_words_that_chain_densely_are_one_class_and_answered_at_once():
    words = [f"a{letters(i)}a" for i in range(40)]  # every word follows every word
    assert answer_shiritori(Shiritori(words)) == "Second"  # 40 plays: the second makes the last


def test_many_classes_that_chain_densely_are_refused_at_once():
    words = [a + b for a in "abcdef" for b in "abcdef"][:30]  # 30 classes of 6 letters
    started = time.perf_counter()
    with pytest.raises(EngineLimitError, match=r"shiritori with N = 30 \(up to 5\.9e\+08 "
                                               r"states x 6 classes\) is 3\.5e\+09 class checks"):
        answer_shiritori(Shiritori(words))
    assert time.perf_counter() - started < 30  # refused, not worked on for minutes


@given(st.lists(word, min_size=1, max_size=8, unique=True))
def test_the_abstraction_gives_every_position_its_value(words):
    game = Shiritori(words)
    abstract = solve(game.abstraction())
    for position, value, _ in solve(game, method="memo").positions():
        assert abstract.value(game.abstract(position)) is value


def test_the_largest_abstract_search_of_sixteen_words_stays_small():
    # the 16 classes of four letters: the most states found for 16 words
    game = Shiritori([a + b for a in "abcd" for b in "abcd"])
    assert len(solve(game.abstraction())) == 26_469
    assert judge("16\n" + "\n".join(game.words)) == ("First" if shiritori_first_wins(
        game.words) else "Second", [])


def test_sixteen_words_never_load_numba():
    words = [a + b for a in "abcd" for b in "abcd"]
    code = ("import sys; from perfectplay.cli.judge import run; run(['shiritori']); "
            "assert 'numba' not in sys.modules")
    done = subprocess.run([sys.executable, "-c", code], input="16\n" + "\n".join(words),
                          capture_output=True, text=True, check=False)
    assert (done.returncode, done.stdout) == (0, "First\n"), done.stderr
