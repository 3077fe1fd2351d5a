"""What the page draws for a game: a board per catalogue game that has a natural picture, the
game's ``display()`` text for any other.

A :class:`Board` turns positions and moves into JSON-ready data for the page's drawing code
(``static/boards.js``): :meth:`~Board.describe` what stays fixed (a Connect Four board's size,
kadomatsu's values, a graph's nodes and layout), :meth:`~Board.draw` one position, and
:meth:`~Board.targets` the elements of the picture each move is played on (a cell, a column, a
counter, a word, a node), so that the page colours them by the moves' values and plays a move
when one is clicked. An element may carry several moves (a kadomatsu value is in several
triples): the page then lets the player choose among them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from perfectplay.core.game import Game
from perfectplay.core.solution import MoveValue

if TYPE_CHECKING:
    from perfectplay.games.connect4 import ConnectFour
    from perfectplay.games.graph import GraphGame
    from perfectplay.games.kadomatsu import Kadomatsu
    from perfectplay.games.shiritori import Shiritori

__all__ = ["Board", "board_of"]


class Board:
    """The picture of a game without one: the page shows ``display()`` text (kind ``text``).

    Examples
    --------
    >>> from perfectplay.games.interval_game_2 import IntervalGame2
    >>> board = board_of(IntervalGame2())
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


class TicTacToeBoard(Board):
    """Nine cells, row by row; a move is played on its cell.

    >>> from perfectplay.games.tictactoe import TicTacToe
    >>> board = board_of(TicTacToe())
    >>> board.draw("X...O...."), board.target("X...O....", 8)
    ({'cells': 'X...O....'}, ['8'])
    """

    kind = "tictactoe"

    def draw(self, position: str) -> dict[str, Any]:
        return {"cells": position}

    def target(self, position: str, move: int) -> list[str]:
        return [str(move)]


class ConnectFourBoard(Board):
    """Columns of stones, bottom to top; a move is played on its column.

    >>> from perfectplay.games.connect4 import ConnectFour
    >>> board = board_of(ConnectFour(4, 3))
    >>> board.describe()
    {'kind': 'connect4', 'width': 4, 'height': 3, 'labels': ['1', '2', '3', '4']}
    >>> board.draw(("XO", "", "X", "")), board.target(("",) * 4, 2)
    ({'columns': ['XO', '', 'X', '']}, ['2'])

    A column is labelled, and known to the page as an element, by the move into it, in the
    game's notation.
    """

    kind = "connect4"
    game: ConnectFour

    def describe(self) -> dict[str, Any]:
        return {"kind": self.kind, "width": self.game.width, "height": self.game.height,
                "labels": self.game.column_labels()}

    def draw(self, position: tuple[str, ...]) -> dict[str, Any]:
        return {"columns": list(position)}

    def target(self, position: tuple[str, ...], move: int) -> list[str]:
        return [self.game.format_move(move)]


class HeapsBoard(Board):
    """Heaps of counters (Nim, subtraction games, octal games). Counter ``j`` of heap ``i`` is
    element ``"i:j"``, both counted from 0 (heap 0 on top, counter 0 on the left); a move is
    played on the first counter it takes (taking from the end of a heap: that counter and all
    to its right), or, for a move that only splits a heap, on the counter left of the split.
    Each heap is labelled as Nim's moves name it (other heap games' moves name no heap: their
    heaps are numbered from 1).

    >>> from perfectplay.games.nim import Nim
    >>> board = board_of(Nim((3, 4)))
    >>> board.draw((3, 4)), board.target((3, 4), (2, 3))  # take 3 of 4: counters 1, 2, 3
    ({'heaps': [3, 4], 'labels': ['h1', 'h2']}, ['1:1'])
    """

    kind = "heaps"

    def _heaps(self, position: Any) -> list[int]:
        return [position] if isinstance(position, int) else list(position)

    def draw(self, position: Any) -> dict[str, Any]:
        from perfectplay.games.nim import Nim

        heaps = self._heaps(position)
        name = self.game.format_heap if isinstance(self.game, Nim) else "heap {}".format
        return {"heaps": heaps, "labels": [name(i) for i in range(1, len(heaps) + 1)]}

    def target(self, position: Any, move: Any) -> list[str]:
        from perfectplay.games.nim import Nim
        from perfectplay.games.subtraction import Subtraction

        heaps = self._heaps(position)
        if isinstance(self.game, Nim):
            heap, take = move  # heaps count from 1 in Nim's moves
            return [f"{heap - 1}:{heaps[heap - 1] - take}"]
        if isinstance(self.game, Subtraction):
            return [f"0:{heaps[0] - move}"]
        size, take, parts = move  # an octal move: (heap, counters taken, heaps left)
        heap = heaps.index(size)
        first = parts[0] if parts else 0  # the taken run starts after the first heap left
        return [f"{heap}:{first if take else first - 1}"]


