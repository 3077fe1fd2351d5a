"""Solution: the answers of a solved game, position by position, and their file format."""

from __future__ import annotations

import functools
import gzip
import hashlib
import json
import os
import zipfile
from collections import Counter
from collections.abc import Hashable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from perfectplay.core.errors import GameError, PositionNotSolved, SolutionFileError
from perfectplay.core.game import Game, Move, Position, children_of, has_hook, move_order
from perfectplay.core.values import Value
from perfectplay.solve.bitset import count_members, has_member, members
from perfectplay.solve.codes import decode, encode, parent_code, value_of

__all__ = ["CODE16_SPAN", "CODE32_SPAN", "DENSE_FORMAT", "DENSE_FORMAT_VERSION", "FORMAT",
           "FORMAT_VERSION", "Counts", "DenseSolution", "MoveValue", "Solution", "decode_codes",
           "span_of"]

FORMAT = "perfectplay-solution"
FORMAT_VERSION = 1
DENSE_FORMAT = "perfectplay-dense-solution"
DENSE_FORMAT_VERSION = 2
"""Version 1 files hold 2-byte codes; version 2 adds 4-byte codes. A solution with 2-byte codes
is still written as version 1, so that older readers take it."""

CODE16_SPAN = 1 << 14
"""Layout of the 2-byte codes of a dense solution, in the order of :mod:`perfectplay.solve.codes`
(a parent picks the smallest child code): LOSE at remoteness r is ``r``, TIE ``SPAN + r``, DRAW
``2 * SPAN``, WIN ``4 * SPAN - 1 - r``; so a remoteness is at most ``SPAN - 1``."""

CODE32_SPAN = 1 << 30
"""The same layout in 4-byte codes, for games whose remoteness passes ``CODE16_SPAN - 1``."""


def span_of(dtype: Any) -> int:
    """The span of a code table's dtype: 2-byte codes :data:`CODE16_SPAN`, 4-byte
    :data:`CODE32_SPAN`.

    >>> import numpy as np
    >>> span_of(np.dtype(np.uint16)), span_of(np.dtype(np.uint32)) == CODE32_SPAN
    (16384, True)
    """
    return CODE16_SPAN if dtype.itemsize == 2 else CODE32_SPAN
_VALUE_LETTERS = {Value.WIN: "w", Value.LOSE: "l", Value.TIE: "t", Value.DRAW: "d"}
_LETTER_VALUES = {letter: value for value, letter in _VALUE_LETTERS.items()}


@dataclass(frozen=True)
class MoveValue:
    """One legal move, judged: what it is worth to the player who makes it."""

    move: Move
    """The move's label."""

    position: Position
    """The position the move leads to."""

    value: Value
    """The value for the player making the move (WIN: this move wins)."""

    remoteness: int | None
    """Moves left to the end after this move, under perfect play; None for a DRAW."""


@dataclass(frozen=True)
class Counts:
    """The analysis table: solved positions by value and remoteness.

    >>> from perfectplay import solve
    >>> from perfectplay.games.subtraction import Subtraction
    >>> print(solve(Subtraction(4, (1, 2))).counts().format_table())
    remoteness    win   lose    tie   draw  total
             0      0      1      0      0      1
             1      2      0      0      0      2
             2      0      1      0      0      1
             3      1      0      0      0      1
         total      3      2      0      0      5
    """

    positions: int
    """Number of distinct solved positions (one per key)."""

    by_value: dict[Value, int]
    """Positions of each value."""

    by_remoteness: dict[int, dict[Value, int]]
    """Positions of each value at each remoteness (DRAWs have none and are left out)."""

    primitives: dict[Value, int]
    """Primitive (finished) positions of each value."""

    def format_table(self) -> str:
        """The table as text, one row per remoteness, Gamesman-style."""
        values = list(Value)
        rows = ["remoteness" + "".join(f"{v!s:>7}" for v in values) + "  total"]
        top = max(self.by_remoteness, default=-1)
        for r in range(top + 1):
            row = self.by_remoteness.get(r, {})
            cells = [row.get(v, 0) for v in values]
            rows.append(f"{r:>10}" + "".join(f"{c:>7}" for c in cells) + f"{sum(cells):>7}")
        cells = [self.by_value.get(v, 0) for v in values]
        rows.append(f"{'total':>10}" + "".join(f"{c:>7}" for c in cells) + f"{sum(cells):>7}")
        return "\n".join(rows)


