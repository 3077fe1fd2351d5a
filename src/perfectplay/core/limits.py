"""Thresholds and limits, in one place: where ``auto`` changes engine, and what fits.

The thresholds are where a pure-Python run stops being faster than loading numba (about 0.9 s
with a warm kernel cache); ``benchmarks/RESULTS.md`` has the measurements behind them.
"""

from __future__ import annotations

import os

__all__ = ["COMPILED_GRUNDY_WORK", "COMPILED_THRESHOLD", "MAX_DENSE_SIZE",
           "PYTHON_BYTES_PER_POSITION", "PYTHON_NIM_SEQUENCE_UPTO", "available_memory",
           "format_bytes"]

COMPILED_THRESHOLD = 200_000
"""``auto`` uses the compiled engine for ``solve``/``outcome`` of a game with compiled rules
whose encoding has at least this many integers: below it the pure-Python solvers finish before
numba is even loaded."""

COMPILED_GRUNDY_WORK = 300_000
"""``auto`` uses the compiled Grundy kernel when the estimated work (moves to examine, or the
encoding's size) is at least this."""

PYTHON_NIM_SEQUENCE_UPTO = 400
"""``auto`` computes nim-sequences below this heap size in pure Python (no compiling)."""

MAX_DENSE_SIZE = 1 << 33
"""Most integer positions a dense table takes, whatever the memory (16 GiB of 2-byte codes)."""

PYTHON_BYTES_PER_POSITION = 200
"""What the pure-Python solvers hold per position (dict entry, key, code, representative):
with an encoding's size, an upper bound on their memory."""


def available_memory() -> int | None:
    """Bytes of memory a new allocation can take now (Linux ``MemAvailable``), else None.

    ``$PERFECTPLAY_MEMORY`` (bytes) overrides it, to try what a smaller machine would do.

    >>> available_memory() is None or available_memory() > 0
    True
    """
    explicit = os.environ.get("PERFECTPLAY_MEMORY")
    if explicit:
        return int(explicit)
    try:
        with open("/proc/meminfo") as f:
            for line in f:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    try:
        return os.sysconf("SC_AVPHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (ValueError, OSError, AttributeError):
        return None


def format_bytes(n: float) -> str:
    """A size for a person.

    >>> format_bytes(3 * 2**30), format_bytes(1536), format_bytes(10)
    ('3.0 GiB', '1.5 KiB', '10 B')
    """
    for unit in ("B", "KiB", "MiB", "GiB", "TiB", "PiB"):
        if n < 1024 or unit == "PiB":
            return f"{n:.0f} {unit}" if unit == "B" else f"{n:.1f} {unit}"
        n /= 1024
    raise AssertionError("unreachable")
