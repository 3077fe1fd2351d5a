"""Shiritori (AtCoder ABC278 F): pick unused words, each starting with the last letter of the
one before; the player who cannot move loses."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, ClassVar

from perfectplay.core.game import Game
from perfectplay.games.options import Option

if TYPE_CHECKING:
    from perfectplay.compiled.rules import CompiledRules

__all__ = ["Shiritori", "parse_words"]

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
    ``used * n + last`` over word indices: 2^n·n positions for n words.

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
        from perfectplay.compiled.games.shiritori import child, shiritori_params
        from perfectplay.compiled.rules import CompiledRules

        n = len(self.words)
        if n > MAX_COMPILED_WORDS:
            raise ValueError(f"the compiled rules take at most {MAX_COMPILED_WORDS} words, "
                             f"got {n}")
        index = self.index
        words = self.words

        def encode(position: Position) -> int:
            used, last = position
            try:
                mask = sum(1 << index[word] for word in used)
            except KeyError as exc:
                raise ValueError(f"not among the words: {exc.args[0]!r}") from None
            if (last is None) != (mask == 0) or (last is not None and last not in used):
                raise ValueError(f"not a shiritori position: {position!r}")
            return mask * n + (0 if last is None else index[last])

        def decode(code: int) -> Position:
            mask, last = divmod(code, n)
            if mask == 0:
                return (frozenset(), None)
            return (frozenset(word for i, word in enumerate(words) if (mask >> i) & 1),
                    words[last])

        return CompiledRules(child=child, params=shiritori_params(words),
                             size=self.compiled_size(), max_moves=n, encode=encode,
                             decode=decode)
