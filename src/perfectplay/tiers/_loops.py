"""The tier solver's loops, written once for every game with tier hooks.

Like :mod:`perfectplay.compiled._loops`, each loop is ``njit(inline='always')`` and takes the
rules' functions first (``child``, ``primitive``, ``next_move``, then the tier hooks ``tier``,
``rank``, ``unrank``, ``unrank_run``, ``rank_child``, ``image`` and the number of
``symmetries``; :func:`loopy_propagate` also ``parents`` and ``max_parents``);
:mod:`perfectplay.tiers.kernels` calls it
from a cached entry point per game. Indices are a tier's ranks; reachable indices are bits, bit
``i & 7`` of byte ``i >> 3``. The passes over a tier whose moves all leave it visit its reached
indices in increasing order, taking the board of index ``i`` from ``boards``, which hold
those of ``[first, end)``, after a new ``unrank_run`` from ``i`` once ``i`` is past them: for
Connect Four one unranking serves a few dozen indices. (Written out in each loop: a helper
taking arrays, once inlined, would count references to them at every index, in atomic
operations that cost more than most boards need.)

Codes on disk (:mod:`perfectplay.tiers.storage`) are ``0`` for an index not reached, else
``1 + (remoteness << 2 | value)``, ``value`` a :class:`~perfectplay.core.values.ValueCode`. The
loops compare codes in the order of the compiled engine's 2-byte layout
(:data:`~perfectplay.compiled.codes.CODE16_SPAN`: a parent picks its smallest child code) and
translate at the edges (:func:`order_code`, :func:`stored_code`), so they decide exactly as
:func:`perfectplay.compiled.compiled_solve` does.

A game with symmetries stores a class of positions once, at the index of its smallest image
(:func:`canonical`): every child is ranked by its class, and ``weights`` (by stored code) and
``primitives`` count the positions a class holds (:func:`class_size`), so that a tier's counts
are of every position.

A game ranked by the solver (``TierRules`` with only ``tier``) runs the same loops with
:func:`sorted_rank`, :func:`sorted_unrank` and :func:`sorted_unrank_run` as its hooks: its
``params`` is then ``(game params, keys, bounds, directory)``, the sorted lists of the tiers a
step reads and their buckets (:mod:`perfectplay.tiers.keys`), and
:mod:`perfectplay.tiers.kernels` hands the game's own params to its rules.

A child of tier ``c`` is looked up in ``tables[slot_of[c]]`` (raw bytes of tier ``c``'s codes,
``widths[slot_of[c]]`` bytes each) or marked in ``reaches[slot_of[c]]``; ``slot_of[c]`` is -1
for a tier the moves may not reach. Every loop returns a count (>= 0) or a negative status
(the ``STATUS_*`` of :mod:`perfectplay.compiled._loops`), with ``info`` holding
``[position, move, child]``.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from perfectplay.compiled._loops import (
    STATUS_PRIMITIVE,
    STATUS_RANK,
    STATUS_REMOTENESS,
    STATUS_TIER,
    STATUS_TIER_BELOW,
    STATUS_UNREACHED,
    STATUS_WIDTH,
    fail,
    is_set,
    parent_code,
    primitive_code,
    set_bit,
    unsigned,
)
from perfectplay.compiled.atomics import compare_exchange, exchange, fetch_add, fetch_or
from perfectplay.compiled.codes import CODE16_SPAN
from perfectplay.compiled.rules import MAX_SORTED_TIERS, TIER_MEMO, TIER_RUN
from perfectplay.core.values import ValueCode

S = CODE16_SPAN
NO_CHILD = 4 * S  # above every code: no child seen yet


@njit(inline="always")
def order_code(stored):
    """The ordered code (span :data:`S`) of a nonzero stored code."""
    s = np.int64(stored) - 1
    v = s & 3
    r = s >> 2
    if v == ValueCode.LOSE:
        return r
    if v == ValueCode.TIE:
        return S + r
    if v == ValueCode.DRAW:
        return 2 * S
    return 4 * S - 1 - r


@njit(inline="always")
def stored_code(code):
    """The stored code of an ordered code (span :data:`S`)."""
    if code < S:
        return 1 + (code << 2 | ValueCode.LOSE)
    if code < 2 * S:
        return 1 + ((code - S) << 2 | ValueCode.TIE)
    if code == 2 * S:
        return 1 + ValueCode.DRAW
    return 1 + ((4 * S - 1 - code) << 2 | ValueCode.WIN)


@njit(inline="always")
def sorted_rank(params, t, position):
    """The index of ``position`` in tier ``t`` of a game ranked by the solver: its place in
    the tier's sorted list, by binary search within its bucket; -1 when it is not there (or
    the list is not loaded). ``params[1]`` holds the lists one after another, ``params[3]``
    their bucket directories, and ``params[2][t]`` is ``(start, stop, first, directory, count,
    shift, low)``: ``keys[start:stop]`` are the positions of indices ``first, first + 1, ...``;
    bucket ``b < count`` of the positions from ``low + (b << shift)`` on is
    ``keys[d[b]:d[b + 1]]``, ``d`` the directory from ``params[3][directory]`` (-1: none, the
    search covers the list)."""
    keys = params[1]
    bounds = params[2]
    if unsigned(t) >= unsigned(bounds.shape[0]):
        return -1
    start = bounds[t, 0]
    lo = start
    hi = bounds[t, 1]
    d = bounds[t, 3]
    if d >= 0 and lo < hi:
        offset = position - bounds[t, 6]
        if offset < 0:
            return -1
        b = offset >> bounds[t, 5]
        if b >= bounds[t, 4]:
            return -1
        lo = params[3][d + b]
        hi = params[3][d + b + 1]
    stop = hi
    while lo < hi:
        mid = (lo + hi) >> 1
        if keys[mid] < position:
            lo = mid + 1
        else:
            hi = mid
    if lo < stop and keys[lo] == position:
        return bounds[t, 2] + lo - start
    return -1


@njit(inline="always")
def sorted_unrank(params, t, index):
    """The position of ``index`` in tier ``t`` of a game ranked by the solver (see
    :func:`sorted_rank`); -1 outside the loaded part of the list."""
    bounds = params[2]
    if unsigned(t) >= unsigned(bounds.shape[0]):
        return -1
    j = bounds[t, 0] + index - bounds[t, 2]
    if j < bounds[t, 0] or j >= bounds[t, 1]:
        return -1
    return params[1][j]


@njit(inline="always")
def sorted_unrank_run(params, t, index, boards, memo):
    """``unrank_run`` over a sorted list: the positions of ``index`` on, copied."""
    bounds = params[2]
    j = bounds[t, 0] + index - bounds[t, 2]
    n = min(boards.shape[0], bounds[t, 1] - j)
    keys = params[1]
    for k in range(n):
        boards[k] = keys[j + k]
    return n


@njit(inline="always")
def _lookup(tables, widths, slot, index):
    """The stored code of ``index`` in the tier of ``slot``."""
    table = tables[slot]
    if widths[slot] == 1:
        return np.int64(table[unsigned(index)])
    return np.int64(table[unsigned(2 * index)]) | (np.int64(table[unsigned(2 * index + 1)]) << 8)


@njit(inline="always")
def canonical(image, symmetries, params, p):
    """The position standing for ``p``'s class: the smallest of its images (``p`` itself when
    the game declares no symmetry)."""
    best = p
    for k in range(1, symmetries):
        q = image(params, p, k)
        if q < best:
            best = q
    return best


@njit(inline="always")
def class_size(image, symmetries, params, p):
    """How many positions ``p``'s class holds: its distinct images."""
    n = 1
    for k in range(1, symmetries):
        q = image(params, p, k)
        new = q != p
        for j in range(1, k):
            if image(params, p, j) == q:
                new = False
        if new:
            n += 1
    return n


