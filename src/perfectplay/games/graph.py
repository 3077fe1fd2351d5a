"""A token on a finite directed graph: move it along an edge; the player who cannot move loses."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import ClassVar

from perfectplay.core.game import Game
from perfectplay.core.options import Option

__all__ = ["GraphGame", "parse_edges"]


def parse_edges(text: str, *, source: str = "<text>") -> list[tuple[str, str]]:
    """Edges from text, one ``u v`` per line; blank lines and ``#`` comments are skipped.

    >>> parse_edges("a b\\n# comment\\nb a\\n")
    [('a', 'b'), ('b', 'a')]

    Raises
    ------
    ValueError
        Naming the line that is not two node labels.
    """
    edges = []
    for number, line in enumerate(text.splitlines(), start=1):
        fields = line.split("#", 1)[0].split()
        if not fields:
            continue
        if len(fields) != 2:
            raise ValueError(f"expected 'u v' (two node labels), got {line.strip()!r} "
                             f"({source}:{number})")
        edges.append((fields[0], fields[1]))
    return edges


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
        Option("file", str, "edge list, one 'u v' per line (a move from u to v)", None),
        Option("start", str, "node the token starts on (default: the first node in the file)",
               ""),
    )

    def __init__(self, file: str, start: str = "") -> None:
        path = Path(file)
        try:
            text = path.read_text()
        except OSError as exc:
            raise ValueError(f"cannot read graph file {file!r}: {exc.strerror}") from None
        edges = parse_edges(text, source=file)
        if not edges:
            raise ValueError(f"graph file {file!r} has no edges")
        self._init(edges, start)

    @classmethod
    def from_edges(cls, edges: Iterable[tuple[str, str]], *, start: str) -> GraphGame:
        """A graph game from ``(u, v)`` pairs, without a file."""
        game = cls.__new__(cls)
        game._init(list(edges), start)
        return game

    def _init(self, edges: list[tuple[str, str]], start: str) -> None:
        self.successors: dict[str, list[str]] = {}
        for u, v in edges:
            self.successors.setdefault(u, [])
            self.successors.setdefault(v, [])
            if v not in self.successors[u]:
                self.successors[u].append(v)
        self._start = start or edges[0][0]
        if self._start not in self.successors:
            raise ValueError(f"start node {self._start!r} is not in the graph")

    def __repr__(self) -> str:
        return f"<GraphGame: {len(self.successors)} nodes, start {self._start!r}>"

    def start(self) -> str:
        return self._start

    def moves(self, node: str) -> Iterator[tuple[str, str]]:
        for target in self.successors[node]:
            yield target, target

    def format_position(self, node: str) -> str:
        return node

    def parse_position(self, text: str) -> str:
        if text not in self.successors:
            raise ValueError(f"no node {text!r} in the graph")
        return text
