"""Hostile judge input: ``perfectplay judge NAME`` on mutated inputs (flipped, inserted and
deleted characters, deleted, duplicated, swapped and replaced tokens, huge numbers, Unicode
digits and spaces, CRLF and lone CR, truncation, invalid UTF-8, empty input) never prints a
traceback or exits 1: exit 0 with one answer of the judge's format on stdout, or exit 2 with
nothing on stdout and one ``error:`` line last on stderr. Every answer to a small valid input,
mutated or generated, equals a brute force (``tests/naive.py``).

Everything runs in-process through :func:`perfectplay.cli.main`, the input given as bytes
decoded the way ``sys.stdin`` decodes them (UTF-8, ``surrogateescape``, no newline
translation).
"""

import io
import re
import sys
from contextlib import redirect_stderr, redirect_stdout
from itertools import combinations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from naive import (
    disconnected_first_wins,
    five_hundred_eleven_first_wins,
    interval_first_wins,
    kadomatsu_winning_triple,
    shiritori_first_wins,
)

from perfectplay.cli import main
from perfectplay.games.disconnected import parse_disconnected
from perfectplay.games.five_hundred_eleven import parse_five_hundred_eleven
from perfectplay.games.interval_game_2 import parse_interval_game_2
from perfectplay.games.kadomatsu import parse_kadomatsu
from perfectplay.games.shiritori import parse_shiritori

FUZZ = settings(max_examples=100, deadline=None, suppress_health_check=list(HealthCheck))

SEEDS = {
    "shiritori": ["6\nenum\nfloat\nif\nmodint\ntakahashi\ntemplate\n", "3\nab\nba\nbb\n",
                  "1\nq\n", "4\naba\naca\nab\nbc\n"],
    "kadomatsu": ["3\n1 2 3\n", "3\n1 3 2\n", "6\n1 3 2 4 2 5\n", "8\n5 1 4 1 5 9 2 6\n"],
    "disconnected": ["2\nNN\nNN\n", "3\nNNN\nNNN\nNNN\n", "4\nNYNN\nYNNN\nNNNY\nNNYN\n",
                     "5\nNYYNN\nYNYNN\nYYNNN\nNNNNY\nNNNYN\n"],
    "interval-game-2": ["1\n3\n1 3\n2 4\n3 5\n", "2\n1\n5 9\n2\n58 98\n11 29\n",
                        "1\n4\n1 2\n2 3\n3 4\n1 4\n"],
    "five-hundred-eleven": ["5\n3 5 7 9 510\n", "4\n0 0 0 0\n", "1\n511\n",
                            "4\n5 58 192 256\n"],
}
"""Small valid inputs: mutations start from these, and stay small enough to brute-force."""

ANSWER = {
    "shiritori": r"(First|Second)\n",
    "kadomatsu": r"(-1|\d+ \d+ \d+)\n",
    "disconnected": r"(Taro|Hanako)\n",
    "interval-game-2": r"((Alice|Bob)\n)+",
    "five-hundred-eleven": r"(Fox Ciel|Toastman)\n",
}
"""The judge's output format, one answer per case."""

ODD_TOKENS = ["0", "-0", "-1", "+3", "1_0", "007", "\uff13", "\u0663", "1e3", "0x10", "NaN",
              "\u221e", "9" * 19, str(2**63), str(2**64 + 1), str(10**30), "1" * 5000,
              "-" + "9" * 4000, "Y", "N", "YN", "ab", "AB", "\u00e9t\u00e9", "\ufeff1",
              "\x00", "\u00a0", "\u2028", "\\", "''"]
"""Tokens a hostile tester writes: signs, separators and non-ASCII digits that ``int`` takes,
numbers past 2^63 and past ``int``'s digit limit, words and letters where numbers go."""

ODD_CHARS = [*"0123456789 -+_\t\r\n\x0b\x0cYNab", "\x00", "\u00a0", "\u3000", "\u2028", "\uff11",
             "\u0661", "\ufeff", "\udcff"]


def judged(name: str, data: bytes) -> tuple[int, str, str]:
    """Exit status, stdout and stderr of ``perfectplay judge NAME`` reading ``data``."""
    out, err = io.StringIO(), io.StringIO()
    stdin = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8", errors="surrogateescape",
                                 newline="")
    try:
        with redirect_stdout(out), redirect_stderr(err):
            status = main(["judge", name])
    finally:
        sys.stdin = stdin
    return status, out.getvalue(), err.getvalue()


