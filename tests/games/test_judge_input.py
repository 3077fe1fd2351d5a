"""The judges' input reader: ASCII integers only, LF or CRLF lines, errors that name the token
and its line."""

import pytest

from perfectplay.games.judge_input import JudgeInput


@pytest.mark.parametrize(("token", "value"), [("0", 0), ("-0", 0), ("007", 7), ("-12", -12),
                                              ("1" * 30, int("1" * 30))])
def test_integers(token, value):
    assert JudgeInput(token).integer("N") == value


# int() takes every one of these; a judge's input has none of them.
@pytest.mark.parametrize("token", ["+3", "1_0", "\uff13", "\u0663", "1\u00a02", "3.0", "1e3",
                                   "0x10", "--1", "-", "\u2212" + "1"])
def test_only_ascii_digits_are_an_integer(token):
    assert JudgeInput(token).word("N") == token  # one token: only ASCII whitespace splits
    reader = JudgeInput(f"1\r\n2 {token}\r\n")
    assert (reader.integer("N"), reader.integer("K_0")) == (1, 2)
    with pytest.raises(ValueError) as error:
        reader.integer("K_1")
    assert str(error.value) == f"expected K_1 to be an integer, got {token!r} (line 2)"


def test_crlf_and_tabs_separate_tokens():
    reader = JudgeInput("2\r\nab\tcd \r\n\r\n")
    assert (reader.integer("N"), reader.word("word 1"), reader.word("word 2")) == (2, "ab", "cd")
    assert reader.line == 2
    reader.end("the words")


def test_a_long_token_is_cut_in_the_message():
    with pytest.raises(ValueError, match=r"got 'aaaaaaaaaaaaaaaaaaaa'\.\.\. \(line 1\)$"):
        JudgeInput("a" * 100).integer("N")


def test_an_integer_past_the_digit_limit_is_refused_where_it_is():
    with pytest.raises(ValueError, match=r"^N has 5000 digits, too many \(line 2\)$"):
        JudgeInput("\n" + "9" * 5000).integer("N")


@pytest.mark.parametrize(("text", "message"), [
    ("", "empty input: expected N (line 1)"),
    (" \r\n\t\n", "empty input: expected N (line 1)"),
    ("0\n", "N must be at least 1, got 0 (line 1)"),
])
def test_the_first_integer(text, message):
    with pytest.raises(ValueError) as error:
        JudgeInput(text).integer("N", least=1)
    assert str(error.value) == message


def test_input_that_ends_early_names_what_was_expected():
    reader = JudgeInput("1\n\n2\n")
    reader.integer("T")
    reader.integer("N")
    with pytest.raises(ValueError) as error:
        reader.integer("L_1")
    assert str(error.value) == "input ends early: expected L_1 (after line 3)"


@pytest.mark.parametrize(("text", "message"), [
    ("3\nab\ncd\n", "expected 3 words, got 2 (line 3)"),
    ("1\nab\ncd\n", "expected 1 words, got 2 (line 3)"),
    ("2\nab cd\n\nef\n", "expected 2 words, got 3 (line 4)"),
])
def test_expect_counts_the_tokens_left(text, message):
    reader = JudgeInput(text)
    with pytest.raises(ValueError) as error:
        reader.expect(reader.integer("N"), "words")
    assert str(error.value) == message


def test_end_names_the_first_token_left():
    reader = JudgeInput("1\n5\n\n6\n")
    reader.integer("T")
    reader.integer("N")
    with pytest.raises(ValueError) as error:
        reader.end("the last case")
    assert str(error.value) == "unexpected input after the last case (line 4)"


def test_line_is_that_of_the_token_read_last():
    reader = JudgeInput("a\n\nb c\n")
    assert reader.line == 0
    reader.word("first")
    assert reader.line == 1
    reader.word("second")
    reader.word("third")
    assert reader.line == 3
