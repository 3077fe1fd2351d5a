"""The judge's input and output format of shiritori (AtCoder ABC278 F); the rules are
:class:`perfectplay.games.shiritori.Shiritori`."""

from __future__ import annotations

from perfectplay.core.values import Value
from perfectplay.games.shiritori import Shiritori
from perfectplay.solve import outcome

__all__ = ["format_shiritori", "judge", "parse_shiritori"]

MAX_N, MAX_LENGTH = 16, 10
"""The contest limits: words, letters per word."""


def parse_shiritori(text: str) -> tuple[Shiritori, list[str]]:
    """The game of a judge input ``N`` then ``N`` words; notes on exceeded limits.

    Raises
    ------
    ValueError
        For a wrong count, a word that is not lowercase letters, or a repeated word.

    Examples
    --------
    >>> parse_shiritori("2\\nab\\nba\\n")
    (Shiritori(('ab', 'ba')), [])
    """
    tokens = text.split()
    if not tokens:
        raise ValueError("empty input (expected N then N words)")
    try:
        n = int(tokens[0])
    except ValueError:
        raise ValueError(f"expected N, got {tokens[0]!r} (line 1)") from None
    if n < 1:
        raise ValueError(f"N must be at least 1, got {n} (line 1)")
    words = tokens[1:]
    if len(words) != n:
        raise ValueError(f"expected {n} words, got {len(words)}")
    seen: dict[str, int] = {}
    for line, word in enumerate(words, start=2):
        if not (word.isascii() and word.isalpha() and word.islower()):
            raise ValueError(f"a word must be lowercase letters a-z, got {word!r} (line {line})")
        if word in seen:
            raise ValueError(f"duplicate word {word!r} (lines {seen[word]} and {line})")
        seen[word] = line
    notes = [f"N = {n} exceeds the contest limit {MAX_N}"] if n > MAX_N else []
    if max(map(len, words)) > MAX_LENGTH:
        notes.append(f"a word is longer than the contest limit of {MAX_LENGTH} letters")
    return Shiritori(words), notes


def format_shiritori(value: Value) -> str:
    """The judge's output for the first player's value: ``First`` or ``Second``.

    >>> format_shiritori(Value.WIN)
    'First'
    """
    return "First" if value is Value.WIN else "Second"


def judge(text: str) -> tuple[str, list[str]]:
    """Answer a judge input, by the engine.

    >>> judge("3\\nenum\\nfloat\\nif\\n")
    ('First', [])
    """
    game, notes = parse_shiritori(text)
    return format_shiritori(outcome(game)), notes
