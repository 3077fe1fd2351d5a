"""Impartial games: Grundy values with components split off, sums, misère play, generalised
values of games with cycles, and heap games by code (nim-sequences, periods with proof)."""

from perfectplay.impartial.grundy import grundy, grundy_table
from perfectplay.impartial.misere import misere, misere_grundy
from perfectplay.impartial.nimbers import mex, nim_product, nim_sum

__all__ = ["grundy", "grundy_table", "mex", "misere", "misere_grundy", "nim_product", "nim_sum"]
