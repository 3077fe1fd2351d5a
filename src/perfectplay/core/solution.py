"""The Solution protocol: what every engine's store answers, and how stores are saved and read.

A store holds one code per solved position (the codes of :mod:`perfectplay.core.codes`); this
module turns codes into answers (values, remoteness, ranked moves, lines, the analysis table)
the same way for every store. Stores register the file formats they write, so
:func:`load_solution` reads every format without importing an engine.
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import re
import secrets
import stat
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, Generic

from perfectplay.core.codes import decode, encode, parent_code, value_of
from perfectplay.core.errors import GameError, PositionNotSolved, SolutionFileError
from perfectplay.core.game import Game, Move, P, children_of, has_hook, move_order
from perfectplay.core.values import Value

__all__ = ["Counts", "MoveValue", "Solution", "check_game", "checksum", "game_identity",
           "load_solution", "rank_moves", "read_header", "read_position", "read_primitives",
           "register_format", "write_atomically"]


@dataclass(frozen=True)
class MoveValue:
    """One legal move, judged: what it is worth to the player who makes it. Every engine gives
    its moves as these (:meth:`Solution.moves`, :func:`perfectplay.analyze`), ranked by
    :func:`rank_moves`.

    >>> entry = MoveValue(2, "XXXOO....", Value.WIN, 0)
    >>> entry.remoteness, entry.moves_to_end
    (0, 1)
    """

    move: Move
    """The move's label."""

    position: Hashable
    """The position the move leads to (its child)."""

    value: Value
    """The value for the player making the move (WIN: this move wins)."""

    remoteness: int | None
    """The remoteness of the child: moves left to the end after this move, under perfect play;
    None for a DRAW (and after a search for values only)."""

    @property
    def moves_to_end(self) -> int | None:
        """Moves to the end with this move made, this one included: ``remoteness + 1``, what a
        person reads (``perfectplay play``, the page), so that a position's best move reads as
        the position does; None where ``remoteness`` is."""
        return None if self.remoteness is None else self.remoteness + 1

    def to_json(self, game: Game[Any]) -> dict[str, Any]:
        """The JSON-ready object every command and the page give for a move: ``move`` and
        ``child`` in the game's notation, ``value``, ``remoteness`` (the child's) and
        ``moves_to_end``.

        >>> from perfectplay.games.tictactoe import TicTacToe
        >>> MoveValue(2, "XXXOO....", Value.WIN, 0).to_json(TicTacToe())
        {'move': 'c1', 'child': 'XXXOO....', 'value': 'win', 'remoteness': 0, 'moves_to_end': 1}
        """
        return {"move": game.format_move(self.move), "child": game.format_position(self.position),
                "value": str(self.value), "remoteness": self.remoteness,
                "moves_to_end": self.moves_to_end}


def rank_moves(moves: Iterable[MoveValue]) -> list[MoveValue]:
    """Moves best first, the order of every engine's moves: winning moves (quickest first),
    tying moves (quickest first), drawing moves, losing moves (slowest loss first); equal moves
    in the order of their labels (:func:`~perfectplay.core.game.move_order`). A move without a
    remoteness (a search for values only) ranks as one of remoteness 0 of its value.

    >>> ranked = rank_moves([MoveValue(1, "a", Value.LOSE, 4), MoveValue(3, "b", Value.WIN, 5),
    ...                      MoveValue(0, "c", Value.LOSE, 6), MoveValue(2, "d", Value.WIN, 5)])
    >>> [entry.move for entry in ranked]
    [2, 3, 0, 1]
    """
    return sorted(moves, key=lambda entry: (encode(entry.value.negate(), entry.remoteness or 0),
                                            move_order(entry.move)))


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

    @classmethod
    def of_codes(cls, by_code: Counter[int], primitives: dict[Value, int]) -> Counts:
        """The table of a histogram of codes (code -> positions with it)."""
        by_value = dict.fromkeys(Value, 0)
        by_remoteness: dict[int, Counter[Value]] = {}
        for code, n in by_code.items():
            value, r = decode(code)
            by_value[value] += n
            if r is not None:
                by_remoteness.setdefault(r, Counter())[value] += n
        return cls(positions=sum(by_code.values()), by_value=by_value,
                   by_remoteness={r: dict(by_remoteness[r]) for r in sorted(by_remoteness)},
                   primitives=dict(primitives))

    def format_table(self) -> str:
        """The table as text, one row per remoteness, Gamesman-style.

        Numbers have thousands separators, and every count column is as wide as the widest
        number, so that columns stay apart however large the counts.

        Examples
        --------
        >>> from perfectplay import Value
        >>> table = Counts(positions=1_390_517, by_value={Value.WIN: 1_390_516, Value.LOSE: 1},
        ...                by_remoteness={0: {Value.LOSE: 1}, 1: {Value.WIN: 1_390_516}},
        ...                primitives={Value.LOSE: 1})
        >>> print(table.format_table())
        remoteness        win       lose        tie       draw      total
                 0          0          1          0          0          1
                 1  1,390,516          0          0          0  1,390,516
             total  1,390,516          1          0          0  1,390,517
        """
        values = list(Value)
        top = max(self.by_remoteness, default=-1)
        rows = [(f"{r:,}", [self.by_remoteness.get(r, {}).get(v, 0) for v in values])
                for r in range(top + 1)]
        rows.append(("total", [self.by_value.get(v, 0) for v in values]))
        texts = [(label, [f"{n:,}" for n in [*cells, sum(cells)]]) for label, cells in rows]
        first = max(len("remoteness"), *(len(label) for label, _ in texts))
        width = max(len("total"), *(len(cell) for _, cells in texts for cell in cells))
        names = [str(v) for v in values] + ["total"]
        lines = ["remoteness".rjust(first) + "".join(f"  {name:>{width}}" for name in names)]
        lines += [label.rjust(first) + "".join(f"  {cell:>{width}}" for cell in cells)
                  for label, cells in texts]
        return "\n".join(lines)


