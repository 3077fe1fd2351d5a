"""The generic search loop: negamax with alpha-beta over exact scores and a transposition table,
written once for every compiled game.

Like :mod:`perfectplay.compiled._loops`, the loop is ``njit(inline='always')`` and takes the
rule functions and the search hooks as its first arguments;
:mod:`perfectplay.compiled.search` calls it from a module-level ``njit(cache=True)`` entry
point per game, so the rules are inlined and the entry loads from numba's cache. ``flags``
(a global constant of that module, so numba compiles the absent hooks out) says which hooks
the game gives: :data:`HAS_WINS_NOW`, :data:`HAS_SAFE_MOVES`, :data:`HAS_ORDER`,
:data:`HAS_KEY`, :data:`HAS_HORIZON`, :data:`HAS_CEILING`.

Scores. A position ``d`` moves below the root of a search scores ``B - e`` when the player to
move there wins with the game ending ``e`` moves after the root, ``e - B`` when it loses so,
and 0 for a tie (``B`` is :data:`BIG`). A parent's score is then the largest of its children's
negated (the end of a line does not move with the depth), so alpha-beta runs on plain
negation, and the score orders value and remoteness: a win sooner above a win later, above a
tie, above a loss later, above a loss sooner. The table keeps scores relative to the position
(``B - r`` for a win in ``r`` moves), which do not depend on the depth it was reached at;
:func:`to_relative` and :func:`to_absolute` translate bounds (rounding a bound towards the tie,
never past it, keeps it true).

A tie's remoteness is not a zero-sum quantity (both players prefer the shortest tie), so ties
all score 0 here; :mod:`perfectplay.compiled.search` finds their remoteness.

The loop keeps its path in ``frames`` (int64, :data:`FRAME` numbers a depth: position, alpha,
beta, next move index, moves listed, table key (-1 for a forced reply), positions entered
before it, the best score of its moves so far, the end of the moves not deferred and the
child being searched whose mark in ``busy`` it clears (-1: none; see :data:`DEFER_PLIES`)),
the moves of each depth in ``moves`` (``max_moves`` a depth) and what each depth's look at its
children found in ``looks`` (:data:`LOOK`), all allocated by the caller: nothing is allocated
inside the search.

The table is one int64 array of buckets, :data:`BUCKET` entries of two numbers each in one
cache line, the bucket chosen by a multiplicative hash of the key. An entry's second number is
a bound, packed: twice the relative score plus :data:`UPPER` for an upper bound in the low 32
bits, the move that last cut it off plus one above them (0: none), and above that the work its
search took (the bit length of the positions it entered); its first number is the position's
key plus one, exclusive-or the second (0 and 0: empty). Threads searching one table together
(:func:`search_batch`'s ``claims``) write the two numbers apart, and an entry half of one write and
half of another fails that check, as an entry of another key does (unless the two numbers fall
on one of the 2^64 patterns that mimic it: the chance of a wrong bound is that of a random
64-bit match, about 5e-20 a probe). A new
bound replaces the same key's entry, else the bucket's entry of least work: the deep searches'
bounds, which save the most, outlive the shallow ones', and a new bound always finds a place.
The move is searched first the next time the position is entered (under another window or
from another root), the cheapest ordering there is: it refuted the position once already.

Each probe of a big table is a cache miss, most of a position's time (perf: 56-69% of the
search of Steininger's opening sets on one instruction, the probe's first read), so the loop
probes where it must only, after his solver: a position with one safe move (every other move
lets the opponent win at once: a forced reply) neither probes nor writes the table (its score
is its child's, and the child probes); a position first looks at its children's hooks
(:func:`_child_floor`: a tie, a child where the opponent has no safe move, a child's ceiling)
and probes only when they do not settle it, its bucket fetched before that look
(:func:`~perfectplay.compiled.atomics.prefetch`) so that the look hides the wait. On 20 of
his opening_L2 positions: positions entered 28.6 M -> 29.2 M (forced replies) -> 22.5 M
(children's hooks), time 1.66x-2.09x his -> 1.37x-1.56x with the table in huge pages.
"""

from __future__ import annotations

import numpy as np
from numba import njit
from numba.extending import overload

from perfectplay.compiled._loops import (
    STATUS_CHILD_RANGE,
    STATUS_PAUSED,
    STATUS_PRIMITIVE,
    STATUS_STACK_FULL,
    unsigned,
)
from perfectplay.compiled.atomics import prefetch

