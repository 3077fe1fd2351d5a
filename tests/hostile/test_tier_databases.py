"""Hostile tier databases: opening one never imports or runs anything it names; every file is
bound to its database, tier and counts, so swapped, crafted or truncated files are refused by
every command (exit 3, naming the file); codes are checked chunk by chunk as they are read;
hooks that lie about child tiers are caught; a solve never writes through a link, holds a lock
on its directory and leaves nothing of a finished tier behind."""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import signal
import stat
import sys
import threading
from pathlib import Path

import pytest
from hostile.tier_games import TakeAway
from tier_files import edit_codes, rewrite

from perfectplay import DamagedDataError, GameError, SolutionFileError, Value, solve
from perfectplay.check import check
from perfectplay.cli import main
from perfectplay.core.solution import checksum, write_atomically
from perfectplay.games.connect4 import ConnectFour
from perfectplay.games.morris import Morris
from perfectplay.games.tictactoe import TicTacToe
from perfectplay.tiers import open_database, solve_tiers
from perfectplay.tiers.storage import Layout, locked

GAME_FILE = str(Path(__file__).with_name("tier_games.py"))


@pytest.fixture(scope="module")
def databases(tmp_path_factory):
    """Small solved databases, by name (copied before each test changes one)."""
    root = tmp_path_factory.mktemp("databases")
    games = {"c4-4x4": ConnectFour(4, 4), "c4-4x5": ConnectFour(4, 5), "ttt": TicTacToe(),
             "morris": Morris(), "take": TakeAway(12)}
    for name, game in games.items():
        solve_tiers(game, root / name)
    return root


def copy(databases: Path, name: str, tmp_path: Path) -> Path:
    target = tmp_path / name
    shutil.copytree(databases / name, target)
    return target


C4_4X4 = ["connect4", "--width", "4", "--height", "4"]
"""The Connect Four board of the databases (the command line's default is 7x6)."""


def refused_everywhere(directory: Path, capsys, name: str, *game: str) -> None:
    """Every command that reads the database exits 3 with one line naming ``name``."""
    for command in (["db", "verify"], ["db", "info"], ["db", "query"]):
        assert main([*command, str(directory), *game]) == 3, command
        err = capsys.readouterr().err
        assert err.startswith("error: ") and name in err and err.count("\n") == 1, err


# 1. A database never imports or runs code --------------------------------------------------

@pytest.mark.parametrize("change", [
    {"class": "perfectplay.cli:main", "catalogue": None},
    {"class": "perfectplay.cli:main"},
    {"catalogue": "tictactoe"},
    {"catalogue": "../../evil"},
], ids=["class-of-the-old-format", "class-added", "catalogue-call", "catalogue-path"])
def test_a_crafted_manifest_runs_nothing(databases, tmp_path, capsys, change):
    directory = copy(databases, "ttt", tmp_path)
    evidence = tmp_path / "ran"
    command = (f"main(['solve', 'tictactoe', '--save', {str(evidence / 'x.gz')!r}])"
               if "class" in change else
               f"TicTacToe(__import__('os').mkdir({str(evidence)!r}))")
    rewrite(directory / "manifest.json", lambda d: d.update(change, game=command))
    refused_everywhere(directory, capsys, "manifest.json")
    with pytest.raises(DamagedDataError):
        open_database(directory)
    assert not evidence.exists()


