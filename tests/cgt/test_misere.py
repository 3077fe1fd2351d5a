"""Misère canonical forms and Conway's genus: CGSuite's own test values, Winning Ways, and a
brute force of misère outcomes of sums (no forms)."""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from perfectplay import Game, GameError
from perfectplay.cgt.misere import MisereForm, Phylum, genus, genus_of_heap, misere_canonical_form
from perfectplay.impartial.misere import misere_grundy
from perfectplay.impartial.octal import OctalGame

# CGSuite 2.x, lib/core/src/test/scala/org/cgsuite/lang/GameHeapTest.scala: for n from 0 to 20,
# [rs(n).MisereNimValue] and [rs(n).Genus]
CGSUITE_HEAPS = {
    "0.77": ("1,0,2,3,0,1,3,2,1,0,2,4,0,1,2,5,1,6,3,2,0",
             "0,1,2,3,1,4^146,3,2^2,1^1,4^046,2^2,6^46,4^046,1^1,2^2,7^57,1^13,4^64,3^31,2^20,"
             "1^031"),
    "0.07": ("1,1,0,0,2,1,3,0,0,1,1,3,0,2,1,1,0,0,2,1,3",
             "0,0,1,1,2,0,3,1,1,0,3^1431,3,2^0520,2,4^146,0,5^057,2^0520,2,3^1431,3"),
    "4!.0": ("1,1,1,0,1,2,0,1,2,0,1,2,0,1,2,0,1,2,0,1,2",
             "0,0,0,1,0,2,1,0,2,1,0,2,1,3^1431,2,1,3^1431,2,4^0564,3^1431,0^20"),
    "subtraction:2,3,7": ("1,1,0,0,2,1,1,0,0,2,1,1,0,0,2,1,1,0,0,2,1",
                          "0,0,1,1,2,0,0,1,1,2,0,0,1,1,2,0,0,1,1,2,0"),
    "0.3f": ("1,0,2,1,0,2,1,0,4,1,0,4,1,0,6,1,0,6,1,0,6",
             "0,1,2,0,1,2,3^1431,4^0564,5^46,3^1431,4^0564,5^4875,6^(1,9,10,8),7^075,8^6875,"
             "6^(1,9,10,8),7^075,8^(6,10,8),9^(1,9,12,11,9),10^(0,11,13,9,11),11^(6,10,8)"),
}


def _split(text: str) -> list[str]:
    out, depth, item = [], 0, ""
    for char in text:
        depth += (char == "(") - (char == ")")
        if char == "," and depth == 0:
            out.append(item)
            item = ""
        else:
            item += char
    return [*out, item]


@pytest.mark.parametrize("code", list(CGSUITE_HEAPS))
def test_heap_games_genus_and_misere_values_as_cgsuite(code):
    game, table = OctalGame(code, ()), {}
    forms = [misere_canonical_form(game, (n,) if n else (), table=table) for n in range(21)]
    values, genera = CGSUITE_HEAPS[code]
    assert ",".join(str(f.misere_value) for f in forms) == values
    assert [str(f.genus) for f in forms] == _split(genera)


# CGSuite 2.x, MisereCanonicalGameTestCase.scala: input, output, genus, misère and nim values
# (outputs that CGSuite abbreviates with subscripts, 2[2] for *2 + *2, are written in full here)
CGSUITE_FORMS = [
    ("*[0]", "*[0]", "0", 1, 0),
    ("*[2]", "*[2]", "2", 2, 2),
    ("*[[2]]", "*[2#]", "0^0", 0, 0),
    ("*[[[2]]]", "*[2##]", "1^1", 1, 1),
    ("*[2]+*[2]", "*[32]", "0^0", 0, 0),  # CGSuite: *[2[2]]
    ("*[[2],0]", "*[2#0]", "1^2", 2, 1),
    ("*[[2],1]", "*[2#1]", "2^1420", 1, 2),
    ("*[[[2]],[[2],1]]", "*[(2#1)2##]", "0^0", 0, 0),
    ("*[[[2]],[[[2],0],0,1]]", "*[((2#0)10)2##]", "0^0", 0, 0),
    ("*[[[2],2,0],[[2],3],1]", "*[(2#20)(32#)1]", "0^2", 2, 0),  # CGSuite: *[(2#20)2[#1]1]
]


