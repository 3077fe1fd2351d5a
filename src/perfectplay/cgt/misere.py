"""Misère canonical forms of impartial games, and Conway's genus.

Under the misère convention the player who makes the last move loses. Two impartial games are
misère-equal when adding either to any game gives the same misère outcome; every game equals
exactly one game with no reversible option, its misère canonical form [1]_ [2]_. This module
keeps one object per form (as :class:`~perfectplay.cgt.form.CanonicalForm` does for normal
play), adds them, and writes them in CGSuite's ``*[...]`` notation. The genus
``g^(γ0 γ1 ...)`` of a game [1]_ is the normal Grundy value ``g`` and the misère Grundy values
``γn`` of the game plus ``n`` heaps of two; it is written as CGSuite writes it, by phylum (a
nim heap as its size, a tame game as ``g^γ0``, any other with the superscripts up to where
they start to alternate).

References
----------
.. [1] E. R. Berlekamp, J. H. Conway, R. K. Guy, *Winning Ways for your Mathematical Plays*,
   2nd ed., vol. 2, ch. 13 ("Survival in the lost world").
.. [2] J. H. Conway, *On Numbers and Games*, 2nd ed., ch. 12; A. N. Siegel, *Combinatorial
   Game Theory*, AMS 2013, ch. V.1.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass
from typing import Any

from perfectplay.core.errors import GameError
from perfectplay.core.game import Game, checked_key, children_of, has_hook

__all__ = ["Genus", "MisereForm", "Phylum", "genus", "misere_canonical_form"]


class Phylum(enum.Enum):
    """How tame a misère form is, as CGSuite classifies it (the order matters: CGSuite
    compares phyla by it)."""

    NIMHEAP = 0
    """A nim heap."""
    HEREDITARILY_TAME = 1
    """Of tame genus, and so are all its options, theirs, and so on."""
    REVERSIBLY_TAME = 2
    """Tame, its wild options reversible through tame ones."""
    TAMEABLE = 3
    """Not tame, but behaves like a tame game in sums with tame games."""
    WILD_OF_TAME_GENUS = 4
    HEREDITARILY_RESTIVE = 5
    """Of restive genus, with tame or restive options."""
    REVERSIBLY_RESTIVE = 6
    WILD_OF_RESTIVE_GENUS = 7
    RESTLESS = 8
    """Not tame, all options tame, ``γ0 < 2``."""
    WILD_OF_RESTLESS_GENUS = 9
    WILD = 10
    """Anything else."""

    @property
    def is_tame(self) -> bool:
        """A nim heap, hereditarily or reversibly tame."""
        return self in (Phylum.NIMHEAP, Phylum.HEREDITARILY_TAME, Phylum.REVERSIBLY_TAME)

    @property
    def is_restive(self) -> bool:
        """Hereditarily or reversibly restive."""
        return self in (Phylum.HEREDITARILY_RESTIVE, Phylum.REVERSIBLY_RESTIVE)

    @property
    def is_wild(self) -> bool:
        """One of the provisional wild phyla (or WILD)."""
        return self in (Phylum.WILD_OF_TAME_GENUS, Phylum.WILD_OF_RESTIVE_GENUS,
                        Phylum.WILD_OF_RESTLESS_GENUS, Phylum.WILD)


@dataclass(frozen=True)
class Genus:
    """The genus ``g^(γ0 γ1 γ2 ...)``: ``g`` the normal Grundy value, ``γn`` the misère
    Grundy value of the game plus ``n`` copies of ``*2``; the ``γn`` end up alternating with
    period 2, so finitely many say them all.

    Examples
    --------
    >>> str(genus_of_heap(0)), genus_of_heap(0).superscript(4), str(genus_of_heap(0).expanded())
    ('0', 0, '0^120')
    """

    base: int
    """``g``, the normal-play Grundy value."""
    written: tuple[int, ...]
    """The superscripts as CGSuite writes them (empty for a nim heap)."""
    phylum: Phylum

    def superscript(self, n: int) -> int:
        """``γn``, the misère Grundy value of the game plus ``n`` copies of ``*2``."""
        if n < len(self.written):
            return self.written[n]
        if self.phylum.is_tame:
            if n == 0 and self.base < 2:
                return 1 - self.base
            return self.base ^ (n & 1) << 1
        if self.phylum.is_restive:
            first = self.written[0]
            return (first if first < 4 else self.base) ^ (n & 1) << 1
        length = len(self.written)
        return self.written[length - 2 + ((length ^ n) & 1)]

    def _settles(self) -> int:
        """An index from which the superscripts alternate: ``γn == γ(n-2)`` beyond it."""
        if self.phylum.is_tame:
            plain = self.base < 2 and (not self.written or self.written[0] != self.base)
            return 2 if plain else 1
        if self.phylum.is_restive:
            return 1 if self.written[0] < 4 else 2
        return len(self.written) - 1

    @property
    def misere_value(self) -> int:
        """``γ0``, the misère Grundy value."""
        return self.superscript(0)

    def expanded(self) -> Genus:
        """The same genus written in full, as for a wild game: superscripts up to where
        they start to alternate."""
        settles = max(self._settles(), 1) + 2
        digits = [self.superscript(n) for n in range(settles + 1)]
        while settles > 1 and digits[settles] == digits[settles - 2]:
            settles -= 1
        return Genus(self.base, tuple(digits[:settles + 1]), Phylum.WILD)

    def __str__(self) -> str:
        if not self.written:
            return str(self.base)
        if any(d >= 10 for d in self.written):
            return f"{self.base}^({','.join(map(str, self.written))})"
        return f"{self.base}^{''.join(map(str, self.written))}"


def _wild_genus(options: Iterable[Genus]) -> Genus:
    """The genus of a game from its options' genera, written in full."""
    options = list(options)
    base = _mex(g.base for g in options)
    settles = max((g._settles() for g in options), default=1)
    settles = max(settles, 1) + 2
    digits = [_mex(g.superscript(0) for g in options)]
    for n in range(1, settles + 1):
        # moving in one *2 of G + n.*2 gives G + (n-1).*2 plus *1 or *0
        previous = digits[-1]
        digits.append(_mex([previous, previous ^ 1, *(g.superscript(n) for g in options)]))
    while settles > 1 and digits[settles] == digits[settles - 2]:
        settles -= 1
    return Genus(base, tuple(digits[:settles + 1]), Phylum.WILD)


