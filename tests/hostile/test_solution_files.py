"""Hostile saved files: every damaged, truncated or crafted file ends in SolutionFileError, a
declared size is refused before it is allocated (memory measured), and saves are atomic, refuse
what is not a regular file, and leave no temporary file behind."""

import gzip
import json
import os
import subprocess
import sys
import time
import tracemalloc
import zipfile
import zlib

import numpy as np
import pytest

from perfectplay import Game, SolutionFileError, load_solution, solve
from perfectplay.compiled.codes import CODE16_SPAN, CODE32_SPAN, decode_codes
from perfectplay.core.codes import SPAN
from perfectplay.core.solution import checksum, write_atomically
from perfectplay.core.values import Value
from perfectplay.games.connect4 import ConnectFour
from perfectplay.games.nim import Nim
from perfectplay.games.shiritori import Shiritori
from perfectplay.games.tictactoe import TicTacToe

MEMORY_BOUND = 16 << 20
"""Most bytes a refused bomb may allocate while it is read (tracemalloc's peak)."""


# Files as earlier versions of perfectplay wrote them -----------------------------------------

def save_v1_json(solution, path):
    """What ``DictSolution.save`` wrote at version 1: one document, the game by name only."""
    fmt = solution.game.format_position
    letters = {Value.WIN: "w", Value.LOSE: "l", Value.TIE: "t", Value.DRAW: "d"}
    entries = list(solution.positions())
    payload = {"game": str(solution.game), "method": solution.method,
               "start": fmt(solution.start),
               "primitives": {str(v): n for v, n in solution.primitives.items()},
               "positions": [fmt(p) for p, _, _ in entries],
               "values": "".join(letters[v] for _, v, _ in entries),
               "remoteness": [-1 if r is None else r for _, _, r in entries]}
    document = {"format": "perfectplay-solution", "version": 1, "sha256": checksum(payload),
                "payload": payload}
    path.write_bytes(gzip.compress(json.dumps(document, separators=(",", ":")).encode()))


def save_old_dense(solution, path):
    """What ``DenseSolution.save`` wrote at versions 1 (2-byte codes) and 2 (4-byte)."""
    codes = solution.table[np.flatnonzero(np.unpackbits(solution.reachable, bitorder="little",
                                                         count=solution.table.size))]
    header = {"game": str(solution.game), "method": solution.method,
              "start": solution.game.format_position(solution.start),
              "primitives": {str(v): n for v, n in solution.primitives.items()},
              "size": int(solution.table.size)}
    write_dense(path, header, solution.reachable, codes, version=1 if codes.itemsize == 2 else 2)


def write_dense(path, header, reachable, codes, *, version=3):
    """A dense file of these arrays, with a checksum recomputed as a forger would."""
    digest = checksum(header, reachable.tobytes(), codes.astype(f"<u{codes.itemsize}").tobytes())
    document = {"format": "perfectplay-dense-solution", "version": version, "sha256": digest,
                "header": header}
    with open(path, "wb") as f:
        np.savez_compressed(f, document=np.array(json.dumps(document)), reachable=reachable,
                            codes=codes)


# Every flip and every truncation --------------------------------------------------------------

CASES = {
    "json": (Nim((1, 2)), "memo", lambda s, path: s.save(path)),
    "json-v1": (Nim((1, 2)), "memo", save_v1_json),
    "dense": (ConnectFour(3, 3), "compiled", lambda s, path: s.save(path)),
    "dense-v1": (Shiritori(("ab", "ba")), "compiled", save_old_dense),
}


def same(a, b):
    return (list(a.positions()) == list(b.positions()) and a.start == b.start
            and a.primitives == b.primitives and a.method == b.method)


