"""The generic solver loops, written once for every compiled game.

Each loop is ``njit(inline='always')`` and takes the game's rule functions as its first
arguments; :mod:`perfectplay.compiled.kernels` calls it from a module-level
``njit(cache=True)`` entry point per game, so that the rules are inlined into the loop and the
entry loads from numba's cache in the next process (a cached kernel that receives a rule
function as an argument would be recompiled in every process on numba 0.68).

Rules (see :class:`perfectplay.compiled.rules.CompiledRules`): ``next_move(params, p, m)`` is
the move to try after move ``m`` (``m = -1``: the first), or any number outside
``[0, max_moves)`` when no move is left; it chooses the order moves are tried in, and every loop
walks a position's moves through it. ``child(params, p, m)`` is the position after move ``m``,
or -1 when that move is illegal; it is called only on moves ``next_move`` yields.
``primitive(params, p)`` is -1 while play goes on, else LOSE (0), TIE (1) or WIN (2);
``rest(params, p, m)``, for Grundy values only, is the second component of the sum a move
leaves, or -1 when it leaves a single position.

Value and remoteness are packed in one code per position, ordered as in
:mod:`perfectplay.core.codes` (a parent picks its smallest child code): a uint16 table holds
the layout of :data:`perfectplay.compiled.codes.CODE16_SPAN`, a uint32 table the same layout
with a span of :data:`~perfectplay.compiled.codes.CODE32_SPAN` (see :func:`code_span`, a
constant in the compiled loop). Reachable positions are a bit array over uint8
bytes, bit ``p & 7`` of byte ``p >> 3``. Every loop returns a status: >= 0 on success, one of
the negative ``STATUS_*`` values on failure, with ``info`` holding ``[position, move, child]``.
"""

from __future__ import annotations

import numpy as np
from numba import njit
from numba.extending import overload

from perfectplay.compiled.codes import CODE16_SPAN, CODE32_SPAN, span_of
from perfectplay.core.values import ValueCode

STATUS_CHILD_RANGE = -1
"""``child`` returned a position outside ``[0, size)``."""
STATUS_REST_RANGE = -2
"""``rest`` returned a position outside ``[-1, size)``."""
STATUS_CYCLE = -3
"""A line of play repeats a position (query and Grundy loops only)."""
STATUS_STACK_FULL = -4
"""The search went deeper than the frames the caller allocated."""
STATUS_REMOTENESS = -5
"""A remoteness does not fit the code table (uint16: 16,383 at most)."""
STATUS_PRIMITIVE = -6
"""``primitive`` returned something other than -1, 0, 1, 2 (or, for Grundy values, not LOSE)."""

_ON_PATH = (1 << 16) - 1  # Grundy value of a position on the search path


def unvisited(span):
    """The code the caller fills a ``solve_memo`` table of this span with: no position has it.
    ``2 * span + 1`` marks a position on the search path; the two are adjacent on purpose."""
    return 2 * span + 2


def code_span(table):
    """The span of a code table's layout: :data:`CODE16_SPAN` for uint16, :data:`CODE32_SPAN`
    for uint32."""
    return span_of(table.dtype)


@overload(code_span, inline="always")
def _code_span_compiled(table):
    span = CODE16_SPAN if table.dtype.bitwidth == 16 else CODE32_SPAN

    def code_span(table):
        return span

    return code_span


def _u(i):
    """``i`` as an unsigned 64-bit integer: numba then skips its negative-index wraparound as an
    index, and one comparison ``_u(i) < n`` checks ``0 <= i < n``. (Python ints under
    NUMBA_DISABLE_JIT.)"""
    return int(i) & 0xFFFF_FFFF_FFFF_FFFF


@overload(_u, inline="always")
def _u_compiled(i):
    def _u(i):
        return np.uint64(i)

    return _u


