"""Canonical forms of short partizan games: the value type, interned, with memoised arithmetic.

A short game is ``{G^L | G^R}``: finite sets of left and right options, each again a short game.
Every short game equals exactly one game in canonical form (no dominated option, no reversible
option), so a canonical form *is* the value and equality of values is identity of forms. This
module keeps one object per distinct canonical form (hash-consing) and memoises sums and
comparisons on pairs of forms.

Numbers ``x``, nimbers ``*m`` and their sums with multiples of up, ``x + n.^ + *m``, are
recognised when a form is made; their sums and comparisons take the classical shortcuts.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:
    from perfectplay.cgt.thermograph import Thermograph

__all__ = ["DOWN", "STAR", "UP", "ZERO", "CanonicalForm", "Outcome", "cache_sizes",
           "simplest_number"]

Outcome = Literal["L", "R", "N", "P"]
"""Outcome class: ``"L"`` Left wins whoever starts, ``"R"`` Right does, ``"N"`` the player to
move wins, ``"P"`` the second player wins."""

Uptimal = tuple[Fraction, int, int]
"""``(x, n, m)`` for the value ``x + n.^ + *m``."""


def simplest_number(low: Fraction | None, high: Fraction | None) -> Fraction:
    """The simplest number strictly between ``low`` and ``high`` (``None``: unbounded).

    The simplest number is the integer of least magnitude in the interval if there is one,
    else the dyadic fraction with the smallest denominator [1]_.

    Examples
    --------
    >>> simplest_number(None, None), simplest_number(Fraction(1, 3), Fraction(1, 2))
    (Fraction(0, 1), Fraction(3, 8))
    >>> simplest_number(Fraction(3), None), simplest_number(Fraction(-5, 2), Fraction(-2))
    (Fraction(4, 1), Fraction(-9, 4))

    References
    ----------
    .. [1] A. N. Siegel, *Combinatorial Game Theory*, AMS 2013, Theorem II.3.10 (the
       simplicity theorem).
    """
    if low is not None and high is not None and low >= high:
        raise ValueError(f"empty interval ({low}, {high})")
    if (low is None or low < 0) and (high is None or high > 0):
        return Fraction(0)
    if low is not None and low >= 0:
        n = Fraction(math.floor(low) + 1)
        if high is None or n < high:
            return n
    else:
        assert high is not None
        n = Fraction(math.ceil(high) - 1)
        if low is None or n > low:
            return n
    assert low is not None and high is not None
    denominator = 2
    while True:
        candidate = Fraction(math.floor(low * denominator) + 1, denominator)
        if candidate < high:
            return candidate
        denominator *= 2


class CanonicalForm:
    """A short partizan game in canonical form: immutable, hashable, one object per value.

    Make forms with :meth:`from_options` (which simplifies), :meth:`number`, :meth:`nimber`,
    :meth:`parse`, or the constants ``ZERO``, ``STAR``, ``UP``, ``DOWN``; combine them with
    ``+`` and ``-``; compare them with ``<=``, ``<``, ``>=``, ``>``, ``==`` (identity, which is
    game equality) and :meth:`is_confused_with`.

    Examples
    --------
    >>> star = CanonicalForm.from_options([ZERO], [ZERO])
    >>> star is STAR, str(star + star), str(UP + UP + STAR)
    (True, '0', '^^*')
    >>> half = CanonicalForm.from_options([ZERO], [CanonicalForm.integer(1)])
    >>> half, half + half == CanonicalForm.integer(1)
    (CanonicalForm.parse('1/2'), True)
    >>> UP > ZERO, UP.is_confused_with(STAR), (UP + STAR).outcome
    (True, True, 'N')
    >>> str(1 + UP - Fraction(1, 2)), str(sum([UP, UP, STAR]))  # numbers stand for themselves
    ('1/2^', '^^*')

    References
    ----------
    .. [1] E. R. Berlekamp, J. H. Conway, R. K. Guy, *Winning Ways for your Mathematical
       Plays*, 2nd ed., vol. 1, ch. 2-8.
    .. [2] A. N. Siegel, *Combinatorial Game Theory*, AMS 2013, ch. II.
    """

    __slots__ = ("__weakref__", "_all_small", "_birthday", "_id", "_left", "_left_key",
                 "_left_stop", "_negative", "_number", "_order", "_right", "_right_key",
                 "_right_stop", "_uptimal")

    _left: tuple[CanonicalForm, ...]  # empty for a number: see _lefts
    _right: tuple[CanonicalForm, ...]
    _id: int
    _number: Fraction | None
    _uptimal: Uptimal | None
    _birthday: int
    _all_small: bool
    _order: tuple[Any, ...]
    _negative: CanonicalForm | None
    _left_stop: Fraction
    _right_stop: Fraction
    _left_key: float | Fraction  # the stops again, as floats where exact: fast to compare
    _right_key: float | Fraction

    def __new__(cls, *args: object, **kwargs: object) -> CanonicalForm:
        raise TypeError("make a CanonicalForm with from_options, number, nimber or parse")

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("CanonicalForm is immutable")

    def __copy__(self) -> CanonicalForm:
        return self

    def __deepcopy__(self, memo: object) -> CanonicalForm:
        return self

    def __reduce__(self) -> tuple[Any, ...]:  # copies between processes land on the one form
        if self._number is not None:
            return (_number, (self._number,))
        return (CanonicalForm.from_options, (self._left, self._right))

    # -- construction ----------------------------------------------------------------------

    @classmethod
    def from_options(cls, left: Iterable[CanonicalForm],
                     right: Iterable[CanonicalForm]) -> CanonicalForm:
        """The canonical form of ``{left | right}``.

        Dominated options are removed and reversible ones bypassed [1]_; the result is the
        unique canonical form equal to the game.

        Examples
        --------
        >>> one = CanonicalForm.integer(1)
        >>> str(CanonicalForm.from_options([ZERO, STAR], [ZERO, STAR]))
        '*2'
        >>> str(CanonicalForm.from_options([ZERO], [STAR]))
        '^'
        >>> str(CanonicalForm.from_options([one], [-one]))
        '+-1'
        >>> str(CanonicalForm.from_options([ZERO, STAR], [one + one]))  # * reverses out
        '1'

        References
        ----------
        .. [1] A. N. Siegel, *Combinatorial Game Theory*, Theorem II.2.9 and II.2.10.
        """
        left_list = list(left)
        right_list = list(right)
        for option in (*left_list, *right_list):
            if not isinstance(option, CanonicalForm):
                raise TypeError(f"an option must be a CanonicalForm, got {option!r}")
        return _canonical(left_list, right_list)

    @classmethod
    def integer(cls, n: int) -> CanonicalForm:
        """The integer ``n``: ``{n-1 |}`` for ``n > 0``, ``{| n+1}`` for ``n < 0``.

        Examples
        --------
        >>> CanonicalForm.integer(3).left_options, CanonicalForm.integer(-1).right_options
        ((CanonicalForm.parse('2'),), (CanonicalForm.parse('0'),))
        """
        return _number(Fraction(int(n)))

    @classmethod
    def number(cls, x: int | Fraction | str) -> CanonicalForm:
        """The number ``x``, an integer or a dyadic fraction (denominator a power of 2).

        Raises
        ------
        ValueError
            If the denominator of ``x`` is not a power of 2.

        Examples
        --------
        >>> half = CanonicalForm.number(Fraction(1, 2))
        >>> half.left_options, half.right_options
        ((CanonicalForm.parse('0'),), (CanonicalForm.parse('1'),))
        >>> CanonicalForm.number(Fraction(1, 3))
        Traceback (most recent call last):
        ...
        ValueError: 1/3 is not a dyadic rational (its denominator is not a power of 2)
        """
        value = Fraction(x)
        if value.denominator & (value.denominator - 1):
            raise ValueError(f"{value} is not a dyadic rational (its denominator is not a "
                             f"power of 2)")
        return _number(value)

    dyadic = number

    @classmethod
    def nimber(cls, n: int) -> CanonicalForm:
        """The nimber ``*n``: ``{0, *, ..., *(n-1) | 0, *, ..., *(n-1)}``.

        Raises
        ------
        ValueError
            For a negative ``n``.

        Examples
        --------
        >>> CanonicalForm.nimber(2) + CanonicalForm.nimber(3) is STAR
        True
        """
        if n < 0:
            raise ValueError(f"a nimber is *n for n >= 0, got {n}")
        return _uptimal_form(Fraction(0), 0, int(n))

    @classmethod
    def uptimal(cls, x: int | Fraction = 0, ups: int = 0, nimber: int = 0) -> CanonicalForm:
        """The value ``x + ups.^ + *nimber`` (``ups < 0`` for multiples of down).

        Examples
        --------
        >>> str(CanonicalForm.uptimal(1, 2, 1)), str(CanonicalForm.uptimal(0, -3, 0))
        ('1^^*', 'v3')
        """
        if nimber < 0:
            raise ValueError(f"a nimber is *n for n >= 0, got {nimber}")
        number = cls.number(x)._number
        assert number is not None
        return _uptimal_form(number, int(ups), int(nimber))

    @classmethod
    def parse(cls, text: str) -> CanonicalForm:
        """The value of ``text`` in CGSuite's notation; see :func:`perfectplay.cgt.evaluate`.

        Examples
        --------
        >>> CanonicalForm.parse('{0|*}') is UP
        True
        """
        from perfectplay.cgt.notation import evaluate

        return evaluate(text)

    # -- structure -------------------------------------------------------------------------

    @property
    def left_options(self) -> tuple[CanonicalForm, ...]:
        """Left's options, canonical, in a deterministic order (numbers first, by value)."""
        return _lefts(self)

    @property
    def right_options(self) -> tuple[CanonicalForm, ...]:
        """Right's options, canonical, in a deterministic order (numbers first, by value)."""
        return _rights(self)

    @property
    def birthday(self) -> int:
        """The height of the game tree of the canonical form (0 for ``0``, 1 for ``1``, ``*``)."""
        return self._birthday

    @property
    def is_number(self) -> bool:
        """Whether the value is a (dyadic) number.

        >>> CanonicalForm.number(Fraction(3, 4)).is_number, STAR.is_number
        (True, False)
        """
        return self._number is not None

    @property
    def is_integer(self) -> bool:
        """Whether the value is an integer."""
        return self._number is not None and self._number.denominator == 1

    @property
    def is_nimber(self) -> bool:
        """Whether the value is a nimber ``*n`` (0 included).

        >>> STAR.is_nimber, ZERO.is_nimber, UP.is_nimber
        (True, True, False)
        """
        u = self._uptimal
        return u is not None and u[0] == 0 and u[1] == 0

    @property
    def is_uptimal(self) -> bool:
        """Whether the value is ``x + n.^ + *m``: a number plus multiples of up and a nimber."""
        return self._uptimal is not None

    @property
    def uptimal_parts(self) -> tuple[Fraction, int, int] | None:
        """``(x, n, m)`` when the value is ``x + n.^ + *m``, else ``None``.

        >>> (UP + UP + STAR).uptimal_parts
        (Fraction(0, 1), 2, 1)
        """
        return self._uptimal

    @property
    def number_value(self) -> Fraction | None:
        """The number ``x`` when the value is a number, else ``None``."""
        return self._number

    @property
    def is_all_small(self) -> bool:
        """Whether in every follower either both players can move or neither (all-small).

        >>> UP.is_all_small, CanonicalForm.integer(1).is_all_small
        (True, False)
        """
        return self._all_small

    @property
    def is_infinitesimal(self) -> bool:
        """Whether both stops are 0 (CGSuite's definition, so 0 counts as infinitesimal).

        >>> UP.is_infinitesimal, CanonicalForm.parse('{1|-1}').is_infinitesimal
        (True, False)
        """
        return self.left_stop == 0 and self.right_stop == 0

    # -- comparison ------------------------------------------------------------------------

    def __le__(self, other: object) -> bool:
        if not isinstance(other, CanonicalForm):
            return NotImplemented
        return _leq(self, other)

    def __ge__(self, other: object) -> bool:
        if not isinstance(other, CanonicalForm):
            return NotImplemented
        return _leq(other, self)

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, CanonicalForm):
            return NotImplemented
        return self is not other and _leq(self, other)

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, CanonicalForm):
            return NotImplemented
        return self is not other and _leq(other, self)

    def is_confused_with(self, other: CanonicalForm) -> bool:
        """The relation ``G || H``: neither ``G <= H`` nor ``H <= G``.

        >>> STAR.is_confused_with(ZERO), UP.is_confused_with(ZERO)
        (True, False)
        """
        return not _leq(self, other) and not _leq(other, self)

    @property
    def outcome(self) -> Outcome:
        """The outcome class: ``"L"`` (G > 0), ``"R"`` (G < 0), ``"P"`` (G = 0), ``"N"`` (G || 0).

        >>> ZERO.outcome, STAR.outcome, UP.outcome, DOWN.outcome
        ('P', 'N', 'L', 'R')
        """
        left_wins_second = _leq(ZERO, self)  # G >= 0: Left wins when Right starts
        right_wins_second = _leq(self, ZERO)
        if left_wins_second:
            return "P" if right_wins_second else "L"
        return "R" if right_wins_second else "N"

    # -- arithmetic ------------------------------------------------------------------------

    def __add__(self, other: object) -> CanonicalForm:
        g = _operand(other)
        return NotImplemented if g is None else _add(self, g)

    __radd__ = __add__  # so that sum(forms) and 1 + G work: numbers stand for themselves

    def __neg__(self) -> CanonicalForm:
        return _negate(self)

    def __sub__(self, other: object) -> CanonicalForm:
        g = _operand(other)
        return NotImplemented if g is None else _add(self, _negate(g))

    def __rsub__(self, other: object) -> CanonicalForm:
        g = _operand(other)
        return NotImplemented if g is None else _add(g, _negate(self))

    def __pos__(self) -> CanonicalForm:
        return self

    # -- stops; temperature theory (thermograph.py) and atomic weight (atomic.py) ----------

    @property
    def left_stop(self) -> Fraction:
        """Left's stop: where play stops at a number when Left starts and both play well;
        ``x`` for a number ``x``, else the largest right stop of a left option. Kept with the
        form, made when it is.

        >>> CanonicalForm.parse('{3|-1}').left_stop, CanonicalForm.parse('{3||2*|1*}').left_stop
        (Fraction(3, 1), Fraction(3, 1))
        """
        return self._left_stop

    @property
    def right_stop(self) -> Fraction:
        """Right's stop: as :attr:`left_stop` with Right starting (the smallest left stop of a
        right option).

        >>> CanonicalForm.parse('{3|-1}').right_stop, CanonicalForm.parse('{3||2*|1*}').right_stop
        (Fraction(-1, 1), Fraction(2, 1))
        """
        return self._right_stop

    @property
    def mean(self) -> Fraction:
        """The mean value (the mast of the thermograph): ``lim G.n / n``.

        >>> CanonicalForm.parse('{3|-1}').mean
        Fraction(1, 1)
        """
        if self._uptimal is not None:  # x + n.^ + *m: infinitesimally close to x
            return self._uptimal[0]
        return self.thermograph().mast

    @property
    def temperature(self) -> Fraction:
        """The temperature: where the thermograph's mast begins.

        As in CGSuite, a number ``m/2**k`` (in lowest terms) has temperature ``-1/2**k``, so an
        integer has temperature -1; infinitesimals such as ``*`` and ``^`` have temperature 0.

        >>> CanonicalForm.parse('{3|-1}').temperature, STAR.temperature
        (Fraction(2, 1), Fraction(0, 1))
        >>> CanonicalForm.integer(5).temperature, CanonicalForm.parse('3/4').temperature
        (Fraction(-1, 1), Fraction(-1, 4))
        """
        if self._number is not None:
            return Fraction(-1, self._number.denominator)
        if self._uptimal is not None:  # a number plus a nonzero infinitesimal
            return Fraction(0)
        return self.thermograph().temperature

    def thermograph(self) -> Thermograph:
        """The thermograph: Left's and Right's walls for temperatures ``t >= -1``.

        >>> CanonicalForm.parse('{3|-1}').thermograph()
        Thermograph(Trajectory(1, (2,), (0, -1)), Trajectory(1, (2,), (0, 1)))
        """
        from perfectplay.cgt.thermograph import thermograph

        return thermograph(self)

    def cool(self, t: int | Fraction) -> CanonicalForm:
        """The game cooled by ``t`` (``t > -1``): ``G_t = {G^L_t - t | G^R_t + t}``, or the
        mean once ``t`` exceeds the temperature.

        >>> str(CanonicalForm.parse('{1|-1}').cool(1)), str(CanonicalForm.parse('{3|-1}').cool(3))
        ('*', '1')
        """
        from perfectplay.cgt.thermograph import cool

        return cool(self, t)

    def atomic_weight(self) -> CanonicalForm:
        """The atomic weight of an all-small game (``^`` has 1, ``*`` has 0).

        Raises
        ------
        ValueError
            If the game is not all-small.

        >>> UP.atomic_weight(), STAR.atomic_weight()
        (CanonicalForm.parse('1'), CanonicalForm.parse('0'))
        """
        from perfectplay.cgt.atomic import atomic_weight

        return atomic_weight(self)

    # -- text ------------------------------------------------------------------------------

    def __str__(self) -> str:
        from perfectplay.cgt.notation import format_form

        return format_form(self)

    def __repr__(self) -> str:
        return f"CanonicalForm.parse({str(self)!r})"

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


