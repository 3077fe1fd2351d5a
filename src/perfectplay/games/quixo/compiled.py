"""Compiled rules and tier hooks of Quixo (:mod:`perfectplay.games.quixo`).

A position is the base-3 number of its cells, cell ``i`` (``row * n + column``) the digit of
``3**i`` (0 blank, 1 X, 2 O), plus ``3**(n*n)`` when O is to move. The rules work on bit masks
of the X cells and of the O cells, converted five cells at a time through small tables (a
division by the constant 243 compiles to a multiplication). Move ``m`` is row ``m`` of
:func:`~perfectplay.games.quixo.move_table`.

The tier of a position is its number of blank cubes. A tier ranks its boards class by class of
``x`` X cubes (``x`` from 0), each class as a board of two colours
(:func:`~perfectplay.compiled.ranking.two_colour_rank`), and the player to move is the lowest
digit: a tier of ``k`` cubes turned holds ``2 * C(n*n, k) * 2**k`` indices.

``params`` is an int64 table: row 0 holds ``n``, ``3**(n*n)``, the number of moves and of
lines; row ``1 + m`` move ``m`` as (taken cell, landing cell, mask of the cells from one to the
other, step from the taken cell towards the landing one); the next rows each line's mask (in
column 0); then row ``k`` of the class offsets of the tier of ``k`` cubes turned: column ``x``
is the first index (halved) of the boards with ``x`` X cubes.
"""

from __future__ import annotations

import functools
from math import comb
from typing import Any

import numpy as np
from numba import njit

from perfectplay.compiled.ranking import popcount, two_colour_rank, two_colour_unrank
from perfectplay.compiled.rules import LOSE_CODE, NOT_PRIMITIVE, WIN_CODE
from perfectplay.games.quixo import lines, move_table

__all__ = ["child", "decode", "encode", "next_move", "params", "parents", "primitive", "rank",
           "tier", "tier_children", "tier_sizes", "unrank"]

_CHUNK = 243
"""Five cells: ``3**5`` boards of them."""

