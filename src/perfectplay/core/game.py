"""The Game protocol: the rules a user writes once, and the defaults for its optional hooks."""

from __future__ import annotations

import ast
import functools
import inspect
import random
from collections.abc import Hashable, Iterable, Iterator, Sequence
from typing import Any, ClassVar, Generic, TypeAlias, TypeVar

from perfectplay.core.board import Board
from perfectplay.core.errors import GameError, quote
from perfectplay.core.judge import Judge
from perfectplay.core.values import Value

__all__ = ["Game", "Instance", "Move", "P", "Position", "checked_key", "checked_primitive",
           "children_of", "has_hook", "move_order"]

Position: TypeAlias = Hashable
"""An immutable, hashable value: int, str, tuple, frozenset, frozen dataclass."""

Move: TypeAlias = Hashable
"""A hashable, printable label of a choice; compared to pick the smallest among equals."""

P = TypeVar("P", bound=Hashable)
"""The position type of a game (``Game[int]``, ``Game[tuple[int, ...]]``)."""


class Game(Generic[P]):
    """Base class of a game definition: subclass it and write ``start`` and ``moves``.

    Every other method is optional and documents its fallback; the solvers find out which a
    game gives with :func:`has_hook`.

    Examples
    --------
    A heap of counters, take 1 or 2, the player who cannot move loses:

    >>> from perfectplay import Game, solve
    >>> class TakeAway(Game):
    ...     def start(self):
    ...         return 7
    ...     def moves(self, heap):
    ...         for take in (1, 2):
    ...             if take <= heap:
    ...                 yield take, heap - take
    >>> solution = solve(TakeAway())
    >>> solution.value(7), solution.remoteness(7), solution.best_move(7)
    (Value.WIN, 5, 1)
    """

    name: ClassVar[str] = ""
    """Catalogue name (empty for a user's game); the default of ``str(game)``."""

    def start(self) -> P:
        """The position play starts from. Required."""
        raise GameError(f"{type(self).__name__} must define start()")

    def moves(self, position: P) -> Iterable[tuple[Move, P]]:
        """Every legal ``(move, child)`` pair from ``position``. Required.

        Must be deterministic: the same position yields the same pairs every time.
        """
        raise GameError(f"{type(self).__name__} must define moves()", position=position)

    def primitive(self, position: P) -> Value | None:
        """The value of a finished position, or None when play goes on.

        Fallback: None everywhere, so a position with no moves is a LOSE (normal play).
        When it returns a value, ``moves`` is not consulted for that position.
        """
        return None

    def key(self, position: P) -> Hashable:
        """A canonical form: positions with equal keys must have equal values.

        Fallback: the position itself (no symmetry, no abstraction). Solvers solve one
        position per key; ``perfectplay check`` verifies the claim on small instances.
        """
        return position

    def components(self, position: P) -> Iterable[P]:
        """Independent sub-games whose sum is ``position`` (impartial games).

        Fallback: the position is one component.
        """
        return (position,)

    def compiled(self) -> Any:
        """The same rules as :class:`perfectplay.compiled.CompiledRules` (integer positions,
        numba-compiled rule functions), for the compiled engine.

        Fallback: none; the game is solved on the pure-Python path. Build the rules inside the
        method (importing numba there), so that ``import`` of the game stays cheap.
        """
        raise NotImplementedError(f"{type(self).__name__} has no compiled rules")

    def compiled_size(self) -> int:
        """Number of integers of the compiled encoding, without building the rules: what the
        dispatcher weighs (work, memory) before choosing an engine.

        Fallback: ``compiled().size``, which builds the rules.
        """
        return int(self.compiled().size)

    def position_bound(self) -> int | None:
        """An upper bound on the number of positions reachable from the start, cheap to
        compute: the dispatcher weighs the pure-Python solvers' memory by it and refuses at
        once what cannot fit.

        Fallback: None (unknown; the solvers start, and stop only when memory runs out).
        """
        return None

    def abstraction(self) -> Game[Any]:
        """A smaller game on abstract states that has the same values; ``abstract`` maps a
        position to its state, and ``perfectplay check`` verifies the claim.

        Fallback: none (no abstraction claimed).
        """
        raise NotImplementedError(f"{type(self).__name__} claims no abstraction")

    def abstract(self, position: P) -> Hashable:
        """The abstract state of ``position`` in :meth:`abstraction`. Fallback: none."""
        raise NotImplementedError(f"{type(self).__name__} claims no abstraction")

    @classmethod
    def exhaustive_instances(cls, up_to: int) -> Iterator[Instance]:
        """Every instance up to a size, as ``(game, start positions)`` pairs, for
        ``perfectplay check --up-to``.

        Fallback: none (the game offers no such family).
        """
        raise NotImplementedError(f"{cls.__name__} offers no exhaustive family of instances")

    @classmethod
    def random_instances(cls, rng: random.Random, count: int, size: int) -> Iterator[Instance]:
        """``count`` random instances of a size, for ``perfectplay check --random``.

        Fallback: none (the game offers no such family).
        """
        raise NotImplementedError(f"{cls.__name__} offers no random family of instances")

    @classmethod
    def judge(cls) -> Judge:
        """The contest problem the game answers: how ``perfectplay judge NAME`` (NAME its
        catalogue name) reads the judge's input and writes its output.

        Fallback: none (the game answers no judge input).
        """
        raise NotImplementedError(f"{cls.__name__} answers no judge input")

    def format_position(self, position: P) -> str:
        """One-line text of a position. Fallback: ``repr``, which ``parse_position`` reads back."""
        return repr(position)

    def parse_position(self, text: str) -> P:
        """Inverse of ``format_position``. Fallback: a Python literal (int, str, tuple, ...)."""
        try:
            return ast.literal_eval(text)
        except (ValueError, SyntaxError):
            raise ValueError(f"cannot read position {quote(text)}") from None

    def format_move(self, move: Any) -> str:
        """Text of a move label: the game's one notation of moves, in every command's output
        and on the page. Fallback: ``str``."""
        return str(move)

    def parse_move(self, position: P, text: str) -> Move:
        """The legal move from ``position`` that ``text`` names: the inverse of
        ``format_move``, what every command reads a move with.

        Fallback: the legal move whose ``format_move`` is ``text`` (spaces around it ignored).

        Raises
        ------
        ValueError
            When no legal move is written ``text`` (or the game is over at ``position``).

        Examples
        --------
        >>> from perfectplay.games.tictactoe import TicTacToe
        >>> TicTacToe().parse_move("XX.OO....", "c1")
        2
        >>> TicTacToe().parse_move("XX.OO....", "a1")
        Traceback (most recent call last):
        ...
        ValueError: no legal move 'a1' here (the legal moves: c1, c2, a3, b3, c3)
        """
        wanted = text.strip()
        if has_hook(self, "primitive") and self.primitive(position) is not None:
            raise ValueError(f"no legal move {text!r}: the game is over")
        texts = []
        for move, _ in children_of(self, position):
            written = self.format_move(move)
            if written == wanted:
                return move
            texts.append(written)
        legal = ", ".join(texts) if texts else "none"
        raise ValueError(f"no legal move {text!r} here (the legal moves: {legal})")

    def display(self, position: P) -> str:
        """Text shown to a person playing (may span lines). Fallback: ``format_position``."""
        return self.format_position(position)

    def picture(self) -> Board:
        """The game's picture for the page (``perfectplay serve``): a
        :class:`~perfectplay.core.board.Board` that draws positions and names the element of
        the picture each move is played on.

        Fallback: ``Board(self)``, the :meth:`display` text, every move chosen in the list.
        """
        return Board(self)

    def scores(self) -> tuple[str, ...]:
        """The names of the extra scores the game gives a position beside its value and
        remoteness (``perfectplay analyze --score NAME``), each computed by :meth:`score`.

        Fallback: none.
        """
        return ()

    def score(self, name: str, position: P, value: Value, remoteness: int | None) -> int:
        """Score ``name`` (one of :meth:`scores`) of ``position``, from its ``value`` and
        ``remoteness`` for the player to move; a score is from that player's point of view, so
        a move's score is the negative of its child's.

        Fallback: none.

        Raises
        ------
        ValueError
            For a name the game does not offer, or a score that needs the remoteness when it
            is None.
        """
        offered = ", ".join(self.scores()) or "none"
        raise ValueError(f"{self} has no score {quote(name)} (its scores: {offered})")

    def tier_classes(self, tier: int) -> tuple[tuple[str, slice], ...]:
        """Named classes of the positions of tier ``tier``, for a game whose compiled tiers
        have a ranking of their own (``compiled().tiers.rank``): each a label and the slice of
        the tier's indices its positions take. A tier database counts its positions by class
        (:meth:`~perfectplay.tiers.TierSolution.counts_by_class`, ``perfectplay db info DIR
        --classes TIER``); the classes need not cover the tier.

        Fallback: none.
        """
        return ()

    def __str__(self) -> str:
        return self.name or type(self).__name__

    def __add__(self, other: Game[Any]) -> Game[Any]:
        """The disjunctive sum ``self + other``: see :class:`perfectplay.core.sums.Sum`."""
        from perfectplay.core.sums import Sum  # imported here: sums.py builds on Game

        return Sum((self, other))