def _operand(other: object) -> CanonicalForm | None:
    """A form for the other operand of ``+`` or ``-``: a form, an int or a dyadic Fraction."""
    if isinstance(other, CanonicalForm):
        return other
    if isinstance(other, int | Fraction) and not isinstance(other, bool):
        return CanonicalForm.number(other)
    return None


# -- interning -------------------------------------------------------------------------------

_TABLE: dict[tuple[tuple[int, ...], tuple[int, ...]], CanonicalForm] = {}
"""Every canonical form made so far, by the ids of its (sorted) left and right options."""

_LEQ: dict[tuple[int, int], bool] = {}
"""Memo of ``G <= H`` by the ids (``_id``) of ``G`` and ``H``, for pairs the stops leave open."""

_SUM: dict[tuple[int, int], CanonicalForm] = {}
"""Memo of ``G + H`` by the ids of the summands, the smaller first."""

_NUMBERS: dict[Fraction, CanonicalForm] = {}
"""The numbers made so far, by value."""
_NUMBER_OPTIONS: dict[Fraction, tuple[tuple[CanonicalForm, ...], tuple[CanonicalForm, ...]]] = {}
"""The options of the numbers asked for so far."""
_IDS = itertools.count()
"""Ids of forms, in the order they are made: keys of the memo tables."""
_UPTIMALS: dict[Uptimal, CanonicalForm] = {}
"""The forms ``x + n.^ + *m`` made by :func:`_uptimal_form`, by ``(x, n, m)``."""

