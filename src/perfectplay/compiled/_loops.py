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
``primitive(params, p)`` is -1 while play goes on, else LOSE_CODE (0), TIE_CODE (1) or WIN_CODE (2);
``rest(params, p, m)``, for Grundy values only, is the second component of the sum a move
leaves, or -1 when it leaves a single position.

Value and remoteness are packed in one code per position, ordered as in
:mod:`perfectplay.core.codes` (a parent picks its smallest child code): a uint16 table holds
the layout of :data:`perfectplay.compiled.codes.CODE16_SPAN`, a uint32 table the same layout
with a span of :data:`~perfectplay.compiled.codes.CODE32_SPAN` (see :func:`code_span`, a
constant in the compiled loop). Reachable positions are a bit array over uint8
bytes, bit ``p & 7`` of byte ``p >> 3``. Every loop returns a status: >= 0 on success, one of
the negative ``STATUS_*`` values on failure, with ``info`` holding ``[position, move, child]``.

Every loop works in slices: after ``state[STATE_BUDGET]`` steps it saves where it is in
``state`` (int64, :data:`STATE_SIZE`, zeroed before the first call) and returns
:data:`STATUS_PAUSED`; called again with the same arrays, it goes on. A step of a depth-first
loop is a position entered or returned to (at most ``max_moves`` moves looked at: counting moves
would cost a few percent of the search), one of the retrograde loops a move or a position.
Between two calls the caller reports progress (``state[STATE_COUNT]``, the positions reached)
and Python handles signals, so Ctrl-C stops a solve within a slice. A depth-first loop that
runs out of frames saves its state the same way: called again with a longer copy of
``frames``, it goes on too.
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
STATUS_PAUSED = -7
"""The loop did its slice of work and saved its state: call it again to go on."""

# the tier loops' statuses (perfectplay.tiers._loops), here so that one translator
# (perfectplay.compiled.kernels.check) reads every loop's
STATUS_TIER = -20
"""A move led to a tier that ``TierRules.children`` does not list for its tier."""
STATUS_RANK = -21
"""``rank`` gave an index outside its tier's size."""
STATUS_UNREACHED = -22
"""A child's code is missing from its solved tier (the forward pass never marked it)."""
STATUS_WIDTH = -23
"""A code does not fit the tier's code width."""
STATUS_TIER_BELOW = -24
"""A move of a game ranked by the solver led to a smaller tier number (or beyond the tiers it
may number)."""

STATE_SIZE = 8
"""Length of the ``state`` array every loop takes."""
STATE_BUDGET = 0
"""Slot of ``state`` the caller sets: the steps a call takes before it pauses."""
STATE_COUNT = 1
"""Slot of ``state`` holding the positions reached so far (the solving loops)."""
STATE_EDGES = 3
"""Slot of ``state`` where :func:`enumerate_any` leaves the number of moves it found."""
_SAVED = 2  # 1 once the loop has saved its state: a call then resumes rather than starts
# the other slots, each loop its own: what a depth-first loop holds in registers (the depth, the
# position searched, its next move, its best child so far; solve_memo's positions without a
# legal move); enumerate_any's next position; resolve_any's stage, the next item of that
# stage's loop and the end of its queue
_TOP, _P, _M, _BEST, _STUCK = 3, 4, 5, 6, 7
_NEXT = 5
_STAGE, _TAIL = 4, 6

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


def unsigned(i):
    """``i`` as an unsigned 64-bit integer: numba then skips its negative-index wraparound as an
    index, and one comparison ``unsigned(i) < n`` checks ``0 <= i < n``. (Python ints under
    NUMBA_DISABLE_JIT.)"""
    return int(i) & 0xFFFF_FFFF_FFFF_FFFF


@overload(unsigned, inline="always")
def _unsigned_compiled(i):
    def unsigned(i):
        return np.uint64(i)

    return unsigned


@njit(inline="always")
def primitive_code(v, S):
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
def parent_code(best, S):
    """Code (span ``S``) of a position whose smallest child code is ``best``; -1 on overflow.

    Wins and losses take no branch, since which one a position is depends on the data: a losing
    child (``best < S``) makes a win one move later, ``4S - 2 - best``; a winning child or none
    (4S, "no child") makes a loss one move after the slowest, ``4S - best``.
    """
    code = 4 * S - best - 2 * np.int64(best < S)
    # a tying child: tie one move later; a drawing one: draw
    if unsigned(best - S) < unsigned(2 * S):
        code = best + 1 if best < 2 * S else 2 * S
    if (best == S - 1) | (best == 2 * S - 1) | (best == 3 * S):  # remoteness S
        return -1
    return code


