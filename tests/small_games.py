"""A small instance of every catalogue game, for the tests that walk the whole catalogue."""

from pathlib import Path

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"

SMALL = {
    "nim": {"heaps": "2,3,3"},
    "subtraction": {"heap": "12", "set": "1,3,4"},
    "tictactoe": {},
    "graph": {"file": str(EXAMPLES / "cycle.txt"), "start": "a"},
    "shiritori": {"words": "enum,float,if,modint,takahashi,template"},
    "morris": {},
    "connect4": {"width": "3", "height": "3"},
    "kadomatsu": {"values": "1,3,2,4,2,5"},
    "disconnected": {"vertices": "4"},
    "interval-game-2": {},
    "five-hundred-eleven": {},
    "octal": {"code": "0.77", "heap": "6,3"},
    "grundy": {"heap": "8"},
    "cram": {"board": "2x3"},
    "quixo": {"size": "3"},
    "teeko": {"board": "3x3", "pieces": "3"},
    "mills": {"variant": "six", "pieces": "3", "squares": "1"},
    "dobutsu": {"pieces": "L"},
}
"""An instance of each catalogue game that solves in well under a second (options as text)."""
