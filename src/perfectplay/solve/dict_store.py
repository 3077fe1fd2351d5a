"""The pure-Python solvers' store: a dict from key to code, saved as gzip-compressed JSON."""

from __future__ import annotations

import gzip
import io
import json
import os
from collections import Counter
from collections.abc import Hashable, Iterator, Mapping
from pathlib import Path
from typing import Any

from perfectplay.core.codes import decode, encode
from perfectplay.core.errors import SolutionFileError
from perfectplay.core.game import Game, P, has_hook
from perfectplay.core.solution import (
    Counts,
    Solution,
    checksum,
    read_header,
    register_format,
    write_atomically,
)
from perfectplay.core.values import Value

__all__ = ["FORMAT", "FORMAT_VERSION", "DictSolution"]

FORMAT = "perfectplay-solution"
FORMAT_VERSION = 1

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
        """Write the solution to ``path`` (gzip-compressed JSON, versioned, SHA-256 checksummed).

        Positions are stored in the game's text form (``format_position``), so the file is
        readable by any program and by :func:`~perfectplay.core.solution.load_solution` with
        the same game. The file is written whole to a temporary name and then renamed: a crash
        never leaves a torn file.
        """
        fmt = self.game.format_position
        positions, letters, remoteness = [], [], []
        for position, value, r in self.positions():
            positions.append(fmt(position))
            letters.append(_VALUE_LETTERS[value])
            remoteness.append(-1 if r is None else r)
        payload: dict[str, Any] = {
            "game": str(self.game),
            "method": self.method,
            "start": fmt(self.start),
            "primitives": {str(v): n for v, n in self.primitives.items()},
            "positions": positions,
            "values": "".join(letters),
            "remoteness": remoteness,
        }
        document = {"format": FORMAT, "version": FORMAT_VERSION,
                    "sha256": checksum(payload), "payload": payload}

        def write(f: Any) -> None:
            with gzip.GzipFile(fileobj=f, mode="wb") as zipped:
                zipped.write(json.dumps(document, separators=(",", ":")).encode("utf-8"))

        write_atomically(path, write)


def _load(path: Path, game: Game[P]) -> DictSolution[P]:
    """Read a file written by :meth:`DictSolution.save`, for ``game``."""
    try:
        with gzip.open(path, "rb") as f:
            document = json.load(io.TextIOWrapper(f, encoding="utf-8"))
    except (OSError, EOFError, ValueError) as exc:
        raise SolutionFileError(f"{path}: not a perfectplay solution ({exc})") from None
    read_header(path, document, FORMAT, FORMAT_VERSION)
    payload = document.get("payload")
    if checksum(payload) != document.get("sha256"):
        raise SolutionFileError(f"{path}: checksum mismatch, the file is corrupt")
    parse = game.parse_position
    key = game.key if has_hook(game, "key") else None
    codes: dict[Hashable, int] = {}
    representatives: dict[Hashable, P] | None = {} if key is not None else None
    for text, letter, r in zip(payload["positions"], payload["values"], payload["remoteness"],
                               strict=True):
        position = parse(text)
        k = key(position) if key is not None else position
        codes[k] = encode(_LETTER_VALUES[letter], r)
        if representatives is not None:
            representatives[k] = position
    primitives = {v: payload["primitives"].get(str(v), 0) for v in Value}
    return DictSolution(game, codes, start=parse(payload["start"]),
                        representatives=representatives, primitives=primitives,
                        method=payload["method"])


register_format(b"\x1f\x8b", _load)
