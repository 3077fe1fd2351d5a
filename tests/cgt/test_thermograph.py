"""Stops, mean, temperature, thermographs and cooling, against CGSuite's own test values and
the classical examples."""

import sys
import types
from fractions import Fraction

import pytest
from hypothesis import given, settings
from naive_cgt import form_of, trees

from perfectplay.cgt import STAR, UP, ZERO, CanonicalForm, Thermograph, Trajectory, parse
from perfectplay.cgt.thermograph import thermograph

CGSUITE = [
    # (game, left stop, right stop, mean, temperature, thermograph): CanonicalShortGameTestCase
    ("0", "0", "0", "0", "-1", "Thermograph(0,[],[0],0,[],[0])"),
    ("5", "5", "5", "5", "-1", "Thermograph(5,[],[0],5,[],[0])"),
    ("-1/2", "-1/2", "-1/2", "-1/2", "-1/2", "Thermograph(-1/2,[-1/2],[0,-1],-1/2,[-1/2],[0,1])"),
    ("25/16", "25/16", "25/16", "25/16", "-1/16",
     "Thermograph(25/16,[-1/16,-1/2],[0,-1,0],25/16,[-1/16,-1/8,-1/2],[0,1,0,1])"),
    ("*8", "0", "0", "0", "0", "Thermograph(0,[0],[0,-1],0,[0],[0,1])"),
    ("9/8+*", "9/8", "9/8", "9/8", "0",
     "Thermograph(9/8,[0,-1/8,-1/4],[0,-1,0,-1],9/8,[0,-1/8],[0,1,0])"),
    ("^", "0", "0", "0", "0", "Thermograph(0,[0],[0,-1],0,[],[0])"),
    ("v*", "0", "0", "0", "0", "Thermograph(0,[0],[0,-1],0,[0],[0,1])"),
    ("6+^*", "6", "6", "6", "0", "Thermograph(6,[0],[0,-1],6,[0],[0,1])"),
    ("^*6", "0", "0", "0", "0", "Thermograph(0,[0],[0,-1],0,[],[0])"),
    ("73/16+v9*8", "73/16", "73/16", "73/16", "0",
     "Thermograph(73/16,[-1/16,-1/2],[0,-1,0],73/16,[0,-1/16,-1/2],[0,1,0,1])"),
    ("{0|*||*|||*||||*}", "0", "0", "0", "0", "Thermograph(0,[0],[0,-1],0,[],[0])"),
    ("{0||0|v*}", "0", "0", "0", "0", "Thermograph(0,[0],[0,-1],0,[],[0])"),
    ("{0||0|vvv}", "0", "0", "0", "0", "Thermograph(0,[0],[0,-1],0,[],[0])"),
    ("{^^^|vv}", "0", "0", "0", "0", "Thermograph(0,[0],[0,-1],0,[0],[0,1])"),
    ("{0||0|-3/2}", "0", "0", "0", "0", "Thermograph(0,[0],[0,-1],0,[],[0])"),
    ("{0|||0||-1|-3}", "0", "0", "0", "0", "Thermograph(0,[0],[0,-1],0,[],[0])"),
    ("{5||3|1|||0||||0}", "0", "0", "0", "0", "Thermograph(0,[],[0],0,[0],[0,1])"),
    ("{1|^^||^}", "0", "0", "0", "0", "Thermograph(0,[0],[0,-1],0,[],[0])"),
    ("{1|^^^||^}", "0", "0", "0", "0", "Thermograph(0,[0],[0,-1],0,[],[0])"),
    ("{3||2+*|1+*}", "3", "2", "9/4", "3/4",
     "Thermograph(9/4,[3/4],[0,-1],9/4,[3/4,1/2,0],[0,1,0,1])"),
    ("{3/2+*|1/2||{0|-3},{-1+*,{-1/2|-1+*}|-5/2}}", "1/2", "-1", "-5/16", "21/16",
     "Thermograph(-5/16,[21/16,1/2,-1/2],[0,-1,0,-1],-5/16,[21/16,7/8,1/4,0],[0,1,0,1,0])"),
    # switches and hot games
    ("{1|-1}", "1", "-1", "0", "1", "Thermograph(0,[1],[0,-1],0,[1],[0,1])"),
    ("{3|-1}", "3", "-1", "1", "2", "Thermograph(1,[2],[0,-1],1,[2],[0,1])"),
    ("{2|0}", "2", "0", "1", "1", "Thermograph(1,[1],[0,-1],1,[1],[0,1])"),
]


