"""``perfectplay judge NAME < input``: answer a contest problem's judge input exactly.

Reads the judge's input on stdin and prints the judge's output, nothing else, on stdout. Bad
input is one ``error:`` line on stderr with exit status 2 and nothing on stdout. An input
beyond the contest's limits gets a ``note:`` line on stderr at once, before any solving; it is
then solved, with a progress bar on a terminal when that takes a while, or refused at once
(``error:``, exit 2) when its estimated work or memory is beyond what a judge starts (see
:mod:`perfectplay.games.judge_input`).
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Sequence

from perfectplay.cli.inputs import read_stdin
from perfectplay.cli.progress import ProgressBar
from perfectplay.cli.status import SUCCESS, ArgumentParser

__all__ = ["JUDGES", "run"]

JUDGES: dict[str, tuple[str, str]] = {
    # name: (module, what its progress counts); the module ``perfectplay.games.<stem>`` has
    # ``parse_<stem>(text) -> (game, notes)`` and ``answer_<stem>(game, *, progress) -> output``
    "shiritori": ("perfectplay.games.shiritori", "positions"),
    "kadomatsu": ("perfectplay.games.kadomatsu", "positions"),
    "disconnected": ("perfectplay.games.disconnected", "positions"),
    "interval-game-2": ("perfectplay.games.interval_game_2", "cases"),
    "five-hundred-eleven": ("perfectplay.games.five_hundred_eleven", "positions"),
}


def run(argv: Sequence[str]) -> int:
    parser = ArgumentParser(prog="perfectplay judge",
                            description="Answer a contest problem's judge input (on stdin).")
    parser.add_argument("name", choices=list(JUDGES), metavar="NAME",
                        help=f"the problem: {', '.join(JUDGES)}")
    options = parser.parse_args(argv)
    path, unit = JUDGES[options.name]
    module, stem = importlib.import_module(path), path.rpartition(".")[2]
    game, notes = getattr(module, f"parse_{stem}")(read_stdin())
    for note in notes:  # before the solve: a long run says at once why it may be long
        print(f"note: {note}", file=sys.stderr)
    with ProgressBar(unit) as progress:
        output = getattr(module, f"answer_{stem}")(game, progress=progress)
    print(output)
    return SUCCESS
