"""The tier solver's store: a Solution answering straight from a database directory's files,
each tier's codes memory-mapped (never read whole to answer a question)."""

from __future__ import annotations

import ast
import importlib
import os
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from perfectplay.compiled.rules import rules_of
from perfectplay.core.codes import encode
from perfectplay.core.errors import SolutionFileError
from perfectplay.core.game import Game, P
from perfectplay.core.solution import Counts, Solution, game_identity, write_atomically
from perfectplay.core.values import Value
from perfectplay.tiers.storage import (
    DATABASE_FORMAT,
    FORWARD_FORMAT,
    TIER_FORMAT,
    Layout,
    decode_stored,
    read_document,
)

__all__ = ["TierSolution", "open_database", "verify_database"]

_PRIMITIVES = {"lose": Value.LOSE, "tie": Value.TIE, "win": Value.WIN}


class TierSolution(Solution[P]):
    """A Solution read from a tier database (:func:`perfectplay.tiers.solve_tiers`): a
    position's value is one lookup in its tier's memory-mapped code file.

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

        from perfectplay.tiers.kernels import kernels_for

        self._rules = rules_of(game)
        self._kernels = kernels_for(self._rules)
        self._tables: dict[int, Any] = {}
        self._place = np.array([0, 0, len(manifest["sizes"])], dtype=np.int64)
        self._index = np.zeros(1, dtype=np.int64)
        self._found = np.zeros(1, dtype=np.int64)

    def _table(self, tier: int) -> Any:
        """Tier ``tier``'s codes, memory-mapped on first use."""
        table = self._tables.get(tier)
        if table is None:
            import numpy as np

            document = self.tier_manifests[tier]
            dtype = np.uint8 if document["code_bytes"] == 1 else np.dtype("<u2")
            path = Layout(self.directory).codes(tier)
            table = (np.memmap(path, dtype=dtype, mode="r") if document["size"]
                     else np.zeros(0, dtype=dtype))
            self._tables[tier] = table
        return table

    def _lookup(self, position: P) -> int | None:
        try:
            p = self._rules.index(position)
        except (ValueError, TypeError, KeyError, IndexError):
            return None
        kernels, params, place = self._kernels, self._rules.params, self._place
        kernels.locate(params, p, place)
        t, i = int(place[0]), int(place[1])
        if t not in self.tier_manifests or not 0 <= i < self.tier_manifests[t]["size"]:
            return None
        self._index[0] = i
        kernels.unrank_many(params, t, self._index, self._found)
        if int(self._found[0]) != p:  # a position of the encoding no tier index stands for
            return None
        stored = int(self._table(t)[i])
        if stored == 0:
            return None
        return encode(*decode_stored(stored))

    def __len__(self) -> int:
        return sum(document["positions"] for document in self.tier_manifests.values())

    def positions(self) -> Iterator[tuple[P, Value, int | None]]:
        """Every solved position with its value and remoteness, tier by tier in solving
        order, each tier in index order."""
        import numpy as np

        decode = self._rules.decode
        for t in self.manifest["order"]:
            table = self._table(t)
            for lo in range(0, len(table), 1 << 20):
                codes = np.asarray(table[lo:lo + (1 << 20)])
                indices = np.flatnonzero(codes)
                found = np.empty(len(indices), dtype=np.int64)
                self._kernels.unrank_many(self._rules.params, t, indices + lo, found)
                for i, p in zip(indices.tolist(), found.tolist(), strict=True):
                    value, remoteness = decode_stored(int(codes[i]))
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
            if source.is_file() and not source.name.startswith("."):
                def copy(f: Any, source: Path = source) -> None:
                    with open(source, "rb") as g:
                        while block := g.read(1 << 24):
                            f.write(block)

                write_atomically(target / source.name, copy)


