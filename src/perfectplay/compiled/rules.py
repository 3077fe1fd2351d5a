"""How a compiled game is written: integer positions and numba-compiled rule functions.

This module imports neither numba nor numpy, so a game can declare compiled rules without
paying for them until a compiled solver runs.
"""

from __future__ import annotations

import importlib
import re
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, fields, replace
from typing import TYPE_CHECKING, Any

from perfectplay.core.errors import GameError, NotApplicable
from perfectplay.core.game import Game, Position, has_hook
from perfectplay.core.values import Value, ValueCode

if TYPE_CHECKING:
    from perfectplay.compiled.search import SearchRules

__all__ = ["LOSE_CODE", "MAX_SORTED_TIERS", "NOT_PRIMITIVE", "TIER_MEMO", "TIER_RUN", "TIE_CODE",
           "WIN_CODE", "CompiledGame", "CompiledRules", "TierRules", "module_attribute", "rules_of"]

NOT_PRIMITIVE = -1
"""``primitive`` result for a position where play goes on."""
LOSE_CODE = ValueCode.LOSE
"""``primitive`` result: the player to move has lost (the code of ``Value.LOSE``)."""
TIE_CODE = ValueCode.TIE
"""``primitive`` result: the game is over and nobody won (the code of ``Value.TIE``)."""
WIN_CODE = ValueCode.WIN
"""``primitive`` result: the player to move has won (the code of ``Value.WIN``)."""

_PRIMITIVE_VALUES: dict[int, Value | None] = {NOT_PRIMITIVE: None,
                                              **{int(code): code.as_value()
                                                 for code in (LOSE_CODE, TIE_CODE, WIN_CODE)}}

_RULE_FUNCTIONS = ("child", "primitive", "rest", "next_move")
_TIER_FUNCTIONS = ("tier", "rank", "unrank")
_TIER_OPTIONAL = ("unrank_run", "rank_child", "image", "parents")

TIER_MEMO = 64
"""Entries of the ``memo`` array (int64) that ``TierRules.unrank_run`` and ``rank_child`` share."""
TIER_RUN = 256
"""Entries of the ``boards`` array (int64) that ``TierRules.unrank_run`` fills."""

MAX_SORTED_TIERS = 1 << 16
"""Most tiers a game ranked by the solver (``TierRules`` with only ``tier``) may number:
tiers ``0 .. MAX_SORTED_TIERS - 1``."""


def _identity(position: Any) -> Any:
    return position


