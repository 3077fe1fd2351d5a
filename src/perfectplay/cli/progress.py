"""A progress bar with positions per second, shown only once a solve has run for a second; off a
terminal (a log, a pipe), a plain line every ten seconds instead."""

from __future__ import annotations

import sys
import time
from typing import Any

__all__ = ["LINE_EVERY", "ProgressBar"]

LINE_EVERY = 10.0
"""Seconds between two progress lines off a terminal (the first after as long): a long run
says it is alive in a log, a short one prints nothing extra."""


class ProgressBar:
    """A ``progress`` callback for solvers: call it with the count done so far.

    rich is imported only when the bar is first shown; on a stderr that is not a terminal no
    bar is drawn unless ``force`` is set: a line ``progress: ...`` is printed every
    :data:`LINE_EVERY` seconds instead.
    """

    def __init__(self, unit: str = "positions", *, total: int | None = None,
                 delay: float = 1.0, force: bool = False, console: Any = None) -> None:
        self.unit = unit
        self.total = total  # given: the bar says "done of total", with no rate
        self.delay = delay  # seconds before the bar appears: quick solves print nothing extra
        self._started = time.perf_counter()
        self._enabled = force or sys.stderr.isatty()
        self._console = console
        self._progress: Any = None
        self._task: Any = None
        self._next_line = self._started + LINE_EVERY

    def __call__(self, done: int) -> None:
        now = time.perf_counter()
        elapsed = now - self._started
        if not self._enabled:
            if now >= self._next_line:
                print(f"progress: {self._said(done, elapsed)} ({elapsed:,.0f} s)",
                      file=sys.stderr, flush=True)
                self._next_line = now + LINE_EVERY
            return
        if self._progress is None:
            if elapsed < self.delay:
                return
            self._show()
        self._progress.update(self._task, completed=done, description=self._said(done, elapsed))

    def _said(self, done: int, elapsed: float) -> str:
        if self.total is not None:
            return f"{done:,} of {self.total:,} {self.unit}"
        return f"{done:,} {self.unit}, {done / max(elapsed, 1e-9):,.0f}/s"

    def _show(self) -> None:
        from rich.console import Console
        from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

        console = self._console or Console(stderr=True)
        self._progress = Progress(SpinnerColumn(), TextColumn("{task.description}"),
                                  TimeElapsedColumn(), console=console, transient=True)
        self._task = self._progress.add_task("solving", total=None)
        self._progress.start()

    def close(self) -> None:
        """Remove the bar (if it was shown)."""
        if self._progress is not None:
            self._progress.stop()
            self._progress = None

    def __enter__(self) -> ProgressBar:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
