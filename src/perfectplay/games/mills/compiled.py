"""Compiled rules and tier hooks of the mill games (:mod:`perfectplay.games.mills`).

A position is five fields of bits, from the lowest: White's points (bit ``p`` is point ``p``),
Black's points, the player to move (0 White, 1 Black), then White's and Black's pieces in hand,
four bits each. Moves are the Python rules' numbers, ``(s * n + d) * (n + 1) + r`` on ``n``
points (see :class:`~perfectplay.games.mills.Mills`), listed by :func:`next_move` in increasing
order, legal ones only.

``params`` (int64): ``n``, the pieces each, 1 when a player with three pieces flies, the number
of tiers, then where each table starts: the neighbours of each point as a bit mask
(``params[params[4] + p]``), the (at most two) mills through each point as bit masks, 0 for
none (``params[params[5] + 2 * p + j]``), the tier number of each ``(placed, white, black)``
or -1 (``params[params[6] + (placed * (pieces + 1) + white) * (pieces + 1) + black]``), the
``(placed, white, black)`` of each tier (``params[params[7] + 3 * tier]``) and the image of
each point under each symmetry of the board (``params[params[8] + k * n + p]``).

A tier ranks its boards as two combinations (White's points, then Black's among the points
left, :mod:`perfectplay.compiled.ranking`); a moving tier adds the player to move as the lowest
digit.

>>> from perfectplay.games.mills import Mills
>>> rules = Mills(variant="six").compiled()
>>> len(rules.tiers.sizes), rules.max_moves
(99, 4624)
"""

from __future__ import annotations

import numpy as np
from numba import njit

from perfectplay.compiled.ranking import popcount, two_colour_rank, two_colour_unrank
from perfectplay.compiled.rules import LOSE_CODE, NOT_PRIMITIVE

__all__ = ["child", "image", "next_move", "params_of", "primitive", "rank", "tier", "unrank"]

HEADER = 9
"""Entries of ``params`` before its tables."""


def params_of(points: int, pieces: int, flying: bool, geometry, listed,
              symmetries) -> np.ndarray:
    """The ``params`` of a board (a :class:`~perfectplay.games.mills.Geometry`), its tiers
    (:func:`~perfectplay.games.mills.tiers`) and its symmetries
    (:func:`~perfectplay.games.mills.symmetries`): see the module."""
    neighbours = [0] * points
    for p, q in geometry.edges:
        neighbours[p] |= 1 << q
        neighbours[q] |= 1 << p
    mills = [0] * (2 * points)
    for mill in geometry.mills:
        mask = sum(1 << p for p in mill)
        for p in mill:
            mills[2 * p + (mills[2 * p] != 0)] = mask
    side = pieces + 1
    table = [-1] * ((2 * pieces + 1) * side * side)
    for number, t in enumerate(listed):
        table[(t.placed * side + t.white) * side + t.black] = number
    info = [field for t in listed for field in t]
    starts = np.cumsum([HEADER, points, 2 * points, len(table), len(info)])
    return np.array([points, pieces, int(flying), len(listed), *starts, *neighbours, *mills,
                     *table, *info, *(q for permutation in symmetries for q in permutation)],
                    dtype=np.int64)


@njit
def _split(params, position):
    """White's points, Black's points, the player to move, White's hand, Black's hand."""
    n = params[0]
    full = (np.int64(1) << n) - 1
    return (position & full, (position >> n) & full, (position >> (2 * n)) & 1,
            (position >> (2 * n + 1)) & 15, (position >> (2 * n + 5)) & 15)


@njit
def _closes_mill(params, own, point):
    """Whether ``own`` (the mover's points after the move) holds a mill through ``point``."""
    at = params[5] + 2 * point
    for j in range(2):
        mask = params[at + j]
        if mask != 0 and (own & mask) == mask:
            return True
    return False


@njit
def _removable(params, theirs):
    """The opponent's points a mill may remove: those in no mill, or all when every one is."""
    free = np.int64(0)
    for q in range(params[0]):
        if (theirs >> q) & 1 and not _closes_mill(params, theirs, q):
            free |= np.int64(1) << q
    return free if free != 0 else theirs


@njit
def primitive(params, position):
    """LOSE when the player to move holds fewer than three pieces, in hand and on the board."""
    white, black, mover, white_hand, black_hand = _split(params, position)
    own, hand = (black, black_hand) if mover else (white, white_hand)
    return LOSE_CODE if hand + popcount(own) < 3 else NOT_PRIMITIVE


@njit
def _targets(params, own, empty, hand, source):
    """The points the piece on ``source`` may go to (a slide, or a flight at three pieces)."""
    if params[2] and hand == 0 and popcount(own) == 3:
        return empty
    return empty & params[params[4] + source]


