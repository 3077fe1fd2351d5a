"""The shiritori judge format (ABC278 F), the engine against a bitmask brute force, and inputs
beyond the compiled rules' 26 words: solved in Python when they fit, else refused at once."""

import re
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


def test_a_dense_set_of_many_words_is_refused_at_once():
    words = [f"a{letters(i)}a" for i in range(40)]  # every word follows every word
    started = time.perf_counter()
    with pytest.raises(EngineLimitError, match=r"shiritori with N = 40 \(up to 2\.2e\+13 "
                                               r"positions x 40 words\) is 8\.8e\+14 word checks"):
        answer_shiritori(Shiritori(words))
    assert time.perf_counter() - started < 1
