"""Misère play and sums: the wrapper and searches over sums against independent brute force."""

from __future__ import annotations

import itertools

from hypothesis import given
from hypothesis import strategies as st
from naive_grundy import heap_misere_outcomes

from perfectplay import Value, outcome, solve
from perfectplay.core.sums import Sum
from perfectplay.games.nim import Nim
from perfectplay.games.subtraction import Subtraction
from perfectplay.impartial.grundy import grundy
from perfectplay.impartial.misere import misere, misere_grundy
from perfectplay.impartial.octal import OctalGame


def test_misere_nim_rule():
    # Bouton: misère Nim is won by the mover iff (some heap > 1 and nim-sum != 0) or
    # (all heaps <= 1 and nim-sum == 0)
    for heaps in itertools.product(range(4), repeat=3):
        xor = heaps[0] ^ heaps[1] ^ heaps[2]
        big = any(h > 1 for h in heaps)
        expected = (xor != 0) if big else (xor == 0)
        assert (outcome(misere(Nim(heaps))) is Value.WIN) == expected, heaps


def test_misere_kayles_values_against_independent_search():
    for n in range(13):
        value = misere_grundy(OctalGame("0.77", (n,)))
        assert (value != 0) == heap_misere_outcomes("0.77", (n,)), n
    assert [misere_grundy(OctalGame("0.77", (n,))) for n in range(10)] == [
        1, 0, 2, 3, 0, 1, 3, 2, 1, 0]


@given(st.sampled_from(["0.77", "0.137", "4.7", "4!.0", "0.6"]),
       st.lists(st.integers(0, 7), min_size=1, max_size=3))
def test_misere_sums_by_search_match_brute_force(code, heaps):
    parts = [OctalGame(code, (h,)) for h in heaps]
    total = parts[0]
    for part in parts[1:]:
        total = total + part
    expected = heap_misere_outcomes(code, tuple(heaps))
    assert (outcome(misere(total)) is Value.WIN) == expected
    assert (outcome(misere(OctalGame(code, tuple(heaps)))) is Value.WIN) == expected


def test_misere_solution_has_remoteness_and_moves():
    s = solve(misere(Nim((1, 1))))
    assert s.value() is Value.WIN and s.remoteness() == 2  # the opponent must take the last heap


def test_sum_grundy_is_nim_sum_of_parts():
    a, b, c = Nim((3,)), Subtraction(9, (1, 3, 4)), OctalGame("0.77", (5, 2))
    game = a + b + c
    assert isinstance(game, Sum) and len(game.games) == 3
    expected = grundy(a) ^ grundy(b) ^ grundy(c)
    assert grundy(game) == expected
    assert (solve(game).value() is Value.LOSE) == (expected == 0)
    assert game.format_move((2, (5, 1, (1, 3)))) == "2:5-1=1+3"
    assert game.format_position(game.start()) == "3 + 9 + 2,5"


@given(st.lists(st.integers(0, 6), min_size=1, max_size=3))
def test_sum_outcome_matches_grundy(heaps):
    game = Sum(Subtraction(h, (1, 2, 5)) for h in heaps)
    value = 0
    for h in heaps:
        value ^= grundy(Subtraction(h, (1, 2, 5)))
    assert grundy(game) == value
    assert (outcome(game) is Value.LOSE) == (value == 0)