@njit(inline="always")
def set_bit_shared(bits, p):
    """Set bit ``p`` of a bit set that other threads set bits of too (an atomic OR; as
    :func:`~perfectplay.compiled._loops.set_bit` otherwise)."""
    fetch_or(bits, unsigned(p >> 3), np.uint8(1 << (p & 7)))


@njit(inline="always")
def _place(tier, rank, image, symmetries, params, slot_of, sizes, p, m, c, info):
    """``(tier, index, status)`` of a child of a loopy tier (its class's): status 0, or why it
    is out of the protocol."""
    ct = tier(params, c)
    if unsigned(ct) >= unsigned(sizes.shape[0]) or slot_of[unsigned(ct)] < 0:
        return ct, 0, fail(info, STATUS_TIER, p, m, c)
    ci = rank(params, ct, canonical(image, symmetries, params, c))
    if unsigned(ci) >= unsigned(sizes[ct]):
        return ct, ci, fail(info, STATUS_RANK, p, m, c)
    return ct, ci, 0


@njit(inline="always")
def _mark(child, primitive, next_move, tier, rank, image, symmetries, params, t, max_moves, p,
          reaches, slot_of, sizes, info):
    """Mark the children of position ``p`` of a loopy tier ``t`` (atomically: other threads
    mark bits of the same bytes); return 0 or a status."""
    if primitive(params, p) >= 0:
        return 0
    moves = unsigned(max_moves)
    m = next_move(params, p, -1)
    while unsigned(m) < moves:
        move = m
        c = child(params, p, move)
        m = next_move(params, p, move)
        if c < 0:
            continue
        ct, ci, status = _place(tier, rank, image, symmetries, params, slot_of, sizes, p, move,
                                c, info)
        if status < 0:
            return status
        bits = reaches[slot_of[ct]]
        if not is_set(bits, ci):
            set_bit_shared(bits, ci)
    return 0


