"""Sets of integer positions as bit arrays: bit ``i & 7`` of uint8 byte ``i >> 3`` is ``i``.

The compiled kernels fill such arrays for the reachable positions (one bit a position); these
helpers read them from Python. numpy is imported inside the functions, as everywhere in
``perfectplay.solve``.
"""

from __future__ import annotations

from typing import Any

__all__ = ["count_members", "has_member", "members"]


def has_member(bits: Any, i: int) -> bool:
    """Whether ``i`` is in the set.

    >>> import numpy as np
    >>> has_member(np.array([0b101], dtype=np.uint8), 2), has_member(np.array([5], np.uint8), 1)
    (True, False)
    """
    return bool((int(bits[i >> 3]) >> (i & 7)) & 1)


def members(bits: Any, size: int) -> Any:
    """The members below ``size``, ascending (an int64 array, 8 bytes a member).

    >>> import numpy as np
    >>> members(np.array([0b101, 0b1], dtype=np.uint8), 16).tolist()
    [0, 2, 8]
    """
    import numpy as np

    return np.flatnonzero(np.unpackbits(bits, bitorder="little", count=size))


def count_members(bits: Any) -> int:
    """How many members, counted by the bytes' popcounts without unpacking the bits.

    >>> import numpy as np
    >>> count_members(np.array([0b101, 0b1], dtype=np.uint8))
    3
    """
    import numpy as np

    return int(np.bitwise_count(bits).sum(dtype=np.int64))
