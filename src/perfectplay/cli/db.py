"""``perfectplay db``: a tier database's summary, checksums and positions, read from its files
(``info``, ``verify``, ``query``, ``export``); and the per-tier progress bar of ``solve
--method tiers``."""

from __future__ import annotations

import json
import os
import stat
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from perfectplay.cli.gameargs import stored_game_from_args
from perfectplay.cli.status import SUCCESS, ArgumentParser, UsageError

if TYPE_CHECKING:
    from perfectplay.tiers.solution import GameOrClass

__all__ = ["TierProgressBar", "run", "tier_rows"]

_COMMANDS = {"info": "the summary of a tier database, from its files",
             "verify": "recompute every checksum: exit 0, or 3 naming the first bad file",
             "query": "value, remoteness and every move's value of a position",
             "export": "every position with its value and remoteness, as CSV or Parquet"}


def run(argv: Sequence[str]) -> int:
    parser = ArgumentParser(prog="perfectplay db",
                            description="Read a tier database made by 'perfectplay solve GAME "
                                        "--method tiers --db DIR'.")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True,
                                     parser_class=ArgumentParser)
    for name, summary in _COMMANDS.items():
        command = commands.add_parser(name, help=summary, description=summary)
        command.add_argument("directory", metavar="DIR", help="the database directory")
        if name == "query":
            command.add_argument("position", metavar="POSITION", nargs="?",
                                 help="a position as the game writes it (default: the start)")
        if name == "export":
            command.add_argument("--format", choices=("csv", "parquet"), default="csv",
                                 help="csv (default) or parquet (needs pyarrow: pip install "
                                      "'perfectplay[export]')")
            command.add_argument("--out", metavar="FILE", required=True,
                                 help="the file to write (made; an existing one is refused)")
        elif name != "verify":
            command.add_argument("--json", action="store_true", help="print one JSON object")
        if name == "info":
            command.add_argument("--classes", metavar="TIER", type=int,
                                 help="the positions of tier TIER by the classes the game names "
                                      "(Quixo: by X and O cubes and the player to move)")
        command.add_argument("--game", metavar="GAME",
                             help="the game solved, needed for a game of your own: "
                                  "path/to/file.py:Class (its options are read from the "
                                  "database; '--arg k=v' to check them)")
    options, rest = parser.parse_known_args(argv)
    game = None
    if options.game is not None:
        game = stored_game_from_args(options.game, rest)
    elif rest:
        raise UsageError(f"unrecognized arguments: {' '.join(rest)[:100]} (see 'perfectplay db "
                         f"{options.command} --help')")
    directory = Path(options.directory)
    if not os.path.lexists(directory / "manifest.json"):
        raise UsageError(f"not a tier database: no manifest.json in {directory} "
                         f"(perfectplay db {options.command})")
    if options.command == "info" and options.classes is not None:
        return _classes(directory, game, options.classes, as_json=options.json)
    if options.command == "info":
        return _info(directory, game, as_json=options.json)
    if options.command == "verify":
        return _verify(directory, game)
    if options.command == "export":
        return _export(directory, game, options.format, Path(options.out))
    return _query(directory, game, options.position, as_json=options.json)


def tier_rows(documents: Sequence[dict[str, Any]]) -> list[dict[str, int]]:
    """The ``tiers`` entries of a report: per tier manifest, in the order given, the reached
    positions by value for the player to move, the classes of symmetric positions stored for
    them and the bytes its codes take on disk."""
    return [{"tier": d["tier"], "positions": d["positions"],
             **{value: d["counts"][value] for value in ("win", "lose", "tie", "draw")},
             "stored": d["classes"], "bytes": sum(d["blocks"]) or d["bytes"]}
            for d in documents]


