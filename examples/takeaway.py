"""The README's first game: a heap of counters; take 1, 2 or 3; whoever cannot move loses."""

from perfectplay import Game


class TakeAway(Game):
    """A heap of counters; take 1, 2 or 3; whoever cannot move loses."""

    def __init__(self, heap=10):
        self.heap = heap

    def start(self):
        return self.heap

    def moves(self, heap):
        for take in (1, 2, 3):
            if take <= heap:
                yield take, heap - take
