"""A user's own game, in a file of its own that imports a sibling module, is taken by every
command the same way as a catalogue game: ``FILE.py:Class --arg k=v``."""

import subprocess
import sys
import textwrap

import pytest

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