@pytest.mark.parametrize("text, written, genus_text, misere, nim", CGSUITE_FORMS)
def test_forms_as_cgsuite(text, written, genus_text, misere, nim):
    form = MisereForm.parse(text)
    assert (str(form), str(form.genus), form.misere_value, form.nim_value) == (
        written, genus_text, misere, nim)
    assert MisereForm.parse(repr(form)[len("MisereForm.parse('"):-2]) is form


def test_nim_heaps_genus_of_winning_ways():
    # Winning Ways, vol. 2, ch. 13: *0 has genus 0^120, *1 1^031, *n n^(n, n xor 2, ...)
    assert [str(genus_of_heap(n).expanded()) for n in range(5)] == [
        "0^120", "1^031", "2^20", "3^31", "4^46"]
    assert [str(genus_of_heap(n)) for n in range(3)] == ["0", "1", "2"]  # as CGSuite writes
    one = MisereForm.nim_heap(1)
    assert one + one is MisereForm.nim_heap(0)  # in misère play too, *1 + *1 = 0
    assert MisereForm.nim_heap(2) + one is MisereForm.nim_heap(3)
    assert (MisereForm.nim_heap(2) + MisereForm.nim_heap(2)).phylum is Phylum.HEREDITARILY_TAME


Tree = tuple  # an impartial game as the tuple of its options


class Trees(Game):
    def start(self) -> Tree:
        return ()

    def moves(self, tree: Tree):
        return enumerate(tree)


trees = st.recursive(st.just(()), lambda kids: st.lists(kids, max_size=3).map(tuple),
                     max_leaves=7)


@cache
def mover_wins(parts: tuple) -> bool:
    """Misère outcome of a sum of trees by plain search: with no move, the mover wins."""
    moved = False
    for i, tree in enumerate(parts):
        for child in tree:
            moved = True
            if not mover_wins(tuple(sorted((*parts[:i], child, *parts[i + 1:])))):
                return True
    return not moved


def as_tree(form: MisereForm) -> Tree:
    return tuple(sorted(as_tree(o) for o in form.options))


@settings(max_examples=50)
@given(trees, st.lists(trees, max_size=2))
def test_a_form_plays_like_its_game_in_every_sum(tree, others):
    form = misere_canonical_form(Trees(), tree)
    for extra in ([], others[:1], others):
        assert mover_wins(tuple(sorted((tree, *extra)))) == mover_wins(
            tuple(sorted((as_tree(form), *extra))))
    assert form.misere_value == misere_grundy(Trees(), tree)
    assert (form.outcome == "N") == mover_wins((tree,))


@settings(max_examples=30)
@given(trees, trees)
def test_sums_of_forms_are_forms_of_sums(a, b):
    fa, fb = misere_canonical_form(Trees(), a), misere_canonical_form(Trees(), b)
    assert fa + fb is misere_canonical_form(Trees(), _sum(a, b))


def _sum(a: Tree, b: Tree) -> Tree:
    """The tree of the sum of two trees."""
    return tuple(sorted({_sum(x, b) for x in a} | {_sum(a, y) for y in b}))


def test_genus_of_positions_and_errors():
    assert str(genus(OctalGame("0.77", (5,)))) == "4^146"
    assert str(genus(OctalGame("0.77", (2, 2)))) == "0^0"  # *2 + *2

    class Loop(Game):
        def start(self):
            return 0

        def moves(self, n):
            yield 1, 1 - n

    with pytest.raises(GameError, match="the game has a cycle"):
        misere_canonical_form(Loop())
    with pytest.raises(ValueError, match="expected"):
        MisereForm.parse("{0|0}")
    with pytest.raises(ValueError, match="unbalanced"):
        MisereForm.parse("*[[2]")