@dataclass(frozen=True, eq=False)
class TierRules:
    """How a game's positions fall into tiers, each ranked densely: the hooks of the tier
    solver (:mod:`perfectplay.tiers`), given as ``CompiledRules.tiers``.

    Either of two ways. With only ``tier`` (and ``image``, ``symmetries``), the solver ranks
    the positions itself: its forward pass lists each tier's reachable positions, sorted, and a
    position's index is its place in that list (see :mod:`perfectplay.tiers.keys`): the index
    space is exactly the reachable positions, nothing to rank by hand. The tier graph is then
    the numbers themselves: a move never leads to a smaller tier (``tier(child) >=
    tier(parent)``; an equal one makes the tier loopy), the forward pass goes up the tiers and
    the backward pass down, and a move breaking that is a ``GameError`` naming the position.
    Tiers are integers from 0 (at most :data:`MAX_SORTED_TIERS` of them). ``sizes``,
    ``children`` and ``solving_order`` are then what the forward pass finds: a game gives none
    of them (refused without ``rank``), the solver fills them in (:meth:`with_graph`).

    Or with a ranking of its own, as follows (for the largest games: no list to keep, and
    runs of indices unranked at once).

    Tiers are the integers ``0 .. len(sizes) - 1``. The positions of tier ``t`` rank one to one
    onto ``[0, sizes[t])``: ``unrank(params, t, i)`` is a position of the encoding for every
    index ``i`` (reachable or not: the solver marks the reachable ones from the start), and
    ``rank(params, t, unrank(params, t, i)) == i``. Moves are the rules' own ``child`` /
    ``next_move``; a move from tier ``t`` leads to a tier in ``children[t]``, ``t`` itself
    included when moves can stay inside it (a loopy tier, solved by retrograde analysis within
    the tier; a tier whose moves all leave it is solved in one pass). ``solving_order`` lists every
    tier once, each after the tiers its moves reach.

    The three functions are ``numba.njit`` functions at module level, like the rules' own:
    ``tier(params, position) -> int``, ``rank(params, tier, position) -> int`` and
    ``unrank(params, tier, index) -> int``.

    Two optional hooks, for speed, let the solver's passes over a tier skip most of the work of
    ``unrank`` and ``rank``: a ranking whose consecutive indices share most of their digits
    unranks a run of them at once, and ranks a child from what its parent's unranking found.
    They share ``memo``, an int64 array of :data:`TIER_MEMO` entries that only they use;
    without them the solver calls ``unrank`` and ``rank``, and ``perfectplay check`` verifies
    that they agree with them.

    Examples
    --------
    Tiers by counters taken (``examples/token_takeaway.py``), ranked by the solver:

    >>> from numba import njit
    >>> @njit
    ... def taken(params, position):
    ...     return position >> 1
    >>> hooks = TierRules(tier=taken)
    >>> hooks.sorted, hooks.sizes
    (True, ())
    """

    tier: Callable[[Any, int], int]
    """``tier(params, position) -> int``: the tier of a position."""

    rank: Callable[[Any, int, int], int] | None = None
    """``rank(params, tier, position) -> int``: the index of a position of ``tier`` in
    ``[0, sizes[tier])``. None: the solver ranks by sorted lists of the reachable positions."""

    unrank: Callable[[Any, int, int], int] | None = None
    """``unrank(params, tier, index) -> int``: the position of an index; inverse of ``rank``.
    Given with ``rank``, or not at all."""

    sizes: tuple[int, ...] = ()
    """``sizes[t]``: the number of indices of tier ``t`` (with ``rank``; else found by the
    solver)."""

    children: tuple[tuple[int, ...], ...] = ()
    """``children[t]``: the tiers a move from tier ``t`` can lead to (``t`` when it is loopy)."""

    solving_order: tuple[int, ...] = ()
    """Every tier once, in solving order: a tier comes after every other tier it reaches (not
    to be confused with ``SearchRules.order``, an order of moves)."""

    unrank_run: Callable[[Any, int, int, Any, Any], int] | None = None
    """``unrank_run(params, tier, index, boards, memo) -> int``: a count ``n``, ``1 <= n <=
    len(boards)``, and ``boards[k] = unrank(params, tier, index + k)`` for each ``k < n``
    (``index + n`` at most the tier's size); what ``memo`` keeps is for ``rank_child``.
    None: one ``unrank`` at a time."""

    rank_child: Callable[[Any, int, int, int, int, Any], int] | None = None
    """``rank_child(params, tier, child, move, index, memo) -> int``: ``rank(params, tier,
    child)`` of ``child``, reached by ``move`` from the board of ``index``, one of those the
    last ``unrank_run`` with this ``memo`` gave. None: ``rank``; given only with
    ``unrank_run``."""

    image: Callable[[Any, int, int], int] | None = None
    """``image(params, position, k) -> int``: the image of a position under the game's ``k``-th
    symmetry, for ``0 <= k < symmetries`` (``k = 0`` the identity): a position of the same tier
    with the same value, whose children are the images of the position's. The solver then stores
    each class of images once, at the index of its smallest image, and counts the positions
    each class holds. None: no symmetry."""

    symmetries: int = 1
    """How many symmetries ``image`` numbers (the identity included): 2 for a mirror image.
    ``rank`` is then only asked of the positions that stand for their class (the smallest
    image), and ``unrank`` gives those back: a tier's indices may number nothing else."""

    parents: Callable[[Any, int, Any], int] | None = None
    """``parents(params, position, out) -> int``: un-moves: every position with a move to
    ``position`` (primitive ones too; repeats allowed) into ``out``, an int64 array of
    ``max_parents`` entries; return how many. With it, the retrograde analysis of a loopy tier
    finds a position's parents by this hook instead of storing them (3 bytes an index, where
    stored parents take 8 more and 8 a move inside the tier: :mod:`perfectplay.tiers._loops`);
    ``perfectplay check`` verifies it against the moves. None: the parents are stored."""

    max_parents: int = 0
    """The most positions ``parents`` lists for one position (given with ``parents``)."""

    def __post_init__(self) -> None:
        if type(self.symmetries) is not int or self.symmetries < 1 or (
                (self.image is None) != (self.symmetries == 1)):
            raise ValueError("TierRules: give image with symmetries > 1 (the identity counts "
                             "as one), or neither")
        if not callable(self.tier):
            raise TypeError(f"TierRules.tier must be a numba.njit function, got {self.tier!r}")
        if self.rank is None:
            if self.parents is not None:
                raise ValueError("TierRules: parents (un-moves) find indices by a ranking of "
                                 "your own: give rank with them, or neither")
            if self.unrank is not None or self.unrank_run is not None:
                raise ValueError("TierRules: unrank and unrank_run need rank: give a ranking "
                                 "whole (rank, unrank, sizes, children, solving_order) or only "
                                 "tier")
            if self.sizes or self.children or self.solving_order:
                raise ValueError("TierRules: sizes, children and solving_order come with a "
                                 "ranking of your own (rank, unrank); with only tier, the solver "
                                 "finds them (the tier numbers never fall along a move)")
        elif not self.sizes:
            raise ValueError("TierRules: a ranking of your own (rank) needs sizes, children "
                             "and solving_order; give only tier to have the solver rank")
        for name in (*_TIER_OPTIONAL, "rank", "unrank"):
            if getattr(self, name) is not None and not callable(getattr(self, name)):
                raise TypeError(f"TierRules.{name} must be a numba.njit function or None, "
                                f"got {getattr(self, name)!r}")
        if (self.rank is None) != (self.unrank is None):
            raise ValueError("TierRules: give rank and unrank together, or neither")
        if (self.parents is None) != (self.max_parents == 0) or self.max_parents < 0:
            raise ValueError("TierRules: give parents with max_parents > 0, or neither")
        if self.rank_child is not None and self.unrank_run is None:
            raise ValueError("TierRules.rank_child reads what unrank_run keeps: give both")
        count = len(self.sizes)
        if len(self.children) != count or sorted(self.solving_order) != list(range(count)):
            raise ValueError(f"TierRules: sizes, children and solving_order must cover the same "
                             f"{count} tiers 0..{count - 1}")
        solved: set[int] = set()
        for t in self.solving_order:
            early = [c for c in self.children[t] if c != t and c not in solved]
            if early:
                raise ValueError(f"TierRules.solving_order solves tier {t} before tier "
                                 f"{early[0]}, which its moves reach")
            solved.add(t)

    def __reduce__(self) -> tuple[Any, ...]:
        # by module and name, as CompiledRules.__reduce__ says why
        state = {field.name: getattr(self, field.name) for field in fields(self)}
        named = {}
        for name in _TIER_FUNCTIONS + _TIER_OPTIONAL:
            where = module_attribute(state[name])
            if where is not None:
                named[name] = where
                del state[name]
        return (_unpickle_named, (TierRules, named, state))

    def with_graph(self, sizes: tuple[int, ...], children: tuple[tuple[int, ...], ...],
                   solving_order: tuple[int, ...]) -> TierRules:
        """These hooks of a game ranked by the solver with the tier graph its forward pass
        found: the solver's own form of them, never a game's (which gives only ``tier``)."""
        assert self.sorted and sorted(solving_order) == list(range(len(sizes)))
        found = replace(self)
        # set past __post_init__, which refuses a graph from a game that gives only tier
        for name, value in (("sizes", sizes), ("children", children),
                            ("solving_order", solving_order)):
            object.__setattr__(found, name, value)
        return found

    def unranked(self) -> TierRules:
        """These hooks without their ranking: ``tier`` and the symmetries only, for the solver
        to rank by sorted lists (to compare the two rankings; the tier numbers must then
        never fall along a move).

        >>> from perfectplay.compiled.rules import rules_of
        >>> from perfectplay.games.morris import Morris
        >>> hooks = rules_of(Morris()).tiers.unranked()
        >>> hooks.sorted, hooks.sizes
        (True, ())
        """
        return TierRules(tier=self.tier, image=self.image, symmetries=self.symmetries)

    @property
    def sorted(self) -> bool:
        """Whether the solver ranks the positions (no ``rank`` of the game's own)."""
        return self.rank is None

    def loopy(self, tier: int) -> bool:
        """Whether moves from ``tier`` can stay inside it."""
        return tier in self.children[tier]


