"""The codec of tier databases' blocks, measured: each candidate compresses the codes of a
solved Connect Four board block by block (one block a chunk, as the database stores them) and
decompresses them again, in one run.

    python benchmarks/bench_codecs.py [--width 5] [--height 5] [--repeat 2]

Candidates: Zstandard at levels 3, 9 (perfectplay's) and 19, lzma preset 6 (GamesmanOne's
codec) and zlib level 6. Printed per codec: bytes a position, compression MB/s (of raw codes)
and milliseconds to decompress a block, the best of ``--repeat`` runs, and the size against
perfectplay's level.
"""

from __future__ import annotations

import argparse
import lzma
import tempfile
import time
import zlib
from collections.abc import Callable

from perfectplay.games.connect4 import ConnectFour
from perfectplay.tiers import solve_tiers
from perfectplay.tiers.storage import LEVEL, zstd_module


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--width", type=int, default=5)
    parser.add_argument("--height", type=int, default=5)
    parser.add_argument("--repeat", type=int, default=2)
    options = parser.parse_args()
    solution = solve_tiers(ConnectFour(options.width, options.height), tempfile.mkdtemp())
    chunk = solution.manifest["chunk_size"]
    blocks = []
    for t in solution.manifest["order"]:
        codes = solution.tier_codes(t).tobytes()
        span = chunk * solution.tier_manifests[t]["code_bytes"]
        blocks += [codes[lo:lo + span] for lo in range(0, len(codes), span)]
    raw = sum(map(len, blocks))
    positions = len(solution)
    zstd = zstd_module()
    codecs: dict[str, tuple[Callable[[bytes], bytes], Callable[[bytes], bytes]]] = {
        "zstd 3": (lambda b: zstd.compress(b, level=3), zstd.decompress),
        f"zstd {LEVEL} (perfectplay)": (lambda b: zstd.compress(b, level=LEVEL), zstd.decompress),
        "zstd 19": (lambda b: zstd.compress(b, level=19), zstd.decompress),
        "lzma 6": (lambda b: lzma.compress(b, preset=6), lzma.decompress),
        "zlib 6": (lambda b: zlib.compress(b, 6), zlib.decompress),
    }
    print(f"connect4 {options.width}x{options.height}: {positions:,} positions, {raw:,} bytes "
          f"of codes in {len(blocks)} blocks (mirror images folded)")
    sizes = {}
    for name, (compress, decompress) in codecs.items():
        best_c = best_d = float("inf")
        for _ in range(options.repeat):
            started = time.perf_counter()
            packed = [compress(b) for b in blocks]
            best_c = min(best_c, time.perf_counter() - started)
            started = time.perf_counter()
            for p in packed:
                decompress(p)
            best_d = min(best_d, time.perf_counter() - started)
        sizes[name] = sum(map(len, packed))
        print(f"{name:20s} {sizes[name] / positions:6.3f} B/position  "
              f"{raw / best_c / 1e6:7.1f} MB/s  {1e3 * best_d / len(blocks):5.2f} ms/block")
    ours = sizes[f"zstd {LEVEL} (perfectplay)"]
    print("size against perfectplay's: " + ", ".join(f"{name.split(' (')[0]} {n / ours:.2f}x"
                                                     for name, n in sizes.items()))


if __name__ == "__main__":
    main()