@njit(inline="always")
def _child_tier(tier, params, slot_of, sizes, p, m, c, info):
    """The tier of a child of a tier whose moves all leave it, or a negative status when it is
    not among the tiers its moves may reach (``slot_of``): asked of ``tier`` even when one tier
    is declared, since hooks that declare one child tier and reach others would otherwise be
    solved silently wrong."""
    ct = tier(params, c)
    if unsigned(ct) >= unsigned(sizes.shape[0]) or slot_of[unsigned(ct)] < 0:
        return fail(info, STATUS_TIER, p, m, c)
    return ct


def scratch_size(max_moves: int, max_parents: int) -> int:
    """Entries of the ``scratch`` every pass over a tier takes (:func:`forward`,
    :func:`backward` and the loopy loops), for rules of ``max_moves`` moves and ``max_parents``
    un-moves at most.

    >>> scratch_size(12, 40) >= TIER_MEMO + TIER_RUN
    True
    """
    return max(TIER_MEMO + TIER_RUN, 2 * max(max_moves, max_parents, 1))


@njit(inline="always")
def _rank_class(rank, rank_child, image, symmetries, params, ct, c, move, i, memo):
    """The index of the class of ``c``, a child of the board of index ``i`` by ``move``: by
    ``rank_child`` when ``c`` stands for its class, else by ``rank``."""
    cc = canonical(image, symmetries, params, c)
    if cc == c:
        return rank_child(params, ct, c, move, i, memo)
    return rank(params, ct, cc)


@njit(inline="always")
def forward(child, primitive, next_move, tier, rank, unrank, unrank_run, rank_child, image,
            symmetries, params, t, max_moves, lo, hi, reach, reaches, slot_of, sizes, only, queue,
            scratch, info):
    """Mark the children of every reached index of tier ``t`` in ``[lo, hi)`` (a tier whose
    moves all leave it: ``slot_of[t]`` is -1, and ``reach`` its bits); return how many indices
    there were reached. ``scratch`` (int64, :func:`scratch_size` entries) holds the ``memo``
    and the run of boards of ``unrank_run``: nothing is allocated here (the loop compiles
    without reference counts)."""
    count = 0
    moves = unsigned(max_moves)
    target = reaches[slot_of[only] if only >= 0 else 0]
    memo = scratch[:TIER_MEMO]
    memo[:] = 0
    boards = scratch[TIER_MEMO:TIER_MEMO + TIER_RUN]
    first = end = 0
    i = lo
    while i < hi:
        if not reach[i >> 3]:  # eight indices not reached: most bytes of a sparse tier
            i = (i | 7) + 1
            continue
        if not is_set(reach, i):
            i += 1
            continue
        count += 1
        if i >= end:
            first = i
            end = i + unrank_run(params, t, i, boards, memo)
        p = boards[i - first]
        if primitive(params, p) >= 0:
            i += 1
            continue
        m = next_move(params, p, -1)
        while unsigned(m) < moves:
            move = m
            c = child(params, p, move)
            m = next_move(params, p, move)
            if c < 0:
                continue
            ct = _child_tier(tier, params, slot_of, sizes, p, move, c, info)
            if ct < 0:
                return ct
            ci = _rank_class(rank, rank_child, image, symmetries, params, ct, c, move, i, memo)
            if unsigned(ci) >= unsigned(sizes[ct]):
                return fail(info, STATUS_RANK, p, move, c)
            # set whether or not it was: no branch on the data (and no array variable set in
            # the loop: each would take a reference, an atomic add, per child)
            if only >= 0:
                set_bit(target, ci)
            else:
                set_bit(reaches[slot_of[ct]], ci)
        i += 1
    return count


