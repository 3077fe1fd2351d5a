"""The claims every game makes: ``moves`` is deterministic and its children hash consistently,
and ``primitive`` gives a finished value (or None), the same on a second call."""

from __future__ import annotations

from typing import Any

from perfectplay.check.report import CheckReport, Counterexample, Solved
from perfectplay.core.game import children_of, has_hook
from perfectplay.core.values import Value

__all__ = ["check_moves", "check_primitive", "primitive_error"]

_FINISHED = (Value.WIN, Value.LOSE, Value.TIE)


def primitive_error(value: Any) -> str | None:
    """What is wrong with a value ``primitive`` gave, or None when it is legal.

    >>> primitive_error(Value.TIE) is None, primitive_error(Value.DRAW)
    (True, 'primitive() must give None, WIN, LOSE or TIE, gave Value.DRAW')
    """
    if value is None or value in _FINISHED:
        return None
    return f"primitive() must give None, WIN, LOSE or TIE, gave {value!r}"


def check_moves(solved: Solved, report: CheckReport) -> Counterexample | None:
    """A second call of ``moves`` gives the same pairs, each child equal to and hashing like
    its twin (positions where ``primitive`` ends the game are not asked)."""
    game = solved.game
    report.rules.add("moves")
    primitive = game.primitive if has_hook(game, "primitive") else None
    for position, _ in solved.positions:
        if primitive is not None and primitive(position) is not None:
            continue
        first = list(children_of(game, position))
        second = list(children_of(game, position))
        if first != second:
            return Counterexample("moves", position, "moves() gave different pairs on a second "
                                  f"call: {first!r} then {second!r}", game)
        for (move, a), (_, b) in zip(first, second, strict=True):
            if hash(a) != hash(b):
                return Counterexample("moves", position, f"move {move!r} gave equal children "
                                      f"with different hashes: {a!r}", game)
    return None


def check_primitive(solved: Solved, report: CheckReport) -> Counterexample | None:
    """``primitive`` gives None, WIN, LOSE or TIE at every position, twice the same."""
    game = solved.game
    if not has_hook(game, "primitive"):
        return None
    report.rules.add("primitive")
    for position, _ in solved.positions:
        first, second = game.primitive(position), game.primitive(position)
        error = primitive_error(first)
        if error is not None:
            return Counterexample("primitive", position, error, game)
        if first is not second:
            return Counterexample("primitive", position, "primitive() is not deterministic: "
                                  f"{first!r} then {second!r}", game)
    return None
