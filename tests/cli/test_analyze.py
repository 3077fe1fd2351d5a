"""``perfectplay analyze``: one position and its moves, or a batch, by search."""

import json
import os

import pytest

from perfectplay.cli import main

C4 = ("connect4", "--width", "7", "--height", "6")


def run(capsys, *argv):
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_text_lists_value_best_move_and_every_move(capsys):
    status, out, _ = run(capsys, "analyze", "connect4", "--width", "5", "--height", "4",
                         "--start", "3324", "--table-size", "4096")
    assert status == 0
    lines = out.splitlines()
    assert lines[2] == "value:      lose in 16 (for the player to move)"
    assert lines[3] == "best move:  1"  # columns count from 1, as in --start
    assert lines[5:10] == [f"  {c}  lose in 16" for c in range(1, 6)]


def test_the_best_move_appended_to_the_columns_played_is_the_move_judged(capsys):
    # the printed best move once counted columns from 0 while --start counts from 1: appending
    # it played the column to its left, and the opponent won (lose in 6, not lose in 4)
    start = "52753311433677442422121"
    _, out, _ = run(capsys, "analyze", *C4, "--start", start, "--json", "--table-size", "1M")
    report = json.loads(out)
    best = report["moves"][0]
    assert (report["best_move"], best["move"]) == ("5", "5")
    assert (best["value"], best["remoteness"], best["moves_to_end"]) == ("win", 4, 5)
    _, out, _ = run(capsys, "analyze", *C4, "--start", start + report["best_move"], "--json",
                    "--table-size", "1M")
    after = json.loads(out)
    assert (after["position"], after["value"], after["remoteness"]) == (best["child"], "lose", 4)


def test_json_with_pons_scores_matches_pons_analysis(capsys):
    status, out, _ = run(capsys, "analyze", *C4, "--start", "52753311433677442422121",
                         "--json", "--score", "pons", "--table-size", "1M")
    report = json.loads(out)
    assert status == 0
    assert (report["value"], report["remoteness"], report["score"]) == ("win", 5, 8)
    assert report["table_entries"] == 1 << 16


def test_batch_writes_one_line_a_position(capsys, tmp_path):
    batch = tmp_path / "positions.txt"
    batch.write_text("52753311433677442422121\n271713432331713132\n")
    status, out, _ = run(capsys, "analyze", *C4, "--batch", str(batch), "--table-size", "4096")
    assert status == 0
    assert [line.split()[:3] for line in out.splitlines()] == [
        ["52753311433677442422121", "win", "5"], ["271713432331713132", "lose", "4"]]
    status, out, _ = run(capsys, "analyze", *C4, "--batch", str(batch), "--weak", "--json",
                         "--table-size", "4096")
    assert [json.loads(line)["remoteness"] for line in out.splitlines()] == [None, None]
    status, out, _ = run(capsys, "analyze", *C4, "--batch", str(batch), "--score", "pons",
                         "--table-size", "4096")
    assert [line.split()[1] for line in out.splitlines()] == ["8", "-11"]  # as in Test_L2_R1


def test_an_empty_line_of_a_batch_is_the_start(capsys, tmp_path):
    # as --start '' is: Pons's sets and his solver read the start so
    batch = tmp_path / "positions.txt"
    batch.write_text("\n33\n")
    argv = ("analyze", "connect4", "--width", "5", "--height", "4", "--batch", str(batch),
            "--table-size", "64K")
    status, out, _ = run(capsys, *argv)
    assert status == 0
    assert [line.split(" ")[:3] for line in out.splitlines()] == [["", "tie", "20"],
                                                                  ["33", "tie", "18"]]
    status, out, _ = run(capsys, *argv, "--json")
    assert [json.loads(line)["position"] for line in out.splitlines()] == ["", "33"]


