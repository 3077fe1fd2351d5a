"""The tier database on disk: one directory per database, one raw code file per tier.

Files (every one named in a checksummed manifest; none pickled, none holding a time or
anything else a run could change, so a resumed solve ends byte-identical to an uninterrupted
one):

``manifest.json``
    The database: format, version, the game (:func:`~perfectplay.core.solution.game_identity`;
    for a catalogue game its registry name, ``catalogue``, else null), the rules' parameters,
    the tiers (sizes, children, order), the chunk size and the start. Written once, when the
    directory is made. Its checksum is the database's identity (:func:`database_id`), which
    every other file records.
``forward.json``
    The forward pass so far: the tiers whose children are marked, with the SHA-256 of each one's
    reached bits and how many are reached.
``tier-T.reach``
    Tier ``T``'s reached indices, a bit each (bit ``i & 7`` of byte ``i >> 3``): while solving
    only, removed once the tier is solved.
``tier-T.codes``
    Tier ``T``'s codes while it is solved and while tiers whose moves reach it are: a raw array
    of ``code_bytes``-byte little-endian integers, one per index (memory-mappable): ``0`` not
    reached, else ``1 + (remoteness << 2 | value)``, ``value`` a
    :class:`~perfectplay.core.values.ValueCode` (LOSE 0, TIE 1, WIN 2, DRAW 3). One byte where
    every remoteness of the tier is at most 62, else two (up to 16,382).
``tier-T.zst``
    The same codes once no tier left to solve reads them: each chunk compressed on its own with
    Zstandard (a block), the blocks one after another; the tier's manifest records each
    block's length, so a reader decompresses only the block of the index it wants.
``tier-T.keys``, ``tier-C.from-T.run``
    For a game ranked by the solver (``TierRules`` with only ``tier``): tier ``T``'s sorted
    list of reachable positions, and while the forward pass runs, the children it found in a
    larger tier (:mod:`perfectplay.tiers.keys`); ``forward.json`` then records each list's
    blocks, and the manifest's tier graph and start index are null until the forward pass ends.
``tier-T.chunk-K.json``
    While solving only: chunk ``K`` of tier ``T`` is written (its checksum, counts, primitives).
``tier-T.json``
    Tier ``T`` is solved: the database's identity and game, the tier, its size, code width,
    the checksum of each chunk of its codes, where they are (``codec``: ``raw`` in
    ``tier-T.codes``, ``zstd`` in ``tier-T.zst`` with ``blocks``, each block's length), counts
    by value and remoteness, primitives.
``.lock``
    Held (``flock``) by the solve writing the directory, and naming its process while it runs.

Every JSON file carries ``sha256``, the checksum of the rest of its document; every file is
written to a temporary name, flushed to disk and renamed (and the directory flushed), except
the code files of tiers solved chunk by chunk, whose chunks are written in place (into a file
the solve made, never through a link) and count only once their chunk file records them.

A chunk's checksum is the SHA-256 of ``"<database>:<tier>:<chunk>:"`` and its codes (as
decompressed), so codes moved to another tier, chunk or database fail it; readers check each
chunk when they read it from its file. Every file is opened without following links and
without blocking (a FIFO is refused, not waited on); whatever is wrong raises
:class:`~perfectplay.core.errors.DamagedDataError` naming the file.
"""

from __future__ import annotations

import errno
import fcntl
import hashlib
import json
import os
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from perfectplay.core.errors import DamagedDataError, SolutionFileError
from perfectplay.core.solution import checksum, write_atomically
from perfectplay.core.values import Value, ValueCode

