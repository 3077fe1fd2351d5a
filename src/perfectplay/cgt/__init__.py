"""Partizan games: canonical forms of short games, their values, stops, temperatures and
thermographs, in CGSuite's notation."""

from perfectplay.cgt.canonical import canonical_form
from perfectplay.cgt.form import DOWN, STAR, UP, ZERO, CanonicalForm, Outcome
from perfectplay.cgt.misere import Genus, MisereForm, genus, misere_canonical_form
from perfectplay.cgt.notation import (
    evaluate,
    format_form,
    miny,
    parse,
    tiny,
    up_power,
    up_power_to,
)
from perfectplay.cgt.thermograph import Thermograph, Trajectory

__all__ = [
    "DOWN",
    "STAR",
    "UP",
    "ZERO",
    "CanonicalForm",
    "Genus",
    "MisereForm",
    "Outcome",
    "Thermograph",
    "Trajectory",
    "canonical_form",
    "evaluate",
    "format_form",
    "genus",
    "miny",
    "misere_canonical_form",
    "parse",
    "tiny",
    "up_power",
    "up_power_to",
]
