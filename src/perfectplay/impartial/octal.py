"""Heap games by code, as CGSuite names them: octal and hexadecimal take-and-break games,
subtraction and all-but subtraction games, and Grundy's game.

A code ``d0.d1d2d3...`` says, digit by digit, what a move may do to one heap: digit ``dk``
(octal 0-7 or hexadecimal 0-f) contains the bit ``2**j`` when a player may remove ``k``
counters from a heap and leave exactly ``j`` non-empty heaps [1]_. ``!`` after ``d0`` asks that
the heaps left be unequal (Grundy's game is ``4!.0``: split a heap into two unequal heaps).
Digits in brackets repeat forever: ``0.[3]`` is Nim, ``0.3[0]`` ends at once.

Examples
--------
>>> from perfectplay.impartial.grundy import grundy
>>> kayles = OctalGame("0.77", (5, 3))
>>> grundy(kayles), nim_sequence("0.77", 12).tolist()
(7, [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4])

References
----------
.. [1] E. R. Berlekamp, J. H. Conway, R. K. Guy, *Winning Ways for your Mathematical Plays*,
   2nd ed., vol. 1, ch. 4 ("Taking and breaking").
.. [2] A. Flammenkamp, Sprague-Grundy values of octal games,
   https://wwwhomes.uni-bielefeld.de/achim/octal.html
.. [3] OEIS A002186 (Kayles), A002187 (Dawson's chess), A002188 (Grundy's game).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from perfectplay.core.board import HeapsBoard
from perfectplay.core.engines import Engine, Request, dispatch, register
from perfectplay.core.errors import quote
from perfectplay.core.game import Game
from perfectplay.core.limits import (
    CODE_BYTES_PER_DIGIT,
    MAX_CODE_DIGITS,
    PYTHON_NIM_SEQUENCE_UPTO,
    check_memory,
)
from perfectplay.core.options import Option, parse_int_list
from perfectplay.impartial.grundy import grundy
from perfectplay.impartial.periodicity import Periodicity, find_period

if TYPE_CHECKING:
    import numpy as np

__all__ = ["ALIASES", "GrundysGame", "HeapRules", "OctalBoard", "OctalGame", "nim_sequence",
           "parse_code", "periodicity"]

Heaps = tuple[int, ...]
Move = tuple[int, int, Heaps]  # (heap, counters removed, heaps left)

ALIASES: dict[str, str] = {
    "kayles": "0.77", "dawson": "0.137", "dawsons-kayles": "0.07", "grundy": "4!.0",
    "nim": "0.[3]",
}
"""Names accepted wherever a code is: the game's code in CGSuite notation."""

_CODE = re.compile(r"^(?P<head>[0-9a-f]?)(?P<bang>!?)\.(?P<tail>[0-9a-f]*)"
                   r"(?:\[(?P<repeat>[0-9a-f]+)\])?$")