@njit
def _first(params, own, theirs, s, d):
    """The first move of the action ``(s, d)``: with its first removal when it closes a mill."""
    n = params[0]
    after = own | (np.int64(1) << d)
    if s > 0:
        after &= ~(np.int64(1) << (s - 1))
    move = (s * n + d) * (n + 1)
    if theirs != 0 and _closes_mill(params, after, d):
        free = _removable(params, theirs)
        q = 0
        while not (free >> q) & 1:
            q += 1
        move += 1 + q
    return move


@njit
def next_move(params, position, move):
    """The legal move after ``move`` (-1: the first), in increasing order; ``max_moves`` when
    none is left."""
    n = params[0]
    white, black, mover, white_hand, black_hand = _split(params, position)
    own, theirs, hand = (black, white, black_hand) if mover else (white, black, white_hand)
    empty = ~(white | black) & ((np.int64(1) << n) - 1)
    s, d = (0 if hand else 1), 0
    if move >= 0:
        action, r = move // (n + 1), move % (n + 1)
        s, d = action // n, action % n
        if r > 0:  # the next removal of the same action
            free = _removable(params, theirs)
            for q in range(r, n):
                if (free >> q) & 1:
                    return action * (n + 1) + 1 + q
        d += 1
    if hand:
        for target in range(d, n):
            if (empty >> target) & 1:
                return _first(params, own, theirs, 0, target)
        return (n + 1) * n * (n + 1)
    for source in range(s - 1, n):
        if not (own >> source) & 1:
            continue
        targets = _targets(params, own, empty, hand, source)
        for target in range(d if source == s - 1 else 0, n):
            if (targets >> target) & 1:
                return _first(params, own, theirs, source + 1, target)
    return (n + 1) * n * (n + 1)


@njit
def child(params, position, move):
    """Place or move a piece, removing the one the move names; -1 when illegal."""
    n = params[0]
    white, black, mover, white_hand, black_hand = _split(params, position)
    own, theirs, hand = (black, white, black_hand) if mover else (white, black, white_hand)
    empty = ~(white | black) & ((np.int64(1) << n) - 1)
    action, r = move // (n + 1), move % (n + 1)
    s, d = action // n, action % n
    if s > n or not (empty >> d) & 1:
        return -1
    if hand:
        if s != 0:
            return -1
        if mover:
            black_hand -= 1
        else:
            white_hand -= 1
    elif s == 0 or not (own >> (s - 1)) & 1 or not (_targets(params, own, empty, hand, s - 1)
                                                     >> d) & 1:
        return -1
    else:
        own &= ~(np.int64(1) << (s - 1))
    own |= np.int64(1) << d
    if theirs != 0 and _closes_mill(params, own, d):
        if r == 0 or not (_removable(params, theirs) >> (r - 1)) & 1:
            return -1
        theirs &= ~(np.int64(1) << (r - 1))
    elif r != 0:
        return -1
    white, black = (theirs, own) if mover else (own, theirs)
    return (white | (black << n) | ((1 - mover) << (2 * n)) | (white_hand << (2 * n + 1))
            | (black_hand << (2 * n + 5)))


@njit
def tier(params, position):
    """The tier of ``(placed, white, black)``: placements made, pieces on the board; -1 when
    the game has no such tier."""
    pieces = params[1]
    white, black, _, white_hand, black_hand = _split(params, position)
    placed = 2 * pieces - white_hand - black_hand
    w, b = popcount(white), popcount(black)
    if placed < 0 or w > pieces or b > pieces:
        return -1
    return params[params[6] + (placed * (pieces + 1) + w) * (pieces + 1) + b]


@njit
def rank(params, tier, position):
    """White's points, then Black's among the rest, colex; in a moving tier, twice that plus
    the player to move."""
    white, black, mover, _, _ = _split(params, position)
    index = two_colour_rank(white, black, params[0])
    if params[params[7] + 3 * tier] == 2 * params[1]:
        index = 2 * index + mover
    return index


@njit
def unrank(params, tier, index):
    """The position of an index of a tier; inverse of :func:`rank`."""
    n, pieces = params[0], params[1]
    at = params[7] + 3 * tier
    placed, w, b = params[at], params[at + 1], params[at + 2]
    if placed == 2 * pieces:
        mover = index & 1
        index >>= 1
        white_hand = black_hand = 0
    else:
        mover = placed & 1  # White places first
        white_hand, black_hand = pieces - (placed + 1) // 2, pieces - placed // 2
    white, black = two_colour_unrank(index, w, b, n)
    return (white | (black << n) | (mover << (2 * n)) | (white_hand << (2 * n + 1))
            | (black_hand << (2 * n + 5)))


@njit
def image(params, position, k):
    """The position under the board's ``k``-th symmetry: each colour's points moved, the
    player to move and the hands kept."""
    n = params[0]
    white, black, _, _, _ = _split(params, position)
    at = params[8] + k * n
    moved_white = np.int64(0)
    moved_black = np.int64(0)
    for p in range(n):
        q = params[at + p]
        moved_white |= ((white >> p) & 1) << q
        moved_black |= ((black >> p) & 1) << q
    return (position >> (2 * n) << (2 * n)) | moved_white | moved_black << n
