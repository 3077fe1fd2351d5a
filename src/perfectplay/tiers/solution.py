"""The tier solver's store: a Solution answering straight from a database directory's files,
reading the one block of a tier's codes that a question needs (never a tier whole)."""

from __future__ import annotations

import ast
import os
from collections import Counter
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path
from typing import Any

from perfectplay.compiled.rules import rules_of
from perfectplay.core.catalogue import catalogue_class
from perfectplay.core.codes import encode
from perfectplay.core.errors import DamagedDataError, NotApplicable, SolutionFileError
from perfectplay.core.game import Game, P
from perfectplay.core.solution import (
    Counts,
    Solution,
    game_identity,
    read_position,
    write_atomically,
)
from perfectplay.core.values import Value
from perfectplay.tiers.keys import check_graph, key_index, keys_of, sorted_params, view
from perfectplay.tiers.storage import (
    CHUNK,
    DATABASE_FORMAT,
    FORWARD_FORMAT,
    MANIFEST_KEYS,
    Layout,
    TierCodes,
    check_codes,
    database_id,
    decode_stored,
    histogram_of,
    open_regular,
    read_document,
    read_tier,
    tier_summary,
)

__all__ = ["TierSolution", "open_database", "read_manifests", "verify_database"]

_PRIMITIVES = {"lose": Value.LOSE, "tie": Value.TIE, "win": Value.WIN}

CACHE_BYTES = 64 << 20
"""Most bytes of decompressed chunks a :class:`TierSolution` keeps (the least recently used
go first)."""


