"""Opening books: the exact value and remoteness of every position within ``depth`` moves of a
start, found by search once and then read in microseconds (``perfectplay book``).

Building (:func:`build_book`) lists the positions level by level from the start, one per table
key (:func:`~perfectplay.compiled.search.table_keys`: mirror images once), then values them from
the deepest level up: a position whose children are all valued takes the best of them, the
others (every position of the deepest level) are searched, in chunks of :data:`CHUNK`
positions. Each chunk searched is written to ``FILE.partial/`` at once, so a build that is
killed resumes where it stopped, to the same bytes; with ``workers`` the chunks are tasks on a
local Dask cluster.

The file, written atomically::

    perfectplay-book\\n                 magic
    8 bytes, little-endian              length of the header
    header                              JSON: format, version, game, params, start, depth,
                                        entries, and each block's first key, length, SHA-256
    blocks                              each a Zstandard frame of up to BLOCK keys (int64)
                                        then their codes (uint16), sorted by key

A code is ``1 + (remoteness << 2 | value)`` (:class:`~perfectplay.core.values.ValueCode`), as
in tier files. The header carries its own checksum; a block's SHA-256 covers its number and its
bytes, and is checked the first time the block is read. Opening reads the header only; a probe
reads one block (:class:`OpeningBook`).
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import shutil
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from perfectplay.compiled.rules import rules_of
from perfectplay.compiled.search import TranspositionTable, search_positions, table_keys
from perfectplay.core.catalogue import catalogue_name
from perfectplay.core.codes import decode, encode, parent_code
from perfectplay.core.errors import DamagedDataError, SolutionFileError
from perfectplay.core.game import Game, Position
from perfectplay.core.limits import check_memory, check_threads
from perfectplay.core.solution import check_game, checksum, game_identity, read_position
from perfectplay.core.values import Value
from perfectplay.tiers.storage import (
    compress_block,
    decode_stored,
    decompress_block,
    encode_stored,
    open_regular,
    parse_document,
    read_regular,
    write_file,
)

__all__ = [
    "BLOCK",
    "BOOK_FORMAT",
    "BOOK_VERSION",
    "CHUNK",
    "BookProgress",
    "OpeningBook",
    "build_book",
    "open_book",
]

BOOK_FORMAT = "perfectplay-book"
BOOK_VERSION = 2
"""Version 2 names the rules' parameters by :meth:`~perfectplay.compiled.rules.CompiledRules.
params_digest` (their dtype and shape too); a book of version 1 is refused (build it again)."""
MAGIC = b"perfectplay-book\n"
BLOCK = 1 << 12
"""Entries per block: one probe decompresses 40 KiB at most."""
CHUNK = 64
"""Positions searched per chunk: the unit of resuming and of Dask tasks."""
MAX_HEADER = 1 << 26
"""Most bytes of a header (some 600,000 blocks): a larger one is damaged."""
LISTED_BYTES = 200
"""Bytes a position takes while the levels are listed (its integer, key and child pair in
Python's lists and sets), counted before a level is listed."""
KEPT_BLOCKS = 64
"""Blocks a :class:`OpeningBook` keeps decompressed (the least recently read dropped first)."""


@dataclass(frozen=True)
class BookProgress:
    """Where a build is: given to the ``progress`` callback after each chunk."""

    level: int
    """The level being valued, from ``depth`` down to 0."""

    searched: int
    """Positions of it searched so far."""

    to_search: int
    """Positions of it its children do not value."""

    chunks_reused: int
    """Chunks of it found done by an earlier run."""


class OpeningBook:
    """An opening book on disk, read a block at a time.

    Opened by :func:`open_book` (or returned by :func:`build_book`). ``depth``, ``start`` and
    ``len()`` say what it holds; :meth:`probe` answers one position.
    """

    def __init__(self, path: Path, header: dict[str, Any], offset: int, game: Game[Any],
                 rules: Any) -> None:
        self.path = path
        self.game = game
        self.depth: int = header["depth"]
        self.start = read_position(path, game, header["start"])
        self._entries: int = header["entries"]
        self._rules = rules
        blocks = header["blocks"]
        self._first = np.array([b[0] for b in blocks], dtype=np.int64)
        self._lengths = [b[1] for b in blocks]
        self._digests = [b[2] for b in blocks]
        self._offsets = np.concatenate([[offset], offset + np.cumsum(self._lengths)]).tolist()
        self._counts = [min(BLOCK, self._entries - k * BLOCK) for k in range(len(blocks))]
        self._cache: OrderedDict[int, tuple[Any, Any]] = OrderedDict()

    def __len__(self) -> int:
        return self._entries

    def __repr__(self) -> str:
        return f"<OpeningBook {self.path}: {self._entries:,} positions within {self.depth} moves>"

    def probe(self, position: Position) -> tuple[Value, int | None] | None:
        """The value and remoteness of ``position`` when the book holds it (its key), else
        None."""
        found = self.probe_keys(table_keys(self._rules, [self._rules.index(position)]))
        return found[0]

    def probe_keys(self, keys: Any) -> list[tuple[Value, int | None] | None]:
        """:meth:`probe` for table keys."""
        answers: list[tuple[Value, int | None] | None] = []
        for key in np.asarray(keys, dtype=np.int64).tolist():
            k = int(np.searchsorted(self._first, key, side="right")) - 1
            if k < 0:
                answers.append(None)
                continue
            held, codes = self._block(k)
            i = int(np.searchsorted(held, key))
            answers.append(decode_stored(int(codes[i]))
                           if i < len(held) and held[i] == key else None)
        return answers

    def _block(self, k: int) -> tuple[Any, Any]:
        known = self._cache.get(k)
        if known is not None:
            self._cache.move_to_end(k)
            return known
        found = _read_block(self.path, k, self._offsets[k], self._lengths[k], self._digests[k],
                            self._counts[k])
        self._cache[k] = found
        if len(self._cache) > KEPT_BLOCKS:
            self._cache.popitem(last=False)
        return found

    def verify(self) -> None:
        """Read and check every block (and that its keys rise).

        Raises
        ------
        DamagedDataError
            When one is damaged.
        """
        last = None
        for k in range(len(self._lengths)):
            keys, _ = _read_block(self.path, k, self._offsets[k], self._lengths[k],
                                  self._digests[k], self._counts[k])
            if keys[0] != self._first[k] or (last is not None and keys[0] <= last) or \
                    np.any(np.diff(keys) <= 0):
                raise DamagedDataError(f"{self.path}: damaged (block {k} out of order)")
            last = keys[-1]


def _read_block(path: Path, k: int, offset: int, length: int, digest: str,
                count: int) -> tuple[Any, Any]:
    """Block ``k``'s keys and codes, checked against its digest."""
    descriptor = open_regular(path)
    try:
        block = os.pread(descriptor, length, offset)
    except OSError as exc:
        raise DamagedDataError(f"{path}: cannot read ({exc.strerror})") from None
    finally:
        os.close(descriptor)
    data = decompress_block(block, 10 * count) if len(block) == length else None
    if data is None or _digest(k, data) != digest:
        raise DamagedDataError(f"{path}: damaged (block {k} fails its checksum)")
    keys = np.frombuffer(data, dtype="<i8", count=count)
    codes = np.frombuffer(data, dtype="<u2", offset=8 * count, count=count)
    return keys, codes


def _digest(k: int, data: bytes) -> str:
    digest = hashlib.sha256(f"{k}:".encode())
    digest.update(data)
    return digest.hexdigest()


def _header_of(game: Game[Any], rules: Any, start: Position, depth: int) -> dict[str, Any]:
    """What a book records of its game and start, compared on every open and resume."""
    return {"format": BOOK_FORMAT, "version": BOOK_VERSION, "game": game_identity(game),
            "catalogue": catalogue_name(game), "params": rules.params_digest(),
            "start": game.format_position(start), "depth": depth}


def open_book(path: str | os.PathLike[str], game: Game[Any]) -> OpeningBook:
    """The opening book at ``path``, for ``game``: its header read and checked, no block yet.

    Raises
    ------
    SolutionFileError
        When it is not a book of this game (:class:`DamagedDataError` when damaged).

    Examples
    --------
    >>> import tempfile, os
    >>> from perfectplay.games.tictactoe import TicTacToe
    >>> path = os.path.join(tempfile.mkdtemp(), "ttt.book")
    >>> _ = build_book(TicTacToe(), path, depth=2)
    >>> book = open_book(path, TicTacToe())
    >>> len(book), book.probe(TicTacToe().start())
    (82, (Value.TIE, 9))
    """
    path = Path(path)
    descriptor = open_regular(path)
    try:
        head = os.pread(descriptor, len(MAGIC) + 8, 0)
        if head[:len(MAGIC)] != MAGIC:
            raise SolutionFileError(f"{path}: not an opening book")
        size = int.from_bytes(head[len(MAGIC):], "little")
        if len(head) != len(MAGIC) + 8 or size > MAX_HEADER:
            raise DamagedDataError(f"{path}: damaged (header)")
        text = os.pread(descriptor, size, len(MAGIC) + 8)
        end = os.fstat(descriptor).st_size
    finally:
        os.close(descriptor)
    header = parse_document(path, text, BOOK_FORMAT, BOOK_VERSION, "build the book again")
    check_game(path, header["game"], game)
    rules = rules_of(game)
    if header["params"] != rules.params_digest():
        raise SolutionFileError(f"{path}: a book of {game} with other parameters")
    offset = len(MAGIC) + 8 + size
    if offset + sum(b[1] for b in header["blocks"]) != end:
        raise DamagedDataError(f"{path}: damaged (its blocks and its length differ)")
    return OpeningBook(path, header, offset, game, rules)


def build_book(game: Game[Any], path: str | os.PathLike[str], depth: int, *,
               position: Position | None = None, workers: int | None = None,
               table_entries: int | None = None, chunk_size: int = CHUNK,
               progress: Callable[[BookProgress], None] | None = None,
               threads: int = 1) -> OpeningBook:
    """Build the opening book of ``game``: every position within ``depth`` moves of ``position``
    (default the start), each with its exact value and remoteness.

    Parameters
    ----------
    game : Game
        A game with compiled rules, acyclic (as the search needs).
    path : path
        The book file, written atomically at the end; ``PATH.partial/`` holds the chunks
        searched until then (a build killed resumes from them; removed at the end).
    depth : int
        Moves from the start (0: the start alone).
    position : Position, optional
    workers : int, optional
        Search chunks on a local Dask cluster of this many processes (one table each).
    table_entries : int, optional
        Entries of the transposition table (of each worker's).
    chunk_size : int
        Positions searched per chunk (the unit of resuming and of Dask tasks); the book's
        bytes do not depend on it.
    progress : callable, optional
        Called with a :class:`BookProgress` after each chunk.
    threads : int
        Threads of each search in this process (not with ``workers``), sharing its table and
        the chunk's positions (:func:`~perfectplay.compiled.search.search_positions`).

    Returns
    -------
    OpeningBook

    Raises
    ------
    SolutionFileError
        When ``PATH.partial`` holds the build of another book.
    ValueError
        When ``depth`` is negative, or ``threads`` above 1 are asked with ``workers``.
    EngineLimitError
        When ``threads`` is more than the cores.
    """
    check_threads(threads)
    if workers is not None and threads > 1:
        raise ValueError("threads are those of a search in this process: with workers, each "
                         "worker searches with one")
    if depth < 0:
        raise ValueError(f"depth must be 0 or more, got {depth}")
    if chunk_size < 1:
        raise ValueError(f"chunk_size must be positive, got {chunk_size}")
    start = game.start() if position is None else position
    rules = rules_of(game)
    header = _header_of(game, rules, start, depth)
    partial = Path(f"{os.fspath(path)}.partial")
    build = checksum(header)
    with _claimed(partial, header, build):
        search = _Search(game, partial, build, workers, table_entries, chunk_size, progress,
                         threads)
        keys, values = _value_levels(rules, _levels(rules, rules.index(start), depth), search)
        _write(Path(path), header, keys, values)
        shutil.rmtree(partial)
    return open_book(path, game)


@contextmanager
def _claimed(partial: Path, header: dict[str, Any], build: str) -> Iterator[None]:
    """Hold ``partial`` for this build (made when missing): locked (``flock``), so that a second
    build of the same file is refused rather than racing this one, and checked to be this
    build's."""
    if os.path.lexists(partial) and (partial.is_symlink() or not partial.is_dir()):
        raise SolutionFileError(f"{partial} is not a directory of a book's build; refused")
    partial.mkdir(exist_ok=True)
    descriptor = os.open(partial, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC)
    try:
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise SolutionFileError(f"{partial}: another build of this book is running; "
                                    "refused") from None
        if not os.path.samestat(os.fstat(descriptor), os.lstat(partial)):  # it just ended
            raise SolutionFileError(f"{partial}: another build of this book just ended; run "
                                    "again")
        marker = partial / "build.json"
        mine = {**header, "build": build}
        if not marker.exists():
            write_file(marker, json.dumps(mine).encode())
        try:
            found = json.loads(read_regular(marker, MAX_HEADER))
        except (DamagedDataError, ValueError):
            found = None
        if found != mine:
            raise SolutionFileError(f"{partial} holds the build of another book (or is "
                                    "damaged): remove it to build this one")
        yield
    finally:
        os.close(descriptor)


def _levels(rules: Any, root: int, depth: int) -> list[Any]:
    """The positions ``0 .. depth`` moves from ``root``, one per table key, each at the
    first level it is met (int64 arrays, each sorted by key)."""
    levels = [np.array([root], dtype=np.int64)]
    seen = set(table_keys(rules, levels[0]).tolist())
    for d in range(depth):
        most = len(levels[-1]) * rules.max_moves
        check_memory(most * LISTED_BYTES, f"level {d + 1} of the book: up to {most:,} positions "
                                          f"({len(levels[-1]):,} at level {d}, "
                                          f"{rules.max_moves} moves each)")
        children = [c for p in levels[-1].tolist() if rules.primitive_value(p) is None
                    for _, c in rules.children(p)]
        keys = table_keys(rules, children)
        _, first = np.unique(keys, return_index=True)  # sorted by key
        new = [i for i in first.tolist() if int(keys[i]) not in seen]
        seen.update(int(keys[i]) for i in new)
        levels.append(np.array([children[i] for i in new], dtype=np.int64))
    return levels


def _value_levels(rules: Any, levels: list[Any], search: _Search) -> tuple[Any, Any]:
    """Every listed position's key and stored code, from the deepest level up."""
    known: dict[int, int] = {}  # key: code (perfectplay.core.codes)
    for level in range(len(levels) - 1, -1, -1):
        positions = levels[level].tolist()
        keys = table_keys(rules, positions).tolist()
        wanted, wanted_keys = [], []
        for p, k in zip(positions, keys, strict=True):
            code = _from_children(rules, p, known)
            if code is None:
                wanted.append(p)
                wanted_keys.append(k)
            else:
                known[k] = code
        known.update(zip(wanted_keys, search.level(level, wanted), strict=True))
    ordered = sorted(known)
    return np.array(ordered, dtype=np.int64), [known[k] for k in ordered]


def _from_children(rules: Any, p: int, known: dict[int, int]) -> int | None:
    """The code of ``p`` from its children's, when each is valued (or it has ended)."""
    ended = rules.primitive_value(p)
    if ended is not None:
        return encode(ended, 0)
    children = [c for _, c in rules.children(p)]
    if not children:
        return encode(Value.LOSE, 0)
    codes = []
    for c, k in zip(children, table_keys(rules, children).tolist(), strict=True):
        finished = rules.primitive_value(c)
        code = encode(finished, 0) if finished is not None else known.get(k)
        if code is None:
            return None
        codes.append(code)
    return parent_code(min(codes))


class _Search:
    """Searches the positions of a level that their children do not value, a chunk at a time,
    each chunk kept in ``partial`` (and read back from there when an earlier run did it)."""

    def __init__(self, game: Game[Any], partial: Path, build: str, workers: int | None,
                 table_entries: int | None, chunk_size: int,
                 progress: Callable[[BookProgress], None] | None, threads: int) -> None:
        self.game, self.partial, self.build = game, partial, build
        self.threads = threads
        self.workers, self.table_entries, self.chunk_size = workers, table_entries, chunk_size
        self.progress = progress
        self.table: Any = None  # this process's, made at the first search

    def level(self, level: int, wanted: list[int]) -> list[int]:
        """The codes of ``wanted``, positions of ``level``."""
        size = self.chunk_size
        chunks = [wanted[i:i + size] for i in range(0, len(wanted), size)]
        found: dict[int, list[int]] = {}
        for k, chunk in enumerate(chunks):
            codes = _read_chunk(self.partial, self.build, level, k, chunk)
            if codes is not None:
                found[k] = codes
        reused = len(found)

        def done(result: tuple[int, list[int]]) -> None:
            found[result[0]] = result[1]
            if self.progress is not None:
                self.progress(BookProgress(level, sum(map(len, found.values())), len(wanted),
                                           reused))

        if self.progress is not None:
            self.progress(BookProgress(level, sum(map(len, found.values())), len(wanted), reused))
        tasks = [(self.game, str(self.partial), self.build, level, k, chunks[k],
                  self.table_entries) for k in range(len(chunks)) if k not in found]
        if self.workers is None:
            for task in tasks:
                if self.table is None:
                    self.table = TranspositionTable(self.table_entries)
                done(_search_chunk(*task, table=self.table, threads=self.threads))
        elif tasks:
            from perfectplay.tiers.cluster import dask_runner

            with dask_runner(self.workers, None) as run:
                run(_search_chunk, tasks, done)
        return [code for k in range(len(chunks)) for code in found[k]]


_WORKER_TABLES: dict[tuple[str, int | None], Any] = {}
"""A Dask worker's transposition table for each game and size, kept from task to task."""


def _search_chunk(game: Game[Any], partial: str, build: str, level: int, k: int,
                  positions: list[int], table_entries: int | None, *,
                  table: Any = None, threads: int = 1) -> tuple[int, list[int]]:
    """Search chunk ``k`` of ``level`` and write it to ``partial``: a task, run again to the same
    bytes (over ``table``, or on a Dask worker over the worker's)."""
    rules = rules_of(game)
    if table is None:
        mine = (game_identity(game), table_entries)
        if mine not in _WORKER_TABLES:
            _WORKER_TABLES[mine] = TranspositionTable(table_entries)
        table = _WORKER_TABLES[mine]
    result = search_positions(game, [rules.decode(p) for p in positions], table=table,
                              threads=threads)
    codes = [encode(v, r) for v, r in zip(result.values, result.remoteness, strict=True)]
    body = {"build": build, "level": level, "chunk": k, "positions": positions, "codes": codes}
    text = json.dumps({**body, "sha256": checksum(body)}).encode()
    write_file(Path(partial) / f"level-{level}.chunk-{k}.json", text)
    return k, codes


def _read_chunk(partial: Path, build: str, level: int, k: int,
                positions: list[int]) -> list[int] | None:
    """The codes of a chunk an earlier run searched, or None (not done, or not whole)."""
    try:
        document = json.loads((partial / f"level-{level}.chunk-{k}.json").read_bytes())
        recorded = document.pop("sha256")
    except (OSError, ValueError, KeyError, AttributeError):
        return None
    if recorded != checksum(document) or document.get("build") != build or \
            document.get("positions") != positions:
        return None
    return list(document["codes"])


def _write(path: Path, header: dict[str, Any], keys: Any, codes: list[int]) -> None:
    """The book file, atomically."""
    stored = np.array([encode_stored(*decode(c)) for c in codes], dtype="<u2")
    blocks: list[list[Any]] = []
    frames: list[bytes] = []
    for lo in range(0, len(keys), BLOCK):
        data = keys[lo:lo + BLOCK].astype("<i8").tobytes() + stored[lo:lo + BLOCK].tobytes()
        frame = compress_block(data)
        blocks.append([int(keys[lo]), len(frame), _digest(len(blocks), data)])
        frames.append(frame)
    document = {**header, "entries": len(keys), "blocks": blocks}
    document["sha256"] = checksum(document)
    text = json.dumps(document, sort_keys=True).encode()
    write_file(path, b"".join([MAGIC, len(text).to_bytes(8, "little"), text, *frames]))

