"""Opening books (``perfectplay book``): every position within the depth holds its value and
remoteness as the strong solve and the naive definition give them, the search and its commands
read them, a killed build resumes to the same bytes (also on Dask), and a damaged or foreign
book is refused."""

from __future__ import annotations

import fcntl
import json
import os
import signal
import subprocess
import sys
import time

import pytest
from compiled.graph_rules import CompiledGraph
from hypothesis import given, settings
from hypothesis import strategies as st
from naive import naive_values

from perfectplay import DamagedDataError, SolutionFileError, Value, solve
from perfectplay.cli import main
from perfectplay.compiled.search import analyze, search_positions
from perfectplay.games.connect4 import ConnectFour
from perfectplay.games.tictactoe import TicTacToe
from perfectplay.tiers.book import build_book, open_book


def within(game, depth):
    """Every position at most ``depth`` moves from the start (plain breadth-first search)."""
    level, seen = [game.start()], {game.start()}
    for _ in range(depth):
        level = [c for p in level if game.primitive(p) is None for _, c in game.moves(p)
                 if c not in seen]
        level = list(dict.fromkeys(level))
        seen.update(level)
    return seen


@pytest.mark.parametrize(("game", "depth"), [(ConnectFour(5, 4), 6), (TicTacToe(), 9)],
                         ids=["connect4 5x4", "tic-tac-toe"])
def test_every_position_within_the_depth_holds_the_strong_solve(tmp_path, game, depth):
    book = build_book(game, tmp_path / "b.book", depth)
    strong = solve(game)
    positions = within(game, depth)
    assert {p: book.probe(p) for p in positions} == \
        {p: (strong.value(p), strong.remoteness(p)) for p in positions}
    assert not (tmp_path / "b.book.partial").exists()
    book.verify()


def test_a_position_deeper_than_the_book_is_not_held(tmp_path):
    game = ConnectFour(5, 4)
    book = build_book(game, tmp_path / "b.book", 3)
    assert book.probe(game.parse_position("123")) is not None
    assert book.probe(game.parse_position("1234")) is None


@st.composite
def dags(draw):
    """Up to 12 nodes whose moves lead to smaller nodes; finished nodes of each value."""
    n = draw(st.integers(1, 12))
    successors, finished = {}, {}
    for v in range(n):
        successors[v] = draw(st.lists(st.integers(0, v - 1), max_size=3, unique=True)) if v \
            else []
        if draw(st.integers(0, 3)) == 0:
            finished[v] = draw(st.sampled_from([Value.LOSE, Value.TIE, Value.WIN]))
    return successors, finished, draw(st.integers(0, 4))


@pytest.mark.kernels
@settings(max_examples=25, deadline=None)
@given(dags())
def test_random_games_hold_the_naive_definition(tmp_path_factory, dag):
    successors, finished, depth = dag
    start = len(successors) - 1
    game = CompiledGraph(successors, start, finished)
    book = build_book(game, tmp_path_factory.mktemp("dag") / "b.book", depth, chunk_size=2)
    expected = naive_values({v: [] if v in finished else kids
                             for v, kids in successors.items()}, finished)
    held = {v: book.probe(v) for v in successors if book.probe(v) is not None}
    assert held == {v: expected[v] for v in within(game, depth)}


def test_the_search_reads_the_book_and_searches_the_rest(tmp_path):
    game = ConnectFour(5, 4)
    book = build_book(game, tmp_path / "b.book", 2)
    deep = game.parse_position("334")  # three moves in: not in the book
    found = search_positions(game, [game.start(), deep], book=book)
    alone = search_positions(game, [game.start(), deep])
    assert (found.values, found.remoteness) == (alone.values, alone.remoteness)
    assert found.nodes[0] == 0 < found.nodes[1]
    read = analyze(game, book=book)  # the start and its children: all in the book
    searched = analyze(game)
    assert read.nodes == 0 < searched.nodes
    assert (read.value, read.remoteness, read.moves) == \
        (searched.value, searched.remoteness, searched.moves)
    assert analyze(game, game.parse_position("33"), book=book).nodes > 0  # its children: 3 in


def test_the_commands_read_the_book(tmp_path, capsys):
    path = tmp_path / "c.book"
    assert main(["book", "connect4", "--width", "5", "--height", "4", "--depth", "2",
                 "--out", str(path), "--json"]) == 0
    built = json.loads(capsys.readouterr().out)
    mirrored = {min(p, p[::-1]) for p in within(ConnectFour(5, 4), 2)}  # each image once
    assert (built["positions"], built["depth"], built["value"], built["remoteness"]) == \
        (len(mirrored), 2, "tie", 20)
    args = ["analyze", "connect4", "--width", "5", "--height", "4", "--start", "3", "--json"]
    assert main([*args, "--book", str(path)]) == 0
    read = json.loads(capsys.readouterr().out)
    assert main(args) == 0
    searched = json.loads(capsys.readouterr().out)
    assert read["nodes"] == 0 < searched["nodes"]
    assert read["moves"] == searched["moves"] and read["value"] == searched["value"]
    assert main(["book", "connect4", "--width", "5", "--height", "4", "--verify",
                 str(path)]) == 0
    assert "verified:   every block" in capsys.readouterr().out


