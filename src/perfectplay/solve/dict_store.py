"""The pure-Python solvers' store: a dict from key to code, saved as gzip-compressed JSON
lines."""

from __future__ import annotations

import gzip
import json
import os
import reprlib
import zlib
from collections import Counter
from collections.abc import Hashable, Iterable, Iterator, Mapping
from pathlib import Path
from typing import IO, Any

from perfectplay.core.codes import SPAN, decode, encode
from perfectplay.core.errors import SolutionFileError
from perfectplay.core.game import Game, P, has_hook
from perfectplay.core.limits import PYTHON_BYTES_PER_POSITION, available_memory, format_bytes
from perfectplay.core.solution import (
    Counts,
    Solution,
    check_game,
    checksum,
    game_identity,
    read_header,
    read_position,
    read_primitives,
    register_format,
    write_atomically,
)
from perfectplay.core.values import Value

__all__ = ["FORMAT", "FORMAT_VERSION", "MAX_LINE", "V1_MAX_EXPANSION", "DictSolution"]

FORMAT = "perfectplay-solution"
FORMAT_VERSION = 2
"""Version 2 files are gzip-compressed JSON lines: a header (the format, the version, the game
by its :func:`~perfectplay.core.solution.game_identity`, the method, the start, the primitive
counts, the number of positions, and the SHA-256 of the header and the lines after it), then one
line ``[position text, value letter, remoteness]`` per position (letters ``w l t d``; -1 for a
draw's remoteness). Lines let a reader check each position as it comes, with the number of
positions known before any is read.

Version 1 files, a single JSON document that names no game, are still read (within
:data:`V1_MAX_EXPANSION`), but cannot be checked to be for the game they are loaded for."""

MAX_LINE = 1 << 20
"""Longest line read (bytes; the header may be longer by the game's name): a position's text is
far shorter, so a longer line is a damaged or crafted file, refused before more is read."""

V1_MAX_EXPANSION = 32
"""Most bytes of JSON a version 1 file may hold per byte of gzip (it is measured before it is
read): files of the catalogue's games expand 1.4 to 9 times, a gzip bomb about 1,000 times."""

_V1_START = b'{"format":"perfectplay-solution",'
"""How every version 1 file starts (its writer put no spaces in the JSON)."""

_HEADER = {"format", "version", "game", "method", "start", "primitives", "positions", "sha256"}
"""The fields of a version 2 header."""

_PAYLOAD = {"game", "method", "start", "primitives", "positions", "values", "remoteness"}
"""The fields of a version 1 payload."""

_DEFLATE_MAX_RATIO = 1032
"""Most bytes deflate expands one byte to (258-byte matches in 2-bit codes)."""

_SHORTEST_LINE = len(b'["","l",0]\n')
"""Fewest bytes a position's line takes."""

_VALUE_LETTERS = {Value.WIN: "w", Value.LOSE: "l", Value.TIE: "t", Value.DRAW: "d"}
_LETTER_VALUES = {letter: value for value, letter in _VALUE_LETTERS.items()}


