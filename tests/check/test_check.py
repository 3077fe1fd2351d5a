"""perfectplay check: sound games pass, and each kind of broken claim is named."""

import itertools
import random

import pytest

from perfectplay import Game, GameError, Value
from perfectplay.check import check, check_instances, instances_of
from perfectplay.games.disconnected import Disconnected, DisconnectedAbstract
from perfectplay.games.nim import Nim
from perfectplay.games.subtraction import Subtraction


def test_sound_game_with_a_key():
    report = check(Nim((2, 3, 1)))
    assert report.is_sound
    assert report.rules == {"moves", "key"}
    assert report.keys < report.positions


def test_wrong_key_is_named():
    class SumKey(Nim):
        def key(self, heaps):
            return sum(heaps)

    found = check(SumKey((1, 2))).counterexample
    assert found.rule == "key"
    assert "values differ" in found.detail


def test_wrong_abstraction_is_named():
    class Wrong(Disconnected):
        def abstract(self, rows):
            odd, even, _ = super().abstract(rows)
            return odd, even, 0  # forgets the parity of the missing edges

        def abstraction(self):
            return DisconnectedAbstract(self.abstract(self.rows))

    found = check(Wrong(4)).counterexample
    assert found.rule == "abstraction"
    assert "abstract state" in found.detail


def test_nondeterministic_moves_are_named():
    class Flaky(Subtraction):
        calls = itertools.count()

        def moves(self, heap):
            pairs = list(super().moves(heap))
            return pairs if next(self.calls) % 3 else pairs[::-1]

    found = check(Flaky(5, (1, 2))).counterexample
    assert found.rule == "moves"


def test_bad_primitive_is_named():
    class Coin(Game):
        def start(self):
            return 2

        def moves(self, n):
            return [(1, n - 1)] if n else []

        def primitive(self, n):
            return "over" if n == 0 else None

    found = check(Coin()).counterexample
    assert (found.rule, found.position) == ("primitive", 0)


class Heaps(Game):
    """Nim on two heaps, with or without honest components."""

    def __init__(self, heaps, honest):
        self.heaps, self.honest = heaps, honest

    def start(self):
        return self.heaps

    def moves(self, heaps):
        for i, h in enumerate(heaps):
            for take in range(1, h + 1):
                yield (i, take), (*heaps[:i], h - take, *heaps[i + 1:])

    def components(self, heaps):
        if len(heaps) == 1:
            return (heaps,)
        # the dishonest version adds a heap of one
        return tuple((h,) for h in heaps) + (() if self.honest else ((1,),))


@pytest.mark.parametrize(("honest", "rule"), [(True, None), (False, "components")])
def test_components(honest, rule):
    report = check(Heaps((2, 3), honest))
    found = report.counterexample
    assert (found.rule if found else None) == rule
    if honest:
        assert report.sums > 0


def test_several_starts_and_families():
    report = check(Nim((3,)), starts=[(3,), (1, 1)])
    assert report.is_sound and report.starts == 2
    report = check_instances(instances_of(Disconnected, up_to=4))
    assert (report.instances, report.positions) == (3, 2 + 7 + 54)
    assert "abstraction" in report.rules


def test_families_must_exist():
    with pytest.raises(ValueError, match="no random family"):
        list(instances_of(Nim, count=3, size=2))
    with pytest.raises(ValueError, match="no exhaustive family"):
        list(instances_of(Nim, up_to=3))


def test_report_text():
    text = check(Disconnected(4)).format()
    assert text.startswith("sound: 1 instance, 1 start position, 54 positions")
    assert "abstraction: " in text


def test_broken_moves_are_a_counterexample_not_a_crash():
    class Broken(Game):
        def start(self):
            return 1

        def moves(self, n):
            return [n - 1] if n else []  # not (move, child) pairs

    found = check(Broken()).counterexample
    assert found.rule == "moves"


def test_moves_that_change_after_the_first_call_are_named():
    class FirstCallShort(Subtraction):
        """The solve's call lacks the second move; every later call has it."""

        def __init__(self, *args):
            super().__init__(*args)
            self.asked = set()

        def moves(self, heap):
            pairs = list(super().moves(heap))
            if heap not in self.asked:
                self.asked.add(heap)
                return pairs[:1]
            return pairs

    found = check(FirstCallShort(3, (1, 2))).counterexample
    assert (found.rule, found.position) == ("moves", 3)
    assert found.detail == ("moves() gave different pairs on a second call: [(1, 2)] then "
                            "[(1, 2), (2, 1)]")


def test_moves_in_a_random_order_are_named():
    class Shuffled(Subtraction):
        rng = random.Random(1)

        def moves(self, heap):
            pairs = list(super().moves(heap))
            self.rng.shuffle(pairs)
            return pairs

    found = check(Shuffled(6, (1, 2, 3))).counterexample
    assert found.rule == "moves" and "different pairs" in found.detail


def test_the_report_says_how_many_positions_had_their_moves_compared():
    report = check(Nim((1, 2)))
    assert (report.positions, report.moves) == (6, 6)
    assert "\nmoves: 6 positions whose moves, generated twice more, gave the pairs the solve " \
           "used\n" in report.format()

    class Finished(Subtraction):  # moves are not asked where primitive ends the game
        def primitive(self, heap):
            return Value.LOSE if heap == 0 else None

    report = check(Finished(3, (1,)))
    assert (report.positions, report.moves) == (4, 3)


def test_one_of_each_is_said_in_the_singular():
    text = check(Nim((1,))).format()
    assert text.startswith("sound: 1 instance, 1 start position, 2 positions solved")


def test_an_unhashable_key_is_named():
    class ListKey(Nim):
        def key(self, heaps):
            return sorted(heaps)

    found = check(ListKey((1, 2))).counterexample
    assert (found.rule, found.detail) == ("key", "key() must give a hashable value, gave [1, 2]")


def test_an_unhashable_start_is_refused():
    with pytest.raises(GameError, match=r"^the start position must be hashable \(at position "
                                        r"\[1\]\)$"):
        check(Nim((1,)), starts=[[1]])


def test_moves_that_give_no_pairs_are_named():
    class NoList(Nim):
        def moves(self, heaps):
            return None

    found = check(NoList((1,))).counterexample
    assert (found.rule, found.position, found.detail) == (
        "moves", (1,), "moves() must return an iterable of (move, position) pairs, got None")


def test_a_check_that_cannot_fit_is_refused_before_it_starts(capsys, monkeypatch):
    # it solves in Python: Teeko's 5x5 (172 M positions bound) would grow until killed
    from perfectplay.cli import main

    monkeypatch.setenv("PERFECTPLAY_MEMORY", str(8 << 30))
    assert main(["check", "teeko"]) == 2
    assert capsys.readouterr().err == (
        "error: checking teeko 5x5 4 pieces (up to 172,401,726 positions, solved in Python; "
        "check a smaller instance) needs about 32.1 GiB; limit 8.0 GiB (the memory available)\n")
