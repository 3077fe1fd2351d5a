"""Kernels are cached per rules module and load from the cache in the next process; numba is
imported only on the compiled path."""

import dataclasses
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from perfectplay.compiled.kernels import KERNELS, kernel_dir, kernels_for
from perfectplay.compiled.rules import rules_of
from perfectplay.games.shiritori import Shiritori

# Solve once, then report which kernels numba compiled and which it loaded from the cache.
PROBE = """
import json
from perfectplay import solve
from perfectplay.compiled import compiled_query, rules_of
from perfectplay.compiled.kernels import kernels_for
from perfectplay.games.shiritori import Shiritori
game = Shiritori(("ab", "ba", "bb", "aa"))
s = solve(game, method="compiled")
compiled_query(game)
module = kernels_for(rules_of(game))
kernels = (module.solve_memo, module.query)
print(json.dumps({"value": str(s.value()),
                  "hits": sum(sum(k.stats.cache_hits.values()) for k in kernels),
                  "misses": sum(sum(k.stats.cache_misses.values()) for k in kernels)}))
"""


def run(code, **env):
    out = subprocess.run([sys.executable, "-c", code], env={**os.environ, **env},
                         capture_output=True, text=True, check=True)
    return out.stdout


def test_a_second_process_loads_the_kernels_from_the_cache(tmp_path):
    first = json.loads(run(PROBE, PERFECTPLAY_KERNEL_DIR=str(tmp_path)))
    second = json.loads(run(PROBE, PERFECTPLAY_KERNEL_DIR=str(tmp_path)))
    assert first == {"value": "win", "hits": 0, "misses": 2}
    assert second == {"value": "win", "hits": 2, "misses": 0}
    assert len(list(tmp_path.glob("perfectplay_kernels_*.py"))) == 1


def test_one_generated_module_per_rules_with_every_entry_point():
    module = kernels_for(rules_of(Shiritori(("ab", "ba"))))
    assert module is kernels_for(rules_of(Shiritori(("xy", "yx", "yy"))))  # same functions
    assert all(hasattr(module, name) for name in KERNELS)
    assert module.__file__.startswith(str(kernel_dir()))


def test_the_next_move_hook_is_part_of_the_kernels_key():
    rules = rules_of(Shiritori(("ab", "ba")))
    plain = dataclasses.replace(rules, next_move=None)
    assert kernels_for(plain) is not kernels_for(rules)
    source = Path(kernels_for(plain).__file__).read_text()
    assert "every_move as next_move" in source


def test_import_perfectplay_does_not_import_numba():
    code = ("import sys, perfectplay, perfectplay.compiled, perfectplay.games.shiritori, "
            "perfectplay.games.connect4, perfectplay.games.tictactoe\n"
            "print('numba' in sys.modules)")
    assert run(code).strip() == "False"


def test_solve_json_reports_compile_seconds_apart():
    out = subprocess.run([sys.executable, "-m", "perfectplay", "solve", "shiritori", "--words",
                          "enum,float,if,modint,takahashi,template", "--method", "compiled",
                          "--json"], capture_output=True, text=True, check=True).stdout
    result = json.loads(out)
    assert (result["value"], result["method"], result["positions"]) == ("win", "compiled", 43)
    assert result["compile_seconds"] > 0 and result["seconds"] >= 0


@pytest.mark.parametrize("game", ["tictactoe", "connect4 --width 3 --height 3"])
def test_the_same_answers_without_jit(game):
    # NUMBA_DISABLE_JIT runs the kernels as plain Python: the loops themselves are checked.
    code = (f"import json\nfrom perfectplay import solve\nfrom perfectplay.games import "
            f"load_game\nname, *rest = {game.split()!r}\n"
            "options = dict(zip([r[2:] for r in rest[::2]], rest[1::2]))\n"
            "game = load_game(name, options)\n"
            "a, b = solve(game, method='compiled'), solve(game, method='memo')\n"
            "from perfectplay.compiled import compiled_query\n"
            "print(json.dumps([sorted(map(str, a.positions())) == sorted(map(str, b.positions()))"
            ", a.counts() == b.counts(), all(compiled_query(game, p) is v "
            "for p, v, _ in list(b.positions())[::97])]))")
    assert json.loads(run(code, NUMBA_DISABLE_JIT="1")) == [True, True, True]