@njit(inline="always")
def fail(info, status, p, m, c):
    """Record ``[position, move, child]`` in ``info``; return the failure ``status``."""
    info[0] = p
    info[1] = m
    info[2] = c
    return status


@njit(inline="always")
def _save(state, status, count, top, p, m, best, stuck):
    """Save a depth-first loop's registers in ``state``; return ``status``."""
    state[STATE_COUNT] = count
    state[_SAVED] = 1
    state[_TOP] = top
    state[_P] = p
    state[_M] = m
    state[_BEST] = best
    state[_STUCK] = stuck
    return status


@njit(inline="always")
def is_set(bits, p):
    """Bit ``p`` of a bit set (bit ``p & 7`` of byte ``p >> 3``)."""
    return (bits[unsigned(p >> 3)] >> (p & 7)) & 1


@njit(inline="always")
def set_bit(bits, p):
    """Set bit ``p`` of a bit set."""
    bits[unsigned(p >> 3)] |= np.uint8(1 << (p & 7))


@njit(inline="always")
def _clear(bits, p):
    bits[unsigned(p >> 3)] &= np.uint8(~(1 << (p & 7)) & 0xFF)


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
def call_child(child, params, position, move):
    """``child`` alone, for calls from Python (:meth:`CompiledRules.children`): an entry that
    calls it loads from numba's cache, where the rule itself would compile in every process."""
    return child(params, position, move)


@njit(inline="always")
def call_primitive(primitive, params, position):
    """``primitive`` alone, for calls from Python (see :func:`call_child`)."""
    return primitive(params, position)


@njit(inline="always")
def call_next_move(next_move, params, position, move):
    """``next_move`` alone, for calls from Python (see :func:`call_child`)."""
    return next_move(params, position, move)


@njit(inline="always")
def query(child, primitive, next_move, params, start, size, max_moves, table, frames, state,
          info):
    """Value of ``start`` (a :class:`~perfectplay.core.values.ValueCode`: LOSE 0, TIE 1, WIN
    2) by memoised search with early exit.

    ``table`` (uint8, zeroed, one per position): 0 unknown, 1 on the search path, 2 + value once
    known; a parent's value is ``WIN - best``, its best child's value negated. ``frames``
    (int64, three per frame): position, next move and best child value of each position below
    the one searched on the path.
    The search of a position stops at its first losing child. Moves are tried in the order
    ``next_move`` gives.
    """
    depth = frames.shape[0] // 3
    moves = unsigned(max_moves)
    positions = unsigned(size)
    if state[_SAVED]:
        top = state[_TOP]
        p = state[_P]
        m = state[_M]
        best = state[_BEST]
    else:
        v = primitive(params, start)
        if v >= 0:
            return v if v <= 2 else fail(info, STATUS_PRIMITIVE, start, -1, -1)
        # the position searched, its next move and best child value live in registers; frames
        # hold those of the positions below it on the path, saved on the way down
        p = start
        m = next_move(params, start, -1)
        best = 3
        table[unsigned(start)] = 1
        top = 0
    budget = state[STATE_BUDGET]
    steps = 0
    while True:
        if steps >= budget:
            return _save(state, STATUS_PAUSED, 0, top, p, m, best, 0)
        steps += 1
        pushed = False
        while unsigned(m) < moves:
            move = m
            c = child(params, p, move)
            m = next_move(params, p, move)
            if unsigned(c) >= positions:  # one test for an illegal move and a child out of range
                if c < 0:
                    continue
                return fail(info, STATUS_CHILD_RANGE, p, move, c)
            t = table[unsigned(c)]
            if t <= 1:  # unknown, or on the path: one test on the path every known child takes
                if t == 1:
                    return fail(info, STATUS_CYCLE, p, move, c)
                v = primitive(params, c)
                if v < 0:
                    if top == depth:  # no frame left: this move again, with more frames
                        return _save(state, STATUS_STACK_FULL, 0, top, p, move, best, 0)
                    frames[unsigned(3 * top)] = p
                    frames[unsigned(3 * top + 1)] = m
                    frames[unsigned(3 * top + 2)] = best
                    top += 1
                    p = c
                    m = next_move(params, c, -1)
                    best = 3
                    table[unsigned(c)] = 1
                    pushed = True
                    break
                if v > 2:
                    return fail(info, STATUS_PRIMITIVE, c, -1, -1)
                table[unsigned(c)] = 2 + v
                t = 2 + v
            if t - 2 < best:
                best = t - 2
                if best == 0:
                    break
        if pushed:
            continue
        # every child seen (or a losing one found): 2 - best is our value; no child: a loss
        value = 0 if best == 3 else 2 - best
        table[unsigned(p)] = 2 + value
        if top == 0:
            return value
        top -= 1
        p = frames[unsigned(3 * top)]
        m = frames[unsigned(3 * top + 1)]
        best = frames[unsigned(3 * top + 2)]
        if value < best:
            best = value
            if value == 0:  # the parent found a losing child: it need look no further
                m = -1