@njit(inline="always")
def _primitive_code(v, S):
    """Code of a primitive value (a :class:`~perfectplay.core.values.ValueCode`) at remoteness 0
    (span ``S``), or -1 for a bad value."""
    if v == ValueCode.LOSE:
        return 0
    if v == ValueCode.TIE:
        return S
    if v == ValueCode.WIN:
        return 4 * S - 1
    return -1


@njit(inline="always")
def _parent_code(best, S):
    """Code (span ``S``) of a position whose smallest child code is ``best``; -1 on overflow.

    Wins and losses take no branch, since which one a position is depends on the data: a losing
    child (``best < S``) makes a win one move later, ``4S - 2 - best``; a winning child or none
    (4S, "no child") makes a loss one move after the slowest, ``4S - best``.
    """
    code = 4 * S - best - 2 * np.int64(best < S)
    if _u(best - S) < _u(2 * S):  # a tying child: tie one move later; a drawing one: draw
        code = best + 1 if best < 2 * S else 2 * S
    if (best == S - 1) | (best == 2 * S - 1) | (best == 3 * S):  # remoteness S
        return -1
    return code


@njit(inline="always")
def _fail(info, status, p, m, c):
    info[0] = p
    info[1] = m
    info[2] = c
    return status


@njit(inline="always")
def _is_set(bits, p):
    return (bits[_u(p >> 3)] >> (p & 7)) & 1


@njit(inline="always")
def _set(bits, p):
    bits[_u(p >> 3)] |= np.uint8(1 << (p & 7))


@njit(inline="always")
def never_primitive(params, position):
    """The default ``primitive``: play goes on while there are moves."""
    return -1


@njit(inline="always")
def no_rest(params, position, move):
    """The default ``rest``: every move leaves a single position."""
    return -1


@njit(inline="always")
def every_move(params, position, move):
    """The default ``next_move``: every move, in increasing order (``child`` decides)."""
    return move + 1


@njit(inline="always")
def query(child, primitive, next_move, params, start, size, max_moves, table, frames, info):
    """Value of ``start`` (a :class:`~perfectplay.core.values.ValueCode`: LOSE 0, TIE 1, WIN
    2) by memoised search with early exit.

    ``table`` (uint8, zeroed, one per position): 0 unknown, 1 on the search path, 2 + value once
    known; a parent's value is ``WIN - best``, its best child's value negated. ``frames``
    (int64, three per frame): position, next move and best child value of each position below
    the one searched on the path.
    The search of a position stops at its first losing child. Moves are tried in the order
    ``next_move`` gives.
    """
    v = primitive(params, start)
    if v >= 0:
        return v if v <= 2 else _fail(info, STATUS_PRIMITIVE, start, -1, -1)
    depth = frames.shape[0] // 3
    moves = _u(max_moves)
    positions = _u(size)
    # the position searched, its next move and best child value live in registers; frames
    # hold those of the positions below it on the path, saved on the way down
    p = start
    m = next_move(params, start, -1)
    best = 3
    table[_u(start)] = 1
    top = 0
    while True:
        pushed = False
        while _u(m) < moves:
            move = m
            c = child(params, p, move)
            m = next_move(params, p, move)
            if _u(c) >= positions:  # one test for an illegal move and a child out of range
                if c < 0:
                    continue
                return _fail(info, STATUS_CHILD_RANGE, p, move, c)
            t = table[_u(c)]
            if t <= 1:  # unknown, or on the path: one test on the path every known child takes
                if t == 1:
                    return _fail(info, STATUS_CYCLE, p, move, c)
                v = primitive(params, c)
                if v < 0:
                    if top == depth:
                        return _fail(info, STATUS_STACK_FULL, p, move, c)
                    frames[_u(3 * top)] = p
                    frames[_u(3 * top + 1)] = m
                    frames[_u(3 * top + 2)] = best
                    top += 1
                    p = c
                    m = next_move(params, c, -1)
                    best = 3
                    table[_u(c)] = 1
                    pushed = True
                    break
                if v > 2:
                    return _fail(info, STATUS_PRIMITIVE, c, -1, -1)
                table[_u(c)] = 2 + v
                t = 2 + v
            if t - 2 < best:
                best = t - 2
                if best == 0:
                    break
        if pushed:
            continue
        # every child seen (or a losing one found): 2 - best is our value; no child: a loss
        value = 0 if best == 3 else 2 - best
        table[_u(p)] = 2 + value
        if top == 0:
            return value
        top -= 1
        p = frames[_u(3 * top)]
        m = frames[_u(3 * top + 1)]
        best = frames[_u(3 * top + 2)]
        if value < best:
            best = value
            if value == 0:  # the parent found a losing child: it need look no further
                m = -1


