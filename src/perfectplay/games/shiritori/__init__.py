"""Shiritori (AtCoder ABC278 F): pick unused words, each starting with the last letter of the
one before; the player who cannot move loses."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from functools import partial
from typing import TYPE_CHECKING, ClassVar

from perfectplay.core.engines import Estimate
from perfectplay.core.errors import NotApplicable, quote
from perfectplay.core.game import Game
from perfectplay.core.judge import Judge
from perfectplay.core.limits import PYTHON_BYTES_PER_POSITION
from perfectplay.core.options import Option
from perfectplay.core.values import Value
from perfectplay.games.judge_input import (
    JudgeInput,
    format_count,
    refuse_beyond,
    start_value,
)
from perfectplay.games.shiritori.board import ShiritoriBoard
from perfectplay.solve import outcome

if TYPE_CHECKING:
    from perfectplay.compiled.rules import CompiledRules

__all__ = ["Shiritori", "ShiritoriAbstract", "answer_shiritori", "format_shiritori", "judge",
           "parse_shiritori", "parse_words"]

Position = tuple[frozenset[str], str | None]
"""The words played so far, and the last of them (None before the first move)."""

MAX_COMPILED_WORDS = 26
"""Most words the compiled rules encode (n·2^n positions); more are solved in Python."""

CHECKS_PER_SECOND = 10**6
"""Class checks the pure-Python search of the abstract game makes a second (each state tries
every class of words of its first letter): measured 1.2 to 2.5 million on the strong solve of
the 16 classes of four letters (26,469 states) and on 30 to 40 classes of six letters."""

COMPILED_START_SECONDS = 0.6
"""What the compiled engine costs before its first position: importing numba and loading the
kernels from the cache, measured 0.25 to 0.6 s on this 2-core machine (a first run after
install compiles them too, some seconds more). The judge searches the abstract game in Python
when its estimate is below this."""


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
        raise ValueError(f"expected comma-separated non-empty words, got {quote(text)}")
    repeated = sorted(word for word, count in Counter(words).items() if count > 1)
    if repeated:
        raise ValueError(f"words must be distinct; repeated: {', '.join(repeated)}")
    return words


class Shiritori(Game):
    """Shiritori on the given words. A position is ``(used, last)``: the set of words played and
    the last one (None at the start); a move is the word played. Both players choose from the
    same words, so the game is impartial; it always ends (every move uses a word up).

    Its compiled rules (:mod:`perfectplay.games.shiritori.compiled`) encode a position as
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

    def picture(self) -> ShiritoriBoard:
        """The page's picture: the words as tiles
        (:class:`~perfectplay.games.shiritori.board.ShiritoriBoard`)."""
        return ShiritoriBoard(self)

    @classmethod
    def judge(cls) -> Judge:
        """The judge of AtCoder ABC278 F: :func:`parse_shiritori`, :func:`answer_shiritori`."""
        return Judge(parse_shiritori, answer_shiritori)

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
            raise ValueError(f"not among the words: {', '.join(unknown)} (in {quote(text)})")
        if last not in used:
            raise ValueError(f"the last word {quote(last)} must be among the words played "
                             f"({quote(text)})")
        return (frozenset(used), last)

    def abstract(self, position: Position) -> int:
        """The state of :class:`ShiritoriAbstract` of a position: which words of each class
        (first and last letter) are used, as a count, and the last letter.

        >>> game = Shiritori(("aba", "aca", "ab"))
        >>> game.abstract((frozenset({"aca"}), "aca")) == game.abstract((frozenset({"aba"}), "aba"))
        True
        """
        return self.abstraction().state_of(position)

    def abstraction(self) -> ShiritoriAbstract:
        """The game on abstract states (:meth:`abstract`), solved in place of this one."""
        return ShiritoriAbstract(self.words)

    def position_bound(self) -> int:
        """Positions reachable from the start, bounded: the start, and for each last word ``w``
        every set of words that can have come before it, those whose last letter leads to
        ``w``'s first letter in the graph of the words (a word is an edge from its first letter
        to its last).

        >>> Shiritori(("ab", "bc", "cd")).position_bound()  # 1 + 2^0 + 2^1 + 2^2
        8
        >>> Shiritori(("aba", "aca", "ab")).position_bound()  # "ab" ends a play: 1 + 2 + 2 + 4
        9
        """
        follows: dict[str, set[str]] = {}
        for word in self.words:
            follows.setdefault(word[0], set()).add(word[-1])
        ending = Counter(word[-1] for word in self.words)
        reach = {letter: _reach(follows, letter) for letter in ending}
        before = {first: sum(count for letter, count in ending.items() if first in reach[letter])
                  for first in follows}  # first letter -> words that can come before it
        return 1 + sum(1 << (before[word[0]] - (word[0] in reach[word[-1]]))
                       for word in self.words)

    def compiled_size(self) -> int:
        """Integers of the compiled encoding: ``n * 2 ** n``.

        Raises
        ------
        NotApplicable
            For more than :data:`MAX_COMPILED_WORDS` words: there is no encoding.
        """
        n = len(self.words)
        if n > MAX_COMPILED_WORDS:
            raise NotApplicable(f"the compiled rules take at most {MAX_COMPILED_WORDS} words, "
                                f"got {n}")
        return n << n

    def compiled(self) -> CompiledRules:
        """The compiled rules (imports numba).

        Raises
        ------
        NotApplicable
            For more than :data:`MAX_COMPILED_WORDS` words (``auto`` goes on to the
            pure-Python solvers).
        """
        size = self.compiled_size()  # first: refuses what the encoding cannot hold
        from perfectplay.compiled.rules import CompiledRules
        from perfectplay.games.shiritori.compiled import child, next_move, shiritori_params

        return CompiledRules(child=child, params=shiritori_params(self.words),
                             size=size, max_moves=len(self.words), next_move=next_move,
                             encode=partial(_encode_position, self.index),
                             decode=partial(_decode_position, self.words))


