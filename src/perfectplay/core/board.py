"""A game's picture for the page (:mod:`perfectplay.serve`): what its ``picture()`` hook gives.

A :class:`Board` turns positions and moves into JSON-ready data for the page's drawing code
(``serve/static/boards.js``, which draws each ``kind``): :meth:`~Board.describe` what stays
fixed (a Connect Four board's size, kadomatsu's values, a graph's nodes and layout),
:meth:`~Board.draw` one position, and :meth:`~Board.targets` the elements of the picture each
move is played on (a cell, a column, a counter, a word, a node), so that the page colours them
by the moves' values and plays a move when one is clicked. An element may carry several moves
(a kadomatsu value is in several triples): the page then lets the player choose among them.

Each game's board lives with the game and names its elements itself; the pictures that several
games share live here: the text of any game (:class:`Board`, the fallback of
:meth:`Game.picture <perfectplay.core.game.Game.picture>`) and heaps of counters
(:class:`HeapsBoard`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:
    from perfectplay.core.game import Game
    from perfectplay.core.solution import MoveValue

__all__ = ["Board", "HeapsBoard"]


class Board:
    """The picture of a game without one: the page shows ``display()`` text (kind ``text``),
    and every move is chosen in the list.

    Examples
    --------
    >>> from perfectplay.games.interval_game_2 import IntervalGame2
    >>> board = IntervalGame2().picture()
    >>> board.kind, board.describe(), board.draw(board.game.start())
    ('text', {'kind': 'text'}, {})
    """

    kind: ClassVar[str] = "text"
    """The name the page's drawing code knows the picture by."""

    def __init__(self, game: Game[Any]) -> None:
        self.game = game

    def describe(self) -> dict[str, Any]:
        """What the picture shows whatever the position, with its ``kind``."""
        return {"kind": self.kind}

    def draw(self, position: Any) -> dict[str, Any]:
        """The picture of one position."""
        return {}

    def target(self, position: Any, move: Any) -> list[str]:
        """The elements a move is played on (none: the move is chosen in the list)."""
        return []

    def targets(self, position: Any, moves: Sequence[MoveValue]) -> dict[str, list[str]]:
        """Move text -> the elements it is played on, for the moves that have some."""
        found = {}
        for entry in moves:
            elements = self.target(position, entry.move)
            if elements:
                found[self.game.format_move(entry.move)] = elements
        return found


class HeapsBoard(Board):
    """Heaps of counters, for a game whose position is a heap size or a tuple of them. Counter
    ``j`` of heap ``i`` is element ``"i:j"``, both counted from 0 (heap 0 on top, counter 0 on
    the left). A heap game subclasses it to say where its moves are played
    (:meth:`first_taken`) and, when its moves name heaps, how (:meth:`label`).

    >>> from perfectplay.games.nim import Nim
    >>> board = HeapsBoard(Nim((3, 4)))
    >>> board.draw((3, 4)), board.target((3, 4), (2, 3))  # no move is placed on the heaps
    ({'heaps': [3, 4], 'labels': ['heap 1', 'heap 2']}, [])
    """

    kind = "heaps"

    def heaps(self, position: Any) -> list[int]:
        """The heap sizes of a position."""
        return [position] if isinstance(position, int) else list(position)

    def label(self, heap: int) -> str:
        """The label of heap ``heap`` (1 = the first). Fallback: ``heap 1``, ``heap 2``..."""
        return f"heap {heap}"

    def first_taken(self, heaps: list[int], move: Any) -> tuple[int, int] | None:
        """The heap (from 0) and the counter (from 0) a move is played on: the first counter
        it takes (taking from the end of a heap: that counter and all to its right).

        Fallback: None, the move is chosen in the list."""
        return None

    def draw(self, position: Any) -> dict[str, Any]:
        heaps = self.heaps(position)
        return {"heaps": heaps, "labels": [self.label(i) for i in range(1, len(heaps) + 1)]}

    def target(self, position: Any, move: Any) -> list[str]:
        where = self.first_taken(self.heaps(position), move)
        return [] if where is None else [f"{where[0]}:{where[1]}"]
