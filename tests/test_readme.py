"""Every example in README.md runs: each ```python block, and each shell command line, and
prints what the README says it prints.

A comment ``# ... -> TEXT`` states the exact output: of a ``print(...)`` line in Python, of the
whole command in the shell; ``# ... ... TEXT`` states one line of a command's output. A shell
line may end with a comment ``# exits N`` to say it shows an error on purpose. The
install-and-test commands at the top (a venv, ``pip install``, the tests) are what CI itself
runs, so they are not rerun here: they are checked against ``.ci/run`` instead.
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
SETUP = ("python3 -m venv", "pip install")
"""How the top commands start: they make the environment the other examples run in."""
SHELL = [line.strip() for kind, code in BLOCKS if kind == "sh"
         for line in code.splitlines()
         if line.strip() and not line.strip().startswith(("#", *SETUP))]


@pytest.fixture
def workdir(tmp_path, monkeypatch):
    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def stated(line: str) -> tuple[str, str] | None:
    """What a line's comment says it prints: ``("exact", text)``, ``("line", text)`` or None."""
    comment = re.search(r"\s{2,}#\s(.*)$", line)
    if comment is None:
        return None
    exact = re.search(r"(?:^|\s)-> (.*)$", comment.group(1))
    if exact:
        return "exact", exact.group(1).strip()
    one_line = re.search(r"(?:^|\s)\.\.\. (.*)$", comment.group(1))
    return ("line", one_line.group(1).strip()) if one_line else None


def checked(code: str) -> str:
    """The code with each ``print(...)`` whose output is stated turned into a check of it."""
    lines = []
    for line in code.splitlines():
        claim = stated(line)
        if claim is not None and line.startswith("print("):
            call = line[:line.index("  #")].rstrip()
            line = f"_expect({claim[1]!r}, {call[len('print('):]}"
        lines.append(line)
    return "\n".join(lines) + "\n"


def _expect(expected: str, *printed: object) -> None:
    found = " ".join(map(str, printed))
    print(found)
    assert found == expected, f"README says {expected!r}, the code prints {found!r}"


def test_the_readme_states_outputs():
    claims = [stated(line) for _, code in BLOCKS for line in code.splitlines()]
    assert sum(claim is not None for claim in claims) >= 20


@pytest.mark.parametrize("code", PYTHON, ids=[f"python-{i}" for i in range(len(PYTHON))])
def test_python_example(code, workdir):
    exec(compile(checked(code), "README.md", "exec"), {"__name__": "readme", "_expect": _expect})


@pytest.mark.parametrize("line", SHELL, ids=[f"sh-{i}" for i in range(len(SHELL))])
def test_shell_example(line, workdir):
    run_shell_example(line)


DATABASE_LINES = [line for line in SHELL if "--db " in line]


def test_the_examples_writing_databases_say_the_same_when_run_again(workdir):
    # a user runs the examples in one directory, in any order and more than once: each finds
    # the databases the others (and itself) left behind; in order, then again in reverse, each
    # meets what every other left, both before and after it
    for line in [*DATABASE_LINES, *reversed(DATABASE_LINES)]:
        run_shell_example(line)


def run_shell_example(line: str) -> None:
    """Run one shell line of the README and check its exit status and stated output."""
    expected = re.search(r"#\s*exits (\d+)", line)
    command = line.replace("perfectplay ", f"{sys.executable} -m perfectplay ")
    result = subprocess.run(["bash", "-c", command], capture_output=True, text=True,
                            stdin=subprocess.DEVNULL, timeout=300)
    status = int(expected.group(1)) if expected else 0
    assert result.returncode == status, result.stderr
    claim = stated(line)
    if claim is not None and claim[0] == "exact":
        assert result.stdout.strip() == claim[1]
    elif claim is not None:
        assert claim[1] in [printed.strip() for printed in result.stdout.splitlines()]


def test_the_top_commands_make_a_venv_and_test_as_ci_does():
    first, second = BLOCKS[0][1].splitlines()
    # PEP 668: a stock Debian/Ubuntu Python refuses pip outside a virtual environment
    assert first.startswith("python3 -m venv .venv && . .venv/bin/activate && pip install -e . ")
    assert first.endswith("perfectplay solve tictactoe")
    assert second.startswith("pip install -e '.[test]' && python -m pytest  ")
    ci = (ROOT / ".ci" / "run").read_text()
    assert "pip install --quiet -e '.[test]'" in ci and "\npython -m pytest\n" in ci
    required = re.search(r'requires-python = ">=([\d.]+)"', (ROOT / "pyproject.toml").read_text())
    assert required is not None and f"Python >= {required.group(1)}." in README


def test_the_files_the_examples_write_are_ignored_by_git():
    written = re.findall(r"--(?:save|plot|db|out) ([\w.]+)|\.save\(\"([^\"]+)\"\)", README)
    names = sorted({save or plot for save, plot in written} - {"DIR", "FILE"})
    assert "ttt.solution.gz" in names and "grundy.png" in names and "morris.db" in names
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    ignored = subprocess.run(["git", "check-ignore", "--no-index", *names], cwd=ROOT,
                             capture_output=True, text=True).stdout.split()
    assert ignored == names
