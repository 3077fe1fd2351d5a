"""perfectplay check on Grundy-style compiled rules (a move leaves two components,
``CompiledRules.rest``): every position the compiled Grundy search reaches has the Python
Grundy value."""

import dataclasses

from check.compiled_rules import no_rest

from perfectplay.check import check, check_instances, instances_of
from perfectplay.games.interval_game_2 import IntervalGame2


class DropsRest(IntervalGame2):
    """Interval Game 2 whose compiled rules forget the stretch right of a picked interval."""

    def compiled(self):
        return dataclasses.replace(super().compiled(), rest=no_rest)


def test_interval_game_2_is_checked_by_its_grundy_values():
    report = check(IntervalGame2(((1, 3), (2, 4), (3, 5), (1, 2), (4, 6))))
    assert report.is_sound, report.format()
    assert report.rules == {"moves", "components", "compiled"}
    assert (report.positions, report.sums, report.grundy, report.compiled) == (10, 1, 16, 0)
    assert report.format().splitlines()[-1] == (
        "compiled: 16 positions with the same Grundy value under the compiled rules")


def test_random_interval_games_are_checked_by_their_grundy_values():
    report = check_instances(instances_of(IntervalGame2, count=30, size=5, seed=3))
    assert report.is_sound, report.format()
    assert (report.instances, report.positions, report.grundy) == (30, 158, 261)


def test_a_rest_that_drops_a_component_is_named():
    found = check(DropsRest(((1, 2), (2, 3), (3, 4)))).counterexample
    assert (found.rule, found.position) == ("compiled", ((1, 3),))
    assert found.detail == "the compiled Grundy value is 2, the Python rules give 0"


def test_a_start_that_is_a_sum_is_not_checked_compiled_and_the_report_says_so():
    game = IntervalGame2(((1, 2), (3, 4)))
    report = check(game, starts=[((1, 2), (3, 4))])
    assert report.is_sound and "compiled" not in report.rules
    assert [note.format() for note in report.not_checked] == [
        "compiled: not checked, a start position is not one compiled position"]
