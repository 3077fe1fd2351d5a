"""Tier-by-tier strong solving into a database directory (:mod:`perfectplay.tiers.storage`).

A forward pass marks the indices reached from the start, tier by tier, parents before
children; the backward pass then solves the tiers in ``TierRules.solving_order`` (those the
start's tier reaches: the manifest's ``order``): a tier whose moves
all leave it chunk by chunk, each index from its children's codes in the solved tiers below
(memory-mapped); a loopy tier whole, by retrograde analysis within it. Only the tier being
solved and the tiers its moves reach are held in memory.

A game whose ``TierRules`` give only ``tier`` is ranked by the solver: its forward pass lists
each tier's reachable positions, sorted (:mod:`perfectplay.tiers.keys`), which fills in the
manifest's tier graph; the backward pass and the readers then run as for any ranking, ranking
by binary search in those lists.

Every step can be redone: marks are OR-ed into bits that are written whole, and a chunk counts
once its record is written, so the same call on the same directory resumes where a previous
run stopped (even by ``kill -9``) and ends with the same bytes. The work is independent
tasks, pure functions of (game, directory, tier, part or chunk): a forward part marks its
chunks' children into bits it returns, a backward chunk writes its codes; they run on threads
of this process, or on a Dask cluster whose workers see the directory (but a tier of one
chunk, whose work takes less than a round trip to the cluster: on threads of this process).
"""

from __future__ import annotations

import functools
import os
import stat
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from perfectplay.compiled.rules import MAX_SORTED_TIERS, CompiledRules, TierRules, rules_of
from perfectplay.core.catalogue import catalogue_name
from perfectplay.core.errors import (
    DamagedDataError,
    EngineLimitError,
    NotApplicable,
    SolutionFileError,
)
from perfectplay.core.game import Game, Position
from perfectplay.core.limits import available_memory, check_memory, format_bytes, usable_cores
from perfectplay.core.solution import game_identity, write_atomically
from perfectplay.tiers.keys import (
    GRAPH_KEYS,
    check_graph,
    forward_sorted,
    key_index,
    load_lists,
    release_lists,
    sorted_params,
)
from perfectplay.tiers.storage import (
    CHUNK,
    CHUNK_FORMAT,
    CODEC,
    DATABASE_FORMAT,
    FORMAT_VERSION,
    FORWARD_FORMAT,
    MANIFEST_KEYS,
    TIER_FORMAT,
    Layout,
    TierCodes,
    block_digest,
    check_codes,
    check_tier,
    chunk_histogram,
    chunk_key,
    compress_block,
    database_id,
    histogram_of,
    is_histogram,
    locked,
    map_file,
    read_document,
    read_region,
    read_regular,
    read_tier,
    sync_file,
    tier_summary,
    write_document,
    write_file,
    write_region,
)

if TYPE_CHECKING:
    from perfectplay.tiers.solution import TierSolution

__all__ = ["FORECAST_FROM", "LOOPY_PASSES", "PASSES", "SAMPLE", "TierProgress", "WorkEstimate",
           "database_body", "estimate_memory", "estimate_work", "forecast", "forward_loopy",
           "forward_part", "locate", "manifest_difference", "solve_chunk", "solve_loopy",
           "solve_tiers", "solved_tiers", "tiers_of"]

MAX_ONE_BYTE = 62
"""The largest remoteness a 1-byte code holds: ``1 + (62 << 2 | 3) = 252``."""

MAX_TWO_BYTES = (1 << 14) - 2
"""The largest remoteness a 2-byte code holds (the solver's span, less one)."""


@dataclass(frozen=True)
class TierProgress:
    """Where a tier solve is: given to the ``progress`` callback after each piece of work."""

    stage: str
    """``"forward"`` (marking reached indices) or ``"backward"`` (solving)."""

    tier: int
    """The tier being worked on."""

    step: int
    """Its place in the pass, from 1."""

    steps: int
    """Tiers in the pass."""

    done: int
    """Indices of the tier done so far."""

    total: int
    """Indices of the tier."""


Progress = Callable[[TierProgress], None]


def solve_tiers(game: Game[Any], directory: str | os.PathLike[str], *,
                position: Position | None = None, whole_tier: bool = False,
                workers: int | None = None, scheduler: str | None = None,
                progress: Progress | None = None, threads: int | None = None,
                chunk_size: int = CHUNK) -> TierSolution:
    """Strongly solve a game with tier hooks into the database ``directory``, or resume the
    solve found there.

    Parameters
    ----------
    game : Game
        A game whose ``compiled()`` rules have ``tiers`` (:class:`~perfectplay.compiled.rules.
        TierRules`): a ranking of its own, or only ``tier`` (ranked by the solver).
    directory : path
        The database: made when missing; a database of this game and start is resumed (its
        finished tiers and chunks verified and kept); any other directory is refused.
    position : Position, optional
        Where to start; the game's ``start()`` by default.
    whole_tier : bool
        Solve every position of the start's tier (every index of its ranking) and every
        position they reach, rather than those the start reaches: a tier that play reaches
        only through tiers too large to solve can be studied alone (Quixo 5x5's full board).
        Not for a game with symmetries (ValueError).
    workers : int, optional
        Solve chunks on a Dask ``LocalCluster`` of this many worker processes (on 127.0.0.1,
        no dashboard).
    scheduler : str, optional
        Solve chunks on the running Dask cluster at this address; its workers must see
        ``directory`` at the same path.
    progress : callable, optional
        Called with a :class:`TierProgress` after each piece of work.
    threads : int, optional
        Threads solving chunks in this process (default: one per core).
    chunk_size : int
        Indices per chunk, the unit of resuming and of parallel work (a new database's; one
        resumed keeps its own).

    Returns
    -------
    TierSolution
        Answering from the files; ``tiers_reused`` lists the tiers found solved and verified.

    Raises
    ------
    NotApplicable
        When the game has no tier hooks.
    SolutionFileError
        When ``directory`` holds another game, another start or something else, or a solved
        tier fails its checksum.
    EngineLimitError
        When a tier and those its moves reach do not fit the available memory (nothing is
        started).
    GameError
        When the rules or tier hooks break their contract.

    Examples
    --------
    >>> import tempfile
    >>> from perfectplay.games.morris import Morris
    >>> s = solve_tiers(Morris(), tempfile.mkdtemp())
    >>> s.value(), len(s), s.tiers_reused
    (Value.DRAW, 5466, [])
    >>> solve_tiers(Morris(), s.directory).tiers_reused
    [6, 5, 4, 3, 2, 1, 0]
    """
    from perfectplay.compiled.kernels import compiling_seconds
    from perfectplay.tiers.solution import open_database

    started, compiled = time.perf_counter(), compiling_seconds()
    rules = rules_of(game)  # the game's compiled rules import numba
    loading = time.perf_counter() - started
    tiers = tiers_of(rules, game)
    if whole_tier and tiers.sorted:
        raise ValueError(f"{game} is ranked by the solver, over the positions play reaches: a "
                         "whole tier needs a ranking of its own (TierRules.rank)")
    if whole_tier and tiers.symmetries > 1:
        raise ValueError(f"{game} declares symmetries: a whole tier is solved only for games "
                         "without (its indices would count each class once per member)")
    start = game.start() if position is None else position
    layout = Layout(Path(directory))
    if chunk_size < 1:
        raise ValueError(f"chunk_size must be positive, got {chunk_size}")
    body = database_body(game, rules, start, chunk_size, whole_tier)
    # local Dask workers each hold a forward part's copy of the children's bits, and this
    # process one for each part that arrived while it ORs another: counted as threads
    copies = _threads(threads) if workers is None else max(_threads(threads), 2 * workers)
    need, what = estimate_memory(rules, threads=copies, start_tier=body["start_tier"])
    if workers is not None:
        need, what = _with_workers(workers, need, what)
    available = available_memory()
    if available is not None and need > available:
        order = body["order"] or []  # a game ranked by the solver: its tiers are not known yet
        whole = f"; {estimate_work(rules, order, _threads(threads))}" if order else ""
        raise EngineLimitError(f"{game} by tiers needs {format_bytes(need)} ({what}), more than "
                               f"the {format_bytes(available)} available{whole}")
    with _locked_database(layout):
        manifest = _open_or_create(layout, body)
        try:
            with _runners(workers, scheduler, _threads(threads)) as runners:
                if tiers.sorted:
                    manifest = forward_sorted(rules, layout, manifest,
                                              _place(rules, rules.index(start))[2],
                                              _threads(threads), progress)
                else:
                    _forward_pass(game, tiers, layout, manifest, runners, _threads(threads),
                                  progress)
                reused = _backward_pass(game, layout, manifest, runners, _threads(threads),
                                        progress)
        finally:
            release_lists()
    solution = open_database(layout.root, game)
    solution.tiers_reused = reused
    # this process's kernels (the workers' of a Dask cluster compile in their own)
    solution.compile_seconds = loading + compiling_seconds() - compiled
    return solution


