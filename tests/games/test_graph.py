import pytest

from perfectplay import Value, solve
from perfectplay.games.graph import GraphGame, parse_edges


def test_file_game_with_draws(tmp_path):
    path = tmp_path / "g.txt"
    path.write_text("# cycle\na b\nb a\nb c\nc d\n")
    s = solve(GraphGame(str(path), "a"))
    assert [str(s.value(n)) for n in "abcd"] == ["draw", "draw", "win", "lose"]


def test_start_defaults_to_the_first_node(tmp_path):
    path = tmp_path / "g.txt"
    path.write_text("x y\n")
    assert GraphGame(str(path)).start() == "x"


def test_malformed_line_is_named():
    with pytest.raises(ValueError, match=r"g.txt:2"):
        parse_edges("a b\na b c\n", source="g.txt")


def test_unknown_start_and_missing_file(tmp_path):
    path = tmp_path / "g.txt"
    path.write_text("a b\n")
    with pytest.raises(ValueError, match="start node 'z'"):
        GraphGame(str(path), "z")
    with pytest.raises(ValueError, match="cannot read graph file"):
        GraphGame(str(tmp_path / "missing.txt"))


def test_self_loop_is_a_draw():
    s = solve(GraphGame.from_edges([("a", "a")], start="a"))
    assert s.value() is Value.DRAW and s.remoteness() is None
