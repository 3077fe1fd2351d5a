"""The dispatcher: engines chosen by what they can answer and what fits, and the three bugs it
fixed (sums sent to the value kernels, outcome without a fallback, runs that cannot fit)."""

import subprocess
import sys

import pytest
from compiled.test_graphs import Huge
from naive import naive_values

from perfectplay import EngineLimitError, Value, grundy, outcome, solve
from perfectplay.cli import main
from perfectplay.core.engines import Engine, Request, dispatch, engines_for, methods, register
from perfectplay.games.connect4 import ConnectFour
from perfectplay.games.interval_game_2 import IntervalGame2
from perfectplay.impartial.octal import nim_sequence


def test_every_question_lists_its_engines_in_auto_order():
    assert methods("solve") == ("auto", "compiled", "memo", "retrograde", "tiers")
    assert methods("outcome") == ("auto", "compiled", "memo", "retrograde", "search")
    assert methods("grundy") == ("auto", "compiled", "python")
    assert methods("nim_sequence") == ("auto", "python", "rare", "plain")


def test_an_unknown_method_is_named_with_the_known_ones():
    with pytest.raises(ValueError, match="unknown method 'fast': expected one of auto, compiled"):
        solve(ConnectFour(3, 3), method="fast")


def test_auto_solves_moves_that_leave_sums_in_python(capsys):
    # the compiled rules' moves leave two stretches: only Grundy values add them up, so auto
    # must not send them to the value kernels (this exited 2 with a ValueError)
    status = main(["solve", "interval-game-2", "--intervals", "1-3,2-600", "--json"])
    out, err = capsys.readouterr()
    assert status == 0, err
    assert '"value": "win"' in out and '"remoteness": 1' in out
    game = IntervalGame2(((1, 3), (2, 600)))
    assert solve(game).method == "memo"
    assert outcome(game) is Value.WIN


def test_outcome_goes_on_in_python_past_the_compiled_tables():
    n = 50
    successors = {i: [i + 1] if i + 1 < n else [] for i in range(n)}
    chain = Huge(successors, 0)
    with pytest.raises(EngineLimitError, match="integer positions"):
        outcome(chain, method="compiled")
    assert outcome(chain) is naive_values(successors, {})[0][0] is Value.WIN


def test_auto_refuses_at_once_what_no_engine_can_fit():
    with pytest.raises(EngineLimitError) as error:
        solve(ConnectFour(6, 5))
    message = str(error.value)
    assert message.startswith("ConnectFour(6, 5) does not fit in the ")
    assert "compiled needs 136.0 GiB (68,719,476,736 integer positions x 2.125 bytes" in message
    assert "memo needs up to 1.8 TiB (9,918,556,649 positions x 200 bytes)" in message
    result = subprocess.run([sys.executable, "-m", "perfectplay", "solve", "connect4", "--width",
                             "6", "--height", "5"], capture_output=True, text=True, timeout=60)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.startswith("error: ConnectFour(6, 5) does not fit")
    assert result.stderr.count("\n") == 1


def test_tables_that_do_not_fit_the_memory_are_refused_before_allocating(monkeypatch):
    # 5x4 takes 2^25 integers (71 MB of tables): under the hard cap, over a 16 MiB machine
    monkeypatch.setenv("PERFECTPLAY_MEMORY", str(16 << 20))
    with pytest.raises(EngineLimitError, match=r"compiled needs 68\.0 MiB \(33,554,432 integer"):
        solve(ConnectFour(5, 4), method="compiled")
    with pytest.raises(EngineLimitError, match=r"does not fit in the 16\.0 MiB available"):
        outcome(ConnectFour(5, 4), method="compiled")
    # auto goes on to the search engine, whose table is sized to the memory there is
    assert outcome(ConnectFour(5, 4)) is Value.TIE


def test_a_cycle_met_by_the_compiled_search_is_refused_before_its_retrograde_tables(
        monkeypatch):
    # Quixo 3x3 has cycles: its search tables (84 KB) fit, the retrograde pass's 16 bytes an
    # integer do not (Dobutsu's 46.7 GiB were allocated until they failed)
    from perfectplay.games.quixo import Quixo

    monkeypatch.setenv("PERFECTPLAY_MEMORY", "300000")
    with pytest.raises(EngineLimitError, match=r"^retrograde analysis of 39,366 integer "
                                               r"positions \(the search met a cycle\) needs "
                                               r"about 615\.1 KiB"):
        solve(Quixo(3), method="compiled")


def test_a_nim_sequence_too_long_for_the_memory_is_refused():
    with pytest.raises(EngineLimitError, match=r"plain needs 4\.5 TiB \(1,000,000,000,001 heaps"):
        nim_sequence("0.137", 10**12)


def test_the_judge_batch_estimate_chooses_one_engine_for_all_cases():
    small = IntervalGame2(((1, 2), (2, 3), (1, 3)))
    assert grundy(small) == grundy(small, method="compiled") == grundy(small, method="python")
    chosen = []
    register(Engine("spy", "grundy", order=-1, run=lambda r: chosen.append(r.work) or 0,
                    worthwhile=lambda r, e: r.work is not None and r.work > 10))
    try:
        assert dispatch(Request("grundy", small)) == grundy(small, method="python")
        assert dispatch(Request("grundy", small, work=11)) == 0 and chosen == [11]
    finally:
        from perfectplay.core import engines

        engines._ENGINES["grundy"] = [e for e in engines_for("grundy") if e.name != "spy"]


def test_every_listed_method_runs_from_the_front_door(tmp_path):
    # one game every engine answers: tic-tac-toe has compiled rules and tier hooks
    from perfectplay.games.tictactoe import TicTacToe

    game = TicTacToe()
    expected = (Value.TIE, 9)  # the known value: a tie when both play perfectly
    for method in methods("solve"):
        options = {"db": tmp_path / method} if method in ("tiers", "auto") else {}
        solution = solve(game, method=method, **options)
        assert (solution.value(), solution.remoteness()) == expected, method
        assert solution.method == ("tiers" if method == "auto" else method)
    for method in methods("outcome"):
        assert outcome(game, method=method) is expected[0], method


def test_engine_options_reach_their_engine_and_no_other(tmp_path):
    from perfectplay.games.tictactoe import TicTacToe

    with pytest.raises(ValueError, match="method 'memo' takes no option 'db' "
                                         r"\(its options: none\)"):
        solve(TicTacToe(), method="memo", db=tmp_path)
    with pytest.raises(ValueError, match="method 'tiers' takes no option 'table' "
                                         r"\(its options: db, whole_tier, workers, scheduler, "):
        solve(TicTacToe(), method="tiers", db=tmp_path, table=1)
    with pytest.raises(ValueError, match="needs a database directory"):
        solve(TicTacToe(), method="tiers")
    # a game without tier hooks: auto says why the only engine taking db cannot
    with pytest.raises(ValueError, match=r"no engine answers solve for IntervalGame2\(\(\(1, "
                                         r"3\),\)\) \(tiers: interval-game-2 has no tier hooks"):
        solve(IntervalGame2(((1, 3),)), db=tmp_path)
