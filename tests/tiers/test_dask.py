"""Chunks on a Dask cluster: the same bytes as one process, also when a worker is killed."""

from __future__ import annotations

import os
import signal
import threading
import time
from pathlib import Path

import pytest

distributed = pytest.importorskip("distributed")

from perfectplay.games.morris import Morris  # noqa: E402
from perfectplay.tiers import solve_tiers  # noqa: E402
from perfectplay.tiers.cluster import local_cluster  # noqa: E402

CHUNK = 128
"""Indices per chunk: tiers 3 to 5 of Three Men's Morris take 2 to 10 chunks."""


def files(directory: Path) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in sorted(directory.iterdir())}


@pytest.fixture(scope="module")
def cluster():
    """Two worker processes on 127.0.0.1 (with nannies, which restart a killed worker), made
    as ``--workers 2`` makes them, shared by the tests."""
    with local_cluster(2) as cluster, distributed.Client(cluster) as client:
        yield cluster, client


@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    directory = tmp_path_factory.mktemp("one-process")
    solve_tiers(Morris(), directory, chunk_size=CHUNK)
    return directory


def test_two_workers_write_the_bytes_of_one_process(cluster, reference, tmp_path):
    local, _ = cluster
    solution = solve_tiers(Morris(), tmp_path, chunk_size=CHUNK,
                           scheduler=local.scheduler_address)
    assert files(tmp_path) == files(reference)
    assert len(solution) == 5466


def test_a_worker_killed_mid_tier_is_replaced_and_its_task_retried(cluster, reference, tmp_path):
    local, client = cluster
    pids = sorted(client.run(os.getpid).values())

    def kill_when_solving() -> None:
        deadline = time.monotonic() + 60
        while not any(tmp_path.glob("tier-5.chunk-*.json")) and time.monotonic() < deadline:
            time.sleep(0.001)
        os.kill(pids[0], signal.SIGKILL)

    killer = threading.Thread(target=kill_when_solving)
    killer.start()
    solve_tiers(Morris(), tmp_path, chunk_size=CHUNK, scheduler=local.scheduler_address)
    killer.join()
    assert files(tmp_path) == files(reference)
    client.wait_for_workers(2, timeout=30)
    assert pids[0] not in client.run(os.getpid).values()
