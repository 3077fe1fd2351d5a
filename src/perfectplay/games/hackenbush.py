"""Blue-Red-Green Hackenbush on forests: cut one of your edges; whatever no longer reaches the
ground falls away."""

from __future__ import annotations

from typing import ClassVar

from perfectplay.core.errors import quote
from perfectplay.core.limits import (
    CGT_MAX_COMPARISONS,
    CGT_MAX_INPUT,
    CGT_MAX_NESTING,
    check_need,
)
from perfectplay.core.options import Option
from perfectplay.core.partizan import PartizanGame

__all__ = ["Hackenbush"]

Branch = tuple[str, tuple["Branch", ...]]
"""A run of edges from a node upward (``l``, ``r``, ``e``), then the branches forking at its
top: none, or at least two, sorted."""

Forest = tuple[Branch, ...]
"""The branches standing on the ground, sorted."""

_EDGES = "lre"


def _branch(edges: str, kids: list[Branch]) -> Branch:
    """A branch in normal form: one child is merged into the run, children sorted."""
    if len(kids) == 1:
        child_edges, grandkids = kids[0]
        return edges + child_edges, grandkids
    return edges, tuple(sorted(kids))


def parse_forest(text: str) -> Forest:
    """A forest from text: edges from the ground up, ``l`` Left's (blue), ``r`` Right's (red),
    ``e`` either's (green); a fork in parentheses, its branches separated by ``;`` (as in
    CGSuite: ``l(l;rl)``); trees standing on the ground side by side separated by ``;`` too
    (a sum). A comma is read as ``;``.

    The text is limited (:data:`~perfectplay.core.limits.CGT_MAX_INPUT` characters, forks
    nested :data:`~perfectplay.core.limits.CGT_MAX_NESTING` deep), and so is the work of
    valuing the forest: its positions times its edges squared, at most
    :data:`~perfectplay.core.limits.CGT_MAX_COMPARISONS` (a stalk of 200 edges is within).

    Raises
    ------
    ValueError
        For a character other than ``l r e ( ) ,`` or unbalanced parentheses; EngineLimitError
        (a ValueError too) for a forest beyond the limits.

    >>> parse_forest("lr;l(r;e)")
    (('l', (('e', ()), ('r', ()))), ('lr', ()))
    """
    if text.strip() == "0":  # the empty forest, as format_forest writes it
        return ()
    if len(text) > CGT_MAX_INPUT:
        raise ValueError(f"a forest of more than {CGT_MAX_INPUT:,} characters (the limit): "
                         f"{quote(text)}")
    stack: list[tuple[str, list[Branch], list[Branch]]] = [("", [], [])]
    edges = ""
    for char in text.replace(" ", ""):
        if char in _EDGES:
            edges += char
        elif char == "(":
            if not edges:
                raise ValueError(f"a fork must stand on an edge in {quote(text)}")
            stack.append((edges, [], stack[-1][1]))
            if len(stack) > CGT_MAX_NESTING:  # cuts and printing recurse once per fork
                raise ValueError(f"forks nested more than {CGT_MAX_NESTING} deep (the limit) "
                                 f"in {quote(text)}")
            edges = ""
        elif char in ",;)":
            run, kids, siblings = stack[-1]
            if edges:
                kids.append(_branch(edges, []))
            edges = ""
            if char == ")":
                if len(stack) == 1:
                    raise ValueError(f"unbalanced ')' in {quote(text)}")
                stack.pop()
                siblings.append(_branch(run, kids))
        else:
            raise ValueError(f"unexpected {char!r} in {quote(text)} (edges: 'l' Left's, 'r' "
                             "Right's, 'e' either's; forks in parentheses)")
    if len(stack) > 1:
        raise ValueError(f"unbalanced '(' in {quote(text)}")
    if edges:
        stack[0][1].append(_branch(edges, []))
    forest = tuple(sorted(stack[0][1]))
    # A position with k options compares them pairwise when it is valued.
    work = sum(_subtrees(tree) * _edges(tree) ** 2 for tree in set(forest))
    check_need(f"hackenbush {quote(text)}", work, CGT_MAX_COMPARISONS, "comparisons")
    return forest


