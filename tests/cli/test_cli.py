import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from perfectplay.cli import main
from perfectplay.cli.play import Session
from perfectplay.games.tictactoe import TicTacToe
from perfectplay.solve import solve

EXAMPLES = Path(__file__).parents[2] / "examples"


def run(capsys, *argv):
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_solve_json_has_the_promised_fields(capsys):
    status, out, err = run(capsys, "solve", "tictactoe", "--json")
    assert status == 0 and err == ""
    result = json.loads(out)
    assert (result["value"], result["remoteness"], result["positions"]) == ("tie", 9, 5478)
    assert result["primitives"] == {"lose": 942, "tie": 16}
    assert result["counts"] == {"win": 2836, "lose": 1574, "tie": 1068, "draw": 0}
    assert result["best_move"] == "a1"
    assert result["seconds"] >= 0


def test_solve_all_lists_graph_nodes_by_label(capsys):
    status, out, _ = run(capsys, "solve", "graph", "--file", str(EXAMPLES / "cycle.txt"),
                         "--json", "--all")
    assert status == 0
    entries = json.loads(out)["positions_list"]
    listed = {e["position"]: (e["value"], e["remoteness"]) for e in entries}
    assert listed == {"a": ("draw", None), "b": ("draw", None), "c": ("win", 1), "d": ("lose", 0)}


def test_solve_text_and_user_file_game(capsys):
    status, out, _ = run(capsys, "solve", str(EXAMPLES / "takeaway.py") + ":TakeAway",
                         "--arg", "heap=21")
    assert status == 0
    assert "value:      win in 11" in out and "best move:  1" in out


def test_save_writes_a_loadable_file(capsys, tmp_path):
    from perfectplay import load_solution

    path = tmp_path / "s.gz"
    assert run(capsys, "solve", "nim", "--heaps", "2,3", "--save", str(path))[0] == 0
    from perfectplay.games.nim import Nim
    assert str(load_solution(path, Nim((2, 3))).value()) == "win"


@pytest.mark.parametrize(("argv", "message"), [
    (["solve", "chess"], "unknown game 'chess'"),
    (["solve", "nim", "--heap", "3"], "unknown option --heap for nim; did you mean --heaps?"),
    (["solve", "nim", "--heaps", "3,x"], "bad --heaps for nim"),
    (["solve", "graph"], "graph needs --file"),
    (["solve", "graph", "--file", "/no/such/file"], "cannot read graph file"),
    (["solve", "nim", "--method", "magic"], "invalid choice"),
    (["sovle"], "did you mean 'solve'"),
    (["solve", "missing.py:Game"], "no such game file"),
])
def test_bad_input_is_one_line_and_status_2(capsys, argv, message):
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    assert err.startswith("error: ") and message in err and err.count("\n") == 1


def test_games_lists_the_catalogue(capsys):
    status, out, _ = run(capsys, "games", "--options")
    assert status == 0
    assert "tictactoe" in out and "--heaps" in out


def test_games_lists_the_partizan_games_after_the_others(capsys):
    from perfectplay.games import names

    status, out, _ = run(capsys, "games")
    lines = out.splitlines()
    heading = lines.index("partizan games (their values by 'perfectplay cgt GAME'):")
    assert status == 0 and lines[heading - 1] == ""
    assert [line.split()[0] for line in lines[:heading - 1]] == names("game")
    assert [line.split()[0] for line in lines[heading + 1:]] == names("partizan")


def test_help_lists_every_command(capsys):
    from perfectplay.cli import COMMANDS

    status, out, _ = run(capsys, "--help")
    assert status == 0 and all(name in out for name in COMMANDS)


def test_play_session_with_undo():
    # Human plays X (first): b2, undo, then a1, then quits.
    stdin = io.StringIO("b2\nu\na1\nq\n")
    stdout = io.StringIO()
    Session(solve(TicTacToe()), "first", stdin, stdout).play()
    text = stdout.getvalue()
    assert "perfectplay plays a1: a tie in 8" in text    # its reply to b2
    assert "undone" in text
    assert "perfectplay plays b2" in text                 # its reply to a1: the only tie
    assert text.rstrip().endswith("bye")


def test_play_to_the_end_against_a_blunder():
    # Human plays O and blunders; the perfect opponent wins.
    stdin = io.StringIO("b1\nc1\nq\n")
    stdout = io.StringIO()
    Session(solve(TicTacToe()), "second", stdin, stdout).play()
    assert "Game over: perfectplay wins." in stdout.getvalue()


def test_console_script_exit_status():
    result = subprocess.run([sys.executable, "-m", "perfectplay", "solve", "nope"],
                            capture_output=True, text=True)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.startswith("error: unknown game 'nope'")


def test_import_does_not_load_numba():
    code = "import perfectplay, perfectplay.cli, sys; print('numba' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.stdout.strip() == "False"