@dataclass(frozen=True, eq=False)
class CompiledRules:
    """The compiled rules of a game: positions are the integers ``0 .. size - 1``.

    The rule functions are ``numba.njit`` functions defined at module level (they, and helpers
    they call, are compiled into every solver loop; kernels are cached on disk per rules
    module and reloaded in the next process). ``params`` is the instance's data (words, board
    size, ...), passed to every rule call.

    Examples
    --------
    A subtraction game: one heap, take 1, 2 or 3 counters; the heap is the position.

    >>> import numpy as np
    >>> from numba import njit
    >>> @njit
    ... def take(params, heap, move):
    ...     amount = params[move]
    ...     return heap - amount if amount <= heap else -1
    >>> rules = CompiledRules(child=take, params=np.array([1, 2, 3]), size=11, max_moves=3)
    >>> rules.children(10)
    [(0, 9), (1, 8), (2, 7)]

    Rules pickle (to send a game to another process) when ``encode``, ``decode`` and the rule
    functions do; a rule function that is a module attribute is pickled by module and name.
    """

    child: Callable[[Any, int, int], int]
    """``child(params, position, move) -> int``: the position after ``move`` (an integer in
    ``[0, max_moves)``), or -1 when that move is illegal. Called only on positions that are not
    primitive, and only with moves ``next_move`` yields."""

    params: Any
    """A numpy array with the instance's data (any dtype and shape)."""

    size: int
    """Number of integer positions: every position is in ``[0, size)``."""

    max_moves: int
    """Moves are the integers ``[0, max_moves)``."""

    primitive: Callable[[Any, int], int] | None = None
    """``primitive(params, position) -> int``: :data:`NOT_PRIMITIVE` (-1) while play goes on,
    else :data:`LOSE_CODE`, :data:`TIE_CODE` or :data:`WIN_CODE` for the player to move (codes,
    not :class:`~perfectplay.core.values.Value`). None: a position with no legal move is a LOSE
    (normal play)."""

    rest: Callable[[Any, int, int], int] | None = None
    """``rest(params, position, move) -> int``: for a move that leaves a sum of two independent
    games (a take-and-break move splitting a heap, a picked interval splitting a line), the
    second component, ``child`` being the first; -1 when the move leaves ``child`` alone.
    Called only for legal moves. Only Grundy values (:func:`perfectplay.compiled.compiled_grundy`)
    add sums up, as ``G(child) ^ G(rest)``; the value solvers refuse such rules. None: no move
    leaves a sum."""

    next_move: Callable[[Any, int, int], int] | None = None
    """``next_move(params, position, move) -> int``: the move to try after ``move`` (``move``
    is -1 for the first one), or any number outside ``[0, max_moves)`` when no move is left.
    It lists a position's moves, each once, in the order the solvers try them; ``child`` is
    called on those only. Listing only the legal moves (shiritori reads them off a bit set of
    unused words) spares ``child`` its legality test and the solvers a call per illegal move
    number; listing a few illegal ones too is allowed (``child`` gives -1 for them), leaving a
    legal one out is not. Order matters for speed: a query stops at the first winning move,
    and children tried one after the other are best close in the table. Called only on
    positions that are not primitive. None: every move, ``0, 1, ..., max_moves - 1``. The
    compiled loops trust it (one that never ends its list never returns); ``perfectplay check``
    on a game that also has Python rules compares the moves it lists with ``moves()``."""

    encode: Callable[[Any], int] = _identity
    """The integer of a game position (default: positions are the integers)."""

    decode: Callable[[int], Any] = _identity
    """The game position of an integer; inverse of ``encode``."""

    tiers: TierRules | None = None
    """The tier hooks (see :class:`TierRules`), for the tier solver; None: no tiers."""

    search: SearchRules | None = None
    """The search hooks (see :class:`~perfectplay.compiled.search.SearchRules`), for
    :func:`perfectplay.analyze`; None: the search falls back on the rules alone."""

    def __post_init__(self) -> None:
        for name in ("child", "primitive", "rest", "next_move"):
            function = getattr(self, name)
            if function is not None and not callable(function):
                raise TypeError(f"CompiledRules.{name} must be a numba.njit function, "
                                f"got {function!r}")
        if not hasattr(self.params, "dtype"):
            raise TypeError(f"CompiledRules.params must be a numpy array, got "
                            f"{type(self.params).__name__}")
        if self.size < 1:
            raise ValueError(f"CompiledRules.size must be positive, got {self.size}")
        if self.max_moves < 0:
            raise ValueError(f"CompiledRules.max_moves must be >= 0, got {self.max_moves}")

    def __reduce__(self) -> tuple[Any, ...]:
        # numba pickles a dispatcher by its Python source, and another process unpickles that
        # as a new dispatcher, which the on-disk kernel cache does not know: kernels would be
        # recompiled there. By module and name, the process imports the module's own one.
        state = {field.name: getattr(self, field.name) for field in fields(self)}
        named = {}
        for name in _RULE_FUNCTIONS:
            where = module_attribute(state[name])
            if where is not None:
                named[name] = where
                del state[name]
        return (_unpickle_named, (CompiledRules, named, state))

    def index(self, position: Position) -> int:
        """The integer of a game position, checked to lie in ``[0, size)``.

        Raises
        ------
        ValueError
            When ``encode`` refuses the position or gives an integer out of range.
        """
        index = int(self.encode(position))
        if not 0 <= index < self.size:
            raise ValueError(f"position {position!r} encodes to {index}, outside [0, {self.size})")
        return index

    def params_digest(self) -> str:
        """SHA-256 of ``params`` (its dtype, shape and bytes): how a file built from these
        rules names them (a tier database's manifest, an opening book's header), where the
        numbers themselves can run to megabytes (Connect Four 7x6's: 881,215 integers).

        >>> from perfectplay.games.morris import Morris
        >>> len(rules_of(Morris()).params_digest())
        64
        """
        import hashlib

        import numpy as np

        data = np.ascontiguousarray(self.params)
        digest = hashlib.sha256(f"{data.dtype.str} {data.shape}\n".encode())
        digest.update(data.tobytes())
        return digest.hexdigest()

    def children(self, position: int) -> list[tuple[int, int]]:
        """Every legal ``(move, child)`` of an integer position, calling the rules from
        Python through cached entries (:func:`~perfectplay.compiled.kernels.calls_for`; as
        Python under NUMBA_DISABLE_JIT).

        Raises
        ------
        ValueError
            When moves leave sums (``rest``): their children are not integer positions.
        GameError
            When ``next_move`` lists more than ``max_moves`` moves (it repeats one), or
            ``child`` gives a position outside ``[0, size)``: a solver would otherwise follow
            it out of the encoding, without end.
        """
        if self.rest is not None:
            raise ValueError("these rules' moves leave sums (rest): a child is not one integer")
        found: list[tuple[int, int]] = []
        calls = self._calls()
        step = calls.call_next_move
        move = int(step(self.params, position, -1))
        for _ in range(self.max_moves):
            if not 0 <= move < self.max_moves:
                return found
            child = int(calls.call_child(self.params, position, move))
            if child >= 0:
                if child >= self.size:
                    raise GameError(f"child() of move {move} gives {child}, outside "
                                    f"[0, {self.size})", position=position)
                found.append((move, child))
            move = int(step(self.params, position, move))
        if 0 <= move < self.max_moves:
            raise GameError(f"next_move() listed more than max_moves = {self.max_moves} moves "
                            "(it must list each move once)", position=position)
        return found

    def _calls(self) -> Any:
        """The cached entries that call the rules from Python
        (:func:`perfectplay.compiled.kernels.calls_for`)."""
        from perfectplay.compiled.kernels import calls_for

        return calls_for(self)

    def hook_error(self) -> GameError | None:
        """Why kernels over these rules cannot compile: the first hook (rules, then tier hooks)
        that numba cannot compile on its own for ``params`` and integer positions and moves,
        or whose result is not an integer (a :class:`~perfectplay.core.values.Value` returned
        where a code is due); None when each hook compiles alone.

        >>> import numpy as np
        >>> from numba import njit
        >>> from perfectplay import Value
        >>> @njit
        ... def finished(params, position):
        ...     return Value.LOSE if position == 0 else -1
        >>> @njit
        ... def take(params, heap, move):
        ...     return heap - 1
        >>> rules = CompiledRules(child=take, primitive=finished, params=np.zeros(1), size=3,
        ...                       max_moves=1)
        >>> print(rules.hook_error())  # doctest: +ELLIPSIS +NORMALIZE_WHITESPACE
        primitive() does not compile (Cannot unify Enum<unicode_type>(Value) and ...): compiled
        hooks take and return integers (LOSE_CODE, TIE_CODE, WIN_CODE or NOT_PRIMITIVE from
        perfectplay.compiled, not Value)
        """
        from numba import int64, typeof
        from numba.core.errors import NumbaError
        from numba.core.types import Integer

        params = typeof(self.params)
        hooks: dict[str, tuple[Any, tuple[Any, ...]]] = {
            "child": (self.child, (params, int64, int64)),
            "primitive": (self.primitive, (params, int64)),
            "rest": (self.rest, (params, int64, int64)),
            "next_move": (self.next_move, (params, int64, int64))}
        if self.tiers is not None:
            hooks.update({"tier": (self.tiers.tier, (params, int64)),
                          "rank": (self.tiers.rank, (params, int64, int64)),
                          "unrank": (self.tiers.unrank, (params, int64, int64)),
                          "image": (self.tiers.image, (params, int64, int64))})
        advice = ("compiled hooks take and return integers (LOSE_CODE, TIE_CODE, WIN_CODE or "
                  "NOT_PRIMITIVE from perfectplay.compiled, not Value)")
        for name, (hook, arguments) in hooks.items():
            if hook is None or not hasattr(hook, "compile"):
                continue
            try:
                hook.compile(arguments)
            except NumbaError as exc:
                # numba's first line names its pipeline; the next one says what failed
                text = re.sub(r"\x1b\[[0-9;]*m", "", str(exc))  # numba's terminal colours
                lines = [line.strip()[:200] for line in text.splitlines()
                         if line.strip() and not line.startswith("Failed in ")]
                summary = lines[0] if lines else type(exc).__name__
                return GameError(f"{name}() does not compile ({summary}): {advice}")
            returned = hook.overloads[arguments].signature.return_type
            if not isinstance(returned, Integer):
                return GameError(f"{name}() returns {returned}, not an integer: {advice}")
        return None

    def primitive_value(self, position: int) -> Value | None:
        """The value ``primitive`` gives an integer position, or None while play goes on.

        Raises
        ------
        GameError
            When ``primitive`` gives a number other than -1, LOSE_CODE, TIE_CODE or WIN_CODE.
        """
        if self.primitive is None:
            return None
        code = int(self._calls().call_primitive(self.params, position))
        try:
            return _PRIMITIVE_VALUES[code]
        except KeyError:
            raise GameError(f"primitive() gave {code}: it must give -1 (play goes on), "
                            "LOSE_CODE (0), TIE_CODE (1) or WIN_CODE (2)",
                            position=position) from None


