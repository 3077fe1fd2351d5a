"""``perfectplay cgt`` and ``perfectplay octal --genus``: exact text, JSON, thermograph, errors."""

from __future__ import annotations

import json

import pytest

from perfectplay.cli import main


def test_text_report_of_a_domineering_board(capsys):
    assert main(["cgt", "domineering", "--board", "2x2"]) == 0
    assert capsys.readouterr().out == (
        "game:            domineering\n"
        "position:        ..|..\n"
        "canonical form:  +-1\n"
        "outcome:         N\n"
        "mean:            0\n"
        "temperature:     1\n"
        "left stop:       1\n"
        "right stop:      -1\n")


def test_json_keys_numbers_as_exact_text(capsys):
    assert main(["cgt", "toads-and-frogs", "--start", "tt.f", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {
        "game": "toads-and-frogs", "position": "tt.f", "canonical_form": "{1/2|0}",
        "outcome": "N", "mean": "1/4", "temperature": "1/4", "left_stop": "1/2",
        "right_stop": "0"}


@pytest.mark.parametrize("argv, form, outcome", [
    (["cgt", "hackenbush", "--start", "lrl;r"], "-1/4", "R"),
    (["cgt", "cutcake", "--start", "2x4"], "1", "L"),
    (["cgt", "maundy-cake", "--pieces", "1x6"], "4", "L"),
    (["cgt", "clobber", "--board", "xoo"], "v", "R"),
    (["cgt", "snort", "--board", ".."], "+-1", "N"),
    (["cgt", "cram", "--board", "2x3"], "*", "N"),
    (["cgt", "nim", "--heaps", "1,2"], "*3", "N"),
    (["cgt", "eval", "{1|*} + ^"], "{1^|^*}", "L"),
    (["cgt", "eval", "+-1 + +-1"], "0", "P"),
])
def test_games_and_expressions(argv, form, outcome, capsys):
    assert main([*argv, "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert (result["canonical_form"], result["outcome"]) == (form, outcome)


def test_thermograph_is_drawn_into_the_file_named(tmp_path, capsys, monkeypatch):
    # the drawing itself is the thermograph's (tests/cgt); here, that the command asks for it
    from perfectplay.cgt.thermograph import Thermograph

    drawn = []
    monkeypatch.setattr(Thermograph, "draw", lambda self, path, *, title=None: drawn.append(
        (str(self), str(path), title)))
    target = tmp_path / "t.png"
    assert main(["cgt", "eval", "{3|-1}", "--thermograph", str(target)]) == 0
    assert drawn == [("Thermograph(1,[2],[0,-1],1,[2],[0,1])", str(target), "{3|-1}")]
    assert capsys.readouterr().out.splitlines()[-1] == f"thermograph:     {target}"


@pytest.mark.parametrize("argv, message", [
    (["cgt", "domineering", "--start", "x."], "error: bad --start for domineering: unexpected 'x'"),
    (["cgt", "dominering"], "error: unknown game 'dominering'; did you mean 'domineering'?"),
    (["cgt", "eval", "{1|"], "error: cannot parse '{1|': expected a value at position 3"),
    (["cgt", "hackenbush", "--colour", "l"], "error: unknown option --colour for hackenbush"),
    (["solve", "domineering"], "error: 'domineering' is a partizan game: its value comes from "
                               "'perfectplay cgt domineering', not from solving"),
])
def test_bad_input_is_one_error_line(argv, message, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith(message) and err.count("\n") == 1


def test_octal_genus_and_misere_values(capsys):
    assert main(["octal", "kayles", "--upto", "9", "--genus", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["genus"] == ["0", "1", "2", "3", "1", "4^146", "3", "2^2", "1^1", "4^046"]
    assert result["misere_values"] == [1, 0, 2, 3, 0, 1, 3, 2, 1, 0]
    assert main(["octal", "kayles", "--upto", "5", "--genus"]) == 0
    assert capsys.readouterr().out.splitlines()[-2:] == [
        "genus (misère value):", "0: 0 (1) 1 (0) 2 (2) 3 (3) 1 (0) 4^146 (1)"]


def test_a_partizan_game_file(tmp_path, capsys):
    path = tmp_path / "uneven.py"
    path.write_text(
        "from perfectplay.core.partizan import PartizanGame\n"
        "class Uneven(PartizanGame):\n"
        "    def __init__(self, heap=5):\n"
        "        self.heap = heap\n"
        "    def start(self):\n"
        "        return self.heap\n"
        "    def left_moves(self, n):\n"
        "        return [n - 1] if n >= 1 else []\n"
        "    def right_moves(self, n):\n"
        "        return [n - 2] if n >= 2 else []\n")
    assert main(["cgt", f"{path}:Uneven", "--arg", "heap=4", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["canonical_form"] == "1"
    assert main(["cgt", f"{path}:Uneven", "--start", "5", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["canonical_form"] == "{1|0}"
