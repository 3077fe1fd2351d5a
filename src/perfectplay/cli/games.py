"""``perfectplay games``: the catalogue, one line a game, with each game's options; then the
partizan games, which ``perfectplay cgt`` evaluates."""

from __future__ import annotations

from collections.abc import Sequence

from perfectplay.cli.gameargs import describe_option
from perfectplay.cli.status import SUCCESS, ArgumentParser
from perfectplay.games import CATALOGUE, find_game, find_partizan_game, names

__all__ = ["run"]


def run(argv: Sequence[str]) -> int:
    parser = ArgumentParser(prog="perfectplay games",
                            description="List the built-in games and their options.")
    parser.add_argument("--options", action="store_true", help="also list each game's options")
    options = parser.parse_args(argv)
    width = max(map(len, CATALOGUE))
    for name in names("game"):
        entry = CATALOGUE[name]
        also = f" (alias: {', '.join(entry.aliases)})" if entry.aliases else ""
        print(f"{name:<{width}}  {entry.summary}{also}")
        if options.options:
            for opt in getattr(find_game(name), "OPTIONS", ()):
                print(f"{'':<{width}}    {describe_option(opt)}")
    print("\npartizan games (their values by 'perfectplay cgt GAME'):")
    for name in names("partizan"):
        print(f"{name:<{width}}  {CATALOGUE[name].summary}")
        if options.options:
            for opt in getattr(find_partizan_game(name), "OPTIONS", ()):
                print(f"{'':<{width}}    {describe_option(opt)}")
    return SUCCESS
