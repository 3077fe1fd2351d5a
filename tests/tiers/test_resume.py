"""Resuming a tier database after ``kill -9``, and refusing a damaged one."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from perfectplay import SolutionFileError
from perfectplay.cli import main
from perfectplay.games.morris import Morris
from perfectplay.tiers import open_database, solve_tiers, verify_database
from perfectplay.tiers.storage import CHUNK_FORMAT, read_document, write_document

CHUNK = 256
"""Indices per chunk: tiers 4 and 5 of Three Men's Morris take several."""

_SOLVE = ("from perfectplay.games.morris import Morris; from perfectplay.tiers import "
          f"solve_tiers; solve_tiers(Morris(), {{!r}}, chunk_size={CHUNK}, threads=1)")


def files(directory: Path) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in sorted(directory.iterdir())}


@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    """An uninterrupted solve."""
    directory = tmp_path_factory.mktemp("reference")
    solve_tiers(Morris(), directory, chunk_size=CHUNK)
    return directory


def _killed_when(directory: Path, ready) -> None:
    """Run the solve in a process and SIGKILL it once ``ready(directory)`` (and a random few
    milliseconds more)."""
    process = subprocess.Popen([sys.executable, "-c", _SOLVE.format(str(directory))])
    try:
        while not ready(directory):
            assert process.poll() is None, "the solve ended before the moment to kill it"
            time.sleep(0.0005)
        time.sleep(random.uniform(0, 0.01))
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait()


def test_killed_in_either_pass_resumes_to_the_same_bytes(tmp_path, reference):
    directory = tmp_path / "db"
    _killed_when(directory, lambda d: (d / "forward.json").exists())
    assert not (directory / "tier-0.json").exists()  # killed before the backward pass ended
    _killed_when(directory, lambda d: any(d.glob("tier-5.chunk-*.json")))
    resumed = solve_tiers(Morris(), directory, chunk_size=CHUNK)
    assert 6 in resumed.tiers_reused and 0 not in resumed.tiers_reused
    assert files(directory) == files(reference)
    again = solve_tiers(Morris(), directory)
    assert again.tiers_reused == [6, 5, 4, 3, 2, 1, 0]
    assert files(directory) == files(reference)


def _first_record_of_tier_5(directory: Path) -> Path:
    """Solve into ``directory`` until the first chunk of tier 5 is recorded; its record."""
    def progress(event):
        if event.stage == "backward" and event.tier == 5:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        solve_tiers(Morris(), directory, chunk_size=CHUNK, threads=1, progress=progress)
    return min(directory.glob("tier-5.chunk-*.json"))


def test_a_chunk_record_that_misstates_its_codes_is_solved_again(tmp_path, reference):
    # a record with a valid checksum whose counts are not those of the codes on disk (crafted,
    # or its codes lost to a crash before the tier's flush): the chunk is solved again, so the
    # tier's counts come from the codes themselves
    path = _first_record_of_tier_5(tmp_path / "db")
    record = read_document(path, CHUNK_FORMAT)
    record["histogram"] = [[code, n + 1] for code, n in record["histogram"]]
    write_document(path, CHUNK_FORMAT, record)
    solve_tiers(Morris(), tmp_path / "db", chunk_size=CHUNK)
    assert files(tmp_path / "db") == files(reference)


def test_a_chunk_record_a_crash_left_empty_is_solved_again(tmp_path, reference):
    # chunk records are written without fsync (two a chunk were 4% of Connect Four 6x5's
    # time): after a crash of the system one may be empty, and its chunk is solved again
    path = _first_record_of_tier_5(tmp_path / "db")
    path.write_bytes(b"")
    solve_tiers(Morris(), tmp_path / "db", chunk_size=CHUNK)
    assert files(tmp_path / "db") == files(reference)


@pytest.mark.parametrize("name", ["manifest.json", "forward.json", "tier-6.json",
                                  "tier-6.zst", "tier-5.zst", "tier-0.json"])
def test_a_flipped_byte_is_found_and_refused(tmp_path, reference, capsys, name):
    directory = tmp_path / "db"
    directory.mkdir()
    for other, data in files(reference).items():
        (directory / other).write_bytes(data)
    target = directory / name
    data = bytearray(target.read_bytes())
    where = random.Random(name).randrange(len(data))
    data[where] ^= 0x10
    target.write_bytes(bytes(data))
    with pytest.raises(SolutionFileError, match=name.replace(".", r"\.")):
        verify_database(directory)
    assert main(["db", "verify", str(directory)]) == 3
    assert name in capsys.readouterr().err
    if name.endswith(".json") and name != "forward.json":  # read by every reader on opening
        assert main(["db", "query", str(directory)]) == 3
        assert name in capsys.readouterr().err
    if name.endswith(".zst"):
        # a query reads the blocks it needs (the start's, tiers 0 and 1): the damage is found
        # by the first reader of its block
        assert main(["db", "query", str(directory)]) == 0
        t = int(name.split("-")[1].split(".")[0])
        with pytest.raises(SolutionFileError, match=f"{name}: damaged"):
            open_database(directory).tier_codes(t)
        with pytest.raises(SolutionFileError, match="damaged"):
            solve_tiers(Morris(), directory)


def test_an_unfinished_database_does_not_open(tmp_path, reference):
    directory = tmp_path / "db"
    directory.mkdir()
    (directory / "manifest.json").write_bytes((reference / "manifest.json").read_bytes())
    with pytest.raises(SolutionFileError, match="tier 6 is not solved yet"):
        open_database(directory)
    assert main(["db", "verify", str(directory)]) == 3
    assert os.listdir(directory) == ["manifest.json"]
