"""``perfectplay solve GAME``: value, remoteness and best move of the start, and the analysis
table."""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from perfectplay.cli.explored import refused
from perfectplay.cli.gameargs import (
    GAME_EPILOG,
    add_game_argument,
    add_start_argument,
    game_from_args,
    parse_position_text,
)
from perfectplay.cli.progress import ProgressBar
from perfectplay.cli.status import SUCCESS, ArgumentParser, UsageError
from perfectplay.core.engines import methods
from perfectplay.core.errors import EngineLimitError, quote
from perfectplay.core.solution import Counts, Solution
from perfectplay.core.values import Value
from perfectplay.solve import solve

__all__ = ["report", "run"]


def run(argv: Sequence[str]) -> int:
    started = time.perf_counter()
    parser = ArgumentParser(prog="perfectplay solve", epilog=GAME_EPILOG,
                            description="Solve a game strongly from its start position.")
    add_game_argument(parser)
    add_start_argument(parser, "the position to solve from")
    parser.add_argument("--method", choices=methods("solve"),
                        default="auto",
                        help="memo (acyclic games), retrograde (any game, cycles give draws), "
                             "compiled (numba kernels, for games with compiled rules), tiers "
                             "(tier by tier into the database --db), auto "
                             "(default: compiled for large games with compiled rules, else memo, "
                             "retrograde on a cycle)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--all", action="store_true",
                        help="list every reachable position (with --json: positions_list)")
    parser.add_argument("--save", metavar="FILE", help="write the solution to FILE")
    parser.add_argument("--db", metavar="DIR",
                        help="with --method tiers: the tier database directory (made, or "
                             "resumed when it holds this game)")
    parser.add_argument("--whole-tier", action="store_true",
                        help="with --method tiers: solve every position of the start's tier "
                             "and all they reach, not only what the start reaches")
    parser.add_argument("--chunk-size", type=int, metavar="N",
                        help="with --method tiers: indices per chunk, the unit of resuming and "
                             "of parallel work (a new database's; default 1,048,576); a tier "
                             "of one chunk is solved in this process, also with --workers")
    cluster = parser.add_mutually_exclusive_group()
    cluster.add_argument("--workers", type=int, metavar="N",
                         help="with --method tiers: solve on a local Dask cluster of N worker "
                              "processes")
    cluster.add_argument("--scheduler", metavar="ADDRESS",
                         help="with --method tiers: solve on the running Dask cluster at "
                              "ADDRESS, whose workers see DIR")
    options, rest = parser.parse_known_args(argv)
    game = game_from_args(options.game, rest)
    start = None if options.start is None else parse_position_text(game, options.start)
    tiers = _tiers_options(options)

    with ProgressBar() as bar:
        solving = time.perf_counter()
        if tiers:
            from perfectplay.cli.db import TierProgressBar
            from perfectplay.tiers.solve import forecast

            said = forecast(game, start)  # a large solve says first what it will take
            if said is not None:
                print(f"note: {said}", file=sys.stderr, flush=True)

            with TierProgressBar() as tier_bar:
                solution: Any = solve(game, method="tiers", position=start, db=options.db,
                                      whole_tier=options.whole_tier, workers=options.workers,
                                      scheduler=options.scheduler,
                                      chunk_size=options.chunk_size, tier_progress=tier_bar)
        else:
            try:
                solution = solve(game, method=options.method, position=start, progress=bar)
            except EngineLimitError as exc:
                raise refused(game, exc, explore=False) from None
        counts = solution.counts()
        seconds = time.perf_counter() - solving - solution.compile_seconds
    suffix, kind = _file_format(solution)
    if options.save is not None and Path(options.save).suffix != suffix:
        target = Path(options.save)
        example = target.with_suffix(suffix) if target.name else f"solution{suffix}"
        raise UsageError(f"a {solution.method} solution is saved as {kind}: use a file name "
                         f"ending in {suffix}, such as {example} (--save {quote(options.save)})")
    # the whole report is built, and saved, before any of it is printed
    result = report(solution, counts=counts, seconds=seconds,
                    compile_seconds=solution.compile_seconds, every_position=options.all)
    if tiers:
        from perfectplay.cli.db import tier_rows

        result["tiers"] = tier_rows([solution.tier_manifests[t]
                                     for t in solution.manifest["order"]])
        result["tiers_reused"] = solution.tiers_reused
    line = [game.format_move(m) for m in solution.line()]
    if options.save is not None:
        solution.save(options.save)
    result["total_seconds"] = round(time.perf_counter() - started, 6)
    output = json.dumps(result) if options.json else _text(result, line, counts)
    if options.save is not None:
        print(f"saved: {options.save} ({len(solution):,} positions, {kind})", file=sys.stderr)
    print(output)
    return SUCCESS