def _mex(values: Iterable[int]) -> int:
    seen = set(values)
    m = 0
    while m in seen:
        m += 1
    return m


class MisereForm:
    """The misère canonical form of an impartial game: immutable, hashable, one object per
    value, so ``==`` is identity.

    Make forms with :meth:`nim_heap`, :meth:`from_options` (which simplifies), :meth:`parse`
    (CGSuite's input text) or :func:`misere_canonical_form`; add them with ``+``.

    Examples
    --------
    >>> one, two = MisereForm.nim_heap(1), MisereForm.nim_heap(2)
    >>> one + one is MisereForm.nim_heap(0), str(two + two), str(MisereForm.from_options([two]))
    (True, '*[32]', '*[2#]')
    >>> g = MisereForm.parse("*[[2],1]")
    >>> str(g), str(g.genus), g.misere_value, g.outcome
    ('*[2#1]', '2^1420', 1, 'N')
    """

    __slots__ = ("__weakref__", "_base", "_birthday", "_genus", "_misere", "_options",
                 "_order", "_phylum")

    _options: tuple[MisereForm, ...]
    _birthday: int
    _base: int
    _misere: int
    _phylum: Phylum
    _genus: Genus
    _order: tuple[Any, ...]

    def __new__(cls, *args: object, **kwargs: object) -> MisereForm:
        raise TypeError("make a MisereForm with nim_heap, from_options or parse")

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("MisereForm is immutable")

    def __reduce__(self) -> tuple[Any, ...]:
        return (MisereForm.from_options, (self._options,))

    @classmethod
    def from_options(cls, options: Iterable[MisereForm]) -> MisereForm:
        """The misère canonical form of the game whose options are ``options``.

        A game equals one of its second options exactly when an option is reversible; so the
        form is that second option when one equals the game (tested by Conway's criterion),
        else the game itself, which then has no reversible option [1]_.

        References
        ----------
        .. [1] A. N. Siegel, *Combinatorial Game Theory*, ch. V.1 (misère canonical forms);
           J. H. Conway, *On Numbers and Games*, ch. 12.
        """
        opts = sorted(set(options), key=_order_key)
        for option in opts:
            if not isinstance(option, MisereForm):
                raise TypeError(f"an option must be a MisereForm, got {option!r}")
        key = tuple(id(o) for o in opts)
        found = _TABLE.get(key)
        if found is not None:
            return found
        for option in opts:
            for second in option._options:
                if _equals_game(second, opts):
                    _TABLE[key] = second
                    return second
        return _intern(opts)

    @classmethod
    def nim_heap(cls, n: int) -> MisereForm:
        """``*n``: the options ``*0 .. *(n-1)``.

        >>> str(MisereForm.nim_heap(3)), MisereForm.nim_heap(3).options == tuple(
        ...     MisereForm.nim_heap(k) for k in range(3))
        ('*[3]', True)
        """
        while len(_HEAPS) <= n:
            _HEAPS.append(_intern(list(_HEAPS)))
        return _HEAPS[n]

    @classmethod
    def parse(cls, text: str) -> MisereForm:
        """A form from CGSuite's input notation: ``*[n]`` the nim heap, ``*[a,b,...]`` the game
        whose options are ``a``, ``b``... where a number is a nim heap and ``[...]`` a game
        with those options (``*[[2],0]`` is ``{{*2}, 0}``); ``+`` between forms adds them.

        Raises
        ------
        ValueError
            For text in another notation.

        >>> str(MisereForm.parse("*[[2],1]")), str(MisereForm.parse("*[2] + *[2]"))
        ('*[2#1]', '*[32]')
        """
        total = cls.nim_heap(0)
        for part in text.split("+"):
            total = total + _parse_one(part.strip(), text)
        return total

    @property
    def options(self) -> tuple[MisereForm, ...]:
        """The options, each a misère canonical form."""
        return self._options

    @property
    def birthday(self) -> int:
        """The height of the game tree of the form."""
        return self._birthday

    @property
    def nim_value(self) -> int:
        """The normal-play Grundy value ``G+``."""
        return self._base

    @property
    def misere_value(self) -> int:
        """The misère Grundy value ``G-``: nonzero exactly when the player to move wins."""
        return self._misere

    @property
    def outcome(self) -> str:
        """The misère outcome class: ``"N"`` (the player to move wins) or ``"P"``."""
        return "N" if self._misere else "P"

    @property
    def phylum(self) -> Phylum:
        """CGSuite's phylum of the form."""
        return self._phylum

    @property
    def genus(self) -> Genus:
        """Conway's genus, written as CGSuite writes it."""
        return self._genus

    @property
    def is_nim_heap(self) -> bool:
        """Whether the form is a nim heap ``*n``."""
        return self._phylum is Phylum.NIMHEAP

    def __add__(self, other: object) -> MisereForm:
        if not isinstance(other, MisereForm):
            return NotImplemented
        return _add(self, other)

    def __str__(self) -> str:
        return f"*[{_format(self, parenthesize=False)}]"

    def __repr__(self) -> str:
        return f"MisereForm.parse({_input_text(self)!r})"


