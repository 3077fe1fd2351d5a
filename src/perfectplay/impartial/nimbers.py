"""Nim arithmetic: the minimal excludant, nim-addition and nim-multiplication of nimbers."""

from __future__ import annotations

from collections.abc import Iterable

__all__ = ["mex", "nim_product", "nim_sum"]


def mex(values: Iterable[int]) -> int:
    """The minimal excludant: the smallest non-negative integer not among ``values``.

    Examples
    --------
    >>> mex([0, 1, 3]), mex([]), mex([1, 2])
    (2, 0, 0)

    References
    ----------
    .. [1] E. R. Berlekamp, J. H. Conway, R. K. Guy, *Winning Ways for your Mathematical Plays*,
       2nd ed., vol. 1, ch. 3 (the mex rule).
    """
    seen = set(values)
    m = 0
    while m in seen:
        m += 1
    return m


def nim_sum(*values: int) -> int:
    """Nim-addition: the bitwise exclusive or of the values (0 for none).

    The Grundy value of a sum of games is the nim-sum of the values of its parts [1]_.

    Examples
    --------
    >>> nim_sum(3, 5), nim_sum(1, 2, 3), nim_sum()
    (6, 0, 0)

    References
    ----------
    .. [1] R. P. Sprague (1935), P. M. Grundy (1939); *Winning Ways*, vol. 1, ch. 3.
    """
    total = 0
    for v in values:
        total ^= v
    return total


def nim_product(a: int, b: int) -> int:
    """Nim-multiplication: the product that makes the nimbers a field of characteristic 2.

    Computed with Fermat 2-powers ``F = 2**(2**k)``: writing ``a = a1 F + a0`` and
    ``b = b1 F + b0`` (``a0, a1, b0, b1 < F``), and using ``F * F = F + F/2`` in nim arithmetic,
    three products of half the width suffice (Karatsuba).

    Raises
    ------
    ValueError
        For a negative argument.

    Examples
    --------
    >>> nim_product(2, 2), nim_product(2, 3), nim_product(4, 4), nim_product(16, 16)
    (3, 1, 6, 24)

    References
    ----------
    .. [1] J. H. Conway, *On Numbers and Games*, ch. 6 (the field On2).
    .. [2] OEIS A051775, nim-product table, https://oeis.org/A051775
    """
    if a < 0 or b < 0:
        raise ValueError(f"nimbers are non-negative, got {a} and {b}")
    if a < 2 or b < 2:
        return a * b
    width = 1  # F = 2**width, the largest Fermat 2-power <= max(a, b)
    while 1 << (2 * width) <= max(a, b):
        width *= 2
    low = (1 << width) - 1
    a1, a0, b1, b0 = a >> width, a & low, b >> width, b & low
    high = nim_product(a1, b1)
    low_part = nim_product(a0, b0)
    middle = nim_product(a1 ^ a0, b1 ^ b0) ^ low_part
    return (middle << width) ^ low_part ^ nim_product(high, 1 << (width - 1))
