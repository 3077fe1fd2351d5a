"""What a check report says it did not check: refused counts, no instance, skipped claims."""

import pytest

from perfectplay.check import CheckReport, NotChecked, check, check_instances, instances_of
from perfectplay.cli import main
from perfectplay.cli.check import NOTHING_CHECKED
from perfectplay.games.disconnected import Disconnected
from perfectplay.games.interval_game_2 import IntervalGame2
from perfectplay.games.nim import Nim
from perfectplay.games.shiritori import MAX_COMPILED_WORDS, Shiritori


def test_a_negative_count_is_refused_at_once():
    with pytest.raises(ValueError, match="count must be >= 0, got -5"):
        instances_of(IntervalGame2, count=-5, size=3)


def test_no_instance_is_not_sound():
    report = check_instances(instances_of(Disconnected, up_to=1))
    assert (report.instances, report.is_sound, report.counterexample) == (0, False, None)
    assert report.format() == "nothing checked: 0 instances"


def test_an_instance_beyond_its_compiled_encoding_is_noted():
    # words that never chain: a word ends in b, none starts with it
    words = ["a" * k + "b" for k in range(1, MAX_COMPILED_WORDS + 2)]
    report = check(Shiritori(words))
    assert report.is_sound and report.rules == {"abstraction", "moves"}
    assert report.not_checked == [
        NotChecked("compiled", "the instance is beyond its compiled encoding")]
    assert report.format().endswith(
        "\ncompiled: not checked, the instance is beyond its compiled encoding")


def test_half_an_abstraction_is_noted():
    class OnlyTheState(Nim):
        def abstract(self, heaps):
            return sum(heaps)

    report = check_instances([(OnlyTheState((1, 2)), [(1, 2)]), (OnlyTheState((2,)), [(2,)])])
    assert report.is_sound and "abstraction" not in report.rules
    assert report.not_checked == [
        NotChecked("abstraction", "the game gives abstract() but not abstraction()", 2)]


def test_each_reason_is_counted_once():
    report = CheckReport()
    for rule in ("compiled", "compiled", "abstraction"):
        report.skip(rule, "why")
    assert report.not_checked == [NotChecked("compiled", "why", 2),
                                  NotChecked("abstraction", "why", 1)]


def test_the_command_line(capsys):
    assert main(["check", "disconnected", "--up-to", "1"]) == NOTHING_CHECKED
    assert capsys.readouterr().out.startswith("nothing checked: 0 instances\n")
    assert main(["check", "interval-game-2", "--random", "-5", "--size", "3"]) == 2
    assert capsys.readouterr().err == ("error: argument --random: expected a non-negative "
                                       "integer in ASCII digits, got '-5' (see 'perfectplay "
                                       "check --help')\n")
