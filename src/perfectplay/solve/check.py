"""Check a game definition: solve small instances exhaustively and test every claim the game
makes about itself, naming the first counterexample.

What is checked, on every position reachable from the instances' start positions:

- ``moves`` is deterministic and its children hash consistently: a second call gives the same
  pairs, and each child equals and hashes like its twin;
- ``primitive`` gives None, WIN, LOSE or TIE, the same on a second call;
- ``key`` is sound: positions with equal keys have equal values (the game is solved without
  its ``key`` for this);
- an abstraction is sound: when the game defines ``abstraction()`` (a Game on abstract
  states) and ``abstract(position)`` (the abstract state of a position), the abstract game
  gives every position's value;
- ``components`` are independent: when the game declares them, the Grundy value of a position
  is the nim-sum of its components' values;
- compiled rules play the same game: when a game written in Python also gives ``compiled()``
  rules (see :mod:`perfectplay.compiled.rules`), every position survives ``encode`` then
  ``decode``, ``child`` (through ``next_move``) reaches the encoded children ``moves`` gives,
  ``primitive`` agrees, and the compiled solve gives every position the same value and
  remoteness (this loads numba).

A game may offer families of instances for the check (duck-typed class methods):
``exhaustive_instances(up_to)`` and ``random_instances(rng, count, size)``, each yielding
``(game, start_positions)`` pairs; the positions reachable from all the starts of one pair
are solved together.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from perfectplay.core.errors import EngineLimitError, GameError
from perfectplay.core.game import Game, Position, children_of, has_hook
from perfectplay.core.values import Value
from perfectplay.core.solution import Solution
from perfectplay.solve import outcome, solve

__all__ = ["CheckReport", "Counterexample", "check", "check_instances", "instances_of"]

Instance = tuple[Game, Sequence[Position]]
"""A game and the start positions to check it from."""

_FINISHED = (Value.WIN, Value.LOSE, Value.TIE)


@dataclass(frozen=True)
class Counterexample:
    """A position where a game's claim about itself fails."""

    rule: str
    """The claim that fails: ``moves``, ``primitive``, ``key``, ``abstraction``,
    ``components`` or ``compiled``."""

    position: Position
    """The position where it fails."""

    detail: str
    """What was expected and what was found."""

    game: Game
    """The instance the position belongs to."""

    def format(self) -> str:
        """One paragraph for a person: the rule, the instance, the position, the detail."""
        return (f"counterexample to {self.rule} in {self.game!r}\n"
                f"  position: {self.game.format_position(self.position)}\n"
                f"  {self.detail}")


@dataclass
class CheckReport:
    """What a check covered, and the first counterexample (None when every claim held)."""

    instances: int = 0
    """Instances (games) checked."""

    starts: int = 0
    """Start positions checked, over all instances."""

    positions: int = 0
    """Positions solved on the concrete state (without ``key``)."""

    keys: int = 0
    """Distinct keys among them (when the game has a ``key``)."""

    abstract_states: int = 0
    """Distinct abstract states among them (when the game has an abstraction)."""

    sums: int = 0
    """Positions with several components whose nim-sum was compared."""

    compiled: int = 0
    """Positions whose compiled rules and compiled solve were compared."""

    rules: set[str] = field(default_factory=set)
    """The claims checked: ``moves``, ``primitive``, ``key``, ``abstraction``,
    ``components``, ``compiled``."""

    counterexample: Counterexample | None = None
    """The first failure found, or None."""

    @property
    def is_sound(self) -> bool:
        """Whether every claim held."""
        return self.counterexample is None

    def format(self) -> str:
        """A summary for a person (the counterexample, when there is one)."""
        if self.counterexample is not None:
            return self.counterexample.format()
        lines = [f"sound: {self.instances:,} instances, {self.starts:,} start positions, "
                 f"{self.positions:,} positions solved on the concrete state",
                 f"checked: {', '.join(sorted(self.rules))}"]
        if "key" in self.rules:
            lines.append(f"key: {self.keys:,} distinct keys, equal keys have equal values")
        if "abstraction" in self.rules:
            lines.append(f"abstraction: {self.abstract_states:,} abstract states, every value "
                         "equal to the concrete one")
        if "components" in self.rules:
            lines.append(f"components: {self.sums:,} sums equal to the nim-sum of their parts")
        if "compiled" in self.rules:
            lines.append(f"compiled: {self.compiled:,} positions with the same children, "
                         "value and remoteness under the compiled rules")
        return "\n".join(lines)


