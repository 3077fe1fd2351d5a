import gzip
import json
import re

import pytest

from perfectplay import (
    Counts,
    Game,
    GameError,
    PositionNotSolved,
    SolutionFileError,
    Value,
    load_solution,
    solve,
)
from perfectplay.core.solution import game_identity
from perfectplay.games.graph import GraphGame
from perfectplay.games.nim import Nim
from perfectplay.games.shiritori import Shiritori
from perfectplay.games.subtraction import Subtraction
from perfectplay.games.tictactoe import TicTacToe


@pytest.fixture(scope="module")
def ttt():
    return solve(TicTacToe())


def test_moves_are_ranked_and_labelled_for_the_mover(ttt):
    # X to move: c1 completes the top row; c2 blocks O's row and ties; the rest let O win.
    ranked = [(m.move, m.position, m.value, m.remoteness) for m in ttt.moves("XX.OO....")]
    assert ranked == [(2, "XXXOO....", Value.WIN, 0), (5, "XX.OOX...", Value.TIE, 4),
                      (6, "XX.OO.X..", Value.LOSE, 1), (7, "XX.OO..X.", Value.LOSE, 1),
                      (8, "XX.OO...X", Value.LOSE, 1)]


def test_best_move_is_the_smallest_label_among_equals(ttt):
    assert [m.move for m in ttt.moves()] == list(range(9))  # every opening ties in 8
    assert ttt.best_move() == 0


def test_line_plays_to_the_end(ttt):
    line = ttt.line()
    assert len(line) == 9
    board = "........."
    for cell in line:
        board = dict(TicTacToe().moves(board))[cell]
    assert ttt.value(board) is Value.TIE and ttt.moves(board) == []


def test_unknown_position_raises_and_get_does_not(ttt):
    with pytest.raises(PositionNotSolved):
        ttt.value("XXXXX....")
    assert ttt.get("XXXXX....") is None
    assert "XXXXX...." not in ttt


def test_save_and_load_round_trip(tmp_path, ttt):
    path = tmp_path / "ttt.gz"
    ttt.save(path)
    loaded = load_solution(path, TicTacToe())
    assert sorted(loaded.positions()) == sorted(ttt.positions())
    assert loaded.counts() == ttt.counts()
    assert loaded.start == ttt.start


def test_save_and_load_with_a_key(tmp_path):
    s = solve(Nim((2, 3, 4)))
    s.save(tmp_path / "nim.gz")
    loaded = load_solution(tmp_path / "nim.gz", Nim((2, 3, 4)))
    assert loaded.value((4, 3, 2)) is s.value((2, 3, 4))
    assert loaded.counts() == s.counts()


def _rewrite(path, change):
    """Pass a saved file's header and entries through ``change``, the checksum left as it was."""
    with gzip.open(path, "rb") as f:
        header, *entries = [json.loads(line) for line in f]
    change(header, entries)
    with gzip.open(path, "wb") as f:
        f.writelines(json.dumps(item).encode() + b"\n" for item in [header, *entries])


def test_corrupt_file_fails_its_checksum(tmp_path):
    path = tmp_path / "nim.gz"
    solve(Nim((1, 2))).save(path)
    _rewrite(path, lambda header, entries: [entry.__setitem__(1, "w") for entry in entries])
    with pytest.raises(SolutionFileError, match="checksum"):
        load_solution(path, Nim((1, 2)))


def test_unknown_version_and_foreign_files_are_refused(tmp_path):
    path = tmp_path / "nim.gz"
    solve(Nim((1, 2))).save(path)
    _rewrite(path, lambda header, entries: header.update(version=99))
    with pytest.raises(SolutionFileError, match="version 99"):
        load_solution(path, Nim((1, 2)))
    (tmp_path / "junk").write_text("hello")
    with pytest.raises(SolutionFileError, match="not a perfectplay solution"):
        load_solution(tmp_path / "junk", Nim((1, 2)))


@pytest.mark.parametrize(("saved", "loaded"), [
    (Shiritori(("ab", "ba")), Shiritori(("ab", "cd"))),
    (Subtraction(30, (1, 3, 4)), Subtraction(30, (1, 2))),
])
def test_a_file_is_refused_for_another_game(tmp_path, saved, loaded):
    # the two repros: each file would have answered lose / remoteness 18 for the other
    path = tmp_path / "saved.gz"
    solve(saved).save(path)
    with gzip.open(path, "rb") as f:
        assert json.loads(f.readline())["game"] == repr(saved)
    message = f"saved for {re.escape(repr(saved))}, not for {re.escape(repr(loaded))}"
    with pytest.raises(SolutionFileError, match=message):
        load_solution(path, loaded)
    assert load_solution(path, saved).value() is solve(saved).value()


class TakeAway(Game):
    """A user's game with object's repr: named by its class and public attributes."""

    def __init__(self, heap):
        self.heap = heap

    def start(self):
        return self.heap

    def moves(self, heap):
        return [(take, heap - take) for take in (1, 2) if take <= heap]


def test_a_game_without_a_repr_is_named_by_its_attributes(tmp_path):
    assert game_identity(TakeAway(21)) == "TakeAway(heap=21)"
    solve(TakeAway(21)).save(tmp_path / "t.gz")
    assert load_solution(tmp_path / "t.gz", TakeAway(21)).value() is Value.LOSE  # 21 = 3 * 7
    with pytest.raises(SolutionFileError, match=r"TakeAway\(heap=21\), not for TakeAway"):
        load_solution(tmp_path / "t.gz", TakeAway(30))


def test_the_table_widens_for_large_counts():
    # the issue's repro: Connect Four 5x4's seven-digit counts ran together in 7-wide columns
    counts = Counts(positions=14_000_000,
                    by_value={Value.WIN: 13_905_161, Value.LOSE: 94_839},
                    by_remoteness={0: {Value.LOSE: 94_839}, 12: {Value.WIN: 13_905_161}},
                    primitives={Value.LOSE: 94_839})
    lines = counts.format_table().splitlines()
    assert lines[0] == ("remoteness         win        lose         tie        draw"
                        "       total")
    assert lines[1] == ("         0           0      94,839           0           0"
                        "      94,839")
    assert lines[-1] == ("     total  13,905,161      94,839           0           0"
                         "  14,000,000")
    assert len(lines) == 1 + 13 + 1 and len({len(line) for line in lines}) == 1


def test_counts_table_of_a_small_graph():
    game = GraphGame.from_edges([("a", "b"), ("b", "a"), ("b", "c"), ("c", "d")], start="a")
    counts = solve(game).counts()
    assert counts.positions == 4
    assert counts.by_value == {Value.WIN: 1, Value.LOSE: 1, Value.TIE: 0, Value.DRAW: 2}
    assert counts.by_remoteness == {0: {Value.LOSE: 1}, 1: {Value.WIN: 1}}
    assert counts.primitives[Value.LOSE] == 1


class Flaky(Game):
    """moves() answers differently on every call: a protocol violation."""

    calls = 0

    def start(self):
        return 0

    def moves(self, n):
        if n == 0:
            Flaky.calls += 1
            yield "go", Flaky.calls


def test_non_deterministic_moves_are_named():
    s = solve(Flaky())
    with pytest.raises(GameError, match=r"not deterministic.*\(at position 0\)"):
        s.moves(0)
