"""FiveHundredEleven (SRM 511): samples, the engine against a brute force, the abstraction, the
estimate that refuses at once what would not finish."""

import time

import pytest
from hypothesis import given
from hypothesis import strategies as st
from naive import five_hundred_eleven_first_wins

from perfectplay import EngineLimitError, solve
from perfectplay.check import check, check_instances, instances_of
from perfectplay.games.five_hundred_eleven import (
    FiveHundredEleven,
    judge,
    parse_five_hundred_eleven,
)


@pytest.mark.parametrize(("text", "expected"), [
    ("5\n3 5 7 9 510\n", "Fox Ciel"),
    ("4\n0 0 0 0\n", "Toastman"),
    ("1\n511\n", "Toastman"),
    ("4\n5 58 192 256\n", "Fox Ciel"),
])
def test_samples(text, expected):
    assert judge(text) == (expected, [])


card = st.one_of(st.sampled_from([0, 511, 510, 255, 256, 1, 3]), st.integers(0, 511),
                 st.builds(lambda a, b: (1 << a) | (1 << b), st.integers(0, 8), st.integers(0, 8)))


@given(st.lists(card, min_size=1, max_size=9))
def test_against_brute_force(cards):
    expected = "Fox Ciel" if five_hundred_eleven_first_wins(cards) else "Toastman"
    assert judge(f"{len(cards)}\n{' '.join(map(str, cards))}") == (expected, [])


@given(st.lists(card, min_size=1, max_size=8), st.integers(0, 6))
def test_passes_are_moves(cards, zeros):
    # cards that change nothing still hand the turn over: each zero flips nothing but parity
    cards = cards + [0] * zeros
    assert check(FiveHundredEleven(cards)).is_sound
    assert (judge(f"{len(cards)}\n{' '.join(map(str, cards))}")[0] == "Fox Ciel") \
        == five_hundred_eleven_first_wins(cards)


def test_key_sound_on_random_card_sets():
    report = check_instances(instances_of(FiveHundredEleven, count=300, size=12, seed=7))
    assert report.is_sound, report.format()
    assert report.instances == 300 and "key" in report.rules


@pytest.mark.parametrize(("text", "message"), [
    ("", "empty input"),
    ("0\n", "at least 1"),
    ("2\n1\n", "expected 2 card values"),
    ("2\n1 512\n", "outside 0..511"),
    ("2\n1 -1\n", "outside 0..511"),
    ("1\nx\n", "expected card 1 to be an integer"),
])
def test_bad_input(text, message):
    with pytest.raises(ValueError, match=message):
        parse_five_hundred_eleven(text)


def test_beyond_the_limits_is_noted():
    output, notes = judge("60\n" + " ".join(["0"] * 60))
    assert output == "Toastman" and notes  # 60 passes: the second player makes the last one


@given(st.lists(card, min_size=1, max_size=10), st.integers(0, 6))
def test_the_key_bound_bounds(cards, zeros):
    game = FiveHundredEleven(cards + [0] * zeros)
    assert game.position_bound() >= len(solve(game))


def test_six_thousand_zeros_are_refused_at_once():
    # the repro ended in MemoryError: 6,000 levels of 6,000 children of 6,000 bits
    started = time.perf_counter()
    with pytest.raises(EngineLimitError, match=r"five-hundred-eleven with N = 6,000 \(up to "
                                               r"6,001 keys x 6,000 cards\) is 3\.6e\+07 "
                                               r"children, about 2\.4 minutes"):
        judge("6000\n" + " 0" * 6000)
    assert time.perf_counter() - started < 30  # refused, not worked on for minutes


def test_many_zeros_within_the_budget_are_answered():
    assert judge("1001\n" + " 0" * 1001) == ("Fox Ciel", ["N = 1001 exceeds the contest limit 50"])


def test_memory_is_weighed_first(monkeypatch):
    monkeypatch.setenv("PERFECTPLAY_MEMORY", str(10**7))
    with pytest.raises(EngineLimitError, match=r"N = 1,000 .* needs up to 107\.8 MiB"):
        judge("1000\n" + " 0" * 1000)