def _subtrees(branch: Branch) -> int:
    """How many trees cutting ``branch`` leaves (itself included): a part of its run, or
    the whole run and what is left of each fork (each may be gone)."""
    edges, kids = branch
    kept = 1
    for kid in kids:
        kept *= 1 + _subtrees(kid)
    return len(edges) - 1 + kept


def _edges(branch: Branch) -> int:
    return len(branch[0]) + sum(_edges(kid) for kid in branch[1])


def format_forest(forest: Forest) -> str:
    """The text of a forest (:func:`parse_forest` reads it back); the empty forest is ``0``.

    >>> format_forest(parse_forest("l(r;e);lr"))
    'l(e;r);lr'
    """
    return ";".join(_format_branch(b) for b in forest) or "0"


def _format_branch(branch: Branch) -> str:
    edges, kids = branch
    return f"{edges}({';'.join(_format_branch(k) for k in kids)})" if kids else edges


class Hackenbush(PartizanGame[Forest]):
    """Hackenbush on a forest of trees drawn on the ground (see :func:`parse_forest` for the
    text: ``lrl`` is a stalk of a Left edge, a Right edge, a Left edge from the ground up).
    Left cuts an ``l`` or ``e`` edge, Right an ``r`` or ``e`` edge; the part above the cut
    falls. Each tree is a component.

    Examples
    --------
    >>> from perfectplay.cgt import canonical_form
    >>> game = Hackenbush("l")
    >>> [str(canonical_form(game, game.parse_position(s))) for s in ("lr", "lrr", "rll", "e")]
    ['1/2', '1/4', '-1/4', '*']

    References
    ----------
    .. [1] E. R. Berlekamp, J. H. Conway, R. K. Guy, *Winning Ways*, 2nd ed., vol. 1, ch. 2
       ("Hackenbush"); a stalk's value by Berlekamp's rule.
    """

    name: ClassVar[str] = "hackenbush"
    OPTIONS: ClassVar[tuple[Option, ...]] = (
        Option("forest", parse_forest, "edges from the ground up ('l' Left's, 'r' Right's, "
               "'e' either's), forks in parentheses with ';' between branches: l(l;rl)", "lrl"),
    )

    def __init__(self, forest: Forest | str = (("lrl", ()),)) -> None:
        self.forest = parse_forest(forest) if isinstance(forest, str) else tuple(forest)

    def __repr__(self) -> str:
        return f"Hackenbush({format_forest(self.forest)!r})"

    def start(self) -> Forest:
        return self.forest

    def _cuts(self, forest: Forest, mine: str) -> list[Forest]:
        found = []
        for i, branch in enumerate(forest):
            rest = forest[:i] + forest[i + 1:]
            for cut in _cuts(branch, mine):
                found.append(tuple(sorted(rest if cut is None else (*rest, cut))))
        return found

    def left_moves(self, forest: Forest) -> list[Forest]:
        return self._cuts(forest, "le")

    def right_moves(self, forest: Forest) -> list[Forest]:
        return self._cuts(forest, "re")

    def components(self, forest: Forest) -> list[Forest]:
        return [(branch,) for branch in forest]

    def format_position(self, forest: Forest) -> str:
        return format_forest(forest)

    def parse_position(self, text: str) -> Forest:
        return parse_forest(text)


def _cuts(branch: Branch, mine: str) -> list[Branch | None]:
    """What is left of ``branch`` after each cut of an edge of a colour in ``mine`` (None:
    nothing)."""
    edges, kids = branch
    found: list[Branch | None] = [_branch(edges[:i], []) if i else None
                                  for i, edge in enumerate(edges) if edge in mine]
    for j, kid in enumerate(kids):
        others = list(kids[:j] + kids[j + 1:])
        for cut in _cuts(kid, mine):
            found.append(_branch(edges, others if cut is None else [*others, cut]))
    return found
