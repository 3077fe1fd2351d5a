"""``perfectplay check GAME``: solve small instances exhaustively and test every claim the game
makes about itself (deterministic moves, primitives, key, abstraction, components, compiled
rules) with :mod:`perfectplay.check`.

Exit status: 0 when every claim held, 3 (:data:`COUNTEREXAMPLE`) when one failed (the
counterexample is printed), 4 (:data:`NOTHING_CHECKED`) when no claim was checked (no instance,
or every one skipped: the report says why), 2 for bad input.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from perfectplay.check import check, check_instances, instances_of
from perfectplay.cli.gameargs import GAME_EPILOG, add_game_argument, game_from_args
from perfectplay.cli.status import SUCCESS, ArgumentParser, UsageError, option_type
from perfectplay.core.errors import quote
from perfectplay.core.options import parse_int
from perfectplay.games import game_class

__all__ = ["COUNTEREXAMPLE", "NOTHING_CHECKED", "run"]

COUNTEREXAMPLE = 3
"""Exit status when a claim of the game fails on some position."""

NOTHING_CHECKED = 4
"""Exit status when no claim was checked: a sound verdict would claim what was never tested."""


def run(argv: Sequence[str]) -> int:
    parser = ArgumentParser(
        prog="perfectplay check", epilog=GAME_EPILOG,
        description="Check a game definition on small instances. Without --up-to or "
                    "--random, checks the one instance the game options describe.")
    add_game_argument(parser)
    parser.add_argument("--up-to", type=option_type(parse_int), metavar="N",
                        help="every instance up to size N (games that offer this family)")
    parser.add_argument("--random", type=option_type(parse_int), default=0, metavar="COUNT",
                        help="COUNT random instances of size --size")
    # read as text: without --random it is the game's own option (quixo --size 3)
    parser.add_argument("--size", metavar="N",
                        help="size of the random instances (without --random: the game's "
                             "option --size, if it has one)")
    parser.add_argument("--seed", type=option_type(parse_int), default=0,
                        help="random seed (default 0)")
    options, rest = parser.parse_known_args(argv)
    started = time.perf_counter()
    if options.up_to is None and not options.random:
        if options.size is not None:
            rest = ["--size", options.size, *rest]
        report = check(game_from_args(options.game, rest))
    else:
        if options.size is not None:
            try:
                options.size = parse_int(options.size)
            except ValueError as exc:
                raise UsageError(f"argument --size: {exc}") from None
        if rest:
            raise UsageError(f"game options {quote(' '.join(rest))} cannot be combined with "
                             "--up-to or --random")
        if options.random and options.size is None:
            raise UsageError("--random needs --size")
        families = instances_of(game_class(options.game), up_to=options.up_to,
                                count=options.random, size=options.size, seed=options.seed)
        report = check_instances(families)
    print(report.format())
    print(f"time: {time.perf_counter() - started:.2f} s")
    if report.counterexample is not None:
        return COUNTEREXAMPLE
    return SUCCESS if report.is_sound else NOTHING_CHECKED
