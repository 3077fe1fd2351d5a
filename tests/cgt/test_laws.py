"""The laws of game arithmetic on random small games, and the canonical form's defining
property (no dominated option, no reversible option) checked by minimax."""

from hypothesis import given, settings
from naive_cgt import form_of, leq, tree_of, trees

from perfectplay.cgt import ZERO


@settings(max_examples=40)
@given(trees, trees, trees)
def test_group_laws(a, b, c):
    g, h, k = form_of(a), form_of(b), form_of(c)
    assert g - g is ZERO and g + ZERO is g
    assert g + h is h + g
    assert (g + h) + k is g + (h + k)
    negative = -g
    assert -negative is g and -(g + h) is negative + -h and g - h is g + -h


@settings(max_examples=40)
@given(trees, trees, trees)
def test_order_laws(a, b, c):
    g, h, k = form_of(a), form_of(b), form_of(c)
    assert (g <= h) == (-h <= -g) == (g - h <= ZERO)
    assert (g <= h) == (g + k <= h + k)
    assert (g <= h and h <= g) == (g is h)
    if g <= h and h <= k:
        assert g <= k


@settings(max_examples=40)
@given(trees, trees)
def test_a_canonical_form_has_no_dominated_or_reversible_option(a, b):
    g = form_of(a) + form_of(b)
    tree = tree_of(g)
    for side, (mine, better) in enumerate(((g.left_options, leq),
                                           (g.right_options, lambda x, y: leq(y, x)))):
        options = [tree_of(x) for x in mine]
        for i, x in enumerate(options):
            assert not any(better(x, y) for j, y in enumerate(options) if j != i)
            # a left option reverses through a right option of its own that is <= G
            for back in x[1 - side]:
                assert not (leq(back, tree) if side == 0 else leq(tree, back))
