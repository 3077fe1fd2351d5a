"""Kernels are cached per rules module and load from the cache in the next process, the
nim-sequence kernels too; their names hash what they are compiled from and nothing else; numba
is imported only on the compiled path. The loops run in slices and give the same answers
however often they stop, reporting progress between slices."""

import dataclasses
import inspect
import json
import os
import subprocess
import sys
import weakref
from pathlib import Path

import pytest
from compiled.graph_rules import CompiledGraph
from graphs import game_graphs
from hypothesis import given
from naive import LabelledGraph, naive_values, reachable

from perfectplay import Value, solve
from perfectplay.compiled import _loops, _nimseq_loops, codes, kernels, nimseq
from perfectplay.compiled.grundy import compiled_grundy
from perfectplay.compiled.kernels import KERNELS, PREFIX, CodeWidthError, kernel_dir, kernels_for
from perfectplay.compiled.query import compiled_query
from perfectplay.compiled.rules import rules_of
from perfectplay.compiled.solve import compiled_solve
from perfectplay.games.connect4 import ConnectFour
from perfectplay.games.interval_game_2 import IntervalGame2
from perfectplay.games.shiritori import Shiritori
from perfectplay.games.tictactoe import TicTacToe
from perfectplay.impartial.grundy import grundy

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
    env = {**os.environ, **env}
    env.pop("NUMBA_CACHE_DIR", None)  # numba's cache of the kernels: in the kernel directory
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                         check=True)
    return out.stdout


def test_a_second_process_loads_the_kernels_from_the_cache(tmp_path):
    first = json.loads(run(PROBE, PERFECTPLAY_KERNEL_DIR=str(tmp_path)))
    second = json.loads(run(PROBE, PERFECTPLAY_KERNEL_DIR=str(tmp_path)))
    assert first == {"value": "win", "hits": 0, "misses": 2}
    assert second == {"value": "win", "hits": 2, "misses": 0}
    assert len(list(tmp_path.glob("perfectplay_kernels_*.py"))) == 1


# Grundy's game to 5000 heaps: 4096 by the plain kernel, the rest by the rare-value one.
NIMSEQ_PROBE = """
import json
from perfectplay.compiled import nimseq
from perfectplay.impartial.octal import nim_sequence
values = nim_sequence("4!.0", 5000, method="rare")
module = nimseq._kernels()
kernels = (module.plain_segment, module.rare_segment)
print(json.dumps({"value": int(values[5000]), "file": module.__file__,
                  "hits": sum(sum(k.stats.cache_hits.values()) for k in kernels),
                  "misses": sum(sum(k.stats.cache_misses.values()) for k in kernels)}))
"""


def test_the_nim_sequence_kernels_are_cached_in_the_kernel_dir(tmp_path):
    first = json.loads(run(NIMSEQ_PROBE, PERFECTPLAY_KERNEL_DIR=str(tmp_path)))
    second = json.loads(run(NIMSEQ_PROBE, PERFECTPLAY_KERNEL_DIR=str(tmp_path)))
    assert (first["hits"], first["misses"]) == (0, 2)
    assert (second["hits"], second["misses"]) == (2, 0)
    assert first["value"] == second["value"] == 14
    assert Path(first["file"]).parent == tmp_path
    assert Path(first["file"]).name.startswith(PREFIX)
    index = sorted(p.name.split(".")[1].split("-")[0]
                   for p in (tmp_path / "__pycache__").glob(f"{PREFIX}*.nbi"))
    assert index == ["plain_segment", "rare_segment"]


def forget_and_record(monkeypatch):
    """Forget which kernels each set of rules (and the nim-sequences) have, so the next lookup
    hashes again; return the list that records the path of every file the hash then reads."""
    monkeypatch.setattr(kernels, "_by_functions", weakref.WeakValueDictionary())
    monkeypatch.setattr(kernels, "_by_rules", weakref.WeakKeyDictionary())
    nimseq._kernels.cache_clear()
    read = []
    read_bytes = Path.read_bytes
    monkeypatch.setattr(Path, "read_bytes", lambda path: read.append(path) or read_bytes(path))
    return read