def test_play_reads_numeric_moves_as_moves_not_menu_numbers():
    from perfectplay.games.subtraction import Subtraction

    # Heap 5, take 1 or 2: the winning move is 2 (listed first); typing "1" must take 1.
    stdout = io.StringIO()
    Session(solve(Subtraction(5, (1, 2))), "first", io.StringIO("1\nq\n"), stdout).play()
    text = stdout.getvalue()
    assert "  - 2 " in text and "1. " not in text
    # "1" took 1 (heap 4), not the first entry (take 2, heap 3); from 4 the reply takes 1.
    assert "perfectplay plays 1: you lose in 3" in text


@pytest.mark.parametrize("command", ["solve", "play", "check"])
def test_help_after_a_game_lists_its_options(command, capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "120")  # argparse wraps help to the terminal
    with pytest.raises(SystemExit) as exited:
        main([command, "nim", "--help"])
    out = capsys.readouterr().out
    assert exited.value.code == 0
    assert "nim options:\n  --heaps: heap sizes, comma-separated (default '3,4,5')" in out


def test_help_names_each_option_of_an_aliased_game_and_the_required_ones(capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "120")
    with pytest.raises(SystemExit):
        main(["solve", "ttt", "--help"])
    assert "ttt options:\n  --start: starting board" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["solve", "graph", "--method", "retrograde", "--help"])
    assert ("  --file: the graph, one 'u v' per line (a move from u to v) or 'u' (a node) "
            "(required)") in capsys.readouterr().out


def test_help_without_a_catalogue_game_has_no_game_options(capsys):
    for argv in (["solve", "--help"], ["solve", "nope", "--help"],
                 ["solve", f"{EXAMPLES / 'takeaway.py'}:TakeAway", "--help"]):
        with pytest.raises(SystemExit):
            main(argv)
        out = capsys.readouterr().out
        assert "GAME is a name from 'perfectplay games'" in out and "options:\n  --" not in out


def test_a_game_option_after_the_game_still_reaches_the_game(capsys):
    status, out, _ = run(capsys, "solve", "nim", "--heaps", "1,1", "--json")
    assert status == 0 and json.loads(out)["value"] == "lose"


def test_solve_summary_names_the_primitive_positions_with_separators(capsys):
    status, out, _ = run(capsys, "solve", "tictactoe")
    assert status == 0
    assert "positions:  5,478\nprimitive:  942 lose, 16 tie\n" in out


def test_solve_json_times_add_up(capsys):
    for method in ("memo", "compiled"):
        status, out, _ = run(capsys, "solve", "tictactoe", "--method", method, "--json")
        result = json.loads(out)
        assert status == 0 and result["method"] == method
        assert min(result["seconds"], result["compile_seconds"], result["total_seconds"]) >= 0
        assert result["total_seconds"] >= result["seconds"] + result["compile_seconds"]
        assert (result["compile_seconds"] > 0) is (method == "compiled")


def test_save_says_what_it_wrote_on_stderr(capsys, tmp_path):
    path = tmp_path / "ttt.solution.gz"
    status, out, err = run(capsys, "solve", "tictactoe", "--save", str(path), "--json")
    assert status == 0 and json.loads(out)["positions"] == 5478
    assert err == f"saved: {path} (5,478 positions, gzip-compressed JSON)\n"
    path = tmp_path / "ttt.npz"
    status, out, err = run(capsys, "solve", "tictactoe", "--method", "compiled", "--save",
                           str(path))
    assert status == 0 and out.startswith("game:") and path.exists()
    assert err == f"saved: {path} (5,478 positions, a NumPy .npz archive)\n"


@pytest.mark.parametrize(("method", "name", "suffix"), [
    ("compiled", "x.solution.gz", ".npz"), ("memo", "x.npz", ".gz"), ("memo", "x", ".gz")])
def test_save_refuses_a_name_of_another_format_and_prints_nothing_else(capsys, tmp_path, method,
                                                                        name, suffix):
    path = tmp_path / name
    status, out, err = run(capsys, "solve", "tictactoe", "--method", method, "--save", str(path))
    assert status == 2 and out == "" and not path.exists()
    assert err.startswith("error: ") and err.count("\n") == 1
    assert f"ending in {suffix}, such as {path.with_suffix(suffix)}" in err


def test_a_failed_save_prints_no_part_of_the_report(capsys, tmp_path):
    target = tmp_path / "taken.gz"
    target.mkdir()
    status, out, err = run(capsys, "solve", "tictactoe", "--save", str(target))
    assert status == 2 and out == "" and err.startswith("error: ")


def test_check_reads_size_as_the_games_option_unless_random(capsys):
    # --size once went to check's random instances whatever the rest said: 'check quixo
    # --size 3' checked the 5x5 board, and 'check nim --size 3' ignored the unknown option
    status, _, err = run(capsys, "check", "nim", "--heaps", "1,2", "--size", "3")
    assert (status, err) == (2, "error: unknown option --size for nim (accepted: --heaps)\n")
    status, _, err = run(capsys, "check", "nim", "--random", "2", "--size", "x")
    assert status == 2
    assert err.startswith("error: argument --size: expected a non-negative integer")
