"""Ctrl-C sent to a command once it says it is at work: the helper of the interrupt tests."""

import select
import signal
import subprocess
import time


def _ctrl_c_by_default() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def ctrl_c_when_said(command, marker, *, env=None, within=60):
    """Run ``command``, send it SIGINT half a second after it prints the line ``marker``, and
    return its exit status, its stdout and stderr after the marker, and the seconds it took to
    end after the signal.

    The child starts with Ctrl-C's default disposition, as from a terminal: a job started in
    the background by a shell without job control inherits SIGINT ignored.
    """
    child = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                             env=env, preexec_fn=_ctrl_c_by_default)
    try:
        ready, _, _ = select.select([child.stdout], [], [], within)
        assert ready, f"nothing said in {within} s"
        assert child.stdout.readline() == marker + "\n"
        time.sleep(0.5)  # well inside the work
        sent = time.monotonic()
        child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=30)
        return child.returncode, out, err, time.monotonic() - sent
    finally:
        if child.poll() is None:
            child.kill()
            child.communicate()
