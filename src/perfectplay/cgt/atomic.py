"""Atomic weight of all-small games: how many ups a game is worth, to first order.

Every all-small game ``G`` lies within "a few stars" of ``aw(G).^``; the atomic weight calculus
computes ``aw(G)`` from the options [1]_ [2]_: let ``G'' = {aw(G^L) - 2 | aw(G^R) + 2}``. Then
``aw(G) = G''`` unless ``G''`` is an integer; in that case, when ``G`` is below the remote star
``*N`` (a nimber larger than any in ``G``) the weight is the least integer that is not ``<=``
any ``aw(G^L) - 2``, when above it the greatest integer not ``>=`` any ``aw(G^R) + 2``, and
``G''`` otherwise.

References
----------
.. [1] E. R. Berlekamp, J. H. Conway, R. K. Guy, *Winning Ways*, 2nd ed., vol. 1, ch. 8
   (atomic weight); J. H. Conway, *On Numbers and Games*, ch. 16.
.. [2] A. N. Siegel, *Combinatorial Game Theory*, AMS 2013, section II.7 (Theorem II.7.21,
   the atomic weight calculus).
"""

from __future__ import annotations

import math

from perfectplay.cgt.form import CanonicalForm

__all__ = ["atomic_weight", "remote_star"]

_WEIGHTS: dict[CanonicalForm, CanonicalForm] = {}
_REMOTE: dict[CanonicalForm, int] = {}


def remote_star(g: CanonicalForm) -> int:
    """``N`` for a remote star ``*N`` of ``g``: one more than the largest nimber among its
    followers (at least 1).

    >>> remote_star(CanonicalForm.parse('^*6')), remote_star(CanonicalForm.parse('^'))
    (8, 2)
    """
    found = _REMOTE.get(g)
    if found is None:
        if g.is_nimber:
            parts = g.uptimal_parts
            assert parts is not None
            found = parts[2] + 1
        else:
            found = max((remote_star(h) for h in (*g.left_options, *g.right_options)),
                        default=1)
            found = max(found, 1)
        _REMOTE[g] = found
    return found


def atomic_weight(g: CanonicalForm) -> CanonicalForm:
    """The atomic weight of the all-small game ``g``.

    Raises
    ------
    ValueError
        If ``g`` is not all-small.

    Examples
    --------
    >>> [str(atomic_weight(CanonicalForm.parse(s))) for s in ('^', '*', 'vv*', '^*6', '0')]
    ['1', '0', '-2', '1', '0']
    >>> str(atomic_weight(CanonicalForm.parse('{^^^|vv}')))
    '{1|0}'
    >>> atomic_weight(CanonicalForm.parse('{1|-1}'))
    Traceback (most recent call last):
    ...
    ValueError: +-1 is not all-small, so it has no atomic weight here
    """
    if not g.is_all_small:
        raise ValueError(f"{g} is not all-small, so it has no atomic weight here")
    return _weight(g)


def _weight(g: CanonicalForm) -> CanonicalForm:
    found = _WEIGHTS.get(g)
    if found is not None:
        return found
    parts = g.uptimal_parts
    if parts is not None:
        found = CanonicalForm.integer(parts[1])
    else:
        two = CanonicalForm.integer(2)
        lefts = [_weight(h) - two for h in g.left_options]
        rights = [_weight(h) + two for h in g.right_options]
        found = CanonicalForm.from_options(lefts, rights)
        if found.is_integer:
            star = CanonicalForm.nimber(remote_star(g))
            below, above = g <= star, star <= g
            if below and not above:
                found = CanonicalForm.integer(max(_least_integer_not_below(h) for h in lefts))
            elif above and not below:
                found = CanonicalForm.integer(min(_greatest_integer_not_above(h) for h in rights))
    _WEIGHTS[g] = found
    return found


def _least_integer_not_below(h: CanonicalForm) -> int:
    """The least integer ``n`` with ``not n <= h``: a little above ``h``'s right stop."""
    n = math.ceil(h.right_stop)
    return n + 1 if CanonicalForm.integer(n) <= h else n


def _greatest_integer_not_above(h: CanonicalForm) -> int:
    """The greatest integer ``n`` with ``not h <= n``."""
    n = math.floor(h.left_stop)
    return n - 1 if h <= CanonicalForm.integer(n) else n
