"""What the cluster tests share: a database's files, and a tier solve on a cluster with one of
its workers killed while it solves tier 5 of Three Men's Morris."""

from __future__ import annotations

import os
import signal
import threading
import time
from pathlib import Path

from perfectplay.games.morris import Morris
from perfectplay.tiers import solve_tiers

CHUNK = 128
"""Indices per chunk: tiers 3 to 5 of Three Men's Morris take 2 to 10 chunks."""


def files(directory: Path) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in sorted(directory.iterdir())}


def solve_killing_a_worker(directory: Path, scheduler: str, pid: int) -> None:
    """Solve Three Men's Morris into ``directory`` on the cluster at ``scheduler`` (chunks of
    :data:`CHUNK`), killing the worker process ``pid`` once a chunk of tier 5 is written."""
    def kill_when_solving() -> None:
        deadline = time.monotonic() + 60
        while not any(directory.glob("tier-5.chunk-*.json")) and time.monotonic() < deadline:
            time.sleep(0.001)
        os.kill(pid, signal.SIGKILL)

    killer = threading.Thread(target=kill_when_solving)
    killer.start()
    solve_tiers(Morris(), directory, chunk_size=CHUNK, scheduler=scheduler)
    killer.join()