BIG = 1 << 28
"""``B`` of the scores: remoteness up to about 268 million."""

HAS_WINS_NOW, HAS_SAFE_MOVES, HAS_ORDER, HAS_KEY, HAS_HORIZON = 1, 2, 4, 8, 16
"""Bits of ``flags``: which search hooks the game gives."""

ALTERNATING = 32
"""Bit of ``flags``: wins take an odd number of moves, losses an even one (``SearchRules``'s
``alternating``), so the root's search tries only those."""

HAS_CEILING = 64
"""Bit of ``flags``: the game gives ``ceiling``, the best value the mover can reach at most."""

FRAME = 10
"""Numbers a depth holds in ``frames``."""

LOOK = 2
"""Numbers ``looks`` holds for each move of a depth: what a position's look at its children
(:func:`_child_floor`) found of the child that move makes, which the child, once entered, does
not ask the hooks again: its safe moves (-1: not looked at, or over), then its ceiling's
:func:`_ceiling_top` when the game gives ``ceiling``. It holds one depth more than ``frames``:
the deepest position looks at its children before it finds no room for them. Four 7x6
positions of 2-4 stones (4444, 4453, 444, 43), one thread, a 1 GiB table, the same positions
entered: 50.8-53.2 s -> 49.0-51.2 s of CPU."""

BUCKET = 4
"""Entries of a table bucket: 4 x 16 bytes, one cache line."""

_HINT_SHIFT, _WORK_SHIFT = 32, 44
_HINTS = (1 << (_WORK_SHIFT - _HINT_SHIFT)) - 1  # moves from 4095 on are not kept as hints

LOWER, UPPER = 0, 1
"""Kind of bound a table slot holds, in the low bit of its second number."""

STATE_SIZE = 14
"""Length of ``state``: the node budget of a call, the next root, the nodes of this call, the
table's bucket index shift (64 minus the bits of a bucket number), the number of the thread
(1, 2...: its mark in ``claims``); then, when a root paused
inside its search (:data:`STATE_PAUSED_ROOT` is 1), where it stands: its nodes so far, the
ranks its null windows have narrowed its score to, the depth, position and window the loop
was about to enter (its path is in ``frames``) and the side its last null window fell on once
they step (:data:`STEP_RANKS`)."""
STATE_BUDGET, STATE_NEXT, STATE_NODES, STATE_SHIFT, STATE_THREAD = 0, 1, 2, 3, 4
(STATE_PAUSED_ROOT, STATE_ROOT_NODES, STATE_LO, STATE_HI, STATE_DEPTH, STATE_POSITION,
 STATE_ALPHA, STATE_BETA, STATE_SIDE) = 5, 6, 7, 8, 9, 10, 11, 12, 13

WEAK = 1
"""``mode`` of a batch: the value only (win 1, tie 0, loss -1 in ``scores``)."""


# The small helpers are plain njit functions, not inlined into the loop by numba: LLVM inlines
# them just as well (the same time on Pons's sets), and a search kernel compiles in half the
# time (9 s against 17 s for tic-tac-toe's).
@njit
def to_relative(score, depth):
    """A bound on a score ``depth`` moves below the root as a bound on the position's own
    score (``B - r``: a win in ``r``)."""
    if score > 0:
        return score + depth
    if score < 0:
        return score - depth
    return 0


@njit
def to_absolute(score, depth):
    """A bound on a position's own score as a bound on its score ``depth`` moves below the
    root; a bound that would cross 0 stays at 0 (a win is still a win)."""
    if score > depth:
        return score - depth
    if score < -depth:
        return score + depth
    return 0


@njit
def primitive_score(v, depth):
    """Score of a primitive value (LOSE 0, TIE 1, WIN 2) ``depth`` moves below the root."""
    if v == 0:
        return depth - BIG
    if v == 1:
        return 0
    return BIG - depth


_GOLDEN = 0x9E3779B97F4A7C15  # 2^64 / golden ratio: a multiplicative hash


def _slot(k, shift):
    """The table slot of key ``k``: the top ``64 - shift`` bits of ``k * _GOLDEN`` mod 2^64
    (in Python integers under NUMBA_DISABLE_JIT)."""
    return ((int(k) * _GOLDEN) & 0xFFFF_FFFF_FFFF_FFFF) >> int(shift)


