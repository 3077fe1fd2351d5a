"""Connect Four's search hooks (:class:`~perfectplay.compiled.search.SearchRules`) over the
bitboards of :mod:`perfectplay.games.connect4.compiled`, after Pons [1]_: the cells where a
stone would complete four, in O(1) shifts; the moves that do not let the opponent win at once;
centre-first move ordering refined by the winning cells a move creates; the mirror image as
table key; the empty cells as horizon; a ceiling on the mover's value from the lines of four it
can still make and from the second player's strategy of taking the even cells (after
Steininger's solver [2]_).

``params`` (int64): ``[width, height, smear1, smear2, smear4, bottom, board, even rows,
column mask of move 0, ...]``: the masks of
:func:`~perfectplay.games.connect4.compiled.connect4_params`, the bottom cell of each column,
every cell of the board, the cells of the even rows (the second from the bottom, the fourth...),
then the cells of each move's column (moves are numbered centre first, as the rules number
them).

References
----------
.. [1] P. Pons, "Solving Connect 4: how to build a perfect AI", http://blog.gamesolver.org
.. [2] C. Steininger, a Connect Four solver, https://github.com/ChristopheSteininger/c4
"""

from __future__ import annotations

import numpy as np
from numba import njit

from perfectplay.games.connect4.compiled import connect4_params, popcount

__all__ = ["ceiling", "horizon", "mirror_key", "order", "safe_moves", "search_params",
           "wins_now"]

_EVENS = 7  # the even rows' cells in params
_MOVES = 8  # first column mask in params
_FINISHED = 1 << 62  # above every board's bits (62 at most): the keys of finished games


def search_params(width: int, height: int) -> np.ndarray:
    """The hooks' ``params`` of a board size.

    >>> search_params(2, 2).tolist()
    [2, 2, 27, 9, 0, 9, 27, 18, 3, 24]
    """
    rules = connect4_params(width, height)
    column = height + 1
    bottom = sum(1 << (c * column) for c in range(width))
    full = ((1 << height) - 1)
    evens = sum(bottom << row for row in range(1, height, 2))
    masks = [full << (int(c) * column) for c in rules[5:]]
    return np.array([width, height, *rules[2:5], bottom, bottom * full, evens, *masks],
                    dtype=np.int64)


@njit(inline="always")
def _mask(params, position):
    """Bits of every stone (each column's field below its sentinel)."""
    y = position
    y |= (y >> 1) & params[2]
    y |= (y >> 2) & params[3]
    y |= (y >> 4) & params[4]
    return (y >> 1) & params[2]


@njit(inline="always")
def _mover(position, mask):
    """The stones of the player to move (X's are the 1 bits; X moves when the count is even)."""
    x = position & mask
    return x if popcount(mask) % 2 == 0 else mask ^ x


@njit(inline="always")
def winning_cells(params, stones, mask):
    """The empty cells (playable or not) where one more of ``stones`` makes four in a line."""
    h = params[1]
    r = (stones << 1) & (stones << 2) & (stones << 3)  # up a column
    for shift in (h + 1, h, h + 2):  # across, and both diagonals
        pair = (stones << shift) & (stones << (2 * shift))
        r |= pair & (stones << (3 * shift))
        r |= pair & (stones >> shift)
        pair = (stones >> shift) & (stones >> (2 * shift))
        r |= pair & (stones << shift)
        r |= pair & (stones >> (3 * shift))
    return r & (params[6] ^ mask)


@njit(inline="always")
def _has_four(params, stones):
    """Whether ``stones`` hold four in a line (the empty sentinel row keeps lines from running
    from one column into the next)."""
    h = params[1]
    for shift in (1, h + 1, h, h + 2):  # up, across, both diagonals
        pairs = stones & (stones >> shift)
        if pairs & (pairs >> (2 * shift)):
            return True
    return False


@njit(inline="always", cache=True)
def wins_now(params, position):
    """Whether the player to move completes four with a stone."""
    mask = _mask(params, position)
    playable = (mask + params[5]) & params[6]
    return winning_cells(params, _mover(position, mask), mask) & playable != 0


@njit(inline="always")
def _safe_cells(params, mask, mover):
    """The playable cells after which the opponent cannot win at once."""
    playable = (mask + params[5]) & params[6]
    threats = winning_cells(params, mover ^ mask, mask)
    forced = playable & threats
    if forced:
        if forced & (forced - 1):  # two threats to block: every move loses
            return 0
        playable = forced
    return playable & ~(threats >> 1)  # never under an opponent's winning cell


@njit(inline="always", cache=True)
def safe_moves(params, position):
    """The moves (bit per move number) after which the opponent cannot win at once."""
    mask = _mask(params, position)
    cells = _safe_cells(params, mask, _mover(position, mask))
    moves = 0
    for m in range(params[0]):
        if cells & params[_MOVES + m]:
            moves |= 1 << m
    return moves


