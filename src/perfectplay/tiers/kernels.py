"""The tier solver's kernels per game: a generated module whose cached entry points inline one
game's rules and tier hooks into the loops of :mod:`perfectplay.tiers._loops`.

As :mod:`perfectplay.compiled.kernels` explains, a cached numba kernel that receives a rule
function as an argument is recompiled in every process; an entry point naming the rules as
module globals loads from the cache. The entries release the GIL (``nogil``), so that threads
solve chunks of a tier side by side.
"""

from __future__ import annotations

from pathlib import Path
from types import ModuleType
from typing import Any

from perfectplay.compiled.kernels import COUNTED, STAND_INS, check, kernel_module, prepare
from perfectplay.compiled.rules import CompiledRules, TierRules

__all__ = ["call", "kernels_for"]

_RULES = ("child, primitive, next_move, tier, rank, unrank, unrank_run, rank_child, image, "
          "SYMMETRIES")

_ENTRIES = {name: (_RULES, arguments) for name, arguments in {
    "forward": "params, t, max_moves, lo, hi, reach, reaches, slot_of, sizes, only, queue, "
               "scratch, info",
    "forward_loopy": "params, t, max_moves, lo, hi, reaches, slot_of, sizes, done, info",
    "backward": "params, t, max_moves, lo, reach, out, tables, widths, slot_of, sizes, only, "
                "primitives, weights, counts, scratch, info",
    "loopy_count": "params, t, max_moves, lo, hi, reach, code, unresolved, first, tables, "
                   "widths, slot_of, sizes, primitives, scratch, info",
    "loopy_edges": "params, t, max_moves, lo, hi, reach, first, parent, tables, widths, "
                   "slot_of, sizes, scratch, info",
    "loopy_levels": "params, stage, code, levels, info",
    "loopy_frontier": "params, stage, r, lo, hi, code, unresolved, frontier, info",
    "loopy_finish": "params, t, lo, hi, code, unresolved, weights, counts, info",
    "locate": "params, position, out",
    "unrank_many": "params, t, indices, out",
    "members": "params, t, indices, out",
    "expand": "params, t, max_moves, positions, kids, kid_tiers, info",
    "sample_moves": "params, t, max_moves, indices, sizes, out, info",
}.items()}
_ENTRIES["loopy_propagate"] = (f"{_RULES}, parents, MAX_PARENTS",
                               "params, t, stage, r, frontier, count, code, unresolved, first, "
                               "parent, levels, scratch, info")
"""Each loop's rules and arguments."""

_UNCOUNTED = ("forward", "backward", "forward_loopy", "loopy_count", "loopy_edges",
              "loopy_levels", "loopy_frontier", "loopy_propagate", "loopy_finish")
"""The loops over every index of a tier, compiled without reference counts (see
:func:`~perfectplay.compiled.kernels.entry_source`) where the rules allow: Connect Four 5x5
by tiers takes 14 s of CPU instead of 24 (one thread), Six Men's Morris 34-38 s instead of
43-44. Rules that allocate arrays get the twin that counts them."""

_chosen: dict[tuple[str, str], str] = {}
"""The entry each (module, loop) is called by in this process: the loop's own, or its counted
twin for rules that allocate (found once, and kept on disk beside a cached module by
:func:`_marker`, so that no later process tries again)."""

_STAND_INS = {
    **STAND_INS,
    "unrank_run": '''

@njit(inline="always")
def unrank_run(params, tier, index, boards, memo):
    boards[0] = unrank(params, tier, index)
    return 1
''',
    "rank_child": '''

@njit(inline="always")
def rank_child(params, tier, child, move, index, memo):
    return rank(params, tier, child)
''',
    "image": '''

@njit(inline="always")
def image(params, position, k):
    return position
''',
    "parents": '''

@njit(inline="always")
def parents(params, position, out):
    return 0
''',
}
"""What stands for an optional rule or hook of ``TierRules`` the game leaves out."""


_SORTED_STAND_INS = {
    "game_primitive": "from perfectplay.compiled._loops import never_primitive as game_primitive",
    "game_next_move": "from perfectplay.compiled._loops import every_move as game_next_move",
    "game_image": _STAND_INS["image"].replace("def image", "def game_image"),
}
"""What stands for an optional rule a game ranked by the solver leaves out."""

_SORTED_HOOKS = '''
from perfectplay.tiers._loops import sorted_rank as rank
from perfectplay.tiers._loops import sorted_unrank as unrank
from perfectplay.tiers._loops import sorted_unrank_run as unrank_run


@njit(inline="always")
def child(params, position, move):
    return game_child(params[0], position, move)


@njit(inline="always")
def primitive(params, position):
    return game_primitive(params[0], position)


@njit(inline="always")
def next_move(params, position, move):
    return game_next_move(params[0], position, move)


@njit(inline="always")
def tier(params, position):
    return game_tier(params[0], position)


@njit(inline="always")
def image(params, position, k):
    return game_image(params[0], position, k)
''' + _STAND_INS["rank_child"]
"""The hooks of a game ranked by the solver, over ``params = (game params, keys, bounds,
directory)``: its rules get the game's params, rank and unrank search the sorted lists
(:func:`~perfectplay.tiers._loops.sorted_rank`)."""


