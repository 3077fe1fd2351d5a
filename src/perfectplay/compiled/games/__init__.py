"""Compiled rules of catalogue games, one module per game; each game module of
:mod:`perfectplay.games` imports its own lazily, in ``compiled()``, so that the catalogue does
not import numba."""
