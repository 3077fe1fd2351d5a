"""Tiers ranked by the solver: each tier's reachable positions as a sorted list, a position's
index its place in the list.

A game whose ``TierRules`` give only ``tier`` (no ``rank``, ``unrank`` or ``sizes``) is solved
over exactly its reachable positions. The forward pass (:func:`forward_sorted`) goes up the tier
numbers, since a move never leads to a smaller one: a tier's list is whole once every smaller
tier is expanded. It takes the tier's positions found so far, adds those reached by moves
inside the tier (breadth-first, each position expanded once), writes the list, and writes
the children it found in each larger tier as a sorted run (``tier-C.from-T.run``) that tier
``C`` merges when its turn comes. Then it fills in the database manifest's tier graph:
``sizes`` (the lists' lengths; a tier number no position has is empty), ``children`` (the
tiers the moves reached), ``order`` (the tiers from the largest number down) and the start's
index. From there the backward pass and the readers work as for any ranking, the loops
ranking by binary search in the lists, within one bucket of about :data:`BUCKET` positions
(:func:`~perfectplay.tiers._loops.sorted_rank`, :func:`view`).

Files (besides those of :mod:`perfectplay.tiers.storage`):

``tier-T.keys``
    Tier ``T``'s sorted list, in blocks of the database's chunk size (the block of an index is
    the chunk of its code): each block its little-endian uint64 deltas (the first entry
    whole) compressed with Zstandard. ``forward.json`` records, per tier, each block's
    length, first position and checksum (SHA-256 of ``"<database>:<tier>:<block>:keys:"`` and
    its decompressed bytes), so a reader finds a position's block by the first positions and
    reads that block only, checked; a damaged block is refused when first read.
``tier-C.from-T.run``
    While the forward pass runs only: the children in tier ``C`` of tier ``T``'s positions,
    in the same format (key ``...:from-T:``).

The forward pass is bound to the manifest as first written (its tier graph null): its
``database`` is :func:`forward_identity`. Every step writes whole files and then records them
in ``forward.json``, so a run killed at any point resumes to the same bytes.

Memory: a tier's list and its children found so far (8 bytes a position), checked against the
available memory before each is taken (:func:`~perfectplay.core.limits.check_memory`); the
backward pass holds the lists of the tier it solves and of those its moves reach, with their
bucket directories (:func:`load_lists`: about 9 bytes a position). There is no estimate
before the forward pass: the sizes are what it finds.

Symmetries are folded for free: the lists hold only the position standing for each class
(the smallest image), as the loops rank classes anyway.
"""

from __future__ import annotations

import bisect
import hashlib
import os
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING, Any

from perfectplay.compiled.rules import MAX_SORTED_TIERS, CompiledRules
from perfectplay.core.errors import DamagedDataError, GameError
from perfectplay.core.limits import check_memory
from perfectplay.core.solution import write_atomically
from perfectplay.tiers.storage import (
    FORWARD_FORMAT,
    LEVEL,
    Layout,
    block_digest,
    compress_block,
    database_id,
    decompress_block,
    open_regular,
    read_document,
    write_document,
    write_file,
)

if TYPE_CHECKING:
    from perfectplay.tiers.solve import Progress

__all__ = ["GRAPH_KEYS", "KeyFile", "check_graph", "forward_identity", "forward_sorted",
           "key_index", "keys_of", "load_lists", "release_lists", "sorted_params", "view",
           "write_keys"]

GRAPH_KEYS = ("sizes", "children", "order", "start_index")
"""The manifest keys a game ranked by the solver leaves null until its forward pass ends."""

RUN_LEVEL = 1
"""Zstandard's level for the runs, read once and removed: speed over size (the lists, kept,
take the code files' :data:`~perfectplay.tiers.storage.LEVEL`)."""

EXPAND = 1 << 16
"""Positions one call of the ``expand`` kernel takes (its output: ``max_moves`` children
each, 16 bytes a child)."""


BUCKET = 8
"""Positions a bucket of a loaded list holds on average: :func:`~perfectplay.tiers._loops.
sorted_rank` searches only the bucket of a position, a cache line or two, not the whole list
(about 1 byte a position for the directory; Connect Four 5x5 solved 2.6 times faster than by
binary search over the list)."""


