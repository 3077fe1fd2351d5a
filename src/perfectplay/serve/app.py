"""The web app: the page (``static/``, shipped in the package) and the JSON API it reads, on
Starlette.

Routes: ``/`` the page, ``/static/...`` its assets (only files of the package's ``static``
directory: Starlette's ``StaticFiles`` refuses any path that leaves it), ``/api/game``,
``/api/position?p=TEXT`` and ``/api/counts``. A question the explorer cannot answer gets HTTP 400
with ``{"error": "..."}``; a solution whose data fails it (a damaged database file) 503, with no
traceback logged; anything else that goes wrong in one request (a user's game raising, say) 500,
and the server goes on serving.
"""

from __future__ import annotations

import asyncio
import json
import threading
from collections import OrderedDict
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

from perfectplay.core.errors import SearchStopped
from perfectplay.core.solution import Solution
from perfectplay.serve.explorer import BadRequest, Explorer, Unavailable

__all__ = ["ANSWER_CACHE_BYTES", "AnswerCache", "create_app"]

ANSWER_CACHE_BYTES = 64 << 20
"""Bytes of /api/position's encoded answers kept (:class:`AnswerCache`): a page asks for the
same positions again and again (a move's child on hover, then once played); a solution never
changes."""

_COMPACT = json.JSONEncoder(separators=(",", ":"))
"""The encoder of /api/position's answers (``json.dumps`` with any option makes a new one per
call)."""

STATIC = Path(__file__).parent / "static"
"""The page's files, shipped in the package: the only files the app serves."""


def create_app(solution: Solution[Any], *, options: Mapping[str, str] | None = None,
               start: Any = None, cache_bytes: int = ANSWER_CACHE_BYTES) -> Starlette:
    """The web app exploring ``solution`` from ``start`` (default: the solution's start);
    ``options`` are the game's options as given on the command line (shown on the page);
    ``cache_bytes`` bounds the cache of /api/position's answers, ``app.state.answers``
    (:class:`AnswerCache`).

    Examples
    --------
    >>> from perfectplay import solve
    >>> from perfectplay.games.nim import Nim
    >>> [route.path for route in create_app(solve(Nim((1, 2)))).routes]
    ['/api/position', '/', '/api/game', '/api/counts', '/static']
    """
    explorer = Explorer(solution, options=options, start=start)
    positions = _Positions(explorer, AnswerCache(cache_bytes))
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

    async def unavailable(request: Request, exc: Exception) -> Response:
        # handled as a class of its own, not by the catch-all below: Starlette logs a traceback
        # for every exception that reaches the catch-all
        return JSONResponse({"error": str(exc)}, status_code=503)

    async def failed(request: Request, exc: Exception) -> Response:
        return JSONResponse({"error": f"{type(exc).__name__}: {exc}"}, status_code=500)

    # routes are matched in turn: the one asked most often first
    routes = [Route("/api/position", positions, methods=["GET"]), Route("/", page),
              Route("/api/game", game), Route("/api/counts", counts),
              Mount("/static", static, name="static")]
    app = Starlette(routes=routes, exception_handlers={
        BadRequest: bad_request, Unavailable: unavailable, Exception: failed})
    app.state.answers = positions.cache
    return app


_Answer = tuple[list[tuple[bytes, bytes]], bytes]
"""The headers and body of an answer."""

ENTRY_BYTES = 400
"""Bytes an entry of :class:`AnswerCache` takes beyond its key's and body's characters: the
Python objects holding them and the headers (measured with tracemalloc: 395 on average over
tic-tac-toe's answers)."""