def _chunks(partial):
    return list(partial.glob("level-*.chunk-*.json")) if partial.exists() else []


def test_a_build_killed_resumes_to_the_same_bytes(tmp_path):
    command = [sys.executable, "-m", "perfectplay", "book", "connect4", "--width", "5",
               "--height", "4", "--depth", "7", "--chunk-size", "16"]
    whole = tmp_path / "whole.book"
    subprocess.run([*command, "--out", str(whole)], check=True, capture_output=True)
    killed = tmp_path / "killed.book"
    child = subprocess.Popen([*command, "--out", str(killed)], stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL)
    try:
        while len(_chunks(tmp_path / "killed.book.partial")) < 3 and child.poll() is None:
            time.sleep(0.01)
        child.send_signal(signal.SIGKILL)
    finally:
        child.wait()
    assert child.returncode == -signal.SIGKILL and not killed.exists()
    done = len(_chunks(tmp_path / "killed.book.partial"))
    assert done >= 3
    subprocess.run([*command, "--out", str(killed)], check=True, capture_output=True)
    assert killed.read_bytes() == whole.read_bytes()


def test_two_dask_workers_write_the_bytes_of_one_process(tmp_path):
    pytest.importorskip("distributed")
    game = ConnectFour(5, 4)
    one = build_book(game, tmp_path / "one.book", 4, chunk_size=32)
    two = build_book(game, tmp_path / "two.book", 4, chunk_size=32, workers=2)
    assert two.path.read_bytes() == one.path.read_bytes()


def test_two_search_threads_write_the_bytes_of_one(tmp_path, capsys):
    if len(os.sched_getaffinity(0)) < 2:
        pytest.skip("two search threads need two cores")
    game = ConnectFour(5, 4)
    one = build_book(game, tmp_path / "one.book", 5, chunk_size=32)
    argv = ["book", "connect4", "--width", "5", "--height", "4", "--depth", "5",
            "--chunk-size", "32", "--out", str(tmp_path / "two.book")]
    assert main([*argv, "--threads", "2"]) == 0
    assert (tmp_path / "two.book").read_bytes() == one.path.read_bytes()
    capsys.readouterr()
    assert main([*argv, "--threads", "2", "--workers", "2"]) == 2
    assert capsys.readouterr().err.strip() == (
        "error: --threads is for a search in this process: not with --workers (each worker "
        "searches with one thread)")


def test_damaged_and_foreign_books_are_refused(tmp_path, capsys):
    game = ConnectFour(5, 4)
    path = tmp_path / "b.book"
    build_book(game, path, 3)
    data = path.read_bytes()
    with pytest.raises(SolutionFileError, match=r"not for ConnectFour\(4, 4\)"):
        open_book(path, ConnectFour(4, 4))
    flipped = bytearray(data)
    flipped[-5] ^= 0xFF  # inside the last block
    path.write_bytes(bytes(flipped))
    book = open_book(path, game)  # the header is whole
    with pytest.raises(DamagedDataError, match="block 0 fails its checksum"):
        book.probe(game.start())
    assert main(["book", "connect4", "--width", "5", "--height", "4", "--verify",
                 str(path)]) == 3
    assert "fails its checksum" in capsys.readouterr().err
    header = bytearray(data)
    header[40] ^= 0x01
    path.write_bytes(bytes(header))
    with pytest.raises(DamagedDataError):
        open_book(path, game)
    path.write_bytes(data[:-1])
    with pytest.raises(DamagedDataError, match="its blocks and its length differ"):
        open_book(path, game)
    path.write_bytes(b"print('no code runs')\n")
    with pytest.raises(SolutionFileError, match="not an opening book"):
        open_book(path, game)
    partial = tmp_path / "c.book.partial"
    partial.mkdir()
    (partial / "build.json").write_text('{"depth": 9}')
    with pytest.raises(SolutionFileError, match="holds the build of another book"):
        build_book(game, tmp_path / "c.book", 2)
    (partial / "build.json").unlink()
    held = os.open(partial, os.O_RDONLY | os.O_DIRECTORY)
    try:
        fcntl.flock(held, fcntl.LOCK_EX)  # as a build running in another process holds it
        with pytest.raises(SolutionFileError, match="another build of this book is running"):
            build_book(game, tmp_path / "c.book", 2)
    finally:
        os.close(held)
    assert build_book(game, tmp_path / "c.book", 2).depth == 2
    assert main(["book", "connect4", "--depth", "-1", "--out", str(tmp_path / "x")]) == 2
    assert capsys.readouterr().err.startswith("error: --depth is 0 or more")


def test_play_reads_the_book(tmp_path):
    game = ConnectFour(5, 4)
    path = tmp_path / "b.book"
    build_book(game, path, 1)
    done = subprocess.run([sys.executable, "-m", "perfectplay", "play", "connect4", "--width",
                           "5", "--height", "4", "--method", "search", "--book", str(path),
                           "--side", "both"], input="q\n", capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    assert "tie in 20" in done.stdout and "searched" not in done.stdout
