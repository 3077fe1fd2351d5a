"""One notation per game, one result vocabulary: every catalogue game, through every command that
prints a move (``solve``, ``play``, ``analyze`` where search applies, ``db query`` where the game
has tiers, ``/api/position``, and Python), prints its moves so that, fed back as input, each
reaches the child printed with it; and the same positions get the same moves, in the same
order, with the same remoteness, from ``analyze --json``, ``db query --json``, ``/api/position``
and the Python API."""

from __future__ import annotations

import io
import json
import warnings

import pytest
from small_games import SMALL

import perfectplay
from perfectplay import CycleError, NotApplicable, solve
from perfectplay.cli import main
from perfectplay.core.game import has_hook
from perfectplay.games import load_game, names
from perfectplay.serve import create_app

with warnings.catch_warnings():  # Starlette 1.x asks for httpx2 but still runs on httpx
    warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")
    from starlette.testclient import TestClient


NAMES = sorted(names())


def test_every_catalogue_game_has_a_small_instance_here():
    assert sorted(SMALL) == NAMES


def game_of(name):
    return load_game(name, SMALL[name])


def argv_of(name):
    return [name, *(part for key, value in SMALL[name].items() for part in (f"--{key}", value))]


def run(capsys, *argv, stdin=None, monkeypatch=None):
    if stdin is not None:
        monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    status = main(list(argv))
    out, err = capsys.readouterr()
    assert status == 0, err
    return out


def child_of(game, position, move):
    return dict(game.moves(position))[move]


def reached(game, position, printed_move, printed_child):
    """The printed move, read back at ``position``, reaches the printed child."""
    child = child_of(game, position, game.parse_move(position, printed_move))
    assert game.format_position(child) == printed_child, (printed_move, printed_child)
    return child


def searchable(game):
    try:
        perfectplay.analyze(game)
    except (NotApplicable, CycleError):
        return False
    return True


def tiered(game):
    return has_hook(game, "compiled") and game.compiled().tiers is not None


@pytest.mark.parametrize("name", NAMES)
def test_python_reads_back_every_move_it_writes(name):
    game = game_of(name)
    solution = solve(game)
    position = solution.start
    for _ in range(4):  # the start and the first positions of the principal line
        ranked = solution.moves(position)
        if not ranked:
            break
        for entry in ranked:  # each text names one move: read back, it is that move
            assert game.parse_move(position, game.format_move(entry.move)) == entry.move
        assert solution.best_move(position) == ranked[0].move
        position = ranked[0].position


@pytest.mark.parametrize("name", NAMES)
def test_solve_prints_a_best_move_and_a_line_that_play_back(name, capsys):
    game = game_of(name)
    solution = solve(game)
    report = json.loads(run(capsys, "solve", *argv_of(name), "--json"))
    assert report["best_move"] == game.format_move(solution.best_move())
    text = run(capsys, "solve", *argv_of(name))
    line = next(row for row in text.splitlines() if row.startswith("line:"))[len("line:"):]
    moves = line.split() if line.strip() != "-" else []
    position = solution.start
    for printed in moves:  # each move of the line is the best one where it is played
        best = solution.moves(position)[0]
        position = reached(game, position, printed, game.format_position(best.position))
    assert moves[0] == report["best_move"]


@pytest.mark.parametrize("name", NAMES)
def test_play_takes_the_move_it_lists_first_and_shows_its_child(name, capsys, monkeypatch):
    game = game_of(name)
    best = solve(game).moves()[0]
    out = run(capsys, "play", *argv_of(name), "--side", "both", stdin="q\n",
              monkeypatch=monkeypatch)
    listing = out.split("You are to move", 1)[1].splitlines()[1]
    printed = listing.split()[1]  # "  - TEXT value" or "    1. TEXT value": best first
    assert printed == game.format_move(best.move)
    out = run(capsys, "play", *argv_of(name), "--side", "both", stdin=f"{printed}\nq\n",
              monkeypatch=monkeypatch)
    after = out.split("u = undo, q = quit: ", 1)[1]
    assert after.startswith(f"\n{game.display(best.position)}\n")


@pytest.mark.parametrize("name", [n for n in NAMES if searchable(game_of(n))])
def test_analyze_prints_moves_that_reach_the_children_it_prints(name, capsys):
    game = game_of(name)
    start = game.format_position(game.start())
    report = json.loads(run(capsys, "analyze", *argv_of(name), "--start", start, "--json"))
    assert report["best_move"] == report["moves"][0]["move"]
    for entry in report["moves"]:
        reached(game, game.start(), entry["move"], entry["child"])


