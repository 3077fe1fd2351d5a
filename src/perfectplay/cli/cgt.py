"""``perfectplay cgt GAME``: the value of a position of a partizan game, or ``perfectplay cgt
eval EXPR`` of an expression of values: canonical form, outcome, mean, temperature, stops."""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from perfectplay.cli.gameargs import describe_option, parse_game_options
from perfectplay.cli.progress import ProgressBar
from perfectplay.cli.status import SUCCESS, ArgumentParser
from perfectplay.core.errors import EngineLimitError
from perfectplay.games import CATALOGUE, find_partizan_game, load_partizan_game, names

__all__ = ["report", "run"]


def _epilog() -> str:
    width = max(map(len, names("partizan")))
    games = [f"  {name:<{width}}  {CATALOGUE[name].summary}" for name in names("partizan")]
    return "\n".join([
        "GAME is one of these partizan games, any impartial game of 'perfectplay games' (its "
        "values are nimbers), or path/to/file.py:Class ('--arg k=v' for its arguments), "
        "followed by its options:", *games, "",
        "'perfectplay cgt eval EXPR' evaluates an expression of values in CGSuite's notation, "
        "such as '{1|*} + ^' or '+-1 + +-1'. With --json, the numbers (mean, temperature, "
        "stops) are exact strings such as \"3/4\", as CGSuite writes them."])


def run(argv: Sequence[str]) -> int:
    try:
        if argv[:1] == ["eval"]:
            return _run_eval(argv[1:])
        return _run_game(argv)
    except RecursionError:  # the algebra of forms recurses once or twice per level of a game
        raise EngineLimitError("the value is nested too deeply for Python's recursion limit "
                               f"({sys.getrecursionlimit():,} calls)") from None


def _run_game(argv: Sequence[str]) -> int:
    from perfectplay.cli.gameargs import _LineHelpFormatter

    parser = ArgumentParser(prog="perfectplay cgt", epilog=_epilog(),
                            formatter_class=_LineHelpFormatter,
                            description="The value of a position of a short partizan game: "
                                        "canonical form, outcome class, mean, temperature and "
                                        "stops, as CGSuite computes them.")
    parser.add_argument("game", metavar="GAME", action=_GameName,
                        help="a game name, or path/to/file.py:Class")
    _add_output_options(parser)
    parser.add_argument("--start", metavar="POS",
                        help="the position, in the game's text (default: the start position "
                             "its options give)")
    options, rest = parser.parse_known_args(argv)
    game = load_partizan_game(options.game, parse_game_options(rest))
    try:
        position = game.start() if options.start is None else game.parse_position(options.start)
    except ValueError as exc:
        raise ValueError(f"bad --start for {options.game}: {exc}") from None

    from perfectplay.cgt import canonical_form

    with ProgressBar() as bar:
        value = canonical_form(game, position, progress=bar)
    result = {"game": str(game), "position": game.format_position(position), **report(value)}
    return _present(result, value, options)


class _GameName(argparse.Action):
    """Stores GAME and lists its options in the help (argparse runs a positional's action
    before the options after it, so ``perfectplay cgt domineering --help`` shows them)."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: Any, option_string: str | None = None) -> None:
        setattr(namespace, self.dest, values)
        try:
            cls = find_partizan_game(str(values))
        except ValueError:  # a game file, or an unknown name that the run reports
            return
        lines = [f"  {describe_option(opt)}" for opt in getattr(cls, "OPTIONS", ())]
        parser.epilog = "\n".join([_epilog(), "", f"{values} options:", *(lines or ["  none"])])


def _run_eval(argv: Sequence[str]) -> int:
    parser = ArgumentParser(prog="perfectplay cgt eval",
                            description="Evaluate an expression of values in CGSuite's "
                                        "notation: canonical form, outcome, mean, temperature, "
                                        "stops.")
    parser.add_argument("expression", metavar="EXPR", help="e.g. '{1|*} + ^' or '+-1 + +-1'")
    _add_output_options(parser)
    options = parser.parse_args(argv)

    from perfectplay.cgt import evaluate

    value = evaluate(options.expression)
    return _present({"expression": options.expression, **report(value)}, value, options)


def _add_output_options(parser: ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--thermograph", metavar="FILE.png",
                        help="draw the thermograph into FILE.png (matplotlib)")


def report(value: Any) -> dict[str, str]:
    """The fields ``perfectplay cgt`` prints of a value, as text: the canonical form in
    CGSuite's notation, the outcome class, and the mean, temperature and stops as exact
    numbers (``"3/4"``).

    >>> from perfectplay.cgt import CanonicalForm
    >>> report(CanonicalForm.parse("{3|-1}"))["temperature"]
    '2'
    """
    numbers: tuple[Fraction, ...] = (value.mean, value.temperature, value.left_stop,
                                      value.right_stop)
    return {"canonical_form": str(value), "outcome": value.outcome,
            **dict(zip(("mean", "temperature", "left_stop", "right_stop"), map(str, numbers),
                       strict=True))}


def _present(result: dict[str, str], value: Any, options: Any) -> int:
    if options.thermograph:
        _draw(value, options.thermograph, title=result.get("position", result.get("expression")))
    if options.json:
        print(json.dumps(result))
        if options.thermograph:  # stdout holds the JSON alone
            print(f"thermograph: {options.thermograph}", file=sys.stderr)
        return SUCCESS
    width = max(len(key) for key in result) + 1
    for key, text in result.items():
        print(f"{key.replace('_', ' ') + ':':<{width + 1}} {text}")
    if options.thermograph:
        print(f"{'thermograph:':<{width + 1}} {options.thermograph}")
    return SUCCESS


def _draw(value: Any, path: str, *, title: str | None) -> None:
    if importlib.util.find_spec("matplotlib") is None:
        raise ValueError("--thermograph needs matplotlib: pip install 'perfectplay[plot]'")
    value.thermograph().draw(path, title=title)
