"""Hostile command lines: sizes past the memory, huge or non-UTF-8 input, other scripts'
digits, usage hints, and Ctrl-C once the output is complete."""

import os
import re
import shlex
import sys

import pytest
from interrupt import ctrl_c_when_said

from perfectplay.cli import COMMANDS, main


def run(capsys, *argv):
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_a_table_size_past_the_free_memory_is_refused_before_it_is_allocated(capsys,
                                                                              monkeypatch):
    monkeypatch.setenv("PERFECTPLAY_MEMORY", str(2**30))
    assert run(capsys, "analyze", "connect4", "--start", "44", "--table-size", "512G") == (
        2, "", "error: a transposition table of 34,359,738,368 entries (--table-size) needs about "
               "512.0 GiB; limit 1.0 GiB (the memory available)\n")


def test_a_table_size_past_any_machine_is_refused(capsys):
    assert run(capsys, "analyze", "connect4", "--start", "44", "--table-size",
               "99999999999999999999999") == (
        2, "", "error: --table-size '99999999999999999999999' is past the 16.0 TiB a table "
               "takes\n")


def test_a_subtraction_code_past_the_bound_is_refused_before_its_digits_are_made(capsys):
    assert run(capsys, "octal", "subtraction:1,1000000000", "--upto", "5") == (
        2, "", "error: 'subtraction:1,1000000000' is a code of 1,000,000,001 digits, past the "
               "1,048,576 a heap game's code has (one for each amount up to the largest)\n")


def test_a_subtraction_code_past_the_free_memory_is_refused(capsys, monkeypatch):
    monkeypatch.setenv("PERFECTPLAY_MEMORY", "1000000")
    assert run(capsys, "octal", "subtraction:1,100000", "--upto", "5") == (
        2, "", "error: 'subtraction:1,100000' (100,001 digits) needs about 3.8 MiB; limit "
               "976.6 KiB (the memory available)\n")


def test_an_error_quotes_at_most_100_characters_of_a_huge_batch_line(capsys, tmp_path):
    batch = tmp_path / "huge.txt"
    batch.write_text("44\n" + "x" * 1_000_000 + "\n")
    assert run(capsys, "analyze", "connect4", "--batch", str(batch)) == (
        2, "", f"error: expected 7 columns separated by '/', got '{'x' * 100}'... (1,000,000 "
               f"characters) (line 2 of {batch})\n")


def test_an_error_quotes_at_most_100_characters_of_a_huge_argument(capsys):
    assert run(capsys, "solve", "nim", "--heaps", "1," + "y" * 100_000) == (
        2, "", f"error: bad --heaps for nim: expected a non-negative integer in ASCII digits, got "
               f"'{'y' * 100}'... (100,000 characters)\n")


def test_a_batch_file_that_is_not_utf8_is_named_with_its_line(capsys, tmp_path):
    batch = tmp_path / "latin1.txt"
    batch.write_bytes(b"44\n4\xe95\n")
    assert run(capsys, "analyze", "connect4", "--batch", str(batch)) == (
        2, "", f"error: not UTF-8 text: byte 0xe9 at column 2 ({batch}, line 2)\n")


def hints(capsys):
    """Every ``see '...'`` a usage mistake names: a missing argument of each command and
    subcommand, an unknown command."""
    argvs = [[name] for name in COMMANDS if name != "games"]
    argvs += [["games", "--nope"], ["cgt", "eval"], ["cache", "nope"], ["db", "info"],
              ["db", "verify"], ["db", "query"], ["nosuch"]]
    found = set()
    for argv in argvs:
        assert main(argv) == 2, argv
        found.update(re.findall(r"see '([^']+)'", capsys.readouterr().err))
    return sorted(found)


def test_every_usage_hint_names_a_command_that_runs(capsys):
    commands = hints(capsys)
    assert "perfectplay db info --help" in commands and "perfectplay cgt eval --help" in commands
    for command in commands:
        try:
            status = main(shlex.split(command)[1:])
        except SystemExit as exit_:  # argparse's --help
            status = exit_.code
        assert status == 0, command
        assert capsys.readouterr().out.startswith("usage:"), command


@pytest.mark.parametrize("argv", [
    ["analyze", "connect4", "--start", "44", "--table-size", "\u0661"],
    ["analyze", "connect4", "--start", "44", "--table-size", "\uff14\uff14"],
    ["analyze", "connect4", "--start", "44", "--table-size", "\uff11M"],
    ["octal", "0.77", "--upto", "\uff14"],
    ["check", "nim", "--up-to", "\u0663"],
    ["solve", "nim", "--heaps", "\uff13,4"],
])
def test_digits_of_other_scripts_are_not_numbers(capsys, argv):
    status, out, err = run(capsys, *argv)
    assert (status, out) == (2, "")
    assert err.startswith("error: ")
    assert "ASCII digits" in err or "a memory such as 256M" in err


# a game whose module tidies up slowly when Python exits (a cache written back, say)
SLOW_TO_EXIT = '''
import time

from perfectplay import Game


class _Cache:
    def __del__(self, sleep=time.sleep):  # runs as Python frees the modules
        sleep(3)


_cache = _Cache()


class Take(Game):
    def __str__(self):
        return "take"

    def start(self):
        return 3

    def moves(self, heap):
        for take in (1, 2):
            if take <= heap:
                yield take, heap - take
'''


def test_ctrl_c_once_the_output_is_complete_leaves_the_status_alone(tmp_path):
    (tmp_path / "take.py").write_text(SLOW_TO_EXIT)
    src = os.path.join(os.path.dirname(__file__), "..", "..", "src")
    env = {**os.environ, "PYTHONPATH": os.path.abspath(src)}
    command = [sys.executable, "-m", "perfectplay", "solve", f"{tmp_path / 'take.py'}:Take"]
    # the marker is the output's first line, all of it written at once
    status, _, err, waited = ctrl_c_when_said(command, "game:       take", env=env, within=30)
    assert (status, err) == (0, "")
    assert waited > 1  # SIGINT came while the module was tidying up, and was ignored
