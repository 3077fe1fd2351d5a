"""The tier rankings of the catalogue games: Connect Four by ply and tic-tac-toe by marks rank
every reachable position onto its tier's indices and back, and their tier sizes equal
independent counts (brute force over column contents, a formula over column heights)."""

import functools
import itertools
import random
from math import comb

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from perfectplay import solve
from perfectplay.compiled.bitset import members
from perfectplay.games.connect4 import ConnectFour
from perfectplay.games.connect4 import tiers as connect4_tiers
from perfectplay.games.connect4.tiers import mirror, tier_params, tier_sizes
from perfectplay.games.tictactoe import TicTacToe


def heights_sizes(width, height):
    """Tier sizes by formula: the columns' heights summing to ``n``, times the ways to choose
    which ``(n + 1) // 2`` of the ``n`` stones are X."""
    ways = [1]  # ways[n]: height vectors of the columns so far summing to n
    for _ in range(width):
        ways = [sum(ways[n - h] for h in range(height + 1) if 0 <= n - h < len(ways))
                for n in range(len(ways) + height)]
    return tuple(count * comb(n, (n + 1) // 2) for n, count in enumerate(ways))


def column_contents_sizes(width, height):
    """Tier sizes by brute force: every tuple of column contents, counted by stones and Xs."""
    columns = ["".join(c) for h in range(height + 1) for c in itertools.product("XO", repeat=h)]
    sizes = [0] * (width * height + 1)
    for board in itertools.product(columns, repeat=width):
        n = sum(map(len, board))
        if sum(col.count("X") for col in board) == (n + 1) // 2:
            sizes[n] += 1
    return tuple(sizes)


def board_of(width, height, code):
    """The board of a bitboard, checked to be one: a sentinel in every column."""
    column = height + 1
    board = []
    for c in range(width):
        field = (code >> (c * column)) & ((1 << column) - 1)
        assert field, f"column {c} of {code:#x} has no sentinel"
        n = field.bit_length() - 1
        board.append("".join("X" if (field >> r) & 1 else "O" for r in range(n)))
    assert code >> (width * column) == 0
    return tuple(board)


@functools.cache
def params_of(width, height):
    return tier_params(width, height)


def round_trips(width, height, tier, index):
    """Unrank an index, check the board it gives, and rank it back."""
    params = params_of(width, height)
    code = int(connect4_tiers.unrank(params, tier, index))
    board = board_of(width, height, code)
    assert sum(map(len, board)) == tier
    assert sum(col.count("X") for col in board) == (tier + 1) // 2
    assert connect4_tiers.tier(params, code) == tier
    assert connect4_tiers.rank(params, tier, code) == index
    return code


def test_every_reachable_position_of_connect4_4x4_round_trips():
    game = ConnectFour(4, 4)
    rules = game.compiled()
    tiers = rules.tiers
    codes = members(solve(game, method="compiled").reachable, rules.size).tolist()
    assert len(codes) == 161029
    seen = [set() for _ in tiers.sizes]
    for code in codes:
        t = tiers.tier(rules.params, code)
        index = tiers.rank(rules.params, t, code)
        assert 0 <= index < tiers.sizes[t]
        assert tiers.unrank(rules.params, t, index) == code
        seen[t].add(index)
    assert sum(map(len, seen)) == 161029  # distinct indices
    assert sum(tiers.sizes) == game.position_bound() == 201755


def test_every_reachable_position_of_tictactoe_round_trips():
    game = TicTacToe()
    rules = game.compiled()
    tiers = rules.tiers
    positions = [p for p, _, _ in solve(game).positions()]
    assert len(positions) == 5478
    for board in positions:
        code = rules.index(board)
        t = tiers.tier(rules.params, code)
        assert t == 9 - board.count(".")
        index = tiers.rank(rules.params, t, code)
        assert 0 <= index < tiers.sizes[t]
        assert tiers.unrank(rules.params, t, index) == code


def test_tictactoe_tiers_are_every_board_by_marks():
    rules = TicTacToe().compiled()
    tiers = rules.tiers
    expected = [set() for _ in range(10)]
    for code in range(3 ** 9):
        digits = [(code // 3 ** i) % 3 for i in range(9)]
        n = 9 - digits.count(0)
        if digits.count(1) == (n + 1) // 2:
            expected[n].add(code)
    assert tiers.sizes == tuple(map(len, expected)) == (1, 9, 72, 252, 756, 1260, 1680, 1260,
                                                        630, 126)
    for t, size in enumerate(tiers.sizes):
        codes = [tiers.unrank(rules.params, t, i) for i in range(size)]
        assert set(codes) == expected[t]
        assert [tiers.rank(rules.params, t, c) for c in codes] == list(range(size))
    assert tiers.solving_order == tuple(range(9, -1, -1)) and tiers.children[8] == (9,)


@pytest.mark.parametrize(("width", "height"), [(1, 1), (1, 6), (2, 2), (3, 2), (2, 3), (3, 3),
                                               (4, 3), (5, 2)])
def test_connect4_tier_sizes_count_the_boards(width, height):
    assert tier_sizes(width, height) == column_contents_sizes(width, height)
    assert tier_sizes(width, height) == heights_sizes(width, height)


def test_connect4_tier_sizes_of_the_boards_solved_by_tiers():
    for width, height, total in ((4, 4, 201755), (5, 4, 5621939), (6, 5, 9918556649),
                                 (7, 6, 70728639995483)):
        sizes = tier_sizes(width, height)
        assert sizes == heights_sizes(width, height)
        assert sum(sizes) == ConnectFour(width, height).position_bound() == total
    assert max(tier_sizes(6, 5)) == tier_sizes(6, 5)[25] == 1310475600
    assert tier_sizes(6, 5)[:4] == (1, 6, 42, 168)
    rules = ConnectFour(6, 5).compiled()
    assert rules.tiers.sizes == tier_sizes(6, 5) and rules.params.nbytes < 2 << 20


# the widest board of each height the bitboard holds: width * (height + 1) <= 62
WIDEST = [(31, 1), (20, 2), (15, 3), (12, 4), (10, 5), (8, 6), (7, 7)]


@pytest.mark.parametrize(("width", "height"), WIDEST)
def test_connect4_counts_fit_int64_on_every_board_the_bitboard_holds(width, height):
    sizes = tier_sizes(width, height)
    assert sizes == heights_sizes(width, height)  # exact: no int64 overflow on the way
    assert sum(sizes) < 2 ** 62
    rng = random.Random(width)
    for tier in (1, width * height // 2, width * height - 1):
        for index in (0, sizes[tier] - 1, rng.randrange(sizes[tier])):
            round_trips(width, height, tier, index)


@pytest.mark.parametrize(("width", "height"), [(6, 5), (7, 6)])
def test_random_indices_of_big_boards_round_trip(width, height):
    rng = random.Random(height)
    sizes = tier_sizes(width, height)
    for tier, size in enumerate(sizes):
        for index in {0, size - 1, *(rng.randrange(size) for _ in range(40))}:
            round_trips(width, height, tier, index)


@st.composite
def boards(draw):
    """A board size and a board of it: random column heights, random X and O, as many Xs as
    Os or one more."""
    width = draw(st.integers(1, 7))
    height = draw(st.integers(1, 6))
    heights = draw(st.lists(st.integers(0, height), min_size=width, max_size=width))
    n = sum(heights)
    xs = set(draw(st.permutations(range(n)))[:(n + 1) // 2])
    stones = iter(range(n))
    board = tuple("".join("X" if next(stones) in xs else "O" for _ in range(h)) for h in heights)
    return width, height, board


@settings(max_examples=60)
@given(boards(), st.integers(0, 2 ** 62))
def test_random_boards_and_indices_of_any_size_round_trip(drawn, seed):
    width, height, board = drawn
    rules = ConnectFour(width, height).compiled()
    code = rules.index(board)
    tier = sum(map(len, board))
    index = connect4_tiers.rank(rules.params, tier, code)
    assert 0 <= index < rules.tiers.sizes[tier]
    assert round_trips(width, height, tier, index) == code
    other = seed % rules.tiers.sizes[seed % len(rules.tiers.sizes)]
    round_trips(width, height, seed % len(rules.tiers.sizes), other)


def test_mirror_reverses_the_columns():
    game = ConnectFour(5, 4)
    rules = game.compiled()
    board = game.parse_position("1123")
    mirrored = int(mirror(rules.params, rules.index(board)))
    assert rules.decode(mirrored) == board[::-1]
    assert mirror(rules.params, mirrored) == rules.index(board)
    assert connect4_tiers.tier(rules.params, mirrored) == 4


def test_tier_params_keep_the_rules_entries_first():
    from perfectplay.games.connect4.compiled import connect4_params

    params = tier_params(6, 5)
    assert np.array_equal(params[:11], connect4_params(6, 5))
    assert params.dtype == np.int64


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 12), st.data())
def test_two_colour_ranking_numbers_every_board_once(cells, data):
    # brute force: every placement of x and o stones, listed in the library's order
    # (X cells in colex order, then O cells among the rest in colex order)
    from perfectplay.compiled.ranking import (
        two_colour_count,
        two_colour_rank,
        two_colour_unrank,
    )

    def colex(items, k):
        return sorted(itertools.combinations(items, k), key=lambda c: sorted(c, reverse=True))

    x = data.draw(st.integers(0, cells))
    o = data.draw(st.integers(0, cells - x))
    boards = [(sum(1 << c for c in xs), sum(1 << c for c in os))
              for xs in colex(range(cells), x)
              for os in colex([c for c in range(cells) if c not in xs], o)]
    assert two_colour_count(cells, x, o) == len(boards) == comb(cells, x) * comb(cells - x, o)
    for index, (xs, os) in enumerate(boards):
        assert two_colour_rank(xs, os, cells) == index
        assert two_colour_unrank(index, x, o, cells) == (xs, os)