@njit(inline="always")
def solve_memo(child, primitive, next_move, params, start, size, max_moves, reach, table, frames,
               primitives, state, info):
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
    depth = frames.shape[0] // 3
    moves = unsigned(max_moves)
    positions = unsigned(size)
    if state[_SAVED]:
        count = state[STATE_COUNT]
        stuck = state[_STUCK]
        top = state[_TOP]
        p = state[_P]
        m = state[_M]
        best = state[_BEST]
    else:
        set_bit(reach, start)
        v = primitive(params, start)
        if v >= 0:
            code = primitive_code(v, S)
            if code < 0:
                return fail(info, STATUS_PRIMITIVE, start, -1, -1)
            table[unsigned(start)] = code
            primitives[v] += 1
            return 1
        count = 1
        stuck = 0  # positions without a legal move: losses, counted as primitive
        # the position searched, its next move and best child code live in registers; frames
        # hold those of the positions below it on the path, saved on the way down
        p = start
        m = next_move(params, start, -1)
        best = NO_CHILD
        table[unsigned(start)] = UNSOLVED
        top = 0
    budget = state[STATE_BUDGET]
    steps = 0
    while True:
        if steps >= budget:
            return _save(state, STATUS_PAUSED, count, top, p, m, best, stuck)
        steps += 1
        pushed = False
        while unsigned(m) < moves:
            move = m
            c = child(params, p, move)
            m = next_move(params, p, move)
            if unsigned(c) >= positions:  # one test for an illegal move and a child out of range
                if c < 0:
                    continue
                return fail(info, STATUS_CHILD_RANGE, p, move, c)
            cc = np.int64(table[unsigned(c)])
            # on the path (UNSOLVED) and unvisited (UNSOLVED + 1) are adjacent: one test on the
            # path every solved child takes
            if unsigned(cc - UNSOLVED) < unsigned(2):
                if cc == UNSOLVED:
                    return fail(info, STATUS_CYCLE, p, move, c)
                set_bit(reach, c)
                count += 1
                v = primitive(params, c)
                if v < 0:
                    if top == depth:  # no frame left: this move again, with more frames
                        _clear(reach, c)
                        return _save(state, STATUS_STACK_FULL, count - 1, top, p, move, best,
                                     stuck)
                    frames[unsigned(3 * top)] = p
                    frames[unsigned(3 * top + 1)] = m
                    frames[unsigned(3 * top + 2)] = best
                    top += 1
                    p = c
                    m = next_move(params, c, -1)
                    best = NO_CHILD
                    table[unsigned(c)] = UNSOLVED
                    pushed = True
                    break
                cc = primitive_code(v, S)
                if cc < 0:
                    return fail(info, STATUS_PRIMITIVE, c, -1, -1)
                table[unsigned(c)] = cc
                primitives[v] += 1
            if cc < best:
                best = cc
        if pushed:
            continue
        stuck += np.int64(best == NO_CHILD)
        code = parent_code(best, S)
        if code < 0:
            return fail(info, STATUS_REMOTENESS, p, -1, -1)
        table[unsigned(p)] = code
        if top == 0:
            primitives[0] += stuck
            return count
        top -= 1
        p = frames[unsigned(3 * top)]
        m = frames[unsigned(3 * top + 1)]
        best = min(frames[unsigned(3 * top + 2)], code)