_set = object.__setattr__


def _order_key(form: CanonicalForm) -> tuple[Any, ...]:
    return form._order


def _fast_key(x: Fraction) -> float | Fraction:
    """``x`` as a float when that is exact, else ``x``: floats compare in C, and a float
    compares with a Fraction exactly. A dyadic ``m/2**k`` is exact as a float when ``m`` has
    at most 53 bits (and ``k`` is not huge)."""
    if x.numerator.bit_length() <= 53 and x.denominator.bit_length() <= 1000:
        return float(x)
    return x


def _new(left: tuple[CanonicalForm, ...], right: tuple[CanonicalForm, ...],
         number: Fraction | None, uptimal: Uptimal | None, birthday: int,
         order: tuple[Any, ...]) -> CanonicalForm:
    form = object.__new__(CanonicalForm)
    _set(form, "_left", left)
    _set(form, "_right", right)
    if number is None:
        _set(form, "_left_stop", max(g._right_stop for g in left))
        _set(form, "_right_stop", min(g._left_stop for g in right))
    else:
        _set(form, "_left_stop", number)
        _set(form, "_right_stop", number)
    _set(form, "_left_key", _fast_key(form._left_stop))
    _set(form, "_right_key", _fast_key(form._right_stop))
    _set(form, "_id", next(_IDS))
    _set(form, "_birthday", birthday)
    _set(form, "_all_small", (bool(left) == bool(right))
         and all(g._all_small for g in (*left, *right)))
    _set(form, "_negative", None)
    _set(form, "_number", number)
    _set(form, "_uptimal", uptimal)
    _set(form, "_order", order)
    return form


