"""The compiled engine's store: one code per encoded position in a numpy array, the reachable
positions as a bit array; saved as a NumPy ``.npz`` archive, versioned and checksummed."""

from __future__ import annotations

import ast
import functools
import json
import os
import re
import reprlib
import zipfile
import zlib
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np

from perfectplay.compiled.bitset import count_members, members
from perfectplay.compiled.codes import CODE16_SPAN, decode_codes, protocol_code, span_of
from perfectplay.core.errors import SolutionFileError
from perfectplay.core.game import Game, P
from perfectplay.core.limits import available_memory, format_bytes
from perfectplay.core.solution import (
    Counts,
    Solution,
    check_game,
    checksum,
    game_identity,
    read_header,
    read_position,
    read_primitives,
    write_atomically,
)
from perfectplay.core.values import Value

__all__ = ["DENSE_FORMAT", "DENSE_FORMAT_VERSION", "MAX_DOCUMENT", "DenseSolution", "load_dense"]

DENSE_FORMAT = "perfectplay-dense-solution"
DENSE_FORMAT_VERSION = 3
"""Version 3 files (written now) name their game, by its
:func:`~perfectplay.core.solution.game_identity`, and give the width of their codes in the
header (``code_bytes``: 2 or 4). Versions 1 (2-byte codes) and 2 (4-byte codes) are still read,
but name no game, so cannot be checked to be for the game they are loaded for."""

MAX_DOCUMENT = 1 << 20
"""Most characters of a file's JSON document beyond the game's name (it holds the start's text
and a few numbers): a longer one is a damaged or crafted file, refused before it is read."""

_NPY_HEADER = 1 << 10
"""Most bytes of an ``.npy`` member's header (numpy writes 128 for these arrays)."""

_NPY_MAGIC = b"\x93NUMPY\x01\x00"
"""The start of an ``.npy`` member of format 1.0, the one numpy writes for short headers."""

_HEADERS = {1: {"game", "method", "start", "primitives", "size"},
            3: {"game", "method", "start", "primitives", "size", "code_bytes"}}
