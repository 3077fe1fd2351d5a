"""The partizan catalogue: values that CGSuite's own tests assert, values from the literature,
and the rules and text of each game."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from naive_partizan import FORM, equal

from perfectplay.cgt.canonical import canonical_form
from perfectplay.cgt.form import CanonicalForm
from perfectplay.games.clobber import Clobber
from perfectplay.games.cram import Cram
from perfectplay.games.cutcake import Cutcake, MaundyCake
from perfectplay.games.domineering import Domineering
from perfectplay.games.hackenbush import Hackenbush, parse_forest
from perfectplay.games.snort import Snort
from perfectplay.games.toads_and_frogs import ToadsAndFrogs
from perfectplay.impartial.grundy import grundy


def value(game, text: str) -> CanonicalForm:
    return canonical_form(game, game.parse_position(text))


# CGSuite 2.x, lib/core/src/test/scala/org/cgsuite/lang/: GameGridTest.scala (Clobber,
# Domineering), GameGraphTest.scala (Hackenbush, Snort), GameStripTest.scala (Toads and Frogs).
CGSUITE = [
    (Clobber(), "xox|ox.", "{^^*|*,v}"),
    (Domineering(), "4x4", "+-{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}}"),
    (Hackenbush(), "lrlrrllr", "77/128"),
    (Hackenbush(), "l(l;rl)", "3/2"),
    (Hackenbush(), "eeeeeee", "*7"),
    (Hackenbush(), "e(ee(e;e);e(eee;ee);e(ee;e))", "*5"),
    (Snort(), "l...l", "{4|0,+-1}"),  # Snort("L-.-.-.-L"): a path, both ends tinted Left
    (Snort(), "....|##.#", "+-{3|2}"),  # Snort(".-.-.(-.;-.)"): a path forking at its third vertex
]


@pytest.mark.parametrize("game, position, expected", CGSUITE)
def test_values_cgsuite_asserts(game, position, expected):
    assert str(value(game, position)) == expected


def test_values_cgsuite_asserts_in_its_other_notations():
    # CGSuite writes Hackenbush("lrlerrr") as 3/4v[3]*, compared here as a value
    assert value(Hackenbush(), "lrlerrr") is CanonicalForm.parse("{3/4|3/4,{3/4|3/4,3/4v*}}")
    # ToadsAndFrogs("ttttt..fffff") is, in CGSuite's text, +-{{2|*},{5/2||2|{0||||{0||v<2>|
    # -1},{0||||0||Miny(1/32)|-2|||-1/2*}|||v<2>|-1/2||-1*}|||0}}; here with one bar a brace
    # and v<2> (down-second) as {^*|0}
    down2 = "{^*|0}"
    a = f"{{0|{{{down2}|-1}}}}"
    b = "{0|{{0|{Miny(1/32)|-2}}|-1/2*}}"
    y = f"{{0|{{{a},{b}|{{{{{down2}|-1/2}}|-1*}}}}}}"
    hot = CanonicalForm.parse(f"{{{{5/2|{{2|{y}}}}}|0}}")
    switch = CanonicalForm.parse("{2|*}")
    expected = CanonicalForm.from_options([switch, hot], [-switch, -hot])
    assert value(ToadsAndFrogs(), "ttttt..fffff") is expected


def test_cutcake_and_maundy_cake_rows_as_cgsuite():
    # GameHeapTest.scala: [Cutcake((8, n)).CanonicalForm for n from 1 to 8], and MaundyCake;
    # (8, 8) has 4 and 3 Left options
    assert [str(value(Cutcake(), f"8x{n}")) for n in range(1, 9)] == [
        "-7", "-3", "-3", "-1", "-1", "-1", "-1", "0"]
    assert [str(value(MaundyCake(), f"8x{n}")) for n in range(1, 9)] == [
        "-7", "-3", "-3", "-1", "-3", "-1", "-3", "0"]
    assert len(Cutcake().left_moves(((8, 8),))) == 4
    assert len(MaundyCake().left_moves(((8, 8),))) == 3


def cutcake_formula(rows: int, cols: int) -> int:
    """The Cutcake table of Winning Ways (vol. 1, ch. 2), in closed form: with Left cutting
    between columns, ``floor(C / 2**floor(log2 R)) - 1`` when the columns are in a higher
    power-of-two range than the rows, minus the same with rows and columns swapped, 0 when
    both are in one range (its row of 8 is CGSuite's, above)."""
    if cols.bit_length() > rows.bit_length():
        return cols // (1 << (rows.bit_length() - 1)) - 1
    if rows.bit_length() > cols.bit_length():
        return -(rows // (1 << (cols.bit_length() - 1)) - 1)
    return 0


def test_cutcake_table_of_winning_ways():
    game = Cutcake()
    table: dict = {}
    for rows in range(1, 11):
        for cols in range(1, 11):
            got = canonical_form(game, ((rows, cols),), table=table)
            assert got is CanonicalForm.integer(cutcake_formula(rows, cols)), (rows, cols)


def stalk_value(stalk: str) -> Fraction:
    """Berlekamp's rule for a blue-red Hackenbush string (Winning Ways, vol. 1, ch. 2): the
    edges up to the first change of colour count 1 each; after it, the k-th edge counts
    1/2**k, signed by colour."""
    sign = {"l": 1, "r": -1}
    total, weight, changed = Fraction(0), Fraction(1), False
    for i, edge in enumerate(stalk):
        if not changed and i and edge != stalk[0]:
            changed = True
        if changed:
            weight /= 2
        total += sign[edge] * weight
    return total


@settings(max_examples=60)
@given(st.text("lr", min_size=1, max_size=9))
def test_hackenbush_strings_follow_berlekamps_rule(stalk):
    assert value(Hackenbush(), stalk).number_value == stalk_value(stalk)


def test_hackenbush_small_values_and_text():
    game = Hackenbush()
    assert [str(value(game, s)) for s in ("lr", "llr", "lrr", "lrl", "rl", "e", "le")] == [
        "1/2", "3/2", "1/4", "3/4", "-1/2", "*", "1*"]
    assert str(value(game, "lr;rl;e;e")) == "0"  # a sum: 1/2 - 1/2 + * + *
    assert game.format_position(parse_forest("l(r;e(l;l));lr")) == "l(e(l;l);r);lr"
    assert game.parse_position("0") == () and game.format_position(()) == "0"
    with pytest.raises(ValueError, match=r"unexpected 'x' in 'lx'"):
        game.parse_position("lx")
    with pytest.raises(ValueError, match="unbalanced"):
        game.parse_position("l(r")


def test_domineering_small_boards_of_winning_ways():
    # Winning Ways, vol. 1, ch. 5: a vertical pair is a move for Left (1), a horizontal one
    # for Right (-1), the 2x2 square is +-1; a column of 3 holds one domino, of 4 two
    game = Domineering()
    assert [str(value(game, b)) for b in ("1x2", "2x1", "2x2", "3x1", "4x1", "1x4")] == [
        "-1", "1", "+-1", "1", "2", "-2"]
    assert str(value(game, "..|.#")) == "*"  # the L tromino: either move leaves one square
    assert [str(value(game, b)) for b in ("2x3", "3x2", "3x3", "3x4")] == [
        "{2|-1/2}", "{1/2|-2}", "+-1", "-3/2"]


def test_domineering_moves_regions_and_symmetry():
    game = Domineering("2x2")
    assert game.left_moves(("..", "..")) == [("#.", "#."), (".#", ".#")]
    assert game.right_moves(("..", "..")) == [("##", ".."), ("..", "##")]
    assert game.components(("..#", "#.#", "##.", "##.")) == [("..", "#."), (".", ".")]
    assert game.key(("#.", "..")) == game.key((".#", "..")) == game.key(("..", "#."))
    assert game.key(("#.", "..")) != game.key(("#.", ".#"))  # not a symmetry: a transpose
    assert game.parse_position("2x3") == ("...", "...")
    with pytest.raises(ValueError, match="rows of unequal lengths"):
        game.parse_position("..|.")
    with pytest.raises(ValueError, match=r"unexpected 'x'"):
        game.parse_position("x.")


@settings(max_examples=40)
@given(st.lists(st.text(".#", min_size=3, max_size=3), min_size=1, max_size=3))
def test_domineering_transpose_negates(rows):
    game = Domineering()
    board = tuple(rows)
    transposed = tuple("".join(col) for col in zip(*board, strict=True))
    assert canonical_form(game, transposed) is -canonical_form(game, board)


def test_clobber_values():
    # Albert, Grossman, Nowakowski, Wolfe, "An introduction to Clobber" (2005): xo is *, and
    # xxo is ^ = {0|*} (Left's capture leaves a lone stone; Right's leaves xo)
    game = Clobber()
    assert [str(value(game, b)) for b in ("xo", "xxo", "xoo", "xox", "x|o", "xo|ox")] == [
        "*", "^", "v", "*", "*", "*"]
    assert game.components(("xo.x", "....", "o.xo")) == [("xo",), ("xo",)]


def test_toads_and_frogs_values():
    # Winning Ways, vol. 1, ch. 1: t..f is 0 (whoever moves first steps up to be jumped) and
    # t.f is * (one move each way, then nothing)
    game = ToadsAndFrogs()
    assert [str(value(game, s)) for s in ("t.f", "t..f", "t...f", "tt.ff", "tt.f", "t.ff")] == [
        "*", "0", "*", "*", "{1/2|0}", "{0|-1/2}"]
    assert game.left_moves("t.ft.") == [".tft.", "t.f.t"]
    assert game.right_moves("t.ft.") == ["tf.t."]
    assert game.right_moves(".tf") == ["ft."]
    assert game.key("fft.ftt") == "t.f"


def test_snort_reduced_positions():
    game = Snort()
    # a coloured square leaves play and tints its neighbours; next to both colours: gone
    assert game.parse_position("x.o") == ("###",)
    assert game.parse_position("x..o|....") == ("#lr#", "l..r")
    # Winning Ways, vol. 1, ch. 2: a lone vertex is *, an edge +-1
    assert [str(value(game, b)) for b in (".", "..", "l", "r", "lr", "l.r")] == [
        "*", "+-1", "1", "-1", "*", "+-1"]


def test_cram_against_dawsons_kayles_and_symmetry():
    # one row of Cram is Dawson's Kayles, 0.07: 0 0 1 1 2 0 3 1 1 0 (OEIS A002187, shifted)
    assert [grundy(Cram(f"1x{n}")) for n in range(1, 11)] == [0, 1, 1, 2, 0, 3, 1, 1, 0, 3]
    assert grundy(Cram("2x4")) == grundy(Cram("4x4")) == 0  # even by even: copy the opponent
    assert grundy(Cram("2x3")) != 0 and grundy(Cram("3x4")) != 0  # take the middle, then copy


@pytest.mark.parametrize("game, text", [
    (Domineering(), "..#|..."), (Clobber(), "xo.|.ox"), (Hackenbush(), "l(e;r);lr"),
    (ToadsAndFrogs(), "tt.f"), (Cutcake(), "2x3+1x4"), (Snort(), "l.r|..."),
])
def test_text_round_trips_and_values_match_minimax(game, text):
    position = game.parse_position(text)
    assert game.parse_position(game.format_position(position)) == position
    assert equal(game, position, FORM, canonical_form(game, position))
