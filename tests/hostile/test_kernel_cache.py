"""A damaged kernel cache: each file perfectplay keeps in the kernel directory, truncated or
garbled, costs one warning and one compilation, never a failed run (a garbled compiled kernel
used to crash the process as numba loaded it); the next run is quiet again, and files that are
not perfectplay's are left alone."""

import json
import os
import shutil
import subprocess
import sys
import threading
from pathlib import Path

import pytest

COMMAND = [sys.executable, "-m", "perfectplay", "solve", "shiritori", "--words", "ab,ba,bb",
           "--method", "compiled", "--json"]


def solve_in(directory):
    env = {**os.environ, "PERFECTPLAY_KERNEL_DIR": str(directory)}
    env.pop("NUMBA_CACHE_DIR", None)  # numba's cache of the kernels: in the kernel directory
    out = subprocess.run(COMMAND, env=env, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["value"] == "win"
    # what it said besides the line a run past ten seconds prints (a compilation on a busy box)
    return "".join(line for line in out.stderr.splitlines(keepends=True)
                   if not line.startswith("progress: "))


@pytest.fixture(scope="module")
def cache(tmp_path_factory):
    """A kernel directory as one compiled run leaves it."""
    directory = tmp_path_factory.mktemp("kernels")
    assert solve_in(directory) == ""
    return directory


def truncate(path):
    path.write_bytes(path.read_bytes()[:len(path.read_bytes()) // 3])


def garble(path):
    data = bytearray(path.read_bytes())
    for i in range(len(data) // 4, len(data), max(1, len(data) // 7)):
        data[i] ^= 0xFF
    path.write_bytes(bytes(data))


def unchecked(damage):
    """The damage, to a file numba wrote while no checksum was recorded (a run killed between
    the two): numba's own error on reading it is the sign."""
    def damage_unchecked(path):
        damage(path)
        next(path.parent.glob("*.sha256")).unlink()
    return damage_unchecked


CASES = {  # one of each kind of file, and of each way of finding the damage
    "module garbled": ("*.py", garble),
    "index truncated": ("__pycache__/*.nbi", truncate),
    "kernel garbled": ("__pycache__/*.nbc", garble),  # a crash in numba, unless caught first
    "checksums garbled": ("__pycache__/*.sha256", garble),
    "unchecked kernel truncated": ("__pycache__/*.nbc", unchecked(truncate)),
}


@pytest.mark.parametrize(("pattern", "damage"), CASES.values(), ids=CASES.keys())
def test_a_damaged_cache_file_costs_one_warning_and_one_compilation(cache, tmp_path, pattern,
                                                                     damage):
    directory = tmp_path / "kernels"
    shutil.copytree(cache, directory)
    (target,) = directory.glob(pattern)
    damage(target)
    foreign = directory / "__pycache__" / "someone_else.nbi"
    foreign.write_bytes(b"not ours")
    warning = solve_in(directory)
    assert warning.count("a damaged entry in the kernel cache") == 1, warning
    assert solve_in(directory) == ""  # compiled again, and cached whole
    assert foreign.read_bytes() == b"not ours"


def test_cache_files_lists_every_file_of_the_cache(cache, monkeypatch):
    from perfectplay.compiled.kernels import LOCK, cache_files

    monkeypatch.setenv("PERFECTPLAY_KERNEL_DIR", str(cache))
    modules, compiled = cache_files()
    assert sorted(modules + compiled) == sorted(  # all but the lock, which no clear removes
        p for p in Path(cache).rglob("*") if p.is_file() and p.name != LOCK)
    assert {p.suffix for p in compiled} == {".nbi", ".nbc", ".sha256"}


def test_processes_compiling_at_once_leave_a_cache_the_next_one_trusts(tmp_path):
    # two processes compile the same kernels into an empty cache together (pytest-xdist's
    # workers, two commands in two terminals): their writes must not interleave, or the next
    # process finds checksums of the other's files and compiles everything again
    env = {**os.environ, "PERFECTPLAY_KERNEL_DIR": str(tmp_path)}
    command = [sys.executable, "-m", "perfectplay", "solve", "tictactoe", "--method", "tiers",
               "--json"]
    runs = [subprocess.Popen([*command, "--db", str(tmp_path / f"db{i}")], env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            for i in range(2)]
    for run in runs:
        _, err = run.communicate(timeout=300)
        assert run.returncode == 0 and "damaged" not in err, err
    again = subprocess.run([*command, "--db", str(tmp_path / "db2")], env=env,
                           capture_output=True, text=True, timeout=300)
    assert again.returncode == 0 and "damaged" not in again.stderr, again.stderr


HOLD = """
import sys
from pathlib import Path
from perfectplay.compiled import kernels
with kernels._lock, kernels._shared_cache(Path(sys.argv[1]), sys.argv[2]):
    print("held", flush=True)
    sys.stdin.read()
"""


def test_a_process_compiling_a_module_holds_back_that_module_only(tmp_path):
    # pytest-xdist's workers compile other modules side by side: one lock of the whole
    # directory made a cold suite wait for each compilation in turn
    from perfectplay.compiled import kernels

    holder = subprocess.Popen([sys.executable, "-c", HOLD, str(tmp_path), "perfectplay_kernels_a"],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline() == "held\n"
        with kernels._lock, kernels._shared_cache(tmp_path, "perfectplay_kernels_b"):
            pass  # not held back
        taken = threading.Event()

        def take_a():
            with kernels._lock, kernels._shared_cache(tmp_path, "perfectplay_kernels_a"):
                taken.set()

        thread = threading.Thread(target=take_a)
        thread.start()
        assert not taken.wait(1.0)  # held back while the other process holds it
    finally:
        holder.stdin.close()
        holder.wait(timeout=60)
    assert taken.wait(60)
    thread.join()
    assert not kernels._held and not kernels._lock_files  # every byte let go, the file closed