def module_attribute(function: Any) -> tuple[str, str] | None:
    """``(module, name)`` when ``function`` is that attribute of a loaded module, else None."""
    module = getattr(function, "__module__", None)
    name = getattr(function, "__name__", None)
    if not isinstance(module, str) or not isinstance(name, str):
        return None
    if getattr(sys.modules.get(module), name, None) is not function:
        return None
    return module, name


def _unpickle_named(kind: Any, named: dict[str, tuple[str, str]], state: dict[str, Any]) -> Any:
    """The rules ``__reduce__`` pickled: ``named`` rule functions imported by module and name."""
    functions = {name: getattr(importlib.import_module(module), attribute)
                 for name, (module, attribute) in named.items()}
    return kind(**functions, **state)


def rules_of(game: Game) -> CompiledRules:
    """``game.compiled()``, built once per game object.

    Raises
    ------
    NotApplicable
        When the game has no compiled rules, or this instance is beyond its encoding.
    """
    rules = game.__dict__.get("_compiled_rules")
    if rules is None:
        if not has_hook(game, "compiled"):
            raise NotApplicable(f"{game} has no compiled rules (no compiled() method)")
        try:
            rules = game.compiled()
        except ValueError as exc:  # this instance is beyond its encoding (too many words, ...)
            raise NotApplicable(str(exc)) from None
        if not isinstance(rules, CompiledRules):
            raise TypeError(f"{type(game).__name__}.compiled() must return CompiledRules, "
                            f"got {type(rules).__name__}")
        game.__dict__["_compiled_rules"] = rules
    return rules