@njit(inline="always")
def forward_loopy(child, primitive, next_move, tier, rank, unrank, unrank_run, rank_child,
                  image, symmetries, params, t, max_moves, lo, hi, reaches, slot_of, sizes, done,
                  info):
    """One sweep of the bytes ``[lo, hi)`` of a loopy tier ``t``'s reached bits: the children
    of each reached index not yet expanded (``done``, bits like the tier's) are marked, in
    ``t`` and in the other tiers; return how many indices it expanded. Sweeps are repeated
    until one expands nothing: then every index reached from the reached indices is, with the
    children of all of them. Threads sweep ranges of bytes side by side (each writes the
    ``done`` of its own, and marks bits atomically). Two bits an index, where a queue would
    take 8 bytes."""
    reach = reaches[slot_of[t]]
    count = 0
    for j in range(lo, hi):
        fresh = reach[j] & ~done[j]
        if fresh == 0:
            continue
        # children marked in this byte meanwhile are seen by the next sweep
        done[j] |= fresh
        for b in range(8):
            if (fresh >> b) & 1:
                count += 1
                status = _mark(child, primitive, next_move, tier, rank, image, symmetries,
                               params, t, max_moves, unrank(params, t, 8 * j + b), reaches,
                               slot_of, sizes, info)
                if status < 0:
                    return status
    return count


@njit(inline="always")
def backward(child, primitive, next_move, tier, rank, unrank, unrank_run, rank_child, image,
             symmetries, params, t, max_moves, lo, reach, out, tables, widths, slot_of, sizes,
             only, primitives, weights, counts, scratch, info):
    """Stored codes of the indices ``[lo, lo + len(out))`` of a tier whose moves all leave it,
    from the solved tiers its moves reach, each counted by stored code into ``counts`` (and its
    class's positions into ``weights``); return how many were reached. ``scratch``: as
    :func:`forward` takes it."""
    moves = unsigned(max_moves)
    limit = np.int64(np.iinfo(out.dtype).max)
    slot = slot_of[only] if only >= 0 else 0
    table = tables[slot]  # the one tier below, when there is one
    narrow = widths[slot] == 1
    memo = scratch[:TIER_MEMO]
    memo[:] = 0
    boards = scratch[TIER_MEMO:TIER_MEMO + TIER_RUN]
    first = end = 0
    out[:] = 0
    count = 0
    k = 0
    while k < out.shape[0]:
        i = lo + k
        if not reach[i >> 3]:  # eight indices not reached
            k = (i | 7) + 1 - lo
            continue
        if not is_set(reach, i):
            k += 1
            continue
        count += 1
        if i >= end:
            first = i
            end = i + unrank_run(params, t, i, boards, memo)
        p = boards[i - first]
        w = class_size(image, symmetries, params, p)
        v = primitive(params, p)
        if v >= 0:
            code = primitive_code(v, S)
            if code < 0:
                return fail(info, STATUS_PRIMITIVE, p, -1, -1)
            primitives[v] += w
        else:
            best = NO_CHILD
            m = next_move(params, p, -1)
            while unsigned(m) < moves:
                move = m
                c = child(params, p, move)
                m = next_move(params, p, move)
                if c < 0:
                    continue
                ct = _child_tier(tier, params, slot_of, sizes, p, move, c, info)
                if ct < 0:
                    return ct
                ci = _rank_class(rank, rank_child, image, symmetries, params, ct, c, move, i,
                                 memo)
                if unsigned(ci) >= unsigned(sizes[ct]):
                    return fail(info, STATUS_RANK, p, move, c)
                if only < 0:
                    s = _lookup(tables, widths, slot_of[ct], ci)
                elif narrow:
                    s = np.int64(table[unsigned(ci)])
                else:
                    s = (np.int64(table[unsigned(2 * ci)])
                         | (np.int64(table[unsigned(2 * ci + 1)]) << 8))
                if s == 0:
                    return fail(info, STATUS_UNREACHED, p, move, c)
                cc = order_code(s)
                if cc < best:
                    best = cc
            if best == NO_CHILD:  # no legal move: a loss, counted as primitive
                primitives[0] += w
            code = parent_code(best, S)
            if code < 0:
                return fail(info, STATUS_REMOTENESS, p, -1, -1)
        stored = stored_code(code)
        if stored > limit:
            return fail(info, STATUS_WIDTH, p, -1, -1)
        out[k] = stored
        weights[stored] += w
        counts[stored] += 1
        k += 1
    return count