class Solution(ABC, Generic[P]):
    """Every solved position of a game, with its value and remoteness: the one protocol of all
    stores (a dict for the pure-Python solvers, dense arrays for the compiled engine).

    Made by :func:`perfectplay.solve`; ask it about any position reachable from where the
    solve started. A store answers one question, :meth:`_lookup` (the code of a position), and
    lists its positions; this class derives every other answer from those, the same way for
    every store.

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

    def __init__(self, game: Game[P], *, start: P, primitives: dict[Value, int],
                 method: str) -> None:
        self.game = game
        self.start = start
        self.method = method
        self.primitives = {v: primitives.get(v, 0) for v in Value}
        """Primitive (finished) positions of each value."""

    compile_seconds: float = 0.0
    """Time spent compiling or loading kernels, apart from the solve (0 off the compiled
    path)."""

    tabulated: bool = True
    """Whether the solution holds every position it answers in a table, so that
    :meth:`counts`, :meth:`positions` and ``len`` cover the game; False for one that searches
    each position when it is asked (:class:`perfectplay.compiled.search_solution.SearchSolution`),
    whose :meth:`counts` and :meth:`positions` raise
    :class:`~perfectplay.core.errors.NotApplicable`."""

    @abstractmethod
    def _lookup(self, position: P) -> int | None:
        """The code of ``position`` (see :mod:`perfectplay.core.codes`), None when not solved."""

    @abstractmethod
    def __len__(self) -> int:
        """Number of solved positions (one per key)."""

    @abstractmethod
    def positions(self) -> Iterator[tuple[P, Value, int | None]]:
        """Every solved position (one per key) with its value and remoteness."""

    @abstractmethod
    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the solution to ``path`` in this store's format, versioned, checksummed and
        naming the game (:func:`game_identity`); :func:`load_solution` reads it back."""

    def __repr__(self) -> str:
        return f"<{type(self).__name__} of {self.game} by {self.method}: {len(self)} positions>"

    def __contains__(self, position: P) -> bool:
        return self._lookup(position) is not None

    def _code(self, position: P | None) -> int:
        position = self.start if position is None else position
        code = self._lookup(position)
        if code is None:
            raise PositionNotSolved(position)
        return code

    def value(self, position: P | None = None) -> Value:
        """The value of ``position`` (default: the start) for the player to move.

        Raises
        ------
        PositionNotSolved
            When the position was not reached by the solve.
        """
        return value_of(self._code(position))

    def get(self, position: P, default: Value | None = None) -> Value | None:
        """Like :meth:`value`, but ``default`` for a position not solved."""
        code = self._lookup(position)
        return default if code is None else value_of(code)

    def remoteness(self, position: P | None = None) -> int | None:
        """Moves to the end under perfect play (the winner hurries, the loser delays, a tie takes
        the shortest way); None for a DRAW."""
        return decode(self._code(position))[1]

    def moves(self, position: P | None = None) -> list[MoveValue]:
        """Every legal move from ``position`` with its value, best first (:func:`rank_moves`).

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
        judged = []
        for move, child in children_of(self.game, position):
            code = self._lookup(child)
            if code is None:
                raise GameError(f"moves() is not deterministic: move {move!r} leads to "
                                f"{child!r}, which the solve never met", position=position)
            judged.append(MoveValue(move, child, value_of(parent_code(code)), decode(code)[1]))
        return rank_moves(judged)

    def best_move(self, position: P | None = None) -> Move | None:
        """The first of :meth:`moves`, or None where the game is over."""
        ranked = self.moves(position)
        return ranked[0].move if ranked else None

    def line(self, position: P | None = None) -> list[Move]:
        """The principal variation: best moves to the end of the game, or, for a DRAW, until a
        position repeats."""
        position = self.start if position is None else position
        key = self.game.key if has_hook(self.game, "key") else None
        seen = set()
        line: list[Move] = []
        while True:
            seen.add(key(position) if key is not None else position)
            ranked = self.moves(position)
            if not ranked:
                return line
            line.append(ranked[0].move)
            position = ranked[0].position  # type: ignore[assignment]  # a child is a P
            if (key(position) if key is not None else position) in seen:
                return line

    def counts(self) -> Counts:
        """The analysis table of this solution."""
        return Counts.of_codes(Counter(encode(v, r) for _, v, r in self.positions()),
                               self.primitives)


# Files ------------------------------------------------------------------------------------

Reader = Callable[[Path, Game[Any]], Solution[Any]]

_FORMATS: list[tuple[bytes, Reader]] = []


def register_format(magic: bytes, read: Reader) -> None:
    """Make :func:`load_solution` read files that start with ``magic`` by ``read(path, game)``.

    Each store registers its own format when its package is imported (``import perfectplay``
    imports them all, without numba).
    """
    _FORMATS.append((magic, read))


def load_solution(path: str | os.PathLike[str], game: Game[P]) -> Solution[P]:
    """Read a solution written by any store's ``save``, for the same game.

    A file names the game it was saved for (its :func:`game_identity`) and is refused for any
    other. Files of the first versions of each format do not name it: they are read as before,
    and cannot be checked to be for ``game``.

    Raises
    ------
    SolutionFileError
        When the file is not a regular file or not a perfectplay solution, has an unknown
        version, fails its checksum, is damaged or crafted (sizes beyond what the file or the
        game can hold, values out of range), or was saved for another game.

    Examples
    --------
    >>> import os, tempfile
    >>> from perfectplay import load_solution, solve
    >>> from perfectplay.games.nim import Nim
    >>> path = os.path.join(tempfile.mkdtemp(), "nim.solution.gz")
    >>> solve(Nim((3, 4, 5))).save(path)
    >>> load_solution(path, Nim((3, 4, 5))).value()
    Value.WIN
    >>> load_solution(path, Nim((3, 4, 6)))
    Traceback (most recent call last):
    ...
    perfectplay.core.errors.SolutionFileError: ...: saved for Nim((3, 4, 5)), not for Nim((3, 4, 6))
    """
    path = Path(path)
    try:
        if not stat.S_ISREG(path.stat().st_mode):  # a FIFO would block the read below
            raise SolutionFileError(f"{path}: not a regular file")
        with open(path, "rb") as f:
            head = f.read(8)
    except OSError as exc:
        raise SolutionFileError(f"{path}: cannot read ({exc.strerror})") from None
    for magic, read in _FORMATS:
        if head.startswith(magic):
            return read(path, game)
    raise SolutionFileError(f"{path}: not a perfectplay solution")


def read_header(path: Any, document: Any, name: str, version: int) -> None:
    """Refuse a document that is not a solution of format ``name`` at a version from 1 to
    ``version``."""
    if not isinstance(document, dict) or document.get("format") != name:
        raise SolutionFileError(f"{path}: not a perfectplay solution")
    found = document.get("version")
    if type(found) is not int or not 1 <= found <= version:
        readable = "version 1" if version == 1 else f"versions 1 to {version}"
        raise SolutionFileError(f"{path}: unsupported version {found!r} (this perfectplay "
                                f"reads {readable})")


def game_identity(game: Game[Any]) -> str:
    """How a solution file names its game: ``repr(game)``, which for the catalogue's games is
    evaluable and holds every parameter.

    A game that keeps ``object``'s repr is named by its class and its public attributes
    instead, and memory addresses are left out everywhere: they differ from process to
    process, and the process reading a file must name the game as the one that wrote it.

    Examples
    --------
    >>> from perfectplay import Game
    >>> from perfectplay.games.subtraction import Subtraction
    >>> game_identity(Subtraction(30, (1, 3, 4)))
    'Subtraction(30, (1, 3, 4))'
    >>> class TakeAway(Game):
    ...     def __init__(self, heap):
    ...         self.heap = heap
    >>> game_identity(TakeAway(21))
    'TakeAway(heap=21)'
    """
    if type(game).__repr__ is object.__repr__:
        # underscored attributes are the engines' caches (compiled rules), not parameters
        attributes = sorted((name, value) for name, value in vars(game).items()
                            if not name.startswith("_"))
        text = f"{type(game).__qualname__}({', '.join(f'{n}={v!r}' for n, v in attributes)})"
    else:
        text = repr(game)
    return _ADDRESS.sub("", text)


_ADDRESS = re.compile(r" at 0x[0-9A-Fa-f]+")


def check_game(path: Any, named: Any, game: Game[Any]) -> None:
    """Refuse a file that names another game than ``game`` (``named``: the
    :func:`game_identity` it holds)."""
    expected = game_identity(game)
    if named != expected:
        raise SolutionFileError(f"{path}: saved for {_shortened(named)}, not for "
                                f"{_shortened(expected)}")


def _shortened(text: Any) -> str:
    # a crafted file may name its game in a megabyte; an error stays one readable line
    text = text if isinstance(text, str) else repr(text)
    return text if len(text) <= 300 else text[:297] + "..."


def read_position(path: Any, game: Game[P], text: Any) -> P:
    """``game.parse_position(text)`` of a position text read from a file.

    Raises
    ------
    SolutionFileError
        When ``text`` is not a string or the game does not parse it to a hashable position.
    """
    if type(text) is not str:
        raise SolutionFileError(f"{path}: damaged (position {_shortened(text)})")
    try:
        position = game.parse_position(text)
        hash(position)
    except Exception as exc:  # the game's own parser: whatever it raises, this is no position
        raise SolutionFileError(f"{path}: damaged (position {_shortened(repr(text))} does not "
                                f"parse: {_shortened(str(exc))})") from None
    return position


def read_primitives(path: Any, found: Any, positions: int) -> dict[Value, int]:
    """The primitive counts of a file (value name -> count, each from 0 to ``positions``).

    Raises
    ------
    SolutionFileError
        When ``found`` is not such a mapping.
    """
    names = {str(v): v for v in Value}
    if not (isinstance(found, dict) and set(found) <= set(names)
            and all(type(n) is int and 0 <= n <= positions for n in found.values())):
        raise SolutionFileError(f"{path}: damaged (primitives {_shortened(found)})")
    return {v: found.get(name, 0) for name, v in names.items()}


def checksum(payload: Any, *blobs: bytes) -> str:
    """SHA-256 of a JSON-ready ``payload`` (keys sorted) followed by raw ``blobs``."""
    digest = hashlib.sha256(json.dumps(payload, separators=(",", ":"),
                                       sort_keys=True).encode("utf-8"))
    for blob in blobs:
        digest.update(blob)
    return digest.hexdigest()


def write_atomically(path: str | os.PathLike[str], write: Callable[[IO[bytes]], None], *,
                     durable: bool = True) -> None:
    """Write a file whole or not at all: ``write`` fills a uniquely named temporary file in the
    target's directory, which is flushed to disk and renamed over ``path``.

    Two writers to one path each rename a complete file (the last one wins); a crash leaves the
    target as it was, and a failure leaves no temporary file behind. Not ``durable``, neither
    the file nor the rename is flushed to disk (two ``fsync`` calls, a millisecond or more):
    other processes see the whole file at once, but after a crash of the system it may be
    empty or missing, so only for a file whose reader checks it and can do without it.

    Raises
    ------
    OSError
        When ``path`` is empty, names a directory, or exists but is not a regular file (a
        device, a FIFO, a symlink), or when writing fails; the target is then untouched.
    """
    name = os.fspath(path)
    if not name:
        raise FileNotFoundError(errno.ENOENT, "no file name given", name)
    target = Path(name)
    if name.endswith(os.sep) or target.is_dir():
        raise IsADirectoryError(errno.EISDIR, "names a directory, not a file", name)
    if target.is_symlink():  # replacing the link would not write where it points
        raise FileExistsError(errno.EEXIST, "is a symlink, not a regular file", name)
    if target.exists() and not target.is_file():
        raise FileExistsError(errno.EEXIST, "exists and is not a regular file", name)
    descriptor, partial = _create_partial(target)
    try:
        with os.fdopen(descriptor, "wb") as f:
            write(f)
            f.flush()
            if durable:
                os.fsync(f.fileno())
        os.replace(partial, target)
    except BaseException:
        Path(partial).unlink(missing_ok=True)
        raise
    if durable:
        _sync_directory(target.parent)


def _create_partial(target: Path) -> tuple[int, str]:
    """A new, uniquely named temporary file beside ``target``, open for writing, with the mode
    ``open()`` would give it: made with 0o666 and left to the kernel to apply the umask (reading
    the umask means setting it, which threads writing files at once would race on)."""
    while True:
        partial = target.parent / f".{target.name}.{secrets.token_hex(8)}.partial"
        try:
            flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC
            return os.open(partial, flags, 0o666), str(partial)
        except FileExistsError:  # another writer's name: draw again
            continue


def _sync_directory(directory: Path) -> None:
    """Flush the rename to disk, where the platform allows opening a directory."""
    try:
        descriptor = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)