def _reach(follows: dict[str, set[str]], letter: str) -> set[str]:
    """The letters a play can get to from ``letter`` (itself included), ``follows`` giving the
    last letters of the words of each first letter."""
    seen, todo = {letter}, [letter]
    while todo:
        for after in follows.get(todo.pop(), ()):
            if after not in seen:
                seen.add(after)
                todo.append(after)
    return seen


class ShiritoriAbstract(Game):
    """Shiritori on abstract states: words with the same first and last letter (a *class*)
    are interchangeable, since a play is legal or not by those letters alone, so a state keeps
    how many words of each class are used and the last letter, not which words.

    A state is one integer, ``used << 5 | last``: the words are numbered class by class, the
    used words of a class are always its lowest numbers (bit ``i`` of ``used`` for word ``i``),
    and ``last`` is the last letter's number, 0 for ``a`` to 25, or :attr:`START` before the
    first move. A move plays the class's next word, and is written as that word. 16 words
    that all chain are 17 states; the most a set of 16 words has is 2^16 times the last
    letters, and the search reaches far fewer (26,469 when the words are the 16 pairs of four
    letters, the most found).

    >>> from perfectplay import outcome
    >>> game = ShiritoriAbstract(["a" + "b" * k + "a" for k in range(16)])
    >>> outcome(game), len(list(game.moves(game.start())))  # 16 words, one class
    (Value.LOSE, 1)
    """

    name: ClassVar[str] = "shiritori-abstract"

    START = 26
    """``last`` before the first move."""

    def __init__(self, words: Sequence[str]) -> None:
        self.words = tuple(words)
        classes: dict[tuple[int, int], list[str]] = {}  # (first, last letter) -> its words
        for word in self.words:
            classes.setdefault((ord(word[0]) - 97, ord(word[-1]) - 97), []).append(word)
        self.slots: list[str] = []  # word number -> the word, class by class
        self._bits: dict[str, int] = {}  # word -> the numbers of its class, as bits
        by_first: list[list[tuple[int, int]]] = [[] for _ in range(26)]
        for (first, last), members in sorted(classes.items()):
            bits = ((1 << len(members)) - 1) << len(self.slots)
            self._bits.update(dict.fromkeys(members, bits))
            by_first[first].append((bits, last))
            self.slots.extend(members)
        self._by_first = [tuple(group) for group in by_first]
        self._any = tuple(group for groups in by_first for group in groups)

    def __repr__(self) -> str:
        return f"ShiritoriAbstract({self.words!r})"

    def start(self) -> int:
        return self.START

    def moves(self, state: int) -> list[tuple[str, int]]:
        used, last = state >> 5, state & 31
        children = []
        for bits, after in self._any if last == self.START else self._by_first[last]:
            free = bits & ~used
            if free:
                low = free & -free
                children.append((self.slots[low.bit_length() - 1], (used | low) << 5 | after))
        return children

    def class_counts(self) -> list[int]:
        """The number of words of each class.

        >>> ShiritoriAbstract(("aba", "aca", "ab")).class_counts()  # classes a..a, a..b
        [2, 1]
        """
        return [bits.bit_count() for bits, _ in self._any]

    def state_bound(self) -> int:
        """States reachable from the start, bounded: the start, and for each last letter a
        count of used words per class.

        >>> ShiritoriAbstract(("aba", "aca", "ab")).state_bound()  # 1 + (1+1)·(2+1)·2 letters
        13
        """
        lasts = {word[-1] for word in self.words}
        return 1 + math.prod(count + 1 for count in self.class_counts()) * len(lasts)

    def moves_bound(self) -> int:
        """The most classes a state tries: those of one first letter."""
        return max(len(group) for group in self._by_first)

    def state_of(self, position: Position) -> int:
        """The abstract state of a position of :class:`Shiritori` on the same words."""
        used_words, last = position
        if last is None:
            return self.START
        used = 0
        for word in used_words:
            bits = self._bits[word]
            free = bits & ~used
            used |= free & -free
        return used << 5 | (ord(last[-1]) - 97)


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
            raise ValueError(f"a word must be lowercase letters a-z, got {quote(word)} "
                             f"(line {line})")
        if word in seen:
            raise ValueError(f"duplicate word {quote(word)} (lines {seen[word]} and {line})")
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


