"""The README's cluster recipe, on loopback: a ``dask scheduler`` and two ``dask worker``
processes started from the command line, as on a real cluster, solving into a directory they
all see; one worker killed mid-tier; the files byte for byte those of one process."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest
from cluster_work import CHUNK, files, solve_killing_a_worker

distributed = pytest.importorskip("distributed")

from perfectplay.games.morris import Morris  # noqa: E402
from perfectplay.tiers import solve_tiers  # noqa: E402

DASK = [sys.executable, "-m", "dask"]
"""The ``dask`` command of this Python's installation."""


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    """A scheduler and two workers (each under its nanny), started as the README says; yields
    the scheduler's address."""
    where = tmp_path_factory.mktemp("cluster")
    scheduler_file = where / "scheduler.json"
    started = [subprocess.Popen(
        [*DASK, "scheduler", "--host", "127.0.0.1", "--port", "0", "--no-dashboard",
         "--scheduler-file", str(scheduler_file)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)]
    try:
        deadline = time.monotonic() + 60
        while not scheduler_file.exists() and time.monotonic() < deadline:
            time.sleep(0.1)
        for _ in range(2):
            started.append(subprocess.Popen(
                [*DASK, "worker", "--scheduler-file", str(scheduler_file), "--host",
                 "127.0.0.1", "--nthreads", "1", "--no-dashboard"],
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True))
        with distributed.Client(scheduler_file=str(scheduler_file), timeout=60) as client:
            client.wait_for_workers(2, timeout=60)
            yield client.scheduler.address, client
    finally:
        for process in started:
            os.killpg(process.pid, signal.SIGTERM)
        for process in started:
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:  # a nanny caught restarting its killed worker
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()


def test_the_command_line_on_a_started_cluster_writes_the_bytes_of_one_process(cluster,
                                                                                tmp_path):
    address, _ = cluster
    reference = tmp_path / "one-process"
    solve_tiers(Morris(), reference)
    done = subprocess.run([sys.executable, "-m", "perfectplay", "solve", "morris", "--db",
                           str(tmp_path / "db"), "--scheduler", address],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "positions:  5,466" in done.stdout
    assert files(tmp_path / "db") == files(reference)


@pytest.mark.timeout(300)
def test_a_worker_killed_mid_tier_leaves_the_same_bytes(cluster, tmp_path):
    address, client = cluster
    reference = tmp_path / "one-process"
    solve_tiers(Morris(), reference, chunk_size=CHUNK)
    pids = sorted(client.run(os.getpid).values())
    directory = tmp_path / "db"
    solve_killing_a_worker(directory, address, pids[0])
    assert files(directory) == files(reference)
    assert pids[0] not in client.run(os.getpid).values()  # its nanny may start another
