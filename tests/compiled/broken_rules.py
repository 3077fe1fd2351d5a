"""Deliberately wrong compiled rules of shiritori, for the tests of ``perfectplay check``."""

from numba import njit

from perfectplay import Value
from perfectplay.games.shiritori.compiled import next_move


@njit
def first_word_only(params, position, move):
    """Lists the first legal word and stops: leaves legal moves out."""
    return next_move(params, position, move) if move < 0 else -1


@njit
def start_is_lost(params, position):
    """Claims the game is over, lost, before the first word."""
    return 0 if position == 0 else -1


@njit
def past_the_end(params, position, move):
    """Plays a word into a position past the encoding."""
    return 1 << 40


@njit
def returns_a_value(params, position):
    """Returns perfectplay.Value where an integer code is due."""
    return Value.LOSE if position == 0 else -1