def _tiers_options(options: Any) -> bool:
    """Whether the solve goes by tiers (``--method tiers``, or ``--db`` alone), its options
    checked."""
    tiers = options.method == "tiers" or (options.method == "auto" and options.db is not None)
    if tiers and options.db is None:
        raise UsageError("--method tiers needs --db DIR, the database directory")
    if not tiers and (options.db or options.workers or options.scheduler or options.whole_tier
                      or options.chunk_size is not None):
        raise UsageError("--db, --whole-tier, --workers, --scheduler and --chunk-size go with "
                         "--method tiers")
    if options.workers is not None and options.workers < 1:
        raise UsageError(f"--workers must be at least 1, got {options.workers}")
    if options.chunk_size is not None and options.chunk_size < 1:
        raise UsageError(f"--chunk-size must be at least 1, got {options.chunk_size}")
    if tiers and options.save is not None:
        raise UsageError("a tier solve is saved in its database directory (--db), not --save")
    return tiers


def report(solution: Solution, *, counts: Counts, seconds: float, every_position: bool,
           compile_seconds: float = 0.0) -> dict[str, Any]:
    """The JSON-ready summary of a solve (``total_seconds`` is the command's to add).

    ``seconds`` is the solve (tables, search and counting), ``compile_seconds`` the time the
    compiled engine spent importing numpy and numba and compiling or loading its kernels (0 on
    other paths); ``counts`` is ``solution.counts()``.
    """
    game = solution.game
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
        "seconds": round(max(seconds, 0.0), 6),
        "compile_seconds": round(compile_seconds, 6),
    }
    if every_position:
        result["positions_list"] = [
            {"position": game.format_position(p), "value": str(v), "remoteness": r}
            for p, v, r in solution.positions()]
    return result


def _file_format(solution: Solution) -> tuple[str, str]:
    """The suffix of a file :meth:`Solution.save` writes for this store, and its format."""
    from perfectplay.solve.dict_store import DictSolution

    if isinstance(solution, DictSolution):
        return ".gz", "gzip-compressed JSON"
    return ".npz", "a NumPy .npz archive"


def _text(result: dict[str, Any], line: list[str], counts: Counts) -> str:
    """The report as text: the summary, the analysis table, and with ``--all`` every
    position."""
    value = Value(result["value"])
    remoteness = "" if result["remoteness"] is None else f" in {result['remoteness']:,}"
    primitives = ", ".join(f"{n:,} {v}" for v, n in result["primitives"].items())
    kernels = (f", + {result['compile_seconds']:,.3f} s loading kernels"
               if result["compile_seconds"] else "")
    lines = [f"game:       {result['game']}",
             f"start:      {result['start']}",
             f"value:      {value}{remoteness} (for the player to move)",
             f"best move:  {result['best_move'] or '-'}",
             f"line:       {' '.join(line) or '-'}",
             f"positions:  {result['positions']:,}",
             f"primitive:  {primitives or 'none'}",
             f"solved in:  {result['seconds']:,.3f} s by {result['method']}{kernels} "
             f"({result['total_seconds']:,.3f} s in all)",
             "", counts.format_table()]
    if "tiers" in result:
        stored = sum(row["bytes"] for row in result["tiers"])
        lines[-2:-2] = [f"tiers:      {len(result['tiers']):,} ({len(result['tiers_reused']):,} "
                        f"found solved), {stored:,} bytes of codes on disk"]
    if "positions_list" in result:
        lines.append("")
        for entry in result["positions_list"]:
            r = "" if entry["remoteness"] is None else f" {entry['remoteness']:,}"
            lines.append(f"{entry['position']}  {entry['value']}{r}")
    return "\n".join(lines)