class AnswerCache:
    """Encoded answers by position text, least recently used dropped first once their bytes
    (key and body, plus :data:`ENTRY_BYTES` each) pass ``limit``.

    Keyed by the canonical text of the position asked, not by the question: the same position
    asked with other parameters or spelled otherwise is one entry, so a client cannot grow it
    past one entry per position, nor past ``limit``. Used on the event loop only: no lock.

    Examples
    --------
    >>> cache = AnswerCache(1000)
    >>> cache.put("a", ([], b"x" * 50)); cache.put("b", ([], b"y" * 50))
    >>> len(cache), cache.bytes
    (2, 902)
    >>> cache.get("a")[1][:3]  # now the most recently used
    b'xxx'
    >>> cache.put("c", ([], b"z" * 50))  # past the limit: "b" goes
    >>> len(cache), cache.bytes, cache.get("b") is None
    (2, 902, True)
    """

    def __init__(self, limit: int) -> None:
        self.limit = limit
        """Most bytes held."""
        self.bytes = 0
        """Bytes held now."""
        self._entries: OrderedDict[str, _Answer] = OrderedDict()

    def __len__(self) -> int:
        return len(self._entries)

    def get(self, key: str) -> _Answer | None:
        """The answer kept for ``key`` (now the most recently used), or None."""
        entry = self._entries.get(key)
        if entry is not None:
            self._entries.move_to_end(key)
        return entry

    def put(self, key: str, entry: _Answer) -> None:
        """Keep ``entry`` for ``key`` (not kept yet), dropping the least recently used entries
        past the limit; an entry larger than the limit is not kept."""
        size = _entry_bytes(key, entry)
        if size > self.limit:
            return
        self._entries[key] = entry
        self.bytes += size
        while self.bytes > self.limit:
            self.bytes -= _entry_bytes(*self._entries.popitem(last=False))


def _entry_bytes(key: str, entry: _Answer) -> int:
    return len(key) + len(entry[1]) + ENTRY_BYTES


async def _unless_left(explorer: Explorer, position: Any,
                       receive: Receive) -> dict[str, Any] | None:
    """The explorer's answer, searched in a thread, or None when the client disconnected first
    (the search is then stopped)."""
    stop = threading.Event()
    answer = asyncio.ensure_future(run_in_threadpool(explorer.answer, position, stop))
    left = asyncio.ensure_future(_disconnect(receive))
    await asyncio.wait((answer, left), return_when=asyncio.FIRST_COMPLETED)
    left.cancel()
    if not answer.done():
        stop.set()
    try:
        return await answer
    except SearchStopped:
        return None


async def _disconnect(receive: Receive) -> None:
    """Return once the client has disconnected (a GET's request message comes first)."""
    while (await receive())["type"] != "http.disconnect":
        pass


class _Positions:
    """``/api/position``, the route asked most often, as a bare ASGI app: no Request or
    Response object per request (they took half the time of a cached answer), the headers and
    body cached by the position's text. From a table an answer takes microseconds, so it is
    made on the event loop, with no thread hand-off; a search (a solution not ``tabulated``)
    may take minutes, so it runs in a thread and the server goes on answering, and when the
    client leaves before the answer (a page's reader went elsewhere) the search stops within a
    second, so that the next question does not wait for it. A question the explorer cannot
    answer raises, for the app's exception handlers to turn into 400, 503 or
    500 (and a refusal is not cached)."""

    def __init__(self, explorer: Explorer, cache: AnswerCache) -> None:
        self.explorer = explorer
        self.cache = cache

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        explorer = self.explorer
        # the query string decoded as Starlette does
        position = explorer.read(QueryParams(scope["query_string"]).get("p"))
        key = explorer.game.format_position(position)
        entry = self.cache.get(key)
        if entry is None:
            answer = (explorer.answer(position) if explorer.solution.tabulated
                      else await _unless_left(explorer, position, receive))
            if answer is None:
                return  # nobody to answer
            body = _COMPACT.encode(answer).encode()
            entry = ([(b"content-type", b"application/json"),
                      (b"content-length", str(len(body)).encode())], body)
            self.cache.put(key, entry)
        headers, body = entry
        await send({"type": "http.response.start", "status": 200, "headers": headers})
        await send({"type": "http.response.body", "body": body})
