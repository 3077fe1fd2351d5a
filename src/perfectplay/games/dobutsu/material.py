"""Where the pieces of Dōbutsu shōgi can be, counted: the classes of positions the tier's
ranking (:mod:`perfectplay.games.dobutsu.compiled`) numbers one after the other.

Besides the lions (always on the board, one each), each kind of :data:`~perfectplay.games.
dobutsu.KINDS` has two pieces, each on the board for one side (a chick possibly a hen) or in
one side's hand. A *material class* says how many of each kind are where: per kind, a *state*
(how many on the board for each side, as chicks or hens, and in the first player's hand; the
second player's hand holds the rest). A class holds ``132 * 10! / (n_1! ... n_8! (10 - n)!)``
boards: the two lions on 12 * 11 pairs of squares, then the other ``n`` pieces, ``n_t`` of
board type ``t``, on the 10 squares left.

This module imports neither numba nor numpy: :meth:`Dobutsu.position_bound
<perfectplay.games.dobutsu.Dobutsu.position_bound>` uses it before any solver is chosen.

>>> len(STATES[0]), len(STATES[2]), ranking_size("GEC") // 2
(10, 21, 1567925964)
"""

from __future__ import annotations

from functools import cache
from itertools import product
from math import factorial, prod

__all__ = ["BOARD_TYPES", "STATES", "class_sizes", "ranking_size"]

BOARD_TYPES = "GgEeCHch"
"""The pieces besides the lions as they stand on the board, in the order the ranking places
them: the first player's upper case, the second's lower case."""


def _states(width: int) -> tuple[tuple[int, ...], ...]:
    """The ways to put two pieces of a kind: ``width`` counts summing to at most 2 (the last
    one the first player's hand, the others the board types of the kind)."""
    return tuple(sorted((s for s in product(range(3), repeat=width) if sum(s) <= 2),
                        key=_order))


def _order(state: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
    return sum(state), state


STATES = (_states(3), _states(3), _states(5))
"""Per kind (G, E, C), its states in ranking order: ``(first's on board, second's on board,
first's hand)`` for the giraffes and the elephants, ``(C, H, c, h, first's hand)`` for the
chicks; the state with none of them anywhere is first."""


@cache
def class_sizes(pieces: str) -> tuple[int, ...]:
    """The boards of each material class ``(g * 10 + e) * 21 + c`` (``g, e, c`` indices into
    :data:`STATES`), zero for a class the game's ``pieces`` rule out (a kind it has not, with
    a piece anywhere, or one it has with pieces missing)."""
    sizes = []
    for g, e, c in product(*STATES):
        if any(sum(state) > (2 if kind in pieces else 0) for kind, state in zip("GEC", (g, e, c),
                                                                             strict=True)):
            sizes.append(0)
            continue
        counts = (*g[:2], *e[:2], *c[:4])
        placed = sum(counts)
        sizes.append(132 * factorial(10) // (prod(factorial(n) for n in counts)
                                             * factorial(10 - placed)))
    return tuple(sizes)


def ranking_size(pieces: str) -> int:
    """Positions of a game with ``pieces``: every material class's boards, each with either
    player to move (the tier ranks half of them, those with the first player to move).

    >>> ranking_size(""), ranking_size("C")
    (264, 211992)
    """
    return 2 * sum(class_sizes(pieces))