@njit(inline="always")
def enumerate_any(child, primitive, next_move, params, start, size, max_moves, reach, table,
                  primitives, order, index, state, info):
    """The first step of retrograde analysis (see :func:`resolve_any`): every position reachable
    from ``start``, breadth-first; return how many there are.

    ``order`` (int64, room for every position) lists them, ``index`` (int64, one per integer)
    gives each one's place there. A finished position gets its code (no legal move: a loss,
    counted as primitive), every other one ``2 * S + 1`` (undecided). ``state[STATE_EDGES]`` ends
    with the number of moves between them.
    """
    S = code_span(table)
    UNSOLVED = 2 * S + 1
    moves = unsigned(max_moves)
    if state[_SAVED]:
        n = state[STATE_COUNT]
        i = state[_NEXT]
        edges = state[STATE_EDGES]
    else:
        order[0] = start
        index[start] = 0
        set_bit(reach, start)
        n = 1
        i = 0
        edges = 0
    budget = state[STATE_BUDGET]
    steps = 0
    while i < n:
        if steps >= budget:
            state[STATE_COUNT] = n
            state[_SAVED] = 1
            state[_NEXT] = i
            state[STATE_EDGES] = edges
            return STATUS_PAUSED
        p = order[i]
        i += 1
        steps += 1
        v = primitive(params, p)
        if v >= 0:
            code = primitive_code(v, S)
            if code < 0:
                return fail(info, STATUS_PRIMITIVE, p, -1, -1)
            table[p] = code
            primitives[v] += 1
            continue
        kids = 0
        m = next_move(params, p, -1)
        while unsigned(m) < moves:
            move = m
            c = child(params, p, move)
            m = next_move(params, p, move)
            steps += 1
            if c < 0:
                continue
            if c >= size:
                return fail(info, STATUS_CHILD_RANGE, p, move, c)
            kids += 1
            if not is_set(reach, c):
                set_bit(reach, c)
                order[n] = c
                index[c] = n
                n += 1
        edges += kids
        if kids == 0:
            table[p] = 0
            primitives[0] += 1
        else:
            table[p] = UNSOLVED
    state[STATE_EDGES] = edges
    return n


@njit(inline="always")
def _save_stage(state, stage, j, tail):
    state[_STAGE] = stage
    state[_NEXT] = j
    state[_TAIL] = tail
    return STATUS_PAUSED


@njit(inline="always")
def resolve_any(child, next_move, params, max_moves, table, order, index, unresolved, first,
                parent, queue, state, info):
    """Code of every position :func:`enumerate_any` listed, cycles included, by retrograde
    analysis; return how many there are.

    The same steps as :func:`perfectplay.solve.retrograde.retrograde_solve`: count children,
    decide wins and losses from the finished positions backwards in increasing remoteness, then
    ties through undecided positions, and the rest are draws. ``order`` holds the ``n``
    positions; ``unresolved`` (int64[n], zeroed) counts each one's children not yet decided;
    the parents of ``order[j]`` go to ``parent[first[j]:first[j + 1]]`` (``first``
    int64[n + 1], zeroed; ``parent`` int64, one per edge); ``queue`` (int64[n]) first marks
    where each parent list is filled, then holds the decided positions in order. The stages:
    0 count parents, 1 place each parent list, 2 fill them, 3-4 wins and losses, 5-6 ties,
    7 draws.
    """
    S = code_span(table)
    UNSOLVED = 2 * S + 1
    moves = unsigned(max_moves)
    n = order.shape[0]
    stage = state[_STAGE]
    j = state[_NEXT]
    tail = state[_TAIL]
    budget = state[STATE_BUDGET]
    steps = 0
    if stage == 0:
        while j < n:
            if steps >= budget:
                return _save_stage(state, 0, j, tail)
            steps += 1
            p = order[j]
            if table[p] == UNSOLVED:
                m = next_move(params, p, -1)
                while unsigned(m) < moves:
                    c = child(params, p, m)
                    m = next_move(params, p, m)
                    steps += 1
                    if c >= 0:
                        first[index[c] + 1] += 1
                        unresolved[j] += 1
            j += 1
        stage, j = 1, 0
    if stage == 1:
        while j < n:
            if steps >= budget:
                return _save_stage(state, 1, j, tail)
            steps += 1
            queue[j] = first[j]  # where the next parent of order[j] goes
            first[j + 1] += first[j]
            j += 1
        stage, j = 2, 0
    if stage == 2:
        while j < n:
            if steps >= budget:
                return _save_stage(state, 2, j, tail)
            steps += 1
            p = order[j]
            if table[p] == UNSOLVED:
                m = next_move(params, p, -1)
                while unsigned(m) < moves:
                    c = child(params, p, m)
                    m = next_move(params, p, m)
                    steps += 1
                    if c >= 0:
                        k = index[c]
                        parent[queue[k]] = j
                        queue[k] += 1
            j += 1
        stage, j, tail = 3, 0, 0
    if stage == 3:  # wins and losses: a breadth-first queue from the finished ones
        while j < n:
            if steps >= budget:
                return _save_stage(state, 3, j, tail)
            steps += 1
            code = table[order[j]]
            if code < S or code >= 3 * S:
                queue[tail] = j
                tail += 1
            j += 1
        stage, j = 4, 0
    if stage == 4:  # in increasing remoteness
        while j < tail:
            if steps >= budget:
                return _save_stage(state, 4, j, tail)
            k = queue[j]
            j += 1
            code = np.int64(table[order[k]])
            steps += 1 + first[k + 1] - first[k]
            for e in range(first[k], first[k + 1]):
                i = parent[e]
                p = order[i]
                if table[p] != UNSOLVED:
                    continue
                if code >= S:  # a winning child: a loss only once every child is one
                    unresolved[i] -= 1
                    if unresolved[i] > 0:
                        continue
                new = parent_code(code, S)
                if new < 0:
                    return fail(info, STATUS_REMOTENESS, p, -1, -1)
                table[p] = new
                queue[tail] = i
                tail += 1
        stage, j, tail = 5, 0, 0
    if stage == 5:  # ties: undecided positions one step further from a finished tie
        while j < n:
            if steps >= budget:
                return _save_stage(state, 5, j, tail)
            steps += 1
            code = table[order[j]]
            if S <= code < 2 * S:
                queue[tail] = j
                tail += 1
            j += 1
        stage, j = 6, 0
    if stage == 6:  # breadth-first
        while j < tail:
            if steps >= budget:
                return _save_stage(state, 6, j, tail)
            k = queue[j]
            j += 1
            new = parent_code(np.int64(table[order[k]]), S)
            steps += 1 + first[k + 1] - first[k]
            for e in range(first[k], first[k + 1]):
                i = parent[e]
                p = order[i]
                if table[p] == UNSOLVED:
                    if new < 0:
                        return fail(info, STATUS_REMOTENESS, p, -1, -1)
                    table[p] = new
                    queue[tail] = i
                    tail += 1
        stage, j = 7, 0
    while j < n:  # the rest are draws
        if steps >= budget:
            return _save_stage(state, 7, j, tail)
        steps += 1
        if table[order[j]] == UNSOLVED:
            table[order[j]] = 2 * S
        j += 1
    return n


