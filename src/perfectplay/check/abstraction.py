"""The claim of an abstraction: the game ``abstraction()`` on abstract states gives every
position the value of its state ``abstract(position)``."""

from __future__ import annotations

from collections.abc import Hashable

from perfectplay.check.report import CheckReport, Counterexample, Solved
from perfectplay.core.game import has_hook
from perfectplay.core.values import Value
from perfectplay.solve import outcome, solve

__all__ = ["check_abstraction"]


def check_abstraction(solved: Solved, report: CheckReport) -> Counterexample | None:
    """Every position has the value of its abstract state in the abstract game."""
    game = solved.game
    has_game, has_state = has_hook(game, "abstraction"), has_hook(game, "abstract")
    if not (has_game or has_state):
        return None
    if has_game != has_state:  # half a claim: nothing to compare with
        given, missing = "abstraction()", "abstract()"
        if has_state:
            given, missing = missing, given
        report.skip("abstraction", f"the game gives {given} but not {missing}")
        return None
    report.rules.add("abstraction")
    abstract_game = game.abstraction()
    abstract_solution = solve(abstract_game)
    values: dict[Hashable, Value] = {}
    for position, value in solved.positions:
        state = game.abstract(position)
        if state not in values:
            # a state the abstract game's start does not reach is valued on its own
            found = abstract_solution.get(state)
            values[state] = found if found is not None else outcome(abstract_game, state)
        if values[state] is not value:
            return Counterexample(
                "abstraction", position,
                f"abstract state {state!r} is {values[state]} in {abstract_game!r}, but the "
                f"position is {value}", game)
    report.abstract_states += len(values)
    return None
