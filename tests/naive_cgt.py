"""Slow, obvious game arithmetic for checking ``perfectplay.cgt``: a game is a tree of options,
and who wins a sum is decided by plain minimax over its components, with no canonical forms
and no comparison rules."""

from __future__ import annotations

from functools import cache

from hypothesis import strategies as st

Tree = tuple[tuple["Tree", ...], tuple["Tree", ...]]
"""A short game as ``(left options, right options)``, each a tuple of trees."""

EMPTY: Tree = ((), ())


def negative(g: Tree) -> Tree:
    """``-G``: the players' roles swapped all the way down."""
    return (tuple(negative(r) for r in g[1]), tuple(negative(l_) for l_ in g[0]))


@cache
def wins_moving_first(components: tuple[Tree, ...], left: bool) -> bool:
    """Whether the player to move (Left when ``left``) wins the sum of ``components``: some
    move in some component leaves a sum the opponent, moving first, loses."""
    side = 0 if left else 1
    for i, g in enumerate(components):
        for option in g[side]:
            rest = (*components[:i], option, *components[i + 1:])
            if not wins_moving_first(tuple(sorted(rest)), not left):
                return True
    return False


def leq(g: Tree, h: Tree) -> bool:
    """``G <= H``: ``G - H <= 0``, that is, Left moving first in ``G - H`` loses."""
    return not wins_moving_first(tuple(sorted((g, negative(h)))), True)


def equal(g: Tree, h: Tree) -> bool:
    """``G == H``: ``G - H`` is a second-player win."""
    return leq(g, h) and leq(h, g)


def outcome(*components: Tree) -> str:
    """The outcome class of the sum of ``components`` by minimax: L, R, N or P."""
    key = tuple(sorted(components))
    left, right = wins_moving_first(key, True), wins_moving_first(key, False)
    return {(True, True): "N", (True, False): "L", (False, True): "R", (False, False): "P"}[
        (left, right)]


def form_of(g: Tree):
    """The canonical form of a tree, built bottom-up with ``CanonicalForm.from_options``."""
    from perfectplay.cgt import CanonicalForm

    return CanonicalForm.from_options([form_of(x) for x in g[0]], [form_of(x) for x in g[1]])


def tree_of(form) -> Tree:
    """The game tree of a canonical form (its options, all the way down)."""
    return (tuple(tree_of(x) for x in form.left_options),
            tuple(tree_of(x) for x in form.right_options))


def _extend(children: st.SearchStrategy[Tree]) -> st.SearchStrategy[Tree]:
    side = st.lists(children, max_size=3).map(tuple)
    return st.tuples(side, side)


trees: st.SearchStrategy[Tree] = st.recursive(st.just(EMPTY), _extend, max_leaves=7)
"""Random small game trees: up to 7 leaves, up to 3 options a side."""