__all__ = ["CHUNK", "CHUNK_FORMAT", "CODEC", "DATABASE_FORMAT", "FORMAT_VERSION", "FORWARD_FORMAT",
           "LEVEL", "MANIFEST_KEYS", "TIER_FORMAT", "Layout", "TierCodes", "block_digest",
           "check_codes", "check_tier", "chunk_histogram", "chunk_key", "compress_block",
           "database_id", "decode_stored", "decompress_block", "encode_stored", "histogram_of",
           "is_histogram", "locked", "map_file", "open_regular", "parse_document", "read_document",
           "read_region", "read_regular", "read_tier", "scan_codes", "sync_file", "tier_summary",
           "write_document", "write_file", "write_region", "zstd_module"]

DATABASE_FORMAT = "perfectplay-tier-database"
TIER_FORMAT = "perfectplay-tier"
FORWARD_FORMAT = "perfectplay-tier-forward"
CHUNK_FORMAT = "perfectplay-tier-chunk"
FORMAT_VERSION = 5
"""Version 5 names the rules' parameters by their SHA-256 (version 4 held them whole, a quarter
of a megabyte of JSON for Connect Four 6x4, encoded again at every checksum of the manifest);
version 4 records whether the database holds the start's whole tier (``whole_tier``); version
3 compresses finished tiers in blocks; version 2 bound every file to its database and checked
codes chunk by chunk. Older files are refused (solve them again)."""

CODEC = "zstd"
"""How a finished tier's codes are compressed: each chunk on its own with Zstandard at
:data:`LEVEL` (the README's "Tier databases on disk" gives the measurements behind it)."""

LEVEL = 9
"""Zstandard's level for tier blocks: the knee of size against time on Connect Four's codes."""

CHUNK = 1 << 20
"""Indices per chunk: the unit of resuming, of parallel work and of checking on read (1 MiB
of 1-byte codes, a fraction of a second to solve, about a millisecond to check)."""

MAX_DOCUMENT = 1 << 24
"""Most bytes of a manifest (a tier's holds a checksum per chunk): a larger one is damaged."""

_VALUES = {int(code): code.as_value() for code in ValueCode}


def decode_stored(stored: int) -> tuple[Value, int | None]:
    """Value and remoteness of a nonzero stored code.

    >>> decode_stored(1 + (9 << 2 | 1)), decode_stored(4)
    ((Value.TIE, 9), (Value.DRAW, None))
    """
    value = _VALUES[(stored - 1) & 3]
    return value, (None if value is Value.DRAW else (stored - 1) >> 2)


def encode_stored(value: Value, remoteness: int | None) -> int:
    """The stored code of a value and remoteness; inverse of :func:`decode_stored`.

    >>> encode_stored(Value.TIE, 9), decode_stored(encode_stored(Value.WIN, 3))
    (38, (Value.WIN, 3))
    """
    return 1 + ((remoteness or 0) << 2 | int(ValueCode.of(value)))


@dataclass(frozen=True)
class Layout:
    """The paths of one database directory."""

    root: Path

    @property
    def manifest(self) -> Path:
        return self.root / "manifest.json"

    @property
    def forward(self) -> Path:
        return self.root / "forward.json"

    @property
    def lock(self) -> Path:
        return self.root / ".lock"

    def reach(self, tier: int) -> Path:
        return self.root / f"tier-{tier}.reach"

    def codes(self, tier: int) -> Path:
        return self.root / f"tier-{tier}.codes"

    def packed(self, tier: int) -> Path:
        return self.root / f"tier-{tier}.zst"

    def keys(self, tier: int) -> Path:
        return self.root / f"tier-{tier}.keys"

    def run(self, tier: int, parent: int) -> Path:
        return self.root / f"tier-{tier}.from-{parent}.run"

    def chunk(self, tier: int, chunk: int) -> Path:
        return self.root / f"tier-{tier}.chunk-{chunk}.json"

    def tier(self, tier: int) -> Path:
        return self.root / f"tier-{tier}.json"

    def chunks(self, tier: int) -> Iterator[Path]:
        return self.root.glob(f"tier-{tier}.chunk-*.json")


