import dataclasses
import random
import subprocess
import sys

import pytest
from numba import njit
from unmoves import check_un_moves_on_random_games

from perfectplay import Value, solve
from perfectplay.check import check
from perfectplay.games.dobutsu import Dobutsu, parse_pieces
from perfectplay.games.dobutsu.material import ranking_size
from perfectplay.tiers.solve import estimate_memory


class StoredParents(Dobutsu):
    """Dōbutsu without its un-moves: the tier solver stores the moves inside the tier."""

    def compiled(self):
        rules = super().compiled()
        return dataclasses.replace(rules, tiers=dataclasses.replace(rules.tiers, parents=None,
                                                                    max_parents=0))


@pytest.mark.parametrize("pieces", ["C", "E"])
def test_the_tier_solve_equals_the_python_retrograde_solve_everywhere(pieces, tmp_path):
    game = Dobutsu(pieces=pieces)
    tiers = solve(game, method="tiers", db=tmp_path / "db")
    python = solve(game, method="retrograde")  # one position per key (mover's view, mirror)
    found = list(tiers.positions())
    assert [(python.value(p), python.remoteness(p)) for p, _, _ in found] == \
        [(v, r) for _, v, r in found]
    assert (len(found), len(python), python.value(), python.remoteness()) == {
        "C": (98692, 24789, Value.WIN, 14), "E": (28862, 7269, Value.DRAW, None)}[pieces]
    assert len({game.key(p) for p, _, _ in found}) == len(python)
    # the same with the moves inside the tier stored, not found by un-moves
    stored = solve(StoredParents(pieces=pieces), method="tiers", db=tmp_path / "stored")
    assert list(stored.positions()) == found
    assert stored.counts() == tiers.counts()


def test_the_reduced_games_values():
    found = {pieces: (len(s := solve(Dobutsu(pieces=pieces), method="retrograde")), s.value(),
                      s.remoteness())
             for pieces in ("L", "G")}
    assert found == {"L": (39, Value.WIN, 5), "G": (6977, Value.DRAW, None)}


# C as Python (the kernels' coverage run) took 232 s of that run's 315 and measured no line
# that L and the other kernels tests do not
@pytest.mark.parametrize("pieces", [pytest.param("L", marks=pytest.mark.kernels), "C"])
def test_check_passes(pieces):
    # the tier hooks' claim covers the symmetries and the un-moves at every reachable position
    report = check(Dobutsu(pieces=pieces))
    assert report.counterexample is None
    assert report.rules >= {"key", "moves", "primitive", "tiers"}


@njit
def no_parents(params, position, out):
    return 0


class NoParents(Dobutsu):
    """Dōbutsu whose un-moves list nothing: broken."""

    def compiled(self):
        rules = super().compiled()
        return dataclasses.replace(rules, tiers=dataclasses.replace(rules.tiers,
                                                                    parents=no_parents))


@pytest.mark.kernels
def test_check_finds_un_moves_that_miss_a_parent():
    found = check(NoParents(pieces="L")).counterexample
    assert found.rule == "tiers" and "whose parents() do not list the position" in found.detail


@pytest.mark.kernels
def test_the_compiled_rules_agree_with_the_python_rules_on_the_full_game():
    game = Dobutsu()
    rules = game.compiled()
    tiers = rules.tiers
    rng = random.Random(24)
    for _ in range(3000):
        index = rng.randrange(tiers.sizes[0])
        stands = tiers.unrank(rules.params, 0, index)
        assert tiers.rank(rules.params, 0, stands) == index
        images = [tiers.image(rules.params, stands, k) for k in range(4)]
        assert stands >> 60 == 0 and min(images) >> 60 == 0  # the first player to move
        for code in images:
            position = rules.decode(code)
            assert rules.index(game.parse_position(position)) == code
            assert game.key(position) == game.key(rules.decode(stands))
            assert rules.primitive_value(code) is game.primitive(position)
            if game.primitive(position) is None:
                assert [(m, rules.decode(c)) for m, c in rules.children(code)] == \
                    list(game.moves(position))


@pytest.mark.kernels
def test_un_moves_undo_the_moves_on_random_games():
    # every position of 100 random games from the start (of 60 moves at most, each avoiding a
    # position that ends the game while it can): each parent the un-moves list has a move to
    # it, and each child lists it among its parents
    assert check_un_moves_on_random_games(Dobutsu(), games=100, moves=60, seed=7) > 3000


def test_the_ranking_counts_every_placement():
    # the lions on 12 * 11 pairs of squares, the rest of the pieces anywhere else or in hand,
    # either player to move; the tier ranks those with the first player to move
    assert ranking_size("GEC") == 2 * 1_567_925_964
    assert Dobutsu().compiled().tiers.sizes == (1_567_925_964,)


