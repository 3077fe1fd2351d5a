"""Tier-by-tier strong solving, for games larger than memory: one file per tier on disk,
resumable, in parallel on threads or a Dask cluster.

A game opts in through its compiled rules' tier hooks (:class:`TierRules`, here and in
:mod:`perfectplay.compiled.rules`; :mod:`perfectplay.compiled.ranking` ranks boards for
them), or with ``tier`` alone, the solver ranking each tier's reachable positions by a sorted
list (:mod:`perfectplay.tiers.keys`). Importing this package registers the ``tiers`` engine
with the dispatcher and imports neither numpy nor numba.

>>> import tempfile
>>> from perfectplay.games.morris import Morris
>>> from perfectplay.tiers import solve_tiers
>>> solution = solve_tiers(Morris(), tempfile.mkdtemp())
>>> solution.value(), solution.value("XX.OO..../X"), solution.remoteness("XX.OO..../X")
(Value.DRAW, Value.WIN, 1)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from perfectplay.compiled.rules import TierRules
from perfectplay.tiers import engine as _engine  # noqa: F401  (registers the tiers engine)

if TYPE_CHECKING:
    from perfectplay.tiers.solution import TierSolution, open_database, verify_database
    from perfectplay.tiers.solve import TierProgress, estimate_memory, solve_tiers

__all__ = ["TierProgress", "TierRules", "TierSolution", "estimate_memory", "open_database",
           "solve_tiers", "verify_database"]

_LAZY = {"TierProgress": "solve", "estimate_memory": "solve", "solve_tiers": "solve",
         "TierSolution": "solution", "open_database": "solution", "verify_database": "solution"}


def __getattr__(name: str) -> Any:
    # the solver and its store import numpy and numba's rules: only once they are asked for
    if name not in _LAZY:
        raise AttributeError(f"module 'perfectplay.tiers' has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(f"perfectplay.tiers.{_LAZY[name]}"), name)