def _intern(left: Iterable[CanonicalForm], right: Iterable[CanonicalForm]) -> CanonicalForm:
    """The one object for the canonical form with these (canonical, undominated, irreversible)
    options, made on first use. Numbers are kept by value (see :func:`_number`)."""
    left_set, right_set = set(left), set(right)
    key = (tuple(sorted(g._id for g in left_set)), tuple(sorted(g._id for g in right_set)))
    found = _TABLE.get(key)
    if found is not None:
        return found
    left_t = tuple(sorted(left_set, key=_order_key))
    right_t = tuple(sorted(right_set, key=_order_key))
    number = _recognise_number(left_t, right_t)
    if number is not None:
        form = _number(number)
    else:
        uptimal = _recognise_uptimal(left_t, right_t)
        if uptimal is not None and uptimal[0] == 0 and uptimal[1] == 0:
            order: tuple[Any, ...] = (1, uptimal[2])
        elif uptimal is not None:
            order = (2, *uptimal)
        else:
            order = (3, tuple(g._order for g in left_t), tuple(g._order for g in right_t))
        birthday = 1 + max(g._birthday for g in left_t + right_t)
        form = _new(left_t, right_t, None, uptimal, birthday, order)
    _TABLE[key] = form
    return form


def _number_options(x: Fraction) -> tuple[tuple[CanonicalForm, ...], tuple[CanonicalForm, ...]]:
    """The canonical options of the number ``x``: ``{x-1 |}`` or ``{| x+1}`` for an integer
    ``x != 0``, ``{x - 2**-k | x + 2**-k}`` for ``x = m/2**k`` (``m`` odd, ``k >= 1``)."""
    if x.denominator > 1:
        step = Fraction(1, x.denominator)
        return (_number(x - step),), (_number(x + step),)
    if x > 0:
        return (_number(x - 1),), ()
    if x < 0:
        return (), (_number(x + 1),)
    return (), ()


