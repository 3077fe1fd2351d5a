"""The C++ baselines of the compiled benchmarks: built with g++ -O2 as a shared library whose
``run`` entry times one call inside, loaded through ctypes into the benchmark's process."""

from __future__ import annotations

import ctypes
import shutil
import subprocess
from pathlib import Path


def load_cpp(source: str, name: str, directory: Path, argtypes: list) -> ctypes.CDLL | None:
    """``source`` built into ``directory``, its ``double run(...)`` typed with ``argtypes``; None
    without g++ on PATH."""
    compiler = shutil.which("g++")
    if compiler is None:
        return None
    path = directory / f"{name}.cpp"
    path.write_text(source)
    library = directory / f"{name}.so"
    subprocess.run([compiler, "-O2", "-shared", "-fPIC", "-o", str(library), str(path)],
                   check=True)
    cpp = ctypes.CDLL(str(library))
    cpp.run.restype = ctypes.c_double
    cpp.run.argtypes = argtypes
    return cpp