@pytest.mark.parametrize(("text", "left", "right", "mean", "temperature", "drawn"), CGSUITE)
def test_cgsuite_values(text, left, right, mean, temperature, drawn):
    g = parse(text)
    assert (g.left_stop, g.right_stop) == (Fraction(left), Fraction(right))
    assert (g.mean, g.temperature) == (Fraction(mean), Fraction(temperature))
    assert str(g.thermograph()) == drawn


def test_temperature_of_numbers_follows_cgsuite():
    # -1 for an integer, -1/2**k for a number with denominator 2**k
    assert [CanonicalForm.number(x).temperature for x in (0, 7, Fraction(3, 2), Fraction(-5, 8))
            ] == [-1, -1, Fraction(-1, 2), Fraction(-1, 8)]


@pytest.mark.parametrize(("text", "t", "cooled"), [
    # CGSuite's GameTest
    ("{3||2+*|1+*}", "0", "{3||2*|1*}"), ("{3||2+*|1+*}", "1/4", "{11/4||2|3/2}"),
    ("{3||2+*|1+*}", "1/2", "{5/2|2*}"), ("{3||2+*|1+*}", "5/8", "{19/8|17/8}"),
    ("{3||2+*|1+*}", "3/4", "9/4*"), ("{3||2+*|1+*}", "70", "9/4"),
    ("{3||2+*|1+*}", "-1/2", "{7/2|||5/2|3/2||+-1/2}"),
    ("1/4", "-1/8", "1/4"), ("1/4", "-1/4", "1/4*"), ("1/4", "-3/8", "{3/8|1/8}"),
])
def test_cooling_as_cgsuite_does(text, t, cooled):
    assert str(parse(text).cool(Fraction(t))) == cooled


def test_cooling():
    pm1 = parse("+-1")
    assert pm1.cool(1) is STAR and pm1.cool(Fraction(1, 2)) is parse("+-1/2")
    assert pm1.cool(2) is ZERO and UP.cool(1) is ZERO
    assert parse("{3|-1}").cool(2) is parse("1*") and parse("{3|-1}").cool(3) is parse("1")
    assert CanonicalForm.integer(4).cool(10) is CanonicalForm.integer(4)
    with pytest.raises(ValueError, match="t > -1"):
        pm1.cool(-1)


def test_trajectory_values_and_repr():
    t = thermograph(parse("{3||2*|1*}"))
    assert t.right_wall == Trajectory(Fraction(9, 4), (Fraction(3, 4), Fraction(1, 2), 0),
                                      (0, 1, 0, 1))
    assert [t.right_wall.value_at(x) for x in (1, Fraction(1, 2), 0, -1)] == [
        Fraction(9, 4), 2, 2, 1]
    assert eval(repr(t)) == t and isinstance(t, Thermograph)  # repr pastes back


@settings(max_examples=30)
@given(trees, trees)
def test_walls_at_zero_are_the_stops_and_means_add(a, b):
    g, h = form_of(a), form_of(b)
    walls = g.thermograph()
    assert walls.left_wall.value_at(0) == g.left_stop >= g.right_stop
    assert walls.right_wall.value_at(0) == g.right_stop
    assert (g + h).mean == g.mean + h.mean
    assert (g + h).temperature <= max(g.temperature, h.temperature, 0)
    t = Fraction(1, 2)
    assert (g + h).cool(t) is g.cool(t) + h.cool(t)
    # the temperature is where cooling first leaves a number, the mean
    temperature, step = g.temperature, Fraction(1, 1024)
    if temperature > -1:
        assert g.cool(temperature + step) is CanonicalForm.number(g.mean)
        if temperature - step > -1:
            assert not g.cool(temperature - step).is_number


def test_draw_plots_both_walls_with_x_growing_to_the_left(tmp_path, monkeypatch):
    # A stand-in for matplotlib.figure (the README's example draws a real PNG).
    drawn = {}

    class Axes:
        def plot(self, xs, ys, color):
            drawn[color] = list(zip(ys, xs, strict=True))

        def invert_xaxis(self):
            drawn["inverted"] = True

        def __getattr__(self, name):
            return lambda *args, **kwargs: None

    class Figure:
        def __init__(self, figsize):
            pass

        def add_subplot(self):
            return Axes()

        def savefig(self, path):
            drawn["path"] = path

    monkeypatch.setitem(sys.modules, "matplotlib.figure", types.SimpleNamespace(Figure=Figure))
    parse("{3|-1}").thermograph().draw(tmp_path / "t.png", title="{3|-1}")
    assert drawn["tab:blue"] == [(-1, 4), (2, 1), (3, 1)]  # (temperature, value): Left's wall
    assert drawn["tab:red"] == [(-1, -2), (2, 1), (3, 1)]
    assert drawn["inverted"] and drawn["path"] == tmp_path / "t.png"