class CompiledGame(Game):
    """A game written only as compiled rules: positions are integers, moves are move numbers.

    Subclass it and write ``start`` (an integer) and ``compiled`` (a :class:`CompiledRules`);
    ``moves`` and ``primitive`` call the same rules from Python, so every solver, compiled or
    not, answers for it.

    Examples
    --------
    >>> import numpy as np
    >>> from numba import njit
    >>> from perfectplay import solve
    >>> @njit
    ... def take(params, heap, move):
    ...     amount = params[move]
    ...     return heap - amount if amount <= heap else -1
    >>> class TakeAway(CompiledGame):
    ...     def start(self):
    ...         return 10
    ...     def compiled(self):
    ...         return CompiledRules(child=take, params=np.array([1, 2, 3]), size=11,
    ...                              max_moves=3)
    >>> solve(TakeAway()).value(), solve(TakeAway(), method="compiled").value()
    (Value.WIN, Value.WIN)
    """

    def compiled(self) -> CompiledRules:
        """The compiled rules. Required."""
        raise GameError(f"{type(self).__name__} must define compiled(): a CompiledGame is "
                        "its compiled rules")

    def compiled_size(self) -> int:
        """Number of integer positions (``compiled().size``)."""
        return rules_of(self).size

    def moves(self, position: int) -> Iterator[tuple[int, int]]:
        return iter(rules_of(self).children(position))

    def primitive(self, position: int) -> Value | None:
        return rules_of(self).primitive_value(position)

    def parse_position(self, text: str) -> int:
        try:
            position = int(text)
        except ValueError:
            raise ValueError(f"a position is an integer, got {text!r}") from None
        if not 0 <= position < rules_of(self).size:
            raise ValueError(f"position {position} is outside [0, {rules_of(self).size})")
        return position
