"""A token on a finite directed graph: move it along an edge; the player who cannot move loses."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any, ClassVar

from perfectplay.core.board import Board
from perfectplay.core.errors import quote
from perfectplay.core.game import Game
from perfectplay.core.options import Option

__all__ = ["GraphBoard", "GraphGame", "parse_graph"]


def parse_graph(text: str, *, source: str = "<text>") -> tuple[list[str], list[tuple[str, str]]]:
    """Nodes and edges from text: a line ``u v`` is a move from ``u`` to ``v``, a line ``u``
    names a node (without moves, unless another line gives it some); blank lines and ``#``
    comments are skipped. Nodes come in the order they first appear.

    >>> parse_graph("a b\\n# comment\\nb a\\nc\\n")
    (['a', 'b', 'c'], [('a', 'b'), ('b', 'a')])

    Raises
    ------
    ValueError
        Naming the line that is not one or two node labels.
    """
    nodes: dict[str, None] = {}  # a dict, not a set: the first node is the default start
    edges = []
    for number, line in enumerate(text.splitlines(), start=1):
        fields = line.split("#", 1)[0].split()
        if not fields:
            continue
        if len(fields) > 2:
            raise ValueError(f"expected 'u v' (a move from u to v) or 'u' (a node), got "
                             f"{quote(line.strip())} ({source}:{number})")
        nodes.update(dict.fromkeys(fields))
        if len(fields) == 2:
            edges.append((fields[0], fields[1]))
    return list(nodes), edges


class GraphGame(Game):
    """The token game on a directed graph, from node ``start``. A position is a node label, a
    move is labelled by the node it goes to. Cycles give DRAWs.

    >>> from perfectplay import solve
    >>> game = GraphGame.from_edges([("a", "b"), ("b", "c")], start="a")
    >>> s = solve(game)
    >>> s.value("a"), s.value("b"), s.remoteness("a")
    (Value.LOSE, Value.WIN, 2)
    """

    name: ClassVar[str] = "graph"
    OPTIONS: ClassVar[tuple[Option, ...]] = (
        Option("file", str, "the graph, one 'u v' per line (a move from u to v) or 'u' (a node)",
               None),
        Option("start", str, "node the token starts on; '' is the first node in the file", ""),
    )

    def __init__(self, file: str, start: str = "") -> None:
        path = Path(file)
        try:
            text = path.read_text()
        except OSError as exc:
            raise ValueError(f"cannot read graph file {quote(file)}: {exc.strerror}") from None
        nodes, edges = parse_graph(text, source=file)
        if not nodes:
            raise ValueError(f"graph file {quote(file)} has no nodes")
        self._init(nodes, edges, start)

    @classmethod
    def from_edges(cls, edges: Iterable[tuple[str, str]], *, start: str,
                   nodes: Iterable[str] = ()) -> GraphGame:
        """A graph game from ``(u, v)`` pairs, without a file; ``nodes`` adds nodes that no
        edge names (without moves).

        >>> GraphGame.from_edges([("a", "b")], start="c", nodes=["c"]).successors
        {'c': [], 'a': ['b'], 'b': []}
        """
        edges = list(edges)
        game = cls.__new__(cls)
        game._init(list(dict.fromkeys([*nodes, *(node for edge in edges for node in edge)])),
                   edges, start)
        return game

    def _init(self, nodes: list[str], edges: list[tuple[str, str]], start: str) -> None:
        self.successors: dict[str, list[str]] = {node: [] for node in nodes}
        for u, v in edges:
            if v not in self.successors[u]:
                self.successors[u].append(v)
        self._start = start or next(iter(nodes), "")
        if self._start not in self.successors:
            raise ValueError(f"start node {self._start!r} is not in the graph")

    def __repr__(self) -> str:
        """Evaluable, and the whole graph: a saved solution names its game by it.

        >>> GraphGame.from_edges([("a", "b")], start="a")
        GraphGame.from_edges([('a', 'b')], start='a', nodes=['a', 'b'])
        """
        edges = [(u, v) for u, kids in self.successors.items() for v in kids]
        return (f"GraphGame.from_edges({edges!r}, start={self._start!r}, "
                f"nodes={list(self.successors)!r})")

    def picture(self) -> GraphBoard:
        """The page's picture: the graph and the token (:class:`GraphBoard`)."""
        return GraphBoard(self)

    def start(self) -> str:
        return self._start

    def moves(self, node: str) -> Iterator[tuple[str, str]]:
        for target in self.successors[node]:
            yield target, target

    def format_position(self, node: str) -> str:
        return node

    def parse_position(self, text: str) -> str:
        if text not in self.successors:
            raise ValueError(f"no node {quote(text)} in the graph")
        return text


class GraphBoard(Board):
    """The graph, drawn in layers by distance from the start node (nodes no path reaches come
    last), and the token on its node; a move is played on the node it goes to.

    >>> board = GraphGame.from_edges([("a", "b"), ("b", "a"), ("b", "c")], start="a").picture()
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
