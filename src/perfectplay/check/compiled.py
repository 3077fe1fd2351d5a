"""The claims of compiled rules (:mod:`perfectplay.compiled.rules`).

- ``compiled``: a game written in Python that also gives ``compiled()`` plays the same game
  under both. For value rules, every position survives ``encode`` then ``decode``, the compiled
  moves reach the encoded children ``moves`` gives, ``primitive`` agrees, and the compiled solve
  gives every position the value and remoteness of the Python solve. For Grundy-style rules
  (``CompiledRules.rest``: a move leaves two components), every position
  :func:`~perfectplay.compiled.compiled_grundy` reaches decodes to a position that encodes
  back, with the Grundy value the pure-Python search gives it.
- ``compiled rules``: a :class:`~perfectplay.compiled.CompiledGame` (its Python ``moves`` and
  ``primitive`` call the compiled rules) keeps the rules' contract at every position the
  Python solve reaches (``decode(encode(p)) == p``, ``next_move`` lists each move once and no
  more than ``max_moves``, children in range, ``primitive`` gives -1, LOSE, TIE or WIN), and
  the compiled solve gives every position the value and remoteness of that Python solve.

The compiled solvers import numba when they run; a game without compiled rules never does.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Hashable, Iterator
from typing import Any

from perfectplay.check.report import CheckReport, Counterexample, Found, Solved
from perfectplay.compiled.rules import NOT_PRIMITIVE, CompiledGame, CompiledRules, rules_of
from perfectplay.core.errors import CycleError, EngineLimitError, GameError, NotApplicable
from perfectplay.core.game import Game, Position, children_of, has_hook
from perfectplay.core.limits import check_memory
from perfectplay.core.values import Value
from perfectplay.impartial.grundy import grundy_table

__all__ = ["GuardedRules", "check_compiled", "guarded_rules"]

_BEYOND = "the instance is beyond its compiled encoding"


class GuardedRules:
    """The moves and primitive of a compiled-only game, for its Python solve, with the rules'
    contract checked before any rule sees a position: a broken contract raises
    :class:`~perfectplay.check.report.Found` (claim ``compiled rules``) instead of reaching
    a compiled function with a position it was never meant to read."""

    def __init__(self, game: CompiledGame, rules: CompiledRules) -> None:
        self.game = game
        self.rules = rules

    def _fail(self, position: int, detail: str) -> Found:
        return Found(Counterexample("compiled rules", position, detail, self.game))

    def primitive(self, position: int) -> Value | None:
        """The game's ``primitive``, once the position round-trips and the compiled code is
        legal (the solvers ask this first of every position, starts included)."""
        problem = _round_trip(self.game, self.rules, position)
        if problem is not None:
            raise self._fail(position, problem)
        try:  # the code is checked where it enters: CompiledRules.primitive_value
            return self.game.primitive(position)
        except GameError as error:
            raise self._fail(position, error.rule) from None

    def moves(self, position: int) -> Iterator[tuple[Any, int]]:
        """The game's ``moves``, each child in the encoding."""
        try:
            return iter(list(children_of(self.game, position)))
        except GameError as error:
            # a child outside the encoding, or next_move listing more than max_moves moves (it
            # repeats one, and seeing only the move before, would list them forever)
            raise self._fail(position, error.rule) from None


def guarded_rules(game: CompiledGame, report: CheckReport) -> GuardedRules | None:
    """The guarded rules of a compiled-only game, or None (noted in ``report``) when there is
    no Python solve to check them against."""
    try:
        rules = rules_of(game)
    except NotApplicable:
        report.skip("compiled rules", _BEYOND)
        return None
    if rules.rest is not None:
        report.skip("compiled rules", "its moves leave sums (rest), and a game written only as "
                    "compiled rules has no Python Grundy values to compare with")
        return None
    return GuardedRules(game, rules)


def check_compiled(solved: Solved, report: CheckReport) -> Counterexample | None:
    """The claim ``compiled`` of a Python game with ``compiled()``, or ``compiled rules`` of a
    compiled-only game (whose contract the Python solve checked through :class:`GuardedRules`)."""
    game = solved.game
    if isinstance(game, CompiledGame):
        report.rules.add("compiled rules")
        return _compare_solves(solved, "compiled rules", report)
    if not has_hook(game, "compiled"):
        return None
    try:
        rules = rules_of(game)
    except NotApplicable:  # too many words, too wide a board...
        report.skip("compiled", _BEYOND)
        return None
    if rules.rest is not None:
        return _compare_grundy(solved, rules, report)
    report.rules.add("compiled")
    primitive = game.primitive if has_hook(game, "primitive") else None
    for position, _ in solved.positions:
        found = _compare_rules(game, rules, position, primitive)
        if found is not None:
            return Counterexample("compiled", position, found, game)
    return _compare_solves(solved, "compiled", report)


def _compare_solves(solved: Solved, claim: str, report: CheckReport) -> Counterexample | None:
    """The compiled solve from each start against the Python one."""
    from perfectplay.compiled.engine import BYTES_PER_INTEGER
    from perfectplay.compiled.solve import compiled_solve  # imports numba

    game, solution = solved.game, solved.solution
    need = int(rules_of(game).size * BYTES_PER_INTEGER["solve"])
    for start in solved.starts:
        try:  # its dense tables span the whole encoding (a mill game's 2^41 integers): first ask
            check_memory(need, f"the compiled solve of {game}")
            compiled = compiled_solve(game, start)
        except EngineLimitError:
            report.skip(claim, "the compiled solve is beyond the engine's limits, so its values "
                        "were not compared")
            continue
        except GameError as error:
            return Counterexample(claim, error.position, error.rule, game)
        for position, value, remoteness in compiled.positions():
            if solution.get(position) is None:
                return Counterexample(claim, position, "the compiled solve reaches it, the "
                                      "Python solve does not", game)
            expected = (solution.value(position), solution.remoteness(position))
            if (value, remoteness) != expected:
                return Counterexample(
                    claim, position, f"the compiled solve gives {value} in {remoteness}, "
                    f"the Python solve {expected[0]} in {expected[1]}", game)
            report.compiled += 1
    return None


