"""The compiled engine's codes: value and remoteness in 2 bytes a position (4 for a game whose
remoteness passes 16,383), in the order of :mod:`perfectplay.core.codes` (a parent picks the
smallest child code), and their translation to the Solution protocol's codes.

This module is part of the kernels' code: the loops take their spans from it.
"""

from __future__ import annotations

from typing import Any

from perfectplay.core.codes import DRAW_CODE, SPAN

__all__ = ["CODE16_SPAN", "CODE32_SPAN", "decode_codes", "protocol_code", "span_of"]

CODE16_SPAN = 1 << 14
"""Layout of the 2-byte codes: LOSE at remoteness r is ``r``, TIE ``SPAN + r``, DRAW
``2 * SPAN``, WIN ``4 * SPAN - 1 - r``; so a remoteness is at most ``SPAN - 1``."""

CODE32_SPAN = 1 << 30
"""The same layout in 4-byte codes, for games whose remoteness passes ``CODE16_SPAN - 1``."""


def span_of(dtype: Any) -> int:
    """The span of a code table's dtype: 2-byte codes :data:`CODE16_SPAN`, 4-byte
    :data:`CODE32_SPAN`.

    >>> import numpy as np
    >>> span_of(np.dtype(np.uint16)), span_of(np.dtype(np.uint32)) == CODE32_SPAN
    (16384, True)
    """
    return CODE16_SPAN if dtype.itemsize == 2 else CODE32_SPAN


def protocol_code(code: int, span: int) -> int:
    """The :mod:`perfectplay.core.codes` code of one dense code of a span: what a Solution
    reads, in plain integer arithmetic (no array is made for one position).

    >>> from perfectplay.core.codes import decode
    >>> [decode(protocol_code(c, CODE16_SPAN)) for c in (3, CODE16_SPAN + 2, 4 * CODE16_SPAN - 2)]
    [(Value.LOSE, 3), (Value.TIE, 2), (Value.WIN, 1)]
    """
    if code < span:
        return code
    if code < 2 * span:
        return SPAN + code - span
    if code == 2 * span:
        return DRAW_CODE
    return 4 * SPAN - (4 * span - 1 - code)


def decode_codes(codes: Any, span: int = CODE16_SPAN) -> tuple[Any, Any]:
    """Vectorised decoding of dense codes of a span.

    Returns the value index of each code (the position of its value in ``list(Value)``: WIN 0,
    LOSE 1, TIE 2, DRAW 3) and its remoteness (-1 for DRAW), as int64 arrays.

    >>> import numpy as np
    >>> decode_codes(np.array([0, 3, CODE16_SPAN + 2, 2 * CODE16_SPAN, 4 * CODE16_SPAN - 2]))
    (array([1, 1, 2, 3, 0]), array([ 0,  3,  2, -1,  1]))
    >>> decode_codes(np.array([4 * CODE32_SPAN - 20_001]), CODE32_SPAN)
    (array([0]), array([20000]))
    """
    import numpy as np

    codes = np.asarray(codes, dtype=np.int64)
    values = np.select([codes < span, codes < 2 * span, codes == 2 * span], [1, 2, 3], 0)
    remoteness = np.select([codes < span, codes < 2 * span, codes == 2 * span],
                           [codes, codes - span, -1], 4 * span - 1 - codes)
    return values, remoteness