def check(game: Game, starts: Sequence[Position] | None = None) -> CheckReport:
    """Check one game from ``starts`` (default: its start position).

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

    Examples
    --------
    >>> from perfectplay.games.nim import Nim
    >>> check_instances([(Nim((1, 1)), [(1, 1)]), (Nim((2,)), [(2,), (1,)])]).instances
    2
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
        When the game offers no such family, or ``count`` is given without ``size``.

    Examples
    --------
    >>> from perfectplay.games.disconnected import Disconnected
    >>> [(g.n, len(s)) for g, s in instances_of(Disconnected, up_to=4)]
    [(2, 1), (3, 1), (4, 1)]
    """
    if up_to is not None:
        if not has_hook(cls, "exhaustive_instances"):
            raise ValueError(f"{cls.__name__} offers no exhaustive family of instances")
        yield from cls.exhaustive_instances(up_to)
    if count:
        if not has_hook(cls, "random_instances"):
            raise ValueError(f"{cls.__name__} offers no random family of instances")
        if size is None:
            raise ValueError("random instances need a size")
        yield from cls.random_instances(random.Random(seed), count, size)


class _Root:
    """The virtual position above all start positions of an instance."""

    def __repr__(self) -> str:
        return "<root>"


_ROOT = _Root()


class _Plain(Game):
    """The game's own rules from a virtual root with a move to each start, without ``key`` and
    ``components``: the concrete state, solved exhaustively."""

    def __init__(self, game: Game, starts: list[Position]) -> None:
        self.game = game
        self.starts = starts
        self._primitive = game.primitive if has_hook(game, "primitive") else None

    def start(self) -> Any:
        return _ROOT

    def moves(self, position: Position) -> Iterable[tuple[Any, Position]]:
        if position is _ROOT:
            return enumerate(self.starts)
        return self.game.moves(position)

    def primitive(self, position: Position) -> Value | None:
        if position is _ROOT or self._primitive is None:
            return None
        value = self._primitive(position)
        if value is not None and value not in _FINISHED:
            raise _Found(Counterexample("primitive", position, "primitive() must give None, "
                                        f"WIN, LOSE or TIE, gave {value!r}", self.game))
        return value


class _Found(Exception):
    """A counterexample met while solving."""

    def __init__(self, counterexample: Counterexample) -> None:
        self.counterexample = counterexample


def _check_one(game: Game, starts: list[Position], report: CheckReport) -> Counterexample | None:
    try:
        solution = solve(_Plain(game, starts))
    except _Found as found:
        return found.counterexample
    except GameError as error:
        return Counterexample("moves", error.position, error.rule, game)
    solved = [(p, v) for p, v, _ in solution.positions() if p is not _ROOT]
    report.positions += len(solved)
    for check_rule in (_check_moves, _check_primitive, _check_key, _check_abstraction,
                       _check_components):
        found = check_rule(game, solved, solution, report)
        if found is not None:
            return found
    return _check_compiled(game, starts, solved, solution, report)


def _check_moves(game: Game, solved: list[tuple[Position, Value]], solution: Solution,
                 report: CheckReport) -> Counterexample | None:
    report.rules.add("moves")
    primitive = game.primitive if has_hook(game, "primitive") else None
    for position, _ in solved:
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


def _check_primitive(game: Game, solved: list[tuple[Position, Value]], solution: Solution,
                     report: CheckReport) -> Counterexample | None:
    if not has_hook(game, "primitive"):
        return None
    report.rules.add("primitive")
    for position, _ in solved:
        first, second = game.primitive(position), game.primitive(position)
        if first is not None and first not in _FINISHED:
            return Counterexample("primitive", position, "primitive() must give None, WIN, "
                                  f"LOSE or TIE, gave {first!r}", game)
        if first is not second:
            return Counterexample("primitive", position, "primitive() is not deterministic: "
                                  f"{first!r} then {second!r}", game)
    return None


def _check_key(game: Game, solved: list[tuple[Position, Value]], solution: Solution,
               report: CheckReport) -> Counterexample | None:
    if not has_hook(game, "key"):
        return None
    report.rules.add("key")
    seen: dict[Hashable, tuple[Position, Value]] = {}
    for position, value in solved:
        k = game.key(position)
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