@pytest.mark.parametrize("case", CASES)
def test_every_flip_and_truncation_is_refused(tmp_path, case):
    game, method, save = CASES[case]
    solution = solve(game, method=method)
    save(solution, tmp_path / "good")
    data = (tmp_path / "good").read_bytes()
    damaged = tmp_path / "damaged"
    damaged.write_bytes(data)
    harmless = []
    # the copy is changed in place: rewriting a whole file thousands of times is slow on ext4
    with open(damaged, "r+b", buffering=0) as f:
        for i in range(len(data)):
            os.pwrite(f.fileno(), bytes([data[i] ^ 0xFF]), i)
            try:
                loaded = load_solution(damaged, game)
            except SolutionFileError:
                loaded = None
            os.pwrite(f.fileno(), data[i:i + 1], i)
            if loaded is not None:
                # a byte no reader uses (gzip's timestamp, a zip entry's date) changes nothing
                assert same(loaded, solution), f"byte {i} flipped loads another solution"
                harmless.append(i)
        for i in reversed(range(len(data))):
            f.truncate(i)
            with pytest.raises(SolutionFileError):
                load_solution(damaged, game)
    if case.startswith("json"):
        assert harmless == [4, 5, 6, 7, 8, 9]  # gzip's MTIME, XFL and OS bytes
    else:
        assert len(harmless) < len(data) / 4


# Bombs: sizes refused before they are allocated -----------------------------------------------

def peak_while_refused(path, game, match):
    """Bytes allocated at the peak of loading ``path``, which must be refused."""
    tracemalloc.start()
    try:
        with pytest.raises(SolutionFileError, match=match):
            load_solution(path, game)
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def gzip_members(*parts, repeat=1):
    """Gzip members (which a reader joins into one stream): ``parts`` once each, then the last
    one ``repeat`` times more; cheap to build however large the stream they decompress to."""
    members = [gzip.compress(part, mtime=0) for part in parts]
    return b"".join(members) + members[-1] * repeat


ZEROS = bytes(16 << 20)


def v2_header(game, positions):
    fields = {"format": "perfectplay-solution", "version": 2, "game": repr(game),
              "method": "memo", "start": "1,2", "primitives": {}, "positions": positions,
              "sha256": "0" * 64}
    return json.dumps(fields, separators=(",", ":")).encode() + b"\n"


GZIP_BOMBS = {
    # 2 MB of gzip, 2 GiB of zeros
    "zeros": (lambda game: gzip_members(ZEROS, repeat=127), "no header line"),
    "one endless line": (lambda game: gzip_members(v2_header(game, 5), ZEROS, repeat=127),
                         "longer than"),
    "one line repeated": (lambda game: gzip_members(v2_header(game, 10**6),
                                                    b'["1,2","w",3]\n' * (1 << 20),
                                                    repeat=127), "listed twice"),
    "10^12 positions": (lambda game: gzip_members(v2_header(game, 10**12)), "can hold"),
    "version 1 of blanks": (lambda game: gzip_members(b'{"format":"perfectplay-solution",',
                                                      b" " * (16 << 20), repeat=127),
                            "expands more than 32 times"),
}


@pytest.mark.parametrize("bomb", GZIP_BOMBS)
def test_a_gzip_bomb_is_refused_without_allocating_it(tmp_path, bomb):
    make, match = GZIP_BOMBS[bomb]
    path = tmp_path / "bomb.gz"
    path.write_bytes(make(Nim((1, 2))))
    assert peak_while_refused(path, Nim((1, 2)), match) < MEMORY_BOUND


def npy_header(text):
    return b"\x93NUMPY\x01\x00" + len(text).to_bytes(2, "little") + text


NPY_HEADERS = {
    # the issue's 642-byte .npz: its codes' header says 10^12, its data holds 10
    "10^12 codes": npy_header(b"{'descr': '<u2', 'fortran_order': False, "
                              b"'shape': (1000000000000,), }\n"),
    "numpy's reader would raise tokenize's error": npy_header(b"{'descr': '<u2', ("),
    "a key that is a list": npy_header(b"{[1]: 2}"),
    "a header past 1 KiB": npy_header(b" " * 2000),
}


@pytest.mark.parametrize("header", NPY_HEADERS)
def test_a_crafted_array_header_is_refused(tmp_path, header):
    game = ConnectFour(3, 3)
    solve(game, method="compiled").save(tmp_path / "good.npz")
    with zipfile.ZipFile(tmp_path / "good.npz") as good, \
            zipfile.ZipFile(tmp_path / "bomb.npz", "w", zipfile.ZIP_DEFLATED) as bomb:
        for name in ("document.npy", "reachable.npy"):
            bomb.writestr(name, good.read(name))
        bomb.writestr("codes.npy", NPY_HEADERS[header] + bytes(20))
    assert peak_while_refused(tmp_path / "bomb.npz", game, "codes array of the wrong type or "
                                                           "size") < MEMORY_BOUND