def open_regular(path: Path, flags: int = os.O_RDONLY) -> int:
    """A descriptor of the regular file ``path``, opened with ``flags``: never through a
    link, never blocking on a FIFO or a device, never a file with other names (hard links)
    when opened for writing.

    Raises
    ------
    DamagedDataError
        When it cannot be opened or is no such file.
    """
    try:
        descriptor = os.open(path, flags | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC, 0o666)
    except OSError as exc:
        what = "a symlink, not a regular file" if exc.errno == errno.ELOOP else \
            f"cannot open ({exc.strerror})"
        raise DamagedDataError(f"{path}: {what}") from None
    found = os.fstat(descriptor)
    writing = flags & (os.O_WRONLY | os.O_RDWR)
    if not stat.S_ISREG(found.st_mode) or (writing and found.st_nlink != 1):
        os.close(descriptor)
        what = "has other names (hard links)" if stat.S_ISREG(found.st_mode) else \
            "not a regular file"
        raise DamagedDataError(f"{path}: {what}; refused, nothing read or written")
    return descriptor


def read_regular(path: Path, limit: int) -> bytes:
    """The bytes of the regular file ``path`` (see :func:`open_regular`), at most ``limit``.

    Raises
    ------
    DamagedDataError
        When it cannot be read, is no regular file or is larger than ``limit``.
    """
    descriptor = open_regular(path)
    try:
        if os.fstat(descriptor).st_size > limit:
            raise DamagedDataError(f"{path}: damaged (larger than {limit:,} bytes)")
        parts = []
        left = limit + 1
        while left > 0:
            block = os.read(descriptor, min(left, 1 << 24))
            if not block:
                break
            parts.append(block)
            left -= len(block)
    except OSError as exc:
        raise DamagedDataError(f"{path}: cannot read ({exc.strerror})") from None
    finally:
        os.close(descriptor)
    data = b"".join(parts)
    if len(data) > limit:
        raise DamagedDataError(f"{path}: damaged (larger than {limit:,} bytes)")
    return data


def write_document(path: Path, kind: str, body: dict[str, Any], *,
                   durable: bool = True) -> None:
    """Write a JSON manifest of ``kind`` atomically, with its checksum (flushed to disk when
    ``durable``, see :func:`~perfectplay.core.solution.write_atomically`)."""
    document = {"format": kind, "version": FORMAT_VERSION, **body}
    document["sha256"] = checksum(document)
    text = json.dumps(document, sort_keys=True, indent=1).encode() + b"\n"
    write_file(path, text, durable=durable)


def write_file(path: Path, data: bytes | memoryview, *, durable: bool = True) -> None:
    """Write ``data`` as the file ``path``, atomically (see
    :func:`~perfectplay.core.solution.write_atomically`)."""
    def write(f: Any) -> None:
        f.write(data)

    write_atomically(path, write, durable=durable)


def read_document(path: Path, kind: str) -> dict[str, Any]:
    """A manifest written by :func:`write_document`, checked.

    Raises
    ------
    DamagedDataError
        When it cannot be read, is not a regular file, is not JSON of ``kind`` at this version,
        or fails its checksum.
    """
    return parse_document(path, read_regular(path, MAX_DOCUMENT), kind, FORMAT_VERSION,
                          "solve the game again into a new directory")


def parse_document(path: Path, data: bytes, kind: str, version: int, redo: str
                   ) -> dict[str, Any]:
    """The JSON document ``data`` read from ``path``: of ``kind`` at ``version``, its checksum
    (``sha256``, removed) matching the rest.

    Raises
    ------
    DamagedDataError
        When it is not JSON of ``kind``, is of another version (the message says ``redo``) or
        fails its checksum.
    """
    try:
        document = json.loads(data)
    except (ValueError, RecursionError):
        raise DamagedDataError(f"{path}: damaged (not JSON)") from None
    if not isinstance(document, dict) or document.get("format") != kind:
        raise DamagedDataError(f"{path}: not a {kind} manifest")
    if document.get("version") != version:
        raise DamagedDataError(f"{path}: unsupported version {str(document.get('version'))[:20]!r}"
                               f" (this perfectplay reads version {version}: {redo})")
    recorded = document.pop("sha256", None)
    if recorded != checksum(document):
        raise DamagedDataError(f"{path}: damaged (checksum mismatch)")
    return document