@dataclass(frozen=True)
class HeapRules:
    """The parsed rules of a heap game: what removing ``k`` counters may leave.

    Examples
    --------
    >>> rules = parse_code("0.137")
    >>> rules.digit(1), rules.digit(3), rules.digit(9), rules.max_removal, rules.max_parts
    (1, 7, 0, 3, 2)
    """

    digits: tuple[int, ...]
    """``d0, d1, ...``: bit ``2**j`` of ``dk`` allows removing ``k`` and leaving ``j`` heaps."""

    repeat: tuple[int, ...] = ()
    """Digits that follow ``digits`` and repeat forever (empty: all later digits are 0)."""

    unequal: bool = False
    """Whether the heaps a move leaves must be pairwise unequal (``!``)."""

    def __post_init__(self) -> None:
        if not self.digits or self.digits[0] & 3:
            raise ValueError("d0 (removing nothing) may only split, so it must be 0, 4, 8 or c")
        if any(not 0 <= d < 16 for d in (*self.digits, *self.repeat)):
            raise ValueError("digits must lie in 0..15")

    @property
    def code(self) -> str:
        """The code in CGSuite notation, e.g. ``0.77`` or ``4!.0``."""
        tail = "".join(f"{d:x}" for d in self.digits[1:])
        repeat = f"[{''.join(f'{d:x}' for d in self.repeat)}]" if self.repeat else ""
        return f"{self.digits[0]:x}{'!' if self.unequal else ''}.{tail}{repeat}"

    def digit(self, k: int) -> int:
        """The digit for removing ``k`` counters."""
        if k < len(self.digits):
            return self.digits[k]
        if not self.repeat:
            return 0
        return self.repeat[(k - len(self.digits)) % len(self.repeat)]

    @property
    def max_removal(self) -> int | None:
        """The largest number of counters a move removes, None when unbounded."""
        if self.repeat and any(self.repeat):
            return None
        return max((k for k, d in enumerate(self.digits) if d), default=0)

    @property
    def max_parts(self) -> int:
        """The most heaps one move can leave (0 to 3)."""
        bits = 0
        for d in (*self.digits, *self.repeat):
            bits |= d
        return max((j for j in range(4) if bits >> j & 1), default=0)

    def options(self, heap: int) -> Iterator[tuple[int, Heaps]]:
        """Every ``(removed, heaps left)`` from a heap of ``heap`` (parts non-decreasing)."""
        for k in range(heap + 1):
            d = self.digit(k)
            rest = heap - k
            if d & 1 and rest == 0:
                yield k, ()
            if d & 2 and rest >= 1 and k:
                yield k, (rest,)
            if d & 4:
                for a in range(1, rest // 2 + 1):
                    if not (self.unequal and 2 * a == rest):
                        yield k, (a, rest - a)
            if d & 8:
                for a in range(1, rest // 3 + 1):
                    for b in range(a, (rest - a) // 2 + 1):
                        c = rest - a - b
                        if not (self.unequal and (a == b or b == c)):
                            yield k, (a, b, c)


def parse_code(text: str) -> HeapRules:
    """Rules from a code or an alias.

    Accepted: an octal or hexadecimal code (``0.77``, ``.137``, ``4.7``, ``0.f``), ``!`` after
    the first digit for unequal heaps (``4!.0``), a repeating tail in brackets (``0.[3]``),
    ``subtraction:2,3,7`` (take 2, 3 or 7), ``allbut:1,2`` (take any amount but 1 or 2), and the
    aliases in :data:`ALIASES`.

    Raises
    ------
    ValueError
        Naming what is wrong with the text.

    Examples
    --------
    >>> parse_code("grundy").code, parse_code("subtraction:2,3,7").code
    ('4!.0', '0.0330003')
    >>> parse_code("allbut:1,2").code
    '0.00[3]'
    """
    spec = ALIASES.get(text.strip().lower(), text.strip().lower())
    kind, colon, amounts_text = spec.partition(":")
    if colon:
        if kind not in ("subtraction", "allbut"):
            raise ValueError(f"unknown heap game {kind!r} in {quote(text)}: expected subtraction: "
                             "or allbut:")
        amounts = set(parse_int_list(amounts_text)) if amounts_text.strip() else set()
        if 0 in amounts:
            raise ValueError(f"amounts must be positive in {quote(text)}")
        top = max(amounts, default=0)
        _check_digits(top + 1, text)
        if kind == "subtraction":
            if not amounts:
                raise ValueError(f"a subtraction game needs amounts, got {quote(text)}")
            return HeapRules(tuple(3 if k in amounts else 0 for k in range(top + 1)))
        return HeapRules(tuple(0 if k in amounts or k == 0 else 3 for k in range(top + 1)), (3,))
    match = _CODE.match(spec)
    if match is None:
        raise ValueError(f"cannot read heap game code {quote(text)}: expected e.g. 0.77, 4!.0, "
                         "0.[3], subtraction:2,3,7 or allbut:1,2")
    _check_digits(len(match["tail"]) + len(match["repeat"] or ""), text)
    digits = tuple(int(c, 16) for c in match["head"] or "0") + tuple(
        int(c, 16) for c in match["tail"])
    repeat = tuple(int(c, 16) for c in match["repeat"] or "")
    return HeapRules(digits, repeat if any(repeat) else (), bool(match["bang"]))


def _check_digits(n: int, text: str) -> None:
    """Refuse a code of ``n`` digits before they are made: past :data:`MAX_CODE_DIGITS`, or
    more than the memory available holds."""
    if n > MAX_CODE_DIGITS:
        raise ValueError(f"{quote(text)} is a code of {n:,} digits, past the {MAX_CODE_DIGITS:,} "
                         "a heap game's code has (one for each amount up to the largest)")
    check_memory(n * CODE_BYTES_PER_DIGIT, f"{quote(text)} ({n:,} digits)")


class OctalGame(Game):
    """A heap game given by its code, played on several heaps.

    A position is the sorted tuple of non-empty heaps; each heap is a component, so
    :func:`~perfectplay.impartial.grundy.grundy` values a position as the nim-sum of its heaps. A
    move ``(h, k, parts)`` removes ``k`` counters from a heap of ``h`` and leaves ``parts``;
    it is written ``h-k=a+b`` (``h-k=0`` when nothing is left).

    Examples
    --------
    >>> from perfectplay import solve
    >>> game = OctalGame("0.77", (4, 2))
    >>> solve(game).value(), game.format_move(solve(game).best_move())
    (Value.WIN, '2-1=1')
    """

    name: ClassVar[str] = "octal"
    OPTIONS: ClassVar[tuple[Option, ...]] = (
        Option("code", str, "the game's code, e.g. 0.77, 0.137, 4.7, 4!.0, allbut:1,2", "0.77"),
        Option("heap", parse_int_list, "heap sizes, comma-separated", "10", argument="heaps"),
    )

    def __init__(self, code: str = "0.77", heaps: Heaps = (10,)) -> None:
        self.rules = parse_code(code)
        self.heaps = tuple(sorted(h for h in heaps if h))

    def __repr__(self) -> str:
        return f"OctalGame({self.rules.code!r}, {self.heaps!r})"

    def picture(self) -> OctalBoard:
        """The page's picture: heaps of counters (:class:`OctalBoard`)."""
        return OctalBoard(self)

    def __str__(self) -> str:
        return f"{self.name} {self.rules.code}"

    def start(self) -> Heaps:
        return self.heaps

    def moves(self, heaps: Heaps) -> Iterator[tuple[Move, Heaps]]:
        for i, h in enumerate(heaps):
            if i and heaps[i - 1] == h:
                continue  # equal heaps give the same children
            rest = heaps[:i] + heaps[i + 1:]
            for k, parts in self.rules.options(h):
                yield (h, k, parts), tuple(sorted(rest + parts))

    def components(self, heaps: Heaps) -> list[Heaps]:
        return [(h,) for h in heaps] if len(heaps) > 1 else [heaps]

    def format_position(self, heaps: Heaps) -> str:
        return ",".join(map(str, heaps)) or "0"

    def parse_position(self, text: str) -> Heaps:
        return tuple(sorted(h for h in parse_int_list(text) if h))

    def format_move(self, move: Move) -> str:
        h, k, parts = move
        return f"{h}-{k}={'+'.join(map(str, parts)) or '0'}"


class GrundysGame(OctalGame):
    """Grundy's game: split a heap into two unequal heaps (code ``4!.0``).

    >>> from perfectplay.impartial.grundy import grundy
    >>> [grundy(GrundysGame((n,))) for n in range(10)]
    [0, 0, 0, 1, 0, 2, 1, 0, 2, 1]

    References
    ----------
    .. [1] OEIS A002188, https://oeis.org/A002188
    """

    name: ClassVar[str] = "grundy"
    OPTIONS: ClassVar[tuple[Option, ...]] = (
        Option("heap", parse_int_list, "heap sizes, comma-separated", "10", argument="heaps"),
    )

    def __init__(self, heaps: Heaps = (10,)) -> None:
        super().__init__("4!.0", heaps)

    def __repr__(self) -> str:
        return f"GrundysGame({self.heaps!r})"


def nim_sequence(code: str | HeapRules, upto: int, *, method: str = "auto",
                 progress: Callable[[int], None] | None = None) -> np.ndarray:
    """The nim-sequence ``G(0), ..., G(upto)`` of a heap game: ``G(n)`` is the Grundy value of
    one heap of ``n``.

    Parameters
    ----------
    code : str or HeapRules
        See :func:`parse_code`.
    upto : int
        The largest heap.
    method : {"auto", "python", "plain", "rare"}
        ``python``: :func:`~perfectplay.impartial.grundy.grundy` on :class:`OctalGame` (no
        compiling). ``plain``: compiled mex over every option, quadratic. ``rare``: compiled
        rare-value ("sparse space") method, near linear when the values split into common and
        rare ones (see :mod:`perfectplay.compiled.nimseq`). ``auto``: python below
        :data:`~perfectplay.core.limits.PYTHON_NIM_SEQUENCE_UPTO` heaps, else rare where the
        code allows (at most two heaps left), else plain.
    progress : callable, optional
        Called with the number of heaps done, now and then, on the compiled paths.

    Returns
    -------
    numpy.ndarray
        ``upto + 1`` values (uint16, or uint32 once a value needs it).

    Raises
    ------
    ValueError
        For a bad code, a negative ``upto``, an unknown method or one the code does not allow.
    EngineLimitError
        When the values would not fit in memory.

    Examples
    --------
    >>> nim_sequence("0.137", 10).tolist(), nim_sequence("subtraction:2,3,7", 9).tolist()
    ([0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3], [0, 0, 1, 1, 2, 0, 0, 1, 1, 2])
    """
    rules = code if isinstance(code, HeapRules) else parse_code(code)
    if upto < 0:
        raise ValueError(f"upto must be non-negative, got {upto}")
    values: np.ndarray = dispatch(Request("nim_sequence", OctalGame(rules.code, (upto,)),
                                          progress=progress,
                                          options={"rules": rules, "upto": upto}), method)
    return values


def _python_sequence(request: Request) -> np.ndarray:
    """The nim-sequence by :func:`~perfectplay.impartial.grundy.grundy` on :class:`OctalGame`."""
    import numpy as np

    upto = request.options["upto"]
    game = request.game
    table: dict[Hashable, int] = {}
    values = [grundy(game, (n,) if n else (), table=table, method="python")
              for n in range(upto + 1)]
    return np.array(values, dtype=np.uint32 if max(values) >= 1 << 16 else np.uint16)


register(Engine("python", "nim_sequence", order=0, run=_python_sequence,
                worthwhile=lambda request, _: request.options["upto"] < PYTHON_NIM_SEQUENCE_UPTO))


def periodicity(code: str | HeapRules, values: np.ndarray) -> Periodicity | None:
    """The period of a computed nim-sequence of the game ``code``, proven where the
    Guy–Smith theorem applies (see :func:`~perfectplay.impartial.periodicity.find_period`).

    >>> p = periodicity("0.77", nim_sequence("0.77", 200))
    >>> p.period, p.preperiod, p.saltus, p.proven
    (12, 71, 0, True)
    """
    rules = code if isinstance(code, HeapRules) else parse_code(code)
    provable = rules.max_removal is not None and not rules.unequal
    return find_period(values, max_removal=rules.max_removal if provable else None,
                       max_parts=rules.max_parts)


class OctalBoard(HeapsBoard):
    """The heaps of a heap game given by its code; a move is played on the first counter it
    takes, or, for a move that only splits a heap, on the counter left of the split.

    >>> OctalGame("0.77", (2, 5)).picture().target((2, 5), (5, 2, (1, 2)))  # 5 -> 1 + 2
    ['1:1']
    """

    def first_taken(self, heaps: list[int], move: Move) -> tuple[int, int]:
        size, take, parts = move  # (heap, counters taken, heaps left)
        first = parts[0] if parts else 0  # the taken run starts after the first heap left
        return heaps.index(size), first if take else first - 1