def _counts(documents: Any, primitives: dict[Value, int]) -> Counts:
    by_code: Counter[int] = Counter()
    for document in documents:
        for stored, n in document["histogram"]:
            by_code[encode(*decode_stored(stored))] += n
    return Counts.of_codes(by_code, primitives)


def open_database(directory: str | os.PathLike[str], game: Game[Any] | None = None, *,
                  verify: bool = False) -> TierSolution[Any]:
    """The solution held in a tier database directory.

    Parameters
    ----------
    directory : path
    game : Game, optional
        The game it was solved for; by default rebuilt from the manifest (for games of
        perfectplay's own modules, whose ``repr`` holds their parameters as literals).
    verify : bool
        Whether to check every code file against its checksums first (reading it whole),
        rather than the manifests only.

    Raises
    ------
    SolutionFileError
        When it is not a tier database, is for another game, is not solved to the end, or
        (``verify``) a file fails its checksum.
    """
    layout = Layout(Path(directory))
    manifest = read_document(layout.manifest, DATABASE_FORMAT)
    if game is None:
        game = _rebuild(layout.manifest, manifest)
    elif game_identity(game) != manifest["game"]:
        raise SolutionFileError(f"{layout.root}: holds the tiers of {manifest['game']}, not of "
                                f"{game_identity(game)}")
    rules = rules_of(game)
    if rules.tiers is None or list(rules.tiers.sizes) != manifest["sizes"]:
        raise SolutionFileError(f"{layout.root}: its tier sizes are not those of {game}'s tier "
                                "hooks")
    tiers = {}
    for t in manifest["order"]:
        if not layout.tier(t).exists():
            raise SolutionFileError(f"{layout.root}: tier {t} is not solved yet (run the same "
                                    "solve again to resume it)")
        tiers[t] = read_document(layout.tier(t), TIER_FORMAT)
    if verify:
        verify_database(layout.root)
    return TierSolution(game, layout.root, manifest, tiers)


def verify_database(directory: str | os.PathLike[str]) -> None:
    """Recompute every checksum of a tier database.

    Raises
    ------
    SolutionFileError
        Naming the first file that is damaged or missing, and what is wrong with it.
    """
    from perfectplay.tiers.solve import first_bad_chunk

    layout = Layout(Path(directory))
    manifest = read_document(layout.manifest, DATABASE_FORMAT)
    if layout.forward.exists():
        read_document(layout.forward, FORWARD_FORMAT)
    for t in manifest["order"]:
        if not layout.tier(t).exists():
            raise SolutionFileError(f"{layout.tier(t)}: missing (tier {t} is not solved)")
        document = read_document(layout.tier(t), TIER_FORMAT)
        bad = first_bad_chunk(layout, t, document)
        if bad is not None:
            raise SolutionFileError(f"{layout.codes(t)}: damaged ({bad})")


def _rebuild(path: Path, manifest: dict[str, Any]) -> Game[Any]:
    """The game a manifest names, made from its class and the literals of its ``repr``."""
    module, _, name = str(manifest.get("class", "")).partition(":")
    if not module.startswith("perfectplay."):
        raise SolutionFileError(f"{path}: solved for {manifest.get('game')}, a game of "
                                f"{module or 'unknown module'}: give the game to open it")
    try:
        call = ast.parse(manifest["game"], mode="eval").body
        if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Name)
                and call.func.id == name):
            raise ValueError("not a call of the class")
        args = [ast.literal_eval(a) for a in call.args]
        kwargs = {k.arg: ast.literal_eval(k.value) for k in call.keywords if k.arg}
        game: Game[Any] = getattr(importlib.import_module(module), name)(*args, **kwargs)
    except Exception as exc:  # whatever the manifest names, this is not a game we can make
        raise SolutionFileError(f"{path}: cannot make the game {manifest.get('game')!r} "
                                f"({exc}): give the game to open it") from None
    if game_identity(game) != manifest["game"]:
        raise SolutionFileError(f"{path}: {manifest['game']} is not made again by its repr")
    return game