@overload(_slot, inline="always")
def _slot_compiled(k, shift):
    def _slot(k, shift):
        return (np.uint64(k) * np.uint64(_GOLDEN)) >> np.uint64(shift)

    return _slot


DEFER_PLIES = 16
"""Plies from the root at which threads searching one root together tell each other which
children they are searching (``busy``): a thread defers a move whose child another thread is
searching to after its other moves, except the first (after ABDADA, Weill's "alpha-beta
distributed with delayed answers", simplified): the threads split a position's moves rather
than search the same ones together. 16 measured on three of Steininger's opening_L3 positions
as fast as 24 and 40, and faster than 4 and 8."""

BUSY_SLOTS = 1 << 12
"""Slots of ``busy``, shared by the threads: one the child ``c`` hashes to holds ``c + 1``
while a thread searches it (another child hashing there overwrites it: a mark lost or stale
only changes the order of moves, never a score)."""


@njit
def _busy_slot(c, slots):
    """The slot of ``busy`` (of ``slots``) that child ``c`` is marked in."""
    return np.int64(_slot(c, 1)) % slots  # 63 bits: a signed number


@njit
def _bucket(k, shift):
    """Where key ``k``'s bucket starts in the table."""
    return 2 * BUCKET * _slot(k, shift)


@njit
def _bound(word):
    """The bound of an entry's second number: its low 32 bits, signed."""
    low = word & 0xFFFF_FFFF
    return low - (1 << 32) if low >= (1 << 31) else low


@njit
def _probe(table, bucket, k):
    """The second number of key ``k``'s entry in its bucket (its bound, move and work; never
    negative), or -1. Read once: another thread may write the entry again right after."""
    for j in range(BUCKET):
        word = table[bucket + 2 * j + 1]
        if table[bucket + 2 * j] ^ word == k + 1:
            return word
    return -1


@njit
def _store(table, shift, k, score, depth, kind, move, nodes):
    """Store a bound of ``k``'s score, found ``depth`` moves below the root by a search of
    ``nodes`` positions whose last move tried was ``move`` (-1: none cut it off)."""
    bucket = _bucket(k, shift)
    target = bucket
    least = 1 << 62
    hint = move + 1 if move + 1 <= _HINTS else 0
    for j in range(BUCKET):
        e = bucket + 2 * j
        word = table[e + 1]
        if table[e] ^ word == k + 1:
            target = e
            if hint == 0:
                hint = (word >> _HINT_SHIFT) & _HINTS
            break
        work = word >> _WORK_SHIFT if table[e] != 0 else -1
        if work < least:
            least = work
            target = e
    work = 0
    while nodes > 0:
        nodes >>= 1
        work += 1
    word = (((2 * to_relative(score, depth) + kind) & 0xFFFF_FFFF) | (hint << _HINT_SHIFT)
            | (work << _WORK_SHIFT))
    table[target + 1] = word
    table[target] = (k + 1) ^ word


ETC_WORK = 6
"""A position whose last search took 2^(ETC_WORK - 1) positions or more probes the table for
each child before searching any (:func:`_child_cutoff`): one probe a child is cheap beside such
a search, not beside the few positions of most. Measured on Pons's sets: 2% fewer positions on
Test_L1_R3, none more elsewhere; probing at every position near the root instead cut 6% on
Test_L1_R3 but cost a third more time on Test_L2_R1 and Test_L1_R1 (then without prefetching
the children's buckets)."""

ETC_HORIZON = 16
"""A position with at least this many moves left at most (its ``horizon``) probes its
children's entries too, whatever its last search took, as Steininger's solver does above 15
empty cells: far from the end a child's subtree is large, and the children's buckets are
fetched together, so the probes cost about one wait. Measured on four 7x6 positions of 2-4
stones (4444, 4453, 444, 43), one thread, a 1 GiB table, two rounds each, with Pons's null
windows alone: positions entered 228 M (work alone) -> 198 M at a horizon of 20, CPU 68-74 s
-> 55-64 s (12: 170 M and 81-87 s, 16: 184 M and 69-73 s, 24: 209 M and 64-65 s, 28: 217 M
and 71 s); the 7x6 start 321.5 M -> 276.6 M positions, 106.0 s -> 93.0 s. With the windows of
:data:`STEP_RANKS`, three rounds: those four and the start 405.4 M positions and 108.4-112.7 s
at 20, 373.9 M and 101.7-107.7 s at 16, 430.0 M and 109.2 s at 24; 20 of Steininger's
opening_L3 positions 347.1 M and 88.4-92.6 s at 20, 322.2 M and 89.7-90.6 s at 16; his
opening_L2 6.0-7.0 s and 6.3-6.6 s."""