_XBITS = np.array([sum(1 << i for i in range(5) if (d // 3 ** i) % 3 == 1) for d in range(_CHUNK)],
                  dtype=np.int64)
"""The X mask of the five cells whose base-3 number is the index."""
_OBITS = np.array([sum(1 << i for i in range(5) if (d // 3 ** i) % 3 == 2) for d in range(_CHUNK)],
                  dtype=np.int64)
"""The O mask of the five cells whose base-3 number is the index."""
_TERNARY = np.array([sum(3 ** i for i in range(5) if (b >> i) & 1) for b in range(32)],
                    dtype=np.int64)
"""The base-3 number of five cells holding digit 1 where the index has a bit."""
_POWERS = 3 ** np.arange(25, dtype=np.int64)
"""``3**i`` for each cell ``i`` of the largest board."""


def params(n: int) -> Any:
    """The rules' table of an n x n board (see the module's docstring)."""
    cells = n * n
    moves, found = move_table(n), lines(n)
    width = max(4, cells + 2)
    table = np.zeros((1 + len(moves) + len(found) + cells + 1, width), dtype=np.int64)
    table[0, :4] = (n, 3 ** cells, len(moves), len(found))
    for m, (taken, landing) in enumerate(moves):
        step = (1 if abs(landing - taken) < n else n) * (1 if landing > taken else -1)
        mask = sum(1 << c for c in range(taken, landing + step, step))
        table[1 + m, :4] = (taken, landing, mask, step)
    for k, line in enumerate(found):
        table[1 + len(moves) + k, 0] = sum(1 << c for c in line)
    base = 1 + len(moves) + len(found)
    for k in range(cells + 1):
        first = 0
        for x in range(k + 2):
            table[base + k, x] = first
            first += comb(cells, x) * comb(cells - x, k - x) if x <= k else 0
    return table


def tier_sizes(n: int) -> tuple[int, ...]:
    """Indices of each tier (blank cubes ``0 .. n*n``): ``2 * C(n*n, k) * 2**k``, ``k`` the
    cubes turned."""
    cells = n * n
    return tuple(2 * comb(cells, cells - b) * 2 ** (cells - b) for b in range(cells + 1))


def tier_children(n: int) -> tuple[tuple[int, ...], ...]:
    """The tiers a move reaches: the same (a turned cube taken), one blank fewer (a blank one
    taken); the empty board has no turned cube, the full one no blank."""
    cells = n * n
    return tuple((b,) if b == 0 else (b - 1,) if b == cells else (b, b - 1)
                 for b in range(cells + 1))


def encode(position: str) -> int:
    """The compiled rules' integer of a position.

    >>> encode("X...O..../O")
    19846
    """
    board, _, mover = position.partition("/")
    number = int(board[::-1].translate(_DIGITS), 3)
    return number + (3 ** len(board) if mover == "O" else 0)


_DIGITS = str.maketrans(".XO", "012")


def decode(n: int, number: int) -> str:
    """The position of a compiled integer on an n x n board; inverse of :func:`encode`.

    >>> decode(3, 19846)
    'X...O..../O'
    """
    full = 3 ** (n * n)
    board = number % full
    cells = "".join(".XO"[(board // 3 ** i) % 3] for i in range(n * n))
    return f"{cells}/{'O' if number >= full else 'X'}"


def decoder(n: int) -> functools.partial[str]:
    """:func:`decode` for an n x n board (a partial of a module function: it pickles)."""
    return functools.partial(decode, n)


@njit
def _masks(params, position):
    """``(xs, os, o_moves)``: the masks of the X and O cells, and 1 when O is to move."""
    full = params[0, 1]
    o_moves = 1 if position >= full else 0
    board = position - full * o_moves
    xs = 0
    os = 0
    shift = 0
    while board:
        digits = board % _CHUNK
        board //= _CHUNK
        xs |= _XBITS[digits] << shift
        os |= _OBITS[digits] << shift
        shift += 5
    return xs, os, o_moves


@njit
def _position(params, xs, os, o_moves):
    """The integer of the masks and the player to move; inverse of :func:`_masks`."""
    number = params[0, 1] * o_moves
    scale = 1
    while xs | os:
        number += (_TERNARY[xs & 31] + 2 * _TERNARY[os & 31]) * scale
        xs >>= 5
        os >>= 5
        scale *= _CHUNK
    return number


@njit
def _has_line(params, bits):
    """Whether the cells of ``bits`` hold a whole line."""
    k = 1 + params[0, 2]
    end = k + params[0, 3]
    while k < end and bits & params[k, 0] != params[k, 0]:
        k += 1
    return k < end


@njit
def primitive(params, position):
    """WIN when the player to move has a line, else LOSE when the other player has one."""
    xs, os, o_moves = _masks(params, position)
    mine, theirs = (os, xs) if o_moves else (xs, os)
    if _has_line(params, mine):
        return WIN_CODE
    if _has_line(params, theirs):
        return LOSE_CODE
    return NOT_PRIMITIVE


@njit
def _digit(params, position, cell):
    """The digit of ``cell`` (0 blank, 1 X, 2 O)."""
    return (position // _POWERS[cell]) % 3


@njit
def next_move(params, position, move):
    """The next move after ``move`` whose cube is blank or the mover's."""
    mover = 2 if position >= params[0, 1] else 1
    moves = params[0, 2]
    m = move + 1
    while m < moves:
        digit = _digit(params, position, params[1 + m, 0])
        if digit == 0 or digit == mover:
            return m
        m += 1
    return moves


@njit
def _slide(bits, mask, step):
    """The cells of ``mask`` in ``bits`` moved one cell against ``step`` (towards the taken
    cell): the taken cell's bit drops out, the landing cell's is left clear."""
    if step > 0:
        return (bits & ~mask) | (((bits & mask) >> step) & mask)
    return (bits & ~mask) | (((bits & mask) << -step) & mask)


@njit
def child(params, position, move):
    """Take the move's cube, turn it and push it in at its landing cell; -1 when the cube is
    the opponent's."""
    xs, os, o_moves = _masks(params, position)
    taken = params[1 + move, 0]
    if ((os if o_moves == 0 else xs) >> taken) & 1:
        return -1
    landing = 1 << params[1 + move, 1]
    mask = params[1 + move, 2]
    step = params[1 + move, 3]
    xs = _slide(xs, mask, step)
    os = _slide(os, mask, step)
    if o_moves:
        os |= landing
    else:
        xs |= landing
    return _position(params, xs, os, 1 - o_moves)


@njit
def _unslide(bits, mask, step):
    """The cells of ``mask`` in ``bits`` moved one cell along ``step`` (towards the landing
    cell): :func:`_slide` undone, the landing cell's bit dropping out, the taken cell's left
    clear."""
    if step > 0:
        return (bits & ~mask) | (((bits & mask) << step) & mask)
    return (bits & ~mask) | (((bits & mask) >> -step) & mask)


@njit
def parents(params, position, out):
    """Un-moves: every position with a move to ``position``. The player who moved has a cube
    at the landing cell of each move that could have been played: the line is pushed back,
    and the taken cube was blank (a tier with one blank more) or that player's own (the same
    tier), with that player to move. Two for each such move, into ``out``; returns how many."""
    xs, os, o_moves = _masks(params, position)
    moved_o = 1 - o_moves
    moved = os if moved_o else xs
    count = 0
    for m in range(params[0, 2]):
        if not (moved >> params[1 + m, 1]) & 1:
            continue
        mask = params[1 + m, 2]
        step = params[1 + m, 3]
        before_x = _unslide(xs, mask, step)
        before_o = _unslide(os, mask, step)
        out[count] = _position(params, before_x, before_o, moved_o)
        taken = 1 << params[1 + m, 0]
        if moved_o:
            before_o |= taken
        else:
            before_x |= taken
        out[count + 1] = _position(params, before_x, before_o, moved_o)
        count += 2
    return count


@njit
def tier(params, position):
    """Blank cubes."""
    xs, os, _ = _masks(params, position)
    return params[0, 0] * params[0, 0] - popcount(xs | os)


@njit
def _offsets_row(params, tier):
    """The row of class offsets of a tier."""
    cells = params[0, 0] * params[0, 0]
    return 1 + params[0, 2] + params[0, 3] + cells - tier


@njit
def rank(params, tier, position):
    """The index of a position in its tier: its class of X cubes, the board within it, then
    the player to move."""
    xs, os, o_moves = _masks(params, position)
    cells = params[0, 0] * params[0, 0]
    within = params[_offsets_row(params, tier), popcount(xs)] + two_colour_rank(xs, os, cells)
    return 2 * within + o_moves


@njit
def unrank(params, tier, index):
    """The position of an index of a tier; inverse of :func:`rank`."""
    cells = params[0, 0] * params[0, 0]
    row = _offsets_row(params, tier)
    turned = cells - tier
    within = index >> 1
    x = 0
    while params[row, x + 1] <= within:
        x += 1
    xs, os = two_colour_unrank(within - params[row, x], x, turned - x, cells)
    return _position(params, xs, os, index & 1)
