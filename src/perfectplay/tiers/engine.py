"""The ``tiers`` engine's entry in the dispatcher (:mod:`perfectplay.core.engines`): it answers
``solve`` for a game with tier hooks, into the database directory given as the ``db`` option
(``solve(game, method="tiers", db=DIR, workers=2)``); ``auto`` chooses it only when that
option is given, since no other engine takes it."""

from __future__ import annotations

from typing import Any

from perfectplay.core.engines import Engine, Estimate, Request, register
from perfectplay.core.game import has_hook

__all__: list[str] = []


def _refuses(request: Request) -> str | None:
    if "db" not in request.options:
        return "the tiers method needs a database directory (the db option)"
    if not has_hook(request.game, "compiled"):
        return f"{request.game} has no compiled rules"
    from perfectplay.compiled.rules import rules_of

    if rules_of(request.game).tiers is None:
        return f"{request.game} has no tier hooks (CompiledRules.tiers)"
    return None


def _estimate(request: Request) -> Estimate:
    from perfectplay.compiled.rules import rules_of
    from perfectplay.tiers.solve import estimate_memory, locate

    rules = rules_of(request.game)
    start = request.game.start() if request.position is None else request.position
    memory, what = estimate_memory(rules, start_tier=locate(rules, rules.index(start))[0])
    return Estimate(memory=memory, exact=False, what=what)


def _solve(request: Request) -> Any:
    from perfectplay.tiers.solve import solve_tiers
    from perfectplay.tiers.storage import CHUNK

    options = request.options
    count, stages = request.progress, options.get("tier_progress")
    chunk_size = options.get("chunk_size")  # None from the command line when not given

    def progress(event: Any) -> None:
        if count is not None:
            count(event.done)
        if stages is not None:
            stages(event)

    return solve_tiers(request.game, options["db"], position=request.position,
                       whole_tier=options.get("whole_tier", False),
                       workers=options.get("workers"), scheduler=options.get("scheduler"),
                       chunk_size=CHUNK if chunk_size is None else chunk_size,
                       progress=progress)


register(Engine("tiers", "solve", order=100, refuses=_refuses, estimate=_estimate, run=_solve,
                options=("db", "whole_tier", "workers", "scheduler", "chunk_size",
                         "tier_progress")))