def _compare_grundy(solved: Solved, rules: CompiledRules,
                    report: CheckReport) -> Counterexample | None:
    """The compiled Grundy values from each start against the pure-Python search's, position
    by position (a move of these rules leaves a sum, so there is no compiled child to compare
    with the Python one)."""
    from perfectplay.compiled.grundy import compiled_grundy  # imports numba

    game = solved.game
    python: dict[Hashable, int] = {}
    for start in solved.starts:
        try:
            rules.index(start)
        except ValueError:  # a sum of components, or beyond the encoding
            report.skip("compiled", "a start position is not one compiled position")
            continue
        try:
            grundy_table(game, start, python)
        except (CycleError, GameError):
            report.skip("compiled", "the game has no Grundy values (a cycle, or not normal play)")
            continue
        try:
            _list_every_move(rules, rules.index(start))
            table = compiled_grundy(game, start)
        except EngineLimitError:
            report.skip("compiled", "the compiled Grundy table is beyond the engine's limits")
            continue
        except GameError as error:
            return Counterexample("compiled", error.position, error.rule, game)
        except CycleError as error:
            return Counterexample("compiled", error.position, "the compiled rules have a cycle "
                                  "through it, the Python rules do not", game)
        report.rules.add("compiled")
        for index in table.indices().tolist():
            position = rules.decode(index)
            problem = _round_trip(game, rules, position)
            if problem is not None:
                return Counterexample("compiled", position, f"the compiled Grundy search "
                                      f"reaches {index}, but {problem}", game)
            try:
                expected = grundy_table(game, position, python)
            except GameError as error:
                return Counterexample("compiled", position, f"the compiled Grundy search "
                                      f"reaches {index}, but the Python rules refuse its "
                                      f"position: {error.rule}", game)
            found = int(table.values[index])
            if found != expected:
                return Counterexample("compiled", position, f"the compiled Grundy value is "
                                      f"{found}, the Python rules give {expected}", game)
            report.grundy += 1
    return None


def _list_every_move(rules: CompiledRules, start: int) -> None:
    """List from Python the moves of every position the compiled Grundy search of Grundy-style
    rules (with ``rest``) will reach from ``start``: its loops trust ``next_move`` to end each
    list and ``child`` and ``rest`` to stay in the encoding, and would never return, or read
    past their tables, if they did not.

    Raises
    ------
    GameError
        Naming the first position whose moves break the rules' contract.
    """
    rest = rules.rest
    assert rest is not None  # only Grundy-style rules leave a rest
    listing = dataclasses.replace(rules, rest=None)  # children() lists moves, not their rests
    seen = {start}
    queue = [start]
    for index in queue:  # grows while iterated
        if rules.primitive is not None and (
                int(rules.primitive(rules.params, index)) != NOT_PRIMITIVE):
            continue  # over: the rules are not asked for its moves (the search checks the code)
        try:
            for move, child in listing.children(index):  # a listing without end, a bad child
                other = int(rest(rules.params, index, move))
                if other >= rules.size:
                    raise GameError(f"rest() of move {move} gives {other}, outside "
                                    f"[0, {rules.size})", position=index)
                for part in (child, other):
                    if part >= 0 and part not in seen:
                        seen.add(part)
                        queue.append(part)
        except GameError as error:
            raise GameError(error.rule, position=rules.decode(index)) from None


def _round_trip(game: Game, rules: CompiledRules, position: Position) -> str | None:
    """What is wrong with ``position``'s encoding, or None when ``decode(encode(position))``
    gives it back."""
    try:
        index = rules.index(position)
    except ValueError as error:
        return f"encode() refuses it: {error}"
    back = rules.decode(index)
    if back != position:
        return f"decode(encode(position)) gives {game.format_position(back)}"
    return None


def _compare_rules(game: Game, rules: CompiledRules, position: Position,
                   primitive: Any) -> str | None:
    """What the compiled value rules get wrong at ``position``, or None."""
    problem = _round_trip(game, rules, position)
    if problem is not None:
        return problem
    index = rules.index(position)
    finished = primitive(position) if primitive is not None else None
    expected = []
    for _, child in children_of(game, position) if finished is None else ():
        try:
            expected.append(rules.index(child))
        except ValueError as error:
            return f"encode() refuses the child {game.format_position(child)}: {error}"
    expected.sort()
    try:  # the rules are not asked for moves where they say the game is over
        said = rules.primitive_value(index)
        moves = [] if said is not None else rules.children(index)
    except GameError as error:  # a bad primitive code, a child out of range, endless moves
        return error.rule
    children = sorted(child for _, child in moves)
    # a position with no move is a loss on both sides (normal play)
    python_end = finished if finished is not None or expected else Value.LOSE
    compiled_end = said if said is not None or children else Value.LOSE
    if compiled_end is not python_end:
        return (f"the compiled rules say {_ending(compiled_end)}, the Python rules "
                f"{_ending(python_end)}")
    if children != expected:
        shown = [[game.format_position(rules.decode(c)) for c in found]
                 for found in (children, expected)]
        return f"the compiled moves reach {shown[0]}, moves() reaches {shown[1]}"
    return None


def _ending(value: Value | None) -> str:
    return "play goes on" if value is None else f"the game is over ({value} for the player to move)"