@njit(inline="always")
def _distinct(buf, m):
    """Sort ``buf[:m]`` (a few dozen at most: by insertion) and keep each value once at the
    front; return how many are kept."""
    for a in range(1, m):
        x = buf[a]
        b = a - 1
        while b >= 0 and buf[b] > x:
            buf[b + 1] = buf[b]
            b -= 1
        buf[b + 1] = x
    kept = 0
    for a in range(m):
        if kept == 0 or buf[a] != buf[kept - 1]:
            buf[kept] = buf[a]
            kept += 1
    return kept


@njit(inline="always")
def _children_of(child, next_move, tier, rank, image, symmetries, params, t, max_moves, p,
                 tables, widths, slot_of, sizes, buf, info):
    """The children of position ``p`` of a loopy tier ``t`` (not primitive): their classes in
    ``t``, each once, sorted into ``buf``; return ``(how many, moves, the smallest ordered code
    of a child in another tier (NO_CHILD: none), a status)``."""
    moves = unsigned(max_moves)
    best = NO_CHILD
    found = 0
    kids = 0
    m = next_move(params, p, -1)
    while unsigned(m) < moves:
        move = m
        c = child(params, p, move)
        m = next_move(params, p, move)
        if c < 0:
            continue
        kids += 1
        ct, ci, status = _place(tier, rank, image, symmetries, params, slot_of, sizes, p, move,
                                c, info)
        if status < 0:
            return 0, 0, best, status
        if ct == t:
            buf[found] = ci
            found += 1
            continue
        s = _lookup(tables, widths, slot_of[ct], ci)
        if s == 0:
            return 0, 0, best, fail(info, STATUS_UNREACHED, p, move, c)
        best = min(best, order_code(s))
    return _distinct(buf, found), kids, best, 0


@njit(inline="always")
def loopy_count(child, primitive, next_move, tier, rank, unrank, unrank_run, rank_child,
                image, symmetries, params, t, max_moves, lo, hi, reach, code, unresolved, first,
                tables, widths, slot_of, sizes, primitives, scratch, info):
    """The first step of retrograde analysis within a loopy tier (see :func:`loopy_propagate`),
    over the indices ``[lo, hi)``; return the number of pairs (position, class of a child
    inside the tier) among them. Threads count ranges of one tier side by side.

    For each reached index ``i``: ``code[i]`` the stored code its children in other tiers give
    it (a loss at remoteness 0 when there are none: it waits for those in the tier), or its
    primitive code; ``unresolved[i]`` the classes of its children in the tier, and one more when
    a child in another tier does not win (it cannot lose: the count never reaches 0). The index
    is decided when ``unresolved[i]`` is 0. ``first`` (empty, or int64 of ``len(code) + 1``
    entries for stored parents) gets at ``j + 1`` the number of parents of ``j`` (added
    atomically: another thread may count a parent of ``j`` too). ``scratch`` (int64,
    :func:`scratch_size` entries) holds a position's children: nothing is allocated here (the
    loopy loops compile without reference counts, as :func:`forward` does).
    """
    limit = np.int64(np.iinfo(unresolved.dtype).max)
    edges = 0
    buf = scratch
    for i in range(lo, hi):
        if not is_set(reach, i):
            continue
        p = unrank(params, t, i)
        v = primitive(params, p)
        if v >= 0:
            c0 = primitive_code(v, S)
            if c0 < 0:
                return fail(info, STATUS_PRIMITIVE, p, -1, -1)
            code[i] = stored_code(c0)
            primitives[v] += class_size(image, symmetries, params, p)
            continue
        found, kids, best, status = _children_of(child, next_move, tier, rank, image,
                                                 symmetries, params, t, max_moves, p, tables,
                                                 widths, slot_of, sizes, buf, info)
        if status < 0:
            return status
        if kids == 0:  # no legal move: a loss, counted as primitive
            primitives[0] += class_size(image, symmetries, params, p)
        c0 = parent_code(best, S)
        if c0 < 0:
            return fail(info, STATUS_REMOTENESS, p, -1, -1)
        code[i] = stored_code(c0)
        count = found + (1 if best < 3 * S else 0)
        if count > limit:
            return fail(info, STATUS_WIDTH, p, -1, -1)
        unresolved[i] = count
        edges += found
        if first.shape[0] > 0:
            for k in range(found):
                fetch_add(first, buf[k] + 1, 1)
    return edges