def _lefts(g: CanonicalForm) -> tuple[CanonicalForm, ...]:
    """Left's options; a number's are made when first asked for."""
    x = g._number
    if x is None:
        return g._left
    found = _NUMBER_OPTIONS.get(x)
    if found is None:
        found = _NUMBER_OPTIONS[x] = _number_options(x)
    return found[0]


def _rights(g: CanonicalForm) -> tuple[CanonicalForm, ...]:
    """Right's options; a number's are made when first asked for."""
    x = g._number
    if x is None:
        return g._right
    found = _NUMBER_OPTIONS.get(x)
    if found is None:
        found = _NUMBER_OPTIONS[x] = _number_options(x)
    return found[1]


def _recognise_number(left: tuple[CanonicalForm, ...],
                      right: tuple[CanonicalForm, ...]) -> Fraction | None:
    """The number a canonical form with these options equals, or ``None``: a canonical form is
    a number exactly when its options are numbers and each left one is below each right one."""
    low = high = None
    for g in left:
        if g._number is None:
            return None
        low = g._number if low is None else max(low, g._number)
    for g in right:
        if g._number is None:
            return None
        high = g._number if high is None else min(high, g._number)
    if low is not None and high is not None and low >= high:
        return None
    return simplest_number(low, high)


def _recognise_uptimal(left: tuple[CanonicalForm, ...],
                       right: tuple[CanonicalForm, ...]) -> Uptimal | None:
    """``(x, n, m)`` if canonical options of these shapes make ``x + n.^ + *m``, else ``None``.

    The canonical forms are ``x + *m = {x + *k (k < m) | x + *k (k < m)}``,
    ``x^* = {x, x* | x}`` and, for ``n >= 1`` otherwise, ``x + n.^ + *m =
    {x | x + (n-1).^ + *(m xor 1)}``; multiples of down mirror them.
    """
    if len(left) == 1 and len(right) == 1:
        gl, gr = left[0], right[0]
        x = gl._number
        u = gr._uptimal
        if x is not None and u is not None and u[0] == x and gr._number is None and u[1] >= 0:
            return (x, u[1] + 1, u[2] ^ 1)
        x = gr._number
        u = gl._uptimal
        if x is not None and u is not None and u[0] == x and gl._number is None and u[1] <= 0:
            return (x, u[1] - 1, u[2] ^ 1)
    if len(left) == 2 and len(right) == 1 and left[0] is right[0] and left[0]._number is not None:
        u = left[1]._uptimal
        if u is not None and u == (left[0]._number, 0, 1):
            return (u[0], 1, 1)
    if len(left) == 1 and len(right) == 2 and left[0] is right[0] and left[0]._number is not None:
        u = right[1]._uptimal
        if u is not None and u == (left[0]._number, 0, 1):
            return (u[0], -1, 1)
    if left and left == right:
        first = left[0]._uptimal
        if first is None:
            return None
        x = first[0]
        found = set()
        for g in left:
            u = g._uptimal
            if u is None or u[0] != x or u[1] != 0:
                return None
            found.add(u[2])
        if found == set(range(len(left))):
            return (x, 0, len(left))
    return None


