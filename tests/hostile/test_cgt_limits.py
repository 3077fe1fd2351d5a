"""``perfectplay cgt`` under hostile input: closed forms answer at once, everything else is
bounded before it starts, and every refusal is one ``error:`` line with exit status 2.

Each case runs the real command line in a subprocess with a timeout: before these limits the
slow ones took from 18 s to minutes or gigabytes, and the deep ones ended in a RecursionError
(exit status 1)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

SRC = str(Path(__file__).resolve().parents[2] / "src")


def cgt(*args: str) -> subprocess.CompletedProcess[str]:
    # the old code ran for minutes or for ever on these inputs; the limit is that, not a time
    # to meet on a busy box
    timeout = 60
    env = {**os.environ, "PYTHONPATH": SRC}
    return subprocess.run([sys.executable, "-m", "perfectplay", "cgt", *args], env=env,
                          capture_output=True, text=True, timeout=timeout, check=False)


def field(result: subprocess.CompletedProcess[str], name: str) -> str:
    assert result.returncode == 0, result.stderr
    for line in result.stdout.splitlines():
        key, _, value = line.partition(":")
        if key == name:
            return value.strip()
    raise AssertionError(f"no {name!r} in {result.stdout!r}")


def refused(result: subprocess.CompletedProcess[str]) -> str:
    """The one error line of a refused run."""
    assert result.returncode == 2, (result.returncode, result.stderr[-500:])
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr[-500:]
    assert "Traceback" not in result.stderr
    return lines[0]


@pytest.mark.parametrize(("expression", "form"), [
    ("*500", "*500"), ("^500", "^500"), ("v3000*7", "v3000*7"), ("^<250>", "^<250>"),
    ("^[200]", "^[200]"),
])
def test_closed_forms_are_instant(expression: str, form: str) -> None:
    result = cgt("eval", expression)
    assert field(result, "canonical form") == form
    assert field(result, "mean") == "0"
    assert field(result, "temperature") == "0"


def test_green_stalk_of_200_edges_is_within_the_limit_and_1000_beyond() -> None:
    result = cgt("hackenbush", "--forest", "e" * 200)
    assert field(result, "canonical form") == "*200"
    assert refused(cgt("hackenbush", "--forest", "e" * 1000)).endswith(
        "(1,000 characters) needs about 1,000,000,000 comparisons; limit 10,000,000")


def test_a_fine_dyadic_number_within_the_limit() -> None:
    result = cgt("eval", f"1/{2 ** 256}")
    assert field(result, "temperature") == f"-1/{2 ** 256}"


def test_big_nimber_is_refused_with_its_estimate() -> None:
    assert refused(cgt("eval", "*3000")) == (
        "error: *3000 needs about 4,501,500 options; limit 2,000,000")


@pytest.mark.parametrize(("expression", "message"), [
    ("^<1000>", "^<n> with n above 250 (the limit) at position 6"),
    ("(" * 350 + "1" + ")" * 350, "nested deeper than 100 levels (the limit) at position 101"),
    ("{" * 200 + "1|" + "}" * 200, "nested deeper than 100 levels (the limit) at position 101"),
    (" " + "+-" * 1000 + "1", "nested deeper than 100 levels (the limit) at position 203"),
    (f"1/{2 ** 500}", "a denominator above 2**256 (the limit) at position 0"),
    ("1+" * 6000 + "1", "longer than 10,000 characters (the limit)"),
], ids=["up-nth", "parentheses", "braces", "switches", "denominator", "length"])
def test_deep_or_long_expressions_are_refused(expression: str, message: str) -> None:
    line = refused(cgt("eval", expression))
    assert line.endswith(message)
    assert len(line) < 250  # the input is quoted in part, not whole


def test_a_thousand_minus_signs_do_not_recurse() -> None:
    assert field(cgt("eval", " " + "-" * 1000 + "1"), "canonical form") == "1"
    assert field(cgt("eval", " " + "-" * 999 + "^"), "canonical form") == "v"


@pytest.mark.parametrize("expression", ["\u0661", "\uff14\uff14", "*\u0663", "1/\u0664"],
                         ids=["arabic-indic", "fullwidth", "star", "denominator"])
def test_only_ascii_digits_make_numbers(expression: str) -> None:
    assert "cannot parse" in refused(cgt("eval", expression))


def test_errors_quote_at_most_100_characters_of_input() -> None:
    line = refused(cgt("eval", "1+" * 2000 + "?"))
    assert line == ("error: cannot parse " + repr("1+" * 50) + "... (4,001 characters): "
                    "expected a value at position 4000")


def test_hackenbush_forest_beyond_the_work_limit_is_refused_at_once() -> None:
    line = refused(cgt("hackenbush", "--forest", "l" * 5000))
    assert line.endswith("(5,000 characters) needs about 125,000,000,000 comparisons; "
                         "limit 10,000,000")
    line = refused(cgt("hackenbush", "--forest", "l" * 100_000))
    assert line.endswith("(100,000 characters)")
    assert "more than 10,000 characters (the limit)" in line


def test_hackenbush_forks_nested_too_deep_are_refused() -> None:
    line = refused(cgt("hackenbush", "--forest", "l(" * 101 + "l" + ")" * 101))
    assert "forks nested more than 100 deep (the limit)" in line


def test_huge_domineering_board_is_refused_before_it_is_built() -> None:
    assert refused(cgt("domineering", "--board", "999999999x999999999")) == (
        "error: bad --board for domineering: a 999999999x999999999 board has "
        "999,999,998,000,000,001 squares; limit 10,000")
    assert "unexpected" in refused(cgt("domineering", "--board", "\uff12x\uff12"))


def test_huge_cutcake_is_refused_with_its_estimate() -> None:
    assert refused(cgt("cutcake", "--pieces", "100x101")) == (
        "error: bad --pieces for cutcake: cutcake '100x101' needs about 2,030,100 options; "
        "limit 2,000,000")
