"""Check a game definition: solve small instances exhaustively and test every claim the game
makes about itself, naming the first counterexample and what was not checked.

One module per claim, each checked on every position reachable from the instances' start
positions:

- :mod:`~perfectplay.check.moves`: ``moves`` is deterministic (generated twice more, it gives
  the pairs the solve used) and its children hash consistently; ``primitive`` gives None, WIN,
  LOSE or TIE, the same on a second call;
- :mod:`~perfectplay.check.key`: ``key`` is sound, positions with equal keys have equal values
  (the game is solved without its ``key`` for this);
- :mod:`~perfectplay.check.abstraction`: when the game defines ``abstraction()`` (a Game on
  abstract states) and ``abstract(position)``, the abstract game gives every position's value;
- :mod:`~perfectplay.check.components`: when the game declares ``components``, the Grundy value
  of a position is the nim-sum of its components' values;
- :mod:`~perfectplay.check.compiled`: compiled rules play the same game as the Python ones
  (claim ``compiled``: value rules by children, primitives and the compiled solve, Grundy-style
  rules by :func:`~perfectplay.compiled.compiled_grundy`), and a game written only as compiled
  rules keeps their contract and solves alike compiled and in Python (claim
  ``compiled rules``); these load numba.

:mod:`~perfectplay.check.driver` runs them, and :mod:`~perfectplay.check.report` holds the
result. A claim a game makes but the check could not test (an instance beyond its compiled
encoding, say) is listed in :attr:`CheckReport.not_checked`.

A game may offer families of instances for the check (class methods):
``exhaustive_instances(up_to)`` and ``random_instances(rng, count, size)``, each yielding
``(game, start_positions)`` pairs; the positions reachable from all the starts of one pair
are solved together.

Examples
--------
>>> from perfectplay.check import check
>>> from perfectplay.games.nim import Nim
>>> print(check(Nim((1, 2))).format())
sound: 1 instance, 1 start position, 6 positions solved on the concrete state
checked: key, moves
moves: 6 positions whose moves, generated twice more, gave the pairs the solve used
key: 5 distinct keys, equal keys have equal values
"""

from perfectplay.check.driver import check, check_instances, instances_of
from perfectplay.check.report import CheckReport, Counterexample, NotChecked

__all__ = ["CheckReport", "Counterexample", "NotChecked", "check", "check_instances",
           "instances_of"]
