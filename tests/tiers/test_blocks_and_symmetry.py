"""Tier databases as they are kept: each finished tier's codes in compressed blocks, a class
of symmetric positions solved and stored once and counted for every position it holds, and
exported whole for analysis elsewhere."""

from __future__ import annotations

import csv
import json

import pyarrow.parquet as pq
import pytest

from perfectplay import solve
from perfectplay.cli import main
from perfectplay.compiled import compiled_solve
from perfectplay.compiled.rules import TierRules
from perfectplay.games.connect4 import ConnectFour
from perfectplay.games.connect4.tiers import rank, tier, unrank
from perfectplay.games.morris import Morris
from perfectplay.tiers import solve_tiers


@pytest.fixture(scope="module")
def morris(tmp_path_factory):
    directory = tmp_path_factory.mktemp("morris") / "db"
    solve_tiers(Morris(), directory)
    return directory


def test_a_solved_database_keeps_only_blocks(morris):
    names = sorted(p.name for p in morris.iterdir())
    assert names == [".lock", "forward.json", "manifest.json",
                     *sorted(f"tier-{t}.{kind}" for t in range(7) for kind in ("json", "zst"))]
    for t in range(7):
        document = json.loads((morris / f"tier-{t}.json").read_text())
        assert document["codec"] == "zstd"
        assert sum(document["blocks"]) == (morris / f"tier-{t}.zst").stat().st_size
        assert len(document["blocks"]) == len(document["chunks"])


def test_connect_four_stores_each_mirror_pair_once():
    game = ConnectFour(4, 4)
    dense = compiled_solve(game)
    boards = [p for p, _, _ in dense.positions()]
    mirrored = {min(board, board[::-1]) for board in boards}  # a board's columns, reversed
    tiers = solve_tiers(game, tmp := __import__("tempfile").mkdtemp())
    stored = sum(d["classes"] for d in tiers.tier_manifests.values())
    assert (stored, len(tiers)) == (len(mirrored), len(boards)) == (80_541, 161_029)
    assert tiers.counts() == dense.counts()
    assert sorted(p for p, _, _ in tiers.positions()) == sorted(boards)
    board = game.parse_position("X.../O.../..../....")
    assert tiers.value(board) == tiers.value(board[::-1]) == dense.value(board)
    assert main(["db", "info", tmp]) == 0


def test_a_symmetry_needs_its_count():
    plain = dict(tier=tier, rank=rank, unrank=unrank, sizes=(1,), children=((),),
                 solving_order=(0,))
    with pytest.raises(ValueError, match="give image with symmetries > 1"):
        TierRules(**plain, symmetries=2)
    with pytest.raises(ValueError, match="give image with symmetries > 1"):
        TierRules(**plain, image=tier)


@pytest.mark.parametrize("form", ["csv", "parquet"])
def test_export_writes_every_position_with_its_value(morris, tmp_path, capsys, form):
    out = tmp_path / f"morris.{form}"
    assert main(["db", "export", str(morris), "--format", form, "--out", str(out)]) == 0
    assert capsys.readouterr().out == f"5,466 positions written to {out} ({form})\n"
    if form == "csv":
        with out.open(newline="") as f:
            rows = [(r["position"], r["value"], int(r["remoteness"]) if r["remoteness"] else None)
                    for r in csv.DictReader(f)]
    else:
        rows = [(r["position"], r["value"], r["remoteness"])
                for r in pq.read_table(out).to_pylist()]
    game, expected = Morris(), solve(Morris())
    assert len(rows) == len({r[0] for r in rows}) == len(expected) == 5466
    for text, value, remoteness in rows:
        position = game.parse_position(text)
        assert (value, remoteness) == (str(expected.value(position)),
                                       expected.remoteness(position))
    assert main(["db", "export", str(morris), "--out", str(out)]) == 2
    assert capsys.readouterr().err == (f"error: {out}: exists; refused, nothing overwritten "
                                       "(perfectplay db export)\n")


def test_a_probe_reads_one_block(morris):
    from perfectplay.tiers import open_database
    from perfectplay.tiers.solve import locate

    solution = open_database(morris)
    position = "XX.OO..../X"
    t, _ = locate(solution._rules, solution._rules.index(position))
    assert solution.value(position) is solution.value(position)  # the second from the cache
    assert list(solution._cache) == [(t, 0, "codes")]