def kernels_for(rules: CompiledRules) -> ModuleType:
    """The module of tier entry points for ``rules`` (which have ``tiers``): see
    :func:`~perfectplay.compiled.kernels.kernel_module`, family ``"tiers"``. For a game ranked
    by the solver, the entries take ``params = (game params, keys, bounds, directory)``
    (:mod:`perfectplay.tiers._loops`).

    Examples
    --------
    >>> from perfectplay.compiled.rules import rules_of
    >>> from perfectplay.games.morris import Morris
    >>> module = kernels_for(rules_of(Morris()))
    >>> all(hasattr(module, name) for name in ("forward", "backward", "loopy_propagate"))
    True
    """
    tiers = rules.tiers
    assert isinstance(tiers, TierRules), "kernels_for needs rules with tier hooks"
    if tiers.sorted:
        return kernel_module(rules, "tiers", {"game_child": rules.child,
                                              "game_primitive": rules.primitive,
                                              "game_next_move": rules.next_move,
                                              "game_tier": tiers.tier, "game_image": tiers.image},
                             loops="perfectplay.tiers._loops", entries=_ENTRIES,
                             stand_ins=_SORTED_STAND_INS, nogil=True, uncounted=_UNCOUNTED,
                             preamble=[f"SYMMETRIES = {tiers.symmetries}", "MAX_PARENTS = 1",
                                       _SORTED_HOOKS + _STAND_INS["parents"]])
    functions = {"child": rules.child, "primitive": rules.primitive,
                 "next_move": rules.next_move, "tier": tiers.tier, "rank": tiers.rank,
                 "unrank": tiers.unrank, "unrank_run": tiers.unrank_run,
                 "rank_child": tiers.rank_child, "image": tiers.image, "parents": tiers.parents}
    return kernel_module(rules, "tiers", functions, loops="perfectplay.tiers._loops",
                         entries=_ENTRIES, stand_ins=_STAND_INS, nogil=True,
                         uncounted=_UNCOUNTED,
                         preamble=[f"SYMMETRIES = {tiers.symmetries}",
                                   f"MAX_PARENTS = {max(1, tiers.max_parents)}"])


def call(rules: CompiledRules, name: str, *args: Any) -> int:
    """Run the entry ``name`` of ``rules``' kernels on ``args`` (``info`` last), compiled first
    (:func:`~perfectplay.compiled.kernels.prepare`); return its count, or raise the error its
    status reports (:func:`~perfectplay.compiled.kernels.check`).

    Raises
    ------
    GameError
        When the rules or tier hooks broke their contract, naming the position.
    """
    from numba.core.errors import NumbaError

    from perfectplay.core.errors import GameError

    module = kernels_for(rules)
    key = (module.__name__, name)
    if key not in _chosen:
        marker = _marker(module, name)
        counted = name in _UNCOUNTED and marker is not None and marker.exists()
        _chosen[key] = name + COUNTED if counted else name
    kernel = getattr(module, _chosen[key])
    try:
        prepare(kernel, *args, rules=rules)
    except (NumbaError, GameError):
        if name not in _UNCOUNTED or _chosen[key] != name:
            raise
        # rules that allocate arrays need reference counts: the twin has them (and when the
        # rules do not compile at all, it says so)
        _chosen[key] = name + COUNTED
        marker = _marker(module, name)
        if marker is not None:
            marker.touch()
        _forget_failures()
        kernel = getattr(module, _chosen[key])
        prepare(kernel, *args, rules=rules)
    return check(int(kernel(*args)), args[-1], rules)


def _marker(module: ModuleType, name: str) -> Path | None:
    """The file beside a cached module whose presence says its loop ``name`` needs the counted
    twin (None for a module compiled in memory); ``perfectplay cache clear`` removes it with
    the module."""
    where = getattr(module, "__file__", None)
    if where is None:
        return None
    path = Path(where)
    return path.with_name(f"{path.stem}.{name}{COUNTED}")


def _forget_failures() -> None:
    """Let every numba function compile again what failed: numba remembers a signature that
    failed to compile, whatever the flags, and the rules' functions failed without reference
    counts, under the loop that has none; the counted twin compiles them with."""
    import gc

    from numba.core.dispatcher import Dispatcher

    for thing in gc.get_objects():
        if isinstance(thing, Dispatcher):
            failed = getattr(getattr(thing, "_compiler", None), "_failed_cache", None)
            if failed:
                failed.clear()
