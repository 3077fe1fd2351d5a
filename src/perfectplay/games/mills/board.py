"""The picture of a mill game for the page (:mod:`perfectplay.serve`, kind ``mills``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from perfectplay.core.board import Board

if TYPE_CHECKING:
    from perfectplay.games.mills import Mills

__all__ = ["MillsBoard"]


class MillsBoard(Board):
    """The board's points (named as in the notation) at their places on the 7x7 grid, its
    lines and mills, the pieces and the pieces in hand. A placement is played on its point, a
    move on the point it leaves and the point it reaches (a removal is chosen in the list of
    the moves played there).

    >>> from perfectplay.games.mills import Mills
    >>> board = Mills(variant="six").picture()
    >>> picture = board.describe()
    >>> picture["points"][:3], picture["layout"]["d1"], picture["edges"][0], picture["mills"][0]
    (['a1', 'd1', 'g1'], [3, 0], ['a1', 'd1'], ['a1', 'd1', 'g1'])
    >>> position = board.game.parse_position("W../.../..../.../...:B:5,6")
    >>> board.draw(position)["hands"], board.target(position, 17)
    ({'W': 5, 'B': 6, 'mover': 'B'}, ['d1'])
    """

    kind = "mills"
    game: Mills

    def describe(self) -> dict[str, Any]:
        g = self.game.geometry
        return {"kind": self.kind, "points": list(g.names),
                "layout": {name: list(xy) for name, xy in zip(g.names, g.coordinates,
                                                              strict=True)},
                "edges": [[g.names[p], g.names[q]] for p, q in g.edges],
                "mills": [[g.names[p] for p in mill] for mill in g.mills]}

    def draw(self, position: str) -> dict[str, Any]:
        n = self.game.points
        return {"pieces": {name: position[p] for p, name in enumerate(self.game.geometry.names)
                           if position[p] != "."},
                "hands": {"W": int(position[n + 1]), "B": int(position[n + 2]),
                          "mover": position[n]}}

    def target(self, position: str, move: int) -> list[str]:
        n, names = self.game.points, self.game.geometry.names
        s, d = divmod(move // (n + 1), n)
        return [names[d]] if s == 0 else [names[s - 1], names[d]]
