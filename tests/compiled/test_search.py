"""The search engine (perfectplay.compiled.search): Pons's test positions exact, and the same
values and remoteness as the strong solve on boards small enough to solve."""

import os
import pickle
import random
import sys
from pathlib import Path

import pytest
from compiled.graph_rules import CompiledGraph
from hypothesis import given, settings
from hypothesis import strategies as st
from interrupt import ctrl_c_when_said

import perfectplay
from perfectplay import CycleError, Value, outcome
from perfectplay.compiled.rules import rules_of
from perfectplay.compiled.search import (
    ENTRY_BYTES,
    TranspositionTable,
    analyze,
    default_table_entries,
    search_positions,
)
from perfectplay.compiled.solve import compiled_solve
from perfectplay.games.connect4 import ConnectFour
from perfectplay.games.shiritori import Shiritori
from perfectplay.games.tictactoe import TicTacToe

PONS = Path(__file__).resolve().parents[1] / "data" / "connect4-pons"  # see its README.md

BOARD = ConnectFour(7, 6)
TABLE = TranspositionTable(1 << 20)  # the 7x6 board's: its bounds hold for all its positions


def pons_lines(name, count=None):
    lines = (PONS / name).read_text().split("\n")
    pairs = [line.split() for line in lines if line.strip()]
    return [(moves, int(score)) for moves, score in pairs[:count]]


@pytest.mark.parametrize("name, count", [
    pytest.param("Test_L3_R1", None, marks=pytest.mark.kernels),
    pytest.param("Test_L2_R1", None, marks=pytest.mark.kernels),
    ("Test_L1_R1", None), ("Test_L2_R2", 4), ("Test_L1_R2", 1)])
def test_pons_test_positions_have_their_published_scores(name, count):
    lines = pons_lines(name, count)
    boards = [BOARD.parse_position(moves) for moves, _ in lines]
    result = search_positions(BOARD, boards, table=TABLE)
    scores = [BOARD.score("pons", b, v, r)
              for b, v, r in zip(boards, result.values, result.remoteness, strict=True)]
    assert scores == [score for _, score in lines]


@pytest.mark.kernels
def test_weak_search_gives_the_sign_of_pons_scores():
    lines = pons_lines("Test_L2_R1")
    result = search_positions(BOARD, [BOARD.parse_position(m) for m, _ in lines], weak=True,
                              table=TABLE)
    signs = {1: Value.WIN, 0: Value.TIE, -1: Value.LOSE}
    assert result.values == [signs[(s > 0) - (s < 0)] for _, s in lines]
    assert set(result.remoteness) == {None}


SOLVED = {}


def strong(width, height):
    """The strong solution of a board, and a table for its searches."""
    if (width, height) not in SOLVED:
        SOLVED[width, height] = (compiled_solve(ConnectFour(width, height)),
                                 TranspositionTable(1 << 16))
    return SOLVED[width, height]


@pytest.mark.parametrize("width, height", [(4, 4), (5, 4), (4, 5)])
@settings(max_examples=60)
@given(data=st.data())
def test_search_equals_the_strong_solve_on_small_boards(width, height, data):
    game = ConnectFour(width, height)
    solution, table = strong(width, height)
    board = game.start()
    for _ in range(data.draw(st.integers(0, width * height))):
        pairs = list(game.moves(board)) if game.primitive(board) is None else []
        if not pairs:
            break
        board = pairs[data.draw(st.integers(0, len(pairs) - 1))][1]
    result = search_positions(game, [board], table=table)
    assert (result.values[0], result.remoteness[0]) == (solution.value(board),
                                                        solution.remoteness(board))


def test_analyze_gives_every_move_as_the_strong_solve():
    game = ConnectFour(5, 4)
    board = game.parse_position("3324")
    solution, table = strong(5, 4)
    result = analyze(game, board, table=table)
    assert (result.value, result.remoteness) == (solution.value(board),
                                                 solution.remoteness(board))
    assert [(m.move, m.value, m.remoteness) for m in result.moves] == [
        (m.move, m.value, m.remoteness) for m in solution.moves(board)]
    assert result.best_move == solution.best_move(board)


@pytest.mark.kernels
@pytest.mark.parametrize("game", [TicTacToe(), Shiritori(("enum", "float", "if", "modint",
                                                           "takahashi", "template", "fuga"))])
def test_search_without_hooks_equals_the_solve(game):
    solution = perfectplay.solve(game)
    positions = [p for p, _, _ in solution.positions()][:200]
    result = search_positions(game, positions, table=TranspositionTable(1 << 12))
    assert list(zip(result.values, result.remoteness, strict=True)) == [
        (solution.value(p), solution.remoteness(p)) for p in positions]


@pytest.mark.kernels
def test_a_game_with_a_cycle_is_refused_naming_retrograde():
    game = CompiledGraph({0: [1], 1: [2], 2: [0, 3], 3: []}, 0)
    with pytest.raises(CycleError, match=r'solve\(game, method="retrograde"\)'):
        search_positions(game, [0], table=TranspositionTable(1024))


def test_outcome_searches_a_game_too_large_to_tabulate():
    moves, score = pons_lines("Test_L3_R1", 1)[0]
    board = BOARD.parse_position(moves)
    expected = Value.WIN if score > 0 else Value.LOSE if score < 0 else Value.TIE
    assert outcome(BOARD, board) is expected  # no table fits: auto searches


def test_rules_with_search_hooks_pickle_by_name():
    rules = rules_of(ConnectFour(5, 4))
    again = pickle.loads(pickle.dumps(rules))
    assert again.search.order is rules.search.order
    assert again.search.params.tolist() == rules.search.params.tolist()