_TABLE: dict[tuple[int, ...], MisereForm] = {}
"""Forms by the ids of the (sorted, distinct, canonical) options they were made from."""

_HEAPS: list[MisereForm] = []
_SUMS: dict[tuple[int, int], MisereForm] = {}

_set = object.__setattr__


def _order_key(form: MisereForm) -> tuple[Any, ...]:
    return form._order


def _intern(options: list[MisereForm]) -> MisereForm:
    """The form with exactly these options (canonical, distinct, none reversible)."""
    key = tuple(id(o) for o in options)
    found = _TABLE.get(key)
    if found is not None:
        return found
    form = object.__new__(MisereForm)
    _set(form, "_options", tuple(options))
    _set(form, "_birthday", 1 + max((o._birthday for o in options), default=-1))
    _set(form, "_base", _mex(o._base for o in options))
    _set(form, "_misere", _mex(o._misere for o in options) if options else 1)
    _set(form, "_order", (form._birthday, len(options), tuple(o._order for o in options)))
    _set(form, "_phylum", _phylum(form))
    _set(form, "_genus", _genus(form))
    _TABLE[key] = form
    return form


def _equals_game(form: MisereForm, options: list[MisereForm]) -> bool:
    """Whether the canonical ``form`` equals the game whose options are ``options`` (themselves
    canonical): Conway's criterion (Siegel, CGT, ch. V.1): the same misère outcome;
    every option of the game is an option of ``form`` or has ``form`` as an option; every
    option of ``form`` is an option of the game or has an option equal to the game."""
    game_wins = not options or any(o._misere == 0 for o in options)
    if game_wins != (form._misere != 0):
        return False
    mine = set(map(id, form._options))
    for option in options:
        if id(option) not in mine and form not in option._options:
            return False
    theirs = set(map(id, options))
    for option in form._options:
        if id(option) not in theirs and not any(_equals_game(second, options)
                                                for second in option._options):
            return False
    return True


