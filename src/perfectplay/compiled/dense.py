"""The compiled engine's store: one code per encoded position in a numpy array, the reachable
positions as a bit array; saved as a NumPy ``.npz`` archive, versioned and checksummed."""

from __future__ import annotations

import functools
import json
import os
import zipfile
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np

from perfectplay.compiled.bitset import count_members, members
from perfectplay.compiled.codes import CODE16_SPAN, decode_codes, protocol_code, span_of
from perfectplay.core.errors import SolutionFileError
from perfectplay.core.game import Game, P
from perfectplay.core.solution import Counts, Solution, checksum, read_header, write_atomically
from perfectplay.core.values import Value

__all__ = ["DENSE_FORMAT", "DENSE_FORMAT_VERSION", "DenseSolution", "load_dense"]

DENSE_FORMAT = "perfectplay-dense-solution"
DENSE_FORMAT_VERSION = 2
"""Version 1 files hold 2-byte codes; version 2 adds 4-byte codes. A solution with 2-byte codes
is still written as version 1, so that older readers take it."""

_VALUES = list(Value)


class DenseSolution(Solution[P]):
    """A Solution held in arrays: one code per encoded position (value and remoteness; uint16,
    see :data:`~perfectplay.compiled.codes.CODE16_SPAN`, or uint32 for a remoteness past
    16,383) and the reachable positions as a bit array.

    Made by :func:`perfectplay.compiled.compiled_solve`; answers exactly like every
    :class:`~perfectplay.core.solution.Solution`, in the game's own positions, through the
    game's integer encoding. A single position's value reads one entry (about a microsecond).

    Parameters
    ----------
    game : Game
    encode, decode : callable
        Position to integer in ``[0, len(table))`` and back.
    reachable : numpy.ndarray
        uint8 bit array, bit ``i & 7`` of byte ``i >> 3`` set for every solved position ``i``.
    table : numpy.ndarray
        uint16 (or uint32) codes, one per integer (meaningful where ``reachable`` is set).
    start, primitives, method
        As for :class:`~perfectplay.core.solution.Solution`.
    compile_seconds : float
        Time spent compiling or loading kernels from the cache (not solving).

    Examples
    --------
    >>> from perfectplay import solve
    >>> from perfectplay.games.tictactoe import TicTacToe
    >>> s = solve(TicTacToe(), method="compiled")
    >>> type(s).__name__, s.value(), s.remoteness(), len(s)
    ('DenseSolution', Value.TIE, 9, 5478)
    """

    def __init__(self, game: Game[P], *, encode: Any, decode: Any, reachable: Any, table: Any,
                 start: P, primitives: dict[Value, int], method: str,
                 compile_seconds: float = 0.0) -> None:
        super().__init__(game, start=start, primitives=primitives, method=method)
        self.compile_seconds = compile_seconds
        self._encode = encode
        self._decode = decode
        self._reachable = reachable
        self._table = table
        self._span = span_of(table.dtype)
        self._size = len(table)
        self._length = count_members(reachable)
        self._view()

    def _view(self) -> None:
        # memoryviews index to plain ints, ten times faster than numpy scalars
        self._reach_bytes = memoryview(self._reachable)  # numpy arrays are buffers
        self._codes = memoryview(np.ascontiguousarray(self._table))  # type: ignore[arg-type]

    def __getstate__(self) -> dict[str, Any]:
        """Pickled without the memoryviews (they are views of the arrays, rebuilt on load)."""
        state = self.__dict__.copy()
        del state["_reach_bytes"], state["_codes"]
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._view()

    @property
    def reachable(self) -> Any:
        """The uint8 bit array of solved positions (read-only view)."""
        return _read_only(self._reachable)

    @property
    def table(self) -> Any:
        """The code of every encoded position (read-only view; uint16, or uint32 when a
        remoteness passes 16,383)."""
        return _read_only(self._table)

    @functools.cached_property
    def _indices(self) -> Any:
        """The reachable positions' integers, ascending: built on first use (8 bytes each), so
        that a solve that only answers questions never pays for it."""
        return members(self._reachable, self._size)

    def _lookup(self, position: P) -> int | None:
        try:
            i = self._encode(position)
        except (ValueError, TypeError, KeyError, IndexError):
            return None
        if not 0 <= i < self._size or not (self._reach_bytes[i >> 3] >> (i & 7)) & 1:
            return None
        return protocol_code(self._codes[i], self._span)

    def __len__(self) -> int:
        return self._length

    def positions(self) -> Iterator[tuple[P, Value, int | None]]:
        """Every solved position with its value and remoteness, in encoding order."""
        indices = self._indices
        values, remoteness = decode_codes(self._table[indices], self._span)
        for i, v, r in zip(indices.tolist(), values.tolist(), remoteness.tolist(), strict=True):
            yield self._decode(i), _VALUES[v], (None if r < 0 else r)

    def counts(self) -> Counts:
        """The analysis table, counted over the arrays (no Python object per position)."""
        codes = self._table[self._indices]
        if self._span == CODE16_SPAN:
            histogram = np.bincount(codes, minlength=1 << 16)
            present = np.flatnonzero(histogram)
            numbers = histogram[present]
        else:  # 4-byte codes: sort rather than count into 2^32 bins
            present, numbers = np.unique(codes, return_counts=True)
        by_code = {protocol_code(int(c), self._span): int(n)
                   for c, n in zip(present.tolist(), numbers.tolist(), strict=True)}
        return Counts.of_codes(Counter(by_code), self.primitives)

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the solution to ``path`` as a compressed numpy archive (``.npz``): a JSON
        header, the reachable bit array and the codes of the reachable positions, versioned and
        SHA-256 checksummed. :func:`~perfectplay.core.solution.load_solution` reads it back
        (never unpickling)."""
        codes = np.ascontiguousarray(self._table[self._indices])
        header = {
            "game": str(self.game),
            "method": self.method,
            "start": self.game.format_position(self.start),
            "primitives": {str(v): n for v, n in self.primitives.items()},
            "size": self._size,
        }
        document = {"format": DENSE_FORMAT, "version": 1 if codes.itemsize == 2 else 2,
                    "sha256": _dense_checksum(header, self._reachable, codes), "header": header}
        write_atomically(path, lambda f: np.savez_compressed(
            f, document=np.array(json.dumps(document)), reachable=self._reachable, codes=codes))


def load_dense(path: Path, game: Game[P]) -> DenseSolution[P]:
    """Read a file written by :meth:`DenseSolution.save`, for the same game (which must
    provide ``compiled()`` rules, for the encoding).

    Raises
    ------
    SolutionFileError
        When the file is not a dense perfectplay solution, has an unknown version, fails its
        checksum, or does not fit the game's encoding.
    """
    from perfectplay.compiled.rules import rules_of
    from perfectplay.core.game import has_hook

    try:
        with np.load(path, allow_pickle=False) as archive:
            document = json.loads(str(archive["document"]))
            reachable = np.array(archive["reachable"], dtype=np.uint8)
            codes = np.array(archive["codes"])
    except (OSError, KeyError, ValueError, EOFError, zipfile.BadZipFile) as exc:
        raise SolutionFileError(f"{path}: not a perfectplay solution ({exc})") from None
    read_header(path, document, DENSE_FORMAT, DENSE_FORMAT_VERSION)
    width = 2 if document["version"] == 1 else 4
    if codes.dtype != np.dtype(f"<u{width}") and codes.dtype != np.dtype(f"u{width}"):
        raise SolutionFileError(f"{path}: codes of type {codes.dtype}, expected "
                                f"{width}-byte unsigned integers")
    header = document.get("header")
    if _dense_checksum(header, reachable, codes) != document.get("sha256"):
        raise SolutionFileError(f"{path}: checksum mismatch, the file is corrupt")
    if not has_hook(game, "compiled"):
        raise SolutionFileError(f"{path}: an array solution needs a game with compiled rules,"
                                f" and {game} has none")
    rules = rules_of(game)
    size = header["size"]
    if rules.size != size:
        raise SolutionFileError(f"{path}: solved with {size} encoded positions, but {game} "
                                f"encodes {rules.size}")
    table = np.zeros(size, dtype=codes.dtype)
    table[members(reachable, size)] = codes
    primitives = {v: header["primitives"].get(str(v), 0) for v in Value}
    return DenseSolution(game, encode=rules.encode, decode=rules.decode, reachable=reachable,
                         table=table, start=game.parse_position(header["start"]),
                         primitives=primitives, method=header["method"])


def _read_only(array: Any) -> Any:
    view = array.view()
    view.flags.writeable = False
    return view


def _dense_checksum(header: Any, reachable: Any, codes: Any) -> str:
    return checksum(header, reachable.tobytes(), codes.astype(f"<u{codes.itemsize}").tobytes())