@njit(inline="always")
def _child_cutoff(child, key, flags, params, search_params, size, max_moves, p, moves, base,
                  n, beta, depth, table, shift):
    """The largest score the table's upper bounds on the children of ``p`` give, when one is
    at least ``beta`` (an enhanced transposition cutoff: one probe a child may save a search),
    else ``beta - 1``. Every child's bucket is asked for before the first is read, so their
    cache misses overlap; their keys wait meanwhile in the next depth's moves, unused until a
    child is entered (at the deepest depth, with no such room, nothing is probed)."""
    keys = base + max_moves
    if keys + n > moves.shape[0]:
        return beta - 1
    for j in range(n):
        c = child(params, p, moves[base + j])
        k = -1
        if unsigned(c) < unsigned(size):  # else the search itself reports it
            k = key(search_params, c) if flags & HAS_KEY else c
            prefetch(table, _bucket(k, shift))
        moves[keys + j] = k
    for j in range(n):
        k = moves[keys + j]
        if k < 0:
            continue
        word = _probe(table, _bucket(k, shift), k)
        if word >= 0:
            b = _bound(word)
            if b & 1 == UPPER:
                s = -to_absolute(b >> 1, depth)
                if s >= beta:
                    return s
    return beta - 1


@njit(inline="always")
def _ceiling_top(horizon, ceiling, flags, search_params, p, d):
    """The most ``p``, ``d`` moves below the root, can score by its ``ceiling``: 0 for a tie
    at best, a loss at the horizon at the latest (without one, the least loss: -1) for a loss,
    and ``BIG`` for no bound."""
    best = ceiling(search_params, p)
    if best == 1:
        return 0
    if best == 0:
        return d + horizon(search_params, p) - BIG if flags & HAS_HORIZON else -1
    return BIG


@njit(inline="always")
def _child_floor(child, primitive, safe_moves, horizon, ceiling, flags, params, search_params,
                 size, max_moves, p, allowed, d, beta, looks):
    """The best score the moves of ``allowed`` from ``p`` are sure of by their children's
    hooks alone, without searching them: a child that is a tie, or where the opponent has no
    safe move (a win in three), or whose ceiling bounds the opponent; as soon as one is at
    least ``beta``, that one. What the hooks say of a child that is not over is kept in
    ``looks`` (:data:`LOOK`), for the child to use when it is entered."""
    floor = d - BIG
    at = LOOK * d * max_moves
    for m in range(max_moves):
        looks[at + LOOK * m] = -1
        if not (allowed >> m) & 1:
            continue
        c = child(params, p, m)
        if unsigned(c) >= unsigned(size):
            continue  # the search itself reports it
        v = primitive(params, c)
        if v >= 0:
            if v > 2:
                continue  # the search itself reports it
            s = -primitive_score(v, d + 1)
        else:
            safe = safe_moves(search_params, c)
            looks[at + LOOK * m] = safe
            if safe == 0:
                s = BIG - d - 3
            elif flags & HAS_CEILING:
                top = _ceiling_top(horizon, ceiling, flags, search_params, c, d + 1)
                looks[at + LOOK * m + 1] = top
                if top == BIG:
                    continue
                s = -top  # the opponent's most, from this side
            else:
                continue
        if s > floor:
            floor = s
            if floor >= beta:
                break
    return floor


