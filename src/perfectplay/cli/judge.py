"""``perfectplay judge NAME < input``: answer a contest problem's judge input exactly.

Reads the judge's input on stdin and prints the judge's output, nothing else, on stdout. Bad
input is one ``error:`` line on stderr with exit status 2 and nothing on stdout. An input
beyond the contest's limits gets a ``note:`` line on stderr at once, before any solving; it is
then solved, with a progress bar on a terminal when that takes a while, or refused at once
(``error:``, exit 2) when its estimated work or memory is beyond what a judge starts (see
:mod:`perfectplay.games.judge_input`).

The problems are the catalogue games that declare a ``judge()`` hook
(:class:`~perfectplay.core.judge.Judge`), each named by its catalogue name.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from perfectplay.cli.inputs import read_stdin
from perfectplay.cli.progress import ProgressBar
from perfectplay.cli.status import SUCCESS, ArgumentParser
from perfectplay.core.game import Game, has_hook
from perfectplay.games import find_game, names

__all__ = ["judges", "run"]


def judges() -> dict[str, type[Game]]:
    """Catalogue name -> class, of the games that answer a judge input (their ``judge()``).

    >>> list(judges())
    ['shiritori', 'kadomatsu', 'disconnected', 'interval-game-2', 'five-hundred-eleven']
    """
    return {name: cls for name in names() if has_hook(cls := find_game(name), "judge")}


def run(argv: Sequence[str]) -> int:
    games = judges()
    parser = ArgumentParser(prog="perfectplay judge",
                            description="Answer a contest problem's judge input (on stdin).")
    parser.add_argument("name", choices=list(games), metavar="NAME",
                        help=f"the problem: {', '.join(games)}")
    options = parser.parse_args(argv)
    judge = games[options.name].judge()
    problem, notes = judge.read(read_stdin())
    for note in notes:  # before the solve: a long run says at once why it may be long
        print(f"note: {note}", file=sys.stderr)
    with ProgressBar(judge.counts) as progress:
        output = judge.answer(problem, progress=progress)
    print(output)
    return SUCCESS