@njit(inline="always")
def loopy_edges(child, primitive, next_move, tier, rank, unrank, unrank_run, rank_child,
                image, symmetries, params, t, max_moves, lo, hi, reach, first, parent, tables,
                widths, slot_of, sizes, scratch, info):
    """Store the parents of each index of a loopy tier after :func:`loopy_count`, for the
    children of the indices ``[lo, hi)`` (a game without ``TierRules.parents``); return 0.
    ``first[j]`` is where the next parent of ``j`` goes, taken atomically (threads fill ranges
    side by side, so a list's order varies, never its members): the caller sums the counts
    into starts before and shifts them back after. ``scratch``: as :func:`loopy_count` takes
    it."""
    buf = scratch
    for i in range(lo, hi):
        if not is_set(reach, i):
            continue
        p = unrank(params, t, i)
        if primitive(params, p) >= 0:
            continue
        found, _, _, status = _children_of(child, next_move, tier, rank, image, symmetries,
                                           params, t, max_moves, p, tables, widths, slot_of,
                                           sizes, buf, info)
        if status < 0:
            return status
        for k in range(found):
            parent[fetch_add(first, buf[k], 1)] = i
    return 0


@njit(inline="always")
def _parents_of(tier, rank, unrank, image, symmetries, parents, params, t, i, first, parent,
                moved, buf, info):
    """The classes of the parents of index ``i`` of a loopy tier ``t`` in that tier, each
    once: ``(array, lo, hi)``, they being ``array[lo:hi]``, or a status as ``hi``. From
    ``parent`` when the parents are stored (``first`` not empty), else by the un-moves of
    ``parents``, sorted into ``buf``."""
    if first.shape[0] > 0:
        return parent, first[i], first[i + 1]
    p = unrank(params, t, i)
    found = 0
    for k in range(parents(params, p, moved)):
        q = moved[k]
        if tier(params, q) != t:  # a parent in a tier solved later
            continue
        j = rank(params, t, canonical(image, symmetries, params, q))
        buf[found] = j
        found += 1
    return buf, 0, _distinct(buf, found)


@njit(inline="always")
def _decides(code, stage, r, i):
    """Whether the stored code of ``i`` is one that ``stage`` of the analysis decides (0:
    wins and losses, 1: ties; see :func:`loopy_propagate`), at remoteness ``r`` (any when ``r``
    is negative)."""
    c = np.int64(code[i])
    v = (c - 1) & 3
    if c == 0 or (r >= 0 and (c - 1) >> 2 != r):
        return False
    return v == ValueCode.TIE if stage else v != ValueCode.TIE and v != ValueCode.DRAW


@njit(inline="always")
def loopy_levels(child, primitive, next_move, tier, rank, unrank, unrank_run, rank_child,
                 image, symmetries, params, stage, code, levels, info):
    """Count into ``levels`` (int64, :data:`S` entries) the codes that ``stage`` of the
    analysis decides, by remoteness (:func:`loopy_propagate`); return 0."""
    for i in range(code.shape[0]):
        if _decides(code, stage, -1, i):
            levels[(np.int64(code[i]) - 1) >> 2] += 1
    return 0


@njit(inline="always")
def loopy_frontier(child, primitive, next_move, tier, rank, unrank, unrank_run, rank_child,
                   image, symmetries, params, stage, r, lo, hi, code, unresolved, frontier,
                   info):
    """The indices of ``[lo, hi)`` decided at remoteness ``r`` in ``stage`` of the analysis
    (:func:`loopy_propagate`), into ``frontier``; return how many. A win or tie that waited in
    ``code`` for this remoteness is decided now (``unresolved`` 0)."""
    found = 0
    for i in range(lo, hi):
        if not _decides(code, stage, r, i):
            continue
        if (np.int64(code[i]) - 1) & 3 != ValueCode.LOSE:
            unresolved[i] = 0
        elif unresolved[i] != 0:
            continue
        frontier[found] = i
        found += 1
    return found