@njit(inline="always")
def grundy_memo(child, primitive, rest, next_move, params, start, size, max_moves, reach, grundy,
                frames, seen, state, info):
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
    depth = frames.shape[0] // 3
    moves = unsigned(max_moves)
    if state[_SAVED]:  # the positions on the path and their next moves are in frames
        count = state[STATE_COUNT]
        top = state[_TOP]
    else:
        set_bit(reach, start)
        v = primitive(params, start)
        if v >= 0:
            if v != 0:
                return fail(info, STATUS_PRIMITIVE, start, -1, -1)
            grundy[start] = 0
            return 1
        count = 1
        top = 0
        frames[0] = start
        frames[1] = next_move(params, start, -1)
        grundy[start] = _ON_PATH
    budget = state[STATE_BUDGET]
    steps = 0
    while True:
        if steps >= budget:
            return _save(state, STATUS_PAUSED, count, top, 0, 0, 0, 0)
        steps += 1
        p = frames[unsigned(3 * top)]
        m = frames[unsigned(3 * top + 1)]
        pushed = False
        while unsigned(m) < moves:
            c = child(params, p, m)
            if c < 0:
                m = next_move(params, p, m)
                continue
            r = rest(params, p, m)
            if c >= size:
                return fail(info, STATUS_CHILD_RANGE, p, m, c)
            if r >= size:
                return fail(info, STATUS_REST_RANGE, p, m, r)
            # the first unreached component of this move, if any; the move is looked at again
            # once it is done, for the other one
            t = c
            if is_set(reach, c):
                if grundy[c] == _ON_PATH:
                    return fail(info, STATUS_CYCLE, p, m, c)
                t = r
                if t >= 0 and is_set(reach, t):
                    if grundy[t] == _ON_PATH:
                        return fail(info, STATUS_CYCLE, p, m, t)
                    t = -1
            if t < 0:
                m = next_move(params, p, m)
                continue
            set_bit(reach, t)
            count += 1
            v = primitive(params, t)
            if v >= 0:
                if v != 0:
                    return fail(info, STATUS_PRIMITIVE, t, -1, -1)
                grundy[t] = 0
                continue
            if top + 1 == depth:  # no frame left: this move again, with more frames
                _clear(reach, t)
                frames[unsigned(3 * top + 1)] = m
                return _save(state, STATUS_STACK_FULL, count - 1, top, 0, 0, 0, 0)
            frames[unsigned(3 * top + 1)] = m
            top += 1
            frames[unsigned(3 * top)] = t
            frames[unsigned(3 * top + 1)] = next_move(params, t, -1)
            grundy[t] = _ON_PATH
            pushed = True
            break
        if pushed:
            continue
        m = next_move(params, p, -1)
        while unsigned(m) < moves:
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
