"""``perfectplay judge NAME < input``: answer a contest problem's judge input exactly.

Reads the judge's input on stdin and prints the judge's output, nothing else, on stdout. Bad
input is one ``error:`` line on stderr with exit status 2 and nothing on stdout; an input
beyond the contest's limits is solved anyway, with a ``note:`` line on stderr.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Sequence

from perfectplay.cli.status import SUCCESS, ArgumentParser

__all__ = ["JUDGES", "run"]

JUDGES: dict[str, str] = {
    # name: module with ``judge(text) -> (output, notes)``
    "shiritori": "perfectplay.games.shiritori",
    "kadomatsu": "perfectplay.games.kadomatsu",
    "disconnected": "perfectplay.games.disconnected",
    "interval-game-2": "perfectplay.games.interval_game_2",
    "five-hundred-eleven": "perfectplay.games.five_hundred_eleven",
}


def run(argv: Sequence[str]) -> int:
    parser = ArgumentParser(prog="perfectplay judge",
                            description="Answer a contest problem's judge input (on stdin).")
    parser.add_argument("name", choices=list(JUDGES), metavar="NAME",
                        help=f"the problem: {', '.join(JUDGES)}")
    options = parser.parse_args(argv)
    judge = importlib.import_module(JUDGES[options.name]).judge
    output, notes = judge(sys.stdin.read())
    for note in notes:
        print(f"note: {note} (solved anyway)", file=sys.stderr)
    print(output)
    return SUCCESS
