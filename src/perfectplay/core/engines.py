"""The one dispatcher: engines state what they can answer, and ``auto`` chooses among them.

Every front door (:func:`perfectplay.solve`, :func:`perfectplay.outcome`,
:func:`perfectplay.grundy`, :func:`perfectplay.impartial.octal.nim_sequence`) turns its call into
a :class:`Request` and hands it to :func:`dispatch`. Engines register themselves here when
their package is imported (the pure-Python ones in :mod:`perfectplay.solve` and
:mod:`perfectplay.impartial`, the compiled ones in :mod:`perfectplay.compiled`), so no import
runs upward from a front door to an engine.

``auto`` tries the engines of a question in their order: it skips one that cannot answer (a
capability it lacks: no compiled rules, moves that leave sums), one whose memory estimate does
not fit the machine, and one not worth starting for so little work; it goes on to the next when
an engine meets what it cannot handle while running (a cycle in a memoised search). When none is
left, it says in one line what each needed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from perfectplay.core.errors import EngineLimitError
from perfectplay.core.game import Game
from perfectplay.core.limits import available_memory, format_bytes

__all__ = ["QUESTIONS", "QUESTION_OPTIONS", "Engine", "Estimate", "Request", "dispatch",
           "engines_for", "methods", "register"]

QUESTIONS = ("solve", "outcome", "grundy", "nim_sequence")
"""What can be asked: a strong solve, one position's value, a Grundy value, a nim-sequence."""

QUESTION_OPTIONS: dict[str, tuple[str, ...]] = {
    "solve": (), "outcome": (), "grundy": ("table",), "nim_sequence": ("rules", "upto")}
"""The options every engine of a question reads (the front door fills them in)."""


@dataclass(frozen=True)
class Request:
    """One question, as the front door received it."""

    question: str
    """One of :data:`QUESTIONS`."""

    game: Game[Any]
    """The game asked about (for a nim-sequence, a heap of the game of that code)."""

    position: Any = None
    """The position asked about; None: the start."""

    progress: Callable[[int], None] | None = None
    """Called now and then with a count of work done."""

    work: int | None = None
    """The caller's estimate of the work (positions or moves), when it knows better than the
    engines (a judge adding up its cases)."""

    options: Mapping[str, Any] = field(default_factory=dict)
    """Question-specific arguments (a nim-sequence's heap rules and ``upto``, a shared Grundy
    table, see :data:`QUESTION_OPTIONS`) and the caller's options for one engine (the tiers
    engine's ``db``), which only engines declaring them (:attr:`Engine.options`) accept."""


@dataclass(frozen=True)
class Estimate:
    """What an engine would need for a request."""

    memory: int | None = None
    """Bytes; None when unknown."""

    exact: bool = False
    """Whether ``memory`` is what the engine allocates (else an upper bound): an explicitly
    chosen engine is refused only on an exact estimate that does not fit."""

    work: int | None = None
    """Positions, moves or heaps to visit; None when unknown."""

    what: str = ""
    """How the estimate was made, for messages ("2^36 encoded positions x 2 bytes")."""


def _nothing(request: Request) -> str | None:
    return None


def _unknown(request: Request) -> Estimate:
    return Estimate()


def _always(request: Request, estimate: Estimate) -> bool:
    return True


@dataclass(frozen=True)
class Engine:
    """An engine's entry in the dispatcher: what it answers and what it needs."""

    name: str
    """Its ``method=`` name."""

    question: str
    """The question it answers (one of :data:`QUESTIONS`)."""

    run: Callable[[Request], Any]
    """Answers a request."""

    refuses: Callable[[Request], str | None] = _nothing
    """Why it cannot answer a request (a capability it lacks), or None."""

    estimate: Callable[[Request], Estimate] = _unknown
    """Its memory and work for a request."""

    worthwhile: Callable[[Request, Estimate], bool] = _always
    """Whether ``auto`` should start it (the work pays for its fixed cost)."""

    gives_way_on: tuple[type[BaseException], ...] = ()
    """Errors on which ``auto`` goes on to the next engine (CycleError for memoised search)."""

    order: int = 0
    """``auto`` tries engines in increasing order."""

    options: tuple[str, ...] = ()
    """The options it takes beyond its question's (:data:`QUESTION_OPTIONS`): a request
    carrying another is refused, and ``auto`` chooses only among the engines that take every
    option given (``solve(game, db=DIR)`` goes by tiers)."""

    def takes(self, request: Request) -> str | None:
        """The first option of ``request`` this engine does not take, or None."""
        known = (*QUESTION_OPTIONS[self.question], *self.options)
        return next((name for name in request.options if name not in known), None)


