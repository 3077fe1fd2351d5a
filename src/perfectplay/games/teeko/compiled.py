"""Compiled rules and tier hooks of Teeko (:mod:`perfectplay.games.teeko`).

A position is three fields of bits: Black's cells (bit ``i`` is cell ``i``, ``rank * size +
file``), Red's cells above them, then the player to move (0 Black, 1 Red). Moves are the
Python rules' numbers: ``0 .. n - 1`` drop on a cell, ``n + 8 * cell + d`` slide from a cell in
direction ``d``, with ``n`` cells.

``params`` (int64): ``n``, the pieces each, the number ``w`` of winning shapes, then
``8 * n`` neighbours (``params[NEIGHBOURS + 8 * cell + d]``: the cell one step from ``cell`` in
direction ``d``, -1 off the board), then the ``w`` shapes as bit masks, then for each of the
:data:`SYMMETRIES` of the board the cell each cell goes to (:func:`image`).

The tier of a position is the number of pieces on the board, ``0 .. 2 * pieces``. Every drop
leaves its tier for the next one; the last tier is the move phase, whose moves stay inside it
(a loopy tier, solved by retrograde analysis within it). A tier ranks its boards as two
combinations (Black's cells, then Red's among the cells left,
:mod:`perfectplay.compiled.ranking`); the last tier adds the player to move as the lowest
digit.

>>> from perfectplay.games.teeko import Teeko
>>> rules = Teeko().compiled()
>>> rules.tiers.sizes[8], rules.max_moves
(151420500, 225)
"""

from __future__ import annotations

import numpy as np
from numba import njit

from perfectplay.compiled.ranking import popcount, two_colour_rank, two_colour_unrank
from perfectplay.compiled.rules import LOSE_CODE, NOT_PRIMITIVE
from perfectplay.games.teeko import DIRECTIONS

__all__ = ["NEIGHBOURS", "SYMMETRIES", "child", "image", "next_move", "params_of", "primitive",
           "rank", "tier", "unrank"]

NEIGHBOURS = 3
"""Where the neighbour table starts in ``params``."""

SYMMETRIES = 8
"""The board's symmetries: four turns, each reflected or not (every winning shape of either
variant is mapped onto one)."""


def params_of(size: int, pieces: int, shapes: tuple[frozenset[int], ...]) -> np.ndarray:
    """The ``params`` of a board (see the module)."""
    cells = size * size
    neighbours = []
    for cell in range(cells):
        rank, file = divmod(cell, size)
        for dr, df in DIRECTIONS:
            r, f = rank + dr, file + df
            neighbours.append(r * size + f if 0 <= r < size and 0 <= f < size else -1)
    masks = [sum(1 << i for i in shape) for shape in shapes]
    return np.array([cells, pieces, len(masks), *neighbours, *masks,
                     *(turned for k in range(SYMMETRIES) for turned in _symmetry(size, k))],
                    dtype=np.int64)


def _symmetry(size: int, k: int) -> list[int]:
    """Where each cell goes under the board's ``k``-th symmetry: ``k & 3`` quarter turns, then
    a reflection in the diagonal when ``k >= 4`` (``k = 0``: the identity)."""
    where = []
    for cell in range(size * size):
        rank, file = divmod(cell, size)
        for _ in range(k & 3):
            rank, file = file, size - 1 - rank
        if k >= 4:
            rank, file = file, rank
        where.append(rank * size + file)
    return where


@njit
def _split(params, position):
    """Black's cells, Red's cells, the player to move (0 Black, 1 Red)."""
    cells = params[0]
    full = (np.int64(1) << cells) - 1
    return position & full, (position >> cells) & full, position >> (2 * cells)


@njit
def primitive(params, position):
    """LOSE when the pieces of the player who just moved stand on a winning shape."""
    black, red, mover = _split(params, position)
    last = red if mover == 0 else black
    if popcount(last) == params[1]:
        start = NEIGHBOURS + 8 * params[0]
        for k in range(start, start + params[2]):
            if params[k] == last:
                return LOSE_CODE
    return NOT_PRIMITIVE


@njit
def next_move(params, position, move):
    """The empty cells while the player to move has a piece to drop, else the slides of its
    pieces onto empty neighbours, in increasing order; ``9 * n`` when none is left."""
    cells = params[0]
    black, red, mover = _split(params, position)
    own = red if mover else black
    taken = black | red
    if popcount(own) < params[1]:
        for cell in range(move + 1, cells):
            if not (taken >> cell) & 1:
                return cell
        return 9 * cells
    m = max(move + 1, cells)
    while m < 9 * cells:
        cell = (m - cells) >> 3
        if not (own >> cell) & 1:
            m = cells + 8 * (cell + 1)  # the next cell's first direction
            continue
        target = params[NEIGHBOURS + m - cells]
        if target >= 0 and not (taken >> target) & 1:
            return m
        m += 1
    return 9 * cells


@njit
def child(params, position, move):
    """Drop a piece, or slide one a step onto an empty cell; -1 when illegal."""
    cells = params[0]
    black, red, mover = _split(params, position)
    own = red if mover else black
    taken = black | red
    dropping = popcount(own) < params[1]
    if move < cells:
        if not dropping or (taken >> move) & 1:
            return -1
        own |= np.int64(1) << move
    else:
        cell = (move - cells) >> 3
        target = params[NEIGHBOURS + move - cells]
        if dropping or not (own >> cell) & 1 or target < 0 or (taken >> target) & 1:
            return -1
        own ^= (np.int64(1) << cell) | (np.int64(1) << target)
    if mover:
        red = own
    else:
        black = own
    return black | (red << cells) | ((1 - mover) << (2 * cells))


@njit
def tier(params, position):
    """Pieces on the board."""
    black, red, _ = _split(params, position)
    return popcount(black | red)


@njit
def rank(params, tier, position):
    """The index of a position in its tier: Black's cells, then Red's among the rest, colex;
    in the move phase's tier, twice that plus the player to move."""
    black, red, mover = _split(params, position)
    index = two_colour_rank(black, red, params[0])
    if tier == 2 * params[1]:
        index = 2 * index + mover
    return index


@njit
def unrank(params, tier, index):
    """The position of an index of a tier; inverse of :func:`rank`."""
    cells = params[0]
    mover = tier % 2  # Black drops when both have as many pieces
    if tier == 2 * params[1]:
        mover = index % 2
        index //= 2
    black, red = two_colour_unrank(index, (tier + 1) // 2, tier // 2, cells)
    return black | (red << cells) | (mover << (2 * cells))


@njit
def image(params, position, k):
    """The position under the board's ``k``-th symmetry (both colours' cells moved, the player
    to move kept): the solver stores each class of the eight once."""
    if k == 0:
        return position
    cells = params[0]
    black, red, mover = _split(params, position)
    where = NEIGHBOURS + 8 * cells + params[2] + k * cells
    turned = np.int64(0)
    for cell in range(cells):
        if (black >> cell) & 1:
            turned |= np.int64(1) << params[where + cell]
        elif (red >> cell) & 1:
            turned |= np.int64(1) << (params[where + cell] + cells)
    return turned | (mover << (2 * cells))