class DictSolution(Solution[P]):
    """A Solution held in a dict: one code per key (positions with the same ``game.key`` share
    an entry), with a representative position per key.

    Made by the pure-Python solvers (:mod:`perfectplay.solve.memo`,
    :mod:`perfectplay.solve.retrograde`).

    Examples
    --------
    >>> from perfectplay import solve
    >>> from perfectplay.games.nim import Nim
    >>> s = solve(Nim((1, 2)), method="memo")
    >>> type(s).__name__, s.value(), len(s), (1, 2) in s, (5,) in s
    ('DictSolution', Value.WIN, 5, True, False)
    """

    def __init__(self, game: Game[P], codes: Mapping[Hashable, int], *, start: P,
                 representatives: Mapping[Hashable, P] | None,
                 primitives: Mapping[Value, int], method: str) -> None:
        super().__init__(game, start=start, primitives=dict(primitives), method=method)
        self._codes = codes
        self._representatives = representatives
        self._key = game.key if has_hook(game, "key") else None

    def _lookup(self, position: P) -> int | None:
        return self._codes.get(self._key(position) if self._key is not None else position)

    def __len__(self) -> int:
        return len(self._codes)

    def positions(self) -> Iterator[tuple[P, Value, int | None]]:
        for k, code in self._codes.items():
            position = k if self._representatives is None else self._representatives[k]
            yield (position, *decode(code))  # type: ignore[misc]

    def counts(self) -> Counts:
        return Counts.of_codes(Counter(self._codes.values()), self.primitives)

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the solution to ``path``: gzip-compressed JSON lines, versioned, naming the
        game, SHA-256 checksummed (see :data:`FORMAT_VERSION`).

        Positions are stored in the game's text form (``format_position``), so the file is
        readable by any program and by :func:`~perfectplay.core.solution.load_solution` with
        the same game. The file is written whole to a temporary name and then renamed: a crash
        never leaves a torn file.
        """
        fmt = self.game.format_position
        lines = [json.dumps([fmt(position), _VALUE_LETTERS[value], -1 if r is None else r],
                            separators=(",", ":")).encode("ascii") + b"\n"
                 for position, value, r in self.positions()]
        header: dict[str, Any] = {
            "format": FORMAT,
            "version": FORMAT_VERSION,
            "game": game_identity(self.game),
            "method": self.method,
            "start": fmt(self.start),
            "primitives": {str(v): n for v, n in self.primitives.items()},
            "positions": len(lines),
        }
        header["sha256"] = checksum(header, *lines)

        def write(f: IO[bytes]) -> None:
            with gzip.GzipFile(fileobj=f, mode="wb", mtime=0) as zipped:
                zipped.write(json.dumps(header, separators=(",", ":")).encode("ascii") + b"\n")
                zipped.writelines(lines)

        write_atomically(path, write)


def _load(path: Path, game: Game[P]) -> DictSolution[P]:
    """Read a file written by :meth:`DictSolution.save`, for ``game``, of any version."""
    try:
        with gzip.open(path, "rb") as f:
            first = f.readline(MAX_LINE + 12 * len(game_identity(game)))  # 12: two \u escapes
            if first.endswith(b"\n"):
                return _load_lines(path, game, first, f)
            if first.startswith(_V1_START):  # version 1: one JSON document, no new line
                return _load_document(path, game, first, f)
            raise SolutionFileError(f"{path}: not a perfectplay solution (no header line)")
    except (OSError, EOFError, zlib.error) as exc:
        raise SolutionFileError(f"{path}: not a perfectplay solution, or damaged ({exc})"
                                ) from None


def _load_lines(path: Path, game: Game[P], first: bytes,
                f: gzip.GzipFile) -> DictSolution[P]:
    """Read the rest of a version 2 file whose header line is ``first``."""
    header = _json(path, first)
    read_header(path, header, FORMAT, FORMAT_VERSION)
    if header["version"] != FORMAT_VERSION:
        raise SolutionFileError(f"{path}: damaged (a version {header['version']} header on "
                                "lines)")
    n = header.get("positions")
    if not (set(header) == _HEADER and type(n) is int and n >= 0
            and all(type(header[name]) is str for name in ("game", "method", "start"))):
        raise SolutionFileError(f"{path}: damaged (header {reprlib.repr(header)})")
    check_game(path, header["game"], game)
    _check_room(path, game, n)
    primitives = read_primitives(path, header["primitives"], n)
    lines: list[bytes] = []
    solution = _solution(path, game, _lines(path, f, n, lines), start=header["start"],
                         primitives=primitives, method=header["method"])
    if f.read(1):
        raise SolutionFileError(f"{path}: damaged (more lines than its {n:,} positions)")
    fields = {name: value for name, value in header.items() if name != "sha256"}
    if checksum(fields, *lines) != header["sha256"]:
        raise SolutionFileError(f"{path}: checksum mismatch, the file is corrupt")
    return solution


def _check_room(path: Path, game: Game[Any], n: int) -> None:
    """Refuse a declared number of positions before reading them: more than the game has, than
    the file can hold, or than fits in memory."""
    bound = game.position_bound()
    if bound is not None and n > bound:
        raise SolutionFileError(f"{path}: declares {n:,} positions, but {game} has at most "
                                f"{bound:,}")
    if n * _SHORTEST_LINE > _DEFLATE_MAX_RATIO * path.stat().st_size:
        raise SolutionFileError(f"{path}: declares {n:,} positions, more than a file of "
                                f"{path.stat().st_size:,} bytes can hold")
    free = available_memory()
    if free is not None and n * PYTHON_BYTES_PER_POSITION > free:
        raise SolutionFileError(f"{path}: {n:,} positions need about "
                                f"{format_bytes(n * PYTHON_BYTES_PER_POSITION)} of memory, "
                                f"{format_bytes(free)} is free")


def _lines(path: Path, f: gzip.GzipFile, n: int, lines: list[bytes]) -> Iterator[Any]:
    """The ``n`` position lines of ``f``, decoded, each kept in ``lines`` for the checksum."""
    for i in range(n):
        line = f.readline(MAX_LINE)
        if not line.endswith(b"\n"):
            raise SolutionFileError(f"{path}: damaged (line {i + 2:,} is longer than "
                                    f"{MAX_LINE:,} bytes, or the file ends before it does)")
        lines.append(line)
        yield _json(path, line)


def _json(path: Path, line: bytes) -> Any:
    try:
        return json.loads(line.decode("ascii"))  # files are written in ASCII: \u escapes
    except (ValueError, RecursionError) as exc:  # ValueError: bad JSON, non-ASCII byte
        raise SolutionFileError(f"{path}: damaged ({exc})") from None


def _load_document(path: Path, game: Game[P], first: bytes,
                f: gzip.GzipFile) -> DictSolution[P]:
    """Read a version 1 file: one JSON document, of which ``first`` is the start."""
    limit = V1_MAX_EXPANSION * path.stat().st_size
    length = len(first)
    while chunk := f.read(1 << 16):  # measured first, so that a gzip bomb is never held
        length += len(chunk)
        if length > limit:
            raise SolutionFileError(f"{path}: expands more than {V1_MAX_EXPANSION} times, "
                                    "which no version 1 solution does (a gzip bomb?)")
    f.seek(0)
    text = f.read(length)
    document = _json(path, text)
    read_header(path, document, FORMAT, FORMAT_VERSION)
    if document["version"] != 1:
        raise SolutionFileError(f"{path}: damaged (a version {document['version']} header "
                                "in one document)")
    payload = document.get("payload")
    # every field is checked for its type before the checksum serialises the payload
    if not (isinstance(payload, dict) and set(payload) == _PAYLOAD
            and _all(payload["positions"], str) and type(payload["values"]) is str
            and _all(payload["remoteness"], int)
            and len(payload["positions"]) == len(payload["values"])
            == len(payload["remoteness"])
            and all(type(payload[name]) is str for name in ("game", "method", "start"))):
        raise SolutionFileError(f"{path}: damaged (payload of the wrong shape)")
    primitives = read_primitives(path, payload["primitives"], len(payload["positions"]))
    if checksum(payload) != document.get("sha256"):
        raise SolutionFileError(f"{path}: checksum mismatch, the file is corrupt")
    entries = zip(payload["positions"], payload["values"], payload["remoteness"], strict=True)
    return _solution(path, game, entries, start=payload["start"], primitives=primitives,
                     method=payload["method"])


def _all(items: Any, kind: type) -> bool:
    """Whether ``items`` is a list of ``kind`` exactly (no bool for an int)."""
    return type(items) is list and all(type(item) is kind for item in items)


def _solution(path: Path, game: Game[P], entries: Iterable[Any], *, start: str,
              primitives: dict[Value, int], method: str) -> DictSolution[P]:
    """The solution of decoded ``[text, letter, remoteness]`` entries, each checked."""
    key = game.key if has_hook(game, "key") else None
    codes: dict[Hashable, int] = {}
    representatives: dict[Hashable, P] | None = {} if key is not None else None
    for entry in entries:
        if not (isinstance(entry, list | tuple) and len(entry) == 3):
            raise SolutionFileError(f"{path}: damaged (entry {reprlib.repr(entry)})")
        text, letter, r = entry
        if type(letter) is not str or letter not in _LETTER_VALUES or type(r) is not int or (
                r != -1 if letter == "d" else not 0 <= r < SPAN):
            raise SolutionFileError(f"{path}: damaged (value {reprlib.repr(letter)} at remoteness "
                                    f"{reprlib.repr(r)})")
        position, k = _keyed(path, game, key, text)
        if k in codes:
            raise SolutionFileError(f"{path}: damaged (position {reprlib.repr(text)} is listed "
                                    "twice)")
        codes[k] = encode(_LETTER_VALUES[letter], r)
        if representatives is not None:
            representatives[k] = position
    first, first_key = _keyed(path, game, key, start)
    if first_key not in codes:
        raise SolutionFileError(f"{path}: damaged (its start {reprlib.repr(start)} is not "
                                "among its positions)")
    return DictSolution(game, codes, start=first, representatives=representatives,
                        primitives=primitives, method=method)


def _keyed(path: Path, game: Game[P], key: Any, text: Any) -> tuple[P, Hashable]:
    """A position read from a file, and its key."""
    position = read_position(path, game, text)
    if key is None:
        return position, position
    try:
        k = key(position)
        hash(k)
    except Exception as exc:  # the game's own code, on a position no solve produced
        raise SolutionFileError(f"{path}: damaged (position {reprlib.repr(text)} has no key: "
                                f"{reprlib.repr(str(exc))})") from None
    return position, k


register_format(b"\x1f\x8b", _load)