def test_the_kernels_name_hashes_the_loops_codes_and_rules_files_only(monkeypatch):
    # an edit of any other module (kernels.py, core/values.py docstrings...) keeps the kernels
    rules = rules_of(Shiritori(("ab", "ba")))
    known, sequences = kernels_for(rules), nimseq._kernels()
    read = forget_and_record(monkeypatch)
    assert kernels_for(rules) is known
    rules_file = Path(inspect.getfile(rules.child.py_func))
    assert sorted(read) == sorted([Path(_loops.__file__), Path(codes.__file__), rules_file])
    read.clear()
    assert nimseq._kernels() is sequences
    assert read == [Path(_nimseq_loops.__file__)]


def test_an_edit_of_the_loops_renames_the_kernels(monkeypatch, tmp_path):
    rules = rules_of(Shiritori(("ab", "ba")))
    known = kernels_for(rules)
    forget_and_record(monkeypatch)
    loops = Path(_loops.__file__)
    read_bytes = Path.read_bytes
    monkeypatch.setattr(Path, "read_bytes",
                        lambda path: read_bytes(path) + (b"# edited" if path == loops else b""))
    monkeypatch.setenv("PERFECTPLAY_KERNEL_DIR", str(tmp_path))
    edited = kernels_for(rules)
    assert edited.__name__ != known.__name__
    assert Path(edited.__file__).parent == tmp_path


def test_an_edit_of_a_module_the_rules_call_renames_the_kernels(monkeypatch, tmp_path):
    # Morris's rank calls perfectplay.compiled.ranking: numba's cache would not see its edits
    from perfectplay.compiled import ranking
    from perfectplay.games.morris import Morris

    rules = rules_of(Morris())
    known = kernels_for(rules)
    forget_and_record(monkeypatch)
    edited_file = Path(ranking.__file__)
    read_bytes = Path.read_bytes
    monkeypatch.setattr(Path, "read_bytes", lambda path: read_bytes(path) + (
        b"# edited" if path == edited_file else b""))
    monkeypatch.setenv("PERFECTPLAY_KERNEL_DIR", str(tmp_path))
    assert kernels_for(rules).__name__ != known.__name__


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


def test_analyze_json_reports_kernel_loading_apart_from_the_search():
    # the rules' functions, called from Python by analyze, used to compile inside "seconds"
    out = subprocess.run([sys.executable, "-m", "perfectplay", "analyze", "tictactoe",
                          "--start", "X...O....", "--table-size", "4096", "--json"],
                         capture_output=True, text=True, check=True).stdout
    result = json.loads(out)
    assert (result["value"], result["remoteness"]) == ("tie", 7)
    assert 0 <= result["seconds"] < result["compile_seconds"]


def test_kernel_modules_live_as_long_as_their_rules():
    # rules made in a function compile in memory: their module goes with them; the search's
    # kernels once kept every rules they were made for
    import gc

    import numpy as np
    from numba import njit

    from perfectplay.compiled import CompiledRules
    from perfectplay.compiled.search import _kernels

    @njit
    def take_one(params, heap, move):
        return heap - 1 if heap > 0 else -1

    rules = CompiledRules(child=take_one, size=4, max_moves=1, params=np.zeros(1, np.int64))
    module = kernels_for(rules)
    assert kernels_for(rules) is module and not hasattr(module, "__file__")  # in memory
    searched = rules_of(TicTacToe())
    _kernels(searched)
    gone = [weakref.ref(module), weakref.ref(rules), weakref.ref(searched)]
    del module, rules, searched
    gc.collect()
    assert [ref() for ref in gone] == [None, None, None]


