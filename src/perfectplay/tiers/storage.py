"""The tier database on disk: one directory per database, one raw code file per tier.

Files (every one named in a checksummed manifest; none pickled, none holding a time or
anything else a run could change, so a resumed solve ends byte-identical to an uninterrupted
one):

``manifest.json``
    The database: format, version, the game (:func:`~perfectplay.core.solution.game_identity`,
    its class and the rules' parameters), the tiers (sizes, children, order), the chunk size and
    the start. Written once, when the directory is made.
``forward.json``
    The forward pass so far: the tiers whose children are marked, with the SHA-256 of each one's
    reached bits and how many are reached.
``tier-T.reach``
    Tier ``T``'s reached indices, a bit each (bit ``i & 7`` of byte ``i >> 3``): while solving
    only, removed once the tier is solved.
``tier-T.codes``
    Tier ``T``'s codes: a raw array of ``code_bytes``-byte little-endian integers, one per index
    (memory-mappable): ``0`` not reached, else ``1 + (remoteness << 2 | value)``, ``value`` a
    :class:`~perfectplay.core.values.ValueCode` (LOSE 0, TIE 1, WIN 2, DRAW 3). One byte where
    every remoteness of the tier is at most 62, else two (up to 16,382).
``tier-T.chunk-K.json``
    While solving only: chunk ``K`` of tier ``T`` is written (its SHA-256, counts, primitives).
``tier-T.json``
    Tier ``T`` is solved: size, code width, the SHA-256 of each chunk of its code file, counts
    by value and remoteness, primitives.

Every JSON file carries ``sha256``, the checksum of the rest of its document; every file is
written to a temporary name, flushed to disk and renamed (and the directory flushed), except
the code files of tiers solved chunk by chunk, whose chunks are written in place and count
only once their chunk file records them.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from perfectplay.core.errors import SolutionFileError
from perfectplay.core.solution import checksum, write_atomically
from perfectplay.core.values import Value, ValueCode

__all__ = ["CHUNK", "CHUNK_FORMAT", "DATABASE_FORMAT", "FORMAT_VERSION", "FORWARD_FORMAT",
           "TIER_FORMAT", "Layout", "chunk_digest", "decode_stored", "read_document",
           "write_document", "write_region"]

DATABASE_FORMAT = "perfectplay-tier-database"
TIER_FORMAT = "perfectplay-tier"
FORWARD_FORMAT = "perfectplay-tier-forward"
CHUNK_FORMAT = "perfectplay-tier-chunk"
FORMAT_VERSION = 1

CHUNK = 1 << 20
"""Indices per chunk of a tier: the unit of resuming and of parallel work (1 MiB of 1-byte
codes, a fraction of a second to solve)."""

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

    def reach(self, tier: int) -> Path:
        return self.root / f"tier-{tier}.reach"

    def codes(self, tier: int) -> Path:
        return self.root / f"tier-{tier}.codes"

    def chunk(self, tier: int, chunk: int) -> Path:
        return self.root / f"tier-{tier}.chunk-{chunk}.json"

    def tier(self, tier: int) -> Path:
        return self.root / f"tier-{tier}.json"

    def chunks(self, tier: int) -> Iterator[Path]:
        return self.root.glob(f"tier-{tier}.chunk-*.json")


def write_document(path: Path, kind: str, body: dict[str, Any]) -> None:
    """Write a JSON manifest of ``kind`` atomically, with its checksum."""
    document = {"format": kind, "version": FORMAT_VERSION, **body}
    document["sha256"] = checksum(document)
    text = json.dumps(document, sort_keys=True, indent=1).encode() + b"\n"
    write_atomically(path, lambda f: _write(f, text))


def _write(f: Any, data: bytes) -> None:
    f.write(data)


def read_document(path: Path, kind: str) -> dict[str, Any]:
    """A manifest written by :func:`write_document`, checked.

    Raises
    ------
    SolutionFileError
        When it cannot be read, is not JSON of ``kind`` at a known version, or fails its
        checksum.
    """
    try:
        if path.stat().st_size > MAX_DOCUMENT:
            raise SolutionFileError(f"{path}: damaged (larger than a manifest can be)")
        document = json.loads(path.read_bytes())
    except OSError as exc:
        raise SolutionFileError(f"{path}: cannot read ({exc.strerror})") from None
    except ValueError:
        raise SolutionFileError(f"{path}: damaged (not JSON)") from None
    if not isinstance(document, dict) or document.get("format") != kind:
        raise SolutionFileError(f"{path}: not a {kind} manifest")
    if document.get("version") != FORMAT_VERSION:
        raise SolutionFileError(f"{path}: unsupported version {document.get('version')!r} "
                                f"(this perfectplay reads version {FORMAT_VERSION})")
    recorded = document.pop("sha256", None)
    if recorded != checksum(document):
        raise SolutionFileError(f"{path}: damaged (checksum mismatch)")
    return document


def chunk_digest(path: Path, offset: int, length: int) -> str:
    """SHA-256 of ``length`` bytes of a file from ``offset`` (bytes past its end read as
    missing)."""
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        f.seek(offset)
        left = length
        while left > 0:
            block = f.read(min(left, 1 << 24))
            if not block:
                break
            digest.update(block)
            left -= len(block)
    return digest.hexdigest()


def write_region(path: Path, offset: int, data: bytes) -> None:
    """Write ``data`` into an existing file at ``offset`` and flush it to disk."""
    descriptor = os.open(path, os.O_WRONLY)
    try:
        view = memoryview(data)
        while view:
            written = os.pwrite(descriptor, view, offset)
            view, offset = view[written:], offset + written
        os.fsync(descriptor)
    finally:
        os.close(descriptor)
