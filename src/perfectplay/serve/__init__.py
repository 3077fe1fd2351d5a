"""The local web explorer over any solution: the board, every move coloured by its value, a
perfect opponent, the value history of the game so far and the analysis table.

``create_app(solution)`` is the Starlette app (:mod:`perfectplay.serve.app`), ``WebServer``
serves it with uvicorn (:mod:`perfectplay.serve.server`), and ``perfectplay serve GAME`` does
both. The page's answers come from :class:`~perfectplay.serve.explorer.Explorer`, its pictures
from each game's ``picture()`` hook (:mod:`perfectplay.core.board`); its files are in
``static/``, plain JavaScript modules and CSS with no build step, so it works offline.
"""

from perfectplay.serve.app import create_app
from perfectplay.serve.explorer import BadRequest, Explorer
from perfectplay.serve.server import WebServer

__all__ = ["BadRequest", "Explorer", "WebServer", "create_app"]
