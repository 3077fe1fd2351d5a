"""The claim ``tiers``: a game's tier hooks (:class:`~perfectplay.compiled.rules.TierRules`,
``CompiledRules.tiers``) rank each tier densely and declare where moves lead.

At every position the Python solve reached, ``tier`` gives one of the tiers, ``rank`` an index
in ``[0, sizes[tier])`` (of the position standing for its class, the smallest image, when the
hooks declare symmetries), ``unrank`` gives that position back from it, and every move (the
compiled ``child`` / ``next_move``, as the tier solver plays them) leads to a tier in
``children[tier]``. With un-moves (``parents``), every position they list has a move to the
position (where play goes on there), and every child of the position lists it among its
parents. Then, for a sample of the indices of each tier, its first and last among them,
``unrank`` gives a position of the encoding (``[0, size)``) in that tier whose ``rank``
is the index: a size too large for what ``unrank`` can produce shows there.

When the hooks declare symmetries (``image``), every image of a reachable position is a
position of its tier with the same primitive value, whose images are the same set and whose
children are, class by class, the images of the position's children.

When the hooks have the shortcuts ``unrank_run`` and ``rank_child``, each tier's reachable
indices are then visited in increasing order as the solver visits them: every board a run gives
is ``unrank``'s, and ``rank_child`` of every child is ``rank``'s.

The hooks are called only with what the checks before vouch for (a tier in range, an index in
its tier), since a compiled hook reading its tables out of bounds would not raise.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from perfectplay.check.report import CheckReport, Counterexample, Solved
from perfectplay.compiled.rules import MAX_SORTED_TIERS, CompiledRules, TierRules
from perfectplay.core.errors import GameError
from perfectplay.core.game import Game, Position

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
    rules = solved.compiled_rules()
    if rules is None or rules.tiers is None:
        return None
    tiers = rules.tiers
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
    if tiers.unrank_run is not None:
        found = _runs(game, rules, tiers, [rules.index(p) for p, _ in solved.positions])
        if found is not None:
            code, problem = found
            return Counterexample("tiers", rules.decode(code), problem, game)
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
    params = rules.params
    count = MAX_SORTED_TIERS if tiers.sorted else len(tiers.sizes)
    t = int(tiers.tier(params, code))
    if not 0 <= t < count:
        return f"tier() gives {t}, outside the tiers 0..{count - 1}"
    if not tiers.sorted:
        problem = _ranked(game, rules, tiers, code, t)
        if problem is not None:
            return problem
    try:  # the tier solver asks for moves only where the rules say play goes on
        moves = [] if rules.primitive_value(code) is not None else rules.children(code)
    except GameError as error:  # the compiled claims name it first
        return error.rule
    for move, child in moves:
        reached = int(tiers.tier(params, child))
        if tiers.sorted and reached < t:
            return (f"move {move} leads to {_shown(game, rules, child)}, in tier {reached}, "
                    f"below tier {t}: with only tier() (no rank), a move never leads to a "
                    "smaller tier")
        if not tiers.sorted and reached not in tiers.children[t]:
            return (f"move {move} leads to {_shown(game, rules, child)}, in tier {reached}, "
                    f"not in children[{t}] = {tiers.children[t]}")
    if tiers.parents is not None:
        problem = _unmoves(game, rules, tiers, code, moves)
        if problem is not None:
            return problem
    return _symmetric(game, rules, tiers, code, t, moves) if tiers.symmetries > 1 else None


def _ranked(game: Game, rules: CompiledRules, tiers: TierRules, code: int,
            t: int) -> str | None:
    """What ``rank`` and ``unrank`` get wrong at the reachable position ``code`` of tier
    ``t`` (at the smallest of its images, which stands for its class), or None."""
    params, rank, unrank = rules.params, tiers.rank, tiers.unrank
    assert rank is not None and unrank is not None
    stands = code
    if tiers.image is not None:
        stands = min(int(tiers.image(params, code, k)) for k in range(tiers.symmetries))
    index = int(rank(params, t, stands))
    if not 0 <= index < tiers.sizes[t]:
        return f"rank() gives {index} in tier {t}, outside [0, sizes[{t}]) = [0, {tiers.sizes[t]})"
    back = int(unrank(params, t, index))
    if back != stands:
        return (f"rank() gives {index} in tier {t}, and unrank() of that gives "
                f"{_shown(game, rules, back)}: they are not inverse")
    return None


def _unmoves(game: Game, rules: CompiledRules, tiers: TierRules, code: int,
             moves: list[tuple[int, int]]) -> str | None:
    """What the un-moves get wrong at the position ``code`` (whose moves are ``moves``), or
    None: each parent they list where play goes on has a move to it, and each child lists it
    among its parents."""
    import numpy as np

    unmoves = tiers.parents
    assert unmoves is not None
    out = np.zeros(tiers.max_parents, dtype=np.int64)

    def parents(p: int) -> list[int]:
        count = int(unmoves(rules.params, p, out))
        if not 0 <= count <= tiers.max_parents:
            raise GameError(f"parents() gives {count}, outside [0, max_parents = "
                            f"{tiers.max_parents}]", position=p)
        return [int(q) for q in out[:count]]

    try:
        for parent in parents(code):
            if not 0 <= parent < rules.size:
                return f"parents() lists {parent}, outside the encoding [0, {rules.size})"
            if rules.primitive_value(parent) is None and code not in (
                    c for _, c in rules.children(parent)):  # the solver skips the others
                return (f"parents() lists {_shown(game, rules, parent)}, which has no move to "
                        "the position")
        for move, child in moves:
            if code not in parents(child):
                return (f"move {move} leads to {_shown(game, rules, child)}, whose parents() "
                        "do not list the position")
    except GameError as error:
        return error.rule
    return None


def _symmetric(game: Game, rules: CompiledRules, tiers: TierRules, code: int, t: int,
               moves: list[tuple[int, int]]) -> str | None:
    """What the symmetries get wrong at the reachable position ``code`` of tier ``t`` (whose
    moves are ``moves``), or None: every image must be a position of the same tier, its images
    the same set, its primitive value the same, and its children the images of ``code``'s
    (compared by class, the smallest image)."""
    params, image = rules.params, tiers.image
    assert image is not None

    def images(p: int) -> list[int]:
        return [int(image(params, p, k)) for k in range(tiers.symmetries)]

    def classes(children: list[tuple[int, int]]) -> list[int]:
        return sorted(min(images(c)) for _, c in children)

    mine = images(code)
    if mine[0] != code:
        return f"image(position, 0) gives {_shown(game, rules, mine[0])}, not the position"
    for k, other in enumerate(mine):
        if not 0 <= other < rules.size or int(tiers.tier(params, other)) != t:
            return f"image {k} is {_shown(game, rules, other)}, not a position of tier {t}"
        if set(images(other)) != set(mine):
            return f"the images of image {k} are not the position's: not a group of symmetries"
        primitive = rules.primitive_value(other)
        if primitive != rules.primitive_value(code):
            return f"image {k}, {_shown(game, rules, other)}, has primitive value {primitive}"
        theirs = [] if primitive is not None else rules.children(other)
        if classes(theirs) != classes(moves):
            return (f"the children of image {k}, {_shown(game, rules, other)}, are not the "
                    "images of the position's children")
    return None


def _runs(game: Game, rules: CompiledRules, tiers: TierRules,
          codes: list[int]) -> tuple[int, str] | None:
    """``(position, what is wrong)`` for the first reachable position where ``unrank_run`` or
    ``rank_child`` differ from ``unrank`` and ``rank``, visiting each tier's indices in
    increasing order; None when they agree everywhere."""
    import numpy as np

    from perfectplay.compiled.rules import TIER_MEMO, TIER_RUN

    params, unrank_run, rank_child = rules.params, tiers.unrank_run, tiers.rank_child
    rank, unrank = tiers.rank, tiers.unrank
    assert unrank_run is not None and rank is not None and unrank is not None
    tiered = [(int(tiers.tier(params, code)), code) for code in codes]
    located = sorted((t, int(rank(params, t, code)), code) for t, code in tiered)
    boards = np.zeros(TIER_RUN, dtype=np.int64)
    memo = np.zeros(TIER_MEMO, dtype=np.int64)
    first, end, run_tier = 0, 0, -1
    for t, index, code in located:
        if t != run_tier or index >= end:
            count = int(unrank_run(params, t, index, boards, memo))
            if not 1 <= count <= min(TIER_RUN, tiers.sizes[t] - index):
                return code, (f"unrank_run() from index {index} in tier {t} gives {count} "
                              f"boards, not 1 to {min(TIER_RUN, tiers.sizes[t] - index)}")
            first, end, run_tier = index, index + count, t
            for k in range(count):
                if int(boards[k]) != int(unrank(params, t, index + k)):
                    return code, (f"unrank_run() from index {index} in tier {t} gives "
                                  f"{_shown(game, rules, int(boards[k]))} for index "
                                  f"{index + k}, not unrank()'s")
        if rank_child is None or rules.primitive_value(code) is not None:
            continue
        for move, child in rules.children(code):
            ct = int(tiers.tier(params, child))
            expected = int(rank(params, ct, child))
            got = int(rank_child(params, ct, child, move, index, memo))
            if got != expected:
                return code, (f"rank_child() of move {move} gives {got}, not rank()'s "
                              f"{expected} (index {index} in tier {t}, from the run of "
                              f"index {first})")
    return None


def _indexed(game: Game, rules: CompiledRules, tiers: TierRules, t: int,
             index: int) -> tuple[int, str] | None:
    """``(position, what is wrong)`` for the index ``index`` of tier ``t``, or None."""
    params, rank, unrank = rules.params, tiers.rank, tiers.unrank
    assert rank is not None and unrank is not None
    code = int(unrank(params, t, index))
    if not 0 <= code < rules.size:
        return code, (f"unrank() of index {index} in tier {t} gives {code}, outside the "
                      f"encoding [0, {rules.size}): is sizes[{t}] = {tiers.sizes[t]} too large?")
    reached = int(tiers.tier(params, code))
    if reached != t:
        return code, (f"unrank() of index {index} in tier {t} gives this position, whose tier() "
                      f"is {reached}")
    back = int(rank(params, t, code))
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

