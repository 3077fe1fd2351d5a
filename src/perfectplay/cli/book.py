"""``perfectplay book GAME --depth D --out FILE``: build an opening book, the exact value and
remoteness of every position within D moves of the start, by search
(:func:`perfectplay.tiers.book.build_book`); ``analyze``, ``play`` and ``serve`` read it with
``--book FILE``. ``--verify FILE`` reads every block of a book."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Sequence
from typing import Any

from perfectplay.cli.analyze import parse_table_size
from perfectplay.cli.gameargs import (
    GAME_EPILOG,
    add_game_argument,
    add_start_argument,
    add_threads_argument,
    game_from_args,
    parse_position_text,
)
from perfectplay.cli.progress import ProgressBar
from perfectplay.cli.status import SUCCESS, ArgumentParser, UsageError
from perfectplay.core.limits import format_bytes

__all__ = ["run"]


def run(argv: Sequence[str]) -> int:
    parser = ArgumentParser(
        prog="perfectplay book", epilog=GAME_EPILOG,
        description="Build an opening book: the exact value and remoteness of every position "
                    "within --depth moves of the start (mirror images once), by search, into "
                    "one file that 'analyze', 'play' and 'serve' read with --book. A build "
                    "killed resumes from FILE.partial.")
    add_game_argument(parser)
    add_start_argument(parser, "where the book starts")
    parser.add_argument("--depth", type=int, metavar="D",
                        help="moves from the start the book covers (0: the start alone)")
    parser.add_argument("--out", metavar="FILE", help="the book file to write")
    parser.add_argument("--verify", metavar="FILE",
                        help="instead of building: read and check every block of this book")
    parser.add_argument("--workers", type=int, metavar="N",
                        help="search on a local Dask cluster of N worker processes "
                             "(pip install 'perfectplay[dask]')")
    parser.add_argument("--table-size", metavar="SIZE", type=parse_table_size,
                        help="transposition table of the search (each worker's): entries, or "
                             "a memory such as 256M")
    parser.add_argument("--chunk-size", type=int, metavar="N", default=None,
                        help="positions searched per chunk, the unit of resuming and of Dask "
                             "tasks (default 64)")
    add_threads_argument(parser)
    parser.add_argument("--json", action="store_true", help="the summary as JSON")
    options, rest = parser.parse_known_args(argv)
    game = game_from_args(options.game, rest)
    from perfectplay.tiers.book import CHUNK, build_book, open_book

    if options.verify is not None:
        if options.out is not None or options.depth is not None:
            raise UsageError("--verify reads a book: not with --out or --depth")
        book = open_book(options.verify, game)
        book.verify()
        return _report(book, options.json, None)
    if options.out is None or options.depth is None:
        raise UsageError("give --depth D and --out FILE (or --verify FILE)")
    if options.depth < 0:
        raise UsageError(f"--depth is 0 or more, got {options.depth}")
    if options.chunk_size is not None and options.chunk_size < 1:
        raise UsageError(f"--chunk-size is 1 or more, got {options.chunk_size}")
    if options.workers is not None and options.workers < 1:
        raise UsageError(f"--workers is 1 or more, got {options.workers}")
    if options.workers is not None and options.threads > 1:
        raise UsageError("--threads is for a search in this process: not with --workers (each "
                         "worker searches with one thread)")
    start = None if options.start is None else parse_position_text(game, options.start)
    started = time.perf_counter()
    searched = {}

    with ProgressBar("positions searched") as bar:
        def progress(event: Any) -> None:
            searched[event.level] = event.searched
            bar(sum(searched.values()))

        book = build_book(game, options.out, options.depth, position=start,
                          workers=options.workers, table_entries=options.table_size,
                          chunk_size=options.chunk_size or CHUNK, progress=progress,
                          threads=options.threads)
    return _report(book, options.json, {"searched": sum(searched.values()),
                                        "seconds": round(time.perf_counter() - started, 3)})


def _report(book: Any, as_json: bool, built: dict[str, Any] | None) -> int:
    value, remoteness = book.probe(book.start)
    start = book.game.format_position(book.start)
    report = {"book": str(book.path), "start": start, "depth": book.depth,
              "positions": len(book), "bytes": os.path.getsize(book.path),
              "value": str(value), "remoteness": remoteness, **(built or {"verified": True})}
    if as_json:
        print(json.dumps(report))
        return SUCCESS
    lines = [f"book:       {report['book']}",
             f"start:      {start or repr(start)}",
             f"value:      {value}{'' if remoteness is None else f' in {remoteness:,}'} "
             "(for the player to move)",
             f"positions:  {len(book):,} within {book.depth} moves (one per table key)",
             f"on disk:    {format_bytes(report['bytes'])}"]
    if built is not None:
        lines.append(f"searched:   {built['searched']:,} positions, "
                     f"{built['seconds']:,.1f} s in all")
    else:
        lines.append("verified:   every block")
    print("\n".join(lines))
    return SUCCESS
