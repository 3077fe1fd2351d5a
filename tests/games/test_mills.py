import itertools
import os
import random
import re
import subprocess
import sys

import pytest

from perfectplay import Value, solve
from perfectplay.check import check
from perfectplay.compiled.rules import rules_of
from perfectplay.games.mills import Mills, geometry, symmetries, tier_children, tiers
from perfectplay.tiers.solve import estimate_memory

SIX, NINE = Mills(variant="six"), Mills()


REDUCED = [Mills(variant="six", pieces=3, squares=1), Mills(variant="nine", pieces=3, squares=1)]
"""The outer square alone, three pieces each: small enough for the pure-Python solve, with
mills that end the game, blocked players, and (nine) flying from the first move on."""


@pytest.mark.parametrize("game", REDUCED, ids=str)
def test_the_tier_solve_equals_the_python_retrograde_solve_everywhere(game, tmp_path):
    by_tiers = solve(game, method="tiers", db=tmp_path / "db")
    python = solve(game, method="retrograde")
    assert sorted(by_tiers.positions()) == sorted(python.positions())
    assert by_tiers.counts() == python.counts()


def test_the_reduced_boards_values():
    found = {str(game): (len(s := solve(game, method="retrograde")), s.value(),
                         s.counts().by_value[Value.WIN]) for game in REDUCED}
    assert found == {"six men's morris, 3 pieces, 1 square": (2209, Value.DRAW, 1172),
                     "nine men's morris, 3 pieces, 1 square": (2241, Value.DRAW, 664)}


@pytest.mark.parametrize("game", REDUCED, ids=str)
def test_check_passes(game):
    report = check(game)
    assert report.counterexample is None
    assert report.rules >= {"compiled", "moves", "primitive", "tiers"}


def test_the_boards():
    six, nine = geometry(2), geometry(3)
    assert (len(six.names), len(six.edges), len(six.mills)) == (16, 20, 8)
    assert (len(nine.names), len(nine.edges), len(nine.mills)) == (24, 32, 16)
    named = {tuple(nine.names[p] for p in mill) for mill in nine.mills}
    assert {("d1", "d2", "d3"), ("c3", "c4", "c5"), ("a1", "d1", "g1")} <= named
    assert ("d1", "d2", "d3") not in {tuple(six.names[p] for p in m) for m in six.mills}
    # the lines through the centre are cut there
    assert not {(six.names[p], six.names[q]) for p, q in six.edges} & {("b4", "f4"), ("d2", "d6")}


def test_the_tiers_are_declared_in_solving_order():
    for pieces in (3, 6, 9):
        children = tier_children(pieces)
        for t, reached in enumerate(children):
            assert all(c <= t for c in reached)  # solved before, or the tier itself (loopy)
            assert (t in reached) == (tiers(pieces)[t].placed == 2 * pieces)


def board(game, white="", black="", mover="W", hands=(0, 0)):
    cells = ["."] * game.points
    for colour, names in (("W", white), ("B", black)):
        for name in names.split():
            cells[game.geometry.names.index(name)] = colour
    return "".join(cells) + f"{mover}{hands[0]}{hands[1]}"


def texts(game, position):
    return [game.format_move(m) for m, _ in game.moves(position)]


def test_a_mill_removes_a_piece_outside_the_opponents_mills():
    # d2-d1 closes a1 d1 g1; Black's b6 d6 f6 is a mill, a4 is not
    position = board(SIX, "a1 g1 d2 g4", "b6 d6 f6 a4", "W")
    assert [t for t in texts(SIX, position) if t.startswith("d2-d1")] == ["d2-d1xa4"]
    # every Black piece in a mill: any may go
    position = board(SIX, "a1 g1 d2 g4", "b6 d6 f6", "W")
    assert [t for t in texts(SIX, position) if t.startswith("d2-d1")] == \
        ["d2-d1xb6", "d2-d1xd6", "d2-d1xf6"]
    child = dict(SIX.moves(position))[SIX.parse_move(position, "d2-d1xd6")]
    assert SIX.format_position(child) == ".../B.B/...W/.../WWW:B:0,0"


def test_flying_at_three_pieces_in_nine_only():
    three = texts(NINE, board(NINE, "a1 d1 c4", "g7 f6 e5 e4", "W"))
    assert len(three) == 3 * 17 + 3  # each to any of 17 empty points; c4-g1 closes a mill
    assert [t for t in three if "x" in t] == ["c4-g1xe4", "c4-g1xe5", "c4-g1xf6", "c4-g1xg7"]
    assert "c4-g1" not in texts(NINE, board(NINE, "a1 d1 c4 c5", "g7 f6 e5 e4", "W"))
    position = board(SIX, "a1 d1 b4", "g7 f6 d6 f4", "W")
    assert texts(SIX, position) == ["a1-a4", "d1-g1", "d1-d2", "b4-b2", "b4-a4", "b4-b6"]


def test_who_has_lost():
    assert SIX.primitive(board(SIX, "a1 d1", "g7 f6 d6", "W")) is Value.LOSE
    assert SIX.primitive(board(SIX, "a1 d1", "g7 f6", "W", (1, 1))) is None  # one in hand
    # blocked: no move, a loss by the default rule
    blocked = board(SIX, "a1 d1 g1", "a4 b2 d2 f2 g4", "W")
    assert SIX.primitive(blocked) is None and texts(SIX, blocked) == []
    assert solve(SIX, method="retrograde", position=blocked).value() is Value.LOSE


def random_positions(game, count, seed):
    rng = random.Random(seed)
    while count > 0:
        position = game.start()
        while game.primitive(position) is None and count > 0:
            yield position
            count -= 1
            children = list(game.moves(position))
            if not children:
                break
            position = rng.choice(children)[1]


