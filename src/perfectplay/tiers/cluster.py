"""Chunk tasks on a Dask cluster (the optional extra ``dask``: ``pip install
'perfectplay[dask]'``): a ``LocalCluster`` of worker processes on 127.0.0.1, or a running
cluster whose workers see the database directory at the same path.

A task is a pure function of (game, directory, tier, chunk) that writes its own chunk: when a
worker dies mid-task, its nanny starts a new one and the scheduler runs the task again,
writing the same bytes.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from perfectplay.core.errors import NotApplicable

__all__ = ["DaskRunner", "dask_runner", "local_cluster"]

RETRIES = 3
"""Times a task that raised is run again (a worker that died is retried by the scheduler)."""

MAX_BATCH = 16
"""Most tasks run as one Dask task (16 chunks of Connect Four 6x5: about a second)."""

BATCHES_A_CORE = 8
"""Batches each core of the cluster gets of a run at least, when it has that many tasks: the
last ones of a tier then keep every core busy to the end."""


def local_cluster(workers: int) -> Any:
    """A Dask ``LocalCluster`` of ``workers`` worker processes (one thread each, a nanny each
    to restart it), on 127.0.0.1, without a dashboard.

    Raises
    ------
    NotApplicable
        When Dask's ``distributed`` is not installed.
    OSError
        When the cluster does not start (a worker process that dies while it starts).
    """
    try:
        from distributed import LocalCluster
    except ImportError:
        raise NotApplicable("solving on Dask needs dask[distributed]: pip install "
                            "'perfectplay[dask]'") from None
    try:
        # the scheduler serves HTTP (health, metrics) even without a dashboard, by default on
        # port 8787 of every interface, warning when that port is taken: a free loopback one.
        # A worker's profiler, which samples its task's stack every 10 ms for the dashboard,
        # is off: with it (and work stealing) off, each worker's event loop took 3.3 s less
        # CPU in Connect Four 6x5's four minutes. Given to each nanny, which applies it to
        # every worker it starts (one restarted after a crash too)
        return LocalCluster(n_workers=workers, processes=True, threads_per_worker=1,
                            host="127.0.0.1", dashboard_address=None,
                            scheduler_kwargs={"dashboard_address": "127.0.0.1:0"},
                            config={"distributed.worker.profile.enabled": False})
    except Exception as exc:  # Dask's RuntimeError "Nanny failed to start": a worker died
        raise OSError(f"the local Dask cluster of {workers} workers did not start "
                      f"({type(exc).__name__}: {str(exc)[:200]})") from exc


class DaskRunner:
    """Runs tasks on a Dask cluster (a :class:`perfectplay.tiers.solve.Runner`), consecutive
    ones in batches; ``cores`` is the cluster's threads when it was made."""

    def __init__(self, client: Any) -> None:
        self.client = client
        self.cores: int = sum(client.nthreads().values()) or 1  # asked once: a run goes on
        # if a worker dies

    def __call__(self, function: Callable[..., Any], tasks: Sequence[tuple[Any, ...]],
                 done: Callable[[Any], None]) -> None:
        from distributed import as_completed

        client = self.client
        # an argument the tasks share (the game, its rules' parameters megabytes for Connect
        # Four 6x5) goes to the cluster once, as a task of its own: a worker fetches its result
        # once for all its tasks (sent with each task, it cost the workers and this process
        # more than the chunks' own work), and one lost with a worker is computed again
        shared: dict[int, Any] = {}

        def once(argument: Any) -> Any:
            if isinstance(argument, int | str):
                return argument
            if id(argument) not in shared:
                shared[id(argument)] = client.submit(_itself, argument, pure=False)
            return shared[id(argument)]

        # consecutive tasks in batches, each a Dask task (its bookkeeping, a round trip to the
        # scheduler, paid once a batch), while every worker still has several to take
        size = max(1, min(MAX_BATCH, len(tasks) // (BATCHES_A_CORE * self.cores)))
        # results gathered by as_completed on this client's loop: by default it takes the loop
        # of the current client, which in a `with Client(...)` block of the caller's is another
        # thread's, and this client's comms used from two threads corrupt their write buffers
        # (tornado's AssertionError, a result never arriving). Future.result() waits on an
        # event of the first client's loop, which raises when another client was made here.
        # Each batch's key is named after the function (Dask's dashboard and task stream say
        # "forward_part", "solve_chunk"), unique as pure=False makes it. No list of the futures
        # is kept: a batch's results (a forward part's bits, megabytes) are let go, here and on
        # the cluster, once they are handed on
        batches = as_completed((client.submit(_batch, function,
                                              [tuple(map(once, args))
                                               for args in tasks[k:k + size]],
                                              key=f"{function.__name__}-{uuid.uuid4().hex}",
                                              retries=RETRIES)
                                for k in range(0, len(tasks), size)),
                               loop=client.loop, with_results=True)
        for future, results in batches:
            for result in results:
                done(result)
            del future, results


@contextmanager
def dask_runner(workers: int | None, scheduler: str | None) -> Iterator[DaskRunner]:
    """A runner (see :class:`perfectplay.tiers.solve.Runner`) submitting the tasks to a Dask
    cluster, consecutive ones in batches: a new ``LocalCluster`` of ``workers`` processes, or
    the one at ``scheduler``.

    Raises
    ------
    NotApplicable
        When Dask's ``distributed`` is not installed.
    """
    cluster = None
    if scheduler is None:
        cluster = local_cluster(workers or 1)
    from distributed import Client

    client = Client(cluster if cluster is not None else scheduler)
    try:
        yield DaskRunner(client)
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def _batch(function: Callable[..., Any], tasks: list[tuple[Any, ...]]) -> list[Any]:
    """The results of ``function(*args)`` for each argument tuple of a batch, in order."""
    return [function(*args) for args in tasks]


def _itself(argument: Any) -> Any:
    """The task that holds an argument shared by many tasks (see :func:`dask_runner`)."""
    return argument
