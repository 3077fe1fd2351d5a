"""Change a tier database's files as anyone can: JSON documents with a correct checksum again,
a tier's codes decompressed, changed and compressed again with correct block lengths."""

from __future__ import annotations

import json
from pathlib import Path

from perfectplay.core.solution import checksum
from perfectplay.tiers.storage import compress_block, zstd_module


def rewrite(path: Path, change) -> None:
    """Change a JSON document and give it a correct checksum again."""
    document = json.loads(path.read_text())
    document.pop("sha256")
    change(document)
    document["sha256"] = checksum(document)
    path.write_text(json.dumps(document))


def read_codes(directory: Path, t: int) -> bytearray:
    """Tier ``t``'s codes, decompressed (unchecked)."""
    document = json.loads((directory / f"tier-{t}.json").read_text())
    packed = (directory / f"tier-{t}.zst").read_bytes()
    codes, offset = bytearray(), 0
    for length in document["blocks"]:
        codes += zstd_module().decompress(packed[offset:offset + length])
        offset += length
    return codes


def edit_codes(directory: Path, t: int, change) -> bytearray:
    """Change tier ``t``'s decompressed codes in place by ``change(codes)``, compress them
    again block by block and record the new block lengths (the chunk checksums are left as
    they were); return the new codes."""
    codes = read_codes(directory, t)
    change(codes)
    path = directory / f"tier-{t}.json"
    document = json.loads(path.read_text())
    span = document["chunk_size"] * document["code_bytes"]
    blocks = [compress_block(bytes(codes[lo:lo + span])) for lo in range(0, len(codes), span)]
    (directory / f"tier-{t}.zst").write_bytes(b"".join(blocks))
    rewrite(path, lambda d: d.update(blocks=[len(b) for b in blocks]))
    return codes
