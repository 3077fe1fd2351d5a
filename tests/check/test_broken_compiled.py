"""perfectplay check on compiled rules that break their contract where the Python rules cannot
see it: a primitive code that is no value, a next_move that never ends its list, a child
outside the encoding. Each is a counterexample, never a sound verdict or a hang."""

import dataclasses
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from check.compiled_rules import TakeAway, past_the_end, seven_at_zero

from perfectplay import GameError, solve
from perfectplay.check import check
from perfectplay.games.shiritori import Shiritori

WORDS = ("enum", "float", "if", "modint", "takahashi", "template")
SEVEN = ("primitive() gave 7: it must give -1 (play goes on), LOSE_CODE (0), TIE_CODE (1) or "
         "WIN_CODE (2)")


class Broken(Shiritori):
    def __init__(self, words, **changes):
        super().__init__(words)
        self.changes = changes

    def compiled(self):
        return dataclasses.replace(super().compiled(), **self.changes)


def test_a_compiled_primitive_that_gives_no_value_code_is_named():
    # read as "play goes on", it agreed with the Python rules at the start: called sound
    found = check(Broken(WORDS, primitive=seven_at_zero)).counterexample
    assert (found.rule, found.position, found.detail) == ("compiled", (frozenset(), None), SEVEN)


@pytest.mark.parametrize(("changes", "error"), [
    ({"primitive": seven_at_zero}, f"^{re.escape(SEVEN)} \\(at position 0\\)$"),
    ({"child": past_the_end}, r"^child\(\) of move 0 gives 110, outside \[0, 11\) \(at position "
                              r"10\)$"),
])
def test_the_python_solvers_check_compiled_rules_as_they_read_them(changes, error):
    # a child out of range was followed, without end; a bad code was read as play goes on
    for method in ("memo", "retrograde"):
        with pytest.raises(GameError, match=error):
            solve(TakeAway(10, **changes), method=method)


HANGS = """
import dataclasses
from check.compiled_rules import first_move_forever
from perfectplay.check import check
from perfectplay.games.interval_game_2 import IntervalGame2

class Forever(IntervalGame2):
    def compiled(self):
        return dataclasses.replace(super().compiled(), next_move=first_move_forever)

found = check(Forever(((1, 3), (2, 4), (3, 5)))).counterexample
print(found.rule, found.detail, sep="\\n")
"""


def test_a_next_move_without_end_in_grundy_rules_is_named_not_a_hang():
    # the compiled Grundy loop trusts next_move: the check lists the moves from Python first
    tests = str(Path(__file__).parents[1])
    paths = [tests, *filter(None, [os.environ.get("PYTHONPATH")])]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(paths)}
    try:
        done = subprocess.run([sys.executable, "-c", HANGS], capture_output=True, text=True,
                              env=env, timeout=120, check=False)
    except subprocess.TimeoutExpired:
        pytest.fail("check hangs on a next_move that never ends its list")
    assert (done.returncode, done.stdout) == (0, "compiled\nnext_move() listed more than "
                                              "max_moves = 3 moves (it must list each move once)\n")