def well_behaved(name: str, status: int, out: str, err: str) -> None:
    """Exit 0 with an answer and notes at most, or exit 2 with one error line and nothing on
    stdout; never a traceback."""
    assert status in (0, 2), err
    assert "Traceback" not in err
    lines = err.splitlines()
    if status == 2:
        assert out == "", out
        assert lines and lines[-1].startswith("error: "), err
        lines = lines[:-1]
    else:
        assert re.fullmatch(ANSWER[name], out), out
    assert all(line.startswith("note: ") for line in lines), err


def expected_answer(name: str, text: str) -> str | None:
    """The brute force's answer to a valid input as the judge reads it, or None when it is too
    large to brute-force. The parse is the library's: what is checked here is the answer."""
    if name == "shiritori":
        game, _ = parse_shiritori(text)
        if len(game.words) > 9:
            return None
        return "First" if shiritori_first_wins(game.words) else "Second"
    if name == "kadomatsu":
        kadomatsu, _ = parse_kadomatsu(text)
        if len(kadomatsu.values) > 10:
            return None
        triple = kadomatsu_winning_triple(kadomatsu.values)
        return "-1" if triple is None else " ".join(map(str, triple))
    if name == "disconnected":
        graph, _ = parse_disconnected(text)
        if graph.n > 5:
            return None
        edges = [(u, v) for u, v in combinations(range(graph.n), 2) if graph.rows[u] >> v & 1]
        return "Taro" if disconnected_first_wins(graph.n, edges) else "Hanako"
    if name == "interval-game-2":
        cases, _ = parse_interval_game_2(text)
        if any(len(case.intervals) > 9 for case in cases) or len(cases) > 5:
            return None
        return "\n".join("Alice" if interval_first_wins(case.intervals) else "Bob"
                         for case in cases)
    cards, _ = parse_five_hundred_eleven(text)
    if len(cards.cards) > 9:
        return None
    return "Fox Ciel" if five_hundred_eleven_first_wins(cards.cards) else "Toastman"


@st.composite
def mutation(draw, text: str) -> str:
    """One hostile edit of ``text``."""
    kind = draw(st.sampled_from(["flip", "insert", "truncate", "delete token", "duplicate token",
                                 "swap tokens", "replace token", "line ends", "whitespace"]))
    if kind in ("flip", "insert", "truncate"):
        i = draw(st.integers(0, max(0, len(text) - 1)))
        char = draw(st.sampled_from(ODD_CHARS) | st.characters())
        if kind == "flip":
            return text[:i] + char + text[i + 1:]
        return text[:i] + char + text[i:] if kind == "insert" else text[:i]
    if kind == "line ends":
        return text.replace("\n", draw(st.sampled_from(["\r\n", "\r", "\n\n", " \n", "\r\r\n"])))
    if kind == "whitespace":
        return text.replace(" ", draw(st.sampled_from(["\t", "  ", "\n", "\u00a0", "\u3000",
                                                       "\x0b", ""])))
    parts = re.split(r"(\s+)", text)  # tokens at even indices, separators between them
    tokens = [i for i in range(0, len(parts), 2) if parts[i]]
    if not tokens:
        return text
    i = draw(st.sampled_from(tokens))
    if kind == "delete token":
        parts[i] = ""
    elif kind == "duplicate token":
        parts[i] = parts[i] + " " + parts[i]
    elif kind == "swap tokens":
        j = draw(st.sampled_from(tokens))
        parts[i], parts[j] = parts[j], parts[i]
    else:
        parts[i] = draw(st.sampled_from(ODD_TOKENS) | st.integers(-10, 10**40).map(str))
    return "".join(parts)


@st.composite
def mutated(draw, name: str) -> bytes:
    """A seed of ``name`` after one to three hostile edits, as bytes; now and then cut short,
    or with bytes that are not UTF-8."""
    text = draw(st.sampled_from(SEEDS[name]))
    for _ in range(draw(st.integers(1, 3))):
        text = draw(mutation(text))
    data = text.encode("utf-8", errors="surrogateescape")
    if draw(st.integers(0, 9)) == 0:
        i = draw(st.integers(0, len(data)))
        data = data[:i] + draw(st.sampled_from([b"\xff", b"\xc3", b"\x80\x80", b"\xed\xa0\x80"]))
    return data


