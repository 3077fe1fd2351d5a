import io

from rich.console import Console

from perfectplay import solve
from perfectplay.cli.progress import ProgressBar
from perfectplay.games.connect4 import ConnectFour
from perfectplay.games.subtraction import Subtraction


def test_bar_shows_count_and_rate_once_past_its_delay():
    buffer = io.StringIO()
    console = Console(file=buffer, force_terminal=True, width=100)
    with ProgressBar("heaps", delay=0.0, force=True, console=console) as bar:
        bar(1234)
        bar._progress.refresh()
    text = buffer.getvalue()
    assert "1,234 heaps" in text and "/s" in text


def test_a_bar_with_a_total_says_done_of_total_without_a_rate():
    buffer = io.StringIO()
    console = Console(file=buffer, force_terminal=True, width=100)
    with ProgressBar("positions scored", total=8, delay=0.0, force=True, console=console) as bar:
        bar(3)
        bar._progress.refresh()
    text = buffer.getvalue()
    assert "3 of 8 positions scored" in text and "/s" not in text


def test_bar_stays_silent_before_its_delay():
    buffer = io.StringIO()
    console = Console(file=buffer, force_terminal=True)
    with ProgressBar(delay=60.0, force=True, console=console) as bar:
        bar(10)
    assert buffer.getvalue() == ""


def test_solvers_report_progress():
    seen = []
    solve(Subtraction(100_000, (1, 2)), method="memo", progress=seen.append)
    assert seen == [16384 * k for k in range(1, len(seen) + 1)] and len(seen) == 6


def test_compiled_solves_report_progress_while_they_run():
    seen = []
    s = solve(ConnectFour(5, 4), method="compiled", progress=seen.append)
    assert seen[-1] == len(s) == 3945711
    assert len(seen) >= 10 and seen == sorted(seen)  # during the search, not only at its end


def test_off_a_terminal_a_long_run_prints_a_line_every_few_seconds(monkeypatch, capsys):
    # a log or a pipe gets no bar: a plain line once LINE_EVERY seconds have passed, then again
    from perfectplay.cli import progress

    clock = [0.0]
    monkeypatch.setattr(progress.time, "perf_counter", lambda: clock[0])
    bar = progress.ProgressBar("options")
    for now, done in [(1.0, 10), (9.9, 20), (10.0, 30), (15.0, 40), (20.5, 50)]:
        clock[0] = now
        bar(done)
    bar.close()
    assert capsys.readouterr().err == ("progress: 30 options, 3/s (10 s)\n"
                                       "progress: 50 options, 2/s (20 s)\n")