def _info(directory: Path, game: GameOrClass, *, as_json: bool) -> int:
    from perfectplay.tiers.solution import read_manifests

    game, manifest, tiers = read_manifests(directory, game)
    order = manifest["order"] or []  # null while the forward pass ranks the tiers
    solved = [tiers[t] for t in order if t in tiers]
    rows = tier_rows(solved)
    complete = manifest["order"] is not None and len(solved) == len(order)
    result: dict[str, Any] = {"game": manifest["game"], "start": manifest["start"],
                              "whole_tier": manifest["whole_tier"], "complete": complete,
                              "tiers_solved": len(solved), "tier_count": len(order)}
    if complete:
        from perfectplay.tiers.solution import open_database

        solution = open_database(directory, game)
        result.update(value=str(solution.value()), remoteness=solution.remoteness())
    positions = sum(r["positions"] for r in rows)
    on_disk = sum(f.lstat().st_size for f in directory.iterdir()
                  if stat.S_ISREG(f.lstat().st_mode))
    codecs = sorted({d["codec"] for d in solved})
    result.update(positions=positions, stored=sum(r["stored"] for r in rows),
                  symmetries=manifest["symmetries"], codec="+".join(codecs) or None,
                  bytes=on_disk, bytes_per_position=round(on_disk / max(positions, 1), 4),
                  tiers=rows)
    if as_json:
        print(json.dumps(result))
        return SUCCESS
    state = "complete" if complete else f"{len(solved)} of {len(order)} tiers solved"
    whole = f" and every position of its tier {manifest['start_tier']}" if result["whole_tier"] \
        else ""
    lines = [f"game:       {result['game']}", f"start:      {result['start']}{whole}"]
    if complete:
        remoteness = "" if result["remoteness"] is None else f" in {result['remoteness']:,}"
        lines.append(f"value:      {result['value']}{remoteness} (for the player to move)")
    folded = ("" if manifest["symmetries"] == 1 else
              f" ({result['stored']:,} stored: {manifest['symmetries']} symmetries folded)")
    lines += [f"positions:  {result['positions']:,}{folded}",
              f"database:   {state}, {result['bytes']:,} bytes on disk "
              f"({result['bytes_per_position']:.3f} a position, codes {result['codec']})",
              "", _tier_table(rows)]
    print("\n".join(lines))
    return SUCCESS


def _classes(directory: Path, game: GameOrClass, tier: int, *, as_json: bool) -> int:
    from perfectplay.core.values import Value
    from perfectplay.tiers.solution import open_database

    solution = open_database(directory, game)  # each block is checked as it is read
    try:
        found = solution.counts_by_class(tier)
    except ValueError as exc:
        raise UsageError(f"{exc} (perfectplay db info --classes)") from None
    rows = [{"class": label, "positions": sum(counts.values()),
             **{str(value): counts.get(value, 0) for value in Value}}
            for label, counts in found.items()]
    if as_json:
        print(json.dumps({"game": solution.manifest["game"], "tier": tier, "classes": rows}))
        return SUCCESS
    print(f"game:       {solution.manifest['game']}\ntier:       {tier}, by class\n\n"
          + _tier_table(rows, ["class", "positions", "win", "lose", "tie", "draw"]))
    return SUCCESS


def _tier_table(rows: Sequence[dict[str, Any]], names: Sequence[str] = (
        "tier", "positions", "win", "lose", "tie", "draw", "stored", "bytes")) -> str:
    """Counts as a table, a row each (``names``: the columns; by default the per-tier
    counts, in solving order)."""
    cells = [[row[name] if isinstance(row[name], str) else f"{row[name]:,}" for name in names]
             for row in rows]
    widths = [max(len(name), *(len(c[k]) for c in cells)) if cells else len(name)
              for k, name in enumerate(names)]
    # text to the left, numbers to the right
    texts = [bool(rows) and isinstance(rows[0][name], str) for name in names]

    def line(cells: Sequence[str]) -> str:
        return "  ".join(c.ljust(w) if text else c.rjust(w)
                         for c, w, text in zip(cells, widths, texts, strict=True)).rstrip()

    return "\n".join([line(names), *(line(row) for row in cells)])


def _verify(directory: Path, game: GameOrClass) -> int:
    from perfectplay.tiers.solution import verify_database

    verify_database(directory, game)  # a damaged file: DamagedDataError, exit status 3
    print(f"ok: {directory}")
    return SUCCESS


