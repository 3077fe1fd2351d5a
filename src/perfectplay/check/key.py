"""The claim of ``key``: positions with equal keys have equal values (the instance is solved
without its key, so the values compared are the concrete ones)."""

from __future__ import annotations

from collections.abc import Hashable

from perfectplay.check.report import CheckReport, Counterexample, Solved
from perfectplay.core.errors import GameError
from perfectplay.core.game import Position, checked_key, has_hook
from perfectplay.core.values import Value

__all__ = ["check_key"]


def check_key(solved: Solved, report: CheckReport) -> Counterexample | None:
    """``key`` gives hashable values and is deterministic, and positions sharing a key share
    their value."""
    game = solved.game
    if not has_hook(game, "key"):
        return None
    report.rules.add("key")
    seen: dict[Hashable, tuple[Position, Value]] = {}
    for position, value in solved.positions:
        try:
            k = checked_key(game, position)
        except GameError as error:
            return Counterexample("key", position, error.rule, game)
        if k != game.key(position):
            return Counterexample("key", position, "key() is not deterministic", game)
        other = seen.setdefault(k, (position, value))
        if other[1] is not value:
            return Counterexample(
                "key", position,
                f"key {k!r} is shared with {game.format_position(other[0])}, but the values "
                f"differ: {value} here, {other[1]} there", game)
    report.keys += len(seen)
    return None
