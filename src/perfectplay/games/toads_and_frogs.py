"""Toads and Frogs: toads slide or jump rightward, frogs leftward, on a strip."""

from __future__ import annotations

from typing import ClassVar

from perfectplay.core.errors import quote
from perfectplay.core.options import Option
from perfectplay.core.partizan import PartizanGame

__all__ = ["ToadsAndFrogs"]


def _strip(text: str) -> str:
    strip = text.strip()
    bad = set(strip) - set(".tf")
    if bad:
        raise ValueError(f"unexpected {sorted(bad)[0]!r} in {quote(text)} (squares: 't' a toad, "
                         "'f' a frog, '.' empty)")
    return strip


class ToadsAndFrogs(PartizanGame[str]):
    """Toads and Frogs on a strip of CGSuite's text: ``t`` a toad (Left's), ``f`` a frog
    (Right's), ``.`` an empty square. A toad moves one square to the right onto an empty
    square, or jumps over one frog onto the empty square beyond; frogs do the same leftward.

    Examples
    --------
    >>> from perfectplay.cgt import canonical_form
    >>> game = ToadsAndFrogs("t.f")
    >>> [str(canonical_form(game, p)) for p in ("t.f", "t..f", "tt.f", "t.ff")]
    ['*', '0', '{1/2|0}', '{0|-1/2}']

    References
    ----------
    .. [1] E. R. Berlekamp, J. H. Conway, R. K. Guy, *Winning Ways*, 2nd ed., vol. 1, ch. 1
       ("Toads and Frogs") and ch. 4; J. Erickson, New Toads and Frogs results, in *Games
       of No Chance*, MSRI 29 (1996).
    """

    name: ClassVar[str] = "toads-and-frogs"
    OPTIONS: ClassVar[tuple[Option, ...]] = (
        Option("strip", _strip, "the strip: 't' toads, 'f' frogs, '.' empty", "tt.ff"),
    )

    def __init__(self, strip: str = "tt.ff") -> None:
        self.strip = _strip(strip)

    def __repr__(self) -> str:
        return f"ToadsAndFrogs({self.strip!r})"

    def start(self) -> str:
        return self.strip

    def left_moves(self, strip: str) -> list[str]:
        found = []
        for i, square in enumerate(strip):
            if square != "t":
                continue
            if strip[i + 1:i + 2] == ".":
                found.append(f"{strip[:i]}.t{strip[i + 2:]}")
            elif strip[i + 1:i + 3] == "f.":
                found.append(f"{strip[:i]}.ft{strip[i + 3:]}")
        return found

    def right_moves(self, strip: str) -> list[str]:
        found = []
        for i, square in enumerate(strip):
            if square != "f":
                continue
            if i >= 1 and strip[i - 1] == ".":
                found.append(f"{strip[:i - 1]}f.{strip[i + 1:]}")
            elif i >= 2 and strip[i - 2:i] == ".t":
                found.append(f"{strip[:i - 2]}ft.{strip[i + 1:]}")
        return found

    def key(self, strip: str) -> str:
        # Frogs at the left end and toads at the right end never move again, and block
        # nothing: they are gone as far as play goes.
        return strip.lstrip("f").rstrip("t")

    def format_position(self, strip: str) -> str:
        return strip

    def parse_position(self, text: str) -> str:
        return _strip(text)
