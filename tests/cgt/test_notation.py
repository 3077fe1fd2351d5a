"""CGSuite's notation: what CGSuite prints for each value, read back; expressions; errors."""

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from naive_cgt import form_of, trees

from perfectplay.cgt import UP, ZERO, CanonicalForm, evaluate, format_form, parse
from perfectplay.cgt.notation import up_power, up_power_to

CGSUITE = [
    # (what one types, what CGSuite prints): from CGSuite's CanonicalShortGameTestCase
    ("0", "0"), ("5", "5"), ("-1823437481924", "-1823437481924"), ("-1/2", "-1/2"),
    ("25/16", "25/16"), ("*8", "*8"), ("9/8+*", "9/8*"), ("^", "^"), ("v*", "v*"),
    ("6+^*", "6^*"), ("^*6", "^*6"), ("73/16+v9*8", "73/16v9*8"),
    ("{0||0|vvv}", "{0||0|v3}"), ("{^^^|vv}", "{^3|vv}"), ("{0||0|-3/2}", "Tiny(3/2)"),
    ("{0|||0||-1|-3}", "Tiny({3|1})"), ("{5||3|1|||0||||0}", "Miny({5||3|1})"),
    ("{1|^^||^}", "{1|^^||^}"), ("{1|^^^||^}", "{1|^3||^}"), ("{3||2+*|1+*}", "{3||2*|1*}"),
    ("{0|*||*|||*||||*}", "^[4]"), ("{0||0|v*}", "{0|^<2>}"),
    ("{3/2+*|1/2||{0|-3},{-1+*,{-1/2|-1+*}|-5/2}}",
     "{3/2*|1/2||{0|-3},{-1*,{-1/2|-1*}|-5/2}}"),
    # the classic values
    ("{0|0}", "*"), ("{0,*|0,*}", "*2"), ("{0|*}", "^"), ("{*|0}", "v"), ("{0|1}", "1/2"),
    ("{1|-1}", "+-1"), ("{0||0|-1}", "Tiny(1)"), ("{1|0||0}", "Miny(1)"), ("^+^", "^^"),
    ("v+v+v", "v3"), ("^+^+*", "^^*"), ("*2+*3", "*"), ("1+*", "1*"), ("1/2+*", "1/2*"),
    ("1/2+*2", "1/2*2"), ("{0,*|0}", "^*"), ("{2|0}", "{2|0}"), ("1+-1", "{2|0}"),
    ("{1*|-1*}", "+-(1*)"), ("{{2|1}|{-1|-2}}", "+-{2|1}"), ("{1,{2|1}|-1,{-1|-2}}", "+-{1,{2|1}}"),
    ("{^|v}", "*"), ("{2||2|1}", "2Tiny(1)"), ("-(2+Tiny(1))", "-2Miny(1)"),
    ("{1|*||*|||*||||*}", "{1|*||*|||*||||*}"),
    ("{{1|*||*|||*||||*}|*}", "{{1|*||*|||*||||*}|*}"),  # braces, not a fifth slash
    ("-1+^", "-1^"), ("-(1+^)", "-1v"), ("-1/2+v*", "-1/2v*"),
]


@pytest.mark.parametrize(("typed", "printed"), CGSUITE)
def test_prints_as_cgsuite_does_and_reads_back(typed, printed):
    g = evaluate(typed)
    assert str(g) == format_form(g) == printed
    assert parse(printed) is g


@settings(max_examples=30)
@given(st.integers(-8, 8), st.integers(2, 4), st.booleans(), st.sampled_from([-1, 1]),
       st.integers(0, 3))
def test_higher_uptimals_print_compactly(eighths, n, power_sum, sign, nim):
    unit = up_power_to(n) if power_sum else up_power(n)
    g = CanonicalForm.number(Fraction(eighths, 8)) + (unit if sign > 0 else -unit) + \
        CanonicalForm.nimber(nim)
    text = str(g)
    arrow = ("^" if sign > 0 else "v") + (f"[{n}]" if power_sum else f"<{n}>")
    assert text == (str(Fraction(eighths, 8)) if eighths else "") + arrow + (
        "*" + (str(nim) if nim > 1 else "") if nim else "")
    assert parse(text) is g


def test_higher_uptimals_are_sums_of_up_powers():
    assert up_power(1) is UP and up_power_to(1) is UP and up_power_to(0) is ZERO
    assert up_power_to(4) is UP + up_power(2) + up_power(3) + up_power(4)
    assert parse("^<2>") is parse("{0|v*}") and parse("v[3]") is -up_power_to(3)
    with pytest.raises(ValueError, match="n >= 1"):
        up_power(0)


@settings(max_examples=30)
@given(trees, trees)
def test_round_trip(a, b):
    g = form_of(a) - form_of(b)
    assert parse(str(g)) is g
    assert eval(repr(g)) is g


@pytest.mark.parametrize(("text", "value"), [
    ("{1|*} + ^", "{1^|^*}"), ("+-1 + +-1", "0"), (" ( 1/2 + 1/4 ) - 3/4 ", "0"),
    ("--1", "1"), ("- 1^", "-1v"), ("-(1^)", "-1v"), ("3 -1^", "2v"), ("+-1+-1", "0"),
    ("2*3", "2*3"), ("-^*", "v*"), ("{ 0 , * | 0 , * }", "*2"),
    ("{|}", "0"), ("{0|}", "1"), ("{|0}", "-1"), ("Tiny(1) + Miny(1)", "0"), ("^3 + v3", "0"),
])
def test_expressions(text, value):
    assert str(evaluate(text)) == value
    assert CanonicalForm.parse(text) is evaluate(text)


@pytest.mark.parametrize(("text", "message"), [
    ("{1|2", "expected ',', '|' or '}' at position 4"),
    ("1/3", "expected a power of 2 as denominator at position 0"),
    ("{1||2||3}", "ambiguous slashes (two runs of the same length) at position 5"),
    ("", "expected a value at position 0"),
    ("1 +", "expected a value at position 3"),
    ("(1", "expected ')' at position 2"),
    ("1 2", "expected '+', '-' or the end at position 2"),
    ("{1}", "expected '|' at position 2"),
    ("x", "expected a value at position 0"),
    ("^<0>", "expected a positive integer at position 3"),
    ("v[2", "expected ']' at position 3"),
    ("Tiny 1", "expected '(' at position 5"),
])
def test_parse_errors_quote_the_text_and_the_position(text, message):
    with pytest.raises(ValueError) as caught:
        parse(text)
    assert str(caught.value) == f"cannot parse {text!r}: {message}"
