"""Temperature theory of short games: thermographs, mean, temperature, cooling.

The thermograph of ``G`` plots, for every temperature ``t >= -1``, the left and right stops of
``G`` cooled by ``t``: two walls that meet at the temperature of ``G`` and go on up as one
vertical mast at its mean [1]_. As in CGSuite, walls are drawn from ``t = -1``, so a number has
a (negative) temperature too: ``-1/2**k`` for ``m/2**k`` in lowest terms, ``-1`` for an
integer.

References
----------
.. [1] A. N. Siegel, *Combinatorial Game Theory*, AMS 2013, section II.5 (cooling, the
   thermograph, Theorem II.5.12 computes it from the options' walls).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from perfectplay.cgt.form import CanonicalForm

__all__ = ["Thermograph", "Trajectory", "cool", "thermograph"]

_THERMOGRAPHS: dict[CanonicalForm, Thermograph] = {}


@dataclass(frozen=True)
class Trajectory:
    """One wall of a thermograph: a piecewise-linear function of the temperature ``t >= -1``.

    Read from the top down, as CGSuite writes it: the wall is the vertical line ``x = mast``
    above the first critical temperature; between consecutive critical temperatures, and
    below the last, it has the slopes ``dx/dt`` given (``slopes[0] == 0``, the mast).

    Examples
    --------
    >>> wall = Trajectory(1, (2,), (0, -1))
    >>> wall.value_at(3), wall.value_at(0), wall.value_at(-1)
    (Fraction(1, 1), Fraction(3, 1), Fraction(4, 1))
    """

    mast: Fraction
    """The value above the highest critical temperature."""
    critical_temperatures: tuple[Fraction, ...]
    """The temperatures where the slope changes, from the highest down."""
    slopes: tuple[Fraction, ...]
    """``dx/dt`` above the first critical temperature (0), then below each one."""

    def value_at(self, t: Fraction | int) -> Fraction:
        """The wall's ``x`` at temperature ``t``."""
        t = Fraction(t)
        x = self.mast
        top = None
        for critical, slope in zip(self.critical_temperatures, self.slopes, strict=False):
            if top is not None:
                x += slope * (max(critical, t) - top)
            if t >= critical:
                return x
            top = critical
        if top is not None:
            x += self.slopes[-1] * (t - top)
        return x

    def __str__(self) -> str:
        temps = ",".join(str(c) for c in self.critical_temperatures)
        return f"{self.mast},[{temps}],[{','.join(str(s) for s in self.slopes)}]"

    def __post_init__(self) -> None:
        object.__setattr__(self, "mast", Fraction(self.mast))
        object.__setattr__(self, "critical_temperatures",
                           tuple(Fraction(t) for t in self.critical_temperatures))
        object.__setattr__(self, "slopes", tuple(Fraction(s) for s in self.slopes))

    def __repr__(self) -> str:
        # Dyadic rationals are exact as Python floats, so ``3/4`` pastes back exactly.
        def written(values: tuple[Fraction, ...]) -> str:
            return "(" + ", ".join(map(str, values)) + ("," if len(values) == 1 else "") + ")"

        return (f"Trajectory({self.mast}, {written(self.critical_temperatures)}, "
                f"{written(self.slopes)})")


@dataclass(frozen=True)
class Thermograph:
    """The thermograph of a game: its left and right walls.

    ``str`` writes it as CGSuite does: ``Thermograph(mast,[temperatures],[slopes],...)``,
    the left wall then the right.

    Examples
    --------
    >>> t = thermograph(CanonicalForm.parse('{3|-1}'))
    >>> t.mast, t.temperature, str(t)
    (Fraction(1, 1), Fraction(2, 1), 'Thermograph(1,[2],[0,-1],1,[2],[0,1])')
    >>> str(thermograph(CanonicalForm.parse('-1/2')))
    'Thermograph(-1/2,[-1/2],[0,-1],-1/2,[-1/2],[0,1])'
    """

    left_wall: Trajectory
    """Left's wall: the left stop of the game cooled by ``t``."""
    right_wall: Trajectory
    """Right's wall: the right stop of the game cooled by ``t``."""

    @property
    def mast(self) -> Fraction:
        """The mean value of the game, where the mast stands."""
        return self.left_wall.mast

    @property
    def temperature(self) -> Fraction:
        """Where the walls meet and the mast begins (-1 when they never part: integers)."""
        return max((*self.left_wall.critical_temperatures,
                    *self.right_wall.critical_temperatures), default=Fraction(-1))

    def __str__(self) -> str:
        return f"Thermograph({self.left_wall},{self.right_wall})"

    def __repr__(self) -> str:
        return f"Thermograph({self.left_wall!r}, {self.right_wall!r})"

    def draw(self, path: str | Path, *, title: str | None = None) -> None:
        """Save a picture of the thermograph to ``path`` (PNG, or any format matplotlib
        knows by the suffix), with CGSuite's orientation: ``x`` grows to the left, so Left's
        wall is on the left, and the temperature goes up.

        Needs matplotlib (the ``plot`` extra); it is imported here, not with the package.
        """
        from matplotlib.figure import Figure  # no pyplot: no global state, no GUI backend

        top = max(self.temperature, Fraction(0)) + 1
        figure = Figure(figsize=(5, 4))
        axes = figure.add_subplot()
        for wall, colour in ((self.left_wall, "tab:blue"), (self.right_wall, "tab:red")):
            temps = sorted({Fraction(-1), *wall.critical_temperatures, top})
            axes.plot([float(wall.value_at(t)) for t in temps], [float(t) for t in temps],
                      color=colour)
        axes.invert_xaxis()
        axes.axhline(0, color="grey", linewidth=0.5)
        axes.set_xlabel("value")
        axes.set_ylabel("temperature")
        if title:
            axes.set_title(title)
        figure.savefig(path)


