"""Disconnected game (AOJ 2376): add edges to a graph; whoever connects it loses.

The concrete game plays on the graph itself. For large graphs it is solved on a small abstract
state: (odd components, even components, parity of the missing edges inside
components). Why that is sound: an edge added inside a component changes nothing but that
parity, so two such moves cancel (a strategy-stealing pairing), and a move joining components
of sizes x and y changes the parity by ``x*y - 1``, which depends on the sizes' parities only.
``perfectplay check disconnected`` compares the two on every graph with up to 6 vertices and
on random graphs with 7.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import ClassVar

from perfectplay.core.engines import Estimate
from perfectplay.core.errors import quote
from perfectplay.core.game import Game
from perfectplay.core.judge import Judge
from perfectplay.core.limits import PYTHON_BYTES_PER_POSITION
from perfectplay.core.options import Option, parse_int
from perfectplay.core.values import Value
from perfectplay.games.judge_input import JudgeInput, refuse_beyond, start_value

__all__ = ["Disconnected", "DisconnectedAbstract", "answer_disconnected", "components_of",
           "format_disconnected", "judge", "parse_disconnected"]

Rows = tuple[int, ...]
"""A graph: row ``i`` is the bitmask of the neighbours of vertex ``i``."""

Abstract = tuple[int, int, int]
"""(odd-sized components, even-sized components, parity of missing internal edges)."""

MAX_N = 1000
"""The contest limit on the number of vertices (larger inputs are accepted with a note)."""

STATES_PER_SECOND = 200_000
"""Abstract states the pure-Python solve goes through a second: measured 240,000 to 300,000
on empty graphs of 2,000 and 5,000 vertices (1 and 6.3 million states)."""


def components_of(rows: Rows) -> list[int]:
    """The sizes of the connected components of a graph, in order of their first vertex.

    >>> components_of((0b010, 0b001, 0b000))
    [2, 1]
    """
    sizes = []
    unseen = (1 << len(rows)) - 1
    while unseen:
        frontier = unseen & -unseen
        component = 0
        while frontier:
            component |= frontier
            reach = 0
            while frontier:
                low = frontier & -frontier
                reach |= rows[low.bit_length() - 1]
                frontier ^= low
            frontier = reach & ~component
        unseen &= ~component
        sizes.append(component.bit_count())
    return sizes


def _parse_edges(text: str, n: int) -> Rows:
    rows = [0] * n
    if text.strip() in ("", "-"):
        return tuple(rows)
    for part in text.split(","):
        try:
            u, v = (int(x) for x in part.split("-"))
        except ValueError:
            raise ValueError(f"expected edges like 0-1,2-3 or '-', got {quote(part)}") from None
        if not (0 <= u < n and 0 <= v < n) or u == v:
            raise ValueError(f"edge {quote(part)} is not between two distinct vertices 0..{n - 1}")
        rows[u] |= 1 << v
        rows[v] |= 1 << u
    return tuple(rows)


class Disconnected(Game):
    """The disconnected game on a graph with ``vertices`` vertices and the given ``edges``.

    A position is the graph (``Rows``: neighbour bitmask per vertex); a move ``(u, v)``, written
    ``u-v``, adds the missing edge ``u v``. A connected graph is finished and WIN for the
    player to move: the move that connected it lost. ``abstract`` gives the abstract state of the
    module docstring, ``abstraction()`` the game on those states, and ``key`` the abstract state
    with the number of edges (sound, and acyclic since every move adds an edge).

    Examples
    --------
    >>> from perfectplay import solve
    >>> game = Disconnected(3)
    >>> solve(game).value(), game.abstract(game.start())
    (Value.WIN, (3, 0, 0))
    >>> game.format_position(((0b010, 0b001, 0)))
    '0-1'
    """

    name: ClassVar[str] = "disconnected"
    OPTIONS: ClassVar[tuple[Option, ...]] = (
        Option("vertices", parse_int, "number of vertices", "4"),
        Option("edges", str, "edges of the start graph, e.g. 0-1,2-3 ('-' for none)", "-"),
    )

    def __init__(self, vertices: int = 4, edges: str | Rows = "-") -> None:
        if vertices < 2:
            raise ValueError(f"the graph needs at least 2 vertices, got {vertices}")
        self.n = vertices
        rows = _parse_edges(edges, vertices) if isinstance(edges, str) else tuple(edges)
        if len(rows) != vertices:
            raise ValueError(f"expected {vertices} rows, got {len(rows)}")
        if len(components_of(rows)) == 1:
            raise ValueError("the start graph is connected: there is no game to play")
        self.rows = rows

    def __repr__(self) -> str:
        return f"Disconnected({self.n}, {self.format_position(self.rows)!r})"

    @classmethod
    def judge(cls) -> Judge:
        """The judge of AOJ 2376: :func:`parse_disconnected`, :func:`answer_disconnected`."""
        return Judge(parse_disconnected, answer_disconnected)

    def start(self) -> Rows:
        return self.rows

    def primitive(self, rows: Rows) -> Value | None:
        return Value.WIN if len(components_of(rows)) == 1 else None

    def moves(self, rows: Rows) -> Iterator[tuple[tuple[int, int], Rows]]:
        n = self.n
        for u in range(n):
            missing = ~rows[u] & ~((1 << (u + 1)) - 1) & ((1 << n) - 1)
            while missing:
                low = missing & -missing
                v = low.bit_length() - 1
                child = list(rows)
                child[u] |= low
                child[v] |= 1 << u
                yield (u, v), tuple(child)
                missing ^= low

    def key(self, rows: Rows) -> tuple[int, int, int, int]:
        """The abstract state and the number of edges (which keeps keys acyclic)."""
        sizes = components_of(rows)
        odd = sum(s & 1 for s in sizes)
        pairs = sum(s * (s - 1) // 2 for s in sizes)
        edges = sum(r.bit_count() for r in rows) // 2
        return odd, len(sizes) - odd, (pairs - edges) & 1, edges

    def abstract(self, rows: Rows) -> Abstract:
        """The abstract state of a graph: ``(odd, even, parity)``."""
        return self.key(rows)[:3]

    def abstraction(self) -> DisconnectedAbstract:
        """The game on abstract states (:meth:`abstract`), solved in place of this one."""
        return DisconnectedAbstract(self.abstract(self.rows))

    def format_position(self, rows: Rows) -> str:
        edges = [f"{u}-{v}" for u in range(self.n) for v in range(u + 1, self.n)
                 if rows[u] >> v & 1]
        return ",".join(edges) or "-"

    def parse_position(self, text: str) -> Rows:
        return _parse_edges(text, self.n)

    def format_move(self, move: tuple[int, int]) -> str:
        return f"{move[0]}-{move[1]}"

    def display(self, rows: Rows) -> str:
        sizes = components_of(rows)
        return f"{self.format_position(rows)}  (components: {', '.join(map(str, sizes))})"

    @classmethod
    def exhaustive_instances(cls, up_to: int) -> Iterator[tuple[Disconnected, list[Rows]]]:
        """For ``perfectplay check``: every graph with 2..``up_to`` vertices, as the positions
        reachable from the empty graph."""
        for n in range(2, up_to + 1):
            yield cls(n), [(0,) * n]

    @classmethod
    def random_instances(cls, rng: random.Random, count: int, size: int,
                         ) -> Iterator[tuple[Disconnected, list[Rows]]]:
        """For ``perfectplay check``: ``count`` random disconnected graphs on ``size`` vertices
        (any edge density, isolated vertices and cliques included), solved together."""
        starts: list[Rows] = []
        while len(starts) < count:
            density = rng.choice((0.1, 0.3, 0.5, 0.7, 0.9))
            rows = [0] * size
            cut = rng.randrange(1, size)  # vertices below the cut never meet those above
            for u in range(size):
                for v in range(u + 1, size):
                    if (u < cut) == (v < cut) and rng.random() < density:
                        rows[u] |= 1 << v
                        rows[v] |= 1 << u
            order = list(range(size))
            rng.shuffle(order)
            starts.append(tuple(_relabel(rows, order)))
        yield cls(size), starts


def _relabel(rows: list[int], order: list[int]) -> list[int]:
    relabelled = [0] * len(rows)
    for u, row in enumerate(rows):
        for v in range(len(rows)):
            if row >> v & 1:
                relabelled[order[u]] |= 1 << order[v]
    return relabelled


class DisconnectedAbstract(Game):
    """The disconnected game on abstract states ``(odd, even, parity)``: the numbers of
    odd- and even-sized components and the parity of the edges missing inside components.

    Moves: ``fill`` (an edge inside a component; only when the parity is odd, since two fills
    cancel), ``odd+odd`` and ``any+even`` (an edge joining two odd components, or any component
    to an even one: both give the same abstract state). One component left is a WIN for the
    player to move.

    >>> from perfectplay import outcome
    >>> outcome(DisconnectedAbstract((2, 0, 0))), outcome(DisconnectedAbstract((3, 0, 0)))
    (Value.LOSE, Value.WIN)
    """

    name: ClassVar[str] = "disconnected-abstract"

    def __init__(self, start: Abstract) -> None:
        self._start = start

    def __repr__(self) -> str:
        return f"DisconnectedAbstract({self._start!r})"

    def start(self) -> Abstract:
        return self._start

    def primitive(self, state: Abstract) -> Value | None:
        return Value.WIN if state[0] + state[1] == 1 else None

    def position_bound(self) -> int:
        """The states reachable from the start, counted: ``a`` odd+odd joins leave
        ``odd - 2a`` odd components and at most ``even + a`` even ones, either parity.

        >>> DisconnectedAbstract((1000, 0, 0)).position_bound()  # the empty graph on 1,000
        251502
        """
        odd, even, _ = self._start
        joins = odd // 2 + 1
        return 2 * joins * (even + 1) + joins * (joins - 1)

    def moves(self, state: Abstract) -> list[tuple[str, Abstract]]:
        # In this order a search for the start's value alone (the judge's) stops early most
        # often: any+even first reaches at most 123,485 states from a graph of 1,000
        # vertices, fill first 188,248 (the empty graph). A list: cheaper than a generator.
        odd, even, parity = state
        children = []
        if even and odd + even >= 2:  # x*y - 1 is odd; odd+even is odd, even+even even
            children.append(("any+even", (odd, even - 1, parity ^ 1)))
        if parity:
            children.append(("fill", (odd, even, 0)))
        if odd >= 2:
            children.append(("odd+odd", (odd - 2, even + 1, parity)))  # x*y - 1 is even
        return children


def parse_disconnected(text: str) -> tuple[Disconnected, list[str]]:
    """The game of a judge input: ``N`` then ``N`` rows of ``Y``/``N``; notes on exceeded
    limits.

    Raises
    ------
    ValueError
        For a wrong count or row length, a character other than Y/N, a ``Y`` on the diagonal,
        a matrix that is not symmetric, or a graph that is already connected.

    Examples
    --------
    >>> game, notes = parse_disconnected("3\\nNYN\\nYNN\\nNNN\\n")
    >>> game, notes
    (Disconnected(3, '0-1'), [])
    """
    reader = JudgeInput(text)
    n = reader.integer("N", least=2)
    reader.expect(n, "rows")
    matrix, row_lines = [], []
    for i in range(n):
        row = reader.word(f"row {i + 1}")
        if len(row) != n or row.strip("YN"):
            raise ValueError(f"row {i + 1} must be {n} characters Y or N, got {row[:20]!r} "
                             f"(line {reader.line})")
        if row[i] != "N":
            raise ValueError(f"vertex {i + 1} is adjacent to itself (line {reader.line})")
        matrix.append(row)
        row_lines.append(reader.line)
    for i, column in enumerate(zip(*matrix, strict=True)):
        if "".join(column) != matrix[i]:
            j = next(j for j in range(n) if column[j] != matrix[i][j])
            raise ValueError(f"the matrix is not symmetric: row {i + 1} column {j + 1} "
                             f"(line {row_lines[i]})")
    table = str.maketrans("YN", "10")
    rows = tuple(int(row.translate(table)[::-1], 2) for row in matrix)
    if len(components_of(rows)) == 1:
        raise ValueError("the graph is already connected")
    notes = [f"N = {n} exceeds the contest limit {MAX_N}"] if n > MAX_N else []
    return Disconnected(n, rows), notes


def format_disconnected(value: Value) -> str:
    """The judge's output for the first player's value: ``Taro`` or ``Hanako``.

    >>> format_disconnected(Value.WIN)
    'Taro'
    """
    return "Taro" if value is Value.WIN else "Hanako"


def answer_disconnected(game: Disconnected, *,
                        progress: Callable[[int], None] | None = None) -> str:
    """The judge's output for a parsed input: the value of the abstract game.

    The estimate: :meth:`DisconnectedAbstract.position_bound` states at
    :data:`STATES_PER_SECOND`; a long solve calls ``progress`` with the states solved.

    Raises
    ------
    EngineLimitError
        At once, for an input beyond the judges' budget (see
        :func:`~perfectplay.games.judge_input.refuse_beyond`).

    Examples
    --------
    >>> answer_disconnected(Disconnected(3))
    'Taro'
    >>> answer_disconnected(Disconnected(20_000, (0,) * 20_000))
    Traceback (most recent call last):
    ...
    perfectplay.core.errors.EngineLimitError: too large to answer: disconnected with N = 20000 ...
    """
    abstract = game.abstraction()
    states = abstract.position_bound()
    estimate = Estimate(memory=states * PYTHON_BYTES_PER_POSITION, work=states,
                        what=f"disconnected with N = {game.n}")
    refuse_beyond(estimate, rate=STATES_PER_SECOND, unit="abstract states")
    return format_disconnected(start_value(abstract, estimate, rate=STATES_PER_SECOND,
                                           progress=progress))


def judge(text: str) -> tuple[str, list[str]]:
    """Answer a judge input through the abstract game: the output line and notes.

    >>> judge("2\\nNN\\nNN\\n")
    ('Hanako', [])
    """
    return Disconnected.judge()(text)
