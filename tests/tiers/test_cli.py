"""``perfectplay solve --method tiers``, ``perfectplay db`` and ``perfectplay play --db``."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest

from perfectplay.cli import main


@pytest.fixture(scope="module")
def database(tmp_path_factory):
    directory = tmp_path_factory.mktemp("morris")
    assert main(["solve", "morris", "--method", "tiers", "--db", str(directory), "--json"]) == 0
    return directory


def test_solve_json_lists_the_tiers_in_solving_order(database, capsys):
    assert main(["solve", "morris", "--method", "tiers", "--db", str(database), "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert (result["value"], result["positions"], result["method"]) == ("draw", 5466, "tiers")
    assert result["tiers_reused"] == [6, 5, 4, 3, 2, 1, 0]
    packed = (database / "tier-6.zst").stat().st_size  # its codes' blocks: 3,360 raw bytes
    assert result["tiers"][0] == {"tier": 6, "positions": 3116, "win": 1124, "lose": 640,
                                  "tie": 0, "draw": 1352, "stored": 3116, "bytes": packed}
    assert packed < 3360
    assert [row["tier"] for row in result["tiers"]] == [6, 5, 4, 3, 2, 1, 0]


def test_solve_text_and_db_info(database, capsys):
    assert main(["solve", "morris", "--db", str(database)]) == 0
    out = capsys.readouterr().out
    packed = sum(f.stat().st_size for f in database.glob("tier-*.zst"))
    assert f"tiers:      7 (7 found solved), {packed:,} bytes of codes on disk" in out
    assert main(["db", "info", str(database), "--json"]) == 0
    info = json.loads(capsys.readouterr().out)
    assert (info["complete"], info["value"], info["positions"]) == (True, "draw", 5466)
    on_disk = sum(f.stat().st_size for f in database.iterdir() if f.is_file())
    assert (info["stored"], info["symmetries"], info["codec"], info["bytes"]) == (
        5466, 1, "zstd", on_disk)
    assert info["bytes_per_position"] == round(on_disk / 5466, 4)
    assert main(["db", "info", str(database)]) == 0
    out = capsys.readouterr().out
    six = (database / "tier-6.zst").stat().st_size
    assert f"   6      3,116  1,124   640    0  1,352   3,116  {six:>5,}" in out
    assert f"database:   complete, {on_disk:,} bytes on disk ({on_disk / 5466:.3f} a position, " \
           "codes zstd)" in out


def test_db_query(database, capsys):
    assert main(["db", "query", str(database), "XX.OO..../X", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert (result["value"], result["remoteness"]) == ("win", 1)
    assert result["moves"][0] == {"move": "c1", "child": "XXXOO..../O", "value": "win",
                                  "remoteness": 0, "moves_to_end": 1}
    assert main(["db", "query", str(database), "XX.OO..../X"]) == 0
    assert capsys.readouterr().out.splitlines()[:4] == [
        "position:   XX.OO..../X", "value:      win in 1 (for the player to move)", "moves:",
        "  c1  win in 1"]
    assert main(["db", "query", str(database), "XXXOOO.../X"]) == 2
    assert main(["db", "verify", str(database)]) == 0


def test_usage_errors(database, tmp_path, capsys):
    assert main(["solve", "morris", "--method", "tiers"]) == 2
    assert "--method tiers needs --db DIR" in capsys.readouterr().err
    assert main(["solve", "morris", "--workers", "2"]) == 2
    assert main(["solve", "morris", "--chunk-size", "256"]) == 2
    assert "--chunk-size go with --method tiers" in capsys.readouterr().err
    assert main(["solve", "morris", "--db", str(tmp_path / "c"), "--chunk-size", "0"]) == 2
    assert capsys.readouterr().err == "error: --chunk-size must be at least 1, got 0\n"
    assert main(["solve", "morris", "--db", str(database), "--save", "x.npz"]) == 2
    assert main(["solve", "connect4", "--width", "4", "--height", "4", "--db", str(database)]) == 2
    assert "refused, nothing overwritten" in capsys.readouterr().err
    assert main(["db", "info", str(tmp_path)]) == 2
    assert "not a tier database" in capsys.readouterr().err


def test_a_new_database_takes_the_chunk_size_asked(tmp_path, database):
    assert main(["solve", "morris", "--db", str(tmp_path / "c"), "--chunk-size", "256"]) == 0
    assert json.loads((tmp_path / "c" / "manifest.json").read_text())["chunk_size"] == 256
    assert json.loads((database / "manifest.json").read_text())["chunk_size"] == 1 << 20


def test_play_from_the_database(database, monkeypatch, capsys):
    monkeypatch.setattr("sys.stdin", io.StringIO("b2\nq\n"))
    assert main(["play", "morris", "--db", str(database), "--side", "first"]) == 0
    out = capsys.readouterr().out
    assert "You are to move: draw." in out and "perfectplay plays" in out


def test_a_tier_solve_reports_its_kernel_loading_apart(tmp_path):
    # a fresh process: compiling (or loading) the tier kernels used to count as solving, and
    # compile_seconds read 0.0
    out = subprocess.run([sys.executable, "-m", "perfectplay", "solve", "tictactoe", "--method",
                          "tiers", "--db", str(tmp_path / "db"), "--json"],
                         capture_output=True, text=True, check=True).stdout
    result = json.loads(out)
    assert (result["value"], result["method"]) == ("tie", "tiers")
    assert result["compile_seconds"] > 0.01
    assert result["seconds"] + result["compile_seconds"] <= result["total_seconds"]
