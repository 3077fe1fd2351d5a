"""The check itself: solve each instance on its concrete state, then test every claim on the
positions solved, stopping at the first counterexample."""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

from perfectplay.check.abstraction import check_abstraction
from perfectplay.check.compiled import check_compiled, guarded_rules
from perfectplay.check.components import check_components
from perfectplay.check.key import check_key
from perfectplay.check.moves import check_moves, check_primitive
from perfectplay.check.report import CheckReport, Counterexample, Found, Solved
from perfectplay.check.search import check_search
from perfectplay.check.tiers import check_tiers
from perfectplay.compiled.rules import CompiledGame
from perfectplay.core.errors import GameError
from perfectplay.core.game import (
    Game,
    Instance,
    Move,
    Position,
    checked_key,
    checked_primitive,
    children_of,
    has_hook,
)
from perfectplay.core.limits import PYTHON_BYTES_PER_POSITION, check_memory
from perfectplay.core.values import Value
from perfectplay.solve import solve

__all__ = ["check", "check_instances", "instances_of"]

_CLAIMS = (check_moves, check_primitive, check_key, check_abstraction, check_components,
           check_compiled, check_tiers, check_search)
"""Each claim in the order checked: the cheap ones first, the compiled ones (numba) last."""


def check(game: Game, starts: Sequence[Position] | None = None) -> CheckReport:
    """Check one game from ``starts`` (default: its start position).

    Raises
    ------
    GameError
        When a start position is unhashable: there is nothing to check from.

    Examples
    --------
    >>> from perfectplay.games.nim import Nim
    >>> report = check(Nim((1, 2, 3)))
    >>> report.is_sound, report.positions, report.keys, sorted(report.rules)
    (True, 24, 14, ['key', 'moves'])
    >>> class BadKey(Nim):
    ...     def key(self, heaps):
    ...         return sum(heaps)
    >>> print(check(BadKey((1, 2))).counterexample.rule)
    key
    """
    return check_instances([(game, [game.start()] if starts is None else starts)])


def check_instances(instances: Iterable[Instance]) -> CheckReport:
    """Check every instance in turn, stopping at the first counterexample.

    Raises
    ------
    GameError
        When a start position is unhashable: there is nothing to check from.

    Examples
    --------
    >>> from perfectplay.games.nim import Nim
    >>> check_instances([(Nim((1, 1)), [(1, 1)]), (Nim((2,)), [(2,), (1,)])]).instances
    2
    >>> check_instances([]).is_sound
    False
    """
    report = CheckReport()
    for game, starts in instances:
        starts = list(starts)
        report.instances += 1
        report.starts += len(starts)
        report.counterexample = _check_one(game, starts, report)
        if report.counterexample is not None:
            break
    return report


def instances_of(cls: type[Game], *, up_to: int | None = None, count: int = 0,
                 size: int | None = None, seed: int = 0) -> Iterator[Instance]:
    """The check families a catalogue game offers: every instance up to a size, and ``count``
    random instances of a size.

    Raises
    ------
    ValueError
        At once, when the game offers no such family, ``count`` is negative, or ``count`` is
        given without ``size``.

    Examples
    --------
    >>> from perfectplay.games.disconnected import Disconnected
    >>> [(g.n, len(s)) for g, s in instances_of(Disconnected, up_to=4)]
    [(2, 1), (3, 1), (4, 1)]
    >>> instances_of(Disconnected, count=-5, size=4)
    Traceback (most recent call last):
    ...
    ValueError: count must be >= 0, got -5
    """
    if up_to is not None and not has_hook(cls, "exhaustive_instances"):
        raise ValueError(f"{cls.__name__} offers no exhaustive family of instances")
    if count < 0:
        raise ValueError(f"count must be >= 0, got {count}")
    families = [] if up_to is None else [cls.exhaustive_instances(up_to)]
    if count:
        if not has_hook(cls, "random_instances"):
            raise ValueError(f"{cls.__name__} offers no random family of instances")
        if size is None:
            raise ValueError("random instances need a size")
        families.append(cls.random_instances(random.Random(seed), count, size))
    return itertools.chain.from_iterable(families)


class _Root:
    """The virtual position above all start positions of an instance."""

    def __repr__(self) -> str:
        return "<root>"


_ROOT = _Root()


class _Plain(Game):
    """The game's rules from a virtual root with a move to each start, without ``key`` and
    ``components``: the concrete state, solved exhaustively. ``primitive`` values are checked
    as they come, under the claim ``primitive``; the pairs ``moves`` gives are kept, for
    :func:`~perfectplay.check.moves.check_moves` to compare with two more calls."""

    def __init__(self, game: Game, starts: list[Position],
                 moves: Callable[[Position], Iterable[tuple[Move, Position]]],
                 primitive: Callable[[Position], Value | None] | None) -> None:
        self.game = game
        self.starts = starts
        self._moves = moves
        self._primitive = primitive
        self.given: dict[Position, list[tuple[Move, Position]]] = {}

    def start(self) -> Any:
        return _ROOT

    def moves(self, position: Position) -> Iterable[tuple[Move, Position]]:
        if position is _ROOT:
            return enumerate(self.starts)
        pairs = self.given[position] = list(self._moves(position))
        return pairs

    def primitive(self, position: Position) -> Value | None:
        if position is _ROOT or self._primitive is None:
            return None
        try:
            return checked_primitive(self._primitive(position), position)
        except GameError as error:
            raise Found(Counterexample("primitive", position, error.rule, self.game)) from None


def _check_one(game: Game, starts: list[Position], report: CheckReport) -> Counterexample | None:
    moves: Callable[[Any], Iterable[tuple[Move, Position]]] = functools.partial(children_of, game)
    primitive = game.primitive if has_hook(game, "primitive") else None
    if isinstance(game, CompiledGame):  # its moves are its compiled rules: check as they run
        guarded = guarded_rules(game, report)
        if guarded is None:
            return None
        moves, primitive = guarded.moves, guarded.primitive
    bound = game.position_bound()
    if bound is not None:  # the check solves in Python: never start what cannot fit
        check_memory(bound * PYTHON_BYTES_PER_POSITION,
                     f"checking {game} (up to {bound:,} positions, solved in Python; check a "
                     "smaller instance)")
    plain = _Plain(game, starts, moves, primitive)
    for start in starts:  # solved without a key, the starts themselves must hash
        checked_key(plain, start)
    try:
        solution = solve(plain)
    except Found as found:
        return found.counterexample
    except GameError as error:
        return Counterexample("moves", error.position, error.rule, game)
    solved = Solved(game, starts, [(p, v) for p, v, _ in solution.positions() if p is not _ROOT],
                    solution, plain.given)
    report.positions += len(solved.positions)
    for claim in _CLAIMS:
        counterexample = claim(solved, report)
        if counterexample is not None:
            return counterexample
    return None
