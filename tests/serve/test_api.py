"""The JSON API of ``perfectplay serve``: every catalogue game's start and a few children agree
with an independent solve, bad questions get 400 and the server keeps answering, and nothing
outside the page's files is served."""

import socket

import pytest
from small_games import SMALL

from perfectplay import Game, solve
from perfectplay.games import load_game, names
from perfectplay.games.connect4 import ConnectFour
from perfectplay.games.tictactoe import TicTacToe
from perfectplay.serve import create_app
from perfectplay.serve.explorer import MAX_POSITION_TEXT


def expected(game, reference, text):
    """What /api/position must say of ``text``, from a solution made by another engine."""
    position = game.parse_position(text)
    return {"position": game.format_position(position), "display": game.display(position),
            "value": str(reference.value(position)),
            "remoteness": reference.remoteness(position),
            "moves": [{"move": game.format_move(m.move), "child": game.format_position(m.position),
                       "value": str(m.value), "remoteness": m.remoteness,
                       # the move itself counted, what the page shows a person
                       "moves_to_end": None if m.remoteness is None else m.remoteness + 1}
                      for m in reference.moves(position)]}


@pytest.mark.parametrize("name", sorted(names()))
def test_the_start_and_its_first_children_agree_with_an_independent_solve(name, client_of):
    options = SMALL[name]
    game = load_game(name, options)
    client = client_of(create_app(solve(game), options=options))
    reference = solve(game, method="retrograde")  # the app's solve is memo (or compiled)
    described = client.get("/api/game").json()
    assert described["start"] == game.format_position(game.start())
    assert described["options"] == options
    assert described["positions"] == len(reference)
    start = client.get("/api/position", params={"p": described["start"]}).json()
    texts = [described["start"], *(m["child"] for m in start["moves"][:3])]
    for text in texts:
        answer = client.get("/api/position", params={"p": text}).json()
        assert {k: v for k, v in answer.items() if k != "board"} == expected(game, reference, text)
        assert set(answer["board"]["targets"]) <= {m["move"] for m in answer["moves"]}


def test_the_dense_store_answers_as_a_memo_solve_of_the_same_subgame(connect4_solution,
                                                                     client_of):
    game = ConnectFour(4, 4)
    client = client_of(create_app(connect4_solution))
    text = game.format_position(game.play_columns("12213443"))
    reference = solve(game, position=game.parse_position(text), method="memo")
    answer = client.get("/api/position", params={"p": text}).json()
    for m in [None, *answer["moves"]]:
        asked = text if m is None else m["child"]
        got = client.get("/api/position", params={"p": asked}).json()
        assert {k: v for k, v in got.items() if k != "board"} == expected(game, reference, asked)
    assert client.get("/api/game").json()["method"] == "compiled"


def test_the_best_move_comes_first_and_the_counts_are_the_solutions(client_of):
    solution = solve(TicTacToe())
    client = client_of(create_app(solution))
    answer = client.get("/api/position", params={"p": "XX.OO...."}).json()
    assert answer["moves"][0] == {"move": "c1", "child": "XXXOO....", "value": "win",
                                  "remoteness": 0, "moves_to_end": 1}
    assert answer["value"] == "win" and answer["remoteness"] == 1
    counts = client.get("/api/counts").json()
    table = solution.counts()
    assert counts["positions"] == 5478 == table.positions
    assert counts["counts"] == {"win": 2836, "lose": 1574, "tie": 1068, "draw": 0}
    assert counts["by_remoteness"]["9"] == {"tie": 1}
    assert counts["primitives"] == {"lose": 942, "tie": 16}


def test_a_position_asked_again_gets_the_same_bytes_and_only_get_and_head_are_answered(
        client_of):
    client = client_of(create_app(solve(TicTacToe())))
    first = client.get("/api/position", params={"p": "XX.OO...."})
    again = client.get("/api/position?p=XX%2EOO%2E%2E%2E%2E")  # the same text, spelled otherwise
    assert first.headers["content-type"] == "application/json"
    assert int(first.headers["content-length"]) == len(first.content)
    assert again.content == first.content == client.get("/api/position?p=XX.OO....").content
    head = client.head("/api/position", params={"p": "XX.OO...."})
    assert head.status_code == 200 and head.content == b""
    assert client.post("/api/position", params={"p": "XX.OO...."}).status_code == 405
    for _ in range(2):  # a refusal is not cached as an answer
        assert client.get("/api/position", params={"p": "XXX......"}).status_code == 400


def test_moves_are_numbered_unless_a_move_is_written_as_a_number(client_of):
    assert client_of(create_app(solve(TicTacToe()))).get("/api/game").json()["numbered"]
    game = ConnectFour(3, 3)
    assert not client_of(create_app(solve(game))).get("/api/game").json()["numbered"]


class Fragile(Game):
    """A user's game whose display breaks at one position, and whose positions parse as any
    Python literal (a list among them: unhashable)."""

    def start(self):
        return 3

    def moves(self, heap):
        return [(1, heap - 1)] if heap else []

    def display(self, heap):
        if heap == 1:
            raise RuntimeError("no picture of 1")
        return f"heap {heap}"


