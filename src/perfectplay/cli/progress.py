"""A progress bar with positions per second, shown only once a solve has run for a second."""

from __future__ import annotations

import sys
import time
from typing import Any

__all__ = ["ProgressBar"]



class ProgressBar:
    """A ``progress`` callback for solvers: call it with the count done so far.

    rich is imported only when the bar is first shown; on a stderr that is not a terminal
    nothing is drawn unless ``force`` is set.
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

    def __call__(self, done: int) -> None:
        if not self._enabled:
            return
        if self._progress is None:
            if time.perf_counter() - self._started < self.delay:
                return
            self._show()
        elapsed = time.perf_counter() - self._started
        said = (f"{done:,} of {self.total:,} {self.unit}" if self.total is not None
                else f"{done:,} {self.unit}, {done / elapsed:,.0f}/s")
        self._progress.update(self._task, completed=done, description=said)

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
