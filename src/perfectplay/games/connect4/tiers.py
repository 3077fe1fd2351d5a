"""Connect Four by ply: the tier hooks (:class:`~perfectplay.compiled.rules.TierRules`) of the
bitboards of :mod:`perfectplay.games.connect4.compiled`, each ply ranked densely.

Tier ``n`` holds the boards with ``n`` stones, ``(n + 1) // 2`` of them X: every column holds
stones bottom up, in any pattern of X and O (boards past a win included, so the tiers cover
every reachable position and a little more). A move adds a stone: tier ``n`` leads to tier
``n + 1`` only, and the tiers are solved from the full board down.

A board ranks column by column. Write ``count(k, s, a)`` for the number of ways ``k`` columns
hold ``s`` stones, ``a`` of them X. Column fields are ordered by their value (by height, then by
pattern: the sentinel is the top bit), so the boards of a tier whose column 0 holds field ``f``
come after those whose column 0 holds a smaller field ``g``, and there are ``count(k - 1, s -
height(g), a - xs(g))`` of those for each ``g``. Their sum over ``g < f`` is one entry of a
prefix table, and the rank of a board is the sum of one entry per column, ``s`` and ``a``
dropping by the column's stones and X stones from one column to the next. ``unrank`` finds each
column's field back by a binary search in the same row of the table. The last two columns are
read at once: a suffix table lists their boards in index order for each ``(s, a)``, and a place
table gives their rank among them.

``params`` is :func:`~perfectplay.games.connect4.compiled.connect4_params` (``5 + width``
entries), then :func:`tier_tables`, as int64:

- ``moved[f] = height(f) * A + xs(f)`` for each field ``f``, with ``A = (width * height + 1) //
  2 + 1`` X counts;
- ``prefix[row * F + f]``, one row of ``F = 2 ** (height + 1)`` entries per ``row = ((k - 1) * S
  + s) * A + a``, with ``S = width * height + 1`` stone counts; past a column holding ``f`` the
  row drops by ``S * A + moved[f]``;
- ``starts[s * A + a]``: where the boards of the last two columns holding ``s`` stones, ``a``
  of them X, start in ``suffix``;
- ``place[bits]``: for the bits of the last two columns, their place among those boards;
- ``suffix``: the boards of the last two columns, as their bits, in index order for each
  ``(s, a)``.

Every count is below ``2 ** (width * (height + 1))``, so int64 holds them on every board the
bitboard holds (6x5: 31 plies, 9,918,556,649 indices in all, 1,310,475,600 in the largest, ply
25; tables of 1.5 MiB). Column 0 is the most significant digit of an index: consecutive indices
share their first columns, so unranking a run of them reads the same few rows of the table.

The solver's passes visit a tier's indices in increasing order: :func:`unrank_run` unranks an
index and gives the boards of the run it starts (the indices after it whose first ``width - 2``
columns are the same: they differ in their last two columns alone, one entry of the suffix
table each), and keeps in ``memo`` what :func:`rank_child` needs to rank a child of any of them
with one lookup. A move changes one column ``c``; ``s`` and ``a`` past it are then the
parent's, so the child's entries for the columns after ``c`` are the parent's, and those before
``c`` the same fields one tier further down the table: both are sums, kept per column.

Examples
--------
>>> from perfectplay.games.connect4 import ConnectFour
>>> rules = ConnectFour(4, 4).compiled()
>>> tiers = rules.tiers
>>> tiers.sizes[:4], sum(tiers.sizes) == ConnectFour(4, 4).position_bound()
((1, 4, 20, 60), True)
>>> board = rules.index(("X", "OX", "O", ""))
>>> tiers.tier(rules.params, board), tiers.rank(rules.params, 4, board)
(4, 146)
>>> rules.decode(tiers.unrank(rules.params, 4, 146))
('X', 'OX', 'O', '')
"""

from __future__ import annotations

import functools

import numpy as np
from numba import njit

