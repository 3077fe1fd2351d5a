"""``perfectplay octal``: text, JSON, plot and errors."""

from __future__ import annotations

import json

import pytest

from perfectplay.cli import main


def test_json_keys_and_kayles_period(capsys):
    assert main(["octal", "0.77", "--upto", "200", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["values"][:6] == [0, 1, 2, 3, 1, 4] and len(result["values"]) == 201
    assert (result["period"], result["preperiod"], result["saltus"], result["proven"]) == (
        12, 71, 0, True)


def test_json_nulls_when_no_period(capsys):
    assert main(["octal", "4!.0", "--upto", "50", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert [result[k] for k in ("period", "preperiod", "saltus", "proven")] == [None] * 4


def test_text_output(capsys):
    assert main(["octal", "subtraction:2,3,7", "--upto", "14"]) == 0
    out = capsys.readouterr().out
    assert " 0: 0 0 1 1 2 0 0 1 1 2 0 0 1 1 2" in out
    assert "period: 5, pre-period: 0, saltus: 0, proven" in out


@pytest.mark.parametrize("argv", [["octal", "0.9x", "--upto", "5"],
                                  ["octal", "0.77", "--upto", "-3"],
                                  ["octal", "0.77"],
                                  ["octal", "0.f", "--upto", "5", "--method", "rare"]])
def test_bad_input_is_one_error_line(argv, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and err.count("\n") == 1


def test_plot(tmp_path):
    pytest.importorskip("matplotlib")
    path = tmp_path / "kayles.png"
    assert main(["octal", "0.77", "--upto", "100", "--plot", str(path), "--json"]) == 0
    assert path.read_bytes()[:4] == b"\x89PNG"


def test_plot_prints_the_period_and_the_file_not_the_values(tmp_path, capsys):
    pytest.importorskip("matplotlib")
    path = tmp_path / "kayles.png"
    assert main(["octal", "0.77", "--upto", "200", "--plot", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == ["code: 0.77", "values: G(0..200), drawn in the plot",
                   "period: 12, pre-period: 71, saltus: 0, proven (Guy-Smith)", f"plot: {path}"]
    assert path.read_bytes()[:4] == b"\x89PNG"


def test_plot_with_json_keeps_stdout_json(tmp_path, capsys):
    pytest.importorskip("matplotlib")
    path = tmp_path / "kayles.png"
    assert main(["octal", "0.77", "--upto", "20", "--plot", str(path), "--json"]) == 0
    out, err = capsys.readouterr()
    assert len(json.loads(out)["values"]) == 21 and err == f"plot: {path}\n"