def test_notation():
    game = Dobutsu()
    start = game.start()
    assert start == "gle/.c./.C./ELG:-:F"
    assert [game.format_move(m) for m, _ in game.moves(start)] == \
        ["b1-c2", "b1-a2", "c1-c2", "b2-b3"]
    after = dict((game.format_move(m), p) for m, p in game.moves(start))["b2-b3"]
    assert after == "gle/.C./.../ELG:C:S"  # the chick captured, in the first player's hand
    drops = [game.format_move(m) for m, _ in game.moves("gle/..C/.../EL.:Cg:F")
             if game.format_move(m).startswith("C*")]
    assert drops == ["C*c1", "C*a2", "C*b2", "C*c2", "C*a3", "C*b3"]
    assert game.parse_move(start, "b2-b3") == 8 * 4 + 0


def test_promotion_and_a_hen_captured_becomes_a_chick():
    game = Dobutsu(pieces="C")
    moves = {game.format_move(m): p for m, p in game.moves(".l./C../.../.L.:c:F")}
    assert moves["a3-a4"] == "Hl./.../.../.L.:c:S"
    back = {game.format_move(m): p for m, p in game.moves("Hl./.../.../.L.:c:S")}
    assert back["b4-a4"] == "l../.../.../.L.:cc:F"


@pytest.mark.kernels
@pytest.mark.parametrize(("position", "value"), [
    ("gle/.c./.C./ELG:-:F", None),
    (".l./.L./.../...:GECgec:F", Value.WIN),    # the lion can be taken
    (".l./.L./.../...:GECgec:S", Value.WIN),
    ("..L/.../.../..l:GECgec:S", Value.LOSE),   # the Try: the lion on its far rank stays
    ("..L/.l./.../...:GECgec:S", Value.WIN),    # ... unless it is taken at once
    ("..l/.../.../L..:GECgec:F", None),         # each lion on its own home rank
])
def test_who_has_won(position, value):
    game = Dobutsu()
    rules = game.compiled()
    assert game.primitive(position) is value
    assert rules.primitive_value(rules.index(position)) is value


@pytest.mark.parametrize(("text", "message"), [
    ("gle/.c./.C./ELG", "a position is 4 ranks"),
    ("gle/.c./.C./ELX:-:F", "a position is 4 ranks"),
    ("gle/.c./.C./ELG:-:X", "a position is 4 ranks"),
    ("gle/.c./.C./ELG:C:F", "two of each kind"),
    ("g.e/.c./.C./ELG:-:F", "one lion"),
])
def test_bad_positions(text, message):
    with pytest.raises(ValueError, match=message):
        Dobutsu().parse_position(text)


def test_pieces_option():
    assert parse_pieces("ec") == "EC" and parse_pieces("L") == ""
    for bad in ("", "X", "GG", "LC"):
        with pytest.raises(ValueError, match="some of G, E and C"):
            parse_pieces(bad)


def run(*args):
    return subprocess.run([sys.executable, "-m", "perfectplay", *args], capture_output=True,
                          text=True)


def test_the_command_line_solves_a_reduced_game_by_tiers(tmp_path):
    done = run("solve", "dobutsu", "--pieces", "L", "--method", "tiers", "--db",
               str(tmp_path / "db"))
    assert done.returncode == 0, done.stderr
    assert "win in 5" in done.stdout


def test_the_full_game_fits_a_few_gigabytes_by_tiers():
    # 3 bytes an index of the tier (a code and a count), its parents found by un-moves
    need, what = estimate_memory(Dobutsu().compiled())
    assert need == 3 * 1_567_925_964 + 1_567_925_964 // 8
    assert what == "tier 0, retrograde within the tier: 1,567,925,964 indices"


def test_a_bad_option_says_so_in_one_line():
    done = run("solve", "dobutsu", "--pieces", "Q")
    assert done.returncode == 2 and done.stderr.count("\n") == 1
    assert done.stderr.startswith("error: ")


def test_each_move_is_played_on_the_square_it_goes_to():
    game = Dobutsu(pieces="C")
    solution = solve(game, method="retrograde")
    board = game.picture()
    assert board.kind == "dobutsu"
    # the solution keeps positions with the first player to move; their children the second
    seen = [p for p, _, _ in list(solution.positions())[:1000]]
    seen += [child for p in seen if game.primitive(p) is None for _, child in game.moves(p)]
    for position in seen:
        if game.primitive(position) is not None:
            continue
        moves = solution.moves(position)
        targets = board.targets(position, moves)
        cells = board.draw(position)["cells"]
        for m in moves:
            after = board.draw(m.position)["cells"]
            filled = [f"{'abc'[i % 3]}{i // 3 + 1}" for i in range(12)
                      if after[i] != "." and after[i] != cells[i]]
            assert targets[game.format_move(m.move)] == filled
