"""Serving the app: uvicorn on a socket that listens before it starts, so that the URL (and the
port ``0`` picks) is known and reachable, and a port already taken is reported, before anything
is solved or served."""

from __future__ import annotations

import contextlib
import ctypes
import gc
import os
import signal
import socket
import sys
import threading
import time
from typing import Any

import uvicorn

__all__ = ["WebServer"]


class WebServer:
    """A socket listening on ``host``:``port`` (``port=0``: a free port), and uvicorn serving an
    ASGI app on it.

    The socket listens from the start, so that a port already taken is reported at once and a
    client that connects before :meth:`run` waits rather than being refused. :meth:`run` serves
    until Ctrl-C (on the main thread: uvicorn then finishes the requests under way and
    :meth:`run` raises ``KeyboardInterrupt``) or until :meth:`stop` is called from another
    thread.

    Raises
    ------
    OSError
        When the host does not resolve or the port cannot be bound (taken, privileged).

    Examples
    --------
    >>> import threading, urllib.request
    >>> from perfectplay import solve
    >>> from perfectplay.games.nim import Nim
    >>> from perfectplay.serve import create_app
    >>> server = WebServer("127.0.0.1", 0)
    >>> thread = threading.Thread(target=server.run, args=(create_app(solve(Nim((1, 2)))),))
    >>> thread.start()
    >>> server.wait_started()
    >>> urllib.request.urlopen(server.url + "api/game").status
    200
    >>> server.stop(); thread.join()
    """

    def __init__(self, host: str, port: int) -> None:
        self.socket = _listening_socket(host, port)
        self._server: uvicorn.Server | None = None
        self._stopped = threading.Event()

    @property
    def url(self) -> str:
        """The address of the page, e.g. ``http://127.0.0.1:8000/``."""
        host, port = self.socket.getsockname()[:2]
        host = f"[{host}]" if ":" in host else host  # an IPv6 address
        return f"http://{host}:{port}/"

    def run(self, app: Any, *, processes: int = 1) -> None:
        """Serve ``app`` until stopped; the socket is closed afterwards.

        What is alive now (the solution, the imported modules: some 100,000 objects once
        numba is loaded) is moved out of the garbage collector's reach first: a full
        collection walking it takes 30 ms on a 2-core machine, a pause of every request under
        way, and it all lives as long as the server anyway.

        ``processes`` above 1 forks that many servers less one, all answering on the socket
        (the solution shared, copy on write; on the main thread, where ``os.fork`` exists):
        a server is one thread, so one process answers with one core. Ctrl-C stops them all;
        the others are stopped when this one is, SIGTERM and SIGHUP (its terminal closed) stop
        it as uvicorn stops on SIGTERM, and on Linux the others end by themselves (SIGTERM from
        the kernel) when this one dies otherwise (SIGKILL), so none serves on unseen.
        """
        gc.collect()  # what is garbage already goes now, not frozen with the rest
        gc.freeze()
        # no proxy-header middleware: the page is served straight to the browser, never behind
        # a proxy whose X-Forwarded headers it should trust, and that is one layer less per
        # request; uvicorn picks httptools and uvloop (dependencies) over h11 and asyncio
        config = uvicorn.Config(app, log_level="warning", access_log=False, lifespan="off",
                                proxy_headers=False)
        parent = os.getpid()
        others = [self._fork(config, parent) for _ in range(processes - 1)]
        self._server = uvicorn.Server(config)
        self._server.should_exit = self._stopped.is_set()
        # uvicorn ends on SIGTERM by raising it again, and SIGHUP would end this process at
        # once: with others to stop, it must live on to stop them
        handlers = {}
        if others:
            handlers = {signal.SIGTERM: signal.signal(signal.SIGTERM, _exit_on_signal),
                        signal.SIGHUP: signal.signal(signal.SIGHUP, self._hang_up)}
        try:
            with self.socket:
                self._server.run(sockets=[self.socket])
        finally:
            for number, handler in handlers.items():
                signal.signal(number, handler)
            for pid in others:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGTERM)  # uvicorn finishes its requests, then exits
                os.waitpid(pid, 0)

    def _hang_up(self, signum: int, frame: Any) -> None:
        """SIGHUP while serving: stop as uvicorn stops on SIGTERM (the requests under way
        finished), then exit as SIGTERM makes this process exit."""
        assert self._server is not None  # set before the handler is
        if self._server.should_exit:  # uvicorn raises it again once stopped, or a second one
            _exit_on_signal(signum, frame)
        self._server.handle_exit(signum, frame)

    def _fork(self, config: uvicorn.Config, parent: int) -> int:
        """A child process serving on the socket until stopped, or until ``parent`` (this
        process) dies; its process id."""
        pid = os.fork()
        if pid == 0:
            status = 1
            try:
                _end_with(parent)
                with contextlib.suppress(KeyboardInterrupt):
                    uvicorn.Server(config).run(sockets=[self.socket])
                status = 0
            finally:
                os._exit(status)  # never back into the caller's code
        return pid

    def wait_started(self, timeout: float = 10.0) -> None:
        """Block until :meth:`run`, in another thread, accepts connections."""
        deadline = time.monotonic() + timeout
        while self._server is None or not self._server.started:
            if time.monotonic() > deadline:
                raise TimeoutError(f"the server at {self.url} did not start in {timeout} s")
            time.sleep(0.01)

    def stop(self) -> None:
        """Ask :meth:`run` to finish the requests under way and return."""
        self._stopped.set()
        if self._server is not None:
            self._server.should_exit = True


def _exit_on_signal(signum: int, frame: Any) -> None:
    raise SystemExit(128 + signum)  # as a shell reports a process ended by the signal


PR_SET_PDEATHSIG = 1
"""Linux's ``prctl`` option: the signal this process gets when its parent dies."""


def _end_with(parent: int) -> None:
    """Have the kernel send this (forked) process SIGTERM when ``parent`` dies, however it
    dies (Linux only: elsewhere the parent's own stop is all there is).

    The parent may have died before the request was made: then this process exits now.
    """
    if not sys.platform.startswith("linux"):
        return
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0) != 0:
        raise OSError(ctypes.get_errno(), "prctl(PR_SET_PDEATHSIG) failed")
    if os.getppid() != parent:  # reparented already: the signal will never come
        os._exit(128 + signal.SIGTERM)


def _listening_socket(host: str, port: int) -> socket.socket:
    where = f"{host}:{port}"
    try:
        family, kind, protocol, _, address = socket.getaddrinfo(
            host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)[0]
    except (socket.gaierror, UnicodeError) as exc:
        raise OSError(f"cannot listen on {where} (host does not resolve: {exc})") from None
    listening = socket.socket(family, kind, protocol)
    try:
        listening.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # restart at once
        listening.bind(address)
        listening.listen(2048)  # from now on connections wait for uvicorn to accept them
    except OSError as exc:
        listening.close()
        raise OSError(f"cannot listen on {where} ({exc.strerror})") from None
    return listening