@pytest.mark.parametrize("name", list(SEEDS))
def test_mutated_input_is_answered_or_refused_in_one_line(name):
    @FUZZ
    @given(mutated(name))
    def check(data):
        status, out, err = judged(name, data)
        well_behaved(name, status, out, err)
        if status == 0:  # still valid: the answer is the brute force's
            expected = expected_answer(name, data.decode("utf-8", errors="surrogateescape"))
            assert expected is None or out == expected + "\n"

    check()


@pytest.mark.parametrize("name", list(SEEDS))
@pytest.mark.parametrize("data", [b"", b"\n", b"   \r\n\t", b"\xef\xbb\xbf" + b"1\n1\n",
                                  b"\xff\xfe", b"\x00", b"-1\n", b"0\n", b"1" * 5000 + b"\n",
                                  str(2**64).encode() + b"\n1\n", "\uff13\n".encode()])
def test_degenerate_input_is_one_error_line(name, data):
    status, out, err = judged(name, data)
    assert (status, out) == (2, "")
    assert err.startswith("error: ") and err.count("\n") == 1, err


@st.composite
def laid_out(draw, lines: list[list[str]]) -> str:
    """The lines of tokens of a judge input, tokens apart by runs of spaces and tabs, each line
    ended by LF, CRLF or more: the judges read tokens, not lines."""
    space = st.sampled_from([" ", "  ", "\t", " \t"])
    end = st.sampled_from(["\n", "\r\n", " \n", "\n\n"])
    return "".join("".join(token + draw(space) for token in line[:-1]) + line[-1] + draw(end)
                   for line in lines)


@st.composite
def valid_inputs(draw, name: str) -> tuple[str, str]:
    """A small valid input of ``name`` laid out with any ASCII whitespace, and the brute
    force's answer, computed from what was drawn (not from the library's parse)."""
    if name == "shiritori":
        words = draw(st.lists(st.text("abc", min_size=1, max_size=4), min_size=1, max_size=8,
                              unique=True))
        answer = "First" if shiritori_first_wins(words) else "Second"
        return draw(laid_out([[str(len(words))], *([w] for w in words)])), answer
    if name == "kadomatsu":
        values = draw(st.lists(st.integers(1, 5) | st.integers(1, 10**12), min_size=3,
                               max_size=9))
        triple = kadomatsu_winning_triple(values)
        answer = "-1" if triple is None else " ".join(map(str, triple))
        return draw(laid_out([[str(len(values))], [str(v) for v in values]])), answer
    if name == "disconnected":
        n = draw(st.integers(2, 5))
        cut = draw(st.integers(1, n - 1))  # no edge across: the graph is not connected
        order = draw(st.permutations(range(n)))
        edges = [tuple(sorted((order[u], order[v]))) for u, v in combinations(range(n), 2)
                 if (u < cut) == (v < cut) and draw(st.booleans())]
        rows = [["N"] * n for _ in range(n)]
        for u, v in edges:
            rows[u][v] = rows[v][u] = "Y"
        answer = "Taro" if disconnected_first_wins(n, edges) else "Hanako"
        return draw(laid_out([[str(n)], *(["".join(row)] for row in rows)])), answer
    if name == "interval-game-2":
        ends = st.sampled_from([1, 2, 3, 4, 5, 6, 10**9, 2**63, 10**30])
        interval = st.tuples(ends, ends).filter(lambda lr: lr[0] < lr[1])
        cases = draw(st.lists(st.lists(interval, min_size=1, max_size=6), min_size=1,
                              max_size=3))
        lines = [[str(len(cases))]]
        for intervals in cases:
            lines += [[str(len(intervals))], *([str(lo), str(hi)] for lo, hi in intervals)]
        answer = "\n".join("Alice" if interval_first_wins(c) else "Bob" for c in cases)
        return draw(laid_out(lines)), answer
    cards = draw(st.lists(st.sampled_from([0, 1, 3, 255, 256, 510, 511]) | st.integers(0, 511),
                          min_size=1, max_size=8))
    answer = "Fox Ciel" if five_hundred_eleven_first_wins(cards) else "Toastman"
    return draw(laid_out([[str(len(cards))], [str(c) for c in cards]])), answer


@pytest.mark.parametrize("name", list(SEEDS))
def test_small_valid_input_is_answered_as_the_brute_force_does(name):
    @FUZZ
    @given(valid_inputs(name))
    def check(case):
        text, answer = case
        status, out, err = judged(name, text.encode())
        assert (status, out) == (0, answer + "\n"), err
        assert all(line.startswith("note: ") for line in err.splitlines()), err

    check()
