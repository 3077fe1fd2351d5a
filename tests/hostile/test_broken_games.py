"""A table of broken game definitions: each one, solved on the command line, prints one line
``error: ...`` naming the rule and the position, and exits with status 2; never a traceback,
never a silent answer. The games are in broken_games.py, loaded as ``broken_games.py:Name``."""

import subprocess
import sys
from pathlib import Path

import pytest

from perfectplay.cli import main

BROKEN = Path(__file__).with_name("broken_games.py")

METHODS = ([], ["--method", "memo"], ["--method", "retrograde"])
"""Every case fails alike under the dispatcher and under each pure-Python solver."""

PROTOCOL = [
    ("NoneMoves", "moves() must return an iterable of (move, position) pairs, got None "
                  "(at position 2)"),
    ("NotPairs", "moves() must yield (move, position) pairs, got 1 (at position 2)"),
    ("UnhashableStart", "the start position must be hashable (at position [2])"),
    ("UnhashableChild", "moves() yielded an unhashable position [1] (at position 2)"),
    ("UnhashableKey", "key() must give a hashable value, gave [2] (at position 2)"),
    ("UnhashableKeyBelow", "key() must give a hashable value, gave [1] (at position 1)"),
    ("NoStart", "NoStart must define start()"),
    ("NoMoves", "NoMoves must define moves() (at position 2)"),
    ("WordPrimitive", "primitive() must give None, WIN, LOSE or TIE, gave 'over' "
                      "(at position 0)"),
    ("DrawPrimitive", "primitive() must give None, WIN, LOSE or TIE, gave Value.DRAW "
                      "(at position 0)"),
    ("ListPrimitive", "primitive() must give None, WIN, LOSE or TIE, gave [0] (at position 0)"),
    ("PastTheEnd", "child() of move 0 gives 110, outside [0, 11) (at position 10)"),
    ("SevenAtZero", "primitive() gave 7: it must give -1 (play goes on), LOSE_CODE (0), "
                    "TIE_CODE (1) or WIN_CODE (2) (at position 0)"),
]


def _solve(capsys, spec, *options):
    status = main(["solve", spec, *options])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


@pytest.mark.parametrize("method", METHODS, ids=["auto", "memo", "retrograde"])
@pytest.mark.parametrize(("name", "error"), PROTOCOL, ids=[name for name, _ in PROTOCOL])
def test_a_protocol_break_is_a_game_error(capsys, name, error, method):
    assert _solve(capsys, f"{BROKEN}:{name}", *method) == (2, "", f"error: {error}\n")


def test_a_class_that_is_not_a_game_is_refused(capsys):
    assert _solve(capsys, f"{BROKEN}:NotAGame") == (
        2, "", f"error: NotAGame in {BROKEN} must subclass perfectplay.Game\n")


BAD_FILES = [
    ("x = (\n", "SyntaxError: '(' was never closed", 1),
    ("import os\n\nimport no_such_module_here\n",
     "ModuleNotFoundError: No module named 'no_such_module_here'", 3),
    ("class Game:\n    pass\n\nheap = 1 / 0\n", "ZeroDivisionError: division by zero", 4),
]


@pytest.mark.parametrize(("text", "what", "line"), BAD_FILES, ids=["syntax", "import", "raises"])
def test_a_game_file_that_does_not_run_is_bad_input(capsys, tmp_path, text, what, line):
    path = tmp_path / "game.py"
    path.write_text(text)
    assert _solve(capsys, f"{path}:Game") == (
        2, "", f"error: cannot import {path}: {what} ({path}:{line})\n")


@pytest.mark.parametrize("text", ["abc", "", "(1,", "1 +", "[1, x]"])
def test_an_arg_must_be_a_python_literal(capsys, text):
    assert _solve(capsys, f"{BROKEN}:Countdown", "--arg", f"heap={text}") == (
        2, "", f"error: --arg heap={text}: expected a Python literal (a number, 'quoted text', "
               "a tuple...)\n")


def test_a_literal_arg_is_passed_on(capsys):
    status, out, _ = _solve(capsys, f"{BROKEN}:Countdown", "--arg", "heap=3")
    assert status == 0 and "value:      win in 3" in out


def test_check_names_the_broken_rule(capsys):
    assert main(["check", f"{BROKEN}:NoneMoves"]) == 3
    assert capsys.readouterr().out.splitlines()[1:3] == [
        "  position: 2", "  moves() must return an iterable of (move, position) pairs, got None"]
    assert main(["check", f"{BROKEN}:UnhashableStart"]) == 2
    assert capsys.readouterr().err == ("error: the start position must be hashable (at "
                                       "position [2])\n")


def test_the_exit_status_of_the_process():
    done = subprocess.run([sys.executable, "-m", "perfectplay", "solve", f"{BROKEN}:NoneMoves"],
                          capture_output=True, text=True, check=False)
    assert (done.returncode, done.stdout, done.stderr) == (
        2, "", "error: moves() must return an iterable of (move, position) pairs, got None "
               "(at position 2)\n")
