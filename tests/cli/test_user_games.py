"""A user's own game, in a file of its own that imports a sibling module, is taken by every
command the same way as a catalogue game: ``FILE.py:Class --arg k=v``."""

import json
import signal
import subprocess
import sys
import textwrap
import urllib.request
from pathlib import Path

import pytest

from perfectplay import solve
from perfectplay.games import load_game

RULES = '''
TAKES = (1, 3, 4)
'''

GAME = '''
from perfectplay import Game
from take_rules import TAKES  # a sibling module of this file


class TakeAway(Game):
    """Take 1, 3 or 4 from a heap; whoever cannot move loses."""

    def __init__(self, heap=10):
        self.heap = heap

    def start(self):
        return self.heap

    def moves(self, heap):
        for take in TAKES:
            if take <= heap:
                yield take, heap - take

    @classmethod
    def exhaustive_instances(cls, up_to):
        for heap in range(up_to + 1):
            yield cls(heap), [heap]
'''


@pytest.fixture
def game_file(tmp_path):
    (tmp_path / "take_rules.py").write_text(textwrap.dedent(RULES))
    path = tmp_path / "takeaway_game.py"
    path.write_text(textwrap.dedent(GAME))
    return path


def perfectplay(*args, cwd):
    return subprocess.run([sys.executable, "-m", "perfectplay", *map(str, args)], cwd=cwd,
                          capture_output=True, text=True, timeout=120)


def test_check_up_to_takes_a_game_file(game_file, tmp_path):
    done = perfectplay("check", f"{game_file}:TakeAway", "--up-to", "6", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0] == ("sound: 7 instances, 7 start positions, 28 positions "
                                           "solved on the concrete state")


def test_a_game_file_imports_its_sibling_modules_from_any_folder(game_file, tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    done = perfectplay("solve", f"{game_file}:TakeAway", "--arg", "heap=7", cwd=elsewhere)
    assert done.returncode == 0, done.stderr
    # take 1/3/4 from 7: 7 mod 7 == 0 is a loss for the player to move
    assert "value:      lose in 4 (for the player to move)" in done.stdout


STRIP = Path(__file__).resolve().parents[2] / "examples" / "strip.py"


@pytest.fixture(scope="module")
def strip_database(tmp_path_factory):
    """examples/strip.py (a user's game with tier hooks) solved by tiers on 5 cells."""
    directory = tmp_path_factory.mktemp("strip") / "strip.db"
    done = perfectplay("solve", f"{STRIP}:Strip", "--arg", "cells=5", "--db", directory,
                       cwd=directory.parent)
    assert done.returncode == 0, done.stderr
    assert "value:      tie in 5 (for the player to move)" in done.stdout
    return directory


def test_db_commands_read_a_user_games_options_from_the_database(strip_database):
    game = f"{STRIP}:Strip"
    info = perfectplay("db", "info", strip_database, "--game", game, cwd=strip_database.parent)
    assert info.returncode == 0, info.stderr
    assert info.stdout.splitlines()[0] == "game:       Strip(cells=5)"
    query = perfectplay("db", "query", strip_database, "9", "--game", game, "--json",
                        cwd=strip_database.parent)  # X on the middle cell (3 ** 2)
    assert query.returncode == 0, query.stderr
    expected = solve(load_game(f"{STRIP}:Strip", {"cells": "5"}))
    assert (json.loads(query.stdout)["value"], json.loads(query.stdout)["remoteness"]) == (
        str(expected.value(9)), expected.remoteness(9))
    verify = perfectplay("db", "verify", strip_database, "--game", game,
                         cwd=strip_database.parent)
    assert verify.returncode == 0, verify.stderr
    other = perfectplay("db", "verify", strip_database, "--game", game, "--arg", "cells=6",
                        cwd=strip_database.parent)
    assert other.returncode == 2
    assert other.stderr.endswith("holds the tiers of Strip(cells=5), not of Strip(cells=6)\n")


def test_play_and_serve_a_user_games_database_without_its_options(strip_database):
    played = subprocess.run([sys.executable, "-m", "perfectplay", "play", f"{STRIP}:Strip",
                             "--db", str(strip_database), "--side", "both"], input="q\n",
                            capture_output=True, text=True, timeout=120)
    assert played.returncode == 0, played.stderr
    assert "You are to move: tie in 5." in played.stdout
    server = subprocess.Popen([sys.executable, "-m", "perfectplay", "serve", f"{STRIP}:Strip",
                               "--db", str(strip_database), "--port", "0"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = server.stdout.readline()
        url = line.split(" at ")[1].split()[0]
        assert line.startswith("perfectplay: Strip (96 positions, tiers) at ")
        with urllib.request.urlopen(url + "api/position?p=0", timeout=30) as reply:
            answer = json.load(reply)
        assert (answer["value"], answer["remoteness"]) == ("tie", 5)
        server.send_signal(signal.SIGINT)
        assert server.wait(timeout=20) == 0
    finally:
        server.kill()
        server.wait()
