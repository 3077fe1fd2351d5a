"""The value type: canonical forms from options, against minimax of difference games and
against values from the literature."""

import copy
import pickle
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from naive_cgt import equal, form_of, leq, negative, outcome, tree_of, trees

from perfectplay.cgt import DOWN, STAR, UP, ZERO, CanonicalForm, parse

ONE = CanonicalForm.integer(1)
TWO = CanonicalForm.integer(2)


def game(left, right):
    return CanonicalForm.from_options(left, right)


@settings(max_examples=60)
@given(trees, trees)
def test_equality_order_and_outcome_agree_with_minimax(g, h):
    # G == H exactly when G - H is a second-player win, by minimax of the difference game
    f, k = form_of(g), form_of(h)
    assert (f is k) == equal(g, h)
    assert (f <= k) == leq(g, h) and (f >= k) == leq(h, g)
    assert (f < k) == (leq(g, h) and not leq(h, g))
    assert f.is_confused_with(k) == (not leq(g, h) and not leq(h, g))
    assert f.outcome == outcome(g) and (f + k).outcome == outcome(g, h)


@pytest.mark.parametrize(("left", "right", "expected"), [
    ([], [], "0"),
    ([ZERO], [], "1"),
    ([], [ZERO], "-1"),
    ([ZERO], [ZERO], "*"),
    ([ZERO, STAR], [ZERO, STAR], "*2"),
    ([ZERO], [STAR], "^"),
    ([STAR], [ZERO], "v"),
    ([ZERO], [ONE], "1/2"),
    ([ONE], [-ONE], "+-1"),
    ([ZERO, STAR], [ZERO], "^*"),
    ([ONE], [ONE], "1*"),
    ([TWO], [ZERO], "{2|0}"),
    ([-ONE], [ONE], "0"),  # {-1 | 1} = 0, the simplest number between
    ([ZERO, STAR], [TWO], "1"),  # * reverses through 0 and drops out; 2 reverses through 1
    ([UP], [DOWN], "*"),  # Winning Ways: {^ | v} = *
])
def test_values_from_the_literature(left, right, expected):
    assert str(game(left, right)) == expected


def test_tiny_and_miny():
    tiny_one = game([ZERO], [game([ZERO], [-ONE])])
    assert tiny_one is parse("{0||0|-1}") is parse("Tiny(1)")
    assert ZERO < tiny_one < UP  # tiny is positive and smaller than up
    assert -tiny_one is parse("Miny(1)")


def test_classic_sums():
    pm1 = parse("+-1")
    assert pm1 + pm1 is ZERO
    assert UP + UP + STAR is parse("^^*")
    assert CanonicalForm.nimber(2) + CanonicalForm.nimber(3) is STAR
    assert STAR + STAR is ZERO and UP + DOWN is ZERO
    half = CanonicalForm.number(Fraction(1, 2))
    assert half + half is ONE and half - ONE is -half
    assert UP + STAR is parse("^*") and (UP + STAR).outcome == "N"
    assert CanonicalForm.uptimal(0, 3, 0) is UP + UP + UP


def test_sums_of_a_switch_as_in_cgsuite():
    # CGSuite's CanonicalShortGameTest: {3||2|1} doubled
    switch = parse("{3||2|1}")
    doubled = switch + switch
    assert doubled.left_options == (CanonicalForm.integer(5),)
    (right,) = doubled.right_options
    assert right.right_options == (CanonicalForm.integer(3),)
    assert set(right.left_options) == {CanonicalForm.integer(4), parse("{5|4}")}
    assert doubled - switch is switch
    assert (switch.birthday, switch.left_stop, switch.right_stop) == (4, 3, 2)
    assert (switch.mean, switch.temperature, switch.outcome) == (Fraction(9, 4), Fraction(3, 4),
                                                                 "L")
    assert (UP + UP).right_options == (parse("^*"),)
    assert (UP + UP + UP).right_options == (UP + UP + STAR,)


def test_hackenbush_strings_have_their_dyadic_values():
    # A Blue-Red Hackenbush string from the ground: blue edges L, red R; after the first
    # change of colour each edge halves the step (Berlekamp's rule).
    def string(edges: str) -> CanonicalForm:
        if not edges:
            return ZERO
        lefts = [string(edges[:i]) for i, e in enumerate(edges) if e == "L"]
        rights = [string(edges[:i]) for i, e in enumerate(edges) if e == "R"]
        return game(lefts, rights)

    assert string("LLL") is CanonicalForm.integer(3)
    assert string("LR") is CanonicalForm.number(Fraction(1, 2))
    assert string("LRR") is CanonicalForm.number(Fraction(1, 4))
    assert string("LRL") is CanonicalForm.number(Fraction(3, 4))
    assert string("RLLR") is CanonicalForm.number(Fraction(-3, 8))


