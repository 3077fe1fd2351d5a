"""The compiled Grundy kernel on moves that leave sums (``rest``): take-and-break heap games
against OEIS and the pure-Python nim-sequence, and the contract around sums."""

import numpy as np
import pytest
from numba import njit
from oeis import oeis

from perfectplay import CycleError, GameError, solve
from perfectplay.compiled import CompiledRules, compiled_grundy, compiled_query
from perfectplay.impartial.octal import OctalGame, nim_sequence

pytestmark = pytest.mark.kernels  # also run as Python: see .ci/run's coverage run


@njit
def split_child(params, heap, move):
    """Move ``a * len(params) + i``: take ``params[i]`` counters, ``a`` of them to the left."""
    take = params[move % params.shape[0]]
    left = move // params.shape[0]
    return left if left + take <= heap else -1


@njit
def split_rest(params, heap, move):
    """The counters right of those taken."""
    return heap - params[move % params.shape[0]] - move // params.shape[0]


@njit
def self_rest(params, heap, move):
    """A broken rule: the heap is a component of its own move."""
    return heap


@njit
def beyond_rest(params, heap, move):
    """A broken rule: a component past the encoding."""
    return 1000


class SplitGame(OctalGame):
    """An octal game whose digits are 0 or 7 (take ``k`` counters from a heap, leaving it
    whole, shortened, or split in two), with compiled rules where a split leaves a sum."""

    def __init__(self, code, heap, rest=split_rest):
        super().__init__(code, (heap,))
        self.takes = np.array([k for k in range(1, 10) if self.rules.digit(k)], dtype=np.int64)
        self.rest = rest

    def compiled(self):
        heap = self.start()[0]
        return CompiledRules(child=split_child, rest=self.rest, params=self.takes,
                             size=heap + 1, max_moves=len(self.takes) * (heap + 1),
                             encode=lambda heaps: sum(heaps) if len(heaps) < 2 else -1)


def test_kayles_matches_oeis():
    expected = oeis("kayles_0.77_A002186_oeis.txt")
    table = compiled_grundy(SplitGame("0.77", len(expected) - 1))
    assert table.values.tolist() == expected
    assert table.indices().tolist() == list(range(len(expected)))


@pytest.mark.parametrize("code", ["0.77", "0.07", "0.707", "0.0707", "0.7777"])
def test_split_games_match_the_python_nim_sequence(code):
    table = compiled_grundy(SplitGame(code, 60))
    reached = table.indices()  # from an even heap, taking even counts leaves even heaps only
    assert table.values[reached].tolist() == \
        nim_sequence(code, 60, method="python")[reached].tolist()
    assert reached[-1] == 60


def test_value_solvers_refuse_sums():
    game = SplitGame("0.77", 8)
    with pytest.raises(ValueError, match="sums"):
        solve(game, method="compiled")
    with pytest.raises(ValueError, match="sums"):
        compiled_query(game)
    with pytest.raises(ValueError, match="sums"):
        game.compiled().children(8)


def test_a_component_on_the_line_of_play_is_a_cycle():
    with pytest.raises(CycleError):
        compiled_grundy(SplitGame("0.77", 5, rest=self_rest))


def test_a_component_outside_the_encoding_names_the_position():
    with pytest.raises(GameError, match=r"rest\(\) of move 0 gave 1000"):
        compiled_grundy(SplitGame("0.77", 5, rest=beyond_rest))