@njit(inline="always")
def loopy_propagate(child, primitive, next_move, tier, rank, unrank, unrank_run, rank_child,
                    image, symmetries, parents, max_parents, params, t, stage, r, frontier,
                    count, code, unresolved, first, parent, levels, scratch, info):
    """One step of retrograde analysis within a loopy tier, after :func:`loopy_count`: the
    parents of ``frontier[:count]``, positions decided at remoteness ``r``, learn from them;
    each parent decided is counted in ``levels`` at its remoteness. Return 0.

    Positions are decided in increasing remoteness, a sweep over ``code`` for each remoteness
    that ``levels`` (:func:`loopy_levels`) counts codes at, taking a frontier
    (:func:`loopy_frontier`) and propagating it: wins and losses first (stage 0), then ties
    (stage 1: the shortest tie among positions that neither win nor lose), and the rest are
    draws (:func:`loopy_finish`). A decided loss makes each undecided parent a win one move
    later; a decided win takes one from each undecided parent's ``unresolved``, which decides it
    a loss when it reaches 0, one move after the slowest child (its code held the slowest child
    in another tier). A parent is found by the stored ``parent`` (see :func:`loopy_edges`), or
    by the un-moves of ``parents`` (``first`` empty): then only the codes and counts take
    memory, 3 bytes an index. A win or a tie that a child in another tier offers waits in
    ``code`` for its remoteness, unless one inside the tier comes sooner. ``scratch``: as
    :func:`loopy_count` takes it (here it holds a position's un-moves and the classes they
    reach).

    Threads propagate parts of one frontier side by side, between frontiers taken whole: a
    parent is decided by the thread that clears its ``unresolved`` (an atomic exchange, or the
    decrement that reaches 0), and only that thread writes its code, so the codes are those of
    one thread.
    """
    if r >= S - 2:  # a remoteness the codes cannot hold
        return fail(info, STATUS_REMOTENESS, -1, -1, -1)
    n = code.shape[0]
    moved = scratch[:max_parents]
    buf = scratch[max_parents:]
    lose = 1 + (r << 2 | ValueCode.LOSE)
    better = 1 + ((r + 1) << 2 | (ValueCode.TIE if stage else ValueCode.WIN))
    for f in range(count):
        i = frontier[f]
        loses = stage == 1 or np.int64(code[i]) == lose  # its parents win (or tie) by it
        found, lo, hi = _parents_of(tier, rank, unrank, image, symmetries, parents, params, t,
                                    i, first, parent, moved, buf, info)
        for k in range(lo, hi):
            j = found[k]
            if unsigned(j) >= unsigned(n):
                return fail(info, STATUS_RANK, unrank(params, t, i), -1, -1)
            if unresolved[j] == 0:  # decided, or not reached
                continue
            if loses:
                waiting = np.int64(code[j])
                if (waiting - 1) & 3 == (better - 1) & 3 and waiting <= better:
                    continue  # a child in another tier offers it as soon: it waits
                if exchange(unresolved, j, 0) != 0:
                    code[j] = better
                    levels[r + 1] += 1
                continue
            left = unresolved[j]
            while left != 0:  # one child fewer, unless another thread decided j meanwhile
                seen = compare_exchange(unresolved, j, left, left - 1)
                if seen != left:
                    left = seen
                    continue
                if left == 1:  # every child wins: a loss
                    slowest = max(r + 1, (np.int64(code[j]) - 1) >> 2)
                    code[j] = 1 + (slowest << 2 | ValueCode.LOSE)
                    levels[slowest] += 1
                break
    return 0


@njit(inline="always")
def loopy_finish(child, primitive, next_move, tier, rank, unrank, unrank_run, rank_child,
                 image, symmetries, params, t, lo, hi, code, unresolved, weights, counts, info):
    """The end of a loopy tier's analysis (:func:`loopy_propagate`) over the indices ``[lo,
    hi)``: what is still undecided is a draw; count the indices by stored code into ``counts``
    and their classes' positions into ``weights``; return the largest remoteness."""
    deepest = 0
    for i in range(lo, hi):
        c = np.int64(code[i])
        if c == 0:
            continue
        if unresolved[i] != 0:
            c = 1 + ValueCode.DRAW
            code[i] = c
        weights[c] += class_size(image, symmetries, params, unrank(params, t, i)) \
            if symmetries > 1 else 1
        counts[c] += 1
        deepest = max(deepest, (c - 1) >> 2)
    return deepest


