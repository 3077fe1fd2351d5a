import pytest

from perfectplay import Value, solve
from perfectplay.cli import main
from perfectplay.games.graph import GraphGame, parse_graph


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
    with pytest.raises(ValueError, match=r"got 'a b c' \(g.txt:2\)"):
        parse_graph("a b\na b c\n", source="g.txt")


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


def test_a_line_with_one_label_declares_a_node_without_moves(tmp_path):
    assert parse_graph("a b\nc\n# d e\nb\n") == (["a", "b", "c"], [("a", "b")])
    path = tmp_path / "g.txt"
    path.write_text("lonely\na b\n")
    game = GraphGame(str(path))
    assert game.start() == "lonely" and game.successors == {"lonely": [], "a": ["b"], "b": []}
    assert (solve(game).value(), solve(game).remoteness()) == (Value.LOSE, 0)
    path.write_text("x\n")
    assert solve(GraphGame(str(path))).value() is Value.LOSE
    path.write_text("# nothing\n")
    with pytest.raises(ValueError, match="has no nodes"):
        GraphGame(str(path))


def test_from_edges_takes_nodes_without_moves():
    game = GraphGame.from_edges([("a", "b")], start="c", nodes=["c"])
    assert solve(game).value() is Value.LOSE


def test_the_start_option_says_its_default_once(capsys):
    assert main(["games", "--options"]) == 0
    lines = capsys.readouterr().out.splitlines()
    graph = next(i for i, line in enumerate(lines) if line.startswith("graph "))
    assert lines[graph + 2].strip() == ("--start: node the token starts on; '' is the first "
                                        "node in the file (default '')")
