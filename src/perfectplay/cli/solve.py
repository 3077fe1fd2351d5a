"""``perfectplay solve GAME``: value, remoteness and best move of the start, and the analysis
table."""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from typing import Any

from perfectplay.cli.gameargs import GAME_EPILOG, add_game_argument, game_from_args
from perfectplay.cli.progress import ProgressBar
from perfectplay.cli.status import SUCCESS, ArgumentParser
from perfectplay.core.engines import methods
from perfectplay.core.solution import Solution
from perfectplay.core.values import Value
from perfectplay.solve import solve

__all__ = ["report", "run"]


def run(argv: Sequence[str]) -> int:
    parser = ArgumentParser(prog="perfectplay solve", epilog=GAME_EPILOG,
                            description="Solve a game strongly from its start position.")
    add_game_argument(parser)
    parser.add_argument("--method", choices=methods("solve"), default="auto",
                        help="memo (acyclic games), retrograde (any game, cycles give draws), "
                             "compiled (numba kernels, for games with compiled rules), auto "
                             "(default: compiled for large games with compiled rules, else memo, "
                             "retrograde on a cycle)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--all", action="store_true",
                        help="list every reachable position (with --json: positions_list)")
    parser.add_argument("--save", metavar="FILE", help="write the solution to FILE")
    options, rest = parser.parse_known_args(argv)
    game = game_from_args(options.game, rest)

    with ProgressBar() as bar:
        started = time.perf_counter()
        solution = solve(game, method=options.method, progress=bar)
        seconds = time.perf_counter() - started
    compile_seconds = solution.compile_seconds
    if options.save:
        solution.save(options.save)
    result = report(solution, seconds=seconds - compile_seconds,
                    compile_seconds=compile_seconds, every_position=options.all)
    if options.json:
        print(json.dumps(result))
    else:
        _print_text(solution, result)
    return SUCCESS


def report(solution: Solution, *, seconds: float, every_position: bool,
           compile_seconds: float = 0.0) -> dict[str, Any]:
    """The JSON-ready summary of a solve: ``seconds`` is the solve alone, ``compile_seconds``
    the time the compiled engine spent compiling or loading its kernels (0 on other paths)."""
    game = solution.game
    counts = solution.counts()
    best = solution.best_move()
    result: dict[str, Any] = {
        "game": str(game),
        "start": game.format_position(solution.start),
        "value": str(solution.value()),
        "remoteness": solution.remoteness(),
        "best_move": None if best is None else game.format_move(best),
        "positions": counts.positions,
        "primitives": {str(v): n for v, n in counts.primitives.items() if n},
        "counts": {str(v): n for v, n in counts.by_value.items()},
        "by_remoteness": {str(r): {str(v): n for v, n in row.items()}
                          for r, row in counts.by_remoteness.items()},
        "method": solution.method,
        "seconds": round(seconds, 6),
        "compile_seconds": round(compile_seconds, 6),
    }
    if every_position:
        result["positions_list"] = [
            {"position": game.format_position(p), "value": str(v), "remoteness": r}
            for p, v, r in solution.positions()]
    return result


def _print_text(solution: Solution, result: dict[str, Any]) -> None:
    value = Value(result["value"])
    remoteness = "" if result["remoteness"] is None else f" in {result['remoteness']}"
    print(f"game:       {result['game']}")
    print(f"start:      {result['start']}")
    print(f"value:      {value}{remoteness} (for the player to move)")
    print(f"best move:  {result['best_move'] or '-'}")
    line = [solution.game.format_move(m) for m in solution.line()]
    print(f"line:       {' '.join(line) or '-'}")
    primitives = ", ".join(f"{n} {v}" for v, n in result["primitives"].items())
    print(f"positions:  {result['positions']:,} ({primitives or 'none'} primitive)")
    kernels = (f" (+ {result['compile_seconds']:.3f} s loading kernels)"
               if result["compile_seconds"] else "")
    print(f"solved in:  {result['seconds']:.3f} s by {result['method']}{kernels}")
    print()
    print(solution.counts().format_table())
    if "positions_list" in result:
        print()
        for entry in result["positions_list"]:
            r = "" if entry["remoteness"] is None else f" {entry['remoteness']}"
            print(f"{entry['position']}  {entry['value']}{r}")