LOOPY_BYTES = 3
"""Bytes a loopy tier's retrograde analysis takes per index: a 2-byte code and a 1-byte count
(:func:`solve_loopy`; 2 bytes for a game of 255 moves or more)."""

STORED_PARENT_BYTES = 8
"""Bytes more per index when a loopy tier's parents are stored (no ``TierRules.parents``):
where each index's parents begin; 8 more per move inside the tier."""

WORKER_MEMORY = 256 << 20
"""Memory a Dask worker process holds before its first chunk (Python, numpy, numba, Dask and
the kernels), counted for each of ``workers``."""


def _with_workers(workers: int, need: int, what: str) -> tuple[int, str]:
    """The memory a solve on ``workers`` local Dask worker processes needs, and what it is.

    Raises
    ------
    EngineLimitError
        When there are more workers than cores (each solves chunks on one).
    """
    cores = usable_cores()
    if workers > cores:
        raise EngineLimitError(f"{workers:,} Dask workers: more than the {cores} cores this "
                               f"process may use (limit: {cores} workers)")
    return (need + workers * WORKER_MEMORY,
            f"{what}, and {workers} worker processes of about {format_bytes(WORKER_MEMORY)}")


def database_body(game: Game[Any], rules: CompiledRules, start: Position, chunk_size: int,
                  whole_tier: bool) -> dict[str, Any]:
    """The manifest of the tier database of ``game`` from ``start`` (JSON-ready; from every
    position of the start's tier when ``whole_tier``): everything a database records of its
    game, compared on every open."""
    tiers = tiers_of(rules, game)
    start_tier, start_index = locate(rules, rules.index(start))
    # a game ranked by the solver has its graph once the forward pass has found it (from the
    # start: the tiers it reaches)
    graph: dict[str, Any] = (dict.fromkeys(GRAPH_KEYS) if tiers.sorted else
                             {"sizes": list(tiers.sizes),
                              "children": [list(c) for c in tiers.children],
                              "order": solved_tiers(tiers, start_tier),
                              "start_index": start_index})
    return {"game": game_identity(game), "catalogue": catalogue_name(game),
            "params": rules.params_digest(), "max_moves": rules.max_moves,
            **graph, "symmetries": tiers.symmetries, "chunk_size": chunk_size,
            "start": game.format_position(start), "start_tier": start_tier,
            "whole_tier": whole_tier}


def tiers_of(rules: CompiledRules, game: Game[Any],
             manifest: dict[str, Any] | None = None) -> TierRules:
    """The tier hooks of a game's rules; for a game ranked by the solver, with the tier graph
    its database's ``manifest`` records once the forward pass has found it.

    Raises
    ------
    NotApplicable
        When it has none.
    """
    tiers = rules.tiers
    if tiers is None:
        raise NotApplicable(f"{game} has no tier hooks (CompiledRules.tiers)")
    if tiers.sorted and manifest is not None and manifest["sizes"] is not None:
        return tiers.with_graph(tuple(manifest["sizes"]),
                                tuple(tuple(c) for c in manifest["children"]),
                                tuple(manifest["order"]))
    return tiers


def solved_tiers(tiers: TierRules, start_tier: int) -> list[int]:
    """The tiers a solve from a position of ``start_tier`` solves, in solving order: those its
    moves can reach, through any number of tiers.

    >>> from perfectplay.compiled.rules import rules_of
    >>> from perfectplay.games.morris import Morris
    >>> solved_tiers(rules_of(Morris()).tiers, 4)
    [6, 5, 4]
    """
    reached, frontier = {start_tier}, [start_tier]
    while frontier:
        for c in tiers.children[frontier.pop()]:
            if c not in reached:
                reached.add(c)
                frontier.append(c)
    return [t for t in tiers.solving_order if t in reached]