def _add(g: MisereForm, h: MisereForm) -> MisereForm:
    """``g + h``, memoised, iteratively (a sum waits on the sums of its options)."""
    zero = MisereForm.nim_heap(0)
    stack = [(g, h)]
    while stack:
        a, b = stack[-1]
        if a is zero or b is zero:
            _SUMS[_pair(a, b)] = b if a is zero else a
            stack.pop()
            continue
        waits = [(x, b) for x in a._options] + [(a, y) for y in b._options]
        missing = [pair for pair in waits if _pair(*pair) not in _SUMS]
        if missing:
            stack += missing
            continue
        _SUMS[_pair(a, b)] = MisereForm.from_options(_SUMS[_pair(*pair)] for pair in waits)
        stack.pop()
    return _SUMS[_pair(g, h)]


def _pair(a: MisereForm, b: MisereForm) -> tuple[int, int]:
    return (id(a), id(b)) if id(a) <= id(b) else (id(b), id(a))


def _phylum(form: MisereForm) -> Phylum:
    """CGSuite's classification of a new form from its options (see :class:`Phylum`)."""
    options = form._options
    gp, gm = form._base, form._misere
    if gp == gm or (gp | gm) < 2:
        mine = Phylum.WILD_OF_TAME_GENUS
    elif gp < 2:
        mine = Phylum.WILD_OF_RESTIVE_GENUS
    elif gm < 2:
        mine = Phylum.WILD_OF_RESTLESS_GENUS
    else:
        mine = Phylum.WILD
    wildest = Phylum.NIMHEAP  # the wildest of the tame options, or the first untamed one
    for option in options:
        if not wildest.is_tame:
            break
        wildest = max(wildest, option._phylum, key=lambda p: p.value)
    if wildest is Phylum.NIMHEAP and mine is Phylum.WILD_OF_TAME_GENUS and (gp > 1 or gp != gm):
        return Phylum.NIMHEAP
    if wildest in (Phylum.NIMHEAP, Phylum.HEREDITARILY_TAME):
        if mine is Phylum.WILD_OF_TAME_GENUS:
            return Phylum.HEREDITARILY_TAME
        if mine is Phylum.WILD_OF_RESTIVE_GENUS:
            return Phylum.HEREDITARILY_RESTIVE
    if wildest.is_tame:
        promoted = {Phylum.WILD_OF_TAME_GENUS: Phylum.REVERSIBLY_TAME,
                    Phylum.WILD_OF_RESTIVE_GENUS: Phylum.REVERSIBLY_RESTIVE,
                    Phylum.WILD_OF_RESTLESS_GENUS: Phylum.RESTLESS}
        found = promoted.get(mine, mine)
        return Phylum.WILD if found.is_wild else found
    if mine in (Phylum.WILD_OF_TAME_GENUS, Phylum.WILD_OF_RESTIVE_GENUS):
        mine = _reversibly(form, mine)
    return Phylum.WILD if mine.is_wild else mine


