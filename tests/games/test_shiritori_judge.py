"""The shiritori judge format (ABC278 F), and the engine against a bitmask brute force."""

import re
from functools import cache

import pytest
from hypothesis import given
from hypothesis import strategies as st

from perfectplay.games.shiritori import judge, parse_shiritori


def brute_force(words):
    """First player wins? Recursion over (bitmask of words used, last word)."""
    n = len(words)

    @cache
    def wins(used, last):
        return any(not wins(used | 1 << i, i) for i in range(n)
                   if not used >> i & 1 and (last < 0 or words[i][0] == words[last][-1]))

    return wins(0, -1)


# few letters: dense move graphs, many words starting and ending alike
word = st.text(alphabet="abc", min_size=1, max_size=4)


@given(st.lists(word, min_size=1, max_size=9, unique=True))
def test_against_brute_force(words):
    expected = "First" if brute_force(words) else "Second"
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