"""The header fields of each layout (version 2 has those of version 1)."""

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
        document (the format, the version, the game, the width of the codes, a SHA-256
        checksum), the reachable bit array and the codes of the reachable positions (see
        :data:`DENSE_FORMAT_VERSION`). :func:`~perfectplay.core.solution.load_solution` reads it
        back (never unpickling)."""
        codes = np.ascontiguousarray(self._table[self._indices])
        header = {
            "game": game_identity(self.game),
            "method": self.method,
            "start": self.game.format_position(self.start),
            "primitives": {str(v): n for v, n in self.primitives.items()},
            "size": self._size,
            "code_bytes": codes.itemsize,
        }
        document = {"format": DENSE_FORMAT, "version": DENSE_FORMAT_VERSION,
                    "sha256": _dense_checksum(header, self._reachable, codes), "header": header}
        write_atomically(path, lambda f: np.savez_compressed(
            f, document=np.array(json.dumps(document)), reachable=self._reachable, codes=codes))


def load_dense(path: Path, game: Game[P]) -> DenseSolution[P]:
    """Read a file written by :meth:`DenseSolution.save`, for the same game (which must
    provide ``compiled()`` rules, for the encoding).

    Every size is checked before anything is read: the document against
    :data:`MAX_DOCUMENT`, the arrays against the game's encoding (a bit per integer, and a
    code per reachable position); every code is checked to lie in the layout of its width.

    Raises
    ------
    SolutionFileError
        When the file is not a dense perfectplay solution, has an unknown version, fails its
        checksum, is damaged or crafted, was saved for another game, or does not fit the game's
        encoding.
    """
    try:
        with zipfile.ZipFile(path) as archive:
            return _read_archive(path, archive, game)
    # NotImplementedError: zipfile's word for what it cannot read (a newer "version needed")
    except (OSError, EOFError, ValueError, NotImplementedError, zipfile.BadZipFile,
            zlib.error) as exc:
        raise SolutionFileError(f"{path}: not a perfectplay solution, or damaged ({exc})"
                                ) from None


def _read_archive(path: Path, archive: zipfile.ZipFile, game: Game[P]) -> DenseSolution[P]:
    from perfectplay.compiled.rules import rules_of
    from perfectplay.core.game import has_hook

    identity = game_identity(game)
    chars = MAX_DOCUMENT + 12 * len(identity)  # 12: two \u escapes of a character
    text = _array(path, archive, "document", lambda descr, shape: shape == () and (
        re.fullmatch(r"<U[1-9][0-9]{0,8}", descr) is not None and int(descr[2:]) <= chars),
        limit=_NPY_HEADER + 4 * chars)
    try:
        document = json.loads(str(text[()]))
    except (ValueError, RecursionError) as exc:
        raise SolutionFileError(f"{path}: damaged ({exc})") from None
    read_header(path, document, DENSE_FORMAT, DENSE_FORMAT_VERSION)
    version = document["version"]
    header = document.get("header")
    if not (isinstance(header, dict) and set(header) == _HEADERS[1 if version < 3 else 3]
            and all(type(header[name]) is str for name in ("game", "method", "start"))
            and type(header["size"]) is int and header.get("code_bytes", 2) in (2, 4)
            and type(header.get("code_bytes", 2)) is int):
        raise SolutionFileError(f"{path}: damaged (header {reprlib.repr(header)})")
    if version >= 3:
        check_game(path, header["game"], game)
    width = header.get("code_bytes", 2 if version == 1 else 4)
    if not has_hook(game, "compiled"):
        raise SolutionFileError(f"{path}: an array solution needs a game with compiled rules,"
                                f" and {game} has none")
    rules = rules_of(game)
    size = header["size"]
    if rules.size != size:
        raise SolutionFileError(f"{path}: solved with {size:,} encoded positions, but {game} "
                                f"encodes {rules.size:,}")
    reachable = _array(path, archive, "reachable",
                       lambda descr, shape: (descr, shape) == ("|u1", ((size + 7) // 8,)),
                       limit=_NPY_HEADER + (size + 7) // 8)
    if size % 8 and reachable[-1] >> (size % 8):
        raise SolutionFileError(f"{path}: damaged (reachable bits past the {size:,} positions)")
    n = count_members(reachable)
    needed = size * (width + 1) + n * 8  # the table, the bits unpacked, their indices
    free = available_memory()
    if free is not None and needed > free:
        raise SolutionFileError(f"{path}: loading {n:,} positions takes about "
                                f"{format_bytes(needed)} of memory, {format_bytes(free)} is "
                                "free")
    codes = _array(path, archive, "codes",
                   lambda descr, shape: (descr, shape) == (f"<u{width}", (n,)),
                   limit=_NPY_HEADER + n * width)
    primitives = read_primitives(path, header["primitives"], n)
    if _dense_checksum(header, reachable, codes) != document.get("sha256"):
        raise SolutionFileError(f"{path}: checksum mismatch, the file is corrupt")
    span = span_of(codes.dtype)
    if np.any((codes > 2 * span) & (codes < 3 * span)):  # the gap between DRAW and WIN
        raise SolutionFileError(f"{path}: damaged (codes outside the {width}-byte layout)")
    table = np.zeros(size, dtype=codes.dtype)
    table[members(reachable, size)] = codes
    solution = DenseSolution(game, encode=rules.encode, decode=rules.decode,
                             reachable=reachable, table=table,
                             start=read_position(path, game, header["start"]),
                             primitives=primitives, method=header["method"])
    if solution.start not in solution:
        raise SolutionFileError(f"{path}: damaged (its start {reprlib.repr(header['start'])} "
                                "is not among its positions)")
    return solution


def _array(path: Path, archive: zipfile.ZipFile, name: str, expected: Any, *,
           limit: int) -> Any:
    """The array ``name`` of ``archive``, read only when its member is at most ``limit`` bytes
    and its ``.npy`` header has ``expected(descr, shape)``."""
    try:
        info = archive.getinfo(f"{name}.npy")
    except KeyError:
        raise SolutionFileError(f"{path}: damaged (no {name} array)") from None
    # only what numpy writes: deflate or nothing, no encryption, no patch data
    if info.compress_type not in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED) or (
            info.flag_bits & ~0x808):  # 0x8: sizes after the data, 0x800: UTF-8 names
        raise SolutionFileError(f"{path}: damaged ({name} is stored in a way numpy never "
                                "writes)")
    if info.file_size > limit:
        raise SolutionFileError(f"{path}: damaged ({name} declares {info.file_size:,} bytes, "
                                f"more than the {limit:,} it can take)")
    with archive.open(info) as member:
        data = member.read(info.file_size)
    length = int.from_bytes(data[8:10], "little")
    fields = _npy_header(data[10:10 + length]) if data.startswith(_NPY_MAGIC) else None
    if not (isinstance(fields, dict) and set(fields) == {"descr", "fortran_order", "shape"}
            and fields["fortran_order"] is False and isinstance(fields["descr"], str)
            and expected(fields["descr"], fields["shape"])):
        raise SolutionFileError(f"{path}: damaged ({name} array of the wrong type or size)")
    dtype = np.dtype(fields["descr"])
    body = memoryview(data)[10 + length:]
    if len(body) != dtype.itemsize * int(np.prod(fields["shape"], dtype=np.int64)):
        raise SolutionFileError(f"{path}: damaged ({name} holds {len(body):,} bytes, not "
                                "what its header says)")
    return np.frombuffer(body, dtype=dtype).reshape(fields["shape"])


def _npy_header(text: bytes) -> Any:
    """The dict an ``.npy`` header writes, read without numpy's reader (which lets a crafted
    header raise tokenize's errors); None when it is not a short literal."""
    if len(text) > _NPY_HEADER:
        return None
    try:
        return ast.literal_eval(text.decode("latin1"))
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return None  # what literal_eval raises on text that is not a literal


def _read_only(array: Any) -> Any:
    view = array.view()
    view.flags.writeable = False
    return view


def _dense_checksum(header: Any, reachable: Any, codes: Any) -> str:
    return checksum(header, reachable.tobytes(), codes.astype(f"<u{codes.itemsize}").tobytes())