Instance: TypeAlias = tuple[Game[Any], Sequence[Any]]
"""A game and the start positions to check it from."""


def has_hook(game: object, hook: str) -> bool:
    """Whether ``game`` (a game or a game class) overrides an optional hook of Game, or defines
    a hook Game lacks.

    >>> from perfectplay.games.nim import Nim
    >>> has_hook(Nim(), "key"), has_hook(Nim(), "primitive"), has_hook(Nim(), "compiled")
    (True, False, False)
    """
    return _overrides(game if isinstance(game, type) else type(game), hook)


# asked at every position of a solve or a page, so looked up once per class (a class's methods
# are not rewritten once its games are played)
@functools.lru_cache(maxsize=4096)
def _overrides(cls: type, hook: str) -> bool:
    method = inspect.getattr_static(cls, hook, None)  # the function itself, not a bound method
    return method is not None and method is not inspect.getattr_static(Game, hook, None)


def children_of(game: Game[P], position: P) -> Iterator[tuple[Move, P]]:
    """``game.moves(position)``, checked: an iterable of pairs of a move and a hashable child.

    Raises
    ------
    GameError
        When ``moves`` returns something that is not iterable (None, say), or yields something
        other than a pair, or an unhashable child.

    Examples
    --------
    >>> class NoList(Game):
    ...     def moves(self, position):
    ...         return None
    >>> list(children_of(NoList(), 3))
    Traceback (most recent call last):
    ...
    perfectplay.core.errors.GameError: moves() must return an iterable ... got None (at position 3)
    """
    pairs = game.moves(position)
    try:
        iterator = iter(pairs)
    except TypeError:
        raise GameError("moves() must return an iterable of (move, position) pairs, got "
                        f"{pairs!r}", position=position) from None
    for pair in iterator:
        try:
            move, child = pair
        except (TypeError, ValueError):
            raise GameError(f"moves() must yield (move, position) pairs, got {pair!r}",
                            position=position) from None
        try:
            hash(child)
        except TypeError:
            raise _unhashable_child(child, position) from None
        yield move, child


