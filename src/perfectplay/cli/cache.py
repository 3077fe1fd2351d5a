"""``perfectplay cache info`` / ``perfectplay cache clear``: the compiled kernels cached on disk
(see :func:`perfectplay.compiled.kernels.kernel_dir`)."""

from __future__ import annotations

from collections.abc import Sequence

from perfectplay.cli.status import SUCCESS, ArgumentParser
from perfectplay.compiled.kernels import cache_files, kernel_dir
from perfectplay.core.limits import format_bytes

__all__ = ["run"]


def run(argv: Sequence[str]) -> int:
    parser = ArgumentParser(
        prog="perfectplay cache",
        description="The compiled kernels cached on disk: the modules perfectplay generates and "
                    "numba's cache of them.",
        epilog="info: the kernel directory, how many modules and cache files it holds, and "
               "their size. clear: remove them (and only them); kernels are compiled again "
               "when next needed.")
    parser.add_argument("action", choices=("info", "clear"))
    options = parser.parse_args(argv)
    modules, compiled = cache_files()
    if options.action == "clear":
        for path in modules + compiled:
            path.unlink(missing_ok=True)  # another process's clear may have been first
        print(f"removed {len(modules) + len(compiled)} files from {kernel_dir()}")
        return SUCCESS
    size = sum(path.stat().st_size for path in modules + compiled)
    print(f"directory:    {kernel_dir()}")
    print(f"modules:      {len(modules)}")
    print(f"cache files:  {len(compiled)}")
    print(f"size:         {format_bytes(size)}")
    return SUCCESS