@njit(inline="always")
def solve_memo(child, primitive, next_move, params, start, size, max_moves, reach, table, frames,
               primitives, info):
    """Code of every position reachable from ``start`` of an acyclic game, by one depth-first
    search; return how many there are.

    Each position is reached once (its bit in ``reach`` set), each edge followed once: a
    position's code is the parent code of its smallest child code, set when its last child is
    done. ``frames`` (int64, three per frame): position, next move and best child code of each
    position below the one searched on the path.
    A position on the search path holds the code ``2 * S + 1`` (``S`` the table's
    :func:`code_span`); meeting it again is a cycle.
    ``primitives`` (int64[3]) counts finished positions by value.
    """
    S = code_span(table)
    UNSOLVED = 2 * S + 1
    NO_CHILD = 4 * S  # above every code: no child seen yet
    _set(reach, start)
    v = primitive(params, start)
    if v >= 0:
        code = _primitive_code(v, S)
        if code < 0:
            return _fail(info, STATUS_PRIMITIVE, start, -1, -1)
        table[_u(start)] = code
        primitives[v] += 1
        return 1
    depth = frames.shape[0] // 3
    moves = _u(max_moves)
    positions = _u(size)
    count = 1
    stuck = 0  # positions without a legal move: losses, counted as primitive
    # the position searched, its next move and best child code live in registers; frames
    # hold those of the positions below it on the path, saved on the way down
    p = start
    m = next_move(params, start, -1)
    best = NO_CHILD
    table[_u(start)] = UNSOLVED
    top = 0
    while True:
        pushed = False
        while _u(m) < moves:
            move = m
            c = child(params, p, move)
            m = next_move(params, p, move)
            if _u(c) >= positions:  # one test for an illegal move and a child out of range
                if c < 0:
                    continue
                return _fail(info, STATUS_CHILD_RANGE, p, move, c)
            cc = np.int64(table[_u(c)])
            # on the path (UNSOLVED) and unvisited (UNSOLVED + 1) are adjacent: one test on the
            # path every solved child takes
            if _u(cc - UNSOLVED) < _u(2):
                if cc == UNSOLVED:
                    return _fail(info, STATUS_CYCLE, p, move, c)
                _set(reach, c)
                count += 1
                v = primitive(params, c)
                if v < 0:
                    if top == depth:
                        return _fail(info, STATUS_STACK_FULL, p, move, c)
                    frames[_u(3 * top)] = p
                    frames[_u(3 * top + 1)] = m
                    frames[_u(3 * top + 2)] = best
                    top += 1
                    p = c
                    m = next_move(params, c, -1)
                    best = NO_CHILD
                    table[_u(c)] = UNSOLVED
                    pushed = True
                    break
                cc = _primitive_code(v, S)
                if cc < 0:
                    return _fail(info, STATUS_PRIMITIVE, c, -1, -1)
                table[_u(c)] = cc
                primitives[v] += 1
            if cc < best:
                best = cc
        if pushed:
            continue
        stuck += np.int64(best == NO_CHILD)
        code = _parent_code(best, S)
        if code < 0:
            return _fail(info, STATUS_REMOTENESS, p, -1, -1)
        table[_u(p)] = code
        if top == 0:
            primitives[0] += stuck
            return count
        top -= 1
        p = frames[_u(3 * top)]
        m = frames[_u(3 * top + 1)]
        best = min(frames[_u(3 * top + 2)], code)