@pytest.mark.parametrize("game", [SIX, NINE, Mills(variant="nine", pieces=4)], ids=str)
def test_the_compiled_rules_agree_with_the_python_rules(game):
    rules = rules_of(game)
    hooks = rules.tiers
    for position in random_positions(game, 600, 1):
        number = rules.index(position)
        assert rules.decode(number) == position
        assert rules.primitive_value(number) is game.primitive(position)
        children = [(m, rules.index(c)) for m, c in game.moves(position)]
        assert rules.children(number) == children
        t = hooks.tier(rules.params, number)
        index = hooks.rank(rules.params, t, number)
        assert 0 <= index < hooks.sizes[t] and hooks.unrank(rules.params, t, index) == number
        assert {hooks.tier(rules.params, c) for _, c in children} <= set(hooks.children[t])


def test_notation():
    start = SIX.start()
    assert SIX.format_position(start) == ".../.../..../.../...:W:6,6"
    assert SIX.parse_position(".../.../..../.../...:w:6,6") == start
    assert texts(SIX, start)[:3] == ["a1", "d1", "g1"]
    position = SIX.parse_position("W.W/.../..../B.B/W..:W:1,1")
    moves = texts(SIX, position)
    assert moves[-3:] == ["f6", "d7xb2", "d7xf2"]  # d7 closes the mill a7 d7 g7
    for text in moves:
        assert SIX.parse_move(position, text) in dict(SIX.moves(position))
    assert SIX.display(position).splitlines()[-1] == \
        "White (W) to move: place a piece (d2); in hand: White 1, Black 1"


@pytest.mark.parametrize(("text", "message"), [
    (".../.../..../.../...:W", "':w,b' for the pieces in hand"),
    (".../.../.../.../...:W:6,6", "the ranks from the top"),
    (".../.../..../.../...:B:6,6", "White places first"),
    ("WWW/.../..../.../...:B:6,5", "at most those placed"),
    ("WW./.../..../.../BB.:W:0,0", "fewer than three pieces"),
])
def test_bad_positions(text, message):
    with pytest.raises(ValueError, match=message):
        SIX.parse_position(text)


def test_the_picture_names_the_points_a_move_is_played_on():
    picture = SIX.picture()
    position = board(SIX, "a1 g1 d2 g4", "b6 d6 f6 a4", "W")
    targets = {SIX.format_move(m): picture.target(position, m) for m, _ in SIX.moves(position)}
    assert targets["d2-d1xa4"] == ["d2", "d1"] and targets["g4-g7"] == ["g4", "g7"]
    assert picture.draw(position)["pieces"]["b6"] == "B"
    placements = [picture.target(SIX.start(), m) for m, _ in SIX.moves(SIX.start())]
    assert placements == [[name] for name in SIX.geometry.names]


def test_the_memory_estimate_of_six_fits_and_names_its_largest_moving_tier():
    need, what = estimate_memory(rules_of(SIX), threads=2)
    assert what == "tier 22, retrograde within the tier: 4,036,032 indices"
    assert need < 1 << 30


def run(*arguments, **env):
    return subprocess.run([sys.executable, "-m", "perfectplay", *arguments], capture_output=True,
                          text=True, check=False, env={**os.environ, **env})


@pytest.mark.parametrize(("options", "message"), [
    (["--variant", "twelve"], "error: bad --variant for mills: expected six or nine"),
    (["--pieces", "2"], "error: bad --pieces for mills: each player has 3 to 9 pieces"),
    (["--variant", "six", "--pieces", "7"], "error: six men's morris has 3 to 6 pieces each"),
    (["--squares", "4"], "error: bad --squares for mills: the board has 1 to 3 squares"),
    (["--squares", "1"], "error: nine men's morris is played on 1 to 3 squares, with a point "
                         "left empty"),
])
def test_bad_options_say_so_in_one_line(options, message):
    done = run("solve", "mills", *options)
    assert done.returncode == 2
    assert done.stderr.startswith(message) and done.stderr.count("\n") == 1


def test_nine_mens_morris_by_tiers_is_refused_before_anything_starts(tmp_path):
    done = run("solve", "mills", "--method", "tiers", "--db", str(tmp_path / "db"),
               PERFECTPLAY_MEMORY=str(24 << 30))
    assert done.returncode == 2 and done.stderr.count("\n") == 1
    assert re.fullmatch(r"error: nine men's morris by tiers needs 276\.5 GiB \(tier 59, "
                        r"retrograde within the tier: 18,931,023,540 indices\), more than the "
                        r"24\.0 GiB available; its 376 tiers hold 571,553,403,657 indices, up "
                        r"to 1\.0 TiB of codes before compression; about [0-9.]+ days of CPU "
                        r"here if every index is reached \([0-9.]+ us an index's moves, "
                        r"measured, times 2 passes, 4 over a loopy tier\)\n", done.stderr)
    assert not (tmp_path / "db").exists()


@pytest.mark.parametrize("squares", [1, 2, 3])
def test_the_symmetries_keep_every_line_and_mill_and_are_all_of_them(squares):
    g = geometry(squares)
    edges, mills = {frozenset(e) for e in g.edges}, {frozenset(m) for m in g.mills}
    found = symmetries(squares)
    assert found[0] == tuple(range(len(g.names))) and len(set(found)) == len(found)
    for permutation in found:
        assert {frozenset(permutation[p] for p in e) for e in edges} == edges
        assert {frozenset(permutation[p] for p in m) for m in mills} == mills
    # every permutation of one square's 8 points that keeps its lines and mills is among them
    if squares == 1:
        kept = [p for p in itertools.permutations(range(8))
                if {frozenset(p[q] for q in e) for e in edges} == edges
                and {frozenset(p[q] for q in m) for m in mills} == mills]
        assert sorted(kept) == sorted(found)