# -- piecewise-linear functions on [-1, oo) ---------------------------------------------------

_Points = tuple[tuple[Fraction, Fraction], ...]
"""A function by its breakpoints ``(t, x)`` from ``t = -1`` up, and the slope beyond them."""


def _value(points: _Points, slope: Fraction, t: Fraction) -> Fraction:
    for (t0, x0), (t1, x1) in itertools.pairwise(points):
        if t <= t1:
            return x0 + (x1 - x0) * (t - t0) / (t1 - t0)
    t0, x0 = points[-1]
    return x0 + slope * (t - t0)


def _of_trajectory(wall: Trajectory) -> tuple[_Points, Fraction]:
    """The wall's breakpoints from ``t = -1`` up, walked down from the mast once (a number
    ``m/2**k`` has about k of them)."""
    points = []
    x = wall.mast
    top: Fraction | None = None
    for critical, slope in zip(wall.critical_temperatures, wall.slopes, strict=False):
        if top is not None:
            x += slope * (critical - top)
        if critical <= -1:
            break
        points.append((critical, x))
        top = critical
    points.append((Fraction(-1), wall.value_at(-1)))
    return tuple(reversed(points)), Fraction(0)


def _envelope(functions: list[tuple[_Points, Fraction]], upper: bool) -> tuple[_Points, Fraction]:
    """The pointwise maximum (``upper``) or minimum of piecewise-linear functions."""
    if len(functions) == 1:
        return functions[0]
    pick = max if upper else min
    breaks = sorted({t for points, _ in functions for t, _ in points})
    segments = [*itertools.pairwise(breaks), (breaks[-1], breaks[-1] + 1)]
    candidates = set(breaks)
    for low, high in segments:
        lines = [(_value(p, s, low), (_value(p, s, high) - _value(p, s, low)) / (high - low))
                 for p, s in functions]
        for i, (a0, b0) in enumerate(lines):
            for a1, b1 in lines[i + 1:]:
                if b0 != b1:
                    t = low + (a1 - a0) / (b0 - b1)
                    if low < t and (t < high or high == breaks[-1] + 1):
                        candidates.add(t)
    temps = sorted(candidates)
    points = tuple((t, pick(_value(p, s, t) for p, s in functions)) for t in temps)
    far = temps[-1] + 1
    best = pick(_value(p, s, far) for p, s in functions)
    return points, best - points[-1][1]


def _shift(f: tuple[_Points, Fraction], rate: int) -> tuple[_Points, Fraction]:
    """``f(t) + rate * t``."""
    points, slope = f
    return tuple((t, x + rate * t) for t, x in points), slope + rate


def _trajectory(points: _Points, mast_at: Fraction, mast: Fraction) -> Trajectory:
    """The wall that follows ``points`` up to ``mast_at`` and is the mast ``x = mast`` above."""
    below = [(t, x) for t, x in points if t < mast_at] + [(mast_at, mast)]
    critical: list[Fraction] = []
    slopes: list[Fraction] = [Fraction(0)]
    for (t0, x0), (t1, x1) in reversed(list(itertools.pairwise(below))):
        slope = (x1 - x0) / (t1 - t0)
        if slope != slopes[-1]:
            critical.append(t1)
            slopes.append(slope)
    return Trajectory(mast, tuple(critical), tuple(slopes))