def _reversibly(form: MisereForm, mine: Phylum) -> Phylum:
    """Whether a form of tame (restive) genus with an untamed option is reversibly tame,
    tameable, or reversibly restive: each untamed option must reverse through a second
    option with the form's own ``G+`` and ``G-`` (CGSuite's rules)."""
    gp, gm = form._base, form._misere
    tame_genus = mine is Phylum.WILD_OF_TAME_GENUS
    possible = ([Phylum.REVERSIBLY_TAME, Phylum.TAMEABLE] if tame_genus
                else [Phylum.REVERSIBLY_RESTIVE])
    plus, minus, tameable_plus, tameable_minus = set(), set(), set(), set()
    for option in form._options:
        if option._phylum.is_tame:
            plus.add(option._base)
            minus.add(option._misere)
            continue
        tameable_m = tameable_p = False
        if Phylum.TAMEABLE in possible and option._phylum is Phylum.TAMEABLE:
            tameable_minus.add(option._misere)
            tameable_plus.add(option._base)
            tameable_m = tameable_p = True
        found_m = found_p = False
        for second in option._options:
            kind = second._phylum
            sp, sm = second._base, second._misere
            if kind.is_tame and tame_genus:
                found_m |= gm == sm
                found_p |= gp == sp
            elif (kind.is_tame or kind.is_restive) and not tame_genus:
                found_m |= gm == sm and ((sp | 1) == 1 or ((sp ^ gm) | 1) == 1)
                found_p |= gp == sp and ((sm | 1) == 1 or ((sm ^ gm) | 1) == 1)
            elif kind is Phylum.TAMEABLE and Phylum.TAMEABLE in possible:
                tameable_m |= gm == sm
                tameable_p |= gp == sp
        if not (found_m and found_p):
            possible = [p for p in possible if p is Phylum.TAMEABLE]
            if not (tameable_m and tameable_p):
                possible = []
            if not possible:
                return mine
    if gp != _mex(plus) or gm != _mex(minus):
        possible = [p for p in possible if p is Phylum.TAMEABLE]
    if Phylum.TAMEABLE in possible:
        plus |= tameable_plus
        minus |= tameable_minus
        if (gp != _mex(plus) or gm != _mex(minus)) and (plus or gp > 0):
            possible.remove(Phylum.TAMEABLE)
    return possible[0] if possible else mine


def _genus(form: MisereForm) -> Genus:
    phylum = form._phylum
    if phylum is Phylum.NIMHEAP:
        return Genus(form._base, (), phylum)
    if phylum.is_tame or phylum.is_restive:
        return Genus(form._base, (form._misere,), phylum)
    return _wild_genus(o._genus for o in form._options)


def genus_of_heap(n: int) -> Genus:
    """The genus of the nim heap ``*n``: ``0^120``, ``1^031``, ``n^n`` (written ``n``).

    >>> [str(genus_of_heap(n).expanded()) for n in range(4)]
    ['0^120', '1^031', '2^20', '3^31']
    """
    return MisereForm.nim_heap(n).genus


def _format(form: MisereForm, *, parenthesize: bool) -> str:
    """CGSuite's text of a form: a nim heap as its size, a game of one option as that option
    and ``#``, else its options from the latest born, in parentheses when nested."""
    if form._phylum is Phylum.NIMHEAP and form is MisereForm.nim_heap(form._base):
        return str(form._base) if form._base < 10 else f"&{form._base};"
    options = form._options
    if len(options) == 1:
        return _format(options[0], parenthesize=True) + "#"
    inner = "".join(_format(o, parenthesize=True) for o in reversed(options))
    return f"({inner})" if parenthesize else inner


def _input_text(form: MisereForm) -> str:
    """Text that :meth:`MisereForm.parse` reads back."""
    if form is MisereForm.nim_heap(form._base):
        return f"*[{form._base}]"

    def nested(g: MisereForm) -> str:
        if g is MisereForm.nim_heap(g._base):
            return str(g._base)
        return "[" + ",".join(nested(o) for o in g._options) + "]"

    return f"*[{nested(form)}]"


_TOKEN = re.compile(r"\s*(\[|\]|,|\d+)")