# -- numbers and uptimals --------------------------------------------------------------------


def _number(x: Fraction) -> CanonicalForm:
    """The number ``x`` (dyadic), kept by value: its options are made only when asked for,
    so that ``10**12`` costs no more than ``1``."""
    found = _NUMBERS.get(x)
    if found is not None:
        return found
    whole = abs(x.numerator) // x.denominator
    birthday = whole if x.denominator == 1 else whole + x.denominator.bit_length()
    form = _new((), (), x, (x, 0, 0), birthday, (0, x))
    _set(form, "_all_small", x == 0)
    _NUMBERS[x] = form
    return form


def _uptimal_form(x: Fraction, ups: int, nim: int) -> CanonicalForm:
    key = (x, ups, nim)
    found = _UPTIMALS.get(key)
    if found is not None:
        return found
    if ups == 0 and nim == 0:
        form = _number(x)
    elif ups == 0:
        options = [_uptimal_form(x, 0, k) for k in range(nim)]
        form = _intern(options, options)
    else:
        # x + n.^ + *m = {x | x + (n-1).^ + *(m xor 1)} (mirrored for downs): made from the
        # bottom of that chain up, in a loop (^500 is 500 forms deep).
        sign, top = (1, ups) if ups > 0 else (-1, -ups)
        low = top
        while low > 1 and (x, sign * (low - 1), nim ^ ((top - low + 1) & 1)) not in _UPTIMALS:
            low -= 1
        base = _number(x)
        for n in range(low, top + 1):
            m = nim ^ ((top - n) & 1)
            if n == 1 and m == 1:
                sides = ([base, _uptimal_form(x, 0, 1)], [base])
            elif n == 1:
                sides = ([base], [_uptimal_form(x, 0, m ^ 1)])
            else:
                sides = ([base], [_UPTIMALS[(x, sign * (n - 1), m ^ 1)]])
            form = _intern(*(sides if sign > 0 else sides[::-1]))
            _UPTIMALS[(x, sign * n, m)] = form
    _UPTIMALS[key] = form
    return form


