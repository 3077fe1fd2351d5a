"""Every example in README.md runs: each ```python block, and each shell command line.

A shell line may end with a comment ``# exits N`` to say it shows an error on purpose.
The install-and-test commands at the top are what CI itself runs, so they are not rerun here.
"""

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]
README = (ROOT / "README.md").read_text()
BLOCKS = re.findall(r"```(python|sh)\n(.*?)```", README, flags=re.S)
PYTHON = [code for kind, code in BLOCKS if kind == "python"]
SHELL = [line.strip() for kind, code in BLOCKS if kind == "sh"
         for line in code.splitlines()
         if line.strip() and not line.strip().startswith(("#", "pip install"))]


@pytest.fixture
def workdir(tmp_path, monkeypatch):
    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.mark.parametrize("code", PYTHON, ids=[f"python-{i}" for i in range(len(PYTHON))])
def test_python_example(code, workdir):
    exec(compile(code, "README.md", "exec"), {"__name__": "readme"})


@pytest.mark.parametrize("line", SHELL, ids=[f"sh-{i}" for i in range(len(SHELL))])
def test_shell_example(line, workdir):
    expected = re.search(r"#\s*exits (\d+)", line)
    command = line.replace("perfectplay ", f"{sys.executable} -m perfectplay ")
    result = subprocess.run(["bash", "-c", command], capture_output=True, text=True,
                            stdin=subprocess.DEVNULL, timeout=300)
    status = int(expected.group(1)) if expected else 0
    assert result.returncode == status, result.stderr
