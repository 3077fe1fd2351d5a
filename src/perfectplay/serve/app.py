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
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from perfectplay.core.solution import Solution
from perfectplay.serve.explorer import BadRequest, Explorer

__all__ = ["create_app"]

ANSWERS_CACHED = 8192
"""Answers to /api/position kept, encoded, by position text: a page asks for the same positions
again and again (a move's child on hover, then once played); a solution never changes."""

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
    ['/', '/api/game', '/api/position', '/api/counts', '/static']
    """
    explorer = Explorer(solution, options=options)
    static = StaticFiles(directory=STATIC)

    async def page(request: Request) -> Response:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    async def game(request: Request) -> Response:
        return JSONResponse(explorer.describe())

    @functools.lru_cache(maxsize=ANSWERS_CACHED)
    def answer(text: str | None) -> bytes:
        return json.dumps(explorer.position(text), separators=(",", ":")).encode()

    async def position(request: Request) -> Response:
        # a lookup takes microseconds: answered on the event loop, no thread hand-off
        return Response(answer(request.query_params.get("p")), media_type="application/json")

    async def counts(request: Request) -> Response:
        # the first call counts every position: in a thread, so the server keeps answering
        return JSONResponse(await run_in_threadpool(explorer.counts))

    async def bad_request(request: Request, exc: Exception) -> Response:
        return JSONResponse({"error": str(exc)}, status_code=400)

    async def failed(request: Request, exc: Exception) -> Response:
        return JSONResponse({"error": f"{type(exc).__name__}: {exc}"}, status_code=500)

    routes = [Route("/", page), Route("/api/game", game), Route("/api/position", position),
              Route("/api/counts", counts), Mount("/static", static, name="static")]
    return Starlette(routes=routes, exception_handlers={BadRequest: bad_request,
                                                        Exception: failed})
