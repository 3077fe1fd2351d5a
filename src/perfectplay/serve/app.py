"""The web app: the page (``static/``, shipped in the package) and the JSON API it reads, on
Starlette.

Routes: ``/`` the page, ``/static/...`` its assets (only files of the package's ``static``
directory: Starlette's ``StaticFiles`` refuses any path that leaves it), ``/api/game``,
``/api/position?p=TEXT`` and ``/api/counts``. A question the explorer cannot answer gets HTTP 400
with ``{"error": "..."}``; anything else that goes wrong in one request (a user's game raising,
say) gets 500 with ``{"error": "..."}``, and the server goes on serving.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import QueryParams
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import Receive, Scope, Send

from perfectplay.core.solution import Solution
from perfectplay.serve.explorer import BadRequest, Explorer

__all__ = ["create_app"]

ANSWERS_CACHED = 8192
"""Answers to /api/position kept, encoded, by query string: a page asks for the same positions
again and again (a move's child on hover, then once played); a solution never changes."""

_COMPACT = json.JSONEncoder(separators=(",", ":"))
"""The encoder of /api/position's answers (``json.dumps`` with any option makes a new one per
call)."""

STATIC = Path(__file__).parent / "static"
"""The page's files, shipped in the package: the only files the app serves."""


def create_app(solution: Solution[Any], *, options: Mapping[str, str] | None = None
               ) -> Starlette:
    """The web app exploring ``solution``; ``options`` are the game's options as given on the
    command line (shown on the page).

    Examples
    --------
    >>> from perfectplay import solve
    >>> from perfectplay.games.nim import Nim
    >>> [route.path for route in create_app(solve(Nim((1, 2)))).routes]
    ['/api/position', '/', '/api/game', '/api/counts', '/static']
    """
    explorer = Explorer(solution, options=options)
    static = StaticFiles(directory=STATIC)

    async def page(request: Request) -> Response:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    async def game(request: Request) -> Response:
        return JSONResponse(explorer.describe())

    async def counts(request: Request) -> Response:
        # the first call counts every position: in a thread, so the server keeps answering
        return JSONResponse(await run_in_threadpool(explorer.counts))

    async def bad_request(request: Request, exc: Exception) -> Response:
        return JSONResponse({"error": str(exc)}, status_code=400)

    async def failed(request: Request, exc: Exception) -> Response:
        return JSONResponse({"error": f"{type(exc).__name__}: {exc}"}, status_code=500)

    # routes are matched in turn: the one asked most often first
    routes = [Route("/api/position", _Positions(explorer), methods=["GET"]), Route("/", page),
              Route("/api/game", game), Route("/api/counts", counts),
              Mount("/static", static, name="static")]
    return Starlette(routes=routes, exception_handlers={BadRequest: bad_request,
                                                        Exception: failed})


class _Positions:
    """``/api/position``, the route asked most often, as a bare ASGI app: no Request or
    Response object per request (they took half the time of a cached answer), the headers and
    body cached by query string. An answer takes microseconds, so it is made on the event loop,
    with no thread hand-off; a question the explorer cannot answer raises, for the app's
    exception handlers to turn into 400 or 500."""

    def __init__(self, explorer: Explorer) -> None:
        self.explorer = explorer
        self.answer = functools.lru_cache(maxsize=ANSWERS_CACHED)(self._answer)

    def _answer(self, query: bytes) -> tuple[list[tuple[bytes, bytes]], bytes]:
        """The headers and body of the answer to a query string (decoded as Starlette does)."""
        text = QueryParams(query).get("p")
        body = _COMPACT.encode(self.explorer.position(text)).encode()
        return [(b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode())], body

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        headers, body = self.answer(scope["query_string"])
        await send({"type": "http.response.start", "status": 200, "headers": headers})
        await send({"type": "http.response.body", "body": body})
