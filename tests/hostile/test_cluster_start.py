"""A Dask worker killed while the local cluster starts: the command ends with one line (or
finishes, when the nanny restarts the worker in time), never a traceback."""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path


def children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry.name))
    return found


def test_a_worker_killed_while_the_cluster_starts_ends_in_one_line(tmp_path):
    command = [sys.executable, "-m", "perfectplay", "solve", "morris", "--method", "tiers",
               "--db", str(tmp_path / "db"), "--workers", "2"]
    run = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    killed: set[int] = set()
    deadline = time.monotonic() + 60
    while run.poll() is None and time.monotonic() < deadline and len(killed) < 6:
        for child in children(run.pid):
            for grandchild in [child, *children(child)]:
                cmdline = Path(f"/proc/{grandchild}/cmdline")
                try:
                    spawned = b"spawn_main" in cmdline.read_bytes()
                except OSError:
                    continue
                if spawned and grandchild not in killed:
                    os.kill(grandchild, signal.SIGKILL)
                    killed.add(grandchild)
        time.sleep(0.005)
    _, err = run.communicate(timeout=240)
    assert killed, "no worker process was seen"
    assert "Traceback" not in err
    if run.returncode != 0:
        assert run.returncode == 2, err
        assert err.startswith("error: ") and err.count("\n") == 1, err
