"""Hypothesis strategies for random game graphs."""

from __future__ import annotations

from hypothesis import strategies as st

from perfectplay import Value


@st.composite
def game_graphs(draw, *, acyclic: bool = False, max_nodes: int = 12, ties: bool = True):
    """``(successors, finished)``: nodes 0..n-1, random edges (only i -> j > i when acyclic),
    and some nodes finished with a value."""
    n = draw(st.integers(1, max_nodes))
    successors = {}
    for i in range(n):
        targets = range(i + 1, n) if acyclic else range(n)
        kids = draw(st.lists(st.sampled_from(targets), max_size=4) if targets else st.just([]))
        successors[i] = kids
    values = [Value.WIN, Value.LOSE, Value.TIE] if ties else [Value.WIN, Value.LOSE]
    finished = draw(st.dictionaries(st.integers(0, n - 1), st.sampled_from(values),
                                    max_size=max(1, n // 3)))
    return successors, finished
