"""Kadomatsu (yukicoder No.334): samples, the engine against an independent brute force, and the
estimate that refuses at once what would not finish."""

import time

import pytest
from hypothesis import given
from hypothesis import strategies as st
from naive import kadomatsu_winning_triple

from perfectplay import EngineLimitError, solve
from perfectplay.games.kadomatsu import (
    Kadomatsu,
    answer_kadomatsu,
    judge,
    parse_kadomatsu,
    winning_triple,
)


@pytest.mark.parametrize(("text", "expected"), [
    ("3\n1 2 3\n", "-1"),
    ("3\n1 3 2\n", "0 1 2"),
])
def test_samples(text, expected):
    assert judge(text) == (expected, [])


@given(st.lists(st.integers(1, 5), min_size=3, max_size=9))
def test_against_brute_force_many_equal_values(values):
    assert winning_triple(Kadomatsu(values)) == kadomatsu_winning_triple(values)


@given(st.permutations(range(1, 10)))
def test_against_brute_force_distinct_values(values):
    assert winning_triple(Kadomatsu(values)) == kadomatsu_winning_triple(values)


def test_zigzag_twelve():
    values = (1, 12, 2, 11, 3, 10, 4, 9, 5, 8, 6, 7)
    output, notes = judge("12\n" + " ".join(map(str, values)))
    assert output == " ".join(map(str, kadomatsu_winning_triple(values)) or "-1")
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


@given(st.lists(st.integers(1, 5), min_size=3, max_size=11))
def test_the_position_bound_bounds(values):
    game = Kadomatsu(values)
    assert game.triple_bound() == len(game._triples)
    assert game.position_bound() >= len(solve(game))


@pytest.mark.parametrize("n", [30, 300, 5000])
def test_beyond_the_budget_is_refused_at_once(n):
    game, _ = parse_kadomatsu(f"{n}\n" + " ".join(str(i if i % 2 else 10**6 - i)
                                                  for i in range(n)))  # zig-zag
    started = time.perf_counter()
    with pytest.raises(EngineLimitError, match=rf"kadomatsu with N = {n} \(up to .* positions x "
                                               r".* triples\) is .* triple checks, about"):
        answer_kadomatsu(game)
    assert time.perf_counter() - started < 30  # refused, not worked on for minutes


def test_a_long_input_without_a_triple_is_answered():
    values = [1] * 40 + list(range(2, 62))  # never decreasing: no kadomatsu triple
    assert judge(f"{len(values)}\n{' '.join(map(str, values))}\n")[0] == "-1"


def test_memory_is_weighed_first(monkeypatch):
    monkeypatch.setenv("PERFECTPLAY_MEMORY", str(10**6))
    game = Kadomatsu([i if i % 2 else 100 - i for i in range(18)])
    with pytest.raises(EngineLimitError, match=r"needs up to 16\.6 MiB, more than the 976\.6 KiB"):
        answer_kadomatsu(game)