def _unhashable_child(child: Any, parent: Any) -> GameError:
    return GameError(f"moves() yielded an unhashable position {child!r}", position=parent)


class _Start:
    """The parent of a start position (:func:`checked_key`): none."""

    def __repr__(self) -> str:
        return "<start>"


_START: Any = _Start()


def checked_key(game: Game[P], position: P, *, parent: Any = _START) -> Hashable:
    """The key of ``position`` (the position itself when the game has no ``key``), checked to
    be hashable. The solvers call it for a start position, and to name the culprit when a key
    turns out to be unhashable.

    Parameters
    ----------
    game : Game
    position : Position
        A start position, or a child of ``parent``.
    parent : Position, optional
        The position whose ``moves`` gave ``position``; absent for a start position.

    Raises
    ------
    GameError
        Naming the rule broken: the start position is unhashable, or ``moves`` yielded an
        unhashable position (at ``parent``), or else ``key`` gave an unhashable value.

    Examples
    --------
    >>> from perfectplay.games.nim import Nim
    >>> checked_key(Nim((2, 1)), (2, 1))
    (1, 2)
    >>> class ListKey(Game):
    ...     def key(self, heaps):
    ...         return sorted(heaps)
    >>> checked_key(ListKey(), (2, 1))
    Traceback (most recent call last):
    ...
    perfectplay.core.errors.GameError: key() must give a hashable value, gave [1, 2] ...
    >>> checked_key(Game(), [1], parent=(2,))
    Traceback (most recent call last):
    ...
    perfectplay.core.errors.GameError: moves() yielded an unhashable position [1] (at position (2,))
    """
    has_key = has_hook(game, "key")
    key = game.key(position) if has_key else position
    if _hashes(key):
        return key
    if has_key and _hashes(position):
        raise GameError(f"key() must give a hashable value, gave {key!r}", position=position)
    if parent is _START:
        raise GameError("the start position must be hashable", position=position)
    raise _unhashable_child(position, parent)


def _hashes(value: Any) -> bool:
    try:
        hash(value)
    except TypeError:
        return False
    return True


def checked_primitive(value: Any, position: Any) -> Value | None:
    """``value``, what ``primitive`` gave at ``position``, checked to be None (play goes on),
    WIN, LOSE or TIE: DRAW is not a finished game, and anything else is not a value.

    Raises
    ------
    GameError
        For any other value.

    Examples
    --------
    >>> checked_primitive(Value.TIE, 0)
    Value.TIE
    >>> checked_primitive("over", 0)
    Traceback (most recent call last):
    ...
    perfectplay.core.errors.GameError: primitive() must give None, ... gave 'over' (at position 0)
    """
    if value is None or (type(value) is Value and value is not Value.DRAW):
        return value
    raise GameError(f"primitive() must give None, WIN, LOSE or TIE, gave {value!r}",
                    position=position)


def move_order(move: Any) -> tuple[int, Any]:
    """Sort key that puts move labels in their natural order, text order across types."""
    if isinstance(move, bool | int | float):
        return (0, move)
    if isinstance(move, str):
        return (1, move)
    if isinstance(move, tuple) and all(isinstance(x, int | str) for x in move):
        return (2, tuple(move_order(x) for x in move))
    return (3, str(move))