@njit(inline="always")
def locate(child, primitive, next_move, tier, rank, unrank, unrank_run, rank_child, image,
           symmetries, params, position, out):
    """``out[0]``: the tier of a position, ``out[1]``: the index of its class there (a tier out
    of range leaves ``out[1]`` at -1), ``out[3]``: the position standing for its class
    (``out[2]``: the number of tiers)."""
    t = tier(params, position)
    out[0] = t
    out[3] = canonical(image, symmetries, params, position)
    out[1] = rank(params, t, out[3]) if 0 <= t < out[2] else -1
    return 0


@njit(inline="always")
def members(child, primitive, next_move, tier, rank, unrank, unrank_run, rank_child, image,
            symmetries, params, t, indices, out):
    """The positions of the classes of ``indices`` of tier ``t``: ``out[k, j]`` the ``j``-th
    distinct image of the class of ``indices[k]`` (its own position first), -1 past the last."""
    for k in range(indices.shape[0]):
        p = unrank(params, t, indices[k])
        out[k, 0] = p
        n = 1
        for j in range(1, symmetries):
            q = image(params, p, j)
            new = True
            for e in range(n):
                if out[k, e] == q:
                    new = False
            if new:
                out[k, n] = q
                n += 1
        for e in range(n, symmetries):
            out[k, e] = -1
    return 0


@njit(inline="always")
def unrank_many(child, primitive, next_move, tier, rank, unrank, unrank_run, rank_child,
                image, symmetries, params, t, indices, out):
    """The positions of ``indices`` of tier ``t``, into ``out``."""
    for k in range(indices.shape[0]):
        out[k] = unrank(params, t, indices[k])
    return 0


@njit(inline="always")
def sample_moves(child, primitive, next_move, tier, rank, unrank, unrank_run, rank_child,
                 image, symmetries, params, t, max_moves, indices, sizes, out, info):
    """The work of a pass over ``indices`` of tier ``t``, for the time estimate of a solve:
    each index's position, and each child's tier and index (of its class) in a tier of
    ``sizes``; ``out[0]`` gets a sum of them (so that none of the work is left out). Returns
    how many children there were."""
    moves = unsigned(max_moves)
    n = 0
    total = 0
    for k in range(indices.shape[0]):
        p = unrank(params, t, indices[k])
        if primitive(params, p) >= 0:
            continue
        m = next_move(params, p, -1)
        while unsigned(m) < moves:
            c = child(params, p, m)
            m = next_move(params, p, m)
            if c < 0:
                continue
            ct = tier(params, c)
            if 0 <= ct < sizes.shape[0] and sizes[ct] > 0:
                total += rank(params, ct, canonical(image, symmetries, params, c))
            n += 1
    out[0] = total
    return n


@njit(inline="always")
def expand(child, primitive, next_move, tier, rank, unrank, unrank_run, rank_child, image,
           symmetries, params, t, max_moves, positions, kids, kid_tiers, info):
    """The forward pass of a game ranked by the solver: for each position of ``positions``
    (of tier ``t``, not primitive), the position standing for each child's class into
    ``kids`` and its tier into ``kid_tiers`` (``len(positions) * max_moves`` entries each);
    return how many. A child in a smaller tier than ``t`` (or beyond
    :data:`~perfectplay.compiled.rules.MAX_SORTED_TIERS`) is ``STATUS_TIER_BELOW``."""
    moves = unsigned(max_moves)
    n = 0
    for k in range(positions.shape[0]):
        p = positions[k]
        if primitive(params, p) >= 0:
            continue
        m = next_move(params, p, -1)
        while unsigned(m) < moves:
            move = m
            c = child(params, p, move)
            m = next_move(params, p, move)
            if c < 0:
                continue
            ct = tier(params, c)
            if ct < t or ct >= MAX_SORTED_TIERS:
                return fail(info, STATUS_TIER_BELOW, p, move, c)
            kids[n] = canonical(image, symmetries, params, c)
            kid_tiers[n] = ct
            n += 1
    return n