def answer_shiritori(game: Shiritori, *, progress: Callable[[int], None] | None = None) -> str:
    """The judge's output for a parsed input: the value of the start in the abstract game
    (:class:`ShiritoriAbstract`), searched by the engine in Python, unless the compiled engine
    is cheaper.

    Within the contest's limits (:data:`MAX_N` words) the abstract search is always the
    cheaper: it reaches at most some 26,000 states (the 16 classes of four letters, the worst
    found), 0.05 to 0.1 s, less than numba's start alone (:data:`COMPILED_START_SECONDS`), so
    numba is never loaded. Beyond them the estimate is :meth:`ShiritoriAbstract.state_bound`
    (or :meth:`Shiritori.position_bound`, the smaller) states, each trying the classes of one
    first letter, at :data:`CHECKS_PER_SECOND`; up to :data:`MAX_COMPILED_WORDS` words the
    compiled engine answers when that estimate is longer than its start, and past them the
    Python search runs once the estimate fits the judges' budget, a long one calling
    ``progress`` with the states solved.

    Raises
    ------
    EngineLimitError
        At once, for an input beyond the budget (see
        :func:`~perfectplay.games.judge_input.refuse_beyond`).

    Examples
    --------
    >>> answer_shiritori(Shiritori([f"a{i:02}a" for i in range(30)]))  # one class: 31 states
    'Second'
    >>> answer_shiritori(Shiritori([a + b for a in "abcdef" for b in "abcdef"][:30]))
    Traceback (most recent call last):
    ...
    perfectplay.core.errors.EngineLimitError: too large to answer: shiritori with N = 30 (...
    """
    n = len(game.words)
    abstract = game.abstraction()
    states = min(abstract.state_bound(), game.position_bound())
    classes = abstract.moves_bound()
    work = states * classes
    if MAX_N < n <= MAX_COMPILED_WORDS and work > CHECKS_PER_SECOND * COMPILED_START_SECONDS:
        return format_shiritori(outcome(game))  # auto: compiled, at this size
    estimate = Estimate(memory=states * PYTHON_BYTES_PER_POSITION, work=work,
                        what=f"shiritori with N = {n} (up to {format_count(states)} states x "
                             f"{classes:,} classes)")
    refuse_beyond(estimate, rate=CHECKS_PER_SECOND, unit="class checks")
    return format_shiritori(start_value(abstract, estimate, rate=CHECKS_PER_SECOND,
                                        progress=progress))


def judge(text: str) -> tuple[str, list[str]]:
    """Answer a judge input, by the engine.

    >>> judge("3\\nenum\\nfloat\\nif\\n")
    ('First', [])
    """
    return Shiritori.judge()(text)