def test_a_database_of_your_own_game_is_opened_with_the_game_named(databases, capsys):
    directory = str(databases / "take")
    assert main(["db", "info", directory]) == 2
    assert "a game of your own: name it" in capsys.readouterr().err
    game = ["--game", f"{GAME_FILE}:TakeAway", "--arg", "heap=12"]
    assert main(["db", "query", directory, "12", "--json", *game]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert (answer["value"], answer["remoteness"]) == ("win", 7)
    assert main(["db", "verify", directory, *game]) == 0
    assert main(["db", "info", directory, *game]) == 0
    assert "value:      win in 7" in capsys.readouterr().out
    assert main(["db", "verify", directory, *game[:-1], "heap=13"]) == 2
    assert "holds the tiers of TakeAway(12, (1, 3, 4), lie=False)" in capsys.readouterr().err


# 2. Every file is bound to its database ----------------------------------------------------

def swap(first: Path, second: Path) -> None:
    for suffix in (".json", ".zst"):
        a, b = first.with_suffix(suffix), second.with_suffix(suffix)
        data = a.read_bytes()
        a.write_bytes(b.read_bytes())
        b.write_bytes(data)


def test_tiers_swapped_within_a_database_are_refused(databases, tmp_path, capsys):
    directory = copy(databases, "c4-4x4", tmp_path)
    swap(directory / "tier-13.json", directory / "tier-14.json")
    refused_everywhere(directory, capsys, "tier-")
    assert main(["solve", *C4_4X4, "--db", str(directory)]) == 3
    assert "tier-1" in capsys.readouterr().err


@pytest.mark.parametrize(("source", "target", "game"), [
    ("c4-4x5", "c4-4x4", C4_4X4), ("ttt", "morris", ["morris"]),
    ("c4-4x4", "c4-4x4", C4_4X4)])
def test_a_tier_from_another_database_is_refused(databases, tmp_path, capsys, source, target,
                                                 game):
    directory = copy(databases, target, tmp_path)
    t = 1 if source != "ttt" else 0
    if source == target:  # the same game solved again from another start: another database
        other = tmp_path / "other"
        game4 = ConnectFour(4, 4)
        solve_tiers(game4, other, position=game4.parse_position("X.../..../..../...."))
        origin = other
    else:
        origin = databases / source
    for suffix in (".json", ".zst"):
        shutil.copy(origin / f"tier-{t}{suffix}", directory / f"tier-{t}{suffix}")
    refused_everywhere(directory, capsys, f"tier-{t}.json")
    assert main(["solve", *game, "--db", str(directory)]) == 3
    assert f"tier-{t}.json" in capsys.readouterr().err


def test_codes_moved_between_tiers_of_one_size_are_refused(databases, tmp_path, capsys):
    directory = copy(databases, "take", tmp_path)  # every tier holds one index
    first, second = directory / "tier-5.zst", directory / "tier-7.zst"
    data = first.read_bytes()
    assert data != second.read_bytes() and len(data) == len(second.read_bytes())  # win, loss
    first.write_bytes(second.read_bytes())
    second.write_bytes(data)
    game = ["--game", f"{GAME_FILE}:TakeAway", "--arg", "heap=12"]
    for command in (["db", "verify"], ["db", "query", "6"]):  # 6 moves to 5, 3 and 2
        assert main([command[0], command[1], str(directory), *command[2:], *game]) == 3
        assert "tier-5.zst: damaged (chunk 0, bytes 0 to " in capsys.readouterr().err
    for heap in (5, 7):  # read one at a time, each is refused
        with pytest.raises(DamagedDataError, match=f"tier-{heap}.zst"):
            open_database(directory, TakeAway(12)).value(heap)


@pytest.mark.parametrize("change", [
    lambda d: d.update(surprise=1), lambda d: d.pop("histogram"),
    lambda d: d.update(counts={**d["counts"], "win": d["counts"]["win"] + 1}),
    lambda d: d.update(histogram=[[1, 10 ** 9]]), lambda d: d.update(chunks="x"),
    lambda d: d.update(tier="6"), lambda d: d.update(size=d["size"] - 1),
    lambda d: d.update(primitives={"win": -1, "lose": 0, "tie": 0}),
], ids=["unknown-key", "missing-key", "counts", "histogram", "chunks", "tier-text", "size",
        "primitives"])
def test_a_crafted_tier_manifest_is_refused(databases, tmp_path, capsys, change):
    directory = copy(databases, "morris", tmp_path)
    rewrite(directory / "tier-6.json", change)
    refused_everywhere(directory, capsys, "tier-6.json")


def test_codes_that_disagree_with_their_counts_fail_verify(databases, tmp_path, capsys):
    directory = copy(databases, "morris", tmp_path)

    def draw_to_win(codes: bytearray) -> None:
        index = next(i for i, c in enumerate(codes) if c and (c - 1) & 3 == 3)  # a draw
        codes[index] = 1 + (2 << 2 | 2)  # now a win in 2

    codes = edit_codes(directory, 6, draw_to_win)
    manifest = json.loads((directory / "manifest.json").read_text())
    manifest.pop("sha256")
    database = checksum(manifest)
    chunk = manifest["chunk_size"]
    digests = [hashlib.sha256(f"{database}:6:{k}:".encode() + bytes(codes[lo:lo + chunk]))
               .hexdigest() for k, lo in enumerate(range(0, len(codes), chunk))]
    rewrite(directory / "tier-6.json", lambda d: d.update(chunks=digests))
    assert main(["db", "verify", str(directory)]) == 3
    assert "tier-6.zst: damaged (its codes are not the counts" in capsys.readouterr().err


def test_a_truncated_tier_is_refused_not_an_index_error(databases, tmp_path, capsys):
    directory = copy(databases, "c4-4x4", tmp_path)
    path = directory / "tier-0.zst"
    path.write_bytes(b"")
    refused_everywhere(directory, capsys, "tier-0.zst")
    solution = open_database(directory)
    with pytest.raises(DamagedDataError, match=r"tier-0\.zst: damaged"):
        solution.value()


# 5. Every read is checked ------------------------------------------------------------------

def test_a_flipped_byte_is_caught_on_the_first_read_of_its_chunk(databases, tmp_path, capsys):
    directory = copy(databases, "ttt", tmp_path)
    solution = open_database(directory)
    child = solution.moves()[0].position
    index = solution._rules.tiers.rank(solution._rules.params, 1, solution._rules.index(child))
    edit_codes(directory, 1, lambda codes: codes.__setitem__(index, 1 + (10 << 2 | 2)))
    # a win in 10, where the move says tie in 8
    damaged = open_database(directory)
    assert damaged.value() is Value.TIE  # tier 0 is sound
    with pytest.raises(SolutionFileError) as caught:  # a serve maps this to HTTP 503
        damaged.moves()
    assert isinstance(caught.value, DamagedDataError) and "\n" not in str(caught.value)
    assert re.search(r"tier-1\.zst: damaged \(chunk 0, bytes 0 to \d+, fails its checksum\)$",
                     str(caught.value))
    assert main(["db", "info", str(directory)]) == 0  # the start is read, tier 1 is not
    capsys.readouterr()
    assert main(["db", "query", str(directory)]) == 3
    assert "tier-1.zst" in capsys.readouterr().err


# 3. Every child's tier is checked -----------------------------------------------------------

def test_hooks_declaring_one_child_tier_that_moves_leave_are_caught(tmp_path):
    game = TakeAway(30, lie=True)
    with pytest.raises(GameError, match=r"not among TierRules.children .*\(at position 30\)"):
        solve_tiers(game, tmp_path / "db")
    found = check(game).counterexample
    assert (found.rule, found.position) == ("tiers", 30)
    assert "not in children[30] = (29,)" in found.detail
    honest = solve_tiers(TakeAway(30), tmp_path / "honest")
    assert (honest.value(), honest.remoteness()) == (solve(TakeAway(30)).value(), 18)


# 4. Writes, links, FIFOs, locks, leftovers -------------------------------------------------

class Stop(Exception):
    pass


def stopped_in_tier(game, directory: Path, tier: int) -> None:
    """Run a solve and stop it after its first chunk of ``tier`` (chunks of 64 indices)."""
    def progress(event):
        if event.stage == "backward" and event.tier == tier:
            raise Stop

    with pytest.raises(Stop):
        solve_tiers(game, directory, progress=progress, chunk_size=64, threads=1)


def test_a_linked_codes_file_is_never_written_through(databases, tmp_path):
    directory = tmp_path / "db"
    stopped_in_tier(Morris(), directory, 4)
    codes = directory / "tier-4.codes"
    outside = tmp_path / "outside"
    outside.write_bytes(codes.read_bytes())
    before = outside.read_bytes()
    codes.unlink()
    codes.symlink_to(outside)
    with pytest.raises(OSError, match="symlink"):
        solve_tiers(Morris(), directory)
    assert outside.read_bytes() == before
    codes.unlink()
    os.link(outside, codes)  # a hard link: the same file under two names
    solved = solve_tiers(Morris(), directory)
    assert outside.read_bytes() == before and solved.value() is Value.DRAW
    assert os.stat(outside).st_nlink == 1  # its name in the database was replaced, then packed
    assert main(["db", "verify", str(directory)]) == 0


def test_a_file_of_the_solve_is_written_in_place_only_when_the_solve_made_it(tmp_path):
    directory = tmp_path / "db"
    stopped_in_tier(Morris(), directory, 4)
    codes = directory / "tier-4.codes"
    for record in directory.glob("tier-4.chunk-*.json"):
        record.unlink()  # no chunk is recorded: the file is not one the solve vouches for
    with codes.open("rb") as held:  # the file as it was, whatever its name comes to hold
        before = held.read()
        solve_tiers(Morris(), directory)
        held.seek(0)
        assert held.read() == before and os.fstat(held.fileno()).st_nlink == 0


@pytest.mark.parametrize("name", ["manifest.json", "tier-0.json", "tier-0.zst",
                                  "tier-1.zst"])
def test_a_fifo_is_refused_without_blocking(databases, tmp_path, capsys, name):
    directory = copy(databases, "ttt", tmp_path)
    (directory / name).unlink()
    os.mkfifo(directory / name)

    def hung(*_):
        raise TimeoutError(f"blocked on the FIFO {name}")

    previous = signal.signal(signal.SIGALRM, hung)
    signal.alarm(20)
    try:
        for command in (["db", "verify"], ["db", "query"]):
            assert main([*command, str(directory)]) == 3
            assert f"{name}: not a regular file" in capsys.readouterr().err
        assert main(["solve", "tictactoe", "--db", str(directory)]) == 3
        assert name in capsys.readouterr().err
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def test_a_second_solve_on_a_locked_directory_refuses_naming_the_holder(databases, tmp_path,
                                                                       capsys):
    directory = copy(databases, "morris", tmp_path)
    partial = directory / ".tier-3.json.1234.partial"
    with locked(Layout(directory)):
        partial.write_bytes(b"a live solve's")
        assert main(["solve", "morris", "--db", str(directory)]) == 2
        err = capsys.readouterr().err
        assert f"another solve (pid {os.getpid()}) is writing this database" in err
        assert err.count("\n") == 1
        assert partial.exists()
    assert main(["solve", "morris", "--db", str(directory)]) == 0
    assert not partial.exists()  # once no solve holds the lock, it is a killed run's


def test_a_finished_tier_keeps_no_chunk_or_reach_file(databases, tmp_path):
    directory = tmp_path / "db"
    stopped_in_tier(Morris(), directory, 4)
    assert list(directory.glob("tier-4.chunk-*.json")) and (directory / "tier-4.reach").exists()
    # what a run killed right after writing tier-5.json leaves
    (directory / "tier-5.reach").write_bytes(b"\0" * 100)
    (directory / "tier-5.chunk-0.json").write_text("{}")
    solve_tiers(Morris(), directory)
    left = sorted(p.name for p in directory.iterdir())
    assert [n for n in left if ".chunk-" in n or n.endswith((".reach", ".partial"))] == []


def test_workers_beyond_the_cores_are_refused_before_anything_starts(tmp_path, capsys):
    cores = len(os.sched_getaffinity(0))
    assert main(["solve", "morris", "--db", str(tmp_path / "db"), "--workers", "100000"]) == 2
    err = capsys.readouterr().err
    assert err == (f"error: 100,000 Dask workers: more than the {cores} cores this process "
                   f"may use (limit: {cores} workers)\n")
    assert not (tmp_path / "db").exists()


# 6. The umask ------------------------------------------------------------------------------

def test_writing_from_threads_leaves_the_umask_and_modes_alone(tmp_path):
    previous, interval = os.umask(0o027), sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # threads interleave as often as the interpreter lets them
    try:
        def write(k: int) -> None:
            for n in range(200):
                write_atomically(tmp_path / f"{k}-{n}", lambda f: f.write(b"x"))

        threads = [threading.Thread(target=write, args=(k,)) for k in range(8)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert os.umask(0o027) == 0o027
    finally:
        os.umask(previous)
        sys.setswitchinterval(interval)
    modes = {stat.S_IMODE(p.stat().st_mode) for p in tmp_path.iterdir()}
    assert modes == {0o640}
