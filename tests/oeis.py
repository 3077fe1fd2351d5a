"""Published nim-sequences: the data sections of OEIS entries (https://oeis.org), copied into
``tests/data`` with their source in each header, one value a line."""

from pathlib import Path

DATA = Path(__file__).resolve().parent / "data"


def oeis(name: str) -> list[int]:
    """The values in ``tests/data/NAME``, comment lines (``#``) skipped."""
    lines = (DATA / name).read_text().splitlines()
    return [int(line) for line in lines if line.strip() and not line.startswith("#")]