BAD = [
    ({}, "no position: ask for /api/position?p=TEXT"),
    ({"p": "XXXX"}, "cannot read position 'XXXX': a board is 9 cells of X, O or '.', got 'XXXX'"),
    ({"p": "XXX......"}, "cannot read position 'XXX......': X moves first, so X has as many "
                         "marks as O or one more: 'XXX......'"),
    ({"p": "XO......."}, "position 'XO.......' is not reachable from the start ('X...O....')"),
    ({"p": "X" * (MAX_POSITION_TEXT + 1)},
     f"a position text is at most {MAX_POSITION_TEXT:,} characters, got 10,001"),
]


@pytest.mark.parametrize(("params", "error"), BAD)
def test_a_bad_question_gets_400_and_its_reason(params, error, client_of):
    client = client_of(create_app(solve(TicTacToe("X...O...."))))
    reply = client.get("/api/position", params=params)
    assert reply.status_code == 400
    assert reply.json() == {"error": error}


def test_a_users_game_that_breaks_gets_400_or_500_and_the_server_goes_on(client_of):
    client = client_of(create_app(solve(Fragile())))
    assert client.get("/api/position", params={"p": "[1]"}).json()["error"].startswith(
        "cannot read position '[1]': ")  # a list: unhashable
    assert client.get("/api/position", params={"p": "'3'"}).status_code == 400  # not an int
    broken = client.get("/api/position", params={"p": "1"})
    assert broken.status_code == 500
    assert broken.json() == {"error": "RuntimeError: no picture of 1"}
    assert client.get("/api/position", params={"p": "2"}).json()["display"] == "heap 2"


def test_only_the_pages_files_are_served(serving):
    with serving(create_app(solve(TicTacToe()))) as url:
        host, port = url.removeprefix("http://").rstrip("/").split(":")
        statuses = {}
        for path in ["/", "/static/app.js", "/static/style.css", "/static/../explorer.py",
                     "/static/..%2fexplorer.py", "/static/%2e%2e/%2e%2e/core/solution.py",
                     "/static//etc/passwd", "/static/../../../../../../etc/passwd",
                     "/etc/passwd", "/api/../serve/app.py"]:
            statuses[path] = raw_get(host, int(port), path)
        # and still answering
        statuses["after"] = raw_get(host, int(port), "/api/game")
    assert statuses == {"/": 200, "/static/app.js": 200, "/static/style.css": 200,
                        "/static/../explorer.py": 404, "/static/..%2fexplorer.py": 404,
                        "/static/%2e%2e/%2e%2e/core/solution.py": 404,
                        "/static//etc/passwd": 404, "/static/../../../../../../etc/passwd": 404,
                        "/etc/passwd": 404, "/api/../serve/app.py": 404, "after": 200}


def raw_get(host, port, path):
    """The status of a GET of ``path`` sent as is (an HTTP client would clean the dots up)."""
    with socket.create_connection((host, port), timeout=5) as connection:
        connection.sendall(f"GET {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n"
                           .encode())
        reply = b""
        while chunk := connection.recv(65536):
            reply += chunk
    return int(reply.split(b" ", 2)[1])


def test_garbage_on_the_wire_does_not_stop_the_server(serving):
    with serving(create_app(solve(TicTacToe()))) as url:
        host, port = url.removeprefix("http://").rstrip("/").split(":")
        for junk in [b"\x00\xff garbage\r\n\r\n", b"GET /" + b"a" * 100_000 + b" HTTP/1.1\r\n",
                     b"GET /api/position?p=%ZZ HTTP/1.1\r\nHost: x\r\n\r\n"]:
            with socket.create_connection((host, int(port)), timeout=5) as connection:
                connection.sendall(junk)
                connection.shutdown(socket.SHUT_WR)
                while connection.recv(65536):
                    pass
        assert raw_get(host, int(port), "/api/position?p=.........") == 200


def test_serve_connect4_answers_a_7x6_position_by_search(client_of):
    from perfectplay.cli.explored import explored_solution

    game = load_game("connect4", {})  # the standard board, as 'perfectplay serve connect4'
    solution = explored_solution(game, method="auto", start=None)
    client = client_of(create_app(solution, options={"width": "7", "height": "6"}))
    described = client.get("/api/game").json()
    assert (described["name"], described["method"], described["tabulated"],
            described["positions"], described["numbered"]) == (
        "connect4 7x6", "search", False, None, False)
    answer = client.get("/api/position", params={"p": "52753311433677442422121"}).json()
    assert (answer["value"], answer["remoteness"]) == ("win", 5)
    assert [(m["move"], m["value"], m["remoteness"], m["moves_to_end"])
            for m in answer["moves"][:3]] == [("5", "win", 4, 5), ("3", "win", 6, 7),
                                              ("4", "win", 6, 7)]
    counts = client.get("/api/counts")
    assert (counts.status_code, counts.json()) == (400, {
        "error": "the analysis table is not available: connect4 7x6 is answered by search, "
                 "one position at a time"})


def test_a_small_board_served_by_search_answers_as_its_table(client_of):
    from perfectplay.compiled.search_solution import SearchSolution

    game = ConnectFour(4, 3)
    client = client_of(create_app(SearchSolution(game, game.parse_position("2"))))
    reference = solve(game)
    described = client.get("/api/game").json()
    assert (described["start"], described["method"]) == (".../X../.../...", "search")
    start = client.get("/api/position", params={"p": described["start"]}).json()
    for text in [described["start"], *(m["child"] for m in start["moves"])]:
        answer = client.get("/api/position", params={"p": text}).json()
        assert {k: v for k, v in answer.items() if k != "board"} == expected(game, reference, text)
