"""Rows of positions written as a table for analysis elsewhere: CSV (the standard library) or
Parquet (pyarrow, the optional ``export`` extra), each file written atomically and streamed in
batches, so a database larger than memory exports in constant memory."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Iterator
from itertools import islice
from pathlib import Path
from typing import IO, Any

from perfectplay.core.solution import write_atomically

__all__ = ["COLUMNS", "write_csv", "write_parquet"]

COLUMNS = ("position", "value", "remoteness")
"""The columns: a position in its game's notation, its value for the player to move and its
remoteness (empty for a draw)."""

Row = tuple[str, str, int | None]

_BATCH = 1 << 16
"""Rows a Parquet row group and a CSV write hold."""


def _batches(rows: Iterable[Row]) -> Iterator[list[Row]]:
    it = iter(rows)
    while batch := list(islice(it, _BATCH)):
        yield batch


def write_csv(path: Path, rows: Iterable[Row]) -> int:
    """Write ``rows`` under a header of :data:`COLUMNS` as CSV; return how many.

    >>> import tempfile
    >>> out = Path(tempfile.mkdtemp()) / "t.csv"
    >>> write_csv(out, [("X..", "win", 1), ("XO.", "draw", None)])
    2
    >>> print(out.read_text().strip())
    position,value,remoteness
    X..,win,1
    XO.,draw,
    """
    count = 0

    def write(f: IO[bytes]) -> None:
        nonlocal count
        text = io.TextIOWrapper(f, encoding="utf-8", newline="")
        table = csv.writer(text, lineterminator="\n")
        table.writerow(COLUMNS)
        for batch in _batches(rows):
            table.writerows(batch)
            count += len(batch)
        text.flush()
        text.detach()  # the file is flushed and closed by write_atomically

    write_atomically(path, write)
    return count


def write_parquet(path: Path, rows: Iterable[Row]) -> int:
    """Write ``rows`` as a Parquet table of :data:`COLUMNS` (string, string, nullable int64),
    a row group per batch; return how many.

    >>> import tempfile, pyarrow.parquet as pq
    >>> out = Path(tempfile.mkdtemp()) / "t.parquet"
    >>> write_parquet(out, [("X..", "win", 1), ("XO.", "draw", None)])
    2
    >>> pq.read_table(out).to_pylist()[1]
    {'position': 'XO.', 'value': 'draw', 'remoteness': None}
    """
    import pyarrow as pa
    import pyarrow.parquet as pq

    schema = pa.schema([("position", pa.string()), ("value", pa.string()),
                        ("remoteness", pa.int64())])
    count = 0

    def write(f: IO[bytes]) -> None:
        nonlocal count
        with pq.ParquetWriter(f, schema) as writer:
            for batch in _batches(rows):
                columns: list[Any] = [list(column) for column in zip(*batch, strict=True)]
                writer.write_table(pa.Table.from_arrays(columns, schema=schema))
                count += len(batch)

    write_atomically(path, write)
    return count
