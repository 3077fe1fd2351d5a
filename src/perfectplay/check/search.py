"""The claim ``search``: a game's search hooks (:class:`~perfectplay.compiled.search.SearchRules`,
``CompiledRules.search``) tell the truth, and the search gives the values of the solve.

At every position the Python solve reached, each hook given is called from Python and compared
with what the rules themselves say: ``wins_now`` with the children's primitives, ``safe_moves``
with the grandchildren's, ``order`` with the legal moves (each once, none left out), ``key``
with the solved values and remoteness (equal keys, equal both), ``horizon`` with the remoteness
(never beyond it, a tie's equal to it), ``ceiling`` with the value (never below it),
``alternating`` with its parity. Then a sample of the
positions is searched (:func:`~perfectplay.compiled.search.search_positions`) and compared with
the solve.
"""

from __future__ import annotations

import random
from typing import Any

from perfectplay.check.report import CheckReport, Counterexample, Solved
from perfectplay.compiled.rules import CompiledRules
from perfectplay.core.errors import CycleError, GameError
from perfectplay.core.game import Game, Position
from perfectplay.core.values import Value, ValueCode

__all__ = ["SAMPLE", "check_search"]

SAMPLE = 200
"""Positions searched and compared with the solve, at most (a random sample, seeded)."""


def check_search(solved: Solved, report: CheckReport) -> Counterexample | None:
    """The claim ``search`` of a game whose compiled rules have search hooks (none otherwise).

    Examples
    --------
    >>> from perfectplay.check import check
    >>> from perfectplay.games.connect4 import ConnectFour
    >>> "search" in check(ConnectFour(4, 3), [ConnectFour(4, 3).parse_position("2323")]).rules
    True
    """
    game = solved.game
    rules = solved.compiled_rules()
    if rules is None or rules.search is None or rules.rest is not None:
        return None
    report.rules.add("search")
    solution = solved.solution
    keys: dict[int, tuple[Position, Value, int | None]] = {}
    for position, value in solved.positions:
        remoteness = solution.remoteness(position)
        problem = _hooks_lie(rules, rules.index(position), value, remoteness, keys, position)
        if problem is not None:
            return Counterexample("search", position, problem, game)
    return _compare_search(game, solved, report)


def _hooks_lie(rules: CompiledRules, p: int, value: Value, remoteness: int | None,
               keys: dict[int, tuple[Position, Value, int | None]],
               position: Position) -> str | None:
    """What a hook says wrongly at the integer position ``p``, or None."""
    hooks = rules.search
    assert hooks is not None
    params = hooks.params
    if hooks.key is not None:
        k = int(hooks.key(params, p))
        if k < 0:
            return f"key() gave {k}: keys are never negative"
        other = keys.setdefault(k, (position, value, remoteness))
        if other[1:] != (value, remoteness):
            return (f"key() gives {k}, as for {other[0]!r}, but that is a {other[1]} in "
                    f"{other[2]} and this a {value} in {remoteness}")
    if hooks.alternating and remoteness is not None and (
            (value is Value.WIN and remoteness % 2 == 0)
            or (value is Value.LOSE and remoteness % 2 == 1)):
        return (f"alternating is set, but the position is a {value} in {remoteness} moves "
                "(wins take an odd number, losses an even one)")
    if hooks.horizon is not None and remoteness is not None:
        h = int(hooks.horizon(params, p))
        if remoteness > h or (value is Value.TIE and remoteness != h):
            return f"horizon() gives {h}, but the position is a {value} in {remoteness}"
    if rules.primitive_value(p) is not None:
        return None
    children = rules.children(p)
    wins = any(rules.primitive_value(c) is Value.LOSE for _, c in children)
    if hooks.wins_now is not None and bool(hooks.wins_now(params, p)) != wins:
        return (f"wins_now() says {bool(hooks.wins_now(params, p))}, but a move "
                f"{'does' if wins else 'does not'} win at once")
    allowed = -1
    if hooks.ceiling is not None and not wins:
        best = int(hooks.ceiling(params, p))
        if value is not Value.DRAW and ValueCode.of(value) > best:
            return f"ceiling() gives {best}, but the position is a {value}"
    if hooks.safe_moves is not None and not wins:
        allowed = int(hooks.safe_moves(params, p))
        safe = sum(1 << m for m, c in children if not _wins_at_once(rules, c))
        if allowed != safe:
            return (f"safe_moves() gives the moves {_bits(allowed)}, but those after which the "
                    f"opponent cannot win at once are {_bits(safe)}")
        if allowed == 0:
            return None
    if hooks.order is not None:
        import numpy as np

        listed = np.full(max(rules.max_moves, 1) + 1, -1, dtype=np.int64)
        n = int(hooks.order(params, p, allowed, listed, 0))
        moves = listed[:min(max(n, 0), len(listed))].tolist()
        legal = sorted(m for m, _ in children if allowed == -1 or (allowed >> m) & 1)
        if n > rules.max_moves or sorted(moves) != legal:
            return f"order() lists the moves {moves}, but the moves to search are {legal}"
    return None


def _wins_at_once(rules: CompiledRules, p: int) -> bool:
    """Whether the player to move at ``p`` has a move that wins at once."""
    if rules.primitive_value(p) is not None:
        return False
    return any(rules.primitive_value(c) is Value.LOSE for _, c in rules.children(p))


def _bits(moves: int) -> list[int]:
    return [m for m in range(64) if (moves >> m) & 1]


def _compare_search(game: Game[Any], solved: Solved, report: CheckReport) -> Counterexample | None:
    """A seeded sample of the positions searched, against the solve."""
    from perfectplay.compiled.search import search_positions

    positions = [p for p, _ in solved.positions]
    sample = random.Random(0).sample(positions, min(SAMPLE, len(positions)))
    try:
        result = search_positions(game, sample)
    except (GameError, CycleError) as error:
        return Counterexample("search", getattr(error, "position", None), str(error), game)
    for position, value, remoteness in zip(sample, result.values, result.remoteness,
                                           strict=True):
        expected = (solved.solution.value(position), solved.solution.remoteness(position))
        if (value, remoteness) != expected:
            return Counterexample("search", position, f"the search gives {value} in "
                                  f"{remoteness}, the solve {expected[0]} in {expected[1]}", game)
    return None
