"""Interval Game 2 (ABC206 F): the sample, Grundy sums against a brute force on picked sets,
the compiled rules against the pure-Python Grundy search."""

import random
from functools import cache

import pytest
from hypothesis import given
from hypothesis import strategies as st

from perfectplay import PositionNotSolved, solve
from perfectplay.check import check, check_instances, instances_of
from perfectplay.compiled import compiled_grundy
from perfectplay.games.interval_game_2 import IntervalGame2, judge, parse_interval_game_2
from perfectplay.impartial.grundy import grundy

SAMPLE = """5
3
53 98
8 43
12 53
10
4 7
5 7
3 7
4 5
5 8
6 9
4 8
5 10
1 9
5 10
2
58 98
11 29
6
79 83
44 83
38 74
49 88
18 45
64 99
1
5 9
"""


def brute_force(intervals):
    """First player wins? Recursion over the frozenset of picked interval indices."""

    @cache
    def wins(picked):
        return any(not wins(picked | {i}) for i, (lo, hi) in enumerate(intervals)
                   if all(hi <= intervals[j][0] or intervals[j][1] <= lo for j in picked))

    return wins(frozenset())


def text_of(cases):
    lines = [str(len(cases))]
    for intervals in cases:
        lines.append(str(len(intervals)))
        lines += [f"{lo} {hi}" for lo, hi in intervals]
    return "\n".join(lines) + "\n"


def test_sample():
    assert judge(SAMPLE) == ("Bob\nAlice\nBob\nAlice\nAlice", [])


interval = st.integers(1, 12).flatmap(lambda lo: st.tuples(st.just(lo), st.integers(lo + 1, 14)))


@st.composite
def interval_sets(draw):
    """Short lines, repeated intervals and intervals that touch."""
    intervals = draw(st.lists(interval, min_size=1, max_size=7))
    for lo, hi in draw(st.lists(st.sampled_from(intervals), max_size=3)):
        intervals.append(draw(st.sampled_from([(lo, hi), (hi, hi + 1), (max(1, lo - 1),
                                                                          max(2, lo))])))
    return intervals


units = st.lists(st.integers(1, 12), min_size=1, max_size=12).map(
    lambda lefts: [(lo, lo + 1) for lo in lefts])


@pytest.mark.parametrize("method", ["python", "compiled"])
@given(st.lists(interval_sets() | units, min_size=1, max_size=3))
def test_against_brute_force(method, cases):
    expected = "\n".join("Alice" if brute_force(c) else "Bob" for c in cases)
    assert judge(text_of(cases), method=method) == (expected, [])


@given(interval_sets() | units)
def test_compiled_stretches_match_the_python_grundy_search(intervals):
    game = IntervalGame2(intervals)
    table = compiled_grundy(game)
    rules = game.compiled()
    for i in table.indices().tolist():  # every stretch reached, as the game writes it
        assert table.values[i] == grundy(game, rules.decode(i)), rules.decode(i)
    assert table.grundy(game.start()) == grundy(game)


def test_compiled_judge_at_contest_size_agrees_with_python():
    rng = random.Random(7)
    cases = [[(lo := rng.randint(1, 60), lo + rng.randint(1, 3)) for _ in range(40)]
             for _ in range(5)] + [[(i, i + 1) for i in range(1, 100)] + [(1, 100)]]
    assert judge(text_of(cases), method="compiled") == judge(text_of(cases), method="python")


def test_a_sum_of_stretches_is_not_one_compiled_position():
    game = IntervalGame2(((1, 2), (2, 3), (3, 4)))
    after = dict(game.moves(game.start()))[2, 3]
    assert after == ((1, 2), (3, 4))
    with pytest.raises(PositionNotSolved):
        compiled_grundy(game).grundy(after)
    with pytest.raises(ValueError, match="sums"):
        solve(game, method="compiled")


@given(interval_sets())
def test_solve_on_the_concrete_state_agrees(intervals):
    assert (solve(IntervalGame2(intervals)).value().value == "win") == brute_force(intervals)


def test_components_are_independent():
    report = check_instances(instances_of(IntervalGame2, count=200, size=8, seed=5))
    assert report.is_sound, report.format()
    assert report.sums > 0 and "components" in report.rules


def test_unit_intervals_at_contest_size():
    intervals = [(i, i + 1) for i in range(1, 41)]  # 40 unit intervals: nim-heap of 40 moves
    assert check(IntervalGame2(intervals[:6])).is_sound
    assert judge(text_of([intervals]))[0] == "Bob"


@pytest.mark.parametrize(("text", "message"), [
    ("", "expected T"),
    ("0\n", "at least 1"),
    ("1\n2\n1 3\n", "input ends early"),
    ("1\n1\n3 3\n", "needs 1 <= L < R"),
    ("1\n1\n0 3\n", "needs 1 <= L < R"),
    ("1\n1\n1 3\n7\n", "unexpected input"),
    ("1\n1\n1 x\n", "expected R_1"),
])
def test_bad_input(text, message):
    with pytest.raises(ValueError, match=message):
        parse_interval_game_2(text)


def test_unknown_judge_method():
    with pytest.raises(ValueError, match="unknown method"):
        judge("1\n1\n1 2\n", method="fast")


def test_beyond_the_limits_is_noted():
    _, notes = parse_interval_game_2("21\n" + "1\n1 200\n" * 21)
    assert len(notes) == 22