class KadomatsuBoard(Board):
    """The values as bars, those taken faded; a move (a triple) is played on any of its three.

    >>> from perfectplay.games.kadomatsu import Kadomatsu
    >>> board = board_of(Kadomatsu((1, 3, 2, 4)))
    >>> board.describe(), board.draw(0b1011), board.target(0b1111, (0, 1, 2))
    ({'kind': 'kadomatsu', 'values': [1, 3, 2, 4]}, {'present': [True, True, False, True]}, \
['0', '1', '2'])
    """

    kind = "kadomatsu"
    game: Kadomatsu

    def describe(self) -> dict[str, Any]:
        return {"kind": self.kind, "values": list(self.game.values)}

    def draw(self, position: int) -> dict[str, Any]:
        return {"present": [bool(position >> i & 1) for i in range(len(self.game.values))]}

    def target(self, position: int, move: tuple[int, int, int]) -> list[str]:
        return [str(i) for i in move]


class ShiritoriBoard(Board):
    """The words as tiles, those played struck out and the last one marked; a move is played on
    its word.

    >>> from perfectplay.games.shiritori import Shiritori
    >>> board = board_of(Shiritori(("ab", "ba")))
    >>> board.describe(), board.draw((frozenset({"ab"}), "ab"))
    ({'kind': 'shiritori', 'words': ['ab', 'ba']}, {'used': ['ab'], 'last': 'ab'})
    """

    kind = "shiritori"
    game: Shiritori

    def describe(self) -> dict[str, Any]:
        return {"kind": self.kind, "words": list(self.game.words)}

    def draw(self, position: tuple[frozenset[str], str | None]) -> dict[str, Any]:
        used, last = position
        return {"used": [word for word in self.game.words if word in used], "last": last}

    def target(self, position: Any, move: str) -> list[str]:
        return [move]


class GraphBoard(Board):
    """The graph, drawn in layers by distance from the start node (nodes no path reaches come
    last), and the token on its node; a move is played on the node it goes to.

    >>> from perfectplay.games.graph import GraphGame
    >>> board = board_of(GraphGame.from_edges([("a", "b"), ("b", "a"), ("b", "c")], start="a"))
    >>> picture = board.describe()
    >>> picture["nodes"], picture["edges"], picture["layout"]["c"], board.draw("b")
    (['a', 'b', 'c'], [['a', 'b'], ['b', 'a'], ['b', 'c']], [1.0, 0.5], {'token': 'b'})
    """

    kind = "graph"
    game: GraphGame

    def describe(self) -> dict[str, Any]:
        successors: dict[str, list[str]] = self.game.successors
        edges = [[u, v] for u, targets in successors.items() for v in targets]
        return {"kind": self.kind, "nodes": list(successors), "edges": edges,
                "layout": self._layout(successors)}

    def _layout(self, successors: dict[str, list[str]]) -> dict[str, list[float]]:
        """Node -> ``[x, y]`` in the unit square: x by layer, y by order within it."""
        depth = {self.game.start(): 0}
        frontier = [self.game.start()]
        while frontier:  # breadth first: a node's layer is its distance from the start
            following = []
            for node in frontier:
                for target in successors[node]:
                    if target not in depth:
                        depth[target] = depth[node] + 1
                        following.append(target)
            frontier = following
        last = max(depth.values()) + 1
        layers: dict[int, list[str]] = {}
        for node in successors:
            layers.setdefault(depth.get(node, last), []).append(node)
        columns = [layers[d] for d in sorted(layers)]
        layout = {}
        for x, column in enumerate(columns):
            for y, node in enumerate(column):
                layout[node] = [x / max(len(columns) - 1, 1), (y + 0.5) / len(column)]
        return layout

    def draw(self, position: str) -> dict[str, Any]:
        return {"token": position}

    def target(self, position: str, move: str) -> list[str]:
        return [move]


def board_of(game: Game[Any]) -> Board:
    """The picture of ``game``: its catalogue board, or ``display()`` text for any other game
    (a user's own, a sum, a misère wrapper).

    >>> from perfectplay.games.nim import Nim
    >>> board_of(Nim()).kind
    'heaps'
    """
    from perfectplay.games.connect4 import ConnectFour
    from perfectplay.games.graph import GraphGame
    from perfectplay.games.kadomatsu import Kadomatsu
    from perfectplay.games.nim import Nim
    from perfectplay.games.shiritori import Shiritori
    from perfectplay.games.subtraction import Subtraction
    from perfectplay.games.tictactoe import TicTacToe
    from perfectplay.impartial.octal import OctalGame

    boards: list[tuple[tuple[type, ...], type[Board]]] = [
        ((TicTacToe,), TicTacToeBoard), ((ConnectFour,), ConnectFourBoard),
        ((Nim, Subtraction, OctalGame), HeapsBoard), ((Kadomatsu,), KadomatsuBoard),
        ((Shiritori,), ShiritoriBoard), ((GraphGame,), GraphBoard)]
    for classes, board in boards:
        if isinstance(game, classes):
            return board(game)
    return Board(game)