@njit(inline="always")
def negamax(child, primitive, next_move, wins_now, safe_moves, order, key, horizon, ceiling,
            flags, params, search_params, size, max_moves, root, alpha0, beta0, table, shift,
            frames, moves, looks, busy, counters, state, resume, info):
    """``(score, status)`` of ``root`` searched with the window ``(alpha0, beta0)``: an exact
    score inside it, else a bound (at most ``alpha0``: the score is at most that; at least
    ``beta0``: at least that). The bounds fail soft: a position whose moves all fail low is
    bounded by the best of its children's bounds, not by its alpha, which the table keeps and
    the root's next null window narrows with (after Steininger's solver: 1% fewer positions
    on 20 of his opening_L2 positions, 3% on 4 of opening_L3). ``status`` is 0, or a
    negative ``STATUS_*`` with ``info``.
    ``counters[0]`` counts the positions entered; when it reaches ``counters[1]`` the loop
    pauses (``STATUS_PAUSED``) with its place in ``state`` and ``frames``, and goes on from
    there when called with ``resume``, exactly as if it had not stopped. ``looks``: what each
    depth's look at its children found (:data:`LOOK`). ``busy``: the children threads
    searching together are searching (:data:`DEFER_PLIES`), one slot alone."""
    depth_limit = frames.shape[0] // FRAME
    defer = DEFER_PLIES if busy.shape[0] > 1 else 0  # alone, no thread to defer to
    d = 0
    p = root
    alpha = alpha0
    beta = beta0
    if resume:
        d = state[STATE_DEPTH]
        p = state[STATE_POSITION]
        alpha = state[STATE_ALPHA]
        beta = state[STATE_BETA]
    ret = 0
    look = -1  # where p's parent keeps its look at p in looks (-1: none)
    phase = 0  # 0: enter p at depth d; 1: return ret from depth d; 2: next move at depth d
    while True:
        if phase == 0:
            if counters[0] >= counters[1]:
                state[STATE_DEPTH] = d
                state[STATE_POSITION] = p
                state[STATE_ALPHA] = alpha
                state[STATE_BETA] = beta
                return 0, STATUS_PAUSED
            counters[0] += 1
            phase = 1
            known = look >= 0 and looks[look] >= 0  # p is not over; its hooks are in looks
            if not known:
                v = primitive(params, p)
                if v >= 0:
                    if v > 2:
                        info[0] = p
                        return 0, STATUS_PRIMITIVE
                    ret = primitive_score(v, d)
                    continue
            top = BIG - d - 1  # a win at once
            if flags & HAS_WINS_NOW:
                # below the root, safe_moves chose the move here: the mover cannot win at once
                if not (flags & HAS_SAFE_MOVES and d > 0) and wins_now(search_params, p):
                    ret = BIG - d - 1
                    continue
                top = BIG - d - 3  # a win takes an odd number of moves: three at least
            low = d - BIG  # no legal move
            allowed = -1
            if flags & HAS_SAFE_MOVES:
                allowed = looks[look] if known else safe_moves(search_params, p)
                if allowed == 0:  # every move lets the opponent win at once
                    ret = d + 2 - BIG
                    continue
                low = d + 4 - BIG
            if flags & HAS_CEILING:
                top = min(top, looks[look + 1] if known else
                          _ceiling_top(horizon, ceiling, flags, search_params, p, d))
            if alpha < low:
                alpha = low
                if alpha >= beta:
                    ret = alpha
                    continue
            if beta > top:
                beta = top
                if alpha >= beta:
                    ret = beta
                    continue
            k = -1  # a forced reply: no key, no probe, nothing stored
            bucket = 0
            if not (flags & HAS_SAFE_MOVES and allowed & (allowed - 1) == 0):
                k = key(search_params, p) if flags & HAS_KEY else p
                bucket = _bucket(k, shift)
                prefetch(table, bucket)  # read after the children's look
                if flags & HAS_SAFE_MOVES:
                    floor = _child_floor(child, primitive, safe_moves, horizon, ceiling, flags,
                                         params, search_params, size, max_moves, p, allowed,
                                         d, beta, looks)
                    if floor > low:
                        low = floor
                        if alpha < low:
                            alpha = low
                            if alpha >= beta:
                                ret = alpha
                                continue
            hint = -1
            work = 0
            word = -1
            if k >= 0:
                word = _probe(table, bucket, k)
            if word >= 0:
                b = _bound(word)
                hint = ((word >> _HINT_SHIFT) & _HINTS) - 1
                work = word >> _WORK_SHIFT
                bound = to_absolute(b >> 1, d)
                if b & 1 == LOWER:
                    if bound > alpha:
                        alpha = bound
                        if alpha >= beta:
                            ret = alpha
                            continue
                elif bound < beta:
                    beta = bound
                    if alpha >= beta:
                        ret = beta
                        continue
            if d == depth_limit:
                info[0] = p
                return 0, STATUS_STACK_FULL
            base = d * max_moves
            if flags & HAS_ORDER:
                n = order(search_params, p, allowed, moves, base)
            else:
                n = 0
                m = next_move(params, p, -1)
                while unsigned(m) < unsigned(max_moves) and n < max_moves:
                    if (allowed >> m) & 1:
                        moves[base + n] = m
                        n += 1
                    m = next_move(params, p, m)
            if hint >= 0:  # the move that cut this position off before goes first
                for j in range(n):
                    if moves[base + j] == hint:
                        while j > 0:
                            moves[base + j] = moves[base + j - 1]
                            j -= 1
                        moves[base] = hint
                        break
            if work >= ETC_WORK or (flags & HAS_HORIZON
                                     and horizon(search_params, p) >= ETC_HORIZON):
                cut = _child_cutoff(child, key, flags, params, search_params, size, max_moves,
                                    p, moves, base, n, beta, d + 1, table, shift)
                if cut >= beta:
                    ret = cut
                    continue
            f = FRAME * d
            frames[f] = p
            frames[f + 1] = alpha
            frames[f + 2] = beta
            frames[f + 3] = 0
            frames[f + 4] = n
            frames[f + 5] = k
            frames[f + 6] = counters[0]
            frames[f + 7] = low
            frames[f + 8] = n
            frames[f + 9] = -1
            phase = 2
        elif phase == 1:
            if d == 0:
                return ret, 0
            d -= 1
            f = FRAME * d
            c = frames[f + 9]
            if c >= 0:  # the child searched from this depth (within DEFER_PLIES) is done
                h = _busy_slot(c, busy.shape[0])
                if busy[h] == c + 1:
                    busy[h] = 0
                frames[f + 9] = -1
            s = -ret
            if s >= frames[f + 2]:
                if frames[f + 5] >= 0:
                    _store(table, shift, frames[f + 5], s, d, LOWER,
                           moves[d * max_moves + frames[f + 3] - 1], counters[0] - frames[f + 6])
                ret = s
                continue
            if s > frames[f + 7]:
                frames[f + 7] = s
                if s > frames[f + 1]:
                    frames[f + 1] = s
            phase = 2
        else:
            f = FRAME * d
            base = d * max_moves
            i = frames[f + 3]
            n = frames[f + 4]
            parent = frames[f]
            c = -1
            while i < n:
                m = moves[base + i]
                c = child(params, parent, m)
                if c >= 0:
                    if c >= size:
                        info[0] = parent
                        info[1] = m
                        info[2] = c
                        return 0, STATUS_CHILD_RANGE
                    if d < defer and 0 < i < frames[f + 8]:
                        h = _busy_slot(c, busy.shape[0])
                        if busy[h] == c + 1:  # another thread's: after the others
                            for q in range(i, n - 1):
                                moves[base + q] = moves[base + q + 1]
                            moves[base + n - 1] = m
                            frames[f + 8] -= 1
                            c = -1
                            continue
                        busy[h] = c + 1
                    if d < defer:  # its mark (this thread's or another's) goes when it returns
                        frames[f + 9] = c
                    i += 1
                    break
                i += 1
            frames[f + 3] = i
            if c >= 0:
                # a forced reply (no key) did not look at its child
                look = LOOK * (base + m) if flags & HAS_SAFE_MOVES and frames[f + 5] >= 0 else -1
                p = c
                alpha = -frames[f + 2]
                beta = -frames[f + 1]
                d += 1
                phase = 0
            else:  # every move failed low (or there is none): the score is at most the best
                ret = frames[f + 7]
                if frames[f + 5] >= 0:
                    _store(table, shift, frames[f + 5], ret, d, UPPER, -1,
                           counters[0] - frames[f + 6])
                phase = 1