def estimate_memory(rules: CompiledRules, *, threads: int = 1,
                    start_tier: int | None = None) -> tuple[int, str]:
    """Bytes the largest step of a tier solve holds (from a position of ``start_tier``, or of
    any tier), and which step that is: a tier's reached
    bits with those of its children, a copy per thread (forward), or a chunk's codes per thread
    with the bits of its tier and the codes of the tiers its moves reach at 2 bytes an index
    (backward); a loopy tier's forward pass a second bit an index, its retrograde tables
    :data:`LOOPY_BYTES` an index, and without un-moves (``TierRules.parents``)
    :data:`STORED_PARENT_BYTES` more and 8 bytes for each move inside it, which its solve counts
    and checks before it takes them.

    >>> from perfectplay.compiled.rules import rules_of
    >>> from perfectplay.games.morris import Morris
    >>> estimate_memory(rules_of(Morris()))
    (37380, 'tier 6, retrograde within the tier: 3,360 indices')

    A game ranked by the solver has no sizes before its forward pass: its steps check the
    memory they take as they go (:mod:`perfectplay.tiers.keys`), and the estimate is 0.
    """
    tiers = rules.tiers
    assert tiers is not None
    if tiers.sorted:
        return 0, "tiers ranked by the solver: each step checks its memory as it comes"
    best, what = 0, ""
    for t in tiers.solving_order if start_tier is None else solved_tiers(tiers, start_tier):
        size = tiers.sizes[t]
        others = [c for c in tiers.children[t] if c != t]
        forward = (size + (1 + threads) * sum(tiers.sizes[c] for c in others)) // 8 + 1
        below = sum(2 * tiers.sizes[c] for c in others)
        if tiers.loopy(t):
            per = (LOOPY_BYTES + (rules.max_moves >= 255)
                   + (0 if tiers.parents is not None else STORED_PARENT_BYTES))
            need = max(forward + size // 8, size // 8 + below + size * per)
            step = f"tier {t}, retrograde within the tier: {size:,} indices"
        else:
            need = max(forward, size // 8 + below + threads * 2 * min(size, CHUNK))
            step = f"tier {t}: {size:,} indices and {sum(tiers.sizes[c] for c in others):,} below"
        if need > best:
            best, what = need, step
    return best, what


SAMPLE = 4096
"""Indices of the largest tier whose moves :func:`estimate_work` times."""

PASSES = 2
"""Times a solve goes over each index of a tier whose moves leave it (forward, backward)."""

LOOPY_PASSES = 4
"""Times a solve goes over each index of a loopy tier (forward; counting its children; storing
or finding its parents; deciding it)."""


@dataclass(frozen=True)
class WorkEstimate:
    """What a tier solve may take beyond memory (:func:`estimate_work`), as if every index
    were reached."""

    tiers: int
    """Tiers solved."""

    indices: int
    """Indices they hold."""

    disk: int
    """Bytes of their codes before compression, at 2 bytes an index at most."""

    cpu_seconds: float
    """Seconds of CPU: the time per index measured here, times each tier's indices and passes
    (divided by the number of symmetries, for a game that declares them)."""

    seconds_per_index: float
    """Seconds one index's moves took (each child's tier and index), measured on a sample of
    the largest tier."""

    wall_seconds: float
    """``cpu_seconds`` shared by the threads (every pass, a loopy tier's too, shares them)."""

    def __str__(self) -> str:
        return (f"its {self.tiers:,} tiers hold {self.indices:,} indices, up to "
                f"{format_bytes(self.disk)} of codes before compression; about "
                f"{_duration(self.cpu_seconds)} of CPU here if every index is reached "
                f"({self.seconds_per_index * 1e6:.2f} us an index's moves, measured, times "
                f"{PASSES} passes, {LOOPY_PASSES} over a loopy tier)")


def _duration(seconds: float) -> str:
    """``seconds`` for a person: seconds, minutes, hours or days."""
    for unit, size in (("days", 86400), ("hours", 3600), ("min", 60)):
        if seconds >= 2 * size:
            return f"{seconds / size:,.1f} {unit}"
    return f"{seconds:,.1f} s"


def estimate_work(rules: CompiledRules, order: Sequence[int], threads: int = 1) -> WorkEstimate:
    """The disk (at most) and the CPU a solve of the tiers ``order`` takes, the CPU from the
    moves of :data:`SAMPLE` random indices of the largest tier timed here (their positions, and
    each child's tier and index), as if every index (every class, for a game with symmetries)
    were reached: a ranking that spans unreachable positions (Connect Four's columns) costs
    less.

    >>> from perfectplay.compiled.rules import rules_of
    >>> from perfectplay.games.morris import Morris
    >>> work = estimate_work(rules_of(Morris()), [6, 5, 4, 3, 2, 1, 0])
    >>> work.tiers, work.indices, work.disk, work.cpu_seconds > 0
    (7, 5710, 11420, True)
    """
    import numpy as np

    from perfectplay.tiers.kernels import call

    tiers = rules.tiers
    assert tiers is not None and not tiers.sorted
    sizes = np.array(tiers.sizes, dtype=np.int64)
    largest = max(order, key=lambda t: tiers.sizes[t])
    indices = np.random.default_rng(0).integers(0, max(tiers.sizes[largest], 1),
                                                min(SAMPLE, tiers.sizes[largest]))
    out = np.zeros(1, dtype=np.int64)
    args = (rules.params, largest, rules.max_moves, indices, sizes, out, np.zeros(3, np.int64))
    call(rules, "sample_moves", *args)  # loaded, and the memory it reads touched
    started = time.perf_counter()
    call(rules, "sample_moves", *args)
    per = (time.perf_counter() - started) / max(len(indices), 1)
    loopy = sum(tiers.sizes[t] for t in order if tiers.loopy(t))
    rest = sum(tiers.sizes[t] for t in order) - loopy
    classes = tiers.symmetries  # a game with symmetries reaches one index of each class
    cpu = per * (PASSES * rest + LOOPY_PASSES * loopy) / classes
    return WorkEstimate(len(order), loopy + rest, 2 * (loopy + rest), cpu, per,
                        cpu / max(threads, 1))


FORECAST_FROM = 10**8
"""Indices from which :func:`forecast` says what a solve will take (a smaller one takes
seconds)."""


def forecast(game: Game[Any], position: Position | None = None, *,
             threads: int | None = None) -> str | None:
    """What a tier solve of ``game`` from ``position`` will take, memory, disk and CPU
    (:func:`estimate_memory`, :func:`estimate_work`), said before it starts (``perfectplay
    solve --method tiers`` prints it); None for a solve of fewer than :data:`FORECAST_FROM`
    indices, of a game ranked by the solver (its tiers are found as it goes), or that does not
    fit the memory (its refusal says the same).

    >>> from perfectplay.games.morris import Morris
    >>> forecast(Morris()) is None
    True
    """
    rules = rules_of(game)
    tiers = tiers_of(rules, game)
    if tiers.sorted:
        return None
    start_tier = locate(rules, rules.index(game.start() if position is None else position))[0]
    order = solved_tiers(tiers, start_tier)
    if sum(tiers.sizes[t] for t in order) < FORECAST_FROM:
        return None
    need, what = estimate_memory(rules, threads=_threads(threads), start_tier=start_tier)
    available = available_memory()
    if available is not None and need > available:  # refused: the refusal says it all
        return None
    work = estimate_work(rules, order, _threads(threads))
    return (f"{game} by tiers: up to {format_bytes(need)} of memory ({what}); {work}; about "
            f"{_duration(work.wall_seconds)} on {_threads(threads)} threads")


def locate(rules: CompiledRules, position: int) -> tuple[int, int]:
    """``(tier, index)`` of an integer position (of its class, for a game with symmetries), by
    a cached kernel (the hooks called from Python would be compiled in every process); the
    index is -1 for a tier out of range.

    >>> from perfectplay.compiled.rules import rules_of
    >>> from perfectplay.games.morris import Morris
    >>> rules = rules_of(Morris())
    >>> locate(rules, rules.index("X...O..../X"))
    (2, 3)
    """
    t, index, _ = _place(rules, position)
    return t, index


def _place(rules: CompiledRules, position: int) -> tuple[int, int, int]:
    """``(tier, index, position standing for its class)`` of an integer position (the index
    -1 for a game ranked by the solver: no list is read here)."""
    import numpy as np

    from perfectplay.tiers.kernels import call

    tiers = rules.tiers
    assert tiers is not None
    count = MAX_SORTED_TIERS if tiers.sorted else len(tiers.sizes)
    out = np.array([0, 0, count, 0], dtype=np.int64)
    params = sorted_params(rules.params) if tiers.sorted else rules.params
    call(rules, "locate", params, position, out)
    return int(out[0]), int(out[1]), int(out[3])


def _threads(threads: int | None) -> int:
    return threads if threads is not None else usable_cores()


def manifest_difference(path: Path, found: dict[str, Any], expected: dict[str, Any]) -> str | None:
    """The first key of a database manifest that differs from ``expected`` (the chunk size
    aside, which only has to be a positive integer; and the tier graph of a game ranked by the
    solver, null in ``expected``, which :func:`~perfectplay.tiers.keys.check_graph` checks
    against the forward pass), or None."""
    for key, value in expected.items():
        if key != "chunk_size" and found.get(key) != value and not (
                key in GRAPH_KEYS and value is None):
            return key
    chunk = found.get("chunk_size")
    if set(found) != MANIFEST_KEYS or type(chunk) is not int or chunk < 1:
        raise DamagedDataError(f"{path}: damaged (not a manifest of this version); refused")
    return None


@contextmanager
def _locked_database(layout: Layout) -> Iterator[None]:
    """Make the database directory if need be, and hold its lock (:func:`~perfectplay.tiers.
    storage.locked`) while the solve writes it."""
    root = layout.root
    if root.exists() and (not root.is_dir() or (
            not os.path.lexists(layout.manifest)
            and any(p.name != layout.lock.name for p in root.iterdir()))):
        raise SolutionFileError(f"{root}: exists and is not a tier database (no manifest.json); "
                                "refused, nothing overwritten: choose a new or empty directory")
    root.mkdir(parents=True, exist_ok=True)
    with locked(layout):
        yield


def _open_or_create(layout: Layout, body: dict[str, Any]) -> dict[str, Any]:
    """Check that ``layout.root`` (locked) is this database (its chunk size aside), or make it;
    return its manifest as :func:`read_document` gives it."""
    import json

    root = layout.root
    expected = json.loads(json.dumps(body))
    if os.path.lexists(layout.manifest):
        found = read_document(layout.manifest, DATABASE_FORMAT)
        key = manifest_difference(layout.manifest, found, expected)
        if key is not None:
            held = f"{found.get('game')} from {found.get('start')!r}"
            wanted = f"{body['game']} from {body['start']!r}"
            raise SolutionFileError(f"{root}: holds the tier database of {held}, not of "
                                    f"{wanted} ({key} differs); refused, nothing overwritten: "
                                    "choose another directory")
        if body["sizes"] is None:
            check_graph(layout, found)
        # what a killed run was writing: no other run writes here while this one holds the lock
        for partial in root.glob(".*.partial"):
            partial.unlink(missing_ok=True)
        return found
    write_document(layout.manifest, DATABASE_FORMAT, body)
    return read_document(layout.manifest, DATABASE_FORMAT)


def _bits(layout: Layout, tier: int, size: int) -> Any:
    """The reached bits of a tier as they are on disk (zeros when not written yet).

    Raises
    ------
    DamagedDataError
        When its file is not a regular file of the tier's length.
    """
    import numpy as np

    path = layout.reach(tier)
    length = (size + 7) // 8
    if not os.path.lexists(path):
        return np.zeros(length, dtype=np.uint8)
    data = read_regular(path, length)
    if len(data) != length:
        raise DamagedDataError(f"{path}: {len(data):,} bytes, not {length:,}; refused")
    return np.frombuffer(data, dtype=np.uint8).copy()


def _write_bits(layout: Layout, tier: int, bits: Any) -> None:
    write_file(layout.reach(tier), bits.tobytes())


def _forward_record(layout: Layout, manifest: dict[str, Any]) -> list[dict[str, Any]]:
    """The forward pass so far (``forward.json``): an entry per marked tier, with the SHA-256
    of its reached bits (``reach_sha256``).

    Raises
    ------
    DamagedDataError
        When it is not this database's.
    """
    if not os.path.lexists(layout.forward):
        return []
    record = read_document(layout.forward, FORWARD_FORMAT)
    entries = record.get("tiers")
    count = len(manifest["sizes"])
    if (record.get("database") != database_id(manifest) or not isinstance(entries, list)
            or not all(isinstance(e, dict) and type(e.get("tier")) is int
                       and 0 <= e["tier"] < count and isinstance(e.get("reach_sha256"), str)
                       for e in entries)):
        raise DamagedDataError(f"{layout.forward}: not the forward pass of this database; "
                               "refused")
    return entries


def _forward_pass(game: Game[Any], tiers: TierRules, layout: Layout, body: dict[str, Any],
                  runners: Runners, threads: int, progress: Progress | None) -> None:
    """Mark the reached indices of every tier, parents first; resumes after the last tier
    recorded in ``forward.json``. A tier whose moves all leave it is split into parts, tasks
    of its runner (:func:`forward_part`), each marking the children of its chunks into bits
    of its own, OR-ed here; a loopy tier is one task (:func:`forward_loopy`, on ``threads``
    threads)."""
    import hashlib

    import numpy as np

    entries = _forward_record(layout, body)
    done = {entry["tier"] for entry in entries}
    order = list(reversed(body["order"]))
    for step, t in enumerate(order, 1):
        if t in done:
            continue
        size = tiers.sizes[t]
        reach = _bits(layout, t, size)
        if t == body["start_tier"] and body["whole_tier"]:
            reach[:] = 0xFF  # every index, none past the last
            if size & 7:
                reach[-1] = np.uint8((1 << (size & 7)) - 1)
        elif t == body["start_tier"]:
            index = body["start_index"]
            reach[index >> 3] |= np.uint8(1 << (index & 7))
        if t == body["start_tier"] or not os.path.lexists(layout.reach(t)):
            _write_bits(layout, t, reach)  # the tasks read it; else its parents wrote it
        event = functools.partial(TierProgress, "forward", t, step, len(order))
        reach, reached = _forward_tier(game, tiers, layout, body, t, reach,
                                       runners.of(size, body["chunk_size"]), threads, event,
                                       progress)
        entries.append({"tier": t, "reached": reached,
                        "reach_sha256": hashlib.sha256(reach.tobytes()).hexdigest()})
        write_document(layout.forward, FORWARD_FORMAT,
                       {"database": database_id(body), "tiers": entries})


def _forward_tier(game: Game[Any], tiers: TierRules, layout: Layout, body: dict[str, Any],
                  t: int, reach: Any, run: Runner, threads: int,
                  event: Callable[[int, int], TierProgress],
                  progress: Progress | None) -> tuple[Any, int]:
    """Mark the children of tier ``t``'s reached indices ``reach`` (its file as written) into
    the other tiers' files, and a loopy tier's own; return its reached bits and how many."""
    import numpy as np

    others = [c for c in tiers.children[t] if c != t]
    marks = [_bits(layout, c, tiers.sizes[c]) for c in others]
    reached = indices = 0

    def add(result: tuple[list[Any], int, int]) -> None:
        nonlocal reached, indices
        for bits, mine in zip(marks, result[0], strict=True):
            np.bitwise_or(bits, mine, out=bits)
        reached += result[1]
        indices += result[2]
        if progress is not None:
            progress(event(indices, tiers.sizes[t]))

    root = str(layout.root)
    if tiers.loopy(t):
        found: list[Any] = []
        run(forward_loopy, [(game, root, body, t, threads)], found.append)
        reach = found[0][3]
        _write_bits(layout, t, reach)
        add(found[0][:3])
    else:
        # a part a core: each part ORs a copy of the children's bits here (megabytes sent
        # over the network from a Dask worker), and more parts measured slower on 6x4
        parts = max(1, min(-(-tiers.sizes[t] // body["chunk_size"]), run.cores))
        run(forward_part, [(game, root, body, t, part, parts) for part in range(parts)], add)
    for c, bits in zip(others, marks, strict=True):
        _write_bits(layout, c, bits)
    return reach, reached


def forward_part(game: Game[Any], root: str, manifest: dict[str, Any], t: int, part: int,
                 parts: int) -> tuple[list[Any], int, int]:
    """Mark the children of tier ``t``'s reached indices (a tier whose moves all leave it) in
    chunks ``part``, ``part + parts``, ... of the database at ``root`` into bits of their own,
    one array for each tier its moves reach (but ``t``); return them, how many indices were
    reached and how many the part went over. A task: it reads ``t``'s reached bits, writes
    nothing."""
    import numpy as np

    from perfectplay.tiers.kernels import call

    rules = rules_of(game)
    tiers = tiers_of(rules, game, manifest)
    layout = Layout(Path(root))
    size, chunk = tiers.sizes[t], manifest["chunk_size"]
    reach = _bits(layout, t, size)
    marks, slot_of = _fresh_marks(tiers, t)
    reaches = _padded(tiers, marks, np.zeros(0, dtype=np.uint8))
    only = tiers.children[t][0] if len(tiers.children[t]) == 1 else -1
    queue = np.empty(0, dtype=np.int64)
    scratch = _scratch(rules, tiers)
    info = np.zeros(3, dtype=np.int64)
    sizes = np.array(tiers.sizes, dtype=np.int64)
    reached = indices = 0
    for lo in range(part * chunk, size, parts * chunk):
        hi = min(size, lo + chunk)
        reached += call(rules, "forward", rules.params, t, rules.max_moves, lo, hi, reach,
                        reaches, slot_of, sizes, only, queue, scratch, info)
        indices += hi - lo
    return marks, reached, indices


def _fresh_marks(tiers: TierRules, t: int) -> tuple[list[Any], Any]:
    """Zeroed bits of each tier but ``t`` that its moves reach, and ``slot_of``: the place of
    each of those tiers among them (-1 for the others)."""
    import numpy as np

    others = [c for c in tiers.children[t] if c != t]
    slot_of = np.full(len(tiers.sizes), -1, dtype=np.int64)
    for slot, c in enumerate(others):
        slot_of[c] = slot
    return [np.zeros((tiers.sizes[c] + 7) // 8, dtype=np.uint8) for c in others], slot_of


def forward_loopy(game: Game[Any], root: str, manifest: dict[str, Any], t: int,
                  threads: int = 1) -> tuple[list[Any], int, int, Any]:
    """Mark every index of a loopy tier ``t`` of the database at ``root`` reached from its
    reached indices, and the children of all of them in the other tiers
    (:func:`~perfectplay.tiers._loops.forward_loopy`: sweeps of ``threads`` threads, each over
    its ranges of the bits, until one expands nothing); return the other tiers' marks (bits of
    their own), how many indices of ``t`` are reached, its size, and its reached bits. A task:
    it reads ``t``'s reached bits, writes nothing."""
    import numpy as np

    from perfectplay.tiers.kernels import call

    rules = rules_of(game)
    tiers = tiers_of(rules, game, manifest)
    layout = Layout(Path(root))
    size = tiers.sizes[t]
    reach = _bits(layout, t, size)
    marks, slot_of = _fresh_marks(tiers, t)
    slot_of[t] = len(marks)
    reaches = _padded(tiers, [*marks, reach], np.zeros(0, dtype=np.uint8))
    sizes = np.array(tiers.sizes, dtype=np.int64)
    expanded = np.zeros_like(reach)
    reached = 0
    span = max(1, manifest["chunk_size"] >> 3)  # the sweeps go over bytes of bits
    with _crew(rules, len(expanded), span, threads) as crew:
        def sweep(k: int) -> int:
            return sum(call(rules, "forward_loopy", rules.params, t, rules.max_moves, lo, hi,
                            reaches, slot_of, sizes, expanded, crew.infos[k])
                       for lo, hi in crew.own(k))

        while swept := sum(crew.each(sweep)):
            reached += swept
    return marks, reached, size, reach


class Runner(Protocol):
    """Runs ``function(*args)`` for each argument tuple on ``cores`` cores, calling back with
    each result (one at a time, in any order): :class:`_ThreadRunner`, or
    :class:`~perfectplay.tiers.cluster.DaskRunner`."""

    cores: int

    def __call__(self, function: Callable[..., Any], tasks: Sequence[tuple[Any, ...]],
                 done: Callable[[Any], None]) -> None: ...


class _ThreadRunner:
    """Runs tasks on the threads of ``pool``, ``cores`` of them."""

    def __init__(self, pool: ThreadPoolExecutor, cores: int) -> None:
        self.pool, self.cores = pool, cores
        self._lock = threading.Lock()

    def __call__(self, function: Callable[..., Any], tasks: Sequence[tuple[Any, ...]],
                 done: Callable[[Any], None]) -> None:
        def each(args: tuple[Any, ...]) -> None:
            result = function(*args)
            with self._lock:  # on the task's thread: a result (a forward part's bits) is let
                done(result)  # go before the thread takes another task

        for _ in self.pool.map(each, tasks):
            pass


@dataclass(frozen=True)
class Runners:
    """Where a solve's tasks run: ``chunks`` (threads of this process, a LocalCluster or a
    running cluster), and ``here`` (threads of this process) for a tier of one chunk."""

    chunks: Runner
    here: Runner

    def of(self, size: int, chunk_size: int) -> Runner:
        """The runner of a tier of ``size`` indices: ``here`` for one chunk or less, whose
        work (milliseconds) is less than a round trip to a cluster (some 30 ms a tier on two
        local workers, as the README measures)."""
        return self.here if size <= chunk_size else self.chunks


@contextmanager
def _runners(workers: int | None, scheduler: str | None, threads: int) -> Iterator[Runners]:
    """Threads of this process, and ``workers`` of a LocalCluster or a running cluster at
    ``scheduler`` when given."""
    with ThreadPoolExecutor(max_workers=threads) as pool:
        here = _ThreadRunner(pool, threads)
        if workers is None and scheduler is None:
            yield Runners(here, here)
            return
        from perfectplay.tiers.cluster import dask_runner

        with dask_runner(workers, scheduler) as run:
            yield Runners(run, here)


def _width(tiers: TierRules, layout: Layout, manifest: dict[str, Any], t: int) -> int:
    """Bytes per code of a tier whose moves all leave it: its remoteness is at most one more
    than the largest of the tiers it reaches."""
    deepest, database = -1, database_id(manifest)
    for c in tiers.children[t]:
        deepest = max(deepest, read_tier(layout, manifest, database, c)["max_remoteness"])
    return 1 if deepest + 1 <= MAX_ONE_BYTE else 2


def _verified(layout: Layout, manifest: dict[str, Any], t: int) -> dict[str, Any] | None:
    """The manifest of a solved tier whose code file matches it (checksums and counts); None
    when not solved.

    Raises
    ------
    DamagedDataError
        When it is solved but its files are damaged or not its own (its reached bits are gone:
        the directory must be solved anew).
    """
    if not os.path.lexists(layout.tier(t)):
        return None
    document = read_tier(layout, manifest, database_id(manifest), t)
    check_codes(layout, t, document)
    return document


def _backward_pass(game: Game[Any], layout: Layout, manifest: dict[str, Any], runners: Runners,
                   threads: int, progress: Progress | None) -> list[int]:
    """Solve every tier in order, compressing each once the tiers that read it are solved;
    return those found solved and verified."""
    tiers = tiers_of(rules_of(game), game, manifest)
    reached = _reached(layout, manifest, tiers)
    order = manifest["order"]
    readers = {c: {p for p in order if c in tiers.children[p] and p != c} for c in order}
    solved: set[int] = set()
    reused = []
    for step, t in enumerate(order, 1):
        solved.add(t)
        size = tiers.sizes[t]
        if _verified(layout, manifest, t) is not None:
            reused.append(t)
            _clean(layout, t)  # what a run killed as it finished the tier left
            _compress_read(layout, manifest, tiers, t, solved, readers, threads)
            continue
        _check_reach(layout, t, size, reached.get(t))
        event = functools.partial(TierProgress, "backward", t, step, len(order))
        run = runners.of(size, manifest["chunk_size"])
        if tiers.loopy(t):
            records: list[dict[str, Any]] = []
            run(solve_loopy, [(game, str(layout.root), manifest, t, threads)], records.append)
            if progress is not None:
                progress(event(size, size))
        else:
            records = _solve_chunks(game, tiers, layout, manifest, t, run, event, progress)
        _finish_tier(layout, manifest, t, records)
        _compress_read(layout, manifest, tiers, t, solved, readers, threads)
    return reused


def _reached(layout: Layout, manifest: dict[str, Any], tiers: TierRules) -> dict[int, str]:
    """The SHA-256 of each tier's reached bits, as the forward pass recorded them (a tier
    number of a game ranked by the solver that no position has: no bits)."""
    import hashlib

    if not tiers.sorted:
        return {e["tier"]: e["reach_sha256"] for e in _forward_record(layout, manifest)}
    entries = key_index(layout, manifest)
    empty = hashlib.sha256(b"").hexdigest()
    return {t: entries[t]["reach_sha256"] if t in entries else empty
            for t in range(len(tiers.sizes))}


def _params(rules: CompiledRules, tiers: TierRules, layout: Layout, manifest: dict[str, Any],
            t: int) -> Any:
    """The ``params`` of the kernels solving tier ``t``: the rules', with the sorted lists of
    ``t`` and of the tiers its moves reach for a game ranked by the solver."""
    if not tiers.sorted:
        return rules.params
    return sorted_params(rules.params, *load_lists(layout, manifest, [t, *tiers.children[t]]))


def _compress_read(layout: Layout, manifest: dict[str, Any], tiers: TierRules, t: int,
                   solved: set[int], readers: dict[int, set[int]], threads: int) -> None:
    """Compress tier ``t`` and the tiers it reads that no tier left to solve reads any more."""
    for c in {t, *tiers.children[t]}:
        if readers[c] <= solved:
            _compress(layout, manifest, c, threads)


def _compress(layout: Layout, manifest: dict[str, Any], t: int, threads: int) -> None:
    """Replace solved tier ``t``'s raw code file by its blocks (``tier-T.zst``, each chunk
    compressed on its own by ``threads`` threads), and record them in its manifest; the same
    bytes every time, so a killed run resumes to the same files."""
    document = read_tier(layout, manifest, database_id(manifest), t)
    if document["codec"] != "raw":
        layout.codes(t).unlink(missing_ok=True)  # left by a run killed as it compressed
        return
    with TierCodes.open(layout, t, document) as codes, \
            ThreadPoolExecutor(max_workers=threads) as pool:
        blocks = list(pool.map(lambda k: compress_block(codes.chunk(k)), range(len(codes))))

    def write(f: Any) -> None:
        for block in blocks:
            f.write(block)

    write_atomically(layout.packed(t), write)
    packed = {**document, "codec": CODEC, "blocks": [len(block) for block in blocks]}
    for key in ("format", "version", "sha256"):
        packed.pop(key, None)
    check_tier(layout.tier(t), {"format": TIER_FORMAT, "version": FORMAT_VERSION, **packed},
               manifest, database_id(manifest), t)
    write_document(layout.tier(t), TIER_FORMAT, packed)
    layout.codes(t).unlink()


def _check_reach(layout: Layout, t: int, size: int, expected: str | None) -> None:
    """Refuse reached bits of tier ``t`` other than those the forward pass recorded."""
    import hashlib

    found = hashlib.sha256(_bits(layout, t, size).tobytes()).hexdigest()
    if found != expected:
        raise DamagedDataError(f"{layout.reach(t)}: not the reached bits forward.json records; "
                               "refused: solve into a new directory")


def _solve_chunks(game: Game[Any], tiers: TierRules, layout: Layout, manifest: dict[str, Any],
                  t: int, run: Runner, event: Callable[[int, int], TierProgress],
                  progress: Progress | None) -> list[dict[str, Any]]:
    """Solve the chunks of tier ``t`` (whose moves all leave it) not yet written; return the
    records of all of them."""
    size, chunk = tiers.sizes[t], manifest["chunk_size"]
    width = _width(tiers, layout, manifest, t)
    database = database_id(manifest)
    records = _chunk_records(layout, database, t, chunk, width, size)
    if not records:  # chunks are written in place only into a file this solve made
        write_atomically(layout.codes(t), lambda f: _sized(f, width * size))
    todo = [(game, str(layout.root), manifest, database, t, k, width)
            for k in range(-(-size // chunk)) if k not in records]
    done = sum(r["indices"] for r in records.values())
    found = list(records.values())

    def finished(record: dict[str, Any]) -> None:
        nonlocal done
        found.append(record)
        done += record["indices"]
        if progress is not None:
            progress(event(done, size))

    run(solve_chunk, todo, finished)
    return found


def _sized(f: Any, length: int) -> None:
    """Make an empty file ``length`` bytes of zeros (sparse where the file system allows)."""
    f.truncate(length)


def _chunk_records(layout: Layout, database: str, t: int, chunk: int, width: int,
                   size: int) -> dict[int, dict[str, Any]]:
    """The records of the chunks of tier ``t`` already written into its code file and matching
    its bytes, by chunk; none when the code file is not one a solve made for them (not a regular
    file of one name and of the tier's length)."""
    path = layout.codes(t)
    try:
        found = os.lstat(path)
    except FileNotFoundError:
        return {}
    if not (stat.S_ISREG(found.st_mode) and found.st_nlink == 1
            and found.st_size == width * size):
        return {}
    records = {}
    for k in range(-(-size // chunk)):
        record = _chunk_record(layout, database, t, k, chunk, width, size)
        if record is not None:
            records[k] = record
    return records


def _chunk_record(layout: Layout, database: str, t: int, k: int, chunk: int, width: int,
                  size: int) -> dict[str, Any] | None:
    """The record of a chunk already written and matching its bytes, else None."""
    path = layout.chunk(t, k)
    if not os.path.lexists(path):
        return None
    try:
        record = read_document(path, CHUNK_FORMAT)
    except DamagedDataError:  # the chunk is solved again
        return None
    lo, hi = k * chunk, min(size, (k + 1) * chunk)
    primitives = record.get("primitives")
    if (record.get("database") != database or record.get("tier") != t
            or record.get("chunk") != k or record.get("indices") != hi - lo
            or not (isinstance(primitives, list) and len(primitives) == 3
                    and all(type(n) is int and n >= 0 for n in primitives))
            or not is_histogram(record.get("weights"), (1 << (8 * width)) - 1)):
        return None
    # the codes as they are on disk: what a run killed before the tier's flush left may differ
    data = read_region(layout.codes(t), lo * width, (hi - lo) * width)
    if (record.get("chunks") != [block_digest(chunk_key(database, t, k), data)]
            or record.get("histogram") != chunk_histogram(data, width)):
        return None
    return record


def solve_chunk(game: Game[Any], root: str, manifest: dict[str, Any], database: str, t: int,
                k: int, width: int) -> dict[str, Any]:
    """Solve chunk ``k`` of tier ``t`` (whose moves all leave it) of the database at ``root``
    (whose manifest is ``manifest``, its id ``database``: computed once for all the tasks, a
    JSON encoding of the manifest), into codes of ``width`` bytes: read the tier's reached
    bits and the codes of the tiers below (memory-mapped), write the chunk's codes in place and
    its record; return the record. A task: the same call gives the same bytes."""
    import numpy as np

    from perfectplay.tiers.kernels import call

    rules = rules_of(game)
    tiers = tiers_of(rules, game, manifest)
    layout = Layout(Path(root))
    size, chunk = tiers.sizes[t], manifest["chunk_size"]
    lo, hi = k * chunk, min(size, (k + 1) * chunk)
    reach = map_file(layout.reach(t))
    slot_of, tables, widths = _tables(tiers, layout, manifest, database, t)
    out = np.zeros(hi - lo, dtype=np.uint8 if width == 1 else np.uint16)
    primitives = np.zeros(3, dtype=np.int64)
    weights = np.zeros(1 << (8 * width), dtype=np.int64)
    counts = np.zeros_like(weights)
    info = np.zeros(3, dtype=np.int64)
    only = tiers.children[t][0] if len(tiers.children[t]) == 1 else -1
    call(rules, "backward", _params(rules, tiers, layout, manifest, t), t, rules.max_moves, lo,
         reach, out, tables, widths, slot_of, np.array(tiers.sizes, dtype=np.int64), only,
         primitives, weights, counts, _scratch(rules, tiers), info)
    data = out.astype(out.dtype.newbyteorder("<"), copy=False).tobytes()
    write_region(layout.codes(t), lo * width, data)
    record = {"database": database, "tier": t, "chunk": k, "indices": hi - lo,
              "primitives": primitives.tolist(), "weights": histogram_of(weights),
              "chunks": [block_digest(chunk_key(database, t, k), data)],
              "histogram": histogram_of(counts)}
    # not flushed to disk (two fsyncs a chunk were 4% of 6x5's time): a record lost or damaged
    # by a crash is not read (the chunk is solved again), and one whose codes were lost fails
    # their checksum; the tier's manifest, written once its code file is flushed, is durable
    write_document(layout.chunk(t, k), CHUNK_FORMAT, record, durable=False)
    return record


def _tables(tiers: TierRules, layout: Layout, manifest: dict[str, Any], database: str,
            t: int) -> tuple[Any, Any, Any]:
    """``(slot_of, tables, widths)``: the solved tiers a move from ``t`` reaches (of the
    database ``manifest``, whose id is ``database``), memory-mapped read-only (a placeholder in
    ``t``'s own slot when it is loopy; see :func:`_padded`)."""
    import numpy as np

    slot_of = np.full(len(tiers.sizes), -1, dtype=np.int64)
    tables: list[Any] = []
    widths: list[int] = []
    empty = np.zeros(0, dtype=np.uint8)
    empty.flags.writeable = False
    for c in tiers.children[t]:
        slot_of[c] = len(tables)
        if c == t:
            tables.append(empty)
            widths.append(1)
            continue
        tables.append(map_file(layout.codes(c)))  # raw while a tier left to solve reads it
        widths.append(read_tier(layout, manifest, database, c)["code_bytes"])
    padded = _padded(tiers, tables, empty)
    widths += [1] * (len(padded) - len(widths))
    return slot_of, padded, np.array(widths, dtype=np.int64)


def _padded(tiers: TierRules, arrays: list[Any], empty: Any) -> tuple[Any, ...]:
    """``arrays`` as a tuple of one length for every tier of a game, one more than the most
    children a tier has: numba indexes a tuple of arrays only when it is not empty, and compiles
    a kernel again for each length."""
    length = 1 + max(len(c) for c in tiers.children)
    return (*arrays, *[empty] * (length - len(arrays)))


def solve_loopy(game: Game[Any], root: str, manifest: dict[str, Any], t: int,
                threads: int = 1) -> dict[str, Any]:
    """Solve a loopy tier ``t`` whole, by retrograde analysis within it, with ``threads``
    threads, and write its code file (1 byte a code when every remoteness is at most 62, else
    2); return its record. A task; the file is the same whatever the threads.

    The analysis (:func:`perfectplay.tiers._loops.loopy_propagate`) holds a 2-byte code and a
    count an index; it finds a position's parents by the game's un-moves
    (``TierRules.parents``), or else stores them, 8 bytes a move and 8 an index, after checking
    that they fit. The threads count the children of the tier's chunks side by side, then at
    each remoteness take the positions decided at it from a chunk each (a frontier of at most
    a chunk's indices, 8 bytes each) and propagate them together."""
    import numpy as np

    from perfectplay.tiers.kernels import call

    rules = rules_of(game)
    tiers = tiers_of(rules, game, manifest)
    layout = Layout(Path(root))
    n = tiers.sizes[t]
    params = _params(rules, tiers, layout, manifest, t)
    reach: Any = _bits(layout, t, n)  # Any: dropped before the analysis
    slot_of, tables, widths = _tables(tiers, layout, manifest, database_id(manifest), t)
    sizes = np.array(tiers.sizes, dtype=np.int64)
    code = np.zeros(n, dtype=np.uint16)
    # Any: dropped before the codes are written
    unresolved: Any = np.zeros(n, dtype=_count_type(rules))
    first: Any = np.zeros(n + 1 if tiers.parents is None else 0, dtype=np.int64)
    parent: Any = np.empty(0, dtype=np.int64)
    with _crew(rules, n, manifest["chunk_size"], threads) as crew:
        def count(k: int) -> tuple[int, Any]:
            primitives = np.zeros(3, dtype=np.int64)
            edges = sum(call(rules, "loopy_count", params, t, rules.max_moves, lo, hi, reach,
                             code, unresolved, first, tables, widths, slot_of, sizes,
                             primitives, crew.scratches[k], crew.infos[k])
                        for lo, hi in crew.own(k))
            return edges, primitives

        counted = crew.each(count)
        edges = sum(e for e, _ in counted)
        if first.shape[0]:
            check_memory(8 * edges, f"tier {t}'s {edges:,} moves inside it (retrograde analysis)")
            parent = np.empty(edges, dtype=np.int64)
            np.cumsum(first, out=first)  # first[j]: where j's parents start, and go on from

            def store(k: int) -> None:
                for lo, hi in crew.own(k):
                    call(rules, "loopy_edges", params, t, rules.max_moves, lo, hi, reach, first,
                         parent, tables, widths, slot_of, sizes, crew.scratches[k],
                         crew.infos[k])

            crew.each(store)
            first[1:] = first[:-1]  # first[j] went on to where j + 1's start
            first[0] = 0
        reach = None
        _resolve(rules, params, t, code, unresolved, first, parent, crew)
        weights = [np.zeros(1 << 16, dtype=np.int64) for _ in crew.infos]
        counts = [np.zeros(1 << 16, dtype=np.int64) for _ in crew.infos]

        def finish(k: int) -> int:
            return max((call(rules, "loopy_finish", params, t, lo, hi, code, unresolved,
                              weights[k], counts[k], crew.infos[k]) for lo, hi in crew.own(k)),
                       default=0)

        deepest = max(crew.each(finish))
    unresolved = first = parent = None
    codes = code.astype(np.uint8) if deepest <= MAX_ONE_BYTE else code.astype("<u2", copy=False)
    # from the array itself: a copy in bytes would double the tier's codes in memory
    data = codes.data.cast("B")
    write_file(layout.codes(t), data)
    chunk, database = manifest["chunk_size"] * codes.itemsize, database_id(manifest)
    with ThreadPoolExecutor(max_workers=threads) as pool:  # hashing lets go of the GIL
        digests = list(pool.map(lambda k: block_digest(chunk_key(database, t, k),
                                                       data[k * chunk:(k + 1) * chunk]),
                                range(-(-n // manifest["chunk_size"]))))
    return {"tier": t, "chunk": 0, "indices": n,
            "primitives": sum(p for _, p in counted).tolist(),
            "weights": histogram_of(sum(weights)), "chunks": digests,
            "histogram": histogram_of(sum(counts))}


@dataclass
class _Crew:
    """The threads of a loopy tier's passes: thread ``k`` has ``scratches[k]``, ``infos[k]``,
    and every ``len(scratches)``-th range of ``ranges`` from the ``k``-th."""

    pool: ThreadPoolExecutor
    ranges: list[tuple[int, int]]
    scratches: list[Any]
    infos: list[Any]

    def each(self, work: Callable[[int], Any]) -> list[Any]:
        """``work(k)`` on thread ``k``, for every thread, side by side; their results."""
        return list(self.pool.map(work, range(len(self.scratches))))

    def own(self, k: int) -> list[tuple[int, int]]:
        """The ranges of thread ``k``."""
        return self.ranges[k::len(self.scratches)]


@contextmanager
def _crew(rules: CompiledRules, size: int, span: int, threads: int) -> Iterator[_Crew]:
    """At most ``threads`` threads (one a range at most) for a pass over ``[0, size)`` in
    ranges of ``span``."""
    import numpy as np

    assert rules.tiers is not None
    ranges = [(lo, min(size, lo + span)) for lo in range(0, size, span)]
    count = max(1, min(threads, len(ranges)))
    with ThreadPoolExecutor(max_workers=count) as pool:
        yield _Crew(pool, ranges, [_scratch(rules, rules.tiers) for _ in range(count)],
                    [np.zeros(3, dtype=np.int64) for _ in range(count)])


def _resolve(rules: CompiledRules, params: Any, t: int, code: Any, unresolved: Any, first: Any,
             parent: Any, crew: _Crew) -> None:
    """Decide a loopy tier's positions in increasing remoteness, stage by stage
    (:func:`perfectplay.tiers._loops.loopy_propagate`): at each remoteness that has codes,
    the threads take the frontiers of consecutive chunks, one each, then propagate them side by
    side, chunk after chunk."""
    import numpy as np

    from perfectplay.tiers._loops import S
    from perfectplay.tiers.kernels import call

    threads = len(crew.scratches)
    levels = np.zeros(S, dtype=np.int64)
    found = [np.zeros(S, dtype=np.int64) for _ in range(threads)]
    frontiers = [np.empty(max((hi - lo for lo, hi in crew.ranges), default=0), dtype=np.int64)
                 for _ in range(threads)]

    def take(k: int, stage: int, r: int, batch: list[tuple[int, int]]) -> int:
        if k >= len(batch):
            return 0
        return call(rules, "loopy_frontier", params, stage, r, *batch[k], code, unresolved,
                    frontiers[k], crew.infos[k])

    def propagate(k: int, stage: int, r: int, counts: list[int]) -> int:
        return call(rules, "loopy_propagate", params, t, stage, r, frontiers[k], counts[k],
                    code, unresolved, first, parent, found[k], crew.scratches[k],
                    crew.infos[k])

    for stage in range(2):  # 0: wins and losses, 1: ties
        levels[:] = 0
        call(rules, "loopy_levels", params, stage, code, levels, crew.infos[0])
        for r in range(S):
            if levels[r] == 0:
                continue
            for start in range(0, len(crew.ranges), threads):
                batch = crew.ranges[start:start + threads]
                counts = crew.each(functools.partial(take, stage=stage, r=r, batch=batch))
                if any(counts):
                    crew.each(functools.partial(propagate, stage=stage, r=r, counts=counts))
            for more in found:
                levels += more
                more[:] = 0


def _scratch(rules: CompiledRules, tiers: TierRules) -> Any:
    """The working memory a pass over a tier takes from its caller (the loops allocate
    nothing: see :func:`perfectplay.tiers._loops.scratch_size`)."""
    import numpy as np

    from perfectplay.tiers._loops import scratch_size

    return np.zeros(scratch_size(rules.max_moves, tiers.max_parents), dtype=np.int64)


def _count_type(rules: CompiledRules) -> Any:
    """The dtype of a loopy tier's counts of unresolved children: one byte when a position has
    fewer than 255 moves (a count is its classes of children, and one more)."""
    import numpy as np

    return np.uint8 if rules.max_moves < 255 else np.uint16


def _finish_tier(layout: Layout, manifest: dict[str, Any], t: int,
                 records: list[dict[str, Any]]) -> None:
    """Write a solved tier's manifest, from the records of what wrote its code file (chunks,
    or the whole of a loopy tier): each chunk's checksum, the counts of its codes and
    primitives; flush the code file first, then drop the records and bits."""
    size, chunk, database = manifest["sizes"][t], manifest["chunk_size"], database_id(manifest)
    path = layout.codes(t)
    sync_file(path)
    width = os.lstat(path).st_size // size if size else 1
    digests = [d for r in sorted(records, key=lambda r: r["chunk"]) for d in r["chunks"]]
    primitives = [sum(r["primitives"][v] for r in records) for v in range(3)]
    weighted: Counter[int] = Counter()
    stored: Counter[int] = Counter()
    for record in records:
        weighted.update(dict(record["weights"]))
        stored.update(dict(record["histogram"]))
    histogram = sorted(map(list, stored.items()))
    document = {"database": database, "game": manifest["game"], "tier": t, "size": size,
                "code_bytes": width, "chunk_size": chunk, "chunks": digests, "codec": "raw",
                "blocks": [], **tier_summary(sorted(map(list, weighted.items()))),
                "histogram": histogram, "weighted": sorted(map(list, weighted.items())),
                "classes": sum(n for _, n in histogram), "bytes": width * size,
                "primitives": dict(zip(("lose", "tie", "win"), primitives, strict=True))}
    check_tier(layout.tier(t), {"format": TIER_FORMAT, "version": FORMAT_VERSION, **document},
               manifest, database, t)
    # the records go first: a run killed from here on solves the tier again, rather than
    # leaving records of a finished tier behind
    for written in layout.chunks(t):
        written.unlink()
    write_document(layout.tier(t), TIER_FORMAT, document)
    _clean(layout, t)


def _clean(layout: Layout, t: int) -> None:
    """Remove what solving tier ``t`` left besides its codes and manifest: its reached bits,
    chunk records and what a killed worker was writing for it (the solve holds the lock)."""
    for written in layout.chunks(t):
        written.unlink(missing_ok=True)
    for partial in layout.root.glob(f".tier-{t}.*.partial"):
        partial.unlink(missing_ok=True)
    layout.reach(t).unlink(missing_ok=True)
