"""Atomic weights of all-small games: CGSuite's values, the classical ones, additivity and the
two-ahead rule on random all-small games."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from naive_cgt import EMPTY, form_of

from perfectplay.cgt import ZERO, CanonicalForm, parse


def _all_small(children):
    side = st.lists(children, min_size=1, max_size=2).map(tuple)
    return st.tuples(side, side)


all_small_trees = st.recursive(st.just(EMPTY), _all_small, max_leaves=6)
"""Random all-small games: at every node both players can move, or neither."""


@pytest.mark.parametrize(("text", "weight"), [
    # CGSuite's CanonicalShortGameTestCase
    ("0", "0"), ("*8", "0"), ("^", "1"), ("v*", "-1"), ("^*6", "1"), ("{0|*||*|||*||||*}", "1"),
    ("{0||0|v*}", "1"), ("{0||0|vvv}", "0"), ("{^^^|vv}", "{1|0}"),
    # Winning Ways, ch. 8: weights of the ups, and of {0 | ^^*}
    ("*", "0"), ("^^*", "2"), ("v3", "-3"), ("{0|^^*}", "3"), ("{0,^|v}", "0"),
])
def test_atomic_weights(text, weight):
    assert parse(text).atomic_weight() is parse(weight)


def test_only_all_small_games_have_one_here():
    for text in ("1", "+-1", "Tiny(1)", "1/2*"):
        with pytest.raises(ValueError, match="not all-small"):
            parse(text).atomic_weight()


@settings(max_examples=30)
@given(all_small_trees, all_small_trees)
def test_additive_and_two_ahead(a, b):
    g, h = form_of(a), form_of(b)
    assert g.is_all_small and h.is_all_small
    assert (g + h).atomic_weight() is g.atomic_weight() + h.atomic_weight()
    two = CanonicalForm.integer(2)
    if g.atomic_weight() >= two:  # the two-ahead rule: two ups ahead, Left wins
        assert g > ZERO
    if g.atomic_weight() <= -two:
        assert g < ZERO
