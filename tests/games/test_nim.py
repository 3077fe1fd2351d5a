from functools import reduce
from itertools import product
from operator import xor

from hypothesis import given
from hypothesis import strategies as st

from perfectplay import Value, solve
from perfectplay.games.nim import Nim


@given(st.lists(st.integers(0, 5), min_size=1, max_size=3))
def test_every_position_follows_the_nim_sum_rule(heaps):
    s = solve(Nim(tuple(heaps)))
    for position in product(*(range(h + 1) for h in heaps)):
        expected = Value.LOSE if reduce(xor, position) == 0 else Value.WIN
        assert s.value(position) is expected, position


def test_best_move_reaches_nim_sum_zero():
    s = solve(Nim((3, 4, 5)))
    heap, take = s.best_move()
    after = list((3, 4, 5))
    after[heap - 1] -= take  # heaps count from 1
    assert reduce(xor, after) == 0
    assert (heap, take) == (1, 2)  # the smallest winning label
    assert Nim((3, 4, 5)).format_move((heap, take)) == "h1:2"
    assert Nim((3, 4, 5)).parse_move((3, 4, 5), "h1:2") == (1, 2)