class Solution:
    """Every solved position of a game, with its value and remoteness.

    Made by :func:`perfectplay.solve`; ask it about any position reachable from where the
    solve started. Positions with the same ``game.key`` share one entry.

    Examples
    --------
    >>> from perfectplay import solve
    >>> from perfectplay.games.tictactoe import TicTacToe
    >>> s = solve(TicTacToe())
    >>> s.value(), s.remoteness()
    (Value.TIE, 9)
    >>> s.value("XX.OO....")
    Value.WIN
    >>> [(m.move, str(m.value), m.remoteness) for m in s.moves("XX.OO....")][:2]
    [(2, 'win', 0), (5, 'tie', 4)]
    >>> s.best_move("XX.OO...."), s.line("XX.OO....")
    (2, [2])
    """

    def __init__(self, game: Game, codes: Mapping[Hashable, int], *, start: Position,
                 representatives: Mapping[Hashable, Position] | None,
                 primitives: Mapping[Value, int], method: str) -> None:
        self.game = game
        self.start = start
        self.method = method
        self._codes = codes
        self._representatives = representatives
        self._primitives = {v: primitives.get(v, 0) for v in Value}
        self._key = game.key if has_hook(game, "key") else None

    def __repr__(self) -> str:
        return f"<Solution of {self.game} by {self.method}: {len(self)} positions>"

    def __len__(self) -> int:
        return len(self._codes)

    def __contains__(self, position: Position) -> bool:
        return self._code_or_none(position) is not None

    def _code_or_none(self, position: Position) -> int | None:
        return self._codes.get(self._key(position) if self._key is not None else position)

    def _code(self, position: Position | None) -> int:
        position = self.start if position is None else position
        code = self._code_or_none(position)
        if code is None:
            raise PositionNotSolved(position)
        return code

    def value(self, position: Position | None = None) -> Value:
        """The value of ``position`` (default: the start) for the player to move.

        Raises
        ------
        PositionNotSolved
            When the position was not reached by the solve.
        """
        return value_of(self._code(position))

    def get(self, position: Position, default: Value | None = None) -> Value | None:
        """Like :meth:`value`, but ``default`` for a position not solved."""
        code = self._code_or_none(position)
        return default if code is None else value_of(code)

    def remoteness(self, position: Position | None = None) -> int | None:
        """Moves to the end under perfect play (the winner hurries, the loser delays, a tie takes
        the shortest way); None for a DRAW."""
        return decode(self._code(position))[1]

    def moves(self, position: Position | None = None) -> list[MoveValue]:
        """Every legal move from ``position`` with its value, best first.

        Ranking: winning moves (quickest first), tying moves (quickest first), drawing moves,
        losing moves (slowest loss first); equal moves in the order of their labels.

        Raises
        ------
        GameError
            When a move leads to a position the solve never met (``moves`` is not
            deterministic).
        """
        position = self.start if position is None else position
        self._code(position)
        if has_hook(self.game, "primitive") and self.game.primitive(position) is not None:
            return []
        ranked = []
        for move, child in children_of(self.game, position):
            code = self._code_or_none(child)
            if code is None:
                raise GameError(f"moves() is not deterministic: move {move!r} leads to "
                                f"{child!r}, which the solve never met", position=position)
            ranked.append((code, move_order(move), move, child))
        ranked.sort(key=lambda entry: entry[:2])
        return [MoveValue(move, child, value_of(parent_code(code)), decode(code)[1])
                for code, _, move, child in ranked]

    def best_move(self, position: Position | None = None) -> Move | None:
        """The first of :meth:`moves`, or None where the game is over."""
        ranked = self.moves(position)
        return ranked[0].move if ranked else None

    def line(self, position: Position | None = None) -> list[Move]:
        """The principal variation: best moves to the end of the game, or, for a DRAW, until a
        position repeats."""
        position = self.start if position is None else position
        seen = set()
        line = []
        while True:
            seen.add(self._key(position) if self._key is not None else position)
            ranked = self.moves(position)
            if not ranked:
                return line
            line.append(ranked[0].move)
            position = ranked[0].position
            if (self._key(position) if self._key is not None else position) in seen:
                return line

    def positions(self) -> Iterator[tuple[Position, Value, int | None]]:
        """Every solved position (one per key) with its value and remoteness."""
        for k, code in self._codes.items():
            position = k if self._representatives is None else self._representatives[k]
            yield (position, *decode(code))

    def counts(self) -> Counts:
        """The analysis table of this solution."""
        by_code = Counter(self._codes.values())
        by_value: Counter[Value] = Counter()
        by_remoteness: dict[int, Counter[Value]] = {}
        for code, n in by_code.items():
            value, r = decode(code)
            by_value[value] += n
            if r is not None:
                by_remoteness.setdefault(r, Counter())[value] += n
        return Counts(positions=len(self._codes),
                      by_value={v: by_value[v] for v in Value},
                      by_remoteness={r: dict(by_remoteness[r]) for r in sorted(by_remoteness)},
                      primitives=dict(self._primitives))

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the solution to ``path`` (gzip-compressed JSON, versioned, SHA-256 checksummed).

        Positions are stored in the game's text form (``format_position``), so the file is
        readable by any program and by :meth:`load` with the same game. The file is written
        whole to a temporary name and then renamed: a crash never leaves a torn file.
        """
        fmt = self.game.format_position
        payload: dict[str, Any] = {
            "game": str(self.game),
            "method": self.method,
            "start": fmt(self.start),
            "primitives": {str(v): n for v, n in self._primitives.items()},
            "positions": [],
            "values": "",
            "remoteness": [],
        }
        letters = []
        for position, value, r in self.positions():
            payload["positions"].append(fmt(position))
            letters.append(_VALUE_LETTERS[value])
            payload["remoteness"].append(-1 if r is None else r)
        payload["values"] = "".join(letters)
        document = {"format": FORMAT, "version": FORMAT_VERSION,
                    "sha256": _checksum(payload), "payload": payload}
        path = Path(path)
        partial = path.with_name(path.name + ".partial")
        with gzip.open(partial, "wt", encoding="utf-8") as f:
            json.dump(document, f, separators=(",", ":"))
        os.replace(partial, path)

    @classmethod
    def load(cls, path: str | os.PathLike[str], game: Game) -> Solution:
        """Read a solution written by :meth:`save`, for the same game.

        Raises
        ------
        SolutionFileError
            When the file is not a perfectplay solution, has an unknown version, or fails its
            checksum.

        Notes
        -----
        Reads both formats: the JSON one of :meth:`save` and the array one of
        :meth:`DenseSolution.save`.
        """
        if _is_zip(path):
            return DenseSolution.load(path, game)
        try:
            with gzip.open(path, "rt", encoding="utf-8") as f:
                document = json.load(f)
        except (OSError, EOFError, ValueError) as exc:
            raise SolutionFileError(f"{path}: not a perfectplay solution ({exc})") from None
        _check_header(path, document, FORMAT, FORMAT_VERSION)
        payload = document.get("payload")
        if _checksum(payload) != document.get("sha256"):
            raise SolutionFileError(f"{path}: checksum mismatch, the file is corrupt")
        parse = game.parse_position
        key = game.key if has_hook(game, "key") else None
        codes: dict[Hashable, int] = {}
        representatives: dict[Hashable, Position] | None = {} if key is not None else None
        for text, letter, r in zip(payload["positions"], payload["values"],
                                   payload["remoteness"], strict=True):
            position = parse(text)
            k = key(position) if key is not None else position
            codes[k] = encode(_LETTER_VALUES[letter], r)
            if representatives is not None:
                representatives[k] = position
        primitives = {v: payload["primitives"].get(str(v), 0) for v in Value}
        return cls(game, codes, start=parse(payload["start"]), representatives=representatives,
                   primitives=primitives, method=payload["method"])


def _check_header(path: Any, document: Any, name: str, version: int) -> None:
    """Refuse a document that is not a solution of format ``name`` at a version from 1 to
    ``version``."""
    if not isinstance(document, dict) or document.get("format") != name:
        raise SolutionFileError(f"{path}: not a perfectplay solution")
    found = document.get("version")
    if type(found) is not int or not 1 <= found <= version:
        readable = "version 1" if version == 1 else f"versions 1 to {version}"
        raise SolutionFileError(f"{path}: unsupported version {found!r} (this perfectplay "
                                f"reads {readable})")


def _checksum(payload: Any) -> str:
    text = json.dumps(payload, separators=(",", ":"), sort_keys=True)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _is_zip(path: str | os.PathLike[str]) -> bool:
    try:
        with open(path, "rb") as f:
            return f.read(4) == b"PK\x03\x04"
    except OSError:
        return False


def decode_codes(codes: Any, span: int = CODE16_SPAN) -> tuple[Any, Any]:
    """Vectorised :func:`perfectplay.solve.codes.decode` of dense codes of a span (see
    :data:`CODE16_SPAN`).

    Returns the value index of each code (the position of its value in ``list(Value)``: WIN 0,
    LOSE 1, TIE 2, DRAW 3) and its remoteness (-1 for DRAW), as int64 arrays.

    >>> import numpy as np
    >>> decode_codes(np.array([0, 3, CODE16_SPAN + 2, 2 * CODE16_SPAN, 4 * CODE16_SPAN - 2]))
    (array([1, 1, 2, 3, 0]), array([ 0,  3,  2, -1,  1]))
    >>> decode_codes(np.array([4 * CODE32_SPAN - 20_001]), CODE32_SPAN)
    (array([0]), array([20000]))
    """
    import numpy as np

    codes = np.asarray(codes, dtype=np.int64)
    values = np.select([codes < span, codes < 2 * span, codes == 2 * span], [1, 2, 3], 0)
    remoteness = np.select([codes < span, codes < 2 * span, codes == 2 * span],
                           [codes, codes - span, -1], 4 * span - 1 - codes)
    return values, remoteness


class _DenseCodes(Mapping[Hashable, int]):
    """The codes of a dense solution as the Mapping a Solution reads: position -> code of
    :mod:`perfectplay.solve.codes`, through the game's integer encoding."""

    def __init__(self, encode: Any, decode: Any, reachable: Any, table: Any) -> None:
        self.encode = encode
        self.decode = decode
        self.reachable = reachable
        self.table = table
        self.span = span_of(table.dtype)
        self.size = len(table)
        self._length = count_members(reachable)

    @functools.cached_property
    def indices(self) -> Any:
        """The reachable positions' integers, ascending: built on first use (8 bytes each), so
        that a solve that only answers questions never pays for it."""
        return members(self.reachable, self.size)

    def index(self, position: Hashable) -> int | None:
        try:
            i = self.encode(position)
        except (ValueError, TypeError, KeyError, IndexError):
            return None
        if not 0 <= i < self.size or not has_member(self.reachable, i):
            return None
        return i

    def __getitem__(self, position: Hashable) -> int:
        i = self.index(position)
        if i is None:
            raise KeyError(position)
        values, remoteness = decode_codes(self.table[i:i + 1], self.span)
        value = _VALUES[values[0]]
        return encode(value, None if value is Value.DRAW else int(remoteness[0]))

    def __len__(self) -> int:
        return self._length

    def __iter__(self) -> Iterator[Hashable]:
        for i in self.indices:
            yield self.decode(int(i))