def sorted_params(params: Any, keys: Any = None, bounds: Any = None,
                  directory: Any = None) -> tuple[Any, Any, Any, Any]:
    """The ``params`` the kernels of a game ranked by the solver take: the game's own, the
    lists loaded (int64, one after another), for each tier its ``bounds`` and the bucket
    ``directory`` (see :func:`~perfectplay.tiers._loops.sorted_rank`; :func:`view` makes
    them); by default no tier loaded.

    >>> import numpy as np
    >>> _, keys, bounds, directory = sorted_params(np.zeros(1))
    >>> keys.shape, bounds.shape, directory.shape
    ((0,), (0, 7), (0,))
    """
    import numpy as np

    if keys is None:
        keys = np.zeros(0, dtype=np.int64)
    if bounds is None:
        bounds = np.zeros((0, 7), dtype=np.int64)
    if directory is None:
        directory = np.zeros(0, dtype=np.int64)
    return params, keys, bounds, directory


def view(tiers: int, keys: Any, lists: dict[int, tuple[int, int, int]]) -> tuple[Any, Any]:
    """``(bounds, directory)`` of :func:`sorted_params` over ``keys``, where ``lists[t] =
    (start, stop, first)`` says that ``keys[start:stop]`` holds the positions of tier ``t``'s
    indices ``first ..`` (a whole list, or one block of it), for tier numbers below ``tiers``;
    each list gets buckets of about :data:`BUCKET` positions.

    >>> import numpy as np
    >>> keys = np.arange(0, 200, 3)  # 67 positions: 7 buckets, 32 numbers each
    >>> bounds, directory = view(2, keys, {1: (0, 67, 0)})
    >>> bounds[1].tolist(), directory.tolist()
    ([0, 67, 0, 0, 7, 5, 0], [0, 11, 22, 32, 43, 54, 64, 67])
    """
    import numpy as np

    bounds = np.zeros((tiers, 7), dtype=np.int64)
    bounds[:, 3] = -1
    parts = []
    at = 0
    for t, (start, stop, first) in sorted(lists.items()):
        bounds[t, :3] = (start, stop, first)
        if stop <= start:
            continue
        low, span = int(keys[start]), int(keys[stop - 1]) - int(keys[start])
        buckets = max(1, (stop - start) // BUCKET)
        shift = max(0, span.bit_length() - buckets.bit_length() + 1)
        count = (span >> shift) + 1
        edges = low + (np.arange(count, dtype=np.int64) << shift)
        parts.append(start + np.searchsorted(keys[start:stop], edges))
        parts.append(np.array([stop], dtype=np.int64))
        bounds[t, 3:] = (at, count, shift, low)
        at += count + 1
    directory = np.concatenate(parts) if parts else np.zeros(0, dtype=np.int64)
    return bounds, directory.astype(np.int64)


def forward_identity(manifest: dict[str, Any]) -> str:
    """What the forward pass of a game ranked by the solver binds its files to: the identity
    of the manifest as first written, its tier graph (:data:`GRAPH_KEYS`) null."""
    return database_id({**manifest, **dict.fromkeys(GRAPH_KEYS)})


def _block_key(database: str, t: int, k: int, kind: str) -> str:
    return f"{database}:{t}:{k}:{kind}:"


def write_keys(path: Path, keys: Any, chunk: int, database: str, t: int,
               kind: str = "keys", level: int = LEVEL) -> dict[str, Any]:
    """Write the sorted int64 array ``keys`` to ``path`` in blocks of ``chunk`` entries (see
    the module's docstring), compressed at Zstandard's ``level``, and return its index:
    ``size``, ``blocks`` (lengths), ``firsts`` and ``chunks`` (checksums). The same bytes
    every time.

    >>> import numpy as np, tempfile
    >>> path = Path(tempfile.mkdtemp()) / "tier-1.keys"
    >>> index = write_keys(path, np.array([3, 5, 9, 40], dtype=np.int64), 3, "db", 1)
    >>> index["size"], index["firsts"], len(index["blocks"])
    (4, [3, 40], 2)
    >>> KeyFile(path, index, 3, "db", 1).block(1).tolist()
    [40]
    """
    import numpy as np

    blocks, firsts, digests = [], [], []
    for k, lo in enumerate(range(0, len(keys), chunk)):
        part = keys[lo:lo + chunk]
        deltas = np.empty(len(part), dtype="<u8")
        deltas[0] = part[0]
        deltas[1:] = np.diff(part)
        data = deltas.tobytes()
        blocks.append(compress_block(data, level))
        firsts.append(int(part[0]))
        digests.append(block_digest(_block_key(database, t, k, kind), data))

    def write(f: Any) -> None:
        for block in blocks:
            f.write(block)

    write_atomically(path, write)
    return {"size": len(keys), "blocks": [len(b) for b in blocks], "firsts": firsts,
            "chunks": digests}


def _is_index(index: Any, chunk: int) -> bool:
    """Whether ``index`` is what :func:`write_keys` returns, for blocks of ``chunk``."""
    if not isinstance(index, dict) or set(index) != {"size", "blocks", "firsts", "chunks"}:
        return False
    size, blocks, firsts, chunks = (index[k] for k in ("size", "blocks", "firsts", "chunks"))
    count = -(-size // chunk) if type(size) is int and size >= 0 else -1
    return (isinstance(blocks, list) and isinstance(firsts, list) and isinstance(chunks, list)
            and len(blocks) == len(firsts) == len(chunks) == count
            and all(type(n) is int and n > 0 for n in blocks)
            and all(type(n) is int and n >= 0 for n in firsts) and firsts == sorted(set(firsts))
            and all(isinstance(c, str) for c in chunks))


class KeyFile:
    """A sorted list written by :func:`write_keys`, read block by block, each block checked
    against its checksum when read.

    Raises
    ------
    DamagedDataError
        Naming the file: not a regular file of the length its index gives, a block that does
        not decompress to its entries, or one failing its checksum.
    """

    def __init__(self, path: Path, index: dict[str, Any], chunk: int, database: str, t: int,
                 kind: str = "keys") -> None:
        self.path = path
        self.index = index
        self._chunk, self._database, self._tier, self._kind = chunk, database, t, kind
        self._offsets = [0]
        for n in index["blocks"]:
            self._offsets.append(self._offsets[-1] + n)

    def __len__(self) -> int:
        return len(self.index["blocks"])

    def entries(self, k: int) -> int:
        """How many positions block ``k`` holds."""
        return min(self._chunk, self.index["size"] - k * self._chunk)

    def block(self, k: int) -> Any:
        """The positions of block ``k`` (int64), checked."""
        import numpy as np

        lo, hi = self._offsets[k], self._offsets[k + 1]
        descriptor = open_regular(self.path)
        try:
            if os.fstat(descriptor).st_size != self._offsets[-1]:
                raise DamagedDataError(f"{self.path}: damaged ({os.fstat(descriptor).st_size:,}"
                                       f" bytes, not {self._offsets[-1]:,})")
            data = os.pread(descriptor, hi - lo, lo)
        finally:
            os.close(descriptor)
        raw = decompress_block(data, 8 * self.entries(k))
        if raw is None:
            raise DamagedDataError(f"{self.path}: damaged (block {k} is not one block of "
                                   "positions)")
        if block_digest(_block_key(self._database, self._tier, k, self._kind), raw) != \
                self.index["chunks"][k]:
            raise DamagedDataError(f"{self.path}: damaged (block {k}, bytes {lo:,} to {hi:,}, "
                                   "fails its checksum)")
        keys = np.cumsum(np.frombuffer(raw, dtype="<u8")).astype(np.int64)
        if keys[0] != self.index["firsts"][k]:
            raise DamagedDataError(f"{self.path}: damaged (block {k} does not start at its "
                                   "recorded position)")
        return keys

    def read(self, out: Any = None) -> Any:
        """The whole list (into ``out`` when given: int64, of its size)."""
        import numpy as np

        if out is None:
            out = np.empty(self.index["size"], dtype=np.int64)
        for k in range(len(self)):
            out[k * self._chunk:k * self._chunk + self.entries(k)] = self.block(k)
        return out

    def find(self, position: int, block: Callable[[int], Any] | None = None) -> int:
        """The index of ``position`` (its place in the list), or -1 when it is not there:
        reads the one block whose first position is the last not above it (by ``block``, a
        cache of :meth:`block`, when given)."""
        k = bisect.bisect_right(self.index["firsts"], position) - 1
        if k < 0:
            return -1
        keys = (block or self.block)(k)
        j = int(keys.searchsorted(position))
        return k * self._chunk + j if j < len(keys) and int(keys[j]) == position else -1


def key_index(layout: Layout, manifest: dict[str, Any]) -> dict[int, dict[str, Any]]:
    """The forward pass's record of each tier of a game ranked by the solver, by tier
    (``forward.json``): ``keys`` (its list's index), ``children``, ``runs`` (the children it
    found in each larger tier, not yet merged), ``reached`` and ``reach_sha256``.

    Raises
    ------
    DamagedDataError
        When the record is not this database's forward pass, or is damaged.
    """
    if not os.path.lexists(layout.forward):
        return {}
    record = read_document(layout.forward, FORWARD_FORMAT)
    entries = record.get("tiers")
    chunk = manifest["chunk_size"]

    def sound(e: Any) -> bool:
        return (isinstance(e, dict) and type(e.get("tier")) is int
                and 0 <= e["tier"] < MAX_SORTED_TIERS and isinstance(e.get("reach_sha256"), str)
                and _is_index(e.get("keys"), chunk) and e.get("reached") == e["keys"]["size"]
                and isinstance(e.get("children"), list)
                and all(type(c) is int and e["tier"] <= c < MAX_SORTED_TIERS
                        for c in e["children"])
                and isinstance(e.get("runs"), list)
                and all(isinstance(r, dict) and type(r.get("tier")) is int
                        and e["tier"] < r["tier"] < MAX_SORTED_TIERS
                        and _is_index({k: v for k, v in r.items() if k != "tier"}, chunk)
                        for r in e["runs"]))

    if (record.get("database") != forward_identity(manifest) or not isinstance(entries, list)
            or not all(sound(e) for e in entries)
            or len({e["tier"] for e in entries}) != len(entries)):
        raise DamagedDataError(f"{layout.forward}: not the forward pass of this database; "
                               "refused")
    return {e["tier"]: e for e in entries}


def keys_of(layout: Layout, manifest: dict[str, Any], entry: dict[str, Any]) -> KeyFile:
    """The list of the tier of a forward record ``entry``."""
    t = entry["tier"]
    return KeyFile(layout.keys(t), entry["keys"], manifest["chunk_size"],
                   forward_identity(manifest), t)


def _graph(entries: dict[int, dict[str, Any]]) -> dict[str, Any]:
    """The tier graph a finished forward pass found: ``sizes``, ``children`` and ``order``
    over the tiers ``0 ..`` the largest number reached."""
    count = 1 + max(entries)
    sizes = [entries[t]["reached"] if t in entries else 0 for t in range(count)]
    children = [entries[t]["children"] if t in entries else [] for t in range(count)]
    return {"sizes": sizes, "children": children, "order": list(range(count - 1, -1, -1))}


_loaded_lock = threading.Lock()
_loaded: dict[tuple[str, ...], tuple[Any, Any, Any]] = {}


def load_lists(layout: Layout, manifest: dict[str, Any],
               tiers: list[int]) -> tuple[Any, Any, Any]:
    """``(keys, bounds, directory)`` of :func:`sorted_params` with the whole lists of
    ``tiers`` loaded;
    kept for the next call with the same tiers (the chunks of one tier, on threads of this
    process or a Dask worker's), only one set at a time.

    Raises
    ------
    EngineLimitError
        When they do not fit the available memory (nothing taken).
    DamagedDataError
        As :class:`KeyFile` does.
    """
    import numpy as np

    key = (str(layout.root), database_id(manifest), *map(str, sorted(tiers)))
    with _loaded_lock:
        found = _loaded.get(key)
        if found is not None:
            return found
        _loaded.clear()
        entries = key_index(layout, manifest)
        sizes = manifest["sizes"]
        total = sum(sizes[t] for t in set(tiers))
        need = (8 + 16 // BUCKET + 1) * total  # the lists and their buckets
        check_memory(need, f"the sorted lists of tiers {sorted(set(tiers))} ({total:,} "
                           "positions)")
        keys = np.empty(total, dtype=np.int64)
        lists = {}
        at = 0
        for t in sorted(set(tiers)):
            n = sizes[t]
            if n:
                keys_of(layout, manifest, entries[t]).read(keys[at:at + n])
            lists[t] = (at, at + n, 0)
            at += n
        _loaded[key] = (keys, *view(len(sizes), keys, lists))
        return _loaded[key]


def release_lists() -> None:
    """Drop the lists :func:`load_lists` keeps (a solve's end: its memory goes back)."""
    with _loaded_lock:
        _loaded.clear()


def _expanded(rules: CompiledRules, t: int, positions: Any,
              threads: int) -> Iterator[dict[int, Any]]:
    """The children of ``positions`` of tier ``t``, by the ``expand`` kernel on ``threads``
    threads, :data:`EXPAND` positions a call: per call, in order, the distinct children in
    each tier, by tier (sorted in the threads too: numpy's sort releases the GIL)."""
    import numpy as np

    from perfectplay.tiers.kernels import call

    params = sorted_params(rules.params)
    width = max(1, rules.max_moves)

    def run(lo: int) -> dict[int, Any]:
        part = positions[lo:lo + EXPAND]
        kids = np.empty(len(part) * width, dtype=np.int64)
        kid_tiers = np.empty(len(part) * width, dtype=np.int64)
        n = call(rules, "expand", params, t, rules.max_moves, part, kids, kid_tiers,
                 np.zeros(3, dtype=np.int64))
        kids, kid_tiers = kids[:n], kid_tiers[:n]
        reached = np.flatnonzero(np.bincount(kid_tiers - t)) + t  # tiers from t up
        if len(reached) == 1:
            return {int(reached[0]): _distinct(kids)}
        return {int(c): _distinct(kids[kid_tiers == c]) for c in reached}

    starts = range(0, len(positions), EXPAND)
    if threads <= 1 or len(starts) <= 1:
        yield from map(run, starts)
        return
    with ThreadPoolExecutor(max_workers=threads) as pool:
        for lo in range(0, len(starts), 2 * threads):  # a few calls' children held at a time
            yield from pool.map(run, starts[lo:lo + 2 * threads])


def _distinct(values: Any, *, runs: bool = False) -> Any:
    """The distinct ``values`` (int64), sorted: by sorting, since numpy's ``unique`` (by
    hashing, from numpy 2.3) takes dozens of times longer on these arrays. ``runs``: the
    values are sorted runs one after another, which timsort merges (three times faster for
    two runs).

    >>> import numpy as np
    >>> _distinct(np.array([5, 3, 5, 1, 3])).tolist()
    [1, 3, 5]
    """
    import numpy as np

    ordered = np.sort(values, kind="stable" if runs else None)
    keep = np.empty(len(ordered), dtype=bool)
    keep[:1] = True
    np.not_equal(ordered[1:], ordered[:-1], out=keep[1:])
    return ordered[keep]


def _contains(ordered: Any, values: Any) -> Any:
    """Whether each of ``values`` is in the sorted array ``ordered``, by binary search.

    >>> import numpy as np
    >>> _contains(np.array([1, 3, 5]), np.array([0, 3, 6])).tolist()
    [False, True, False]
    """
    import numpy as np

    if not len(ordered):
        return np.zeros(len(values), dtype=bool)
    at = np.minimum(np.searchsorted(ordered, values), len(ordered) - 1)
    return ordered[at] == values


class _Runs:
    """The children of a tier in each larger tier, merged into sorted unique arrays as they
    come (so they hold at most about twice the distinct positions)."""

    def __init__(self) -> None:
        self.merged: dict[int, Any] = {}
        self.waiting: dict[int, list[Any]] = {}

    def add(self, c: int, kids: Any) -> None:
        """Add the distinct positions ``kids`` (sorted) of tier ``c``."""
        self.waiting.setdefault(c, []).append(kids)
        held = len(self.merged.get(c, ())) + sum(len(w) for w in self.waiting[c])
        if held > 2 * len(self.merged.get(c, ())) + (1 << 20):
            self._merge(c)

    def _merge(self, c: int) -> None:
        import numpy as np

        parts = [self.merged.get(c, np.zeros(0, dtype=np.int64)), *self.waiting.pop(c, [])]
        count = sum(len(p) for p in parts)
        check_memory(16 * count, f"the children found in tier {c} ({count:,} positions)")
        self.merged[c] = _distinct(np.concatenate(parts), runs=True)

    def result(self) -> dict[int, Any]:
        for c in list(self.waiting):
            self._merge(c)
        return dict(sorted(self.merged.items()))


def forward_sorted(rules: CompiledRules, layout: Layout, manifest: dict[str, Any],
                   start: int, threads: int, progress: Progress | None) -> dict[str, Any]:
    """The forward pass of a game ranked by the solver (the module's docstring), from the
    position ``start`` (standing for its class); resumes after the last tier ``forward.json``
    records. Return the manifest with its tier graph filled in (written).

    Raises
    ------
    GameError
        When a move leads to a smaller tier number.
    EngineLimitError
        When a tier's list, or the children it finds, do not fit the available memory.
    """
    import numpy as np

    from perfectplay.tiers.solve import TierProgress
    from perfectplay.tiers.storage import DATABASE_FORMAT

    database, chunk = forward_identity(manifest), manifest["chunk_size"]
    entries = key_index(layout, manifest)
    start_tier = manifest["start_tier"]
    if not 0 <= start_tier < MAX_SORTED_TIERS:
        raise GameError(f"tier() gives {start_tier}, outside the tiers 0..{MAX_SORTED_TIERS - 1}"
                        " a game ranked by the solver may number", position=rules.decode(start))
    for p, e in entries.items():  # runs merged already, left by a run killed as it merged
        for r in e["runs"]:
            if r["tier"] in entries:
                layout.run(r["tier"], p).unlink(missing_ok=True)
    while True:
        waiting = {r["tier"] for e in entries.values() for r in e["runs"]} - set(entries)
        if start_tier not in entries:
            waiting.add(start_tier)
        if not waiting:
            break
        t = min(waiting)
        runs = [(p, r) for p, e in sorted(entries.items()) for r in e["runs"] if r["tier"] == t]
        total = sum(r["size"] for _, r in runs) + 1
        check_memory(16 * total, f"tier {t}'s positions found so far ({total:,})")
        found = [KeyFile(layout.run(t, p), {k: v for k, v in r.items() if k != "tier"}, chunk,
                         database, t, f"from-{p}").read() for p, r in runs]
        if t == start_tier:
            found.append(np.array([start], dtype=np.int64))
        known = _distinct(np.concatenate(found), runs=True)
        del found
        out = _Runs()
        frontier, loopy = known, False
        while len(frontier):
            inside = []
            for by_tier in _expanded(rules, t, frontier, threads):
                for c, kids in by_tier.items():
                    if c == t:
                        inside.append(kids)
                    else:
                        out.add(c, kids)
            if progress is not None:
                progress(TierProgress("forward", t, len(entries) + 1, len(entries) + 1,
                                      len(known), len(known)))
            if not inside:
                break
            loopy = True
            new = _distinct(np.concatenate(inside))
            new = new[~_contains(known, new)]
            check_memory(8 * (len(known) + len(new)), f"tier {t}'s positions ({len(known):,} "
                                                      "and more)")
            known = _distinct(np.concatenate([known, new]), runs=True)
            frontier = new
        children = out.result()
        bits = np.zeros((len(known) + 7) // 8, dtype=np.uint8)
        bits[:len(known) // 8] = 0xFF
        if len(known) % 8:
            bits[-1] = (1 << (len(known) % 8)) - 1
        write_file(layout.reach(t), bits.tobytes())
        entry = {"tier": t, "reached": len(known),
                 "reach_sha256": hashlib.sha256(bits.tobytes()).hexdigest(),
                 "keys": write_keys(layout.keys(t), known, chunk, database, t),
                 "children": sorted({*children, *([t] if loopy else [])}),
                 "runs": [{"tier": c, **write_keys(layout.run(c, t), kids, chunk, database, c,
                                                   f"from-{t}", RUN_LEVEL)}
                          for c, kids in children.items()]}
        if t == start_tier:
            entry["start_index"] = int(known.searchsorted(start))
        entries[t] = entry
        write_document(layout.forward, FORWARD_FORMAT,
                       {"database": database, "tiers": list(entries.values())})
        for p, _ in runs:  # merged into tier t's list, which forward.json now records
            layout.run(t, p).unlink(missing_ok=True)
    filled = {**manifest, **_graph(entries),
              "start_index": entries[start_tier]["start_index"]}
    if filled != manifest:
        write_document(layout.manifest, DATABASE_FORMAT,
                       {k: v for k, v in filled.items() if k not in ("format", "version")})
    return read_document(layout.manifest, DATABASE_FORMAT)


def check_graph(layout: Layout, manifest: dict[str, Any]) -> None:
    """Refuse the manifest of a game ranked by the solver whose tier graph is filled in but is
    not what its forward pass recorded.

    Raises
    ------
    DamagedDataError
        Naming the manifest.
    """
    if all(manifest[k] is None for k in GRAPH_KEYS):
        return
    entries = key_index(layout, manifest)
    start = entries.get(manifest["start_tier"], {}).get("start_index")
    if not entries or {**_graph(entries), "start_index": start} != {
            k: manifest[k] for k in GRAPH_KEYS}:
        raise DamagedDataError(f"{layout.manifest}: its tiers are not what its forward pass "
                               "found (forward.json); refused")