@njit(inline="always")
def _score(child, primitive, next_move, wins_now, safe_moves, order, key, horizon, ceiling,
           flags, params, search_params, size, max_moves, root, mode, table, shift, frames,
           moves, looks, busy, counters, state, resume, info):
    """``(score, status)`` of one root: exact, or with ``mode == WEAK`` its sign only;
    ``STATUS_PAUSED`` (see :func:`negamax`) with its place in ``state``, from which ``resume``
    goes on."""
    if not resume:
        v = primitive(params, root)
        if v >= 0:
            if v > 2:
                info[0] = root
                return 0, STATUS_PRIMITIVE
            return primitive_score(v, 0), 0
    lo, hi = -1, 1
    span = BIG - 8  # the most moves a line can take (without a horizon: any number)
    if flags & HAS_HORIZON:
        span = horizon(search_params, root)
    step = 2 if flags & ALTERNATING else 1
    wins = (span + 1) // 2 if step == 2 else span
    losses = span // 2 + 1 if step == 2 else span + 1
    if mode != WEAK:
        lo, hi = -losses, wins
    side = 0  # once the windows step: 1 when the last found the score above it, -1 below
    if resume:
        lo, hi, side = state[STATE_LO], state[STATE_HI], state[STATE_SIDE]
    while lo < hi:  # null windows narrow [lo, hi] to the score
        stepping = side != 0 or (lo <= 0 < hi and hi - lo <= STEP_RANKS)
        if side > 0:
            med = lo  # is it above the least it can be?
        elif side < 0:
            med = hi - 1  # is it the most it can be?
        elif stepping:
            med = 0  # is it a win?
        else:  # halve the range, nearer the tie, as Pons's solver does
            med = lo + (hi - lo) // 2
            if med <= 0 and _half(lo) < med:
                med = _half(lo)
            elif med >= 0 and _half(hi) > med:
                med = _half(hi)
        threshold = _score_of(med, step, wins, losses)
        s, status = negamax(child, primitive, next_move, wins_now, safe_moves, order, key,
                            horizon, ceiling, flags, params, search_params, size, max_moves,
                            root, threshold, threshold + 1, table, shift, frames, moves,
                            looks, busy, counters, state, resume, info)
        resume = False
        if status == STATUS_PAUSED:
            state[STATE_LO] = lo
            state[STATE_HI] = hi
            state[STATE_SIDE] = side
            return 0, status
        if status < 0:
            return 0, status
        if s <= threshold:
            hi = _rank_below(s, step, wins, losses)
            side = -1 if stepping else 0
        else:
            lo = _rank_above(s, step, wins, losses)
            side = 1 if stepping else 0
    if mode == WEAK:
        return lo, 0
    return _score_of(lo, step, wins, losses), 0


