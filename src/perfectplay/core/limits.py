"""Thresholds and limits, in one place: where ``auto`` changes engine, and what fits.

The thresholds are where a pure-Python run stops being faster than loading numba (about 0.9 s
with a warm kernel cache); ``benchmarks/RESULTS.md`` has the measurements behind them.
"""

from __future__ import annotations

import os

from perfectplay.core.errors import EngineLimitError

__all__ = ["CGT_MAX_COMPARISONS", "CGT_MAX_INPUT", "CGT_MAX_NESTING", "CGT_MAX_WORK",
           "COMPILED_GRUNDY_WORK", "COMPILED_THRESHOLD", "MAX_DENSE_SIZE",
           "PYTHON_BYTES_PER_POSITION", "PYTHON_NIM_SEQUENCE_UPTO", "available_memory",
           "check_need", "format_bytes", "quote"]

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

CGT_MAX_INPUT = 10_000
"""Most characters of a CGT expression, Hackenbush forest or board text: longer input is
refused before it is read."""

CGT_MAX_NESTING = 100
"""Deepest nesting of a CGT expression (parentheses, braces, unary signs) or of the forks of
a Hackenbush tree: the algebra of forms recurses about once per level."""

CGT_MAX_WORK = 2_000_000
"""Most options a CGT literal may make (``*n`` makes n(n+1)/2 of them, ``^n`` n): *1999 takes
about a second."""

CGT_MAX_COMPARISONS = 10_000_000
"""Most comparisons of options a game's position may need to be valued, where they can be
estimated before the search (Hackenbush: positions times edges squared): about 3 s."""


def check_need(what: str, need: int, limit: int, unit: str) -> None:
    """Refuse work beyond a limit before starting it: raise EngineLimitError ``WHAT needs
    about NEED UNIT; limit LIMIT`` (``unit="bytes"`` writes sizes for a person).

    >>> check_need("*5", 15, 100, "options")
    >>> check_need("*500", 125_250, 100, "options")
    Traceback (most recent call last):
    ...
    perfectplay.core.errors.EngineLimitError: *500 needs about 125,250 options; limit 100
    """
    if need > limit:
        if unit == "bytes":
            raise EngineLimitError(f"{what} needs about {format_bytes(need)}; "
                                   f"limit {format_bytes(limit)}")
        raise EngineLimitError(f"{what} needs about {need:,} {unit}; limit {limit:,}")


def quote(text: str, limit: int = 100) -> str:
    """``repr(text)``, cut to about ``limit`` characters: errors quote input, not all of it.

    >>> quote("abc"), quote("x" * 200, 10)
    ("'abc'", "'xxxxxxxxxx...' (200 characters)")
    """
    if len(text) <= limit:
        return repr(text)
    head = repr(text[:limit])
    return f"{head[:-1]}...{head[-1]} ({len(text):,} characters)"


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
