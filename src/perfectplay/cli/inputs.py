"""Text the commands read from a file or stdin: UTF-8, and a byte that is not is reported with
the file and the line it is on (Python's own error names neither)."""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator

__all__ = ["read_lines", "read_stdin"]


def read_lines(path: str) -> Iterator[tuple[int, str]]:
    """The lines of the file ``path`` (``-``: stdin), numbered from 1, without their line ends.

    Raises
    ------
    ValueError
        At a line that is not UTF-8, naming the file and the line.
    """
    if path == "-":
        binary = getattr(sys.stdin, "buffer", None)
        if binary is None:  # a stdin of text already (a test's StringIO)
            yield from ((n, line.rstrip("\r\n")) for n, line in enumerate(sys.stdin, 1))
        else:
            yield from _decoded(binary, "stdin")
        return
    with open(path, "rb") as stream:
        yield from _decoded(stream, path)


def _decoded(stream: Iterable[bytes], where: str) -> Iterator[tuple[int, str]]:
    for number, line in enumerate(stream, 1):
        yield number, _decode(line, where, number).rstrip("\r\n")


def read_stdin() -> str:
    """All of stdin as text, its line ends ``\\n`` as Python's text mode gives them.

    Raises
    ------
    ValueError
        When it is not UTF-8, naming the line.
    """
    binary = getattr(sys.stdin, "buffer", None)
    if binary is None:  # a stdin of text already (a test's StringIO)
        return sys.stdin.read()
    data = binary.read()
    try:
        text = data.decode()
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        start = data.rfind(b"\n", 0, exc.start) + 1
        raise ValueError(_message(exc, "stdin", line, exc.start - start)) from None
    return text.replace("\r\n", "\n").replace("\r", "\n")


def _decode(line: bytes, where: str, number: int) -> str:
    try:
        return line.decode()
    except UnicodeDecodeError as exc:
        raise ValueError(_message(exc, where, number, exc.start)) from None


def _message(exc: UnicodeDecodeError, where: str, line: int, column: int) -> str:
    """``not UTF-8 text: byte 0xff at column 4 (FILE, line 2)``, columns counted from 1."""
    return (f"not UTF-8 text: byte 0x{exc.object[exc.start]:02x} at column {column + 1} "
            f"({where}, line {line:,})")
