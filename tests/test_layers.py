"""The layers of the architecture (``LAYERS``) import only downward, and ``import perfectplay``
loads neither numba nor numpy: every import of a perfectplay module, at the top of a module or
inside a function, is an arrow, and no arrow points up."""

import ast
import subprocess
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "perfectplay"

LAYERS = {"core": 1, "solve": 2, "impartial": 2, "cgt": 2, "compiled": 3, "tiers": 4,
          "check": 4, "games": 5, "serve": 6, "cli": 6, "__main__": 6, "__init__": 7}
"""The rank of each subpackage (a module may import its own rank and below)."""


def layer(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def arrows() -> list[tuple[str, str]]:
    found = []
    for path in PACKAGE.rglob("*.py"):
        relative = path.relative_to(PACKAGE.parent).with_suffix("")
        module = ".".join(relative.parts).removesuffix(".__init__")
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                targets = [node.module]
            elif isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            else:
                continue
            found += [(module, t) for t in targets if t.startswith("perfectplay")]
    return found


def test_no_import_points_up_a_layer():
    upward = [(a, b) for a, b in arrows() if LAYERS[layer(b)] > LAYERS[layer(a)]]
    assert upward == []


def test_every_subpackage_has_a_layer():
    assert {layer(b) for _, b in arrows()} | {layer(a) for a, _ in arrows()} <= set(LAYERS)


def test_importing_perfectplay_loads_neither_numba_nor_numpy():
    code = ("import sys, perfectplay, perfectplay.cli, perfectplay.compiled; "
            "print(sorted(m for m in ('numba', 'numpy') if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    assert done.stdout.strip() == "[]"
