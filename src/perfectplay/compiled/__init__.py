"""Compiled solvers: numba kernels over integer-encoded games.

A game gives its rules as :class:`CompiledRules` (integer positions, ``numba.njit`` rule
functions, instance data as arrays); :func:`compiled_solve`, :func:`compiled_query` and
:func:`compiled_grundy` run them at native speed, and the dispatcher chooses them for
``solve``, ``outcome`` and ``grundy`` (:mod:`perfectplay.compiled.engine`). Importing this
package does not import numba or numpy; the solvers do, when they run. ``import perfectplay``
never does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from perfectplay.compiled import engine  # noqa: F401  (registers the compiled engines)
from perfectplay.compiled.rules import (
    LOSE_CODE,
    NOT_PRIMITIVE,
    TIE_CODE,
    WIN_CODE,
    CompiledGame,
    CompiledRules,
    rules_of,
)

if TYPE_CHECKING:
    from perfectplay.compiled.dense import DenseSolution
    from perfectplay.compiled.grundy import GrundyTable, compiled_grundy
    from perfectplay.compiled.query import compiled_query
    from perfectplay.compiled.solve import compiled_solve

__all__ = ["LOSE_CODE", "NOT_PRIMITIVE", "TIE_CODE", "WIN_CODE", "CompiledGame", "CompiledRules",
           "DenseSolution", "GrundyTable", "compiled_grundy", "compiled_query", "compiled_solve",
           "rules_of"]

_LAZY = {"compiled_solve": "solve", "compiled_query": "query", "compiled_grundy": "grundy",
         "GrundyTable": "grundy", "DenseSolution": "dense"}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(f"perfectplay.compiled.{_LAZY[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