@pytest.mark.parametrize("name", [n for n in NAMES if tiered(game_of(n))])
def test_db_query_prints_moves_that_reach_the_children_it_prints(name, capsys, tmp_path):
    game = game_of(name)
    database = str(tmp_path / "db")
    run(capsys, "solve", *argv_of(name), "--method", "tiers", "--db", database)
    report = json.loads(run(capsys, "db", "query", database, "--json"))
    for entry in report["moves"]:
        reached(game, game.start(), entry["move"], entry["child"])
    best = report["moves"][0]
    again = json.loads(run(capsys, "db", "query", database, best["child"], "--json"))
    assert (again["position"], again["remoteness"]) == (best["child"], best["remoteness"])


@pytest.mark.parametrize("name", NAMES)
def test_the_api_gives_moves_that_reach_the_children_it_gives(name):
    game = game_of(name)
    client = TestClient(create_app(solve(game), options=SMALL[name]))
    start = client.get("/api/game").json()["start"]
    answer = client.get("/api/position", params={"p": start}).json()
    position = game.parse_position(start)
    for entry in answer["moves"]:
        reached(game, position, entry["move"], entry["child"])
    best = answer["moves"][0]
    child = client.get("/api/position", params={"p": best["child"]}).json()
    assert (child["position"], child["remoteness"]) == (best["child"], best["remoteness"])


# The same positions through every engine and output ------------------------------------------

C4 = ("connect4", "--width", "4", "--height", "4")
POSITIONS = ["", "2213", "11242", "112131", "3312"]
"""Connect Four 4x4 positions in move notation: ties, wins and losses among their moves."""


@pytest.fixture(scope="module")
def connect4_database(tmp_path_factory):
    database = tmp_path_factory.mktemp("c4") / "db"
    assert main([*("solve", *C4), "--method", "tiers", "--db", str(database)]) == 0
    return str(database)


def test_every_output_gives_the_same_moves_in_the_same_order(connect4_database, capsys):
    # analyze --json once counted the move in a move's remoteness (one more than db query,
    # the page and Python), and perfectplay.analyze listed moves in the game's order
    game = load_game("connect4", {"width": "4", "height": "4"})
    solution = solve(game, method="compiled")
    client = TestClient(create_app(solution))
    capsys.readouterr()
    values = set()
    for text in POSITIONS:
        position = game.parse_position(text)
        python = [m.to_json(game) for m in solution.moves(position)]
        searched = [m.to_json(game) for m in perfectplay.analyze(game, position).moves]
        analyzed = json.loads(run(capsys, "analyze", *C4, "--start", text, "--json"))
        queried = json.loads(run(capsys, "db", "query", connect4_database, text, "--json"))
        api = client.get("/api/position", params={"p": text}).json()
        assert searched == python
        assert analyzed["moves"] == python
        assert queried["moves"] == python
        assert api["moves"] == python
        for entry in python:  # a move's remoteness is its child's; the move counted: one more
            child = game.parse_position(entry["child"])
            assert entry["remoteness"] == solution.remoteness(child)
            assert entry["moves_to_end"] == entry["remoteness"] + 1
            values.add(entry["value"])
        reports = (analyzed, queried, api)
        assert {(r["value"], r["remoteness"]) for r in reports} == {
            (str(solution.value(position)), solution.remoteness(position))}
    assert values == {"win", "tie", "lose"}


def test_the_issue_position_gives_17_for_its_moves_everywhere(capsys):
    # Connect Four 5x4 after "33": analyze --json said 18 where the others said 17
    game = load_game("connect4", {"width": "5", "height": "4"})
    report = json.loads(run(capsys, "analyze", "connect4", "--width", "5", "--height", "4",
                            "--start", "33", "--json", "--table-size", "64K"))
    analysis = perfectplay.analyze(game, game.parse_position("33"))
    assert [(m["move"], m["value"], m["remoteness"], m["moves_to_end"])
            for m in report["moves"]] == [
        ("3", "tie", 17, 18), ("1", "lose", 17, 18), ("2", "lose", 17, 18), ("4", "lose", 17, 18),
        ("5", "lose", 17, 18)]
    assert [m.to_json(game) for m in analysis.moves] == report["moves"]
    assert report["best_move"] == "3" == game.format_move(analysis.best_move)
