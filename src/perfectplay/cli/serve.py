"""``perfectplay serve GAME``: solve a game (or open its saved solution or tier database, or,
when no table of it fits, search each position as the page asks) and explore it on a local web
page, until Ctrl-C."""

from __future__ import annotations

import contextlib
import ipaddress
import os
import sys
from collections.abc import Sequence

from perfectplay.cli.explored import METHODS, explored_solution, game_to_explore
from perfectplay.cli.gameargs import (
    GAME_EPILOG,
    add_book_argument,
    add_game_argument,
    add_start_argument,
    add_threads_argument,
    parse_game_options,
    parse_position_text,
)
from perfectplay.cli.status import SUCCESS, ArgumentParser, UsageError

__all__ = ["run"]


def run(argv: Sequence[str]) -> int:
    parser = ArgumentParser(prog="perfectplay serve", epilog=GAME_EPILOG,
                            description="Explore and play a solved game on a local web page: "
                            "the board, every move coloured by its value, a perfect opponent, "
                            "the value history and the analysis table. Ctrl-C stops it.")
    add_game_argument(parser)
    stored = parser.add_mutually_exclusive_group()
    stored.add_argument("--solution", metavar="FILE",
                        help="serve a solution saved by 'perfectplay solve --save' instead of "
                             "solving")
    stored.add_argument("--db", metavar="DIR",
                        help="serve a tier database ('perfectplay solve GAME --method tiers "
                             "--db DIR') instead of solving: positions are read from its "
                             "memory-mapped files")
    parser.add_argument("--method", choices=METHODS, default="auto",
                        help="how to solve, without --solution or --db (see 'perfectplay "
                             "solve --help'), or search: each position searched when it is "
                             "asked, as 'perfectplay analyze' does (auto does so when no "
                             "table fits)")
    add_start_argument(parser, "the position the page opens on")
    parser.add_argument("--host", default="127.0.0.1",
                        help="address to listen on (default 127.0.0.1: this machine only)")
    parser.add_argument("--port", type=int, default=8000,
                        help="port to listen on (default 8000; 0: a free port)")
    parser.add_argument("--processes", type=int, default=1, metavar="N",
                        help="server processes answering on the port (default 1; each "
                             "answers on one core)")
    add_threads_argument(parser)
    add_book_argument(parser)
    options, rest = parser.parse_known_args(argv)
    if not 0 <= options.port <= 65535:
        raise UsageError(f"--port is 0 to 65535, got {options.port}")
    if not 1 <= options.processes <= 64:
        raise UsageError(f"--processes is 1 to 64, got {options.processes}")
    if options.processes > 1 and not hasattr(os, "fork"):
        raise UsageError("--processes above 1 needs os.fork (Linux, macOS)")
    given = parse_game_options(rest)
    game = game_to_explore(options.game, rest, options.db)
    start = None if options.start is None else parse_position_text(game, options.start)

    from perfectplay.serve import WebServer, create_app  # Starlette and uvicorn: only here

    server = WebServer(options.host, options.port)  # a port taken is said before a long solve
    solution = explored_solution(game, method=options.method, start=start,
                                 path=options.solution, database=options.db, slow=1.0,
                                 book=options.book, threads=options.threads)
    # a database gives its game's options: the page shows the game as it names itself
    shown = {} if options.db and not given else {
        opt.name: given.get(opt.name, opt.default or "")
        for opt in getattr(type(game), "OPTIONS", ())} or given
    app = create_app(solution, options=shown, start=start)
    size = (f"{len(solution):,} positions" if solution.tabulated
            else "each position searched when asked")
    print(f"perfectplay: {solution.game} ({size}, {solution.method}) at {server.url}  "
          "(Ctrl-C stops)", flush=True)
    if not _is_loopback(options.host):
        print(f"note: listening on {options.host}: other machines can reach this page",
              file=sys.stderr)
    # Ctrl-C is how a server stops: uvicorn shuts down cleanly, then re-raises the signal as
    # KeyboardInterrupt, or returns when the signal came while it was already stopping
    with contextlib.suppress(KeyboardInterrupt):
        server.run(app, processes=options.processes)
    print("stopped", file=sys.stderr)
    return SUCCESS


def _is_loopback(host: str) -> bool:
    """Whether ``host`` names this machine only.

    >>> _is_loopback("127.0.0.1"), _is_loopback("::1"), _is_loopback("localhost")
    (True, True, True)
    >>> _is_loopback("0.0.0.0")
    False
    """
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:  # a host name: it may resolve anywhere
        return False