def _parse_one(text: str, whole: str) -> MisereForm:
    if not text.startswith("*["):
        raise ValueError(f"cannot read misère form {whole!r}: expected *[...] such as *[2], "
                         "*[4,2] or *[[2],0]")
    tokens = _TOKEN.findall(text[1:])
    if "".join(tokens) != re.sub(r"\s+", "", text[1:]):
        raise ValueError(f"cannot read misère form {whole!r}: only digits, brackets and commas "
                         "go inside *[...]")
    stack: list[list[Any]] = [[]]
    for token in tokens:
        if token == "[":
            stack.append([])
        elif token == "]":
            if len(stack) < 2:
                raise ValueError(f"unbalanced ']' in misère form {whole!r}")
            items = stack.pop()
            stack[-1].append(items)
        elif token.isdigit():
            stack[-1].append(MisereForm.nim_heap(int(token)))
    if len(stack) != 1 or len(stack[0]) != 1:
        raise ValueError(f"unbalanced '[' in misère form {whole!r}")
    outer = stack[0][0]
    if len(outer) == 1 and isinstance(outer[0], MisereForm):
        return outer[0]
    if len(outer) == 1:
        outer = outer[0]
    return _game(outer)


def _game(items: list[Any]) -> MisereForm:
    """The form whose options are ``items``: forms, or lists of options (iteratively)."""
    stack: list[tuple[list[Any], list[MisereForm]]] = [(items, [])]
    while True:
        pending, done = stack[-1]
        if len(done) < len(pending):
            item = pending[len(done)]
            if isinstance(item, MisereForm):
                done.append(item)
            else:
                stack.append((item, []))
            continue
        form = MisereForm.from_options(done)
        stack.pop()
        if not stack:
            return form
        stack[-1][1].append(form)


def misere_canonical_form(game: Game[Any], position: Any = None, *,
                          table: dict[Hashable, MisereForm] | None = None,
                          progress: Callable[[int], None] | None = None) -> MisereForm:
    """The misère canonical form of a position of an impartial game (the start by default).

    The game's ``components`` are valued apart and added (misère forms do add; only the
    Grundy values do not follow a nim-sum rule), its ``key`` identifies alike positions.

    Raises
    ------
    GameError
        When the game has a cycle, or its hooks break the protocol.

    Examples
    --------
    >>> from perfectplay.impartial.octal import OctalGame
    >>> kayles = OctalGame("0.77")
    >>> [str(misere_canonical_form(kayles, (n,)).genus) for n in range(8)]
    ['0', '1', '2', '3', '1', '4^146', '3', '2^2']
    >>> str(misere_canonical_form(kayles, (5,)))  # CGSuite writes 32 as 2[2]: *2 + *2
    '*[(32)321]'
    """
    start = game.start() if position is None else position
    values: dict[Hashable, MisereForm] = {} if table is None else table
    root = checked_key(game, start)
    split = has_hook(game, "components")
    stack: list[tuple[Any, Hashable, list[tuple[Any, Hashable]], bool]] = []
    open_keys: set[Hashable] = set()

    def push(position: Any, key: Hashable) -> None:
        parts = list(game.components(position)) if split else [position]
        if len(parts) == 1 and checked_key(game, parts[0]) == key:
            waits = [(child, checked_key(game, child, parent=position))
                     for _, child in children_of(game, position)]
            stack.append((position, key, waits, False))
        else:
            stack.append((position, key, [(p, checked_key(game, p)) for p in parts], True))
        open_keys.add(key)

    if root not in values:
        push(start, root)
    valued = 0
    while stack:
        position, key, waits, is_sum = stack[-1]
        missing = next(((p, k) for p, k in waits if k not in values), None)
        if missing is not None:
            if missing[1] in open_keys:
                raise GameError("the game has a cycle: misère canonical forms need a short "
                                f"game (through {missing[0]!r})", position=position)
            push(*missing)
            continue
        found = [values[k] for _, k in waits]
        if is_sum:
            total = MisereForm.nim_heap(0)
            for part in found:
                total = total + part
            values[key] = total
        else:
            values[key] = MisereForm.from_options(found)
        open_keys.discard(key)
        stack.pop()
        valued += 1
        if progress is not None and valued % 1024 == 0:
            progress(valued)
    return values[root]


def genus(game: Game[Any], position: Any = None) -> Genus:
    """Conway's genus of a position of an impartial game, as CGSuite writes it.

    >>> from perfectplay.impartial.octal import OctalGame
    >>> str(genus(OctalGame("0.77", (5,)))), str(genus(OctalGame("0.07", (10,))))
    ('4^146', '3^1431')
    """
    return misere_canonical_form(game, position).genus
