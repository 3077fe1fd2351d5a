"""Reading contest judges' inputs: whitespace-separated integers, errors that say where."""

from __future__ import annotations

__all__ = ["read_counted_integers"]


def read_counted_integers(text: str, *, what: str, least: int) -> list[int]:
    """The N integers after a count N (at least ``least``), as ``N  v_1 ... v_N``.

    ``what`` names the values in error messages.

    >>> read_counted_integers("3\\n1 3 2\\n", what="values", least=1)
    [1, 3, 2]
    >>> read_counted_integers("2\\n1\\n", what="values", least=1)
    Traceback (most recent call last):
    ...
    ValueError: expected 2 values, got 1 (line 2)

    Raises
    ------
    ValueError
        For empty input, a token that is not an integer, a count below ``least`` or a wrong
        number of values.
    """
    tokens = text.split()
    if not tokens:
        raise ValueError(f"empty input (expected N then N {what})")
    numbers = []
    for position, token in enumerate(tokens, start=1):
        try:
            numbers.append(int(token))
        except ValueError:
            raise ValueError(f"expected an integer, got {token!r} (token {position})") from None
    n, values = numbers[0], numbers[1:]
    if n < least:
        raise ValueError(f"N must be at least {least}, got {n} (line 1)")
    if len(values) != n:
        raise ValueError(f"expected {n} {what}, got {len(values)} (line 2)")
    return values