def test_a_dense_deflate_bomb_is_refused_before_it_is_inflated(tmp_path):
    game = ConnectFour(3, 3)
    with zipfile.ZipFile(tmp_path / "bomb.npz", "w", zipfile.ZIP_DEFLATED) as bomb, \
            bomb.open("document.npy", "w", force_zip64=True) as member:
        for _ in range(4):  # 64 MiB of zeros in 64 KB
            member.write(ZEROS)
    assert (tmp_path / "bomb.npz").stat().st_size < 1 << 17
    assert peak_while_refused(tmp_path / "bomb.npz", game, "declares 67,108,864 bytes"
                              ) < MEMORY_BOUND


# Crafted files: the checksum recomputed, the values out of range ------------------------------

class RawLine(bytes):
    """A line written as it is, not as JSON."""


def write_v2(path, header, entries):
    """A version 2 file of these fields, its checksum recomputed as a forger would."""
    lines = [(entry if isinstance(entry, RawLine) else
              json.dumps(entry, separators=(",", ":")).encode()) + b"\n" for entry in entries]
    fields = {"format": "perfectplay-solution", "version": 2, **header}
    fields.pop("sha256", None)
    fields["sha256"] = checksum(fields, *lines)
    with gzip.open(path, "wb") as f:
        f.writelines([json.dumps(fields).encode() + b"\n", *lines])


def saved_v2(tmp_path):
    solve(Nim((1, 2))).save(tmp_path / "nim.gz")
    with gzip.open(tmp_path / "nim.gz", "rb") as f:
        header, *entries = [json.loads(line) for line in f]
    return header, entries


JSON_CRAFTS = {
    "letter x": (lambda h, e: e[0].__setitem__(1, "x"), "value 'x'"),
    "remoteness -2": (lambda h, e: e[0].__setitem__(2, -2), "remoteness -2"),
    "a win without remoteness": (lambda h, e: e[0].__setitem__(2, -1), "remoteness -1"),
    "a draw with remoteness": (lambda h, e: e[0].__setitem__(1, "d"), "value 'd'"),
    "remoteness past the codes": (lambda h, e: e[0].__setitem__(2, SPAN), "remoteness"),
    "remoteness a float": (lambda h, e: e[0].__setitem__(2, 1.0), "remoteness 1.0"),
    "a position that does not parse": (lambda h, e: e[0].__setitem__(0, "1,["),
                                       "does not parse"),
    "a position twice": (lambda h, e: e.__setitem__(1, list(e[0])), "listed twice"),
    "an entry of four": (lambda h, e: e[0].append(0), "entry"),
    "a start not solved": (lambda h, e: h.update(start="5,5"), "start"),
    "a negative primitive count": (lambda h, e: h["primitives"].update(lose=-1), "primitives"),
    "an unknown value": (lambda h, e: h["primitives"].update(huge=1), "primitives"),
    "a method that is a list": (lambda h, e: h.update(method=[]), "header"),
    "more positions than lines": (lambda h, e: h.update(positions=len(e) + 1), "ends before"),
    "fewer positions than lines": (lambda h, e: h.update(positions=len(e) - 1), "more lines"),
    "an extra field": (lambda h, e: h.update(extra=[[[[0]]]]), "header"),
    "a deep line": (lambda h, e: e.__setitem__(0, RawLine(b"[" * 5000 + b"]" * 5000)),
                    "damaged"),
    "a byte past ASCII": (lambda h, e: e.__setitem__(0, RawLine(b'["1,2","\xe9",3]')),
                          "damaged"),
}


@pytest.mark.parametrize("craft", JSON_CRAFTS)
def test_a_crafted_json_file_is_refused(tmp_path, craft):
    change, match = JSON_CRAFTS[craft]
    header, entries = saved_v2(tmp_path)
    change(header, entries)
    write_v2(tmp_path / "crafted.gz", header, entries)
    with pytest.raises(SolutionFileError, match=match):
        load_solution(tmp_path / "crafted.gz", Nim((1, 2)))


class Heap(Game):
    """Take one or two; its key() fails on a heap no solve reaches."""

    def start(self):
        return 4

    def moves(self, heap):
        return [(take, heap - take) for take in (1, 2) if take <= heap]

    def key(self, heap):
        if heap < 0:
            raise ValueError(f"no heap of {heap}")
        return heap


