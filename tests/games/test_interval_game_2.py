"""Interval Game 2 (ABC206 F): the sample, Grundy sums against a brute force on picked sets,
the compiled rules against the pure-Python Grundy search, coordinates that only their order
matters for (a line of 10^30), and the estimate that refuses at once what would not finish."""

import random
import subprocess
import sys
import time

import pytest
from hypothesis import given
from hypothesis import strategies as st
from naive import interval_first_wins, interval_line_grundy

from perfectplay import EngineLimitError, PositionNotSolved, solve
from perfectplay.check import check, check_instances, instances_of
from perfectplay.compiled import compiled_grundy
from perfectplay.games.interval_game_2 import (
    TABLE_BITS,
    IntervalGame2,
    answer_interval_game_2,
    judge,
    parse_interval_game_2,
)
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


@pytest.mark.parametrize("method", ["auto", "python", "compiled"])
@given(st.lists(interval_sets() | units, min_size=1, max_size=3))
def test_against_brute_force(method, cases):
    expected = "\n".join("Alice" if interval_first_wins(c) else "Bob" for c in cases)
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


@given(interval_sets() | units | st.lists(interval, min_size=1, max_size=30))
def test_the_stretch_table_matches_the_line_and_the_engine(intervals):
    game = IntervalGame2(intervals)
    assert game.grundy_by_stretches() == interval_line_grundy(intervals) == \
        grundy(game, method="python")


def test_the_stretch_table_at_contest_size_matches_the_compiled_engine():
    # the shapes that give the largest values and the longest tables
    rng = random.Random(11)
    cases = [[(i, i + 3) for i in range(1, 98)] + [(1, 2), (2, 3), (3, 4)],
             [(i, i + 9) for i in range(1, 92, 2)] + [(i, i + 3) for i in range(2, 98, 2)],
             [(i, i + 1) for i in range(1, 100)] + [(1, 100)],
             [(lo := rng.randint(1, 90), lo + rng.randint(1, 10)) for _ in range(100)],
             [tuple(sorted(rng.sample(range(1, 101), 2))) for _ in range(100)]]
    for intervals in cases:
        game = IntervalGame2(intervals)
        assert game.table_bits() <= TABLE_BITS
        assert game.grundy_by_stretches() == grundy(game, method="compiled")


def test_contest_sizes_never_load_numba():
    text = text_of([[(i, i + 3) for i in range(1, 98)]] * 20)
    code = ("import sys; from perfectplay.cli.judge import run; run(['interval-game-2']); "
            "assert 'numba' not in sys.modules")
    done = subprocess.run([sys.executable, "-c", code], input=text, capture_output=True,
                          text=True, check=False)
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout.splitlines() == [judge(text, method="python")[0].split()[0]] * 20


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
    wins = solve(IntervalGame2(intervals)).value().value == "win"
    assert wins == interval_first_wins(intervals)


def spread(intervals, gaps):
    """The same intervals on a longer line: endpoint ``e`` moved to the sum of ``gaps[:e]``
    (every gap at least 1), which keeps their order."""
    place = {end: sum(gaps[:end]) for end in {e for interval in intervals for e in interval}}
    return [(place[lo], place[hi]) for lo, hi in intervals]


gaps = st.lists(st.sampled_from([1, 2, 7, 10**9, 2**16 + 1, 2**63, 10**30]), min_size=16,
                max_size=16)


@pytest.mark.parametrize("method", ["python", "compiled"])
@given(interval_sets() | units, gaps)
def test_only_the_order_of_the_endpoints_matters(method, intervals, gaps):
    # the line walked integer by integer, and the same game stretched out to 10^30 and beyond
    # 2^63: the Grundy value is that of the small line, on both paths
    expected = interval_line_grundy(intervals)
    assert grundy(IntervalGame2(intervals), method=method) == expected
    wide = IntervalGame2(spread(intervals, gaps))
    assert grundy(wide, method=method) == expected
    assert wide.compiled_size() == IntervalGame2(intervals).compiled_size() <= 4**5


@pytest.mark.parametrize("method", ["python", "compiled"])
def test_one_long_interval_answers_at_once(method):
    # the repro: a loop over every integer of the line ran for minutes
    text = "1\n1\n1 1000000000\n"
    assert judge(text, method=method) == (
        "Alice", ["case 1: an interval ends beyond the contest limit 100"])
    huge = f"1\n2\n1 {10**40}\n{2**64} {2**64 + 1}\n"
    assert judge(huge, method=method)[0] == "Alice"  # nested: one move, whichever is picked


def test_a_position_off_the_endpoints_encodes_as_its_trimmed_stretch():
    game = IntervalGame2(((10, 20), (20, 40), (10**12, 10**12 + 5)))
    rules = game.compiled()
    assert rules.encode(game.parse_position("5-30")) == rules.encode(((10, 20),))
    assert rules.decode(rules.encode(((20, 40),))) == ((20, 40),)
    assert rules.encode(game.parse_position("21-39")) == 0  # holds no interval


@pytest.mark.parametrize(("games", "message"), [
    ([IntervalGame2([(i, i + 1) for i in range(1, 20_000)])],
     r"1 case of up to 19,999 intervals is 8e\+12 moves to look at, about 22 hours"),
    ([IntervalGame2(((1, 2),))] * 300_000,  # each case costs its tables, however small
     r"300,000 cases of up to 1 intervals is 1\.5e\+10 moves to look at, about 2\.5 minutes"),
])
def test_beyond_the_budget_is_refused_at_once(games, message):
    started = time.perf_counter()
    with pytest.raises(EngineLimitError, match=message):
        answer_interval_game_2(games)
    assert time.perf_counter() - started < 30  # refused, not worked on for minutes


def test_each_case_answered_is_progress():
    done = []
    games = [IntervalGame2(((1, 2),)), IntervalGame2(((1, 3), (2, 4)))]
    assert answer_interval_game_2(games, progress=done.append) == "Alice\nAlice"
    assert done == [1, 2]


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
    assert notes == ["T = 21 exceeds the contest limit 20",
                     "cases 1, 2, 3 and 18 more: an interval ends beyond the contest limit 100"]