def thermograph(g: CanonicalForm) -> Thermograph:
    """The thermograph of ``g``, from the walls of its options [1]_.

    Left's scaffold is the highest right wall of a left option, cooled (``x - t``); Right's is
    the lowest left wall of a right option, cooled (``x + t``). Below the least ``t`` where
    the scaffolds meet they are the walls; above it the mast stands at their meeting point.

    Examples
    --------
    >>> str(thermograph(CanonicalForm.parse('5'))), str(thermograph(CanonicalForm.parse('*')))
    ('Thermograph(5,[],[0],5,[],[0])', 'Thermograph(0,[0],[0,-1],0,[0],[0,1])')
    >>> str(thermograph(CanonicalForm.parse('25/16')))
    'Thermograph(25/16,[-1/16,-1/2],[0,-1,0],25/16,[-1/16,-1/8,-1/2],[0,1,0,1])'

    References
    ----------
    .. [1] A. N. Siegel, *Combinatorial Game Theory*, Theorem II.5.12.
    """
    found = _THERMOGRAPHS.get(g)
    if found is not None:
        return found
    # Options first, from an explicit stack: a form may be far deeper than Python recurses.
    stack = [g]
    while stack:
        h = stack[-1]
        if h in _THERMOGRAPHS:
            stack.pop()
            continue
        missing = [o for o in (*h.left_options, *h.right_options) if o not in _THERMOGRAPHS]
        if missing and not h.is_integer:
            stack.extend(missing)
            continue
        _THERMOGRAPHS[h] = _from_options(h)
        stack.pop()
    return _THERMOGRAPHS[g]


def _from_options(g: CanonicalForm) -> Thermograph:
    """The thermograph of ``g`` from those of its options, all known. Options with the same
    wall count once (the options of ``*n`` have three walls among them)."""
    if g.is_integer:
        x = g.number_value
        assert x is not None
        wall = Trajectory(x, (), (Fraction(0),))
        return Thermograph(wall, wall)
    lefts = dict.fromkeys(_THERMOGRAPHS[gl].right_wall for gl in g.left_options)
    rights = dict.fromkeys(_THERMOGRAPHS[gr].left_wall for gr in g.right_options)
    left_scaffold = _shift(_envelope(list(map(_of_trajectory, lefts)), upper=True), -1)
    right_scaffold = _shift(_envelope(list(map(_of_trajectory, rights)), upper=False), 1)
    meet, mast = _meeting(left_scaffold, right_scaffold)
    return Thermograph(_trajectory(left_scaffold[0], meet, mast),
                       _trajectory(right_scaffold[0], meet, mast))


def _meeting(left: tuple[_Points, Fraction],
             right: tuple[_Points, Fraction]) -> tuple[Fraction, Fraction]:
    """The least ``t >= -1`` where Left's scaffold is no longer right of Right's, and ``x``
    there. Their difference never increases with ``t``, so it is where it first reaches 0."""
    temps = sorted({t for t, _ in left[0]} | {t for t, _ in right[0]})
    temps.append(temps[-1] + 1)

    def gap(t: Fraction) -> Fraction:
        return _value(*left, t) - _value(*right, t)

    if gap(temps[0]) <= 0:
        return temps[0], _value(*left, temps[0])
    for low, high in itertools.pairwise(temps):
        g_low, g_high = gap(low), gap(high)
        if g_high <= 0 or high == temps[-1]:
            t = low + g_low * (high - low) / (g_low - g_high)
            return t, _value(*left, t)
    raise AssertionError("the scaffolds of a short game meet")


def cool(g: CanonicalForm, t: int | Fraction) -> CanonicalForm:
    """``g`` cooled by ``t > -1``: ``{G^L_t - t | G^R_t + t}``, or the mean above the
    temperature; an integer stays itself.

    Raises
    ------
    ValueError
        For ``t <= -1`` or a ``t`` that is not dyadic.

    Examples
    --------
    >>> str(cool(CanonicalForm.parse('{3|-1}'), 1)), str(cool(CanonicalForm.parse('{3|-1}'), 2))
    ('{2|0}', '1*')
    """
    temperature = Fraction(t)
    if temperature <= -1:
        raise ValueError(f"cooling needs a temperature t > -1, got {temperature}")
    shift = CanonicalForm.number(temperature)
    memo: dict[CanonicalForm, CanonicalForm] = {}

    def cooled(h: CanonicalForm) -> CanonicalForm:
        found = memo.get(h)
        if found is not None:
            return found
        if h.is_integer:
            result = h
        elif h.temperature < temperature:
            result = CanonicalForm.number(h.mean)
        else:
            result = CanonicalForm.from_options([cooled(hl) - shift for hl in h.left_options],
                                                [cooled(hr) + shift for hr in h.right_options])
        memo[h] = result
        return result

    return cooled(g)