def test_one_translator_reads_every_loop_status():
    import numpy as np

    from perfectplay import CycleError, GameError

    rules = rules_of(TicTacToe())
    info = np.array([0, 4, 9], dtype=np.int64)
    expected = {
        _loops.STATUS_CHILD_RANGE: (GameError, "child() of move 4 gave 9, outside [0, 19683)"),
        _loops.STATUS_REST_RANGE: (GameError, "rest() of move 4 gave 9, outside [0, 19683)"),
        _loops.STATUS_CYCLE: (CycleError, repr(rules.decode(9))),
        _loops.STATUS_PRIMITIVE: (GameError, "primitive() must give -1, LOSE_CODE (0), TIE_CODE "
                                             "(1) or WIN_CODE (2) (LOSE_CODE or -1 for Grundy "
                                             "values)"),
        _loops.STATUS_REMOTENESS: (CodeWidthError, "a remoteness beyond what the code table "
                                                     "holds (16,383 in 2 bytes, 1,073,741,823 "
                                                     "in 4), at position '.........'"),
        _loops.STATUS_TIER: (GameError, "the tier of a child is not among TierRules.children "
                                        "of its tier (move 4, child 9)"),
        _loops.STATUS_RANK: (GameError, "rank() gave an index outside the size of the child's "
                                        "tier (move 4, child 9)"),
        _loops.STATUS_UNREACHED: (GameError, "a child was not reached by the forward pass "
                                             "(tier() or rank() differ between the passes) "
                                             "(move 4, child 9)"),
        _loops.STATUS_WIDTH: (GameError, "a code does not fit its tier's code width (move 4, "
                                         "child 9)"),
        _loops.STATUS_STACK_FULL: (RuntimeError, "kernel status -4")}
    for status, (kind, message) in expected.items():
        with pytest.raises(kind) as raised:
            kernels.check(status, info, rules)
        assert type(raised.value) is kind and message in str(raised.value), status
    assert kernels.check(5, info, rules) == 5
    from perfectplay.tiers import _loops as tier_loops

    assert tier_loops.STATUS_WIDTH is _loops.STATUS_WIDTH


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


@pytest.mark.kernels
@given(game_graphs())
def test_loops_stopped_after_every_move_give_the_same_answers(graph):
    # a slice of one move: every call returns after a move or two, and the next one goes on
    successors, finished = graph
    expected = naive_values(successors, finished)
    nodes = reachable(successors, 0, finished)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(kernels, "SLICE", 1)
        s = solve(CompiledGraph(successors, 0, finished), method="compiled")
        assert {p: (v, r) for p, v, r in s.positions()} == {n: expected[n] for n in nodes}
        for node in nodes:
            assert compiled_query(CompiledGraph(successors, node, finished)) is expected[node][0]


@pytest.mark.kernels
@given(game_graphs(acyclic=True, ties=False))
def test_the_grundy_loop_stopped_after_every_move_gives_the_same_values(graph):
    successors, _ = graph
    nodes = reachable(successors, 0, {})
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(kernels, "SLICE", 1)
        table = compiled_grundy(CompiledGraph(successors, 0))
    assert {n: table.grundy(n) for n in nodes} == \
        {n: grundy(LabelledGraph(successors, 0), n) for n in nodes}


@pytest.mark.kernels
def test_sliced_games_with_sums_and_deep_lines_give_the_same_answers(monkeypatch):
    games = [TicTacToe(), ConnectFour(3, 3)]
    sums = IntervalGame2(((1, 2), (2, 3), (3, 4), (1, 4), (2, 5), (4, 6)))
    n = 5000  # deeper than the first 1024 frames: more frames, where the search stopped
    chain = CompiledGraph({i: [i + 1] if i + 1 < n else [] for i in range(n)}, 0)
    whole = [compiled_solve(game) for game in games]
    values = compiled_grundy(sums).values.tolist()
    monkeypatch.setattr(kernels, "SLICE", 7)
    for game, expected in zip(games, whole, strict=True):
        s = compiled_solve(game)
        assert sorted(s.positions()) == sorted(expected.positions())
        assert s.counts() == expected.counts()
        assert compiled_query(game) is expected.value()
    assert compiled_grundy(sums).values.tolist() == values
    s = compiled_solve(chain)
    assert (s.value(), s.remoteness(), len(s)) == (Value.WIN, n - 1, n)
    assert compiled_query(chain) is Value.WIN
    assert compiled_grundy(chain).grundy(0) == 1


def test_a_value_returned_for_a_code_is_a_game_error_naming_the_hook():
    # numba's typing report used to end the solve; the hook and what it must return are named
    import numpy as np
    from compiled.broken_rules import returns_a_value
    from numba import njit

    from perfectplay import GameError, solve
    from perfectplay.compiled import CompiledGame, CompiledRules

    @njit
    def take_one(params, heap, move):
        return heap - 1 if heap > 0 else -1

    class Countdown(CompiledGame):
        def start(self):
            return 3

        def compiled(self):
            return CompiledRules(child=take_one, primitive=returns_a_value, size=4, max_moves=1,
                                 params=np.zeros(1, dtype=np.int64))

    with pytest.raises(GameError, match=r"^primitive\(\) does not compile \(Cannot unify "
                                        r"Enum<unicode_type>\(Value\) and .*not Value\)$"):
        solve(Countdown(), method="compiled")