def test_a_position_whose_key_fails_is_refused(tmp_path):
    solve(Heap()).save(tmp_path / "heap.gz")
    with gzip.open(tmp_path / "heap.gz", "rb") as f:
        header, *entries = [json.loads(line) for line in f]
    entries[-1][0] = "-1"
    write_v2(tmp_path / "crafted.gz", header, entries)
    with pytest.raises(SolutionFileError, match="'-1' has no key: 'no heap of -1'"):
        load_solution(tmp_path / "crafted.gz", Heap())


def test_a_recomputed_checksum_alone_passes(tmp_path):
    header, entries = saved_v2(tmp_path)
    write_v2(tmp_path / "resigned.gz", header, entries)
    assert load_solution(tmp_path / "resigned.gz", Nim((1, 2))).value() is Value.WIN


@pytest.fixture(scope="module")
def ttt_dense():
    # 19,683 encoded positions: the last reachable byte has 5 bits of padding
    solution = solve(TicTacToe(), method="compiled")
    header = {"game": "TicTacToe('.........')", "method": "compiled", "start": ".........",
              "primitives": {str(v): n for v, n in solution.primitives.items()},
              "size": 19683, "code_bytes": 2}
    reachable = np.array(solution.reachable)
    codes = solution.table[np.flatnonzero(np.unpackbits(reachable, bitorder="little",
                                                         count=19683))]
    return header, reachable, codes


def _with_code(codes, code):
    codes = codes.copy()
    codes[0] = code
    return codes


def _with_bit(reachable, byte, bit):
    reachable = reachable.copy()
    reachable[byte] |= 1 << bit
    return reachable


DENSE_CRAFTS = {
    "a code between draw and win": (lambda h, r, c: (h, r, _with_code(c, 2 * CODE16_SPAN + 1)),
                                    "outside the 2-byte layout"),
    "the last code below win": (lambda h, r, c: (h, r, _with_code(c, 3 * CODE16_SPAN - 1)),
                                "outside"),
    "4-byte codes said to be 2": (lambda h, r, c: (h, r, c.astype(np.uint32)), "codes"),
    "a reachable bit without a code": (lambda h, r, c: (h, _with_bit(r, 100, 0) if not r[100] & 1
                                                        else _with_bit(r, 100, 1), c),
                                       "codes array"),
    "a bit past the positions": (lambda h, r, c: (h, _with_bit(r, -1, 7), c), "past the"),
    "a reachable array too short": (lambda h, r, c: (h, r[:-1], c), "reachable array"),
    "a size that is a bool": (lambda h, r, c: ({**h, "size": True}, r, c), "header"),
    "a code width of 3": (lambda h, r, c: ({**h, "code_bytes": 3}, r, c), "header"),
    "a start that does not parse": (lambda h, r, c: ({**h, "start": "XXXX"}, r, c),
                                    "does not parse"),
    "more primitives than positions": (lambda h, r, c: ({**h, "primitives": {"win": 10**6}},
                                                        r, c), "primitives"),
}


@pytest.mark.parametrize("craft", DENSE_CRAFTS)
def test_a_crafted_dense_file_is_refused(tmp_path, ttt_dense, craft):
    change, match = DENSE_CRAFTS[craft]
    write_dense(tmp_path / "crafted.npz", *change(*ttt_dense))
    with pytest.raises(SolutionFileError, match=match):
        load_solution(tmp_path / "crafted.npz", TicTacToe())


def test_a_recomputed_dense_checksum_alone_passes(tmp_path, ttt_dense):
    write_dense(tmp_path / "resigned.npz", *ttt_dense)
    assert load_solution(tmp_path / "resigned.npz", TicTacToe()).value() is Value.TIE


# Earlier versions: still read, without the game check -----------------------------------------

def test_earlier_versions_are_still_read(tmp_path):
    memo = solve(TicTacToe())
    save_v1_json(memo, tmp_path / "v1.gz")
    assert same(load_solution(tmp_path / "v1.gz", TicTacToe()), memo)
    dense = solve(ConnectFour(3, 3), method="compiled")
    save_old_dense(dense, tmp_path / "v1.npz")
    assert same(load_solution(tmp_path / "v1.npz", ConnectFour(3, 3)), dense)
    with pytest.raises(SolutionFileError, match="encodes"):  # their one check of the game
        load_solution(tmp_path / "v1.npz", ConnectFour(3, 4))