@njit(inline="always")
def solve_any(child, primitive, next_move, params, start, size, max_moves, reach, table,
              primitives, info):
    """Code of every reachable position of any game, cycles included, by retrograde analysis.

    The same steps as :func:`perfectplay.solve.retrograde.retrograde_solve`: enumerate
    breadth-first, count children, decide wins and losses from the primitive positions
    backwards in increasing remoteness, then ties through undecided positions, and the rest
    are draws. Returns the number of reachable positions.
    """
    S = code_span(table)
    UNSOLVED = 2 * S + 1
    moves = _u(max_moves)
    order = np.empty(1024, np.int64)
    index = np.empty(size, np.int64)
    order[0] = start
    index[start] = 0
    _set(reach, start)
    n = 1
    edges = 0
    i = 0
    while i < n:
        p = order[i]
        i += 1
        v = primitive(params, p)
        if v >= 0:
            code = _primitive_code(v, S)
            if code < 0:
                return _fail(info, STATUS_PRIMITIVE, p, -1, -1)
            table[p] = code
            primitives[v] += 1
            continue
        kids = 0
        m = next_move(params, p, -1)
        while _u(m) < moves:
            move = m
            c = child(params, p, move)
            m = next_move(params, p, move)
            if c < 0:
                continue
            if c >= size:
                return _fail(info, STATUS_CHILD_RANGE, p, move, c)
            kids += 1
            if not _is_set(reach, c):
                _set(reach, c)
                if n == order.shape[0]:
                    order = np.concatenate((order, np.empty(n, np.int64)))
                order[n] = c
                index[c] = n
                n += 1
        edges += kids
        if kids == 0:
            table[p] = 0
            primitives[0] += 1
        else:
            table[p] = UNSOLVED

    # Parents as compressed rows: parents of position order[j] are parent[first[j]:first[j+1]].
    unresolved = np.zeros(n, np.int64)
    first = np.zeros(n + 1, np.int64)
    for i in range(n):
        p = order[i]
        if table[p] != UNSOLVED:
            continue
        m = next_move(params, p, -1)
        while _u(m) < moves:
            c = child(params, p, m)
            m = next_move(params, p, m)
            if c >= 0:
                first[index[c] + 1] += 1
                unresolved[i] += 1
    for j in range(n):
        first[j + 1] += first[j]
    fill = first[:n].copy()
    parent = np.empty(edges, np.int64)
    for i in range(n):
        p = order[i]
        if table[p] != UNSOLVED:
            continue
        m = next_move(params, p, -1)
        while _u(m) < moves:
            c = child(params, p, m)
            m = next_move(params, p, m)
            if c >= 0:
                j = index[c]
                parent[fill[j]] = i
                fill[j] += 1

    # Wins and losses in increasing remoteness: a breadth-first queue from the finished ones.
    queue = np.empty(n, np.int64)
    tail = 0
    for i in range(n):
        code = table[order[i]]
        if code < S or code >= 3 * S:
            queue[tail] = i
            tail += 1
    head = 0
    while head < tail:
        j = queue[head]
        head += 1
        code = np.int64(table[order[j]])
        for e in range(first[j], first[j + 1]):
            i = parent[e]
            p = order[i]
            if table[p] != UNSOLVED:
                continue
            if code < S:
                new = _parent_code(code, S)
            else:
                unresolved[i] -= 1
                if unresolved[i] > 0:
                    continue
                new = _parent_code(code, S)
            if new < 0:
                return _fail(info, STATUS_REMOTENESS, p, -1, -1)
            table[p] = new
            queue[tail] = i
            tail += 1

    # Ties: undecided positions one step further from a finished tie, breadth-first.
    tail = 0
    for i in range(n):
        code = table[order[i]]
        if S <= code < 2 * S:
            queue[tail] = i
            tail += 1
    head = 0
    while head < tail:
        j = queue[head]
        head += 1
        new = _parent_code(np.int64(table[order[j]]), S)
        for e in range(first[j], first[j + 1]):
            i = parent[e]
            p = order[i]
            if table[p] == UNSOLVED:
                if new < 0:
                    return _fail(info, STATUS_REMOTENESS, p, -1, -1)
                table[p] = new
                queue[tail] = i
                tail += 1

    for i in range(n):
        if table[order[i]] == UNSOLVED:
            table[order[i]] = 2 * S
    return n