_ENGINES: dict[str, list[Engine]] = {question: [] for question in QUESTIONS}


def register(engine: Engine) -> Engine:
    """Add an engine (replacing one of the same name and question)."""
    engines = [e for e in _ENGINES[engine.question] if e.name != engine.name]
    engines.append(engine)
    engines.sort(key=lambda e: e.order)
    _ENGINES[engine.question] = engines
    return engine


def engines_for(question: str) -> list[Engine]:
    """The engines registered for ``question``, in ``auto``'s order."""
    return list(_ENGINES[question])


def methods(question: str) -> tuple[str, ...]:
    """The ``method=`` names a front door accepts: ``auto`` and every engine's name.

    >>> import perfectplay
    >>> methods("solve")
    ('auto', 'compiled', 'memo', 'retrograde', 'tiers')
    """
    return ("auto", *(e.name for e in _ENGINES[question]))


def dispatch(request: Request, method: str = "auto") -> Any:
    """Answer ``request`` by the engine ``method`` names, or by the first suitable one.

    Raises
    ------
    ValueError
        For an unknown method, or a method that cannot answer this request.
    EngineLimitError
        When the chosen engine's tables do not fit the memory, or (``auto``) when no engine
        fits: the message says what each one needed.
    """
    engines = _ENGINES[request.question]
    if method != "auto":
        chosen = [e for e in engines if e.name == method]
        if not chosen:
            raise ValueError(f"unknown method {method!r}: expected one of "
                             f"{', '.join(methods(request.question))}")
        engine = chosen[0]
        unknown = engine.takes(request)
        if unknown is not None:
            taken = ", ".join(engine.options) or "none"
            raise ValueError(f"method {method!r} takes no option {unknown!r} "
                             f"(its options: {taken})")
        reason = engine.refuses(request)
        if reason is not None:
            raise ValueError(f"method {method!r} cannot answer this: {reason}")
        estimate = engine.estimate(request)
        if estimate.exact:
            reason = _does_not_fit(estimate)
            if reason is not None:
                raise EngineLimitError(f"{_subject(request)} does not fit in the "
                                       f"{format_bytes(available_memory() or 0)} available: "
                                       f"{method} {reason}")
        return engine.run(request)
    reasons, refusals = [], []
    engines = [e for e in engines if e.takes(request) is None]
    if not engines:
        raise ValueError(f"no method takes the options {', '.join(map(repr, request.options))}")
    for engine in engines:
        reason = engine.refuses(request)
        if reason is not None:
            refusals.append(f"{engine.name}: {reason}")
            continue
        estimate = engine.estimate(request)
        reason = _does_not_fit(estimate)
        if reason is not None:
            reasons.append(f"{engine.name} {reason}")
            continue
        if not engine.worthwhile(request, estimate):
            continue
        try:
            return engine.run(request)
        except engine.gives_way_on as exc:
            reasons.append(f"{engine.name}: {exc}")
    if not reasons:
        why = f" ({'; '.join(refusals)})" if refusals else ""
        raise ValueError(f"no engine answers {request.question} for {_subject(request)}{why}")
    available = available_memory()
    memory = "" if available is None else f" in the {format_bytes(available)} available"
    raise EngineLimitError(f"{_subject(request)} does not fit{memory}: {'; '.join(reasons)}")


def _does_not_fit(estimate: Estimate) -> str | None:
    """What an estimate needs, when it is more than the machine's available memory; else
    None."""
    if estimate.memory is None:
        return None
    available = available_memory()
    if available is None or estimate.memory <= available:
        return None
    what = f" ({estimate.what})" if estimate.what else ""
    bound = "" if estimate.exact else "up to "
    return f"needs {bound}{format_bytes(estimate.memory)}{what}"


def _subject(request: Request) -> str:
    return repr(request.game)
