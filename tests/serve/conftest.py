"""Shared fixtures of the web explorer's tests: the Connect Four 4x4 solution (solved once, by
the compiled engine), a server on a free loopback port, and an in-process client."""

import threading
import warnings
from contextlib import contextmanager

import pytest

from perfectplay import solve
from perfectplay.games.connect4 import ConnectFour
from perfectplay.serve import WebServer

with warnings.catch_warnings():  # Starlette 1.x asks for httpx2 but still runs on httpx
    warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")
    from starlette.testclient import TestClient


@pytest.fixture(scope="session")
def connect4_solution():
    """Connect Four 4x4 (161,029 positions) by the compiled engine: a dense store."""
    return solve(ConnectFour(4, 4), method="compiled")


@pytest.fixture
def client_of():
    """``client_of(app)``: a client calling ``app`` in process; a server error is a 500 reply,
    not a raise."""
    return lambda app: TestClient(app, raise_server_exceptions=False)


@pytest.fixture
def serving():
    """``with serving(app) as url``: ``app`` served by a real uvicorn (see :func:`_serving`)."""
    return _serving


@contextmanager
def _serving(app):
    """The URL of ``app`` served by a real uvicorn, in a thread, on a free loopback port."""
    server = WebServer("127.0.0.1", 0)
    thread = threading.Thread(target=server.run, args=(app,), daemon=True)
    thread.start()
    server.wait_started()
    try:
        yield server.url
    finally:
        server.stop()
        thread.join(timeout=10)
