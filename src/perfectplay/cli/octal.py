"""``perfectplay octal CODE --upto N``: the nim-sequence of a heap game, its period and proof."""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from typing import Any

from perfectplay.cli.progress import ProgressBar
from perfectplay.cli.status import SUCCESS, ArgumentParser, option_type
from perfectplay.core.options import parse_int
from perfectplay.impartial.octal import nim_sequence, parse_code, periodicity

__all__ = ["run"]

_ROW = 20  # values per printed row


def run(argv: Sequence[str]) -> int:
    parser = ArgumentParser(
        prog="perfectplay octal",
        description="Nim-sequence G(0..N) of a heap game, with its period, pre-period and "
                    "saltus when found, and whether the Guy-Smith theorem proves the period.",
        epilog="CODE: an octal or hexadecimal code (0.77, 0.137, 4.7, 0.f), '!' for unequal "
               "heaps (4!.0), a repeating tail in brackets (0.[3]), subtraction:2,3,7, "
               "allbut:1,2, or an alias (kayles, dawson, grundy, nim).")
    parser.add_argument("code", metavar="CODE")
    parser.add_argument("--upto", type=option_type(parse_int), required=True, metavar="N",
                        help="largest heap")
    parser.add_argument("--method", choices=("auto", "python", "plain", "rare"),
                        default="auto", help="how to compute (default: auto)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--plot", metavar="FILE.png",
                        help="draw the sequence into FILE.png (matplotlib) instead of printing it")
    parser.add_argument("--genus", action="store_true",
                        help="also each heap's misère Grundy value and Conway's genus, as "
                             "CGSuite writes it (misère canonical forms: heaps up to a few "
                             "dozen)")
    options = parser.parse_args(argv)
    rules = parse_code(options.code)
    with ProgressBar(unit="heaps") as bar:
        values = nim_sequence(rules, options.upto, method=options.method, progress=bar)
    found = periodicity(rules, values)
    result: dict[str, Any] = {
        "code": rules.code,
        "values": values.tolist(),
        "period": None if found is None else found.period,
        "preperiod": None if found is None else found.preperiod,
        "saltus": None if found is None else found.saltus,
        "proven": None if found is None else found.proven,
    }
    if options.genus:
        result.update(_genera(rules.code, options.upto))
    if options.plot:
        _plot(result, options.plot)
    if options.json:
        print(json.dumps(result))
        if options.plot:  # stdout holds the JSON alone
            print(f"plot: {options.plot}", file=sys.stderr)
    else:
        _print_text(result, plot=options.plot)
    return SUCCESS


def _print_text(result: dict[str, Any], *, plot: str | None) -> None:
    """The values in rows, then the period; with a plot, the plot's file instead of the
    values (a plot is asked for when there are too many to read)."""
    values = result["values"]
    print(f"code: {result['code']}")
    if plot:
        print(f"values: G(0..{len(values) - 1:,}), drawn in the plot")
    else:
        width = len(str(len(values) - 1))
        for start in range(0, len(values), _ROW):
            row = " ".join(str(v) for v in values[start:start + _ROW])
            print(f"{start:>{width}}: {row}")
    if result["period"] is None:
        print("period: none found")
    else:
        status = "proven (Guy-Smith)" if result["proven"] else "not proven"
        print(f"period: {result['period']}, pre-period: {result['preperiod']}, "
              f"saltus: {result['saltus']}, {status}")
    if "genus" in result:
        print("genus (misère value):")
        width = len(str(len(values) - 1))
        entries = [f"{g} ({m})" for g, m in zip(result["genus"], result["misere_values"],
                                                strict=True)]
        for start in range(0, len(entries), _ROW // 2):
            print(f"{start:>{width}}: {' '.join(entries[start:start + _ROW // 2])}")
    if plot:
        print(f"plot: {plot}")


def _genera(code: str, upto: int) -> dict[str, list[Any]]:
    """Each heap's genus (CGSuite's text) and misère Grundy value, from its misère canonical
    form."""
    from perfectplay.cgt.misere import misere_canonical_form
    from perfectplay.impartial.octal import OctalGame

    game = OctalGame(code, ())
    table: dict[Any, Any] = {}
    with ProgressBar(unit="heaps") as bar:
        forms = []
        for n in range(upto + 1):
            forms.append(misere_canonical_form(game, (n,) if n else (), table=table))
            bar(n + 1)
    return {"genus": [str(f.genus) for f in forms],
            "misere_values": [f.misere_value for f in forms]}


def _plot(result: dict[str, Any], path: str) -> None:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise ValueError("--plot needs matplotlib: pip install 'perfectplay[plot]'") from None
    figure, axes = plt.subplots(figsize=(10, 4))
    values = result["values"]
    axes.plot(range(len(values)), values, ".", markersize=2 if len(values) > 2000 else 4)
    axes.set_xlabel("heap n")
    axes.set_ylabel("G(n)")
    title = f"nim-sequence of {result['code']}"
    if result["period"] is not None:
        axes.axvline(result["preperiod"], color="grey", linewidth=0.8)
        title += f" (period {result['period']} from {result['preperiod']})"
    axes.set_title(title)
    figure.savefig(path, dpi=100)
    plt.close(figure)
