"""What a check found: the report, the counterexample, the claims it skipped, and the solved
instance every claim is checked against."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from perfectplay.compiled.rules import CompiledRules, rules_of
from perfectplay.core.errors import NotApplicable
from perfectplay.core.game import Game, Move, Position, has_hook
from perfectplay.core.solution import Solution
from perfectplay.core.values import Value

__all__ = ["CheckReport", "Counterexample", "Found", "NotChecked", "Solved"]


@dataclass(frozen=True)
class Counterexample:
    """A position where a game's claim about itself fails."""

    rule: str
    """The claim that fails: ``moves``, ``primitive``, ``key``, ``abstraction``,
    ``components``, ``compiled`` (a Python game's compiled rules) or ``compiled rules`` (a
    game written only as compiled rules)."""

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


@dataclass(frozen=True)
class NotChecked:
    """A claim a game makes that the check skipped, and why."""

    rule: str
    """The claim skipped (a name as in :attr:`Counterexample.rule`)."""

    reason: str
    """Why it was not checked."""

    instances: int = 1
    """Instances it was skipped for, for this reason."""

    def format(self) -> str:
        """One line: ``<rule>: not checked, <reason>``, with the count when above one.

        >>> NotChecked("compiled", "the instance is beyond its compiled encoding", 3).format()
        'compiled: not checked, the instance is beyond its compiled encoding (3 instances)'
        """
        times = f" ({_count(self.instances, 'instance')})" if self.instances > 1 else ""
        return f"{self.rule}: not checked, {self.reason}{times}"


@dataclass
class CheckReport:
    """What a check covered, what it skipped, and the first counterexample (None when every
    claim held).

    Examples
    --------
    >>> print(CheckReport().format())
    nothing checked: 0 instances
    >>> print(CheckReport(instances=1, starts=1, positions=1, moves=1, rules={"moves"}).format())
    sound: 1 instance, 1 start position, 1 position solved on the concrete state
    checked: moves
    moves: 1 position whose moves, generated twice more, gave the pairs the solve used
    """

    instances: int = 0
    """Instances (games) checked."""

    starts: int = 0
    """Start positions checked, over all instances."""

    positions: int = 0
    """Positions solved on the concrete state (without ``key``)."""

    moves: int = 0
    """Positions whose moves were generated twice more and compared with those the solve
    used (positions where ``primitive`` ends the game are not asked for moves)."""

    keys: int = 0
    """Distinct keys among them (when the game has a ``key``)."""

    abstract_states: int = 0
    """Distinct abstract states among them (when the game has an abstraction)."""

    sums: int = 0
    """Positions with several components whose nim-sum was compared."""

    compiled: int = 0
    """Positions whose compiled solve (value and remoteness) was compared with the Python
    solve, under the claim ``compiled`` or ``compiled rules``."""

    grundy: int = 0
    """Positions whose compiled Grundy value was compared with the Python one (compiled rules
    whose moves leave sums, ``CompiledRules.rest``)."""

    rules: set[str] = field(default_factory=set)
    """The claims checked: ``moves``, ``primitive``, ``key``, ``abstraction``,
    ``components``, ``compiled``, ``compiled rules``."""

    not_checked: list[NotChecked] = field(default_factory=list)
    """The claims the games make that were skipped, each reason once."""

    counterexample: Counterexample | None = None
    """The first failure found, or None."""

    @property
    def is_sound(self) -> bool:
        """Whether some claim was checked and every claim checked held."""
        return self.counterexample is None and bool(self.rules)

    def skip(self, rule: str, reason: str) -> None:
        """Note that ``rule`` was not checked on one more instance, for ``reason``."""
        for i, note in enumerate(self.not_checked):
            if (note.rule, note.reason) == (rule, reason):
                self.not_checked[i] = NotChecked(rule, reason, note.instances + 1)
                return
        self.not_checked.append(NotChecked(rule, reason))

    def format(self) -> str:
        """A summary for a person (the counterexample, when there is one), ending with what
        was not checked."""
        if self.counterexample is not None:
            return self.counterexample.format()
        if not self.rules:
            lines = [f"nothing checked: {_count(self.instances, 'instance')}"]
        else:
            lines = [f"sound: {_count(self.instances, 'instance')}, "
                     f"{_count(self.starts, 'start position')}, "
                     f"{_count(self.positions, 'position')} solved on the concrete state",
                     f"checked: {', '.join(sorted(self.rules))}"]
        if "moves" in self.rules:
            lines.append(f"moves: {_count(self.moves, 'position')} whose moves, generated "
                         "twice more, gave the pairs the solve used")
        if "key" in self.rules:
            lines.append(f"key: {_count(self.keys, 'distinct key')}, equal keys have equal "
                         "values")
        if "abstraction" in self.rules:
            lines.append(f"abstraction: {_count(self.abstract_states, 'abstract state')}, every "
                         "value equal to the concrete one")
        if "components" in self.rules:
            lines.append(f"components: {_count(self.sums, 'sum')} equal to the nim-sum of "
                         "their parts")
        if "compiled" in self.rules:
            if self.compiled:
                lines.append(f"compiled: {_count(self.compiled, 'position')} with the same "
                             "children, value and remoteness under the compiled rules")
            if self.grundy:
                lines.append(f"compiled: {_count(self.grundy, 'position')} with the same "
                             "Grundy value under the compiled rules")
        if "compiled rules" in self.rules:
            lines.append(f"compiled rules: {_count(self.compiled, 'position')} within the "
                         "rules' contract, with the same value and remoteness under the "
                         "compiled solve as under the Python solve")
        lines += [note.format() for note in self.not_checked]
        return "\n".join(lines)


@dataclass(frozen=True)
class Solved:
    """One instance solved on its concrete state: what every claim is checked against."""

    game: Game
    """The instance."""

    starts: Sequence[Position]
    """Its start positions."""

    positions: list[tuple[Position, Value]]
    """Every position reachable from the starts, with its value."""

    solution: Solution
    """The solution they come from (a virtual root above the starts included)."""

    moves: Mapping[Position, list[tuple[Move, Any]]]
    """The pairs ``moves`` gave the solve, by position (positions where ``primitive`` ends
    the game are not asked)."""

    def compiled_rules(self) -> CompiledRules | None:
        """The instance's compiled rules, or None when the game has none or the instance is
        beyond their encoding (the claim ``compiled`` notes that)."""
        if not has_hook(self.game, "compiled"):
            return None
        try:
            return rules_of(self.game)
        except NotApplicable:
            return None


def _count(number: int, noun: str) -> str:
    """``number`` and ``noun``, plural unless one.

    >>> _count(1, "instance"), _count(1_000, "start position")
    ('1 instance', '1,000 start positions')
    """
    return f"{number:,} {noun}{'' if number == 1 else 's'}"


class Found(Exception):
    """A counterexample met while solving."""

    def __init__(self, counterexample: Counterexample) -> None:
        self.counterexample = counterexample
