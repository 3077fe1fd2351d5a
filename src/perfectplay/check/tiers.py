"""The claim ``tiers``: a game's tier hooks (:class:`~perfectplay.compiled.rules.TierRules`,
``CompiledRules.tiers``) rank each tier densely and declare where moves lead.

At every position the Python solve reached, ``tier`` gives one of the tiers, ``rank`` an index
in ``[0, sizes[tier])``, ``unrank`` gives the position back from it, and every move (the
compiled ``child`` / ``next_move``, as the tier solver plays them) leads to a tier in
``children[tier]``. Then, for a sample of the indices of each tier, its first and last among
them, ``unrank`` gives a position of the encoding (``[0, size)``) in that tier whose ``rank``
is the index: a size too large for what ``unrank`` can produce shows there.

The hooks are called only with what the checks before vouch for (a tier in range, an index in
its tier), since a compiled hook reading its tables out of bounds would not raise.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from perfectplay.check.report import CheckReport, Counterexample, Solved
from perfectplay.compiled.rules import CompiledRules, TierRules, rules_of
from perfectplay.core.errors import GameError, NotApplicable
from perfectplay.core.game import Game, Position, has_hook

__all__ = ["check_tiers"]

SAMPLE = 64
"""Random indices of each tier checked through ``unrank`` (besides its first and last)."""


def check_tiers(solved: Solved, report: CheckReport) -> Counterexample | None:
    """The claim ``tiers`` of a game whose compiled rules have tier hooks (none otherwise).

    Examples
    --------
    >>> from perfectplay.check import check
    >>> from perfectplay.games.tictactoe import TicTacToe
    >>> "tiers" in check(TicTacToe("XOXOX....")).rules
    True
    """
    game = solved.game
    if not has_hook(game, "compiled"):
        return None
    try:
        rules = rules_of(game)
    except NotApplicable:  # beyond the encoding: the compiled claims note it
        return None
    tiers = rules.tiers
    if tiers is None:
        return None
    if rules.rest is not None:
        report.skip("tiers", "its moves leave sums (rest), which the tier solver does not play")
        return None
    report.rules.add("tiers")
    for position, _ in solved.positions:
        try:
            problem = _reachable(game, rules, tiers, rules.index(position))
        except ValueError as error:  # the compiled claim reports it first, as a rule of its own
            problem = f"encode() refuses it: {error}"
        if problem is not None:
            return Counterexample("tiers", position, problem, game)
    rng = random.Random(0)
    for t, size in enumerate(tiers.sizes):
        for index in _sample(size, rng):
            found = _indexed(game, rules, tiers, t, index)
            if found is not None:
                code, problem = found
                where = rules.decode(code) if 0 <= code < rules.size else solved.starts[0]
                return Counterexample("tiers", where, problem, game)
    return None


def _reachable(game: Game, rules: CompiledRules, tiers: TierRules, code: int) -> str | None:
    """What the hooks get wrong at the reachable position ``code``, or None."""
    params, count = rules.params, len(tiers.sizes)
    t = int(tiers.tier(params, code))
    if not 0 <= t < count:
        return f"tier() gives {t}, outside the tiers 0..{count - 1}"
    index = int(tiers.rank(params, t, code))
    if not 0 <= index < tiers.sizes[t]:
        return f"rank() gives {index} in tier {t}, outside [0, sizes[{t}]) = [0, {tiers.sizes[t]})"
    back = int(tiers.unrank(params, t, index))
    if back != code:
        return (f"rank() gives {index} in tier {t}, and unrank() of that gives "
                f"{_shown(game, rules, back)}: they are not inverse")
    try:  # the tier solver asks for moves only where the rules say play goes on
        moves = [] if rules.primitive_value(code) is not None else rules.children(code)
    except GameError as error:  # the compiled claims name it first
        return error.rule
    for move, child in moves:
        reached = int(tiers.tier(params, child))
        if reached not in tiers.children[t]:
            return (f"move {move} leads to {_shown(game, rules, child)}, in tier {reached}, "
                    f"not in children[{t}] = {tiers.children[t]}")
    return None


def _indexed(game: Game, rules: CompiledRules, tiers: TierRules, t: int,
             index: int) -> tuple[int, str] | None:
    """``(position, what is wrong)`` for the index ``index`` of tier ``t``, or None."""
    params = rules.params
    code = int(tiers.unrank(params, t, index))
    if not 0 <= code < rules.size:
        return code, (f"unrank() of index {index} in tier {t} gives {code}, outside the "
                      f"encoding [0, {rules.size}): is sizes[{t}] = {tiers.sizes[t]} too large?")
    reached = int(tiers.tier(params, code))
    if reached != t:
        return code, (f"unrank() of index {index} in tier {t} gives this position, whose tier() "
                      f"is {reached}")
    back = int(tiers.rank(params, t, code))
    if back != index:
        return code, (f"unrank() of index {index} in tier {t} gives this position, whose rank() "
                      f"is {back}: they are not inverse")
    return None


def _sample(size: int, rng: random.Random) -> Iterator[int]:
    """The first and last index of a tier, then :data:`SAMPLE` random ones (every index of a
    small tier)."""
    if size <= SAMPLE + 2:
        yield from range(size)
        return
    yield 0
    yield size - 1
    for _ in range(SAMPLE):
        yield rng.randrange(size)


def _shown(game: Game, rules: CompiledRules, code: int) -> str:
    """An integer position as the game writes it, or the integer when outside the encoding."""
    if not 0 <= code < rules.size:
        return f"{code} (outside the encoding [0, {rules.size}))"
    position: Position = rules.decode(code)
    return game.format_position(position)

