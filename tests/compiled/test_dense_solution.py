import gzip
import json

import numpy as np
import pytest

from perfectplay import PositionNotSolved, SolutionFileError, Value, load_solution, solve
from perfectplay.compiled.codes import CODE16_SPAN, decode_codes
from perfectplay.compiled.dense import DenseSolution
from perfectplay.games.connect4 import ConnectFour
from perfectplay.games.shiritori import Shiritori
from perfectplay.games.tictactoe import TicTacToe
from perfectplay.solve import DictSolution


def test_two_bytes_a_position_and_a_bit_array():
    s = solve(ConnectFour(4, 4), method="compiled")
    assert s.table.dtype == np.uint16 and s.table.size == ConnectFour(4, 4).compiled_size()
    assert s.reachable.dtype == np.uint8 and s.reachable.size == s.table.size // 8
    assert int(np.unpackbits(s.reachable).sum()) == len(s) == 161_029
    assert not s.table.flags.writeable


def test_codes_decode_like_the_python_codes():
    values, remoteness = decode_codes(np.array([0, 7, CODE16_SPAN, CODE16_SPAN + 3,
                                                 2 * CODE16_SPAN, 4 * CODE16_SPAN - 1,
                                                 4 * CODE16_SPAN - 6]))
    names = [list(Value)[v] for v in values]
    assert names == [Value.LOSE, Value.LOSE, Value.TIE, Value.TIE, Value.DRAW, Value.WIN,
                     Value.WIN]
    assert remoteness.tolist() == [0, 7, 0, 3, -1, 0, 5]


def test_save_and_load_round_trip(tmp_path):
    game = Shiritori(("ab", "ba", "bb", "aa", "abc"))
    s = solve(game, method="compiled")
    path = tmp_path / "shiritori.npz"
    s.save(path)
    loaded = load_solution(path, game)
    assert isinstance(loaded, DenseSolution)
    assert list(loaded.positions()) == list(s.positions())
    assert loaded.counts() == s.counts()
    assert (loaded.start, loaded.method) == (s.start, "compiled")


def test_load_still_reads_the_json_format(tmp_path):
    game = TicTacToe()
    path = tmp_path / "ttt.json.gz"
    solve(game, method="memo").save(path)
    loaded = load_solution(path, game)
    assert type(loaded) is DictSolution and len(loaded) == 5478


def test_a_corrupt_dense_file_is_refused(tmp_path):
    game = Shiritori(("ab", "ba", "bb"))
    path = tmp_path / "s.npz"
    solve(game, method="compiled").save(path)
    with np.load(path) as archive:
        arrays = {name: archive[name] for name in archive.files}
    arrays["codes"] = arrays["codes"] ^ np.uint16(1)
    with open(path, "wb") as f:
        np.savez_compressed(f, **arrays)
    with pytest.raises(SolutionFileError, match="checksum"):
        load_solution(path, game)
    path.write_bytes(b"PK\x03\x04 not really a zip")
    with pytest.raises(SolutionFileError):
        load_solution(path, game)
    with gzip.open(tmp_path / "other.gz", "wt") as f:
        f.write("{}")
    with pytest.raises(SolutionFileError):
        load_solution(tmp_path / "other.gz", game)


def test_a_dense_file_names_its_game_and_code_width(tmp_path):
    path = tmp_path / "c.npz"
    solve(ConnectFour(3, 3), method="compiled").save(path)
    with np.load(path) as archive:
        document = json.loads(str(archive["document"]))
    assert document["version"] == 3
    assert (document["header"]["game"], document["header"]["code_bytes"]) == (
        "ConnectFour(3, 3)", 2)
    with pytest.raises(SolutionFileError,
                       match=r"saved for ConnectFour\(3, 3\), not for ConnectFour\(3, 4\)"):
        load_solution(path, ConnectFour(3, 4))


def test_a_dense_file_is_refused_for_another_game(tmp_path):
    # the repro: the ab,ba file said lose for ab,cd, whose encoding has the same size
    path = tmp_path / "s.npz"
    solve(Shiritori(("ab", "ba")), method="compiled").save(path)
    with pytest.raises(SolutionFileError,
                       match=r"saved for Shiritori\(\('ab', 'ba'\)\), not for "
                             r"Shiritori\(\('ab', 'cd'\)\)"):
        load_solution(path, Shiritori(("ab", "cd")))


def test_unreached_and_malformed_positions():
    game = Shiritori(("ab", "ba"))
    s = solve(game, method="compiled")
    with pytest.raises(PositionNotSolved):
        s.value((frozenset({"ab"}), "ba"))  # not a shiritori position: encode refuses it
    assert s.get((frozenset({"zz"}), "zz")) is None