from perfectplay.compiled.rules import TIER_MEMO, TierRules
from perfectplay.games.connect4.compiled import connect4_params, occupied, popcount

__all__ = ["image", "mirror", "rank", "rank_child", "tier", "tier_params", "tier_rules",
           "tier_sizes", "tier_tables", "unrank", "unrank_run"]


def _shape(width: int, height: int) -> tuple[int, int, int]:
    """``(F, S, A)``: field values of a column, stone counts ``0 .. width * height``, X counts
    ``0 .. (width * height + 1) // 2``."""
    return 1 << (height + 1), width * height + 1, (width * height + 1) // 2 + 1


_LAST = 2
"""Columns at the end of the board read at once: ``rank`` from the place table, ``unrank`` from
the suffix table."""

_SHIFT, _LAST_BASE, _PLACE, _COLUMNS = range(4)
"""What :func:`unrank_run` keeps in ``memo``: the shift of the last columns, the child's entries
of the first columns, where the place table starts, then two entries per first column ``c``
(see :func:`rank_child`)."""


@functools.cache
def _tables(width: int, height: int) -> tuple[np.ndarray, tuple[int, ...]]:
    """The tables of the module docstring (``moved``, ``prefix``, ``starts``, ``suffix``, one
    array), and the size of each ply."""
    fields, stones, xs = _shape(width, height)
    field_height = np.array([max(f.bit_length() - 1, 0) for f in range(fields)], dtype=np.int64)
    field_xs = np.array([(f - (1 << h)).bit_count() if f else 0
                         for f, h in zip(range(fields), field_height.tolist(), strict=True)],
                        dtype=np.int64)
    valid = np.arange(fields) >= 1  # field 0 has no sentinel: no column
    # counts[s, a]: boards of the columns so far, shifted by height + 1 zero rows and columns,
    # where a column holding more stones (or X stones) than are left reads its zero count
    pad = height + 1
    counts = np.zeros((stones + pad, xs + pad), dtype=np.int64)
    counts[pad, pad] = 1  # no column: no stone
    prefix = np.zeros((width, stones, xs, fields), dtype=np.int64)
    rows = np.arange(stones)[:, None, None] + pad - field_height[None, None, :]
    cols = np.arange(xs)[None, :, None] + pad - field_xs[None, None, :]
    for k in range(1, width + 1):
        ways = counts[rows, cols] * valid  # [s, a, f]: boards of k columns, the first f
        prefix[k - 1] = np.cumsum(ways, axis=2) - ways
        counts = np.zeros_like(counts)
        counts[pad:, pad:] = ways.sum(axis=2)
    sizes = tuple(int(counts[pad + n, pad + (n + 1) // 2]) for n in range(stones))
    # the boards of the last columns in index order: by their first field, then the next
    last = min(_LAST, width)
    combos = np.stack([f.ravel() for f in np.meshgrid(*[np.arange(1, fields)] * last,
                                                       indexing="ij")])  # [column, board]
    bits = (combos << ((height + 1) * np.arange(last)[:, None])).sum(axis=0)
    x_stones = field_xs[combos].sum(axis=0)
    keep = x_stones < xs  # more X stones than any tier has: never looked up
    group = (field_height[combos].sum(axis=0) * xs + x_stones)[keep]
    order = np.argsort(group, kind="stable")
    starts = np.searchsorted(group[order], np.arange(stones * xs))
    suffix = bits[keep][order]
    place = np.zeros(1 << (last * (height + 1)), dtype=np.int64)
    place[suffix] = np.arange(len(suffix)) - starts[group[order]]
    tables = np.concatenate([field_height * xs + field_xs, prefix.reshape(-1), starts, place,
                             suffix]).astype(np.int64)
    return tables, sizes


def tier_tables(width: int, height: int) -> np.ndarray:
    """The tables ``rank`` and ``unrank`` read after the rules' own ``params`` (a few MiB at
    most: 1.5 MiB for 6x5, 6.7 MiB for 7x6).

    >>> tier_tables(4, 4).shape, tier_tables(6, 5).nbytes
    ((21754,), 1592712)
    """
    return _tables(width, height)[0].copy()


def tier_params(width: int, height: int) -> np.ndarray:
    """The rules' ``params`` followed by :func:`tier_tables`: what the hooks are called with."""
    return np.concatenate([connect4_params(width, height), tier_tables(width, height)])


def tier_sizes(width: int, height: int) -> tuple[int, ...]:
    """Boards with ``n`` stones, ``(n + 1) // 2`` of them X, for ``n = 0 .. width * height``:
    the number of indices of each ply.

    >>> tier_sizes(2, 2)
    (1, 2, 6, 6, 6)
    >>> max(tier_sizes(6, 5)), sum(tier_sizes(6, 5))
    (1310475600, 9918556649)
    """
    return _tables(width, height)[1]


def tier_rules(width: int, height: int) -> TierRules:
    """The tier hooks of a board: one tier per ply, solved from the full board down; the
    rules' ``params`` must be :func:`tier_params`.

    >>> tier_rules(2, 2).children, tier_rules(2, 2).solving_order
    (((1,), (2,), (3,), (4,), ()), (4, 3, 2, 1, 0))
    """
    plies = width * height
    runs = _COLUMNS + 2 * (width - min(_LAST, width)) <= TIER_MEMO  # memo holds every column
    return TierRules(tier=tier, rank=rank, unrank=unrank, sizes=tier_sizes(width, height),
                     children=tuple((n + 1,) if n < plies else () for n in range(plies + 1)),
                     solving_order=tuple(range(plies, -1, -1)),
                     unrank_run=unrank_run if runs else None,
                     rank_child=rank_child if runs else None, image=image, symmetries=2)


@njit
def tier(params, position):
    """The number of stones on the board."""
    return popcount(occupied(params, position))


@njit(inline="always")
def _layout(params, tier):
    """``(column bits, F, where moved starts, where prefix starts, row of column 0, S * A)``:
    the row of column 0 is that of ``k = width`` columns holding the tier's ``tier`` stones,
    ``(tier + 1) // 2`` of them X; each column further is ``S * A + moved[f]`` rows down."""
    width = params[0]
    column = params[1] + 1
    fields = 1 << column
    stones = width * params[1] + 1
    xs = stones // 2 + 1
    moved_at = 5 + width  # after connect4_params: 5 entries, then the column of each move
    first = ((width - 1) * stones + tier) * xs + (tier + 1) // 2
    return column, fields, moved_at, moved_at + fields, first, stones * xs


@njit
def rank(params, tier, position):
    """The index of a board with ``tier`` stones, ``(tier + 1) // 2`` of them X: one prefix
    entry per column, the last two columns' place among their suffixes read at once."""
    column, fields, moved_at, prefix_at, row, step = _layout(params, tier)
    width = params[0]
    last = min(_LAST, width)
    mask = fields - 1
    index = 0
    for c in range(width - last):
        field = (position >> (c * column)) & mask
        index += params[prefix_at + row * fields + field]
        row -= step + params[moved_at + field]
    place_at = prefix_at + width * step * fields + step
    return index + params[place_at + (position >> ((width - last) * column))]


@njit
def unrank(params, tier, index):
    """The board of an index of tier ``tier``: each column's field is the last one whose prefix
    entry is at most what is left of the index, found by a binary search of fixed length; the
    last two columns are read at once from the suffix table."""
    column, fields, moved_at, prefix_at, row, step = _layout(params, tier)
    width = params[0]
    last = min(_LAST, width)
    starts_at = prefix_at + width * step * fields
    position = 0
    for c in range(width - last):
        at = prefix_at + row * fields
        field = 0  # entries 0 and 1 are both 0 (no field is below 1), so the search ends >= 1
        half = fields >> 1
        while half:
            probe = field + half
            field = probe if params[at + probe] <= index else field  # no branch to mispredict
            half >>= 1
        index -= params[at + field]
        position |= field << (c * column)
        row -= step + params[moved_at + field]
    # the row of the last columns is their (stones, X stones): a group of the suffix table
    group = row - (last - 1) * step
    suffix_at = starts_at + step + (1 << (last * column))  # past starts and place
    suffix = params[suffix_at + params[starts_at + group] + index]
    return position | (suffix << ((width - last) * column))


@njit
def unrank_run(params, tier, index, boards, memo):
    """:func:`unrank` of ``index`` and of the indices after it in its run, into ``boards`` (as
    many as it holds); return how many. ``memo`` keeps what :func:`rank_child` reads: for each
    first column ``c``, where the child's row of it starts, and the child's entries before
    ``c`` less the parent's up to ``c``."""
    column, fields, moved_at, prefix_at, row, step = _layout(params, tier)
    width = params[0]
    last = min(_LAST, width)
    starts_at = prefix_at + width * step * fields
    stones = width * params[1] + 1
    # the child's row of a column: one stone more, one X stone more when X is to move
    down = (step // stones + (tier + 2) // 2 - (tier + 1) // 2) * fields
    moves = tier + 1 < stones  # a full board has no child, nor a row of the table for one
    position = 0
    left = index
    parent = 0  # the parent's entries of the columns so far
    kept = 0  # the child's entries of those columns, had no move changed them
    for c in range(width - last):
        at = prefix_at + row * fields
        field = 0
        half = fields >> 1
        while half:
            probe = field + half
            field = probe if params[at + probe] <= left else field
            half >>= 1
        left -= params[at + field]
        parent += params[at + field]
        position |= field << (c * column)
        if moves:
            memo[_COLUMNS + 2 * c] = kept - parent
            memo[_COLUMNS + 2 * c + 1] = at + down
            kept += params[at + down + field]
        row -= step + params[moved_at + field]
    group = row - (last - 1) * step
    suffix_at = starts_at + step + (1 << (last * column))
    start = params[starts_at + group]
    end = params[starts_at + group + 1] if group + 1 < step else params.shape[0] - suffix_at
    shift = (width - last) * column
    memo[_SHIFT] = shift
    memo[_LAST_BASE] = kept
    memo[_PLACE] = starts_at + step
    count = min(end - start - left, boards.shape[0])
    first = suffix_at + start + left
    for k in range(count):
        boards[k] = position | (params[first + k] << shift)
    return count


@njit(inline="always")  # straight-line: inlined, it costs a few loads
def rank_child(params, tier, child, move, index, memo):
    """:func:`rank` of a child of the board of ``index``, from the last :func:`unrank_run`: a
    move in a first column ``c`` adds the child's entry of ``c`` to what ``memo`` keeps of the
    others (the parent's index less its entries up to ``c``, the child's before ``c``); a move
    in the last columns adds their place to the child's entries of the first columns."""
    column = params[1] + 1
    c = params[5 + move]
    if c < params[0] - _LAST:
        field = (child >> (c * column)) & ((1 << column) - 1)
        return memo[_COLUMNS + 2 * c] + index + params[memo[_COLUMNS + 2 * c + 1] + field]
    return memo[_LAST_BASE] + params[memo[_PLACE] + (child >> memo[_SHIFT])]


@njit
def mirror(params, position):
    """The board seen in a mirror: column ``c`` becomes column ``width - 1 - c`` (a board and
    its mirror image have the same value)."""
    width = params[0]
    column = params[1] + 1
    mask = (1 << column) - 1
    mirrored = 0
    for c in range(width):
        mirrored |= ((position >> (c * column)) & mask) << ((width - 1 - c) * column)
    return mirrored


@njit
def image(params, position, k):
    """The board (``k = 0``) or its mirror image (``k = 1``): the two symmetries of a board,
    which the tier solver stores once."""
    return position if k == 0 else mirror(params, position)