@njit(inline="always", cache=True)
def order(params, position, allowed, moves, start):
    """The legal moves of ``allowed``, best first by the winning cells a move leaves its
    player (those right above a playable cell count twice, as in Steininger's solver [2]_;
    none right above an opponent's, which can never be filled first), then centre first."""
    width = params[0]
    if allowed > 0 and allowed & (allowed - 1) == 0:  # one move: nothing to order
        for m in range(width):
            if allowed >> m == 1:
                moves[start] = m
                return 1
    mask = _mask(params, position)
    mover = _mover(position, mask)
    playable = (mask + params[5]) & params[6]
    useless = winning_cells(params, mover ^ mask, mask) << 1
    n = 0
    for m in range(width):
        if not (allowed >> m) & 1:
            continue
        cell = playable & params[_MOVES + m]
        if not cell:
            continue
        after = mask | cell
        threats = winning_cells(params, mover | cell, after) & ~useless
        above = (((after + params[5]) & params[6]) << 1) & params[6]
        # weights measured on 20 positions of Steininger's opening_L2 and 3 of opening_L3
        # (nodes against counting every winning cell: -10%, -22%; his weights, which add the
        # cells two above a playable one: +14%, -2%)
        score = popcount(threats & above) + 2 * popcount(threats)
        # insertion, after the moves of the same score (centre first among equals); the
        # score rides above the move number until the list is done
        i = n
        while i > 0 and moves[start + i - 1] >> 8 < score:
            moves[start + i] = moves[start + i - 1]
            i -= 1
        moves[start + i] = (score << 8) | m
        n += 1
    for i in range(n):
        moves[start + i] &= 0xFF
    return n


@njit(inline="always")
def _dead(params, mask):
    """The stones on no line of four that has an empty cell: no four made later uses them, so
    whose they are changes nothing (a set of the stones alone, not of their owners: two
    positions with the same stones have the same dead ones)."""
    board = params[6]
    empty = board ^ mask
    live = 0
    for shift in (1, params[1] + 1, params[1], params[1] + 2):  # up, across, both diagonals
        starts = board & (board >> shift) & (board >> (2 * shift)) & (board >> (3 * shift))
        open_lines = starts & (empty | (empty >> shift) | (empty >> (2 * shift))
                               | (empty >> (3 * shift)))
        live |= (open_lines | (open_lines << shift) | (open_lines << (2 * shift))
                 | (open_lines << (3 * shift)))
    return mask & ~live


@njit(inline="always", cache=True)
def mirror_key(params, position):
    """The smaller of the position and its mirror image, each with its dead stones (see
    :func:`_dead`) given to X: positions that differ only in the owners of dead stones
    share a key (after Steininger's solver [2]_, which gives them to one player too). A
    finished game is keyed apart, by itself (its four may be of dead stones, and giving them
    to X could make another position's key)."""
    width = params[0]
    h = params[1]
    column = h + 1
    field = (1 << column) - 1
    mask = _mask(params, position)
    if _has_four(params, mask ^ _mover(position, mask)):
        return position | _FINISHED  # the last mover's four: over, and its stones count
    position |= _dead(params, mask)  # X's stones are the 1 bits
    mirrored = 0
    for c in range(width):
        mirrored |= ((position >> (c * column)) & field) << ((width - 1 - c) * column)
    return min(position, mirrored)


@njit(inline="always", cache=True)
def ceiling(params, position):
    """The best value the player to move can reach at most (0 a loss, 1 a tie, 2 no bound).

    A tie at best when no line of four is left to it (every empty cell given to it). On a board
    of even height with the first player to move, the second can answer each move in a column
    with an even count of stones right above it, and pair up the columns with odd counts (there
    is an even number of them): it gets every empty cell of an even row except some that are
    playable now, and the first player gets no more than its stones, the empty cells of odd
    rows and the playable cells. When those make no four, the first player cannot win, and when
    the second player's cells hold a four it loses."""
    board = params[6]
    mask = _mask(params, position)
    mover = _mover(position, mask)
    empty = board ^ mask
    if not _has_four(params, mover | empty):
        return 1
    if params[1] % 2 == 0 and popcount(mask) % 2 == 0:
        playable = (mask + params[5]) & board
        theirs = (mask ^ mover) | (params[_EVENS] & empty & ~playable)
        if not _has_four(params, board ^ theirs):
            return 0 if _has_four(params, theirs) else 1
    return 2


@njit(inline="always", cache=True)
def horizon(params, position):
    """The empty cells: the most moves left, and the moves of every line that ties."""
    return params[0] * params[1] - popcount(_mask(params, position))