def _export(directory: Path, game: GameOrClass, form: str, out: Path) -> int:
    """Write every position of the database with its value and remoteness (empty: a draw)."""
    from perfectplay.tiers.solution import open_database

    if form == "parquet":
        try:
            import pyarrow  # noqa: F401
        except ImportError:
            raise UsageError("--format parquet needs pyarrow: pip install 'perfectplay[export]' "
                             "(perfectplay db export)") from None
    if os.path.lexists(out):
        raise UsageError(f"{out}: exists; refused, nothing overwritten (perfectplay db export)")
    solution = open_database(directory, game)
    rows = ((solution.game.format_position(p), str(value), remoteness)
            for p, value, remoteness in solution.positions())
    from perfectplay.cli.export import write_csv, write_parquet

    count = (write_parquet if form == "parquet" else write_csv)(out, rows)
    print(f"{count:,} positions written to {out} ({form})")
    return SUCCESS


def _query(directory: Path, game: GameOrClass, text: str | None, *, as_json: bool) -> int:
    from perfectplay.tiers.solution import open_database

    solution = open_database(directory, game)  # each block is checked as it is read
    game = solution.game
    try:
        position = solution.start if text is None else game.parse_position(text)
    except ValueError as exc:
        raise UsageError(f"bad POSITION for {game}: {exc} (perfectplay db query)") from None
    if position not in solution:
        raise UsageError(f"position {game.format_position(position)!r} is not reachable from "
                         f"the start {solution.manifest['start']!r} (perfectplay db query)")
    value, remoteness = solution.value(position), solution.remoteness(position)
    moves = solution.moves(position)
    if as_json:
        print(json.dumps({"position": game.format_position(position), "value": str(value),
                          "remoteness": remoteness,
                          "moves": [m.to_json(game) for m in moves]}))
        return SUCCESS
    after = "" if remoteness is None else f" in {remoteness:,}"
    lines = [f"position:   {game.format_position(position)}",
             f"value:      {value}{after} (for the player to move)"]
    if moves:
        width = max(len(game.format_move(m.move)) for m in moves)
        lines.append("moves:")  # each with the moves to the end, itself included
        for m in moves:
            left = "" if m.moves_to_end is None else f" in {m.moves_to_end:,}"
            lines.append(f"  {game.format_move(m.move):<{width}}  {m.value}{left}")
    print("\n".join(lines))
    return SUCCESS


class TierProgressBar:
    """The ``progress`` callback of :func:`perfectplay.tiers.solve_tiers` on the terminal: one
    bar per tier (the pass, tier k of n, indices per second, time left), shown once the solve
    has run for ``delay`` seconds, and only on a terminal unless ``force``."""

    def __init__(self, *, delay: float = 1.0, force: bool = False, console: Any = None) -> None:
        self.delay = delay
        self._started = time.perf_counter()
        self._enabled = force or sys.stderr.isatty()
        self._console = console
        self._progress: Any = None
        self._task: Any = None
        self._current: tuple[str, int] | None = None

    def __call__(self, event: Any) -> None:
        if not self._enabled:
            return
        if self._progress is None:
            if time.perf_counter() - self._started < self.delay:
                return
            from rich.console import Console
            from rich.progress import (
                BarColumn,
                Progress,
                TaskProgressColumn,
                TextColumn,
                TimeRemainingColumn,
            )

            self._progress = Progress(TextColumn("{task.description}"), BarColumn(),
                                      TaskProgressColumn(),
                                      TextColumn("{task.fields[rate]}"), TimeRemainingColumn(),
                                      console=self._console or Console(stderr=True),
                                      transient=True)
            self._progress.start()
        key = (event.stage, event.tier)
        if key != self._current:
            if self._task is not None:
                self._progress.remove_task(self._task)
            stage = "marking" if event.stage == "forward" else "solving"
            self._task = self._progress.add_task(
                f"{stage} tier {event.tier} ({event.step} of {event.steps})",
                total=max(event.total, 1), rate="")
            self._current = key
            self._since = time.perf_counter()
        elapsed = max(time.perf_counter() - self._since, 1e-9)
        self._progress.update(self._task, completed=event.done,
                              rate=f"{event.done / elapsed:,.0f} indices/s")

    def close(self) -> None:
        """Remove the bar (if it was shown)."""
        if self._progress is not None:
            self._progress.stop()
            self._progress = None

    def __enter__(self) -> TierProgressBar:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
