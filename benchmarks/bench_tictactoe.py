"""Full tic-tac-toe solve: perfectplay's pure-Python path against a plain memoised negamax and
against easyAI's transposition-table solve, in one run.

    python benchmarks/bench_tictactoe.py [--repeat 7]

perfectplay computes value *and* remoteness of all 5,478 reachable positions and keeps them;
the negamax computes values only; easyAI's depth-first solve stops at the first winning move.
Rates are positions stored per second, best of ``--repeat`` runs each; the rate ratio is
perfectplay's rate over the contender's, the time ratio the contender's whole solve time over
perfectplay's.
"""

from __future__ import annotations

import argparse
import time

from perfectplay import solve
from perfectplay.games.tictactoe import TicTacToe

# The same rules as perfectplay.games.tictactoe, written plainly for the baseline.
LINE_SLICES = ((0, 3, 1), (3, 6, 1), (6, 9, 1), (0, 9, 3), (1, 9, 3), (2, 9, 3), (0, 9, 4),
               (2, 7, 2))


def negamax_solve(start: str = ".........") -> dict[str, int]:
    """Plain recursive negamax with a memo dict: +1 win, 0 tie, -1 loss for the mover."""
    memo: dict[str, int] = {}

    def negamax(board: str) -> int:
        value = memo.get(board)
        if value is not None:
            return value
        x, o = board.count("X"), board.count("O")
        line = "OOO" if x == o else "XXX"
        if any(board[a:b:s] == line for a, b, s in LINE_SLICES):
            value = -1
        elif x + o == 9:
            value = 0
        else:
            mark = "X" if x == o else "O"
            value = -1
            for i in range(9):
                if board[i] == ".":
                    child = -negamax(board[:i] + mark + board[i + 1:])
                    if child > value:
                        value = child
        memo[board] = value
        return value

    negamax(start)
    return memo


def easyai_solve(*, deepening: bool) -> int:
    """easyAI's solve with its transposition table; returns the positions it stored.

    ``deepening=False``: depth-first, value only, stopping at the first winning move.
    ``deepening=True``: iterative deepening, value and the depth of perfect play (the closest
    to remoteness that easyAI computes).
    """
    from easyAI import (
        AI_Player,
        Negamax,
        TranspositionTable,
        solve_with_depth_first_search,
        solve_with_iterative_deepening,
    )
    from easyAI.games import TicTacToe as EasyTicTacToe

    class Hashable(EasyTicTacToe):
        def ttentry(self):  # the key easyAI's transposition table stores positions under
            return tuple(self.board)

    table = TranspositionTable()
    game = Hashable([AI_Player(Negamax(1)), AI_Player(Negamax(1))])
    if deepening:
        result, depth, _ = solve_with_iterative_deepening(
            game, ai_depths=range(1, 10), win_score=90, tt=table, verbose=False)
        assert (result, depth) == (0, 9)  # a tie, nine moves deep
    else:
        assert solve_with_depth_first_search(game, win_score=90, tt=table) == 0
    return len(table.d)


def best_rate(run, repeat: int) -> tuple[float, int]:
    """Highest positions per second over ``repeat`` runs, and the positions counted."""
    best = 0.0
    count = 0
    for _ in range(repeat):
        started = time.perf_counter()
        count = run()
        best = max(best, count / (time.perf_counter() - started))
    return best, count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=7)
    repeat = parser.parse_args().repeat

    def ours() -> int:
        solution = solve(TicTacToe(), method="memo")
        assert solution.value().name == "TIE" and solution.remoteness() == 9
        return len(solution)

    rows = [("perfectplay memo (value + remoteness)", *best_rate(ours, repeat)),
            ("plain memoised negamax (value only)",
             *best_rate(lambda: len(negamax_solve()), repeat))]
    try:
        import easyAI  # noqa: F401
    except ImportError:
        print("easyAI is not installed (pip install -e '.[bench]'): skipping it")
    else:
        rows.append(("easyAI depth-first + TT (value only)",
                     *best_rate(lambda: easyai_solve(deepening=False), repeat)))
        rows.append(("easyAI iterative deepening + TT (depth)",
                     *best_rate(lambda: easyai_solve(deepening=True), repeat)))
    ours_rate, ours_count = rows[0][1], rows[0][2]
    print(f"{'contender':<42}{'positions':>10}{'positions/s':>13}{'rate ratio':>12}"
          f"{'time ratio':>12}")
    for name, rate, count in rows:
        # time ratio: the contender's time for its whole solve over ours.
        time_ratio = (count / rate) / (ours_count / ours_rate)
        print(f"{name:<42}{count:>10,}{rate:>13,.0f}{ours_rate / rate:>11.2f}x"
              f"{time_ratio:>11.2f}x")


if __name__ == "__main__":
    main()
