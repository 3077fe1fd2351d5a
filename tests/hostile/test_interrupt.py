"""Ctrl-C inside a compiled kernel: the command ends at once, with ``error: interrupted`` and
exit status 130, as it does outside kernels.

The game is a chain of 262,144 positions where a move goes 1 to 262,144 forward: 6.9e10 moves
looked at, minutes of kernel, in a table of 512 KiB. The command runs in a child process whose
progress bar prints a marker on its first call (the kernel has then done a slice); SIGINT
follows."""

import os
import select
import signal
import subprocess
import sys
import time

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


def _ctrl_c_by_default() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_ctrl_c_inside_a_compiled_kernel_ends_the_command_at_once(tmp_path):
    (tmp_path / "chain.py").write_text(GAME)
    (tmp_path / "run.py").write_text(RUN)
    env = {**os.environ, "PERFECTPLAY_KERNEL_DIR": str(tmp_path / "kernels")}
    command = [sys.executable, str(tmp_path / "run.py"), "solve",
               f"{tmp_path / 'chain.py'}:Chain", "--method", "compiled"]
    # the child starts with Ctrl-C's default disposition, as from a terminal: a job started in
    # the background by a shell without job control inherits SIGINT ignored
    child = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                             env=env, preexec_fn=_ctrl_c_by_default)
    try:
        # numba compiles the kernel first (seconds); uninterrupted, the solve then takes minutes
        ready, _, _ = select.select([child.stdout], [], [], 60)
        assert ready, "no progress reported in a minute"
        assert child.stdout.readline() == "progress\n"
        time.sleep(0.5)  # well inside the kernel
        sent = time.monotonic()
        child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=30)
        waited = time.monotonic() - sent
    finally:
        if child.poll() is None:
            child.kill()
            child.communicate()
    assert (child.returncode, out, err) == (130, "", "error: interrupted\n")
    assert waited < 2, f"the command ended {waited:.1f} s after SIGINT"
