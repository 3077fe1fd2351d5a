"""Thresholds and limits, in one place: where ``auto`` changes engine, and what fits.

The thresholds are where a pure-Python run stops being faster than loading numba (about 0.9 s
with a warm kernel cache); ``benchmarks/RESULTS.md`` has the measurements behind them.
"""

from __future__ import annotations

import os

from perfectplay.core.errors import EngineLimitError

__all__ = ["CGT_MAX_COMPARISONS", "CGT_MAX_INPUT", "CGT_MAX_NESTING", "CGT_MAX_WORK",
           "CODE_BYTES_PER_DIGIT", "COMPILED_GRUNDY_WORK", "COMPILED_THRESHOLD",
           "MAX_CODE_DIGITS", "MAX_DENSE_SIZE", "MAX_TABLE_ENTRIES", "PYTHON_BYTES_PER_POSITION",
           "PYTHON_NIM_SEQUENCE_UPTO", "available_memory", "check_memory", "check_need",
           "check_threads", "format_bytes", "usable_cores"]

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

MAX_TABLE_ENTRIES = 1 << 40
"""Most entries a transposition table is given (16 TiB of them), whatever the memory."""

PYTHON_BYTES_PER_POSITION = 200
"""What the pure-Python solvers hold per position (dict entry, key, code, representative):
with an encoding's size, an upper bound on their memory."""

MAX_CODE_DIGITS = 1 << 20
"""Most digits a heap game's code has. A subtraction or all-but code holds a digit for every
amount up to its largest, and reading 2^20 of them takes about a second (2^23, ten)."""

CODE_BYTES_PER_DIGIT = 40
"""What a digit of a heap game's code holds while the code is read and its nim-sequence
computed (measured: 370 MB for a code of 10^7 digits)."""

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


def check_need(what: str, need: int, limit: int, unit: str, *, why: str = "") -> None:
    """Refuse work beyond a limit before starting it: raise EngineLimitError ``WHAT needs
    about NEED UNIT; limit LIMIT (WHY)`` (``unit="bytes"`` writes sizes for a person).

    >>> check_need("*5", 15, 100, "options")
    >>> check_need("*500", 125_250, 100, "options")
    Traceback (most recent call last):
    ...
    perfectplay.core.errors.EngineLimitError: *500 needs about 125,250 options; limit 100
    """
    if need > limit:
        because = f" ({why})" if why else ""
        if unit == "bytes":
            raise EngineLimitError(f"{what} needs about {format_bytes(need)}; "
                                   f"limit {format_bytes(limit)}{because}")
        raise EngineLimitError(f"{what} needs about {need:,} {unit}; limit {limit:,}{because}")



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


def check_memory(need: int, what: str) -> None:
    """Refuse, before allocating anything, ``need`` bytes that the available memory (see
    :func:`available_memory`) cannot hold.

    Raises
    ------
    EngineLimitError
        ``WHAT needs about N; limit M (the memory available)``.

    Examples
    --------
    >>> check_memory(1024, "a small table")
    >>> check_memory(2**60, "a table")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    perfectplay.core.errors.EngineLimitError: a table needs about 1024.0 PiB; limit ...
    """
    available = available_memory()
    if available is not None:
        check_need(what, need, available, "bytes", why="the memory available")


def usable_cores() -> int:
    """The cores this process may run on (its CPU affinity, not the machine's count)."""
    return len(os.sched_getaffinity(0))


def check_threads(threads: int) -> None:
    """Refuse a number of search threads below one or above :func:`usable_cores`.

    >>> check_threads(1)
    >>> check_threads(0)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    perfectplay.core.errors.EngineLimitError: 0 search threads: the search takes 1 to the ...
    """
    cores = usable_cores()
    if not 1 <= threads <= cores:
        raise EngineLimitError(f"{threads:,} search threads: the search takes 1 to the {cores} "
                               f"cores this process may use")


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