def test_the_scores_a_game_offers_are_its_own(capsys):
    # --score once named Pons's score alone, checked by the game's type; now any game may offer
    # scores (its scores() hook) and the option names one of them
    status, _, err = run(capsys, "analyze", "tictactoe", "--start", ".........", "--score",
                         "pons")
    assert (status, err.strip()) == (2, "error: --score 'pons': tictactoe offers no such score "
                                        "(its scores: none)")
    status, _, err = run(capsys, "analyze", *C4, "--start", "4", "--score", "elo")
    assert (status, err.strip()) == (2, "error: --score 'elo': connect4 7x6 offers no such "
                                        "score (its scores: pons)")


@pytest.mark.parametrize("argv, message", [
    (("--start", "88"), "error: move 1 of '88' is column 8, beyond the 7 columns (1..7) "
                        "(--start)"),
    (("--start", "4", "--score", "pons", "--weak"),
     "error: --score pons needs the remoteness: drop --weak"),
    ((), "error: give one of --start POS and --batch FILE"),
    (("--start", "4", "--table-size", "lots"), "error: --table-size takes a number of entries "
                                               "or a memory such as 256M, got 'lots'"),
    (("--start", "4", "--threads", "0"), f"error: 0 search threads: the search takes 1 to the "
                                         f"{len(os.sched_getaffinity(0))} cores this process "
                                         f"may use"),
])
def test_bad_input_is_one_line_and_status_2(capsys, argv, message):
    status, _, err = run(capsys, "analyze", *C4, *argv)
    assert (status, err.strip()) == (2, message)


def test_a_bad_line_of_a_batch_is_named(capsys, tmp_path):
    batch = tmp_path / "positions.txt"
    batch.write_text("44\n4x\n")
    status, _, err = run(capsys, "analyze", *C4, "--batch", str(batch))
    assert status == 2
    assert err.strip().endswith(f"(line 2 of {batch})")


def test_a_finished_game_has_no_moves_to_judge(capsys):
    status, out, _ = run(capsys, "analyze", "connect4", "--start", "1212121",
                         "--table-size", "1024")
    assert status == 0
    assert out.splitlines()[2:5] == ["value:      lose in 0 (for the player to move)",
                                     "best move:  -", "moves:      -"]


def test_connect4_without_options_is_the_standard_board(capsys):
    status, out, _ = run(capsys, "analyze", "connect4", "--start", "52753311433677442422121",
                         "--table-size", "1M")
    assert status == 0
    assert out.splitlines()[:4] == ["game:       connect4 7x6",
                                    "position:   XOXX../OXXOO./XOOX../XXOO../XO..../O...../XXO...",
                                    "value:      win in 5 (for the player to move)",
                                    "best move:  5"]


def test_two_threads_print_what_one_does(capsys, tmp_path):
    # the same values and remoteness of a position and its moves, and of a batch (the nodes
    # searched may differ: each position is scored by the thread that took it)
    if len(os.sched_getaffinity(0)) < 2:
        pytest.skip("two search threads need two cores")
    analysis = ("analyze", "connect4", "--width", "5", "--height", "4", "--start", "3324",
                "--json", "--table-size", "4096")
    reports = [json.loads(run(capsys, *analysis, "--threads", threads)[1])
               for threads in ("1", "2")]
    assert [[r[k] for k in ("value", "remoteness", "best_move", "moves")] for r in reports] == [
        ["lose", 16, "1", reports[0]["moves"]]] * 2
    batch = tmp_path / "positions.txt"
    batch.write_text("\n".join(["", "33", "3324", "112233", "5", "44"]) + "\n")
    command = ("analyze", "connect4", "--width", "5", "--height", "4", "--batch", str(batch))
    lines = [[line.rsplit(maxsplit=1)[0]  # the nodes dropped
              for line in run(capsys, *command, "--threads", threads)[1].splitlines()]
             for threads in ("1", "2")]
    assert lines[0] == lines[1]
    assert len(lines[0]) == 6
