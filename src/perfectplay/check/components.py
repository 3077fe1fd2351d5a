"""The claim of ``components``: they are independent, so a position's Grundy value is the
nim-sum of its components' values (Sprague–Grundy)."""

from __future__ import annotations

from collections.abc import Hashable

from perfectplay.check.report import CheckReport, Counterexample, Solved
from perfectplay.core.game import has_hook
from perfectplay.impartial.grundy import grundy_table, nim_sum

__all__ = ["check_components"]


def check_components(solved: Solved, report: CheckReport) -> Counterexample | None:
    """At every position with several components, the Grundy value of the whole (solved
    without ``components``) is the nim-sum of the parts' values."""
    game = solved.game
    if not has_hook(game, "components"):
        return None
    report.rules.add("components")
    whole: dict[Hashable, int] = {}
    parts: dict[Hashable, int] = {}
    for position, _ in solved.positions:
        pieces = list(game.components(position))
        if len(pieces) < 2:
            continue
        expected = grundy_table(game, position, whole, components=False)
        found = nim_sum(*(grundy_table(game, piece, parts) for piece in pieces))
        report.sums += 1
        if expected != found:
            return Counterexample(
                "components", position,
                f"the Grundy value is {expected}, but the components' nim-sum is {found}: "
                f"{[game.format_position(p) for p in pieces]}", game)
    return None
