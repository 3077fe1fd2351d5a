"""Kadomatsu (yukicoder No.334): samples, and the engine against an independent brute force."""

from functools import cache
from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from perfectplay.games.kadomatsu import Kadomatsu, judge, parse_kadomatsu, winning_triple


def brute_force(values):
    """Smallest winning first triple, or None: plain recursion over the tuple of indices left."""

    def zigzag(a, b, c):
        x, y, z = values[a], values[b], values[c]
        return len({x, y, z}) == 3 and (y > max(x, z) or y < min(x, z))

    @cache
    def wins(left):
        return any(not wins(tuple(i for i in left if i not in t))
                   for t in combinations(left, 3) if zigzag(*t))

    left = tuple(range(len(values)))
    for t in combinations(left, 3):  # lexicographic order
        if zigzag(*t) and not wins(tuple(i for i in left if i not in t)):
            return t
    return None


@pytest.mark.parametrize(("text", "expected"), [
    ("3\n1 2 3\n", "-1"),
    ("3\n1 3 2\n", "0 1 2"),
])
def test_samples(text, expected):
    assert judge(text) == (expected, [])


@given(st.lists(st.integers(1, 5), min_size=3, max_size=9))
def test_against_brute_force_many_equal_values(values):
    assert winning_triple(Kadomatsu(values)) == brute_force(values)


@given(st.permutations(range(1, 10)))
def test_against_brute_force_distinct_values(values):
    assert winning_triple(Kadomatsu(values)) == brute_force(values)


def test_zigzag_twelve():
    values = (1, 12, 2, 11, 3, 10, 4, 9, 5, 8, 6, 7)
    output, notes = judge("12\n" + " ".join(map(str, values)))
    assert output == " ".join(map(str, brute_force(values)) or "-1")
    assert notes == []


@pytest.mark.parametrize(("text", "message"), [
    ("", "empty input"),
    ("2\n1 2\n", "at least 3"),
    ("3\n1 2\n", "expected 3 values"),
    ("3\n1 2 x\n", "expected K_2 to be an integer"),
    ("3\n1 0 2\n", "at least 1"),
])
def test_bad_input(text, message):
    with pytest.raises(ValueError, match=message):
        parse_kadomatsu(text)


def test_beyond_the_limits_is_noted():
    game, notes = parse_kadomatsu("13\n" + " ".join(["2000000000"] * 13))
    assert len(game.values) == 13 and len(notes) == 2


def test_position_text_round_trip():
    game = Kadomatsu((1, 3, 2, 5))
    assert game.parse_position(game.format_position(0b1011)) == 0b1011
    assert game.parse_position("-") == 0