@njit(inline="always")
def grundy_memo(child, primitive, rest, next_move, params, start, size, max_moves, reach, grundy,
                frames, seen, info):
    """Grundy value of every position reachable from ``start`` of an acyclic impartial game,
    by one depth-first search; return how many there are.

    A move may leave a sum: ``rest(params, p, m)`` is its second component (-1 for none), and
    the move's value is ``G(child) ^ G(rest)`` [1]_. A position's value is the mex of its
    moves' values, taken when the last component they leave is done (``seen``,
    int64[max_moves + 1] filled with -1, stamps the values met). A position on the search path
    holds ``_ON_PATH``; meeting it again, as a child or a component, is a cycle. A primitive
    position must be a LOSE: value 0.

    References
    ----------
    .. [1] E. R. Berlekamp, J. H. Conway, R. K. Guy, *Winning Ways for your Mathematical
       Plays*, ch. 4, 2nd ed., A K Peters, 2001.
    """
    _set(reach, start)
    v = primitive(params, start)
    if v >= 0:
        if v != 0:
            return _fail(info, STATUS_PRIMITIVE, start, -1, -1)
        grundy[start] = 0
        return 1
    depth = frames.shape[0] // 3
    moves = _u(max_moves)
    count = 1
    top = 0
    frames[0] = start
    frames[1] = next_move(params, start, -1)
    grundy[start] = _ON_PATH
    while True:
        p = frames[_u(3 * top)]
        m = frames[_u(3 * top + 1)]
        pushed = False
        while _u(m) < moves:
            c = child(params, p, m)
            if c < 0:
                m = next_move(params, p, m)
                continue
            r = rest(params, p, m)
            if c >= size:
                return _fail(info, STATUS_CHILD_RANGE, p, m, c)
            if r >= size:
                return _fail(info, STATUS_REST_RANGE, p, m, r)
            # the first unreached component of this move, if any; the move is looked at again
            # once it is done, for the other one
            t = c
            if _is_set(reach, c):
                if grundy[c] == _ON_PATH:
                    return _fail(info, STATUS_CYCLE, p, m, c)
                t = r
                if t >= 0 and _is_set(reach, t):
                    if grundy[t] == _ON_PATH:
                        return _fail(info, STATUS_CYCLE, p, m, t)
                    t = -1
            if t < 0:
                m = next_move(params, p, m)
                continue
            _set(reach, t)
            count += 1
            v = primitive(params, t)
            if v >= 0:
                if v != 0:
                    return _fail(info, STATUS_PRIMITIVE, t, -1, -1)
                grundy[t] = 0
                continue
            if top + 1 == depth:
                return _fail(info, STATUS_STACK_FULL, p, m, t)
            frames[_u(3 * top + 1)] = m
            top += 1
            frames[_u(3 * top)] = t
            frames[_u(3 * top + 1)] = next_move(params, t, -1)
            grundy[t] = _ON_PATH
            pushed = True
            break
        if pushed:
            continue
        m = next_move(params, p, -1)
        while _u(m) < moves:
            move = m
            m = next_move(params, p, move)
            c = child(params, p, move)
            if c >= 0:
                g = np.int64(grundy[c])
                r = rest(params, p, move)
                if r >= 0:
                    g ^= grundy[r]
                if g <= max_moves:
                    seen[g] = p
        mex = 0
        while seen[mex] == p:
            mex += 1
        grundy[p] = mex
        if top == 0:
            return count
        top -= 1