def _check_abstraction(game: Game, solved: list[tuple[Position, Value]], solution: Solution,
                       report: CheckReport) -> Counterexample | None:
    if not (has_hook(game, "abstraction") and has_hook(game, "abstract")):
        return None
    report.rules.add("abstraction")
    abstract_game = game.abstraction()
    abstract_solution = solve(abstract_game)
    values: dict[Hashable, Value] = {}
    for position, value in solved:
        state = game.abstract(position)
        if state not in values:
            found = abstract_solution.get(state)
            values[state] = found if found is not None else outcome(abstract_game, state)
        if values[state] is not value:
            return Counterexample(
                "abstraction", position,
                f"abstract state {state!r} is {values[state]} in {abstract_game!r}, but the "
                f"position is {value}", game)
    report.abstract_states += len(values)
    return None


def _check_components(game: Game, solved: list[tuple[Position, Value]], solution: Solution,
                      report: CheckReport) -> Counterexample | None:
    if not has_hook(game, "components"):
        return None
    from perfectplay.impartial.grundy import grundy_table, nim_sum

    report.rules.add("components")
    whole: dict[Hashable, int] = {}
    parts: dict[Hashable, int] = {}
    for position, _ in solved:
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


def _check_compiled(game: Game, starts: list[Position], solved: list[tuple[Position, Value]],
                    solution: Solution, report: CheckReport) -> Counterexample | None:
    if not has_hook(game, "compiled"):
        return None
    from perfectplay.compiled.rules import CompiledGame, rules_of

    if isinstance(game, CompiledGame):  # its moves are the compiled rules: nothing to compare
        return None
    try:
        rules = rules_of(game)
    except ValueError:  # this instance is beyond its compiled encoding (too many words, ...)
        return None
    if rules.rest is not None:  # moves leave sums: a child is not one compiled position
        return None
    report.rules.add("compiled")
    primitive = game.primitive if has_hook(game, "primitive") else None
    for position, _ in solved:
        found = _compare_rules(game, rules, position, primitive)
        if found is not None:
            return Counterexample("compiled", position, found, game)
    from perfectplay.compiled.solve import compiled_solve

    for start in starts:
        try:
            compiled = compiled_solve(game, start)
        except EngineLimitError:  # too large to solve compiled: the rules were compared
            continue
        except GameError as error:
            return Counterexample("compiled", error.position, error.rule, game)
        for position, value, remoteness in compiled.positions():
            if solution.get(position) is None:
                return Counterexample("compiled", position, "the compiled solve reaches it, the "
                                      "Python rules do not", game)
            expected = (solution.value(position), solution.remoteness(position))
            if (value, remoteness) != expected:
                return Counterexample(
                    "compiled", position, f"the compiled solve gives {value} in {remoteness}, "
                    f"the Python rules {expected[0]} in {expected[1]}", game)
            report.compiled += 1
    return None


def _compare_rules(game: Game, rules: Any, position: Position, primitive: Any) -> str | None:
    """What the compiled rules get wrong at ``position``, or None."""
    try:
        index = rules.index(position)
    except ValueError as error:
        return f"encode() refuses it: {error}"
    back = rules.decode(index)
    if back != position:
        return f"decode(encode(position)) gives {game.format_position(back)}"
    finished = primitive(position) if primitive is not None else None
    expected = []
    for _, child in children_of(game, position) if finished is None else ():
        try:
            expected.append(rules.index(child))
        except ValueError as error:
            return f"encode() refuses the child {game.format_position(child)}: {error}"
    expected.sort()
    said = rules.primitive_value(index) if rules.primitive is not None else None
    try:  # the rules are not asked for moves where they say the game is over
        moves = [] if said is not None else rules.children(index)
    except GameError as error:
        return error.rule
    for move, child in moves:
        if child >= rules.size:
            return f"child() of move {move} gives {child}, outside [0, {rules.size})"
    children = sorted(child for _, child in moves)
    # a position with no move is a loss on both sides (normal play)
    python_end = finished if finished is not None or expected else Value.LOSE
    compiled_end = said if said is not None or children else Value.LOSE
    if compiled_end is not python_end:
        return f"the compiled rules say {_ending(compiled_end)}, the Python rules " \
               f"{_ending(python_end)}"
    if children != expected:
        shown = [[game.format_position(rules.decode(c)) for c in found]
                 for found in (children, expected)]
        return f"the compiled moves reach {shown[0]}, moves() reaches {shown[1]}"
    return None


def _ending(value: Value | None) -> str:
    return "play goes on" if value is None else f"the game is over ({value} for the player to move)"