# -- negation, comparison, sum ---------------------------------------------------------------


def _negate(g: CanonicalForm) -> CanonicalForm:
    """``-G = {-G^R | -G^L}``; the negative of a canonical form is canonical."""
    found = g._negative
    if found is not None:
        return found
    if g._number is not None:
        result = _number(-g._number)
    elif g._uptimal is not None:  # by formula: ^500 is 500 forms deep
        x, ups, nim = g._uptimal
        result = _uptimal_form(-x, -ups, nim)
    else:
        result = _intern([_negate(r) for r in g._right], [_negate(l_) for l_ in g._left])
    _set(g, "_negative", result)
    _set(result, "_negative", g)
    return result


def _uptimal_nonnegative(ups: int, nim: int) -> bool:
    """Whether ``ups.^ + *nim >= 0``."""
    return ups >= 2 or (ups == 1 and nim != 1) or (ups == 0 and nim == 0)


def _leq(g: CanonicalForm, h: CanonicalForm) -> bool:
    """``G <= H``: no ``G^L >= H`` and no ``H^R <= G`` (Conway's rule), memoised.

    The stops decide first where they can: ``G <= H`` needs both stops of ``G`` at most those
    of ``H``, and ``L(G) < R(H)`` makes the left stop of ``G - H`` negative, so ``G < H``.
    That settles every pair of numbers, and of ``x + n.^ + *m`` with different ``x``."""
    if g is h:
        return True
    g_left = g._left_key
    if g_left > h._left_key or g._right_key > h._right_key:
        return False
    if g_left < h._right_key:
        return True
    key = (g._id, h._id)
    found = _LEQ.get(key)
    if found is not None:
        return found
    u, v = g._uptimal, h._uptimal
    if u is not None and v is not None:  # the same number part, by the stops
        result = _uptimal_nonnegative(v[1] - u[1], v[2] ^ u[2])
    else:
        result = True
        # By number avoidance a number's own options need not be tried against a non-number.
        if g._number is None:
            for gl in g._left:
                if _leq(h, gl):
                    result = False
                    break
        if result and h._number is None:
            for hr in h._right:
                if _leq(hr, g):
                    result = False
                    break
    _LEQ[key] = result
    return result


def _add(g: CanonicalForm, h: CanonicalForm) -> CanonicalForm:
    """``G + H = {G^L + H, G + H^L | G^R + H, G + H^R}`` canonicalised, memoised."""
    if g is ZERO:
        return h
    if h is ZERO:
        return g
    key = (g._id, h._id) if g._id <= h._id else (h._id, g._id)
    found = _SUM.get(key)
    if found is not None:
        return found
    u, v = g._uptimal, h._uptimal
    if u is not None and v is not None:
        result = _uptimal_form(u[0] + v[0], u[1] + v[1], u[2] ^ v[2])
    elif g._number is not None:  # number translation: only h's options move
        result = _canonical([_add(hl, g) for hl in h._left], [_add(hr, g) for hr in h._right])
    elif h._number is not None:
        result = _canonical([_add(gl, h) for gl in g._left], [_add(gr, h) for gr in g._right])
    else:
        result = _canonical([*(_add(gl, h) for gl in g._left), *(_add(g, hl) for hl in h._left)],
                            [*(_add(gr, h) for gr in g._right),
                             *(_add(g, hr) for hr in h._right)])
    _SUM[key] = result
    return result


# -- canonicalisation ------------------------------------------------------------------------


def _undominated(options: list[CanonicalForm], left: bool) -> list[CanonicalForm]:
    """The options no other one dominates: the maximal ones for Left, minimal for Right.

    Of the numbers only the best can survive, so the others are dropped unseen."""
    best: CanonicalForm | None = None
    best_value: float | Fraction = 0.0
    others: list[CanonicalForm] = []
    for g in options:
        if g._number is None:
            others.append(g)
            continue
        x = g._left_key
        if best is None or (x > best_value if left else x < best_value):
            best, best_value = g, x
    if best is not None:
        others.append(best)
    kept: list[CanonicalForm] = []
    if left:
        for g in others:
            for k in kept:
                if _leq(g, k):
                    break
            else:
                if kept:
                    kept = [k for k in kept if not _leq(k, g)]
                kept.append(g)
    else:
        for g in others:
            for k in kept:
                if _leq(k, g):
                    break
            else:
                if kept:
                    kept = [k for k in kept if not _leq(g, k)]
                kept.append(g)
    return kept