def test_numbers_nimbers_and_predicates():
    three_quarters = CanonicalForm.number(Fraction(3, 4))
    assert three_quarters.left_options == (CanonicalForm.number(Fraction(1, 2)),)
    assert three_quarters.right_options == (ONE,)
    assert three_quarters.birthday == 3 and CanonicalForm.integer(-4).birthday == 4
    assert CanonicalForm.dyadic(Fraction(-1, 2)) is -CanonicalForm.number("1/2")
    assert CanonicalForm.nimber(3).left_options == (ZERO, STAR, CanonicalForm.nimber(2))
    assert STAR.is_nimber and not STAR.is_number and STAR.is_infinitesimal and STAR.is_all_small
    assert UP.is_infinitesimal and UP.is_all_small and not UP.is_nimber
    assert ONE.is_number and ONE.is_integer and not ONE.is_all_small
    assert not parse("{1|-1}").is_infinitesimal and not parse("{1|-1}").is_all_small
    assert parse("Tiny(1)").is_infinitesimal and not parse("Tiny(1)").is_all_small
    big = CanonicalForm.integer(10**12)
    assert big.left_options == (CanonicalForm.integer(10**12 - 1),) and big > ONE
    huge = CanonicalForm.integer(10**30)  # beyond what a float holds exactly
    assert CanonicalForm.integer(10**30 - 1) < huge < huge + UP < huge + ONE
    assert (huge + STAR).is_confused_with(huge) and str(huge + STAR) == f"{10**30}*"
    tiny_step = CanonicalForm.number(Fraction(1, 2**1100))
    assert ZERO < tiny_step < CanonicalForm.number(Fraction(1, 2**1099))


def test_outcomes():
    assert [g.outcome for g in (ZERO, ONE, -ONE, STAR, UP, DOWN, parse("+-1"))] == [
        "P", "L", "R", "N", "L", "R", "N"]


def test_bad_arguments():
    with pytest.raises(ValueError, match="not a dyadic"):
        CanonicalForm.number(Fraction(1, 3))
    with pytest.raises(ValueError, match="nimber"):
        CanonicalForm.nimber(-1)
    with pytest.raises(TypeError, match="CanonicalForm"):
        game([1], [])
    with pytest.raises(TypeError):
        CanonicalForm()


def test_immutable_hashable_interned_and_pastes_back():
    g = parse("{1|*}")
    with pytest.raises(AttributeError):
        g._left = ()
    assert copy.copy(g) is g and copy.deepcopy(g) is g and pickle.loads(pickle.dumps(g)) is g
    assert repr(g) == "CanonicalForm.parse('{1|*}')"
    assert eval(repr(g)) is g
    assert {g: 1}[game([ONE], [STAR])] == 1
    assert g != 1 and g != "{1|*}"
    with pytest.raises(TypeError):
        _ = g <= 1
    assert g + 1 is 1 + g is g + ONE and 2 - g is TWO - g and g - Fraction(1, 2) is g - parse("1/2")
    assert sum([UP, UP, STAR]) is parse("^^*")
    with pytest.raises(TypeError):
        _ = g + 0.5
    with pytest.raises(ValueError, match="dyadic"):
        _ = g + Fraction(1, 3)


def test_options_come_in_a_deterministic_order():
    # numbers first, by value, then nimbers, then number-up-stars, then the rest (CGSuite's)
    options = [parse(s) for s in ("{3|*}", "*", "1/2*", "+-1", "{2|0}", "*2", "^*", "{1|*}")]
    g = game(options, [CanonicalForm.integer(-10)])
    assert str(g) == "{1/2*,{2|0},{3|*}|-10}"
    assert g is game(reversed(options), [CanonicalForm.integer(-10)])
    assert [str(x) for x in parse("^*").left_options] == ["0", "*"]


@settings(max_examples=30)
@given(st.integers(-4, 4), st.integers(-4, 4), st.integers(0, 3), st.integers(0, 3),
       st.integers(-2, 2), st.integers(-2, 2))
def test_number_up_star_shortcuts_agree_with_minimax(a, b, m, n, u, v):
    x = CanonicalForm.uptimal(Fraction(a, 4), u, m)
    y = CanonicalForm.uptimal(Fraction(b, 4), v, n)
    assert x.uptimal_parts == (Fraction(a, 4), u, m)
    assert (x <= y) == leq(tree_of(x), tree_of(y))
    total = x + y
    assert total is CanonicalForm.uptimal(Fraction(a + b, 4), u + v, m ^ n)
    assert outcome(tree_of(x), tree_of(y), negative(tree_of(total))) == "P"
