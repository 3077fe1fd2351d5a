"""Compiled nim-sequence kernels: plain mex and the rare-value method agree with each other."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest
from naive_grundy import heap_sequence

from perfectplay.compiled.nimseq import plain_sequence, rare_sequence
from perfectplay.impartial.octal import parse_code


def digits(code: str, upto: int) -> tuple[np.ndarray, bool]:
    rules = parse_code(code)
    return np.array([rules.digit(k) for k in range(upto + 1)], np.uint8), rules.unequal


def test_rare_equals_plain_past_the_calibration_window():
    # 4!.0 and 0.6 pass 2**12 heaps, where the split is chosen and then re-chosen
    for code in ("4!.0", "0.6", "0.77", "4.7"):
        d, unequal = digits(code, 20000)
        plain = plain_sequence(d, unequal, 20000)
        assert np.array_equal(rare_sequence(d, unequal, 20000), plain), code


@pytest.mark.kernels
def test_rare_equals_plain_just_past_the_calibration_window():
    # the split chosen at 2**12 heaps, then a few hundred heaps by the rare kernel: small enough
    # for the kernels' run as Python
    d, unequal = digits("4!.0", 4400)
    assert np.array_equal(rare_sequence(d, unequal, 4400), plain_sequence(d, unequal, 4400))


@pytest.mark.kernels
@pytest.mark.parametrize("code", ["4!.0", "0.6", "0.26", "0.4", "4.4", "0.06", "0.16", "0.7",
                                  "4!.2", "4!.6", "4!.04", "0.34", "4.0", "0.62"])
def test_rare_equals_naive_mex(code):
    expected = heap_sequence(code, 40)
    d, unequal = digits(code, 40)
    assert rare_sequence(d, unequal, 40).tolist() == expected


@pytest.mark.parametrize("code", ["4!.0", "0.6", "0.26", "4!.04", "0.16", "0.06", "4.4", "0.62"])
def test_rare_equals_plain_across_recalibrations(code):
    # 2**12 heaps by the plain kernel, then a split chosen at 2**12 and again at 2**13;
    # codes where the split has e = 1 (0.6, 0.26) or two split digits (4!.04, 0.62)
    d, unequal = digits(code, 12000)
    assert np.array_equal(rare_sequence(d, unequal, 12000), plain_sequence(d, unequal, 12000))


def test_grundys_game_known_values():
    d, unequal = digits("4!.0", 20000)
    values = rare_sequence(d, unequal, 20000)
    assert values[:10].tolist() == [0, 0, 0, 1, 0, 2, 1, 0, 2, 1]
    assert values.dtype == np.uint16


def test_values_grow_past_uint16():
    d, unequal = digits("0.[3]", 32800)  # nim: G(n) = n, past 2**15
    values = plain_sequence(d, unequal, 32800)
    assert values.dtype == np.uint32
    assert np.array_equal(values, np.arange(32801))


def test_progress_is_reported():
    seen = []
    d, unequal = digits("4!.0", 150000)
    rare_sequence(d, unequal, 150000, progress=seen.append)
    assert seen[-1] == 150001 and seen == sorted(seen)


def test_import_perfectplay_does_not_import_numba():
    code = ("import sys, perfectplay, perfectplay.impartial.octal, perfectplay.impartial.grundy; "
            "print('numba' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