def test_the_default_table_takes_at_most_an_eighth_of_the_memory():
    assert default_table_entries(96 * 2**20) * ENTRY_BYTES <= 12 * 2**20
    assert TranspositionTable(3000).memory == 2048 * ENTRY_BYTES == 2048 * 16


def test_analyze_is_exported_lazily():
    assert perfectplay.analyze is analyze


@pytest.mark.parametrize("budget", [1, 37, 5000])
def test_a_search_paused_inside_its_roots_goes_on_exactly(monkeypatch, budget):
    # a few positions per slice (Ctrl-C and progress between slices): the same scores and the
    # same positions entered as one call, which only a search resumed where it stopped gives
    lines = pons_lines("Test_L2_R2", 3) + pons_lines("Test_L1_R1", 3)
    boards = [BOARD.parse_position(moves) for moves, _ in lines]
    whole = search_positions(BOARD, boards, table=TranspositionTable(1 << 16))
    monkeypatch.setattr(perfectplay.compiled.search, "_SLICE_NODES", budget)
    sliced = search_positions(BOARD, boards, table=TranspositionTable(1 << 16))
    assert (sliced.values, sliced.remoteness, sliced.nodes) == (whole.values, whole.remoteness,
                                                                whole.nodes)
    assert max(whole.nodes) > budget  # so a root paused inside its search
    scores = [BOARD.score("pons", b, v, r)
              for b, v, r in zip(boards, sliced.values, sliced.remoteness, strict=True)]
    assert scores == [score for _, score in lines]


# the analyze command, saying on stdout when its first slice of search is done
_MARKED = """
import sys
from perfectplay.cli import main
from perfectplay.compiled import kernels

sliced = kernels.run_sliced


def marked(kernel, args, state, progress=None):
    def first(done):
        if not marked.said:
            marked.said = True
            print("slice", flush=True)
        if progress is not None:
            progress(done)

    return sliced(kernel, args, state, first)


marked.said = False
kernels.run_sliced = marked
sys.exit(main(sys.argv[1:]))
"""


def test_ctrl_c_inside_the_search_of_one_position_ends_the_command_at_once(tmp_path):
    # the 7x6 start takes minutes of search in one root: Ctrl-C ends it within a slice
    (tmp_path / "run.py").write_text(_MARKED)
    command = [sys.executable, str(tmp_path / "run.py"), "analyze", "connect4", "--width", "7",
               "--height", "6", "--start", "", "--table-size", "1M"]
    status, out, err, waited = ctrl_c_when_said(command, "slice", within=120)
    assert (status, out, err) == (130, "", "error: interrupted\n")
    # within a slice of the search, not at its end minutes later (a bound a loaded box keeps)
    assert waited < 30, f"the command ended {waited:.1f} s after SIGINT"


def _two_cores():
    if len(os.sched_getaffinity(0)) < 2:
        pytest.skip("two search threads need two cores")


@settings(max_examples=20)
@given(seed=st.integers(0, 2**32 - 1))
def test_two_threads_give_the_scores_of_the_strong_solve(seed):
    # a batch of random positions, shared out between the threads as each takes the next one
    # no thread has started; and an analysis, whose moves the second thread searches
    _two_cores()
    game = ConnectFour(5, 4)
    solution, _ = strong(5, 4)
    generator = random.Random(seed)
    batch = []
    for _ in range(12):
        board = game.start()
        for _ in range(generator.randrange(12)):
            if game.primitive(board) is not None:
                break
            board = generator.choice(list(game.moves(board)))[1]
        batch.append(board)
    result = search_positions(game, batch, table=TranspositionTable(1 << 14), threads=2)
    assert list(zip(result.values, result.remoteness, strict=True)) == [
        (solution.value(p), solution.remoteness(p)) for p in batch]
    analysis = analyze(game, batch[0], table=TranspositionTable(1 << 14), threads=2)
    assert [(m.move, m.value, m.remoteness) for m in analysis.moves] == [
        (m.move, m.value, m.remoteness) for m in solution.moves(batch[0])]
    # one position: both threads search it, each deferring the children the other searches
    alone = search_positions(game, batch[-1:], table=TranspositionTable(1 << 14), threads=2)
    assert (alone.values[0], alone.remoteness[0]) == (solution.value(batch[-1]),
                                                      solution.remoteness(batch[-1]))


@pytest.mark.kernels
def test_one_position_at_a_time_on_two_threads_equals_the_solve():
    # both threads search each position, each deferring the children the other is searching
    # (as Python, under the coverage run, the two take turns all along)
    _two_cores()
    game = TicTacToe()
    solution = perfectplay.solve(game)
    for position in [p for p, _, _ in solution.positions()][:12]:
        result = search_positions(game, [position], table=TranspositionTable(1 << 12),
                                  threads=2)
        assert (result.values[0], result.remoteness[0]) == (solution.value(position),
                                                            solution.remoteness(position))


def test_two_threads_search_lines_deeper_than_their_first_stack():
    # each thread starts with frames for 256 moves; a line of 1,000 fills them: the second
    # thread gives its roots back, and the first searches them with deeper frames
    _two_cores()
    chain = {v: [v + 1] for v in range(999)} | {999: []}
    game = CompiledGraph(chain, 0)
    roots = [0, 1, 500, 998]
    result = search_positions(game, roots, table=TranspositionTable(1024), threads=2)
    assert result.remoteness == [999, 998, 499, 1]  # a node without moves: its mover loses
    assert result.values == [Value.WIN, Value.LOSE, Value.WIN, Value.WIN]


def test_more_threads_than_cores_are_refused():
    cores = len(os.sched_getaffinity(0))
    with pytest.raises(perfectplay.EngineLimitError, match=f"the {cores} cores"):
        search_positions(BOARD, [BOARD.start()], threads=cores + 1)