STEP_RANKS = 20
"""Once the root's null windows have narrowed its score to at most this many ranks around a
tie, the next asks whether it is a win, and each after it asks for one rank more on the side the
last found (the rank just above what it proved, or the one just below): Steininger's solver's
order, which reaches a score near the tie in few windows, after Pons's halving of the range,
which reaches one far from it in few (a short win: a window asking for much more than the
position has is cheap, the search cut off deep in the tree). A rank is a score (see
:func:`_score_of`): on 7x6 Connect Four, 20 ranks are 40 moves. Measured, positions entered
with a 1 GiB table, Pons's halving alone -> these: the 7x6 start 276.6 M -> 203.4 M, 20 of
Steininger's opening_L3 positions 368.3 M -> 347.1 M, 20 of opening_L2 21.1 M -> 25.1 M,
opening_L1 and midgame_L2 the same within 9%; stepping from the first window on (no halving)
took 1.04 M positions for opening_L1's 20 positions against 0.03 M, 8 ranks 250.2 M on the
start, 14 and 17 ranks 207.3 M."""


@njit
def _half(x):
    """``x / 2`` rounded towards 0."""
    return x // 2 if x >= 0 else -((-x) // 2)


# The root's search runs on ranks, each a score a position can have: wins are ranks 1 .. wins
# (the last a win in one move), a tie 0, losses -losses .. -1 (the first a loss at once); rank
# k > 0 is a win in step * (wins - k) + 1 moves, k < 0 a loss in step * (k + losses). With
# step 2 (ALTERNATING) wins take an odd number of moves and losses an even one.
@njit
def _score_of(rank, step, wins, losses):
    if rank > 0:
        return BIG - (step * (wins - rank) + 1)
    if rank < 0:
        return step * (rank + losses) - BIG
    return 0


@njit
def _rank_below(score, step, wins, losses):
    """The largest rank whose score is at most ``score``."""
    if score >= _score_of(1, step, wins, losses):
        return wins + (score - BIG + 1) // step  # wins - ceil((BIG - 1 - score) / step)
    if score >= 0:
        return 0
    if score >= _score_of(-1, step, wins, losses):
        return -1
    return (score + BIG) // step - losses


