import pytest

from perfectplay import DRAW, LOSE, TIE, WIN, Value
from perfectplay.core.values import parse_value


def test_negation_swaps_win_and_lose_only():
    assert [v.negate() for v in (WIN, LOSE, TIE, DRAW)] == [LOSE, WIN, TIE, DRAW]


def test_text_round_trip():
    for value in Value:
        assert parse_value(str(value).upper()) is value
        assert eval(repr(value)) is value
    with pytest.raises(ValueError, match="unknown value"):
        parse_value("maybe")
