"""A contest problem a game answers: what its ``judge()`` hook gives, and what
``perfectplay judge NAME`` runs (NAME the game's catalogue name)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

__all__ = ["Judge"]


@dataclass(frozen=True)
class Judge:
    """The judge input and output of a contest problem.

    ``perfectplay judge`` reads the input with :attr:`read`, prints its notes on stderr before
    any solving (a long run says at once why it may be long), then prints what :attr:`answer`
    gives, with a progress bar of :attr:`counts`.

    >>> from perfectplay.games.kadomatsu import Kadomatsu
    >>> judge = Kadomatsu.judge()
    >>> problem, notes = judge.read("3\\n1 3 2\\n")
    >>> judge.answer(problem, progress=None), notes, judge.counts
    ('0 1 2', [], 'positions')
    """

    read: Callable[[str], tuple[Any, list[str]]]
    """The judge's input text -> what :attr:`answer` takes, and notes on the contest's limits
    it exceeds; ``ValueError`` for bad input."""
    answer: Callable[..., str]
    """``answer(problem, *, progress)`` -> the judge's output; ``progress`` (or None) is
    called with the work done as it goes."""
    counts: str = "positions"
    """What the progress counts."""

    def __call__(self, text: str, **options: Any) -> tuple[str, list[str]]:
        """The judge's output for an input text, and the notes on the limits it exceeds
        (``options`` go to :attr:`answer`).

        >>> from perfectplay.games.kadomatsu import Kadomatsu
        >>> Kadomatsu.judge()("3\\n1 3 2\\n")
        ('0 1 2', [])
        """
        problem, notes = self.read(text)
        return self.answer(problem, **options), notes
