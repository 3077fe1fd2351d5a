"""The ``perfectplay`` command: a lazy registry of subcommands, one module each.

Help lists every subcommand without importing any; a subcommand module is imported only when it
runs. Known errors become one line ``error: ...`` and exit status 2 (3 for a damaged data file);
``--debug`` shows the traceback instead. Ctrl-C before a command's output is complete: ``error:
interrupted``, status 130; once it is complete, Ctrl-C no longer changes the status (see
:func:`main`).
"""

from __future__ import annotations

import difflib
import importlib
import signal
import sys
import threading
import traceback
from collections.abc import Sequence

from perfectplay.cli.status import BAD_INPUT, DAMAGED, INTERNAL_ERROR, SUCCESS, UsageError
from perfectplay.core.errors import quote

__all__ = ["COMMANDS", "main"]

COMMANDS: dict[str, tuple[str, str]] = {
    # name: (module, one-line summary)
    "games": ("perfectplay.cli.games", "list the built-in games and their options"),
    "solve": ("perfectplay.cli.solve", "solve a game: value, remoteness, best move, analysis"),
    "analyze": ("perfectplay.cli.analyze", "exact value of one position and its moves, by search"),
    "play": ("perfectplay.cli.play", "play against the perfect opponent in the terminal"),
    "serve": ("perfectplay.cli.serve", "explore and play a solved game on a local web page"),
    "judge": ("perfectplay.cli.judge", "answer a contest problem's judge input from stdin"),
    "check": ("perfectplay.cli.check", "check a game's key, abstraction, components"),
    "octal": ("perfectplay.cli.octal", "nim-sequence of a heap game by code, its period, proof"),
    "cgt": ("perfectplay.cli.cgt", "value of a partizan game: canonical form, temperature"),
    "cache": ("perfectplay.cli.cache", "the compiled kernels cached on disk: info, clear"),
    "db": ("perfectplay.cli.db", "a tier database on disk: info, verify, query"),
    "book": ("perfectplay.cli.book", "build an opening book of exact values, by search"),
}

_USAGE = "usage: perfectplay [--debug] [--version] COMMAND [ARGS...]"


def _help() -> str:
    width = max(map(len, COMMANDS))
    lines = [_USAGE, "", "Solve finite two-player games of perfect information exactly.", "",
             "commands:"]
    lines += [f"  {name:<{width}}  {summary}" for name, (_, summary) in COMMANDS.items()]
    lines += ["", "options:", "  --debug    show tracebacks instead of one-line errors",
              "  --version  print the version", "",
              "'perfectplay COMMAND --help' describes a command."]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status.

    Run as the process's command (``argv`` None), once the command's output is complete and
    flushed, Ctrl-C is ignored while Python exits: the status is the command's own, never death
    by SIGINT halfway through the interpreter's clean-up.
    """
    args = list(sys.argv[1:] if argv is None else argv)
    debug = "--debug" in args
    if debug:
        args.remove("--debug")
    status = None  # set once the output is complete
    try:
        done = _dispatch(args)
        sys.stdout.flush()  # the output is complete here, not when Python exits
        status = done
        if argv is None and threading.current_thread() is threading.main_thread():
            # SIG_IGN, not a Python handler: the interpreter resets those to the default
            # (death by SIGINT) before it frees the modules, which can take a while
            signal.signal(signal.SIGINT, signal.SIG_IGN)
        return status
    except BrokenPipeError:  # the reader went away (e.g. piped into head): nothing to say
        return SUCCESS
    except Exception as exc:  # one line for the user, the traceback only on request
        if debug:
            traceback.print_exc()
        if _is_known(exc):
            print(f"error: {_message(exc)}", file=sys.stderr)
            return DAMAGED if _is_damage(exc) else BAD_INPUT
        print(f"error: {type(exc).__name__}: {exc} (unexpected; rerun with --debug for the "
              "traceback)", file=sys.stderr)
        return INTERNAL_ERROR
    except KeyboardInterrupt:
        if status is not None:  # between the output and SIG_IGN: the command had ended
            return status
        print("error: interrupted", file=sys.stderr)
        return 130


def _dispatch(args: list[str]) -> int:
    if not args or args[0] in ("-h", "--help", "help"):
        print(_help())
        return SUCCESS
    if args[0] == "--version":
        from importlib.metadata import version

        print(f"perfectplay {version('perfectplay')}")
        return SUCCESS
    name, rest = args[0], args[1:]
    if name not in COMMANDS:
        close = difflib.get_close_matches(name, COMMANDS, n=1)
        hint = f"; did you mean {close[0]!r}?" if close else "; see 'perfectplay --help'"
        raise UsageError(f"unknown command {quote(name)}{hint}")
    command = importlib.import_module(COMMANDS[name][0])
    return command.run(rest)


def _is_known(exc: BaseException) -> bool:
    from perfectplay.core.errors import PerfectplayError

    return isinstance(exc, PerfectplayError | UsageError | ValueError | OSError)


def _is_damage(exc: BaseException) -> bool:
    from perfectplay.core.errors import DamagedDataError

    return isinstance(exc, DamagedDataError)


def _message(exc: BaseException) -> str:
    if isinstance(exc, OSError) and exc.filename is not None:
        return f"{exc.strerror} ({exc.filename})"
    return str(exc)