_VALUES = list(Value)


class DenseSolution(Solution):
    """A Solution held in arrays: one code per encoded position (value and remoteness; uint16,
    see :data:`CODE16_SPAN`, or uint32 for a remoteness past 16,383) and the reachable positions
    as a bit array.

    Made by :func:`perfectplay.compiled.compiled_solve`; answers exactly like a
    :class:`Solution`, in the game's own positions, through the game's integer encoding.

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
        As for :class:`Solution`.
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

    def __init__(self, game: Game, *, encode: Any, decode: Any, reachable: Any, table: Any,
                 start: Position, primitives: Mapping[Value, int], method: str,
                 compile_seconds: float = 0.0) -> None:
        super().__init__(game, _DenseCodes(encode, decode, reachable, table), start=start,
                         representatives=None, primitives=primitives, method=method)
        self.compile_seconds = compile_seconds

    @property
    def reachable(self) -> Any:
        """The uint8 bit array of solved positions (read-only view)."""
        return _read_only(self._codes.reachable)

    @property
    def table(self) -> Any:
        """The code of every encoded position (read-only view; uint16, or uint32 when a
        remoteness passes 16,383)."""
        return _read_only(self._codes.table)

    def positions(self) -> Iterator[tuple[Position, Value, int | None]]:
        """Every solved position with its value and remoteness, in encoding order."""
        dense = self._codes
        values, remoteness = decode_codes(dense.table[dense.indices], dense.span)
        for i, v, r in zip(dense.indices.tolist(), values.tolist(), remoteness.tolist(),
                           strict=True):
            yield dense.decode(i), _VALUES[v], (None if r < 0 else r)

    def counts(self) -> Counts:
        """The analysis table, counted over the arrays (no Python object per position)."""
        import numpy as np

        dense = self._codes
        codes = dense.table[dense.indices]
        if dense.span == CODE16_SPAN:
            histogram = np.bincount(codes, minlength=1 << 16)
            present = np.flatnonzero(histogram)
            numbers = histogram[present]
        else:  # 4-byte codes: sort rather than count into 2^32 bins
            present, numbers = np.unique(codes, return_counts=True)
        values, remoteness = decode_codes(present, dense.span)
        by_value = dict.fromkeys(Value, 0)
        by_remoteness: dict[int, Counter[Value]] = {}
        for v, r, n in zip(values.tolist(), remoteness.tolist(), numbers.tolist(), strict=True):
            by_value[_VALUES[v]] += n
            if r >= 0:
                by_remoteness.setdefault(r, Counter())[_VALUES[v]] += n
        return Counts(positions=len(dense.indices), by_value=by_value,
                      by_remoteness={r: dict(by_remoteness[r]) for r in sorted(by_remoteness)},
                      primitives=dict(self._primitives))

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the solution to ``path`` as a compressed numpy archive (``.npz``): a JSON
        header, the reachable bit array and the codes of the reachable positions, versioned and
        SHA-256 checksummed. :meth:`Solution.load` reads it back (never unpickling)."""
        import numpy as np

        dense = self._codes
        codes = np.ascontiguousarray(dense.table[dense.indices])
        header = {
            "game": str(self.game),
            "method": self.method,
            "start": self.game.format_position(self.start),
            "primitives": {str(v): n for v, n in self._primitives.items()},
            "size": dense.size,
        }
        document = {"format": DENSE_FORMAT, "version": 1 if codes.itemsize == 2 else 2,
                    "sha256": _dense_checksum(header, dense.reachable, codes), "header": header}
        path = Path(path)
        partial = path.with_name(path.name + ".partial")
        with open(partial, "wb") as f:
            np.savez_compressed(f, document=np.array(json.dumps(document)),
                                reachable=dense.reachable, codes=codes)
        os.replace(partial, path)

    @classmethod
    def load(cls, path: str | os.PathLike[str], game: Game) -> DenseSolution:
        """Read a solution written by :meth:`save`, for the same game (which must provide
        ``compiled()`` rules, for the encoding).

        Raises
        ------
        SolutionFileError
            When the file is not a dense perfectplay solution, has an unknown version, fails
            its checksum, or does not fit the game's encoding.
        """
        import numpy as np

        try:
            with np.load(path, allow_pickle=False) as archive:
                document = json.loads(str(archive["document"]))
                reachable = np.array(archive["reachable"], dtype=np.uint8)
                codes = np.array(archive["codes"])
        except (OSError, KeyError, ValueError, EOFError, zipfile.BadZipFile) as exc:
            raise SolutionFileError(f"{path}: not a perfectplay solution ({exc})") from None
        _check_header(path, document, DENSE_FORMAT, DENSE_FORMAT_VERSION)
        width = 2 if document["version"] == 1 else 4
        if codes.dtype != np.dtype(f"<u{width}") and codes.dtype != np.dtype(f"u{width}"):
            raise SolutionFileError(f"{path}: codes of type {codes.dtype}, expected "
                                    f"{width}-byte unsigned integers")
        header = document.get("header")
        if _dense_checksum(header, reachable, codes) != document.get("sha256"):
            raise SolutionFileError(f"{path}: checksum mismatch, the file is corrupt")
        if not callable(getattr(game, "compiled", None)):
            raise SolutionFileError(f"{path}: an array solution needs a game with compiled rules,"
                                    f" and {game} has none")
        rules = game.compiled()
        size = header["size"]
        if rules.size != size:
            raise SolutionFileError(f"{path}: solved with {size} encoded positions, but {game} "
                                    f"encodes {rules.size}")
        table = np.zeros(size, dtype=codes.dtype)
        table[members(reachable, size)] = codes
        primitives = {v: header["primitives"].get(str(v), 0) for v in Value}
        return cls(game, encode=rules.encode, decode=rules.decode, reachable=reachable,
                   table=table, start=game.parse_position(header["start"]),
                   primitives=primitives, method=header["method"])


def _read_only(array: Any) -> Any:
    view = array.view()
    view.flags.writeable = False
    return view


def _dense_checksum(header: Any, reachable: Any, codes: Any) -> str:
    digest = hashlib.sha256(json.dumps(header, separators=(",", ":"), sort_keys=True).encode())
    digest.update(reachable.tobytes())
    digest.update(codes.astype(f"<u{codes.itemsize}").tobytes())
    return digest.hexdigest()
