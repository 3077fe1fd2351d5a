"""``perfectplay cache info`` and ``clear`` on a kernel directory that compiled runs filled."""

import os
import subprocess
import sys

from perfectplay.cli import main

FILL = """
from perfectplay.cli import main
assert main(["solve", "shiritori", "--words", "ab,ba", "--method", "compiled"]) == 0
assert main(["octal", "0.77", "--upto", "50", "--method", "plain"]) == 0
"""


def fill(directory):
    """A compiled solve (one generated module, one kernel) and a compiled nim-sequence (one
    module, one kernel), both commands in one fresh process; a kernel is numba's index and
    data file."""
    env = {**os.environ, "PERFECTPLAY_KERNEL_DIR": str(directory),
           "PYTHONDONTWRITEBYTECODE": "1"}  # no bytecode of the modules: exact counts
    for name in ("NUMBA_CACHE_DIR", "NUMBA_DISABLE_JIT"):
        env.pop(name, None)
    subprocess.run([sys.executable, "-c", FILL], env=env, check=True, capture_output=True)


def lines(capsys, *argv):
    assert main(["cache", *argv]) == 0
    return capsys.readouterr().out.splitlines()


def test_info_clear_info(tmp_path, monkeypatch, capsys):
    fill(tmp_path)
    (tmp_path / "notes.txt").write_text("not perfectplay's")
    (tmp_path / "__pycache__" / "other.cpython-311.pyc").write_bytes(b"nor this")
    monkeypatch.setenv("PERFECTPLAY_KERNEL_DIR", str(tmp_path))
    info = lines(capsys, "info")
    assert info[:3] == [f"directory:    {tmp_path}", "modules:      2", "cache files:  6"]
    assert info[3].startswith("size:") and info[3].endswith("KiB")
    assert lines(capsys, "clear") == [f"removed 8 files from {tmp_path}"]
    assert lines(capsys, "info") == [f"directory:    {tmp_path}", "modules:      0",
                                     "cache files:  0", "size:         0 B"]
    assert sorted(p.name for p in tmp_path.rglob("*") if p.is_file()) == [
        ".perfectplay.lock", "notes.txt", "other.cpython-311.pyc"]  # the lock stays: see LOCK


def test_an_unknown_action_is_one_error_line(capsys):
    assert main(["cache", "purge"]) == 2
    assert capsys.readouterr().err.startswith("error: argument action: invalid choice: 'purge'")
