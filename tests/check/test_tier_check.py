"""perfectplay check on tier hooks: the catalogue's rankings are sound, and a rank that is not
inverse to unrank, a rank out of range, a tier size beyond what unrank can give, an unrank into
another tier, a move into a tier not declared and a ``rank_child`` shortcut that is not ``rank``
are each named."""

import dataclasses

import pytest
from check.broken_tier_rules import blocks, place_from_the_top, place_past_the_block
from check.compiled_rules import TakeAway
from numba import njit

from perfectplay.check import check
from perfectplay.games.connect4 import ConnectFour
from perfectplay.games.connect4.tiers import rank_child


def test_the_catalogue_tier_hooks_are_sound():
    # tic-tac-toe's are checked by tests/compiled/test_check_compiled.py, on every position
    report = check(ConnectFour(3, 3))
    assert report.is_sound, report.format()
    assert "tiers" in report.rules and report.positions == 869


def test_sound_hooks_of_a_compiled_only_game():
    report = check(TakeAway(11, **blocks(11, 4)))
    assert report.is_sound, report.format()
    assert report.rules == {"moves", "primitive", "compiled rules", "tiers"}


def test_games_without_tier_hooks_are_not_checked_for_them():
    assert "tiers" not in check(TakeAway(11)).rules


HALVES = tuple((t, t - 1) if t else (0,) for t in range(6))
"""Tiers of two heaps each, declared as if a move reached the tier below at most."""


@pytest.mark.parametrize(("changes", "position", "detail"), [
    (blocks(11, 4, rank=place_from_the_top), 11,
     "rank() gives 0 in tier 2, and unrank() of that gives 8: they are not inverse"),
    (blocks(11, 4, rank=place_past_the_block), 11,
     "rank() gives 7 in tier 2, outside [0, sizes[2]) = [0, 4)"),
    (blocks(11, 2, children=HALVES), 10,
     "move 2 leads to 7, in tier 3, not in children[5] = (5, 4)"),
    (blocks(11, 4, sizes=(4, 4, 5)), 11,  # no position to name: the start is
     "unrank() of index 4 in tier 2 gives 12, outside the encoding [0, 12): is sizes[2] = 5 "
     "too large?"),
    (blocks(11, 4, sizes=(5, 4, 4)), 4,
     "unrank() of index 4 in tier 0 gives this position, whose tier() is 1"),
])
def test_broken_tier_hooks_are_named(changes, position, detail):
    found = check(TakeAway(11, **changes)).counterexample
    assert (found.rule, found.position, found.detail) == ("tiers", position, detail)


class SkippingConnectFour(ConnectFour):
    """Declares that a move skips a ply."""

    def compiled(self):
        rules = super().compiled()
        plies = len(rules.tiers.sizes)
        children = tuple((n + 2,) if n + 2 < plies else () for n in range(plies))
        return dataclasses.replace(rules, tiers=dataclasses.replace(rules.tiers,
                                                                    children=children))


def test_a_move_into_an_undeclared_tier_is_named_in_the_games_text():
    found = check(SkippingConnectFour(3, 3)).counterexample
    assert found.format() == ("counterexample to tiers in ConnectFour(3, 3)\n"
                              "  position: .../.../...\n"
                              "  move 0 leads to .../X../..., in tier 1, not in children[0] = "
                              "(2,)")  # move 0 is the centre column


@njit
def rank_child_off_by_one(params, tier, child, move, index, memo):
    return rank_child(params, tier, child, move, index, memo) + 1


class MisrankingConnectFour(ConnectFour):
    """Its shortcut ``rank_child`` is one off ``rank``."""

    def compiled(self):
        rules = super().compiled()
        return dataclasses.replace(rules, tiers=dataclasses.replace(
            rules.tiers, rank_child=rank_child_off_by_one))


def test_a_rank_child_that_differs_from_rank_is_named():
    found = check(MisrankingConnectFour(3, 3)).counterexample
    assert (found.rule, found.position) == ("tiers", ("", "", ""))
    assert found.detail == ("rank_child() of move 0 gives 2, not rank()'s 1 (index 0 in tier 0, "
                            "from the run of index 0)")


@njit
def turn_columns(params, position, k):
    """Not a symmetry of Connect Four: every column moved one to the right, the last to the
    first (turned once more it is neither the board nor this image)."""
    if k == 0:
        return position
    width, column = params[0], params[1] + 1
    last = (position >> ((width - 1) * column)) & ((1 << column) - 1)
    return ((position << column) & ((1 << (width * column)) - 1)) | last


class TurnedConnectFour(ConnectFour):
    def compiled(self):
        rules = super().compiled()
        return dataclasses.replace(rules, tiers=dataclasses.replace(rules.tiers,
                                                                    image=turn_columns))


def test_images_that_are_not_the_positions_symmetries_are_named():
    found = check(TurnedConnectFour(3, 3)).counterexample
    assert (found.rule, found.position) == ("tiers", ("X", "", ""))
    assert found.detail == ("the images of image 1 are not the position's: not a group of "
                            "symmetries")
