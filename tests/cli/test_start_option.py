"""``--start POS``, in the game's notation, is read the same way by every command that reads a
position (``solve``, ``play``, ``serve``, ``analyze``, ``cgt``), for every catalogue game; text
the game refuses is one line ``error: ... (--start)``, exit status 2. And a refusal for a game
too large to tabulate says what would work."""

from __future__ import annotations

import io
import json
import signal
import subprocess
import sys
import urllib.request

import pytest
from test_notation_roundtrip import NAMES, SMALL

from perfectplay import solve
from perfectplay.cli import main
from perfectplay.games import load_game


def run(capsys, *argv, stdin=None, monkeypatch=None):
    if stdin is not None:
        monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def argv_of(name):
    """The game and its options (a game's own ``start`` option left out: --start is the
    command's)."""
    return [name, *(part for key, value in SMALL[name].items() if key != "start"
                    for part in (f"--{key}", value))]


def a_child(name):
    """The game and the text of a position one move from its start (the start, if none)."""
    game = load_game(name, {k: v for k, v in SMALL[name].items() if k != "start"})
    position = next((child for _, child in game.moves(game.start())), game.start())
    return game, position


@pytest.mark.parametrize("name", NAMES)
def test_solve_and_play_start_where_start_says(name, capsys, monkeypatch):
    game, position = a_child(name)
    text = game.format_position(position)
    reference = solve(game, position=position)
    status, out, err = run(capsys, "solve", *argv_of(name), "--start", text, "--json")
    assert status == 0, err
    report = json.loads(out)
    assert (report["start"], report["value"], report["remoteness"], report["positions"]) == (
        text, str(reference.value()), reference.remoteness(), len(reference))
    status, out, err = run(capsys, "play", *argv_of(name), "--start", text, "--side", "both",
                           stdin="q\n", monkeypatch=monkeypatch)
    assert status == 0, err
    assert game.display(position) in out


BAD = "48"
"""Not a position of Connect Four 4x4: its second move is column 8."""


@pytest.mark.parametrize("command", [["solve"], ["play", "--side", "first"],
                                     ["serve", "--port", "0"], ["analyze"]])
def test_text_the_game_refuses_is_one_line_naming_start(command, capsys):
    status, out, err = run(capsys, command[0], "connect4", "--width", "4", "--height", "4",
                           *command[1:], "--start", BAD)
    assert (status, out, err) == (2, "", "error: move 2 of '48' is column 8, beyond the 4 "
                                         "columns (1..4) (--start)\n")


def test_cgt_reads_start_too(capsys):
    assert run(capsys, "cgt", "domineering", "--start", "..", "--json")[0] == 0
    status, out, err = run(capsys, "cgt", "domineering", "--start", "x.")
    assert (status, out) == (2, "") and err.startswith("error: ") and err.count("\n") == 1


def test_a_start_that_a_saved_solution_lacks_is_refused(capsys, tmp_path):
    from perfectplay.games.tictactoe import TicTacToe

    saved = tmp_path / "ttt.solution.gz"
    solve(TicTacToe("XX.OO....")).save(saved)
    status, out, err = run(capsys, "serve", "tictactoe", "--arg", "start=XX.OO....",
                           "--solution", str(saved), "--start", "X........", "--port", "0")
    assert (status, out, err) == (2, "", "error: position 'X........' is not in the stored "
                                         "solution, which starts from 'XX.OO....' (--start)\n")


@pytest.mark.parametrize(("argv", "game"), [(["--start", "4455"], "ConnectFour(7, 6)"),
                                            (["--width", "6", "--height", "5"],
                                             "ConnectFour(6, 5)")])
def test_solve_refuses_connect4_7x6_and_6x5_and_says_what_would_work(argv, game, capsys):
    status, out, err = run(capsys, "solve", "connect4", *argv)
    assert (status, out) == (2, "")
    assert err.startswith(f"error: {game} does not fit in the ")
    assert err.endswith("; what would work: --method tiers --db DIR (solved tier by tier into a "
                        "database on disk), or 'perfectplay analyze' with --start POS (one "
                        "position and its moves, by search)\n")


def test_play_with_a_method_whose_tables_do_not_fit_names_search(capsys):
    status, _, err = run(capsys, "play", "connect4", "--method", "compiled", "--side", "first")
    assert status == 2
    assert err.endswith("or --method search (each position searched when it is asked)\n")


def test_serve_connect4_opens_a_7x6_position_by_search():
    deep = "52753311433677442422121"
    command = [sys.executable, "-m", "perfectplay", "serve", "connect4", "--start", deep,
               "--port", "0"]
    server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = server.stdout.readline()
        url = line.split(" at ")[1].split()[0]
        assert line == (f"perfectplay: connect4 7x6 (each position searched when asked, "
                        f"search) at {url}  (Ctrl-C stops)\n")
        with urllib.request.urlopen(url + "api/game", timeout=10) as reply:
            start = json.load(reply)["start"]
        assert start == "XOXX../OXXOO./XOOX../XXOO../XO..../O...../XXO..."
        with urllib.request.urlopen(url + f"api/position?p={deep}", timeout=60) as reply:
            answer = json.load(reply)
        assert (answer["position"], answer["value"], answer["remoteness"]) == (start, "win", 5)
        server.send_signal(signal.SIGINT)
        assert server.wait(timeout=10) == 0
        assert "note: no table of connect4 7x6 fits" in server.stderr.read()
    finally:
        server.kill()
        server.wait()
