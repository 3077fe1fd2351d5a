"""The canonical form of a position of a short partizan game, computed from its rules.

The search is iterative (no recursion limit): a position waits on its options, or on its
components when it is a sum, and is valued once they all are. Values are memoised by the
game's ``key`` of each position, so positions that the game says are alike (a region and its
mirror image) are valued once.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

from perfectplay.cgt.form import ZERO, CanonicalForm
from perfectplay.core.errors import GameError
from perfectplay.core.game import Game
from perfectplay.core.partizan import PartizanGame, as_partizan, checked_options

__all__ = ["canonical_form"]

_PROGRESS_EVERY = 1024  # positions valued between two calls of ``progress``


class _Frame:
    """A position being valued: what it waits on (options or components), and how far the
    search has got through them."""

    __slots__ = ("key", "lefts", "next", "position", "waits")

    def __init__(self, position: Any, key: Hashable) -> None:
        self.position = position
        self.key = key
        self.waits: list[tuple[Any, Hashable]] = []  # (position, key) of options or components
        self.lefts = -1  # how many of ``waits`` are Left's options; -1: they are components
        self.next = 0


def canonical_form(game: PartizanGame[Any] | Game[Any], position: Any = None, *,
                   table: dict[Hashable, CanonicalForm] | None = None,
                   progress: Callable[[int], None] | None = None) -> CanonicalForm:
    """The value of ``position`` (the start by default) as a canonical form.

    Parameters
    ----------
    game : PartizanGame or Game
        A short partizan game, or an impartial game (its moves are both players'; its
        values are nimbers).
    position : Position, optional
        Default: ``game.start()``.
    table : dict, optional
        Values by position key, read and filled: pass the same dict to reuse work across
        calls on one game.
    progress : callable, optional
        Called now and then with the number of positions valued so far.

    Returns
    -------
    CanonicalForm

    Raises
    ------
    GameError
        When the game breaks the protocol: a hook yields something that is not a position
        (unhashable, None, a pair), or a line of play comes back to a position (the game is
        not short), naming the position.

    Examples
    --------
    >>> from perfectplay.games.domineering import Domineering
    >>> str(canonical_form(Domineering("2x3"))), str(canonical_form(Domineering("3x3")))
    ('{2|-1/2}', '+-1')
    >>> from perfectplay.games.nim import Nim
    >>> str(canonical_form(Nim((1, 2, 4))))
    '*7'

    References
    ----------
    .. [1] A. N. Siegel, *Combinatorial Game Theory*, AMS 2013, ch. II.2 (canonical forms).
    """
    rules = as_partizan(game)
    start = rules.start() if position is None else position
    values: dict[Hashable, CanonicalForm] = {} if table is None else table
    root_key = _key(rules, start, "the start position")
    if root_key in values:
        return values[root_key]
    stack = [_expand(rules, _Frame(start, root_key))]
    open_keys = {root_key}
    valued = 0
    while stack:
        frame = stack[-1]
        waits = frame.waits
        while frame.next < len(waits) and waits[frame.next][1] in values:
            frame.next += 1
        if frame.next < len(waits):
            child, key = waits[frame.next]
            if key in open_keys:
                raise GameError("the game is not short: a line of play comes back to "
                                f"position {child!r} (or key() identifies them)",
                                position=frame.position)
            open_keys.add(key)
            stack.append(_expand(rules, _Frame(child, key)))
            continue
        values[frame.key] = _value(frame, values)
        open_keys.discard(frame.key)
        stack.pop()
        valued += 1
        if progress is not None and valued % _PROGRESS_EVERY == 0:
            progress(valued)
    if progress is not None:
        progress(valued)
    return values[root_key]


def _key(rules: PartizanGame[Any], position: Any, what: str) -> Hashable:
    key = rules.key(position)
    try:
        hash(key)
    except TypeError:
        raise GameError(f"key() must give a hashable value for {what}, gave {key!r}",
                        position=position) from None
    return key


def _expand(rules: PartizanGame[Any], frame: _Frame) -> _Frame:
    """Fill in what ``frame`` waits on: its components when the position is a sum of
    others, else its options."""
    position = frame.position
    parts = list(rules.components(position))
    if len(parts) == 1 and _key(rules, parts[0], "a component") == frame.key:
        lefts = checked_options(rules, position, "left")
        rights = checked_options(rules, position, "right")
        frame.lefts = len(lefts)
        frame.waits = [(child, _key(rules, child, "an option")) for child in lefts + rights]
    else:
        frame.waits = [(part, _key(rules, part, "a component")) for part in parts]
    return frame


def _value(frame: _Frame, values: dict[Hashable, CanonicalForm]) -> CanonicalForm:
    found = [values[key] for _, key in frame.waits]
    if frame.lefts < 0:  # a sum of components
        total = ZERO
        for part in found:
            total = total + part
        return total
    return CanonicalForm.from_options(found[:frame.lefts], found[frame.lefts:])