@njit
def _rank_above(score, step, wins, losses):
    """The smallest rank whose score is at least ``score``."""
    if score <= _score_of(-1, step, wins, losses):
        return -((-(score + BIG)) // step) - losses  # ceil((score + BIG) / step) - losses
    if score <= 0:
        return 0
    if score <= _score_of(1, step, wins, losses):
        return 1
    return wins - (BIG - 1 - score) // step


@njit(inline="always")
def search_batch(child, primitive, next_move, wins_now, safe_moves, order, key, horizon,
                 ceiling, flags, params, search_params, size, max_moves, roots, visits, claims,
                 mode, scores, nodes, ties, table, frames, moves, looks, busy, state, info):
    """Score ``roots[i]`` into ``scores[i]`` (``mode``: exact, or :data:`WEAK`) and the
    positions entered into ``nodes[i]``, and for a tie its remoteness into ``ties[i]`` when the
    game gives a ``horizon`` (else -1), for ``i`` in ``visits`` from the
    ``state[STATE_NEXT]``-th on, twice over. ``claims[i]`` is 0 for a root no thread has
    started, the number of a thread that searches it (``state[STATE_THREAD]``), or -1 once it
    is scored: threads that share a table share ``claims`` and the outputs, each visiting the
    roots in its own order. The first time over, a thread searches the roots no thread has
    started; the second, every root not yet scored, beside the thread that searches it (each
    deferring the moves the other is searching, :data:`DEFER_PLIES`): the first to finish
    scores it, alike, and the other drops it when it next pauses.
    Pause (:data:`~perfectplay.compiled._loops.STATUS_PAUSED`) once ``state[STATE_BUDGET]``
    positions are entered this call, between two roots or inside one (a call with the same
    arguments then goes on where it stopped: the scores and nodes are those of a search without
    pauses). Returns the number of roots on success;
    :data:`~perfectplay.compiled._loops.STATUS_STACK_FULL` (``info[0]`` the deepest position,
    ``frames`` its path) when a line is deeper than ``frames`` holds: that root starts over
    when called again."""
    counters = np.zeros(2, dtype=np.int64)  # the root's positions entered, its pause mark
    shift = state[STATE_SHIFT]
    total = 0
    me = state[STATE_THREAD]
    n = visits.shape[0]
    while state[STATE_NEXT] < 2 * n:
        i = visits[state[STATE_NEXT] % n]
        resume = state[STATE_PAUSED_ROOT] == 1
        state[STATE_PAUSED_ROOT] = 0
        # a root another thread scored meanwhile is dropped; the first time over, one another
        # thread searches is left to it
        if claims[i] == -1 or (not resume and state[STATE_NEXT] < n and claims[i] != 0
                               and claims[i] != me):
            state[STATE_NEXT] += 1
            continue
        if claims[i] == 0:
            claims[i] = me  # two threads may both claim a root: both then score it, alike
        counters[0] = state[STATE_ROOT_NODES] if resume else 0
        before = counters[0]
        counters[1] = before + max(state[STATE_BUDGET] - total, 1)
        s, status = _score(child, primitive, next_move, wins_now, safe_moves, order, key,
                           horizon, ceiling, flags, params, search_params, size, max_moves,
                           roots[i], mode, table, shift, frames, moves, looks, busy, counters,
                           state, resume, info)
        total += counters[0] - before
        if status == STATUS_PAUSED:
            state[STATE_PAUSED_ROOT] = 1
            state[STATE_ROOT_NODES] = counters[0]
            state[STATE_NODES] = total
            return STATUS_PAUSED
        if status < 0:
            return status
        if claims[i] != -1:  # else another thread scored it first: its nodes stand
            scores[i] = s
            nodes[i] = counters[0]
            ties[i] = -1
            if flags & HAS_HORIZON and s == 0 and mode != WEAK:
                ties[i] = horizon(search_params, roots[i])
            claims[i] = -1
        state[STATE_NEXT] += 1
        if total >= state[STATE_BUDGET] and state[STATE_NEXT] < 2 * n:
            state[STATE_NODES] = total
            return STATUS_PAUSED
    state[STATE_NODES] = total
    return roots.shape[0]


@njit(inline="always")
def table_keys(key, flags, search_params, positions, out):
    """The table key of each of ``positions`` into ``out`` (the position itself when the game
    gives no ``key``): what an opening book (:mod:`perfectplay.tiers.book`) is sorted by."""
    for i in range(positions.shape[0]):
        out[i] = key(search_params, positions[i]) if flags & HAS_KEY else positions[i]
    return positions.shape[0]


@njit(inline="always")
def no_position_hook(params, position):
    """Stands in for an absent ``wins_now``, ``safe_moves``, ``key`` or ``horizon`` (``flags``
    keeps it from being called)."""
    return 0


@njit(inline="always")
def no_order(params, position, allowed, moves, start):
    """Stands in for an absent ``order`` (``flags`` keeps it from being called)."""
    return 0
