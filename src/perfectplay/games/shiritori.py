"""Shiritori (AtCoder ABC278 F): pick unused words, each starting with the last letter of the
one before; the player who cannot move loses."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import partial
from typing import TYPE_CHECKING, ClassVar

from perfectplay.core.game import Game
from perfectplay.core.options import Option
from perfectplay.core.values import Value
from perfectplay.games.judge_input import JudgeInput
from perfectplay.solve import outcome

if TYPE_CHECKING:
    from perfectplay.compiled.rules import CompiledRules

__all__ = ["Shiritori", "format_shiritori", "judge", "parse_shiritori", "parse_words"]

Position = tuple[frozenset[str], str | None]
"""The words played so far, and the last of them (None before the first move)."""

MAX_COMPILED_WORDS = 26
"""Most words the compiled rules encode (n·2^n positions)."""


def parse_words(text: str) -> tuple[str, ...]:
    """Comma-separated, pairwise distinct, non-empty words.

    >>> parse_words("enum, float,if")
    ('enum', 'float', 'if')

    Raises
    ------
    ValueError
        For an empty list, an empty word or a repeated word.
    """
    words = tuple(word.strip() for word in text.split(","))
    if not text.strip() or any(not word for word in words):
        raise ValueError(f"expected comma-separated non-empty words, got {text!r}")
    repeated = sorted({word for word in words if words.count(word) > 1})
    if repeated:
        raise ValueError(f"words must be distinct; repeated: {', '.join(repeated)}")
    return words


class Shiritori(Game):
    """Shiritori on the given words. A position is ``(used, last)``: the set of words played and
    the last one (None at the start); a move is the word played. Both players choose from the
    same words, so the game is impartial; it always ends (every move uses a word up).

    Its compiled rules (:mod:`perfectplay.compiled.games.shiritori`) encode a position as
    ``last * 2 ** n + used`` over word indices: 2^n·n positions for n words.

    >>> from perfectplay import solve
    >>> game = Shiritori(("enum", "float", "if", "modint", "takahashi", "template"))
    >>> s = solve(game)
    >>> s.value(), s.best_move(), s.line()
    (Value.WIN, 'enum', ['enum', 'modint', 'template'])
    >>> game.format_position(s.moves()[0].position)
    'enum:enum'

    References
    ----------
    AtCoder Beginner Contest 278, problem F, https://atcoder.jp/contests/abc278/tasks/abc278_f
    """

    name: ClassVar[str] = "shiritori"
    OPTIONS: ClassVar[tuple[Option, ...]] = (
        Option("words", parse_words, "the words, comma-separated", "enum,float,if"),
    )

    def __init__(self, words: Sequence[str] = ("enum", "float", "if")) -> None:
        self.words = parse_words(",".join(words))
        self.index = {word: i for i, word in enumerate(self.words)}

    def __repr__(self) -> str:
        return f"Shiritori({self.words!r})"

    def start(self) -> Position:
        return (frozenset(), None)

    def moves(self, position: Position) -> Iterator[tuple[str, Position]]:
        used, last = position
        for word in self.words:
            if word not in used and (last is None or word[0] == last[-1]):
                yield word, (used | {word}, word)

    def format_position(self, position: Position) -> str:
        used, last = position
        if last is None:
            return "-"
        return f"{last}:" + ",".join(word for word in self.words if word in used)

    def parse_position(self, text: str) -> Position:
        text = text.strip()
        if text == "-":
            return self.start()
        last, colon, played = text.partition(":")
        used = parse_words(played) if colon else ()
        unknown = [word for word in (last, *used) if word not in self.index]
        if unknown:
            raise ValueError(f"not among the words: {', '.join(unknown)} (in {text!r})")
        if last not in used:
            raise ValueError(f"the last word {last!r} must be among the words played ({text!r})")
        return (frozenset(used), last)

    def compiled_size(self) -> int:
        """Integers of the compiled encoding: ``n * 2 ** n``."""
        return len(self.words) << len(self.words)

    def compiled(self) -> CompiledRules:
        """The compiled rules (imports numba).

        Raises
        ------
        ValueError
            For more than :data:`MAX_COMPILED_WORDS` words.
        """
        from perfectplay.compiled.games.shiritori import child, next_move, shiritori_params
        from perfectplay.compiled.rules import CompiledRules

        n = len(self.words)
        if n > MAX_COMPILED_WORDS:
            raise ValueError(f"the compiled rules take at most {MAX_COMPILED_WORDS} words, "
                             f"got {n}")
        return CompiledRules(child=child, params=shiritori_params(self.words),
                             size=self.compiled_size(), max_moves=n, next_move=next_move,
                             encode=partial(_encode_position, self.index),
                             decode=partial(_decode_position, self.words))


# Module-level, not closures in compiled(): the rules pickle with the game.


def _encode_position(index: dict[str, int], position: Position) -> int:
    """The compiled rules' integer of a position, ``index`` giving each word's number.

    >>> _encode_position({"ab": 0, "ba": 1, "cc": 2}, (frozenset({"ab", "ba"}), "ba"))
    11

    Raises
    ------
    ValueError
        For a word not in ``index``, or a ``last`` word that was not played.
    """
    n = len(index)
    used, last = position
    mask = 0
    try:
        for word in used:  # not sum() over a generator: every query encodes its start
            mask |= 1 << index[word]
    except KeyError as exc:
        raise ValueError(f"not among the words: {exc.args[0]!r}") from None
    if (last is None) != (mask == 0) or (last is not None and last not in used):
        raise ValueError(f"not a shiritori position: {position!r}")
    return ((0 if last is None else index[last]) << n) + mask


def _decode_position(words: tuple[str, ...], code: int) -> Position:
    """The position of a compiled rules' integer over ``words``.

    >>> _decode_position(("ab", "ba", "cc"), 11) == (frozenset({"ab", "ba"}), "ba")
    True
    """
    last, mask = divmod(code, 1 << len(words))
    if mask == 0:
        return (frozenset(), None)
    return (frozenset(word for i, word in enumerate(words) if (mask >> i) & 1), words[last])


# The judge's input and output format (AtCoder ABC278 F).

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
    reader = JudgeInput(text)
    n = reader.integer("N", least=1)
    reader.expect(n, "words")
    seen: dict[str, int] = {}  # word -> its line, in input order
    for i in range(1, n + 1):
        word, line = reader.word(f"word {i}"), reader.line
        if not (word.isascii() and word.isalpha() and word.islower()):
            raise ValueError(f"a word must be lowercase letters a-z, got {word!r} (line {line})")
        if word in seen:
            raise ValueError(f"duplicate word {word!r} (lines {seen[word]} and {line})")
        seen[word] = line
    words = list(seen)
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
