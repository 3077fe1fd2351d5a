"""A game whose compiled rules are built pickles with them, rule functions by module and name,
and solves the same after unpickling, here and in another process."""

import importlib
import multiprocessing
import pickle
from concurrent.futures import ProcessPoolExecutor

import numba
import numpy as np
import pytest
from compiled.graph_rules import CompiledGraph
from numba import njit

from perfectplay import Value, solve
from perfectplay.compiled import CompiledRules, compiled_grundy
from perfectplay.compiled.rules import rules_of
from perfectplay.games.connect4 import ConnectFour
from perfectplay.games.interval_game_2 import IntervalGame2
from perfectplay.games.shiritori import Shiritori
from perfectplay.games.tictactoe import TicTacToe

RULE_FUNCTIONS = ("child", "primitive", "rest", "next_move")


def round_trip(game):
    """``game`` pickled once its compiled rules are built, and unpickled."""
    rules_of(game)
    copy = pickle.loads(pickle.dumps(game))
    assert "_compiled_rules" in copy.__dict__  # sent along, not built again
    return copy


def solved(game):
    """What the tests compare of a compiled solve: every position, the start and the counts."""
    solution = solve(game, method="compiled")
    return ({p: (v, r) for p, v, r in solution.positions()}, solution.value(),
            solution.remoteness(), solution.counts())


def solved_in_a_worker(game):
    """Run in the worker process: the solve, and whether the unpickled rules are the rules
    module's own dispatchers (the ones whose kernels load from numba's on-disk cache)."""
    child = rules_of(game).child
    own = getattr(importlib.import_module(child.__module__), child.__name__)
    solution = solve(game, method="compiled")
    return solution.value(), solution.remoteness(), solution.counts(), own is child


@pytest.mark.parametrize("game", [
    TicTacToe(), TicTacToe("X...O...."),
    Shiritori(("enum", "float", "if", "modint", "takahashi", "template")),
    ConnectFour(4, 3),
], ids=repr)
def test_a_catalogue_game_pickles_and_solves_the_same(game):
    copy = round_trip(game)
    for name in RULE_FUNCTIONS:
        assert getattr(rules_of(copy), name) is getattr(rules_of(game), name)
    assert solved(copy) == solved(game)


def test_interval_game_2_pickles_with_its_grundy_rules():
    game = IntervalGame2(((1, 3), (2, 4), (3, 5), (1, 6), (4, 7), (2, 3)))
    copy = round_trip(game)
    mine, theirs = compiled_grundy(game), compiled_grundy(copy)
    assert np.array_equal(theirs.reachable, mine.reachable)
    reached = mine.indices()
    assert np.array_equal(theirs.values[reached], mine.values[reached])
    assert [rules_of(copy).decode(int(i)) for i in reached] == \
        [rules_of(game).decode(int(i)) for i in reached]
    assert theirs.grundy(copy.start()) == mine.grundy(game.start())
    with pytest.raises(ValueError, match="sum of stretches"):
        rules_of(copy).encode(((1, 3), (4, 7)))


def test_a_user_compiled_game_of_a_helper_module_round_trips():
    game = CompiledGraph({0: [1, 2], 1: [0, 3], 2: [3], 3: []}, 0, {3: Value.TIE})
    copy = round_trip(game)
    assert rules_of(copy).child is rules_of(game).child
    assert np.array_equal(copy.table, game.table)
    assert solved(copy) == solved(game)


@pytest.mark.skipif(numba.config.DISABLE_JIT, reason="a plain local function does not pickle")
def test_rule_functions_without_a_module_name_pickle_by_value():
    @njit
    def take(params, heap, move):
        return heap - params[move] if params[move] <= heap else -1

    rules = CompiledRules(child=take, params=np.array([1, 2, 3]), size=11, max_moves=3)
    assert pickle.loads(pickle.dumps(rules)).children(10) == rules.children(10)


def test_a_game_solves_the_same_in_a_spawned_process(monkeypatch, request):
    # pytest names this module from the rootdir (tests.compiled.test_pickle), and the worker
    # imports it by that name to find solved_in_a_worker: a spawned process starts with our path
    monkeypatch.syspath_prepend(str(request.config.rootpath))
    game = TicTacToe()
    rules_of(game)
    local = solve(game, method="compiled")
    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as pool:
        value, remoteness, counts, own = pool.submit(solved_in_a_worker, game).result()
    assert (value, remoteness, counts) == (local.value(), local.remoteness(), local.counts())
    assert own  # pickled by name: the worker loads the cached kernels, compiles nothing


def test_a_dense_solution_pickles_and_answers_the_same():
    solution = solve(ConnectFour(4, 3), method="compiled")
    copy = pickle.loads(pickle.dumps(solution))
    assert type(copy) is type(solution) and len(copy) == len(solution) == 12_031
    assert {p: (v, r) for p, v, r in copy.positions()} == \
        {p: (v, r) for p, v, r in solution.positions()}
    assert copy.moves() == solution.moves() and copy.counts() == solution.counts()