def _bypass(left: list[CanonicalForm], right: list[CanonicalForm]) -> tuple[
        list[CanonicalForm], list[CanonicalForm]]:
    """The options of ``G = {left | right}`` with every reversible option bypassed: a left
    option ``G^L`` with some ``G^LR <= G`` gives way to the left options of that ``G^LR``
    (and in mirror image for Right), until none reverses."""
    # x <= G and G <= y for the (not canonical) G, memoised for this G by the ids of x, y.
    below: dict[int, bool] = {}
    above: dict[int, bool] = {}

    def is_below(x: CanonicalForm) -> bool:  # x <= G: no G^R <= x and no x^L >= G
        found = below.get(x._id)
        if found is None:
            found = True
            for gr in right:
                if _leq(gr, x):
                    found = False
                    break
            else:
                for xl in _lefts(x):
                    if is_above(xl):
                        found = False
                        break
            below[x._id] = found
        return found

    def is_above(y: CanonicalForm) -> bool:  # G <= y: no G^L >= y and no y^R <= G
        found = above.get(y._id)
        if found is None:
            found = True
            for gl in left:
                if _leq(y, gl):
                    found = False
                    break
            else:
                for yr in _rights(y):
                    if is_below(yr):
                        found = False
                        break
            above[y._id] = found
        return found

    # G's value is unchanged by bypassing, so the tests may use the option lists as given.
    new_left: list[CanonicalForm] = []
    pending = list(left)
    while pending:
        gl = pending.pop()
        for glr in _rights(gl):
            if is_below(glr):
                pending.extend(_lefts(glr))
                break
        else:
            new_left.append(gl)
    new_right: list[CanonicalForm] = []
    pending = list(right)
    while pending:
        gr = pending.pop()
        for grl in _lefts(gr):
            if is_above(grl):
                pending.extend(_rights(grl))
                break
        else:
            new_right.append(gr)
    return new_left, new_right


def _canonical(left: list[CanonicalForm], right: list[CanonicalForm]) -> CanonicalForm:
    """The canonical form of ``{left | right}`` for canonical options."""
    low: CanonicalForm | None = None
    high: CanonicalForm | None = None
    all_numbers = True
    for g in left:
        if g._number is None:
            all_numbers = False
            break
        if low is None or g._left_key > low._left_key:
            low = g
    if all_numbers:
        for g in right:
            if g._number is None:
                all_numbers = False
                break
            if high is None or g._left_key < high._left_key:
                high = g
    if all_numbers:
        if low is None or high is None or low._left_key < high._left_key:
            return _number(simplest_number(None if low is None else low._number,
                                           None if high is None else high._number))
        # A hot switch of numbers {a | b}, a >= b: no option of a number reverses.
        return _intern([low], [high])
    left = _undominated(list(dict.fromkeys(left)), left=True)
    right = _undominated(list(dict.fromkeys(right)), left=False)
    new_left, new_right = _bypass(left, right)
    if new_left != left:
        new_left = _undominated(list(dict.fromkeys(new_left)), left=True)
    if new_right != right:
        new_right = _undominated(list(dict.fromkeys(new_right)), left=False)
    return _intern(new_left, new_right)


# -- the first forms ------------------------------------------------------------------------

ZERO = _number(Fraction(0))
"""The game ``{ | }`` = 0: whoever must move loses."""
STAR = _uptimal_form(Fraction(0), 0, 1)
"""Star, ``{0 | 0}``: the first player wins."""
UP = _uptimal_form(Fraction(0), 1, 0)
"""Up, ``{0 | *}``: positive, smaller than every positive number."""
DOWN = _uptimal_form(Fraction(0), -1, 0)
"""Down, ``{* | 0}`` = -up."""


def cache_sizes() -> dict[str, int]:
    """How many forms are interned and how many sums and comparisons are memoised.

    >>> sorted(cache_sizes())
    ['comparisons', 'forms', 'sums']
    """
    forms = sum(1 for form in _TABLE.values() if form._number is None) + len(_NUMBERS)
    return {"forms": forms, "sums": len(_SUM), "comparisons": len(_LEQ)}