def database_id(manifest: dict[str, Any]) -> str:
    """The identity of a database: the checksum of its manifest (as :func:`read_document`
    returns it), recorded by every other file of it."""
    return checksum(manifest)


def block_digest(key: str, data: Any) -> str:
    """The checksum of a chunk of codes: SHA-256 of ``key`` (``"<database>:<tier>:<chunk>:"``,
    binding it to its place) and its bytes."""
    digest = hashlib.sha256(key.encode())
    digest.update(data)
    return digest.hexdigest()


def chunk_key(database: str, tier: int, chunk: int) -> str:
    """The key of :func:`block_digest` for chunk ``chunk`` of tier ``tier``."""
    return f"{database}:{tier}:{chunk}:"


def read_region(path: Path, offset: int, length: int) -> bytes:
    """``length`` bytes of a regular file from ``offset`` (fewer when the file ends before)."""
    descriptor = open_regular(path)
    try:
        pieces = []
        while length > 0:
            piece = os.pread(descriptor, min(length, 1 << 24), offset)
            if not piece:
                break
            pieces.append(piece)
            length -= len(piece)
            offset += len(piece)
    finally:
        os.close(descriptor)
    return b"".join(pieces)


def tier_summary(histogram: list[list[int]]) -> dict[str, Any]:
    """What a tier's histogram of stored codes (``[[code, indices], ...]``) says of it:
    ``positions``, ``counts`` by value and ``max_remoteness`` (-1: none)."""
    counts = {"win": 0, "lose": 0, "tie": 0, "draw": 0}
    deepest = -1
    for code, n in histogram:
        value, remoteness = decode_stored(code)
        counts[str(value)] += n
        deepest = max(deepest, remoteness if remoteness is not None else -1)
    return {"positions": sum(n for _, n in histogram), "counts": counts,
            "max_remoteness": deepest}


MANIFEST_KEYS = frozenset({"format", "version", "game", "catalogue", "params", "max_moves",
                           "sizes", "children", "order", "symmetries", "chunk_size", "start",
                           "start_tier", "start_index", "whole_tier"})
"""The keys of a database manifest (``manifest.json``) of this version."""

_TIER_KEYS = {"format", "version", "database", "game", "tier", "size", "code_bytes",
              "chunk_size", "chunks", "positions", "counts", "primitives", "histogram",
              "max_remoteness", "bytes", "codec", "blocks", "weighted", "classes"}


