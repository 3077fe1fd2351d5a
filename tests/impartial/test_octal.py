"""Heap games by code: OEIS nim-sequences exactly, periods proven, rules against brute force."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from naive_grundy import heap_sequence
from oeis import oeis

from perfectplay import solve
from perfectplay.games import load_game
from perfectplay.games.subtraction import Subtraction
from perfectplay.impartial.grundy import grundy
from perfectplay.impartial.octal import (
    GrundysGame,
    OctalGame,
    nim_sequence,
    parse_code,
    periodicity,
)


@pytest.mark.parametrize("method", ["python", "plain", "rare"])
def test_kayles_matches_oeis_a002186(method):
    expected = oeis("kayles_0.77_A002186_oeis.txt")
    assert len(expected) == 105
    assert nim_sequence("0.77", len(expected) - 1, method=method).tolist() == expected


@pytest.mark.parametrize("method", ["python", "plain", "rare"])
def test_dawsons_chess_matches_oeis_a002187(method):
    expected = oeis("dawsons_chess_0.137_A002187_oeis.txt")
    assert len(expected) == 132
    assert nim_sequence("0.137", len(expected) - 1, method=method).tolist() == expected
    # Dawson's Kayles 0.07 has the same values shifted by one heap (OEIS comment)
    assert nim_sequence("0.07", 131, method=method).tolist()[1:] == expected[:131]


def test_kayles_period_12_preperiod_71_proven():
    found = periodicity("0.77", nim_sequence("0.77", 400))
    assert (found.period, found.preperiod, found.saltus, found.proven) == (12, 71, 0, True)
    assert found.preperiod - 1 == 70  # the last exceptional value


def test_kayles_period_not_claimed_before_the_proof_bound():
    found = periodicity("0.77", nim_sequence("0.77", 166))
    assert found is None or not found.proven
    assert periodicity("0.77", nim_sequence("0.77", 167)).proven


def test_dawsons_chess_period_34_last_exception_51_proven():
    found = periodicity("0.137", nim_sequence("0.137", 400))
    assert (found.period, found.preperiod - 1, found.saltus, found.proven) == (34, 51, 0, True)
    # CGSuite's test for 0.07: period 34, pre-period 53 (heaps shifted by one)
    found = periodicity("0.07", nim_sequence("0.07", 400))
    assert (found.period, found.preperiod, found.proven) == (34, 53, True)


def test_subtraction_2_3_7_period_5_from_the_start():
    values = nim_sequence("subtraction:2,3,7", 60)
    assert values[:5].tolist() == [0, 0, 1, 1, 2]
    found = periodicity("subtraction:2,3,7", values)
    assert (found.period, found.preperiod, found.saltus, found.proven) == (5, 0, 0, True)
    assert values.tolist() == [grundy(Subtraction(n, (2, 3, 7))) for n in range(61)]


def test_nim_and_all_but_are_arithmetic_periodic_unproven():
    values = nim_sequence("nim", 50)
    assert values.tolist() == list(range(51))
    found = periodicity("nim", values)
    assert (found.period, found.preperiod, found.saltus, found.proven) == (1, 0, 1, False)
    assert nim_sequence("allbut:1,2", 11).tolist() == [0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3]


def test_all_but_subtraction_game_matches_the_code():
    game = Subtraction(12, (1, 2), all_but=True)
    assert [grundy(game, n) for n in range(13)] == nim_sequence("allbut:1,2", 12).tolist()


def test_grundys_game_oeis_a002188_prefix():
    # OEIS A002188, first 30 terms
    expected = [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3,
                0, 4, 1, 2]
    assert nim_sequence("grundy", 29).tolist() == expected
    assert [grundy(GrundysGame((n,))) for n in range(30)] == expected
    assert periodicity("4!.0", nim_sequence("4!.0", 3000)) is None


@pytest.mark.parametrize("code", ["0.77", "0.137", "4.7", "0.6", "4!.0", "0.f", "8.0", "0.[3]",
                                  "0.12", "4!.07", "c.1"])
def test_codes_against_brute_force(code):
    expected = heap_sequence(parse_code(code).code.replace("[3]", "3" * 20), 20)
    assert nim_sequence(code, 20, method="python").tolist() == expected
    assert nim_sequence(code, 20, method="plain").tolist() == expected


@given(st.lists(st.integers(0, 7), min_size=1, max_size=5), st.booleans())
def test_random_octal_codes_plain_equals_rare_equals_python(tail, unequal):
    code = f"4{'!' if unequal else ''}." + "".join(map(str, tail))
    python = nim_sequence(code, 60, method="python")
    assert nim_sequence(code, 60, method="plain").tolist() == python.tolist()
    assert nim_sequence(code, 60, method="rare").tolist() == python.tolist()


def test_parse_errors_name_the_problem():
    for bad, words in [("0.9x", "cannot read"), ("1.3", "d0"), ("2.3", "d0"),
                       ("subtraction:", "needs amounts"), ("foo:1", "unknown heap game"),
                       ("allbut:0", "positive")]:
        with pytest.raises(ValueError, match=words):
            parse_code(bad)
    with pytest.raises(ValueError, match="method"):
        nim_sequence("0.77", 5, method="fast")
    with pytest.raises(ValueError, match="three"):
        nim_sequence("0.f", 5, method="rare")


def test_game_positions_moves_and_catalogue():
    game = load_game("octal", {"code": "0.77", "heap": "3,5"})
    assert isinstance(game, OctalGame) and game.start() == (3, 5)
    assert grundy(game) == 3 ^ 4
    assert solve(game).value().name == "WIN"
    assert game.format_move((5, 1, (1, 3))) == "5-1=1+3"
    assert game.parse_position("5,0,3") == (3, 5) and game.format_position(()) == "0"
    assert load_game("grundy", {"heap": "7"}).start() == (7,)
