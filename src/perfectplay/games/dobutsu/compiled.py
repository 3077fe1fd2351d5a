"""Compiled rules and tier hooks of Dōbutsu shōgi (:mod:`perfectplay.games.dobutsu`).

A position's integer is its bit fields (:func:`fields`): square ``s`` (``rank * 3 + file``
from a1) in bits ``4s .. 4s + 3`` (0 empty; the first player's lion, giraffe, elephant, chick,
hen 1..5, the second player's the same plus 8), then the first player's hand (2 bits a kind,
G E C, from bit 48), the second player's (from bit 54), and the player to move (bit 60, 1:
second). The rules play on them with a few shifts; only the tier solver ranks a position, where
it stores a code. Moves are the Python rules' numbers (``8 * square + direction``, then drops
from ``DROPS``).

Tiers. Every capture can be undone in material terms (the piece is dropped, captured back,
dropped again), and so can a promotion (the hen is captured and dropped as a chick): no count
of pieces on the board, in hand or promoted only grows, so material classes reach each other
in cycles, and the tier solver's rule (a tier's moves reach only itself and tiers solved before
it) leaves one tier: the whole game, loopy. Four symmetries (:func:`image`): the mirror image,
and the board turned round with the colours swapped, which makes every position one with the
first player to move; the solver stores each class at its smallest image, which has the first
player to move (the mover's bit is the highest), so the ranking numbers only those. It numbers
the material classes of :mod:`~perfectplay.games.dobutsu.material` one after the other; within
a class, the lions' squares (12 * 11 pairs), then each board type's squares among those left
(colex subsets, :mod:`perfectplay.compiled.ranking`). The solver finds the positions with a
move to a position by :func:`parents` (un-moves), not by storing the moves.

``params`` (int64): the pieces of each kind in the game (2 or 0), then ``NEIGHBOURS`` (the
square one step from ``s`` in direction ``d`` at ``8 * s + d``, -1 off the board), ``ALLOWED``
(1 when the piece of code ``p`` may step in direction ``d``, at ``8 * p + d``), the keys of the
states (``KEY3``, ``KEY5``: base-3 digits to state index), the states' digits (``DIGITS3``,
``DIGITS5``) and ``OFFSETS``, the first index of each material class.

>>> from perfectplay.games.dobutsu import Dobutsu
>>> rules = Dobutsu().compiled()
>>> start = rules.index(Dobutsu().start())
>>> [Dobutsu().format_move(m) for m, _ in rules.children(start)]
['b1-c2', 'b1-a2', 'c1-c2', 'b2-b3']
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from perfectplay.compiled.ranking import BINOMIAL, popcount, subset_unrank
from perfectplay.compiled.ranking import _spread as spread
from perfectplay.compiled.rules import LOSE_CODE, NOT_PRIMITIVE, WIN_CODE
from perfectplay.games.dobutsu import DIRECTIONS, DROPS, KINDS, STEPS
from perfectplay.games.dobutsu.material import BOARD_TYPES, STATES, class_sizes

__all__ = ["MAX_PARENTS", "child", "decode", "encode", "fields", "image", "next_move", "params_of",
           "parents", "primitive", "rank", "tier", "unrank"]

NEIGHBOURS = 3
ALLOWED = NEIGHBOURS + 96
KEY3 = ALLOWED + 128
KEY5 = KEY3 + 27
DIGITS3 = KEY5 + 243
DIGITS5 = DIGITS3 + 3 * len(STATES[0])
OFFSETS = DIGITS5 + 5 * len(STATES[2])
CLASSES = len(STATES[0]) * len(STATES[1]) * len(STATES[2])

HANDS = 48
"""The first bit of the first player's hand; the second's is 6 bits above."""
MOVER = 60
"""The bit of the player to move."""

_CODES = "LGECH"
"""The piece of each code ``1..5`` (the second player's plus 8)."""
_TYPE_CODES = np.array([_CODES.index(t.upper()) + 1 + (8 if t.islower() else 0)
                        for t in BOARD_TYPES], dtype=np.int64)
"""The code of each board type of :data:`~perfectplay.games.dobutsu.material.BOARD_TYPES`."""
_TYPE_OF = np.full(16, -1, dtype=np.int64)
_TYPE_OF[_TYPE_CODES] = np.arange(len(BOARD_TYPES))
"""The board type of each code (-1: empty or a lion)."""


def params_of(pieces: str) -> Any:
    """The ``params`` of a game with ``pieces`` (see the module)."""
    table = np.zeros(OFFSETS + CLASSES + 1, dtype=np.int64)
    table[:3] = [2 if k in pieces else 0 for k in KINDS]
    for s in range(12):
        rank, file = divmod(s, 3)
        for d, (dr, df) in enumerate(DIRECTIONS):
            r, f = rank + dr, file + df
            table[NEIGHBOURS + 8 * s + d] = r * 3 + f if 0 <= r < 4 and 0 <= f < 3 else -1
    for code, piece in enumerate(_CODES, 1):
        for d in STEPS[piece]:
            table[ALLOWED + 8 * code + d] = 1
            table[ALLOWED + 8 * (code + 8) + (4 - d) % 8] = 1  # up and down swapped
    for start, width, states in ((KEY3, 3, STATES[0]), (KEY5, 5, STATES[2])):
        table[start:start + 3 ** width] = -1
        for i, state in enumerate(states):
            table[start + sum(n * 3 ** j for j, n in enumerate(state))] = i
    for start, width, states in ((DIGITS3, 3, STATES[0]), (DIGITS5, 5, STATES[2])):
        table[start:start + width * len(states)] = [n for state in states for n in state]
    sizes = class_sizes(pieces)
    table[OFFSETS + 1:] = np.cumsum(sizes)
    return table


def encode(params: Any, position: str) -> int:
    """The compiled rules' integer of a position: its bit fields (:func:`fields`; a partial of
    it, with the game's ``params``, is ``CompiledRules.encode``).

    >>> hex(encode(params_of("GEC"), "gle/.c./.C./ELG:-:F"))
    '0xb9a0c0040213'
    """
    return fields(position)


def fields(position: str) -> int:
    """The bit fields of a position (see the module): a1 holds the first player's elephant
    (3), b1 its lion (1), ..., c4 the second player's elephant (8 + 3).

    >>> hex(fields("gle/.c./.C./ELG:-:F"))
    '0xb9a0c0040213'
    """
    board, hands, mover = position.split(":")
    cells = [c for rank in reversed(board.split("/")) for c in rank]
    number = 0
    for s, c in enumerate(cells):
        if c != ".":
            number |= (_CODES.index(c.upper()) + 1 + (8 if c.islower() else 0)) << (4 * s)
    for c in hands.replace("-", ""):
        number += 1 << (HANDS + 6 * c.islower() + 2 * KINDS.index(c.upper()))
    return number | (mover == "S") << MOVER


def decode(params: Any, number: int) -> str:
    """The position of a compiled integer; inverse of :func:`encode`.

    >>> table = params_of("GEC")
    >>> decode(table, encode(table, "gl./.c./.C./EL.:Ge:S"))
    'gl./.c./.C./EL.:Ge:S'
    """
    number = int(number)
    cells = []
    for s in range(12):
        code = number >> (4 * s) & 15
        cells.append("." if code == 0 else _CODES[(code & 7) - 1].lower() if code & 8
                     else _CODES[code - 1])
    ranks = ["".join(cells[r * 3:r * 3 + 3]) for r in range(3, -1, -1)]
    held = "".join(k.lower() if side else k for side in (0, 1) for i, k in enumerate(KINDS)
                   for _ in range(number >> (HANDS + 6 * side + 2 * i) & 3))
    return f"{'/'.join(ranks)}:{held or '-'}:{'FS'[number >> MOVER & 1]}"


@njit
def _cell(position, square):
    return (position >> (4 * square)) & 15


@njit
def _hand(position, side, kind):
    return (position >> (HANDS + 6 * side + 2 * kind)) & 3


@njit
def primitive(params, position):
    """WIN when the player to move can capture the opponent's lion; else LOSE when that lion
    stands on its far rank (the Try)."""
    mover = (position >> MOVER) & 1
    lion = 1 | ((1 - mover) << 3)
    square = 0
    while _cell(position, square) != lion:
        square += 1
    for d in range(8):
        near = params[NEIGHBOURS + 8 * square + d]
        if near >= 0:
            code = _cell(position, near)
            # the piece on ``near`` steps towards the lion: direction d turned round
            if code != 0 and (code >> 3) == mover and params[ALLOWED + 8 * code + (d + 4) % 8]:
                return WIN_CODE
    if square // 3 == (0 if mover == 0 else 3):
        return LOSE_CODE
    return NOT_PRIMITIVE


@njit
def next_move(params, position, move):
    """The next move after ``move`` of a piece of the player to move onto a square it does not
    hold, or drop of a kind in its hand onto an empty square; ``DROPS + 36`` when none is
    left."""
    mover = (position >> MOVER) & 1
    m = move + 1
    while m < DROPS:
        square = m >> 3
        code = _cell(position, square)
        if code == 0 or (code >> 3) != mover:
            m = 8 * (square + 1)
            continue
        if params[ALLOWED + 8 * code + (m & 7)]:
            target = params[NEIGHBOURS + m]
            if target >= 0:
                taken = _cell(position, target)
                if taken == 0 or (taken >> 3) != mover:
                    return m
        m += 1
    while m < DROPS + 36:
        kind = (m - DROPS) // 12
        if _hand(position, mover, kind) == 0:
            m = DROPS + 12 * (kind + 1)
            continue
        if _cell(position, (m - DROPS) % 12) == 0:
            return m
        m += 1
    return DROPS + 36


@njit
def child(params, position, move):
    """Move a piece (capturing, promoting a chick on the far rank) or drop one; -1 when
    illegal."""
    mover = (position >> MOVER) & 1
    if move < DROPS:
        square = move >> 3
        code = _cell(position, square)
        target = params[NEIGHBOURS + move]
        if code == 0 or (code >> 3) != mover or target < 0 or not params[ALLOWED + 8 * code
                                                                           + (move & 7)]:
            return -1
        taken = _cell(position, target)
        if taken != 0 and ((taken >> 3) == mover or taken & 7 == 1):
            return -1  # an own piece, or the lion: the game ended before that capture
        if code & 7 == 4 and target // 3 == (3 if mover == 0 else 0):
            code += 1  # the chick becomes a hen
        position &= ~((np.int64(15) << (4 * square)) | (np.int64(15) << (4 * target)))
        position |= code << (4 * target)
        if taken != 0:
            kind = min(taken & 7, 4) - 2  # a hen goes to the hand as a chick
            position += np.int64(1) << (HANDS + 6 * mover + 2 * kind)
    else:
        kind, square = divmod(move - DROPS, 12)
        if _hand(position, mover, kind) == 0 or _cell(position, square) != 0:
            return -1
        position -= np.int64(1) << (HANDS + 6 * mover + 2 * kind)
        position |= (kind + 2 + 8 * mover) << (4 * square)
    return position ^ (np.int64(1) << MOVER)


MAX_PARENTS = 7 * (1 + 8 * 2 * 5)
"""The most positions :func:`parents` lists: the player who moved last has at most 7 pieces on
the board (its lion and the 6 others), each dropped (undone once) or moved from one of 8
squares (a hen on the far rank also as a chick that was promoted), each with nothing or one
of 4 pieces (G, E, C, H) taken back from its hand."""


@njit
def parents(params, position, out):
    """Every position with a move to ``position`` (primitive ones too), into ``out``; return
    how many: each piece of the player who moved last is put back where it came from, or into
    its hand when it was dropped, a chick that was promoted by the move is one again, and a
    piece of the player to move may come back from the last mover's hand onto the square the
    move went to."""
    mover = (position >> MOVER) & 1
    last = 1 - mover
    base = position ^ (np.int64(1) << MOVER)
    far = 3 if last == 0 else 0
    n = 0
    for t in range(12):
        code = _cell(position, t)
        if code == 0 or (code >> 3) != last:
            continue
        kind = code & 7
        emptied = base & ~(np.int64(15) << (4 * t))
        if 2 <= kind <= 4:  # dropped: back into the hand
            out[n] = emptied + (np.int64(1) << (HANDS + 6 * last + 2 * (kind - 2)))
            n += 1
        on_far = t // 3 == far
        for d in range(8):  # the direction of the move, from s to t
            s = params[NEIGHBOURS + 8 * t + (d + 4) % 8]
            if s < 0 or _cell(position, s) != 0:
                continue
            for promoted in range(2):
                if promoted == 0:
                    # a chick on the far rank came there by a drop: a move would promote it
                    if (kind == 4 and on_far) or not params[ALLOWED + 8 * code + d]:
                        continue
                    moved = code
                else:
                    if kind != 5 or not on_far or not params[ALLOWED + 8 * (code - 1) + d]:
                        continue
                    moved = code - 1
                back = emptied | (moved << (4 * s))
                out[n] = back
                n += 1
                for k in range(3):  # a piece of the player to move taken back from the hand
                    if _hand(position, last, k) == 0:
                        continue
                    held = back - (np.int64(1) << (HANDS + 6 * last + 2 * k))
                    out[n] = held | np.int64(k + 2 + 8 * mover) << (4 * t)
                    n += 1
                    if k == 2:  # a chick in hand was a hen on the board, or a chick
                        out[n] = held | np.int64(5 + 8 * mover) << (4 * t)
                        n += 1
    return n


_FILE_0 = 0x00F00F00F00F
"""The nibbles of files a (squares 0, 3, 6, 9); file c's are 8 bits above."""
_FILE_1 = _FILE_0 << 4
_BOARD = (1 << 48) - 1
_LOW_BITS = 0x111111111111
"""The lowest bit of each square's nibble."""


@njit
def image(params, position, k):
    """The ``k``-th image of a position (``0 <= k < 4``): bit 0 of ``k`` mirrors the files (a
    and c swapped), bit 1 turns the board round, swapping colours, hands and the player to
    move: every piece moves alike in both, so the value for the player to move is the same."""
    if k & 1:
        board = position & _BOARD
        board = (board & _FILE_1) | ((board & _FILE_0) << 8) | ((board >> 8) & _FILE_0)
        position = (position & ~np.int64(_BOARD)) | board
    if k & 2:
        board = position & _BOARD
        turned = 0
        for s in range(12):
            turned |= ((board >> (4 * s)) & 15) << (4 * (11 - s))
        taken = turned | (turned >> 1) | (turned >> 2) | (turned >> 3)
        turned ^= (taken & _LOW_BITS) << 3  # the colour bit of each piece
        hands = ((position >> HANDS) & 63) << 6 | ((position >> (HANDS + 6)) & 63)
        position = turned | (hands << HANDS) | ((position & (np.int64(1) << MOVER))
                                                ^ (np.int64(1) << MOVER))
    return position


@njit
def tier(params, position):
    """The one tier: the whole game."""
    return 0


@njit
def rank(params, tier, position):
    """The index within the one tier of a position with the first player to move (the player to
    move is not ranked: the turned board stands for a position with the second to move)."""
    return _index(params, position)


@njit
def unrank(params, tier, index):
    """The position of an index of the one tier, the first player to move."""
    return _fields(params, index)


@njit
def _count(counts, t):
    """The number of pieces of board type ``t`` in ``counts`` (4 bits a type)."""
    return (counts >> (4 * t)) & 15


@njit
def _index(params, position):
    """The index of a position's bit fields, the player to move aside: its material class's
    first index, the lions' squares, each board type's squares among those left (no array is
    made: the kernels call it for every child)."""
    one = 0
    other = 0
    low = 0  # 12 bits of squares for each of the board types 0..3
    high = 0  # and 4..7
    for s in range(12):
        code = _cell(position, s)
        if code == 1:
            one = s
        elif code == 9:
            other = s
        elif code != 0:
            t = _TYPE_OF[code]
            if t < 4:
                low |= np.int64(1) << (12 * t + s)
            else:
                high |= np.int64(1) << (12 * (t - 4) + s)
    counts = 0
    for t in range(8):
        mask = (low >> (12 * t)) & 4095 if t < 4 else (high >> (12 * (t - 4))) & 4095
        counts |= popcount(mask) << (4 * t)
    g = params[KEY3 + _count(counts, 0) + 3 * _count(counts, 1) + 9 * _hand(position, 0, 0)]
    e = params[KEY3 + _count(counts, 2) + 3 * _count(counts, 3) + 9 * _hand(position, 0, 1)]
    c = params[KEY5 + _count(counts, 4) + 3 * _count(counts, 5) + 9 * _count(counts, 6)
               + 27 * _count(counts, 7) + 81 * _hand(position, 0, 2)]
    k = (g * 10 + e) * 21 + c
    first = params[OFFSETS + k]
    boards = (params[OFFSETS + k + 1] - first) // 132
    pair = one * 11 + other - (1 if other > one else 0)
    free = (4095 ^ (np.int64(1) << one)) ^ (np.int64(1) << other)
    left = 10
    within = 0
    for t in range(8):
        mask = (low >> (12 * t)) & 4095 if t < 4 else (high >> (12 * (t - 4))) & 4095
        if mask == 0:
            continue
        # the colex rank of the type's squares among the free ones: sum C(p_j, j)
        digit = 0
        j = 0
        n = 0
        while mask:
            below = (mask & -mask) - 1
            j += 1
            digit += BINOMIAL[popcount(free & below), j]
            mask &= mask - 1
            n += 1
        within = within * BINOMIAL[left, n] + digit
        free &= ~((low >> (12 * t)) & 4095 if t < 4 else (high >> (12 * (t - 4))) & 4095)
        left -= n
    return first + pair * boards + within


@njit
def _fields(params, index):
    """The bit fields of an index, the first player to move; inverse of :func:`_index`."""
    i = index
    lo, hi = 0, CLASSES
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if params[OFFSETS + mid] <= i:
            lo = mid
        else:
            hi = mid
    k = lo
    i -= params[OFFSETS + k]
    boards = (params[OFFSETS + k + 1] - params[OFFSETS + k]) // 132
    pair, within = divmod(i, boards)
    g, e, c = k // 210, (k // 21) % 10, k % 21
    counts = (params[DIGITS3 + 3 * g] | params[DIGITS3 + 3 * g + 1] << 4
              | params[DIGITS3 + 3 * e] << 8 | params[DIGITS3 + 3 * e + 1] << 12)
    for j in range(4):
        counts |= params[DIGITS5 + 5 * c + j] << (16 + 4 * j)
    position = np.int64(0)
    hands = (params[DIGITS3 + 3 * g + 2], params[DIGITS3 + 3 * e + 2], params[DIGITS5 + 5 * c + 4])
    placed = (_count(counts, 0) + _count(counts, 1), _count(counts, 2) + _count(counts, 3),
              _count(counts, 4) + _count(counts, 5) + _count(counts, 6) + _count(counts, 7))
    for kind in range(3):
        position |= hands[kind] << (HANDS + 2 * kind)
        position |= (params[kind] - placed[kind] - hands[kind]) << (HANDS + 6 + 2 * kind)
    one, other = divmod(pair, 11)
    other += 1 if other >= one else 0
    position |= (np.int64(1) << (4 * one)) | (np.int64(9) << (4 * other))
    # the digit of each type, 6 bits each (at most C(10, 2) = 45), peeled off from the last
    digits = 0
    free = 10 - placed[0] - placed[1] - placed[2]
    for t in range(7, -1, -1):
        n = _count(counts, t)
        free += n
        size = BINOMIAL[free, n]
        digits |= (within % size) << (6 * t)
        within //= size
    holes = (np.int64(1) << one) | (np.int64(1) << other)
    free = 10
    for t in range(8):
        n = _count(counts, t)
        if n == 0:
            continue
        bits = spread(subset_unrank((digits >> (6 * t)) & 63, n, free), holes)
        holes |= bits
        free -= n
        s = 0
        while bits:
            if bits & 1:
                position |= _TYPE_CODES[t] << (4 * s)
            bits >>= 1
            s += 1
    return position