class TierSolution(Solution[P]):
    """A Solution read from a tier database (:func:`perfectplay.tiers.solve_tiers`): a
    position's value is one lookup in the chunk of its tier's codes that holds it, read from
    its block (decompressed and checked against its checksum: a damaged one raises
    :class:`~perfectplay.core.errors.DamagedDataError` naming the file) the first time, and
    kept in a cache of :data:`CACHE_BYTES`.

    Made by :func:`solve_tiers` or :func:`open_database`.

    Examples
    --------
    >>> import tempfile
    >>> from perfectplay.games.morris import Morris
    >>> from perfectplay.tiers import solve_tiers
    >>> s = solve_tiers(Morris(), tempfile.mkdtemp())
    >>> s.value(), s.value("XX.OO..../X"), s.best_move("XX.OO..../X")
    (Value.DRAW, Value.WIN, 2)
    >>> s.tier_counts()[6].by_value[Value.DRAW], s.counts().positions
    (1352, 5466)
    """

    def __init__(self, game: Game[P], directory: Path, manifest: dict[str, Any],
                 tiers: dict[int, dict[str, Any]]) -> None:
        primitives = Counter[Value]()
        for document in tiers.values():
            for name, n in document["primitives"].items():
                primitives[_PRIMITIVES[name]] += n
        super().__init__(game, start=game.parse_position(manifest["start"]),
                         primitives=dict(primitives), method="tiers")
        self.directory = directory
        """The database directory."""
        self.manifest = manifest
        """The database manifest (``manifest.json``)."""
        self.tier_manifests = tiers
        """Each tier's manifest (``tier-T.json``), by tier."""
        self.tiers_reused: list[int] = []
        """The tiers a solve found solved and verified, not recomputed."""
        import numpy as np

        from perfectplay.compiled.kernels import prepare
        from perfectplay.tiers.kernels import kernels_for

        self._rules = rules_of(game)
        self._kernels = kernels_for(self._rules)
        self._files: dict[int, TierCodes] = {}
        # blocks by (tier, chunk, "codes" or "keys"), the least recently used first
        self._cache: dict[tuple[int, int, str], Any] = {}
        self._held = 0
        self._place = np.array([0, 0, len(manifest["sizes"]), 0], dtype=np.int64)
        self._index = np.zeros(1, dtype=np.int64)
        self._found = np.zeros(1, dtype=np.int64)
        assert self._rules.tiers is not None
        self._sorted = self._rules.tiers.sorted
        self._keys = {t: keys_of(Layout(directory), manifest, entry)
                      for t, entry in key_index(Layout(directory), manifest).items()} \
            if self._sorted else {}
        # compiled now, where a solve counts it as compiling, not at the first lookup
        params = self._params()
        prepare(self._kernels.locate, params, 0, self._place, rules=self._rules)
        prepare(self._kernels.unrank_many, params, 0, self._index, self._found,
                rules=self._rules)

    def _params(self, keys: Any = None, bounds: Any = None, directory: Any = None) -> Any:
        """What the kernels take as ``params``: for a game ranked by the solver, with ``keys``,
        ``bounds`` and ``directory`` (:func:`~perfectplay.tiers.keys.sorted_params`)."""
        if not self._sorted:
            return self._rules.params
        return sorted_params(self._rules.params, keys, bounds, directory)

    def _chunk(self, tier: int, k: int) -> Any:
        """Chunk ``k`` of tier ``tier``'s codes as an array, read (checked against its
        checksum) on first use and kept while the cache holds it."""
        def read() -> Any:
            import numpy as np

            codes = self._files.get(tier)
            if codes is None:
                codes = TierCodes.open(Layout(self.directory), tier,
                                       self.tier_manifests[tier])
                self._files[tier] = codes
            width = self.tier_manifests[tier]["code_bytes"]
            return np.frombuffer(codes.chunk(k), dtype=np.uint8 if width == 1 else "<u2")

        return self._cached((tier, k, "codes"), read)

    def _cached(self, key: tuple[int, int, str], read: Callable[[], Any]) -> Any:
        """The array ``read()`` gives (a block of codes or of a sorted list), kept while the
        cache holds it."""
        found = self._cache.pop(key, None)
        if found is None:
            found = read()
            self._held += found.nbytes
            while self._held > CACHE_BYTES and self._cache:
                self._held -= self._cache.pop(next(iter(self._cache))).nbytes
        self._cache[key] = found  # the most recently used last
        return found

    def tier_codes(self, tier: int) -> Any:
        """Tier ``tier``'s stored codes, one an index (``0``: not reached, else ``1 +
        (remoteness << 2 | value)``, as :func:`~perfectplay.tiers.storage.decode_stored`
        reads them), every chunk read and checked.

        >>> import tempfile
        >>> from perfectplay.games.morris import Morris
        >>> from perfectplay.tiers import solve_tiers
        >>> codes = solve_tiers(Morris(), tempfile.mkdtemp()).tier_codes(0)
        >>> from perfectplay.tiers.storage import decode_stored
        >>> len(codes), decode_stored(int(codes[0]))
        (1, (Value.DRAW, None))
        """
        import numpy as np

        document = self.tier_manifests[tier]
        count = len(document["chunks"])
        if not count:
            return np.zeros(0, dtype=np.uint8)
        return np.concatenate([self._chunk(tier, k) for k in range(count)])

    def counts_by_class(self, tier: int) -> dict[str, dict[Value, int]]:
        """The positions of tier ``tier`` the database holds, by the classes the game names
        (:meth:`~perfectplay.core.game.Game.tier_classes`): each label to the count of each
        value for the player to move (values with none left out), every chunk of the tier read
        and checked.

        >>> import tempfile
        >>> from perfectplay.games.quixo import Quixo
        >>> from perfectplay.tiers import solve_tiers
        >>> s = solve_tiers(Quixo(3), tempfile.mkdtemp(), position="XOXOXOXOX/X", whole_tier=True)
        >>> s.counts_by_class(0)["5 X, 4 O, X to move"]
        {Value.WIN: 114, Value.LOSE: 12}

        Raises
        ------
        ValueError
            When the game names no classes of the tier, or folds symmetric positions (an index
            then stands for a class of them), or the database has no such tier.
        """
        import numpy as np

        classes = self.game.tier_classes(tier)
        if not classes:
            raise ValueError(f"{self.game} names no classes of the positions of its tier {tier}")
        if self.manifest["symmetries"] > 1:
            raise ValueError(f"{self.game} folds symmetric positions into one index: its tiers "
                             "are not counted by class")
        if tier not in self.tier_manifests:
            raise ValueError(f"this database of {self.game} has no tier {tier}")
        codes = self.tier_codes(tier)
        found = {}
        for label, indices in classes:
            counts = tier_summary(histogram_of(np.bincount(codes[indices])))["counts"]
            found[label] = {v: counts[str(v)] for v in Value if counts[str(v)]}
        return found

    def _lookup(self, position: P) -> int | None:
        try:
            p = self._rules.index(position)
        except (ValueError, TypeError, KeyError, IndexError):
            return None
        kernels, place = self._kernels, self._place
        kernels.locate(self._params(), p, place)
        t, i = int(place[0]), int(place[1])
        if self._sorted and t in self._keys:  # its place in the block of the list holding it
            keys = self._keys[t]
            i = keys.find(int(place[3]),
                          lambda k: self._cached((t, k, "keys"), partial(keys.block, k)))
        if t not in self.tier_manifests or not 0 <= i < self.tier_manifests[t]["size"]:
            return None
        if not self._sorted:
            self._index[0] = i
            kernels.unrank_many(self._rules.params, t, self._index, self._found)
            if int(self._found[0]) != int(place[3]):  # a position no tier index stands for
                return None
        chunk = self.manifest["chunk_size"]
        stored = int(self._chunk(t, i // chunk)[i % chunk])
        if stored == 0:
            return None
        return encode(*decode_stored(stored))

    def __len__(self) -> int:
        return sum(document["positions"] for document in self.tier_manifests.values())

    def positions(self) -> Iterator[tuple[P, Value, int | None]]:
        """Every solved position with its value and remoteness, tier by tier in solving
        order, each tier in index order (the positions of a class of symmetric ones
        together)."""
        import numpy as np

        decode = self._rules.decode
        chunk = self.manifest["chunk_size"]
        symmetries = self.manifest["symmetries"]
        for t in self.manifest["order"]:
            for k, lo in enumerate(range(0, self.tier_manifests[t]["size"], chunk)):
                codes = self._chunk(t, k)
                indices = np.flatnonzero(codes)
                found = np.empty((len(indices), symmetries), dtype=np.int64)
                params = self._params()
                if self._sorted:  # the chunk's block of the list, standing for its indices
                    block = self._cached((t, k, "keys"), partial(self._keys[t].block, k))
                    params = self._params(block, *view(len(self.manifest["sizes"]), block,
                                                       {t: (0, len(block), lo)}))
                self._kernels.members(params, t, indices + lo, found)
                for i, members in zip(indices.tolist(), found.tolist(), strict=True):
                    value, remoteness = decode_stored(int(codes[i]))
                    for p in members:
                        if p >= 0:
                            yield decode(p), value, remoteness

    def counts(self) -> Counts:
        """The analysis table, from the tier manifests (no file read)."""
        return _counts(self.tier_manifests.values(), self.primitives)

    def tier_counts(self) -> dict[int, Counts]:
        """The analysis table of each tier, in solving order."""
        result = {}
        for t in self.manifest["order"]:
            document = self.tier_manifests[t]
            primitives = {_PRIMITIVES[name]: n for name, n in document["primitives"].items()}
            result[t] = _counts([document], primitives)
        return result

    def save(self, path: str | os.PathLike[str]) -> None:
        """Copy the database into the directory ``path`` (made; it must not hold anything),
        file by file, each written atomically."""
        target = Path(path)
        if target.exists() and (not target.is_dir() or any(target.iterdir())):
            raise FileExistsError(f"{target}: exists and is not an empty directory")
        target.mkdir(parents=True, exist_ok=True)
        for source in sorted(self.directory.iterdir()):
            if not source.name.startswith("."):  # the lock and what a solve is writing
                def copy(f: Any, source: Path = source) -> None:
                    with os.fdopen(open_regular(source), "rb") as g:
                        while block := g.read(1 << 24):
                            f.write(block)

                write_atomically(target / source.name, copy)


def _counts(documents: Any, primitives: dict[Value, int]) -> Counts:
    by_code: Counter[int] = Counter()
    for document in documents:
        for stored, n in document["weighted"]:
            by_code[encode(*decode_stored(stored))] += n
    return Counts.of_codes(by_code, primitives)


GameOrClass = Game[Any] | type[Game[Any]] | None
"""What the readers take to know a database's game: the game, its class, or (a catalogue
game) nothing."""


def open_database(directory: str | os.PathLike[str], game: GameOrClass = None, *,
                  verify: bool = False) -> TierSolution[Any]:
    """The solution held in a tier database directory.

    Opening reads data only: nothing the files name is imported or run.

    Parameters
    ----------
    directory : path
    game : Game or its class, optional
        The game it was solved for, whose :func:`~perfectplay.core.solution.game_identity`
        must be the one the manifest records, or its class, which makes it from the literal
        arguments of the recorded ``repr`` (its options, read as data). Needed for a game of
        your own; a catalogue game is made again by default from its registry name and those
        arguments.
    verify : bool
        Whether to check the database whole first (:func:`verify_database`); otherwise each
        chunk of codes is checked the first time it is read.

    Raises
    ------
    SolutionFileError
        When it is for another game, or for a game of your own not given.
    DamagedDataError
        When it is not a tier database, is not solved to the end, or a file is damaged,
        crafted or another database's (a :class:`SolutionFileError`).
    """
    game, manifest, tiers = read_manifests(directory, game)
    layout = Layout(Path(directory))
    if manifest["order"] is None:
        raise DamagedDataError(f"{layout.root}: its forward pass is not finished (run the same "
                               "solve again to resume it)")
    for t in manifest["order"]:
        if t not in tiers:
            raise DamagedDataError(f"{layout.root}: tier {t} is not solved yet (run the same "
                                   "solve again to resume it)")
    if verify:
        verify_database(directory, game)
    return TierSolution(game, layout.root, manifest, tiers)


def read_manifests(directory: str | os.PathLike[str], game: GameOrClass = None,
                   ) -> tuple[Game[Any], dict[str, Any], dict[int, dict[str, Any]]]:
    """``(game, manifest, tiers)`` of a tier database, solved or not: its game (as
    :func:`open_database` finds it), its manifest, and the manifest of each tier solved so far,
    by tier, each checked to be that tier of this database (the code files are not read).

    Raises
    ------
    SolutionFileError
        As :func:`open_database`.
    """
    layout = Layout(Path(directory))
    manifest = read_document(layout.manifest, DATABASE_FORMAT)
    game = _checked_game(layout.manifest, manifest, game)
    database = database_id(manifest)
    tiers = {t: read_tier(layout, manifest, database, t) for t in manifest["order"] or ()
             if os.path.lexists(layout.tier(t))}
    return game, manifest, tiers


def verify_database(directory: str | os.PathLike[str], game: GameOrClass = None) -> None:
    """Check a tier database whole: its manifest against the game (``game``, or the catalogue
    game it names), every tier manifest against the database and its file name, every chunk of
    every code file against its checksum, and each tier's counts recomputed from its codes.

    Raises
    ------
    SolutionFileError
        As :func:`open_database` does (a damaged or missing file: :class:`DamagedDataError`,
        naming the first one).
    """
    layout = Layout(Path(directory))
    manifest = read_document(layout.manifest, DATABASE_FORMAT)
    game = _checked_game(layout.manifest, manifest, game)
    if os.path.lexists(layout.forward):
        read_document(layout.forward, FORWARD_FORMAT)
    if manifest["order"] is None:
        raise DamagedDataError(f"{layout.root}: its forward pass is not finished")
    ranked = rules_of(game).tiers
    assert ranked is not None
    entries = key_index(layout, manifest) if ranked.sorted else {}
    database = database_id(manifest)
    for t in manifest["order"]:
        if not os.path.lexists(layout.tier(t)):
            raise DamagedDataError(f"{layout.tier(t)}: missing (tier {t} is not solved)")
        check_codes(layout, t, read_tier(layout, manifest, database, t))
        if t in entries:  # every block of its sorted list
            keys_of(layout, manifest, entries[t]).read()


def _checked_game(path: Path, manifest: dict[str, Any], game: GameOrClass) -> Game[Any]:
    """The game of a database manifest (``game``, or the catalogue game it names), whose rules
    and start give the manifest exactly.

    Raises
    ------
    SolutionFileError
        When ``game`` is another game, or is None for a game not in the catalogue.
    DamagedDataError
        When the manifest is not what the game's rules give.
    """
    from perfectplay.tiers.solve import database_body, manifest_difference

    named = manifest.get("game")
    if set(manifest) != MANIFEST_KEYS:
        raise DamagedDataError(f"{path}: damaged (not a manifest of this version)")
    if game is None or isinstance(game, type):
        game = _rebuild(path, manifest, game)
    elif game_identity(game) != named:
        raise SolutionFileError(f"{path.parent}: holds the tiers of {str(named)[:100]}, not of "
                                f"{game_identity(game)[:100]}")
    start = read_position(path, game, manifest.get("start"))
    try:
        expected = database_body(game, rules_of(game), start, CHUNK,
                                 manifest.get("whole_tier") is True)
    except (ValueError, TypeError, NotApplicable) as exc:
        raise DamagedDataError(f"{path}: its start is no position of {game}'s tiers ({exc})")\
            from None
    key = manifest_difference(path, manifest, expected)
    if key is not None:
        raise DamagedDataError(f"{path}: its {key} is not what {game}'s tier hooks give "
                               "(crafted, or solved by another version of the game)")
    if expected["sizes"] is None:
        check_graph(Layout(path.parent), manifest)
    return game


MAX_GAME_TEXT = 10_000
"""Most characters of a recorded game text parsed to make the game again."""


def _rebuild(path: Path, manifest: dict[str, Any], cls: type[Game[Any]] | None) -> Game[Any]:
    """The game a manifest records, made by ``cls`` (the class the user named: a game of their
    own), else by the class registered under its ``catalogue`` name, called with the literal
    arguments of its recorded ``repr`` (parsed as data, never evaluated).

    Raises
    ------
    SolutionFileError
        When the manifest names no catalogue game and no class is given, or records a game of
        another class.
    DamagedDataError
        When its text is not a call of that class with literal arguments giving the game.
    """
    name, text = manifest.get("catalogue"), manifest.get("game")
    if cls is None and name is None:
        raise SolutionFileError(f"{path.parent}: holds the tiers of {str(text)[:100]}, a game "
                                "of your own: name it (path/to/file.py:Class) to open it")
    try:
        if not isinstance(text, str) or len(text) > MAX_GAME_TEXT or (
                cls is None and not isinstance(name, str)):
            raise ValueError("not a catalogue name and game text")
        if cls is None:
            cls = catalogue_class(str(name))
    except ValueError:
        raise DamagedDataError(f"{path}: damaged (game {str(text)[:100]!r} of "
                               f"{str(name)[:40]!r}, not a catalogue game)") from None
    if not text.startswith(f"{cls.__name__}("):
        raise SolutionFileError(f"{path.parent}: holds the tiers of {text[:100]}, not of a "
                                f"{cls.__name__}")
    try:
        call = ast.parse(text, mode="eval").body
        if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Name)
                and call.func.id == cls.__name__):
            raise ValueError(f"not a call of {cls.__name__}")
        args = [ast.literal_eval(a) for a in call.args]
        kwargs = {k.arg: ast.literal_eval(k.value) for k in call.keywords if k.arg}
        if len(kwargs) != len(call.keywords):
            raise ValueError("** arguments")
        game: Game[Any] = cls(*args, **kwargs)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError) as exc:
        raise DamagedDataError(f"{path}: damaged (cannot make the game {text[:100]!r}: "
                               f"{str(exc)[:100]})") from None
    if game_identity(game) != text:
        raise DamagedDataError(f"{path}: damaged ({text[:100]} is not made again by its repr)")
    return game
