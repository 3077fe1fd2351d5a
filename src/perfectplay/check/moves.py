"""The claims every game makes: ``moves`` is deterministic and its children hash consistently,
and ``primitive`` gives a finished value (or None), the same on a second call."""

from __future__ import annotations

from perfectplay.check.report import CheckReport, Counterexample, Solved
from perfectplay.core.errors import GameError
from perfectplay.core.game import checked_primitive, children_of, has_hook

__all__ = ["check_moves", "check_primitive"]


def check_moves(solved: Solved, report: CheckReport) -> Counterexample | None:
    """Generated twice more, ``moves`` gives the pairs the solve used, each child equal to and
    hashing like its twin: a game whose moves change from one call to the next (a random
    order, a counter) was solved on moves it does not give again. The solve's own call is
    compared, since that is the one its values rest on; two more, since a game may change
    only after its first call, or only on some calls."""
    game = solved.game
    report.rules.add("moves")
    for position, _ in solved.positions:
        before = solved.moves.get(position)
        if before is None:  # primitive ended the game there: moves was not asked
            continue
        for call in ("second", "third"):
            try:
                again = list(children_of(game, position))
            except GameError as error:
                return Counterexample("moves", position, f"on a {call} call, {error.rule}", game)
            if again != before:
                return Counterexample("moves", position, f"moves() gave different pairs on a "
                                      f"{call} call: {before!r} then {again!r}", game)
            for (move, a), (_, b) in zip(before, again, strict=True):
                if hash(a) != hash(b):
                    return Counterexample("moves", position, f"move {move!r} gave equal "
                                          f"children with different hashes: {a!r}", game)
            before = again
        report.moves += 1
    return None


def check_primitive(solved: Solved, report: CheckReport) -> Counterexample | None:
    """``primitive`` gives None, WIN, LOSE or TIE at every position, twice the same."""
    game = solved.game
    if not has_hook(game, "primitive"):
        return None
    report.rules.add("primitive")
    for position, _ in solved.positions:
        first, second = game.primitive(position), game.primitive(position)
        try:
            checked_primitive(first, position)
        except GameError as error:
            return Counterexample("primitive", position, error.rule, game)
        if first is not second:
            return Counterexample("primitive", position, "primitive() is not deterministic: "
                                  f"{first!r} then {second!r}", game)
    return None
