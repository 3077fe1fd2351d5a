"""Atomic updates of one element of an array, for kernels that threads run side by side on
the same arrays (a loopy tier's retrograde analysis: :mod:`perfectplay.tiers._loops`), and a
prefetch of one element, for kernels that know where they will read next (the search's table:
:mod:`perfectplay.compiled._search_loops`).

Each is one instruction once compiled (``lock cmpxchg``, ``lock xadd``, ``xchg``, ``lock or``
on x86, where the old value is not used; ``prefetcht0`` for the prefetch), with
no ordering beyond the element itself: the threads meet only where their caller joins them.
Run as plain Python (numba's JIT off) they are the same updates under one lock, and the
prefetch does nothing.

>>> import numpy as np
>>> from numba import njit
>>> @njit
... def updates(counts):
...     prefetch(counts, 1)  # changes nothing: the line of counts[1] is on its way
...     return (compare_exchange(counts, 0, 3, 2), compare_exchange(counts, 1, 3, 0),
...             fetch_add(counts, 1, 4), exchange(counts, 0, 8), fetch_or(counts, 0, 1))
>>> counts = np.array([3, 1], dtype=np.uint8)
>>> updates(counts), counts.tolist()
((3, 1, 1, 2, 8), [9, 5])
"""

from __future__ import annotations

import threading
from typing import Any

from llvmlite import ir
from llvmlite.binding import llvm_version_info
from numba import types
from numba.core import cgutils
from numba.extending import intrinsic, overload

__all__ = ["compare_exchange", "exchange", "fetch_add", "fetch_or", "prefetch"]


_LOCK = threading.Lock()
"""What makes the updates atomic when they run as plain Python."""


def compare_exchange(array: Any, index: int, expected: Any, new: Any) -> Any:
    """Store ``new`` at ``array[index]`` if it holds ``expected``; return what it held."""
    with _LOCK:
        old = array[index]
        if old == expected:
            array[index] = new
        return old


def exchange(array: Any, index: int, value: Any) -> Any:
    """Store ``value`` at ``array[index]``; return what it held."""
    with _LOCK:
        old = array[index]
        array[index] = value
        return old


def fetch_add(array: Any, index: int, value: Any) -> Any:
    """Add ``value`` to ``array[index]``; return what it held."""
    with _LOCK:
        old = array[index]
        array[index] += value
        return old


def fetch_or(array: Any, index: int, value: Any) -> Any:
    """Set the bits of ``value`` in ``array[index]``; return what it held."""
    with _LOCK:
        old = array[index]
        array[index] |= value
        return old


def prefetch(array: Any, index: int) -> None:
    """Ask for the cache line of ``array[index]`` ahead of its use (nothing in plain Python)."""


def _pointer(context, builder, signature, args):
    """The address of ``array[index]`` (the first two arguments)."""
    kind = signature.args[0]
    array = context.make_array(kind)(context, builder, args[0])
    return cgutils.get_item_pointer(context, builder, kind, array, [args[1]])


@intrinsic
def _compare_exchange(typingctx, array, index, expected, new):
    def codegen(context, builder, signature, args):
        pair = builder.cmpxchg(_pointer(context, builder, signature, args), args[2], args[3],
                               "monotonic", "monotonic")
        return builder.extract_value(pair, 0)

    return array.dtype(array, types.intp, array.dtype, array.dtype), codegen


def _read_modify_write(function, operation):
    """Compile ``function(array, index, value) -> old`` as LLVM's ``atomicrmw operation``."""

    @intrinsic
    def update(typingctx, array, index, value):
        def codegen(context, builder, signature, args):
            return builder.atomic_rmw(operation, _pointer(context, builder, signature, args),
                                      args[2], "monotonic")

        return array.dtype(array, types.intp, array.dtype), codegen

    @overload(function, inline="always")
    def compiled(array, index, value):
        return lambda array, index, value: update(array, index, value)


_read_modify_write(exchange, "xchg")
_read_modify_write(fetch_add, "add")
_read_modify_write(fetch_or, "or")


@overload(compare_exchange, inline="always")
def _compare_exchange_compiled(array, index, expected, new):
    def compare_exchange(array, index, expected, new):
        return _compare_exchange(array, index, expected, new)

    return compare_exchange


# LLVM's prefetch is named by its address's type: one opaque pointer type from LLVM 15 on
_PREFETCH = "llvm.prefetch.p0" if llvm_version_info >= (15,) else "llvm.prefetch.p0i8"


@intrinsic
def _prefetch(typingctx, array, index):
    def codegen(context, builder, signature, args):
        i32 = ir.IntType(32)
        function = cgutils.get_or_insert_function(
            builder.module, ir.FunctionType(ir.VoidType(), [cgutils.voidptr_t, i32, i32, i32]),
            _PREFETCH)
        address = builder.bitcast(_pointer(context, builder, signature, args), cgutils.voidptr_t)
        builder.call(function, [address, i32(0), i32(3), i32(1)])  # read, keep, data
        return context.get_dummy_value()

    return types.none(array, types.intp), codegen


@overload(prefetch, inline="always")
def _prefetch_compiled(array, index):
    return lambda array, index: _prefetch(array, index)
