"""perfectplay check on games written only as compiled rules (CompiledGame): the rules' contract
at every position, and the compiled solve against the Python solve of the same rules."""

from check.compiled_rules import (
    TakeAway,
    first_move_forever,
    other_half,
    past_the_end,
    seven_at_zero,
    split_in_two,
)

from perfectplay.check import NotChecked, check


def test_sound_rules_check_sound():
    report = check(TakeAway(10))
    assert report.is_sound, report.format()
    assert report.rules == {"moves", "primitive", "compiled rules"}
    assert report.positions == report.compiled == 11
    assert report.not_checked == []
    assert report.format().splitlines()[-1] == (
        "compiled rules: 11 positions within the rules' contract, with the same value and "
        "remoteness under the compiled solve as under the Python solve")


def test_a_primitive_outside_the_value_codes_is_named():
    found = check(TakeAway(10, primitive=seven_at_zero)).counterexample
    assert (found.rule, found.position) == ("compiled rules", 0)
    assert found.detail == ("primitive() gave 7: it must give -1 (play goes on), LOSE_CODE (0), "
                            "TIE_CODE (1) or WIN_CODE (2)")


def test_a_child_past_the_encoding_is_named_before_it_is_played():
    found = check(TakeAway(10, child=past_the_end)).counterexample
    assert (found.rule, found.position) == ("compiled rules", 10)
    assert found.detail == "child() of move 0 gives 110, outside [0, 11)"


def test_a_next_move_that_never_ends_is_named():
    found = check(TakeAway(10, next_move=first_move_forever)).counterexample
    assert (found.rule, found.position) == ("compiled rules", 10)
    assert found.detail == ("next_move() listed more than max_moves = 3 moves (it must list "
                            "each move once)")


def test_python_moves_that_differ_from_the_compiled_rules_are_revealed_by_the_solve():
    class TakeOneOrTwo(TakeAway):
        """Plays only two of the three moves from Python; the compiled solve plays all three."""

        def moves(self, heap):
            return ((move, child) for move, child in super().moves(heap) if move != 2)

    found = check(TakeOneOrTwo(10)).counterexample
    assert (found.rule, found.position) == ("compiled rules", 3)
    assert found.detail == "the compiled solve gives win in 1, the Python solve lose in 2"


def test_compiled_only_grundy_rules_are_not_checked_and_the_report_says_so():
    report = check(TakeAway(10, child=split_in_two, rest=other_half, primitive=None))
    assert not report.is_sound and report.counterexample is None
    assert report.rules == set()
    assert report.not_checked == [NotChecked(
        "compiled rules", "its moves leave sums (rest), and a game written only as compiled "
        "rules has no Python Grundy values to compare with")]
    assert report.format().startswith("nothing checked: 1 instance\ncompiled rules: not checked")