def check_tier(path: Path, document: dict[str, Any], manifest: dict[str, Any], database: str,
               t: int) -> None:
    """Refuse a tier manifest that is not tier ``t`` of the database ``manifest`` (whose
    :func:`database_id` is ``database``: a reader of every tier computes it once), or whose
    fields disagree with each other (a crafted file with a correct checksum).

    Raises
    ------
    DamagedDataError
        Naming the file and the first thing wrong.
    """
    def wrong(what: str) -> DamagedDataError:
        return DamagedDataError(f"{path}: {what}; refused")

    if set(document) != _TIER_KEYS:
        odd = sorted(set(document) ^ _TIER_KEYS)
        raise wrong(f"not a tier manifest of this version (keys {', '.join(odd)[:100]})")
    if document["database"] != database or document["game"] != manifest["game"]:
        raise wrong(f"a tier of another database (of {str(document['game'])[:100]}), not of "
                    f"{manifest['game']}")
    if document["tier"] != t or type(document["tier"]) is not int:
        raise wrong(f"holds tier {str(document['tier'])[:20]}, not tier {t}")
    size, chunk, width = document["size"], document["chunk_size"], document["code_bytes"]
    if size != manifest["sizes"][t] or type(size) is not int:
        raise wrong(f"size {str(size)[:20]}, not the manifest's {manifest['sizes'][t]:,}")
    if chunk != manifest["chunk_size"] or type(chunk) is not int:
        raise wrong(f"chunk size {str(chunk)[:20]}, not the manifest's {manifest['chunk_size']}")
    if width not in (1, 2) or type(width) is not int or document["bytes"] != width * size:
        raise wrong(f"code width {str(width)[:20]} and {str(document['bytes'])[:20]} bytes")
    chunks = document["chunks"]
    if not (isinstance(chunks, list) and len(chunks) == -(-size // chunk)
            and all(isinstance(c, str) for c in chunks)):
        raise wrong(f"not one checksum per chunk of {chunk:,} indices")
    blocks = document["blocks"]
    raw = document["codec"] == "raw" and blocks == []
    if not (raw or (document["codec"] == CODEC and isinstance(blocks, list)
                    and len(blocks) == len(chunks)
                    and all(type(n) is int and 0 < n <= _bound(chunk * width) for n in blocks))):
        raise wrong(f"codec {str(document['codec'])[:20]} with damaged block lengths")
    histogram, weighted = document["histogram"], document["weighted"]
    top = (1 << (8 * width)) - 1
    if not (is_histogram(histogram, top) and is_histogram(weighted, top)):
        raise wrong("damaged histogram")
    classes = dict(histogram)
    if sum(classes.values()) != document["classes"] or document["classes"] > size or any(
            not classes.get(code, 0) <= n <= classes.get(code, 0) * manifest["symmetries"]
            for code, n in weighted) or len(weighted) != len(histogram):
        raise wrong("its counts of classes disagree with its counts of positions")
    summary = tier_summary(weighted)
    if any(document[k] != v for k, v in summary.items()):
        raise wrong("its counts disagree with its histogram")
    primitives = document["primitives"]
    if not (isinstance(primitives, dict) and set(primitives) == {"lose", "tie", "win"}
            and all(type(n) is int and n >= 0 for n in primitives.values())
            and sum(primitives.values()) <= summary["positions"]):
        raise wrong("damaged primitives")


def histogram_of(counts: Any) -> list[list[int]]:
    """``[[code, count], ...]`` of the nonzero counts of an array indexed by stored code (code
    0, not reached, left out)."""
    import numpy as np

    return [[int(c), int(counts[c])] for c in np.flatnonzero(counts) if c]


def is_histogram(histogram: Any, top: int) -> bool:
    """Whether ``histogram`` is ``[[code, count], ...]``: codes ``1 .. top`` increasing, counts
    positive."""
    return (isinstance(histogram, list)
            and all(isinstance(e, list) and len(e) == 2 and type(e[0]) is int
                    and type(e[1]) is int and 1 <= e[0] <= top and e[1] >= 1 for e in histogram)
            and [e[0] for e in histogram] == sorted({e[0] for e in histogram}))


def read_tier(layout: Layout, manifest: dict[str, Any], database: str, t: int
              ) -> dict[str, Any]:
    """The manifest of solved tier ``t`` (``tier-T.json``), checked to be that tier of the
    database ``manifest``, whose :func:`database_id` is ``database`` (:func:`check_tier`).

    Raises
    ------
    DamagedDataError
        When it is missing, damaged, or not this tier of this database.
    """
    path = layout.tier(t)
    document = read_document(path, TIER_FORMAT)
    check_tier(path, document, manifest, database, t)
    return document


def zstd_module() -> Any:
    """Zstandard: the standard library's from Python 3.14, its backport before."""
    try:
        from compression import zstd  # type: ignore[import-not-found]
    except ImportError:
        from backports import zstd
    return zstd


def _bound(length: int) -> int:
    """The most bytes Zstandard makes of ``length`` bytes (its frame's worst case)."""
    return length + (length >> 7) + 512


def compress_block(data: bytes, level: int = LEVEL) -> bytes:
    """A chunk of codes as one Zstandard frame (at :data:`LEVEL` unless told): the same bytes
    every time."""
    return bytes(zstd_module().compress(data, level=level))


def decompress_block(block: bytes, length: int) -> bytes | None:
    """The bytes of a block written by :func:`compress_block` when it is one frame of exactly
    ``length`` bytes, else None (never more than ``length`` bytes decompressed, whatever the
    block claims)."""
    zstd = zstd_module()
    decompressor = zstd.ZstdDecompressor()
    try:
        data = decompressor.decompress(block, max_length=length)
    except zstd.ZstdError:
        return None
    if len(data) != length or not decompressor.eof or decompressor.unused_data:
        return None
    return bytes(data)


class TierCodes:
    """Read a solved tier's codes chunk by chunk, from the file its manifest names (raw or in
    blocks), each chunk checked against its checksum as it is read.

    Opened by :meth:`open`; a context manager, closing the file.

    Raises
    ------
    DamagedDataError
        Naming the file: not a regular file of the length the manifest gives, a block that
        does not decompress to one chunk, or a chunk failing its checksum.
    """

    def __init__(self, path: Path, descriptor: int, database: str, t: int,
                 document: dict[str, Any]) -> None:
        self.path = path
        """The file read."""
        self.document = document
        """The tier's manifest (checked by :func:`check_tier`)."""
        self._descriptor, self._database, self._tier = descriptor, database, t
        width, size, chunk = document["code_bytes"], document["size"], document["chunk_size"]
        self._lengths = [(min(size, lo + chunk) - lo) * width for lo in range(0, size, chunk)]
        stored = document["blocks"] or self._lengths
        self._offsets = [0]
        for n in stored:
            self._offsets.append(self._offsets[-1] + n)
        length = os.fstat(descriptor).st_size
        if length != self._offsets[-1]:
            self.close()
            raise DamagedDataError(f"{path}: damaged ({length:,} bytes, not "
                                   f"{self._offsets[-1]:,})")

    @classmethod
    def open(cls, layout: Layout, t: int, document: dict[str, Any]) -> TierCodes:
        """The codes of tier ``t``, whose manifest ``document`` :func:`read_tier` checked to
        be that tier of the database it names (its chunks' checksums are keyed by it)."""
        path = layout.codes(t) if document["codec"] == "raw" else layout.packed(t)
        return cls(path, open_regular(path), document["database"], t, document)

    def __len__(self) -> int:
        return len(self._lengths)

    def chunk(self, k: int) -> bytes:
        """The codes of chunk ``k`` (``code_bytes`` little-endian bytes an index), checked."""
        lo, hi = self._offsets[k], self._offsets[k + 1]
        data = os.pread(self._descriptor, hi - lo, lo)
        if len(data) != hi - lo:  # shrunk while read
            raise DamagedDataError(f"{self.path}: damaged (truncated)")
        if self.document["blocks"]:
            unpacked = decompress_block(data, self._lengths[k])
            if unpacked is None:
                raise DamagedDataError(f"{self.path}: damaged (block {k} is not one chunk of "
                                       "codes)")
            data = unpacked
        if block_digest(chunk_key(self._database, self._tier, k), data) != \
                self.document["chunks"][k]:
            raise DamagedDataError(f"{self.path}: damaged (chunk {k}, bytes {lo:,} to {hi:,}, "
                                   "fails its checksum)")
        return data

    def close(self) -> None:
        os.close(self._descriptor)

    def __enter__(self) -> TierCodes:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _count(counts: Any, data: bytes | memoryview, width: int) -> None:
    """Add the codes of ``data`` (``width`` bytes each) to ``counts``, by code."""
    import numpy as np

    codes = np.frombuffer(data, dtype=np.uint8 if width == 1 else np.dtype("<u2"))
    counts += np.bincount(codes, minlength=len(counts))


def chunk_histogram(data: bytes | memoryview, width: int) -> list[list[int]]:
    """The histogram of the codes of ``data`` (``width`` bytes each): ``[[code, indices],
    ...]``, code 0 (not reached) left out."""
    import numpy as np

    counts = np.zeros(1 << (8 * width), dtype=np.int64)
    _count(counts, data, width)
    return histogram_of(counts)


def scan_codes(codes: TierCodes) -> list[list[int]]:
    """Read a tier's codes whole, every chunk checked: the histogram of its codes (``[[code,
    indices], ...]``).

    Raises
    ------
    DamagedDataError
        As :class:`TierCodes` does.
    """
    import numpy as np

    width = codes.document["code_bytes"]
    counts = np.zeros(1 << (8 * width), dtype=np.int64)
    for k in range(len(codes)):
        _count(counts, codes.chunk(k), width)
    return histogram_of(counts)


def check_codes(layout: Layout, t: int, document: dict[str, Any]) -> None:
    """Check tier ``t``'s codes against its manifest ``document`` (checked by
    :func:`check_tier`): every chunk's checksum, and its counts recomputed from the codes.

    Raises
    ------
    DamagedDataError
        Naming the file and the first chunk that fails.
    """
    with TierCodes.open(layout, t, document) as codes:
        if scan_codes(codes) != document["histogram"]:
            raise DamagedDataError(f"{codes.path}: damaged (its codes are not the counts "
                                   f"{layout.tier(t).name} records)")


def map_file(path: Path) -> Any:
    """A regular file's bytes as a read-only uint8 array, memory-mapped (see
    :func:`open_regular`)."""
    import mmap

    import numpy as np

    descriptor = open_regular(path)
    try:
        length = os.fstat(descriptor).st_size
        if not length:
            empty = np.zeros(0, dtype=np.uint8)
            empty.flags.writeable = False
            return empty
        mapped = mmap.mmap(descriptor, length, access=mmap.ACCESS_READ)
    finally:
        os.close(descriptor)
    return np.frombuffer(mapped, dtype=np.uint8)


@contextmanager
def locked(layout: Layout) -> Iterator[None]:
    """Hold the database directory's lock (``.lock``, ``flock``): one solve writes it at a
    time. The lock file names the holding process while it runs.

    Raises
    ------
    SolutionFileError
        When another process holds it (naming its pid).
    """
    path = layout.lock
    descriptor = open_regular(path, os.O_RDWR | os.O_CREAT)
    try:
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.pread(descriptor, 32, 0).decode("ascii", "replace").strip()
            raise SolutionFileError(
                f"{layout.root}: another solve (pid {holder or 'unknown'}) is writing this "
                "database; refused: wait for it to end") from None
        os.ftruncate(descriptor, 0)
        os.pwrite(descriptor, f"{os.getpid()}\n".encode(), 0)
        try:
            yield
        finally:
            os.ftruncate(descriptor, 0)  # an empty lock file: no solve running
    finally:
        os.close(descriptor)  # releases the flock


def write_region(path: Path, offset: int, data: bytes) -> None:
    """Write ``data`` into an existing regular file at ``offset`` (never through a link, never
    into a file with other names). Not flushed to disk: :func:`sync_file` flushes the whole file
    once its last region is written (a region lost to a crash before then fails its checksum
    when the run resumes, and is written again)."""
    descriptor = open_regular(path, os.O_WRONLY)
    try:
        view = memoryview(data)
        while view:
            written = os.pwrite(descriptor, view, offset)
            view, offset = view[written:], offset + written
    finally:
        os.close(descriptor)


def sync_file(path: Path) -> None:
    """Flush a regular file's data to disk (:func:`write_region` leaves that to the end)."""
    descriptor = open_regular(path)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)
