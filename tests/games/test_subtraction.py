import pytest

from perfectplay import Value, solve
from perfectplay.games.subtraction import Subtraction


@pytest.mark.parametrize(("amounts", "period", "losing"), [
    ((1, 2, 3), 4, {0}),            # subtract 1..k: period k + 1
    ((1, 3, 4), 7, {0, 2}),         # Winning Ways: P-positions 0, 2 mod 7
    ((2, 3), 5, {0, 1}),
])
def test_known_periods(amounts, period, losing):
    for n in range(40):
        value = solve(Subtraction(n, amounts)).value()
        assert (value is Value.LOSE) == (n % period in losing), n


def test_amounts_must_be_positive():
    with pytest.raises(ValueError, match="positive"):
        Subtraction(5, (0, 1))
