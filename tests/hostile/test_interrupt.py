"""Ctrl-C inside a compiled kernel: the command ends at once, with ``error: interrupted`` and
exit status 130, as it does outside kernels.

The game is a chain of 262,144 positions where a move goes 1 to 262,144 forward: 6.9e10 moves
looked at, minutes of kernel, in a table of 512 KiB. The command runs in a child process whose
progress bar prints a marker on its first call (the kernel has then done a slice); SIGINT
follows."""

import os
import sys

from interrupt import ctrl_c_when_said

GAME = '''
import numpy as np
from numba import njit

from perfectplay.compiled import CompiledGame, CompiledRules


@njit
def step(params, position, move):
    child = position + 1 + move
    return child if child < params[0] else -1


class Chain(CompiledGame):
    """Positions 0 .. n-1; a move goes 1 to n forward; who cannot move loses."""

    def __init__(self, n=1 << 18):
        self.n = n

    def start(self):
        return 0

    def compiled(self):
        return CompiledRules(child=step, params=np.array([self.n]), size=self.n,
                             max_moves=self.n)
'''

# the command line, with a progress bar that says on stdout when it is first called
RUN = '''
import sys
from perfectplay.cli import main, progress

shown = progress.ProgressBar.__call__


def marked(self, done):
    if not getattr(self, "marked", False):
        self.marked = True
        print("progress", flush=True)
    shown(self, done)


progress.ProgressBar.__call__ = marked
sys.exit(main(sys.argv[1:]))
'''


def test_ctrl_c_inside_a_compiled_kernel_ends_the_command_at_once(tmp_path):
    (tmp_path / "chain.py").write_text(GAME)
    (tmp_path / "run.py").write_text(RUN)
    env = {**os.environ, "PERFECTPLAY_KERNEL_DIR": str(tmp_path / "kernels")}
    command = [sys.executable, str(tmp_path / "run.py"), "solve",
               f"{tmp_path / 'chain.py'}:Chain", "--method", "compiled"]
    # numba compiles the kernel first (seconds); uninterrupted, the solve then takes minutes
    status, out, err, waited = ctrl_c_when_said(command, "progress", env=env)
    assert (status, out, err) == (130, "", "error: interrupted\n")
    assert waited < 30, f"the command ended {waited:.1f} s after SIGINT"  # not minutes later