def test_a_four_byte_file_of_version_2_is_read(tmp_path, ttt_dense):
    header, reachable, codes = ttt_dense
    values, r = decode_codes(codes)  # the same codes in the 4-byte layout
    wide = np.select([values == 1, values == 2, values == 3],
                     [r, CODE32_SPAN + r, 2 * CODE32_SPAN], 4 * CODE32_SPAN - 1 - r)
    wide = wide.astype(np.uint32)
    old = {name: header[name] for name in header if name != "code_bytes"}
    write_dense(tmp_path / "v2.npz", old, reachable, wide, version=2)
    loaded = load_solution(tmp_path / "v2.npz", TicTacToe())
    assert loaded.table.dtype == np.uint32
    assert loaded.counts() == solve(TicTacToe(), method="compiled").counts()


# Saves -----------------------------------------------------------------------------------------

WRITER = """
import sys, time
from pathlib import Path
from perfectplay import solve
from perfectplay.games.tictactoe import TicTacToe
target, start, ready = sys.argv[1:]
solution = solve(TicTacToe(), position=start)
Path(ready).touch()
while not Path(target + ".go").exists():
    time.sleep(0.001)
for _ in range(12):
    solution.save(target)
"""


def test_two_concurrent_saves_leave_one_whole_file(tmp_path):
    target = tmp_path / "ttt.gz"
    sizes = {len(solve(TicTacToe(), position=start)) for start in (".........", "X........")}
    writers = [subprocess.Popen([sys.executable, "-c", WRITER, str(target), start,
                                 str(tmp_path / f"ready{i}")])
               for i, start in enumerate((".........", "X........"))]
    try:
        while not all((tmp_path / f"ready{i}").exists() for i in range(2)):
            assert all(w.poll() is None for w in writers)
            time.sleep(0.01)
        (tmp_path / "ttt.gz.go").touch()
        loads = 0
        while any(w.poll() is None for w in writers):
            if target.exists():  # every load during the race finds a whole file
                assert len(load_solution(target, TicTacToe())) in sizes
                loads += 1
    finally:
        for w in writers:
            w.wait(timeout=60)
    assert [w.returncode for w in writers] == [0, 0]
    assert len(load_solution(target, TicTacToe())) in sizes
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ready0", "ready1", "ttt.gz",
                                                          "ttt.gz.go"]


def save_nim(path):
    solve(Nim((1, 2))).save(path)


def test_a_symlink_target_is_refused_and_left_alone(tmp_path):
    (tmp_path / "real").write_text("keep me")
    (tmp_path / "link").symlink_to(tmp_path / "real")
    with pytest.raises(FileExistsError, match="symlink"):
        save_nim(tmp_path / "link")
    assert (tmp_path / "link").is_symlink() and (tmp_path / "real").read_text() == "keep me"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link", "real"]


def test_a_fifo_and_a_device_are_refused(tmp_path):
    os.mkfifo(tmp_path / "fifo")
    with pytest.raises(FileExistsError, match="not a regular file"):
        save_nim(tmp_path / "fifo")
    assert (tmp_path / "fifo").is_fifo() and os.listdir(tmp_path) == ["fifo"]
    with pytest.raises(SolutionFileError, match="not a regular file"):  # and is not opened
        load_solution(tmp_path / "fifo", Nim((1, 2)))
    if os.path.exists("/dev/null"):
        with pytest.raises(FileExistsError, match="not a regular file"):
            save_nim("/dev/null")
        assert os.path.exists("/dev/null") and not os.path.isfile("/dev/null")


def test_no_name_and_a_directory_are_errors(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(FileNotFoundError, match="no file name"):
        save_nim("")
    (tmp_path / "dir").mkdir()
    for name in ("dir", f"dir{os.sep}", f"new{os.sep}"):
        with pytest.raises(IsADirectoryError, match="names a directory"):
            save_nim(name)
    assert sorted(os.listdir(tmp_path)) == ["dir"] and os.listdir(tmp_path / "dir") == []


def test_a_failed_write_leaves_no_temporary_file(tmp_path):
    (tmp_path / "old").write_text("before")

    def fail(f):
        f.write(b"half")
        raise zlib.error("the disk is full")

    with pytest.raises(zlib.error):
        write_atomically(tmp_path / "old", fail)
    assert os.listdir(tmp_path) == ["old"] and (tmp_path / "old").read_text() == "before"
