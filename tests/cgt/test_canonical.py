"""canonical_form against plain minimax of difference games (no canonical forms), the laws of
game arithmetic on computed values, and the protocol's errors."""

from __future__ import annotations

import sys
from fractions import Fraction
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from naive_partizan import FORM, equal, less_equal, outcome

from perfectplay import GameError
from perfectplay.cgt.canonical import canonical_form
from perfectplay.cgt.form import ZERO, CanonicalForm
from perfectplay.core.partizan import PartizanGame, as_partizan
from perfectplay.games.clobber import Clobber
from perfectplay.games.cram import Cram
from perfectplay.games.domineering import Domineering
from perfectplay.games.hackenbush import Hackenbush, parse_forest
from perfectplay.games.nim import Nim
from perfectplay.games.snort import Snort
from perfectplay.games.toads_and_frogs import ToadsAndFrogs
from perfectplay.impartial.grundy import grundy
from perfectplay.impartial.octal import OctalGame

DOMINEERING, CLOBBER, HACKENBUSH = Domineering(), Clobber(), Hackenbush()
SNORT, TOADS = Snort(), ToadsAndFrogs()


def boards(squares: str, *, cells: int) -> st.SearchStrategy[tuple[str, ...]]:
    """Random boards of at most ``cells`` squares, each one of ``squares``."""
    return st.integers(1, 3).flatmap(lambda rows: st.integers(1, max(1, cells // rows)).flatmap(
        lambda cols: st.lists(st.text(squares, min_size=cols, max_size=cols),
                              min_size=rows, max_size=rows).map(tuple)))


forests = st.lists(st.text("lre", min_size=1, max_size=4), min_size=1, max_size=2).map(
    lambda stalks: parse_forest(";".join(stalks)))
games_and_positions = st.one_of(
    boards(".#", cells=6).map(lambda b: (DOMINEERING, b)),
    boards(".xo", cells=5).map(lambda b: (CLOBBER, b)),
    forests.map(lambda f: (HACKENBUSH, f)),
    boards(".lr#", cells=4).map(lambda b: (SNORT, b)),
    st.text(".tf", min_size=1, max_size=6).map(lambda s: (TOADS, s)),
)


class Trees(PartizanGame):
    """A random short game written out: a position is the pair (Left's options, Right's)."""

    def left_moves(self, tree):
        return tree[0]

    def right_moves(self, tree):
        return tree[1]


TREES = Trees()
trees = st.recursive(st.just(((), ())), lambda kids: st.tuples(
    st.lists(kids, max_size=3).map(tuple), st.lists(kids, max_size=3).map(tuple)),
    max_leaves=10)
games_and_positions = st.one_of(games_and_positions, trees.map(lambda t: (TREES, t)))


@settings(max_examples=100)
@given(games_and_positions)
def test_the_value_plays_like_the_position(game_and_position):
    # the computed form, played as a game, minus the position is a second-player win
    game, position = game_and_position
    value = canonical_form(game, position)
    assert equal(game, position, FORM, value)
    assert value.outcome == outcome(((game, position, 1),))


@settings(max_examples=60)
@given(st.data())
def test_order_and_equality_agree_with_minimax_of_the_difference(data):
    game, p = data.draw(games_and_positions)
    q = data.draw(st.sampled_from([*game.left_moves(p), *game.right_moves(p), p]))
    g, h = canonical_form(game, p), canonical_form(game, q)
    assert (g == h) == equal(game, p, game, q)
    assert (g <= h) == less_equal(game, p, game, q)
    assert (h <= g) == less_equal(game, q, game, p)


def test_mirror_images_and_regions_are_valued_alike():
    board = DOMINEERING.parse_position("..#|...|.##")
    mirrored = tuple(row[::-1] for row in board)
    assert canonical_form(DOMINEERING, board) is canonical_form(DOMINEERING, mirrored)
    assert equal(DOMINEERING, board, DOMINEERING, mirrored)
    split = DOMINEERING.parse_position("..#..|#####|..#.#")
    total = ZERO
    for region in DOMINEERING.components(split):
        total += canonical_form(DOMINEERING, region)
    assert canonical_form(DOMINEERING, split) is total
    assert equal(DOMINEERING, split, FORM, total)


def _values() -> list[CanonicalForm]:
    return [canonical_form(DOMINEERING, DOMINEERING.parse_position(b))
            for b in ("2x2", "2x3", "3x2", ".#|..", "...|.#.")] + [
        canonical_form(CLOBBER, CLOBBER.parse_position(b)) for b in ("xoo", "xo|ox")]


def test_laws_of_addition():
    values = _values()
    for g in values:
        assert g - g is ZERO and g + ZERO is g and -g + g is ZERO
        for h in values:
            assert g + h is h + g
            assert (g <= h and h <= g) == (g is h)
            for k in values[:4]:
                assert (g + h) + k is g + (h + k)


def _is_simplest(g: CanonicalForm) -> bool:
    """No dominated option and no reversible option, at every follower."""
    seen, todo = set(), [g]
    while todo:
        x = todo.pop()
        if x in seen:
            continue
        seen.add(x)
        lefts, rights = x.left_options, x.right_options
        if any(a is not b and a <= b for a in lefts for b in lefts):
            return False
        if any(a is not b and b <= a for a in rights for b in rights):
            return False
        if any(xlr <= x for xl in lefts for xlr in xl.right_options):
            return False
        if any(x <= xrl for xr in rights for xrl in xr.left_options):
            return False
        todo += [*lefts, *rights]
    return True


def test_computed_forms_have_no_dominated_or_reversible_options():
    values = [*_values(), canonical_form(Domineering("4x4")),
              canonical_form(TOADS, "tt.ff"), canonical_form(SNORT, ("...",))]
    assert all(_is_simplest(g) for g in values)


def test_impartial_games_give_nimbers_equal_to_their_grundy_values():
    for game in (Nim((1, 2, 4)), OctalGame("0.77", (5, 3)), Cram("2x3"), Cram("3x3")):
        assert canonical_form(game) is CanonicalForm.nimber(grundy(game))
    partizan = as_partizan(Nim((3,)))
    assert isinstance(partizan, PartizanGame) and str(canonical_form(partizan)) == "*3"


@settings(max_examples=40)
@given(boards(".#", cells=8))
def test_cram_values_are_the_nimbers_of_a_plain_mex(board):
    game = Cram()

    @cache
    def mex_value(position):
        seen = {mex_value(child) for _, child in game.moves(position)}
        return next(m for m in range(len(seen) + 1) if m not in seen)

    assert canonical_form(game, board) is CanonicalForm.nimber(mex_value(board))


class Chain(PartizanGame[int]):
    """A heap from which Left takes one counter; Right has no move: the heap of n is n."""

    def start(self) -> int:
        return 5000

    def left_moves(self, n: int) -> list[int]:
        return [n - 1] if n else []

    def right_moves(self, n: int) -> list[int]:
        return []


def test_deep_games_need_no_recursion_limit():
    assert Chain().start() > sys.getrecursionlimit()
    assert canonical_form(Chain()).number_value == Fraction(5000)


def test_progress_counts_positions_and_a_table_is_reused():
    seen: list[int] = []
    table: dict = {}
    value = canonical_form(Chain(), 3000, table=table, progress=seen.append)
    assert value.number_value == 3000 and seen[-1] == 3001 and seen[:2] == [1024, 2048]
    seen.clear()
    canonical_form(Chain(), 3001, table=table, progress=seen.append)
    assert seen == [1]


class Loop(PartizanGame[int]):
    def start(self) -> int:
        return 0

    def left_moves(self, n: int) -> list[int]:
        return [(n + 1) % 3]

    def right_moves(self, n: int) -> list[int]:
        return []


class Broken(PartizanGame[int]):
    def __init__(self, bad: object) -> None:
        self.bad = bad

    def start(self) -> int:
        return 1

    def left_moves(self, n: int) -> object:
        return self.bad if n == 1 else []

    def right_moves(self, n: int) -> list[int]:
        return []


@pytest.mark.parametrize("game, message", [
    (Loop(), r"not short: a line of play comes back to position 0 .*\(at position 2\)"),
    (Broken(None), r"left_moves\(\) must return an iterable of positions, got None \(at "),
    (Broken([[2]]), r"left_moves\(\) yielded an unhashable position \[2\] \(at position 1\)"),
    (Broken([None]), r"left_moves\(\) yielded None, which is not a position \(at position 1\)"),
    (Broken([("take", 0)]), r"must yield positions, got the pair \('take', 0\)"),
])
def test_protocol_breaches_name_the_rule_and_the_position(game, message):
    with pytest.raises(GameError, match=message):
        canonical_form(game)


def test_an_impartial_game_must_end_by_normal_play():
    from perfectplay import Game, Value

    class Tied(Game):
        def start(self):
            return 0

        def moves(self, n):
            return []

        def primitive(self, n):
            return Value.TIE

    with pytest.raises(GameError, match=r"primitive\(\) gave TIE: a game value needs normal"):
        canonical_form(Tied())
    with pytest.raises(GameError, match="expected a PartizanGame or a Game"):
        canonical_form("domineering")  # type: ignore[arg-type]
