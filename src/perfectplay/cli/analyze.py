"""``perfectplay analyze GAME --start POS``: the exact value and remoteness of one position and
of each of its moves, by search (:func:`perfectplay.analyze`), for games too large to solve;
``--batch FILE`` scores one position a line in one compiled call (an empty line is the start)."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Sequence
from typing import Any

from perfectplay.cli.gameargs import (
    GAME_EPILOG,
    add_book_argument,
    add_game_argument,
    add_start_argument,
    add_threads_argument,
    game_from_args,
    parse_position_text,
)
from perfectplay.cli.inputs import read_lines
from perfectplay.cli.progress import ProgressBar
from perfectplay.cli.status import SUCCESS, ArgumentParser, UsageError
from perfectplay.core.errors import quote
from perfectplay.core.game import Game
from perfectplay.core.limits import MAX_TABLE_ENTRIES, check_memory, check_threads, format_bytes

__all__ = ["parse_table_size", "run"]

_UNITS = {"": 0, "k": 10, "kib": 10, "m": 20, "mib": 20, "g": 30, "gib": 30}


def parse_table_size(text: str) -> int:
    """Entries of the transposition table from ``--table-size``: a number of entries, or a
    memory with a unit (``K``, ``M``, ``G``, also ``KiB``, ``MiB``, ``GiB``: 16 bytes an entry).

    >>> parse_table_size("1000000"), parse_table_size("128M")
    (1000000, 8388608)
    """
    from perfectplay.compiled.search import ENTRY_BYTES

    # [0-9], not \d: int() would read any script's digits ('４４')
    found = re.fullmatch(r"\s*([0-9]+)\s*([a-zA-Z]*)\s*", text)
    if found is None or found.group(2).lower() not in _UNITS:
        raise UsageError(f"--table-size takes a number of entries or a memory such as 256M, "
                         f"got {quote(text)}")
    digits, unit = found.group(1).lstrip("0") or "0", found.group(2).lower()
    # more digits than any size has: not read at all (int() refuses past 4,300 of them)
    number = int(digits) if len(digits) <= 20 else MAX_TABLE_ENTRIES << 64
    entries = number if not unit else (number << _UNITS[unit]) // ENTRY_BYTES
    if entries > MAX_TABLE_ENTRIES:
        raise UsageError(f"--table-size {quote(text.strip())} is past the "
                         f"{format_bytes(MAX_TABLE_ENTRIES * ENTRY_BYTES)} a table takes")
    return entries


def run(argv: Sequence[str]) -> int:
    parser = ArgumentParser(
        prog="perfectplay analyze", epilog=GAME_EPILOG,
        description="The exact value and remoteness of a position and of each of its moves, by "
                    "alpha-beta search with a transposition table (games with compiled rules, "
                    "acyclic), without solving the whole game.")
    add_game_argument(parser)
    add_start_argument(parser, "the position", default="'' is the start")
    parser.add_argument("--batch", metavar="FILE",
                        help="score every position of FILE (one a line, '-' for stdin; an "
                             "empty line is the start) in one compiled call: one line each, "
                             "POS VALUE REMOTENESS NODES")
    parser.add_argument("--weak", action="store_true",
                        help="win, tie or lose only, no remoteness (faster)")
    parser.add_argument("--json", action="store_true", help="JSON (with --batch, one a line)")
    parser.add_argument("--score", metavar="NAME",
                        help="a score the game offers instead of value and remoteness (Connect "
                             "Four: pons, the score of Pons's solver)")
    parser.add_argument("--table-size", metavar="SIZE", type=parse_table_size,
                        help="transposition table: entries, or a memory such as 256M "
                             "(default: up to 16M entries, 256M, at most 1/8 of the free memory)")
    add_threads_argument(parser)
    add_book_argument(parser)
    options, rest = parser.parse_known_args(argv)
    game = game_from_args(options.game, rest)
    if (options.start is None) == (options.batch is None):
        raise UsageError("give one of --start POS and --batch FILE")
    if options.score is not None:
        if options.score not in game.scores():
            offered = ", ".join(game.scores()) or "none"
            raise UsageError(f"--score {quote(options.score)}: {game} offers no such score "
                             f"(its scores: {offered})")
        if options.weak:
            raise UsageError(f"--score {options.score} needs the remoteness: drop --weak")
    from perfectplay.compiled.search import ENTRY_BYTES, TranspositionTable

    check_threads(options.threads)
    if options.table_size is not None:  # checked before the table takes the memory
        check_memory(options.table_size * ENTRY_BYTES,
                     f"a transposition table of {options.table_size:,} entries (--table-size)")
    table = TranspositionTable(options.table_size)
    book = None
    if options.book is not None:
        from perfectplay.tiers.book import open_book

        book = open_book(options.book, game)
    if options.batch is not None:
        return _batch(game, options, table, book)
    position = parse_position_text(game, options.start)
    from perfectplay.compiled.kernels import compiling_seconds
    from perfectplay.compiled.search import analyze

    started, compiling = time.perf_counter(), compiling_seconds()
    result = analyze(game, position, weak=options.weak, table=table, book=book,
                     threads=options.threads)
    loading = compiling_seconds() - compiling
    seconds = time.perf_counter() - started - loading
    report: dict[str, Any] = {
        "game": str(game), "position": game.format_position(position),
        "value": str(result.value), "remoteness": result.remoteness,
        "best_move": None if result.best_move is None else game.format_move(result.best_move),
        "moves": [m.to_json(game) for m in result.moves],
        "nodes": result.nodes, "seconds": round(seconds, 6),
        "compile_seconds": round(loading, 6), "table_entries": table.entries,
        "table_bytes": table.memory}
    if options.score is not None:
        report["score"] = game.score(options.score, position, result.value, result.remoteness)
        for entry, move in zip(report["moves"], result.moves, strict=True):
            entry["score"] = -game.score(options.score, move.position, move.value.negate(),
                                         move.remoteness)
    print(json.dumps(report) if options.json else _text(report))
    return SUCCESS


def _outcome(value: str, remoteness: int | None) -> str:
    return value if remoteness is None else f"{value} in {remoteness:,}"


def _text(report: dict[str, Any]) -> str:
    """The analysis as text: the position's value, then each move's."""
    scored = "score" in report
    value = (f"score {report['score']}" if scored
             else _outcome(report["value"], report["remoteness"]))
    width = max((len(m["move"]) for m in report["moves"]), default=1)
    lines = [f"game:       {report['game']}",
             f"position:   {report['position']}",
             f"value:      {value} (for the player to move)",
             f"best move:  {report['best_move'] or '-'}",
             "moves:" + ("      -" if not report["moves"] else "")]
    for move in report["moves"]:  # each with the moves to the end, itself included
        judged = (f"score {move['score']}" if scored
                  else _outcome(move["value"], move["moves_to_end"]))
        lines.append(f"  {move['move']:<{width}}  {judged}")
    kernels = (f" (+ {report['compile_seconds']:,.3f} s loading kernels)"
               if report["compile_seconds"] else "")
    lines.append(f"searched:   {report['nodes']:,} positions in {report['seconds']:,.3f} s"
                 f"{kernels}")
    lines.append(f"table:      {report['table_entries']:,} entries "
                 f"({format_bytes(report['table_bytes'])})")
    return "\n".join(lines)


def _batch(game: Game, options: Any, table: Any, book: Any) -> int:
    from perfectplay.compiled.search import search_positions

    where = "stdin" if options.batch == "-" else options.batch
    texts, positions = [], []
    for number, line in read_lines(options.batch):
        text = line.strip()  # empty: the start, as --start '' is
        texts.append(text)
        positions.append(parse_position_text(game, text, f"line {number} of {where}"))
    with ProgressBar() as bar:
        result = search_positions(game, positions, weak=options.weak, table=table, progress=bar,
                                  book=book, threads=options.threads)
    out = []
    for text, position, value, remoteness, nodes in zip(texts, positions, result.values,
                                                         result.remoteness, result.nodes,
                                                         strict=True):
        entry: dict[str, Any] = {"position": text}
        if options.score is not None:
            entry["score"] = game.score(options.score, position, value, remoteness)
        else:
            entry.update(value=str(value), remoteness=remoteness)
        entry["nodes"] = nodes
        if options.json:
            out.append(json.dumps(entry))
        else:
            fields = [str(v if v is not None else "-") for v in entry.values()]
            out.append(" ".join(fields))
    if out:
        print("\n".join(out))
    return SUCCESS
