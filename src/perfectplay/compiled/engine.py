"""The compiled engines' entries in the dispatcher (:mod:`perfectplay.core.engines`), and the
dense store's file format: imported with :mod:`perfectplay.compiled`, without numpy or numba
(the engines import them when they run).

What each entry states: it needs ``compiled()`` rules; the value kernels cannot add up the sums
that moves of rules with ``rest`` leave (Grundy values can); its tables take a known number of
bytes per encoded integer, checked against the machine's memory before anything is allocated;
``auto`` starts it only when the work pays for loading numba.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from perfectplay.core.engines import Engine, Estimate, Request, register
from perfectplay.core.errors import EngineLimitError, NotApplicable
from perfectplay.core.game import Game, has_hook
from perfectplay.core.limits import COMPILED_GRUNDY_WORK, COMPILED_THRESHOLD, MAX_DENSE_SIZE
from perfectplay.core.solution import Solution, register_format

__all__ = ["BYTES_PER_INTEGER"]

BYTES_PER_INTEGER = {"solve": 2 + 1 / 8, "outcome": 1.0, "grundy": 2 + 1 / 8}
"""Table bytes per encoded integer: 2-byte codes and a reachable bit (solve, Grundy values), a
1-byte state (outcome). A solve whose remoteness passes 16,383 runs again with 4-byte codes."""


def _refuses(request: Request) -> str | None:
    if not has_hook(request.game, "compiled"):
        return f"{request.game} has no compiled rules"
    return None


def _size(game: Game[Any]) -> int:
    if has_hook(game, "compiled_size"):
        return int(game.compiled_size())
    from perfectplay.compiled.rules import rules_of

    return rules_of(game).size


def _estimate(request: Request) -> Estimate:
    try:
        size = _size(request.game)
    except ValueError:  # beyond what the encoding takes: run() says why
        return Estimate()
    per = BYTES_PER_INTEGER[request.question]
    what = f"{size:,} integer positions x {per:g} bytes"
    if size > MAX_DENSE_SIZE:
        what += f", past the {MAX_DENSE_SIZE:,} a dense table takes"
    return Estimate(memory=int(size * per), exact=True, work=size, what=what)


def _large(threshold: int) -> Any:
    def worthwhile(request: Request, estimate: Estimate) -> bool:
        work = request.work if request.work is not None else estimate.work
        return work is None or work >= threshold

    return worthwhile


def _solve(request: Request) -> Solution[Any]:
    from perfectplay.compiled.solve import compiled_solve

    return compiled_solve(request.game, request.position, progress=request.progress)


def _outcome(request: Request) -> Any:
    from perfectplay.compiled.query import compiled_query

    return compiled_query(request.game, request.position)


def _grundy(request: Request) -> int:
    from perfectplay.compiled.grundy import compiled_grundy

    game = request.game
    start = game.start() if request.position is None else request.position
    return compiled_grundy(game, start).grundy(start)


_GIVE_WAY = (EngineLimitError, NotApplicable)

register(Engine("compiled", "solve", order=0, refuses=_refuses, estimate=_estimate,
                worthwhile=_large(COMPILED_THRESHOLD), gives_way_on=_GIVE_WAY, run=_solve))
register(Engine("compiled", "outcome", order=0, refuses=_refuses, estimate=_estimate,
                worthwhile=_large(COMPILED_THRESHOLD), gives_way_on=_GIVE_WAY, run=_outcome))
register(Engine("compiled", "grundy", order=0, refuses=_refuses, estimate=_estimate,
                worthwhile=_large(COMPILED_GRUNDY_WORK), gives_way_on=_GIVE_WAY, run=_grundy))


def _search_estimate(request: Request) -> Estimate:
    from perfectplay.compiled.search import ENTRY_BYTES, default_table_entries

    entries = default_table_entries()
    return Estimate(memory=entries * ENTRY_BYTES, exact=True,
                    what=f"a transposition table of {entries:,} entries x {ENTRY_BYTES} bytes")


def _search_outcome(request: Request) -> Any:
    from perfectplay.compiled.search import search_positions

    game = request.game
    start = game.start() if request.position is None else request.position
    return search_positions(game, [start], weak=True).values[0]


# last in auto's order: for a game whose tables do not fit, one position searched
register(Engine("search", "outcome", order=30, refuses=_refuses, estimate=_search_estimate,
                gives_way_on=(NotApplicable,), run=_search_outcome))


# Nim-sequences of heap games by code ------------------------------------------------------

_SEQUENCE_BYTES = 4 + 1
"""Bytes per heap of a compiled nim-sequence: the value (uint16, uint32 once values need it)
and the digit table."""


def _sequence_estimate(request: Request) -> Estimate:
    upto = request.options["upto"]
    return Estimate(memory=(upto + 1) * _SEQUENCE_BYTES, exact=True, work=upto + 1,
                    what=f"{upto + 1:,} heaps x {_SEQUENCE_BYTES} bytes")


def _sequence(method: str) -> Any:
    def run(request: Request) -> Any:
        import numpy as np

        from perfectplay.compiled import nimseq

        rules, upto = request.options["rules"], request.options["upto"]
        digits = np.zeros(upto + 1, dtype=np.uint8)
        explicit = rules.digits[:upto + 1]
        digits[:len(explicit)] = explicit
        if rules.repeat and upto + 1 > len(rules.digits):
            digits[len(rules.digits):] = np.resize(np.array(rules.repeat, np.uint8),
                                                   upto + 1 - len(rules.digits))
        kernel = nimseq.rare_sequence if method == "rare" else nimseq.plain_sequence
        return kernel(digits, rules.unequal, upto, progress=request.progress)

    return run


def _rare_refuses(request: Request) -> str | None:
    rules = request.options["rules"]
    if rules.max_parts > 2:
        return (f"the rare-value method needs at most two heaps left by a move; {rules.code} "
                "leaves three (use the plain method)")
    return None


register(Engine("rare", "nim_sequence", order=10, refuses=_rare_refuses,
                estimate=_sequence_estimate, run=_sequence("rare")))
register(Engine("plain", "nim_sequence", order=20, estimate=_sequence_estimate,
                run=_sequence("plain")))


def _load_dense(path: Path, game: Game[Any]) -> Solution[Any]:
    from perfectplay.compiled.dense import load_dense

    return load_dense(path, game)


register_format(b"PK\x03\x04", _load_dense)
