"""The page in a real headless Chromium (Debian's ``chromium`` and ``chromium-driver``, through
Selenium) against a real server: a tic-tac-toe game played to the end against the perfect
opponent by clicking, every move's colour checked against the solution, two undos, and a few
Connect Four 4x4 moves; the column and heap labels are the moves' notation. Screenshots of
each page go to pytest's tmp directory."""

import os
import shutil
import tempfile
from pathlib import Path

import pytest

from perfectplay import solve
from perfectplay.games.connect4 import ConnectFour
from perfectplay.games.nim import Nim
from perfectplay.games.tictactoe import TicTacToe
from perfectplay.serve import create_app

CHROMIUM, CHROMEDRIVER = Path("/usr/bin/chromium"), Path("/usr/bin/chromedriver")
NEEDS = "needs Debian's chromium and chromium-driver (apt-get install chromium chromium-driver)"
REQUIRE = "PERFECTPLAY_REQUIRE_BROWSER"
"""Set to 1 (CI does), a missing browser fails these tests instead of skipping them."""
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--window-size=1280,1000"]

COLOURS = {"win": "rgb(0, 158, 115)", "tie": "rgb(240, 228, 66)", "draw": "rgb(86, 180, 233)",
           "lose": "rgb(213, 94, 0)"}
"""The page's colour of each value (Okabe-Ito), as the browser computes it."""

SHOWN = """
const shown = {board: {}, list: {}};
for (const el of document.querySelectorAll("#board .target")) {
  const paint = el.querySelector(arguments[0]) || el;
  shown.board[el.dataset.element] = getComputedStyle(paint).fill;
}
for (const li of document.querySelectorAll("#moves li.move")) {
  shown.list[li.dataset.move] = getComputedStyle(li).borderLeftColor;
}
return shown;
"""
"""The colour of each move on the board (by element; ``arguments[0]`` the part that is
painted) and in the list (by move text)."""


@pytest.fixture(scope="module")
def browser():
    if not (CHROMIUM.exists() and CHROMEDRIVER.exists()):
        without_browser()
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in FLAGS:
        options.add_argument(flag)
    profile = tempfile.mkdtemp(prefix="perfectplay-chromium-")
    options.add_argument(f"--user-data-dir={profile}")
    driver = webdriver.Chrome(options=options, service=Service(str(CHROMEDRIVER)))
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


def without_browser():
    """Skip the test, or fail it where ``REQUIRE`` is 1: there a skip would leave the page
    untested with the run still green."""
    if os.environ.get(REQUIRE) == "1":
        pytest.fail(f"{NEEDS}; {REQUIRE}=1 requires the browser tests", pytrace=False)
    pytest.skip(NEEDS)


def settled(driver, *, after=None):
    """Wait until a person is to move or the game is over (at a position other than
    ``after``), and return that position's text."""
    from selenium.webdriver.support.ui import WebDriverWait

    def ready(d):  # one script reads it all: the page may move between two reads
        ready, position, turn = d.execute_script(
            "const b = document.body.dataset; return [b.ready, b.position, b.turn];")
        done = ready == "true" and turn in ("person", "over")
        return position if done and position != after else False

    return WebDriverWait(driver, 10, poll_frequency=0.05).until(ready)


def check_colours(driver, game, solution, text, *, painted, element_of):
    """Every move of ``text`` has its value's colour on the board and in the list."""
    position = game.parse_position(text)
    shown = driver.execute_script(SHOWN, painted)
    moves = solution.moves(position)
    assert shown["list"] == {game.format_move(m.move): COLOURS[str(m.value)] for m in moves}
    on_board = {}
    for m in moves:  # best first: an element shows the best move played there
        on_board.setdefault(element_of(m.move), COLOURS[str(m.value)])
    assert shown["board"] == on_board


def click(driver, selector):
    driver.find_element("css selector", selector).click()


def test_a_tictactoe_game_against_the_perfect_opponent(browser, serving, tmp_path):
    game = TicTacToe()
    solution = solve(game)
    with serving(create_app(solution)) as url:
        browser.get(url)
        text = settled(browser)
        assert text == "........."
        ours = []  # the positions where we were to move
        blundered = False
        while solution.moves(game.parse_position(text)):
            check_colours(browser, game, solution, text, painted="rect", element_of=str)
            ours.append(text)
            moves = solution.moves(game.parse_position(text))
            # our first chance of a losing move takes it, so that perfect play wins
            mistake = moves[-1].value.name == "LOSE" and not blundered
            blundered = blundered or mistake
            chosen = moves[-1] if mistake else moves[0]
            click(browser, f'#board [data-element="{chosen.move}"]')
            text = settled(browser, after=text)
        assert blundered and solution.value(text).name == "LOSE"  # X to move, and lost
        assert browser.find_element("id", "status").text == "Game over: O wins"
        browser.save_screenshot(str(tmp_path / "tictactoe-over.png"))

        click(browser, "#undo")
        text = settled(browser, after=text)
        assert text == ours[-1]
        click(browser, "#undo")
        text = settled(browser, after=text)
        assert text == ours[-2]
        check_colours(browser, game, solution, text, painted="rect", element_of=str)
        assert browser.current_url.endswith(f"?p={text}")
        click(browser, "#redo")
        assert settled(browser, after=text) == ours[-1]
        browser.save_screenshot(str(tmp_path / "tictactoe-undone.png"))


def test_a_few_connect_four_moves(browser, serving, connect4_solution, tmp_path):
    game = ConnectFour(4, 4)
    with serving(create_app(connect4_solution, options={"width": "4", "height": "4"})) as url:
        browser.get(url)
        text = settled(browser)
        labels = browser.execute_script(
            "return [...document.querySelectorAll('#board .coord')].map((e) => e.textContent);")
        assert labels == ["1", "2", "3", "4"]  # the columns as moves name them
        for column in ("2", "3", "1"):
            check_colours(browser, game, connect4_solution, text, painted=".slot",
                          element_of=str)
            click(browser, f'#board [data-element="{column}"] .slot')
            text = settled(browser, after=text)
        board = game.parse_position(text)
        assert sum(map(len, board)) == 6 and board[1][0] == "X"  # the first stone in column 2
        assert [browser.find_element("css selector", f'[data-element="{c}"]') for c in "1234"]
        check_colours(browser, game, connect4_solution, text, painted=".slot", element_of=str)
        # the history chart has a row per position, the analysis table a row per remoteness
        assert len(browser.find_elements("css selector", "#history .row-label")) == 7
        assert browser.find_element("css selector", "#analysis tr.now th").text == str(
            connect4_solution.remoteness(board))
        browser.save_screenshot(str(tmp_path / "connect4.png"))
        browser.get(f"{url}?p=1234")  # move notation fills the columns labelled 1 2 3 4
        assert game.parse_position(settled(browser)) == ("X", "O", "X", "O")


def test_nim_heaps_are_labelled_as_its_moves_name_them(browser, serving):
    game = Nim((2, 3, 3))
    with serving(create_app(solve(game), options={"heaps": "2,3,3"})) as url:
        browser.get(url)
        settled(browser)
        labels = browser.execute_script("return [...document.querySelectorAll("
                                        "'#board .heap-label')].map((e) => e.textContent);")
        assert labels == ["h1", "h2", "h3"]
        moves = browser.execute_script(
            "return [...document.querySelectorAll('#moves li.move')].map((e) => e.dataset.move);")
        assert moves[0] == "h1:2" and all(m.startswith(("h1:", "h2:", "h3:")) for m in moves)


def test_a_missing_browser_skips_the_tests_and_fails_them_where_required(monkeypatch):
    monkeypatch.delenv(REQUIRE, raising=False)
    with pytest.raises(pytest.skip.Exception, match=r"\(apt-get install chromium "):
        without_browser()
    monkeypatch.setenv(REQUIRE, "1")
    with pytest.raises(pytest.fail.Exception, match=f"{REQUIRE}=1 requires the browser tests"):
        without_browser()


def test_connect_four_7x6_by_search(browser, serving, tmp_path):
    from perfectplay.compiled.search_solution import SearchSolution

    game = ConnectFour(7, 6)
    deep = game.parse_position("52753311433677442422121")  # O to move wins in 5
    solution = SearchSolution(game, deep)
    with serving(create_app(solution, options={"width": "7", "height": "6"}, start=deep)) as url:
        browser.get(url)
        text = settled(browser)  # the perfect player, O, has played its quickest win
        assert game.parse_position(text) == game.parse_position("527533114336774424221215")
        assert "each position searched when asked" in browser.find_element(
            "css selector", "#game-facts").text
        assert browser.find_element("css selector", "#analysis").text.startswith(
            "The analysis table is not available")
        check_colours(browser, game, solution, text, painted=".slot", element_of=str)
        click(browser, '#board [data-element="3"] .slot')
        text = settled(browser, after=text)
        check_colours(browser, game, solution, text, painted=".slot", element_of=str)
        browser.save_screenshot(str(tmp_path / "connect4-7x6.png"))


def test_a_search_left_for_another_position_stops_on_the_server(browser, serving):
    # the 7x6 start takes minutes of search; asked for it, the reader restarts instead: the
    # page aborts its request, the server stops that search, and a move played next is
    # answered at once (a page that kept the request would wait minutes for it)
    from selenium.webdriver.support.ui import WebDriverWait

    from perfectplay.compiled.search_solution import SearchSolution

    game = ConnectFour(7, 6)
    deep = "52753311433677442422121"  # O to move wins in 5
    solution = SearchSolution(game, game.parse_position(deep))
    with serving(create_app(solution, options={"width": "7", "height": "6"},
                            start=game.parse_position(deep))) as url:
        browser.get(url)
        text = settled(browser)
        field = browser.find_element("id", "position-input")
        field.clear()
        field.submit()  # the empty board: the start
        WebDriverWait(browser, 10, poll_frequency=0.05).until(
            lambda d: d.execute_script("return document.body.dataset.turn;") == "thinking")
        assert browser.find_element("id", "status-detail").text == "searching the position…"
        click(browser, "#restart")
        assert settled(browser, after=deep) == text
        click(browser, '#board [data-element="3"] .slot')
        text = settled(browser, after=text)
        check_colours(browser, game, solution, text, painted=".slot", element_of=str)
        field.clear()
        field.send_keys("9")
        field.submit()  # a position that is not one: the page stays where it is and says why
        WebDriverWait(browser, 10, poll_frequency=0.05).until(
            lambda d: d.find_element("id", "position-error").text)
        assert "column 9, beyond the 7 columns" in browser.find_element(
            "id", "position-error").text
        assert settled(browser) == text


def test_a_dobutsu_move_by_its_square(browser, serving, tmp_path):
    from perfectplay.games.dobutsu import Dobutsu

    game = Dobutsu(pieces="C")
    solution = solve(game, method="retrograde")
    board = game.picture()
    with serving(create_app(solution, options={"pieces": "C"})) as url:
        browser.get(url)
        text = settled(browser)
        assert text == game.start()
        start = game.parse_position(text)
        check_colours(browser, game, solution, text, painted="rect",
                      element_of=lambda move: board.target(start, move)[0])
        browser.save_screenshot(str(tmp_path / "dobutsu.png"))
        # b2-b3 is the only move onto b3: a click plays it, and the perfect opponent answers
        click(browser, '#board [data-element="b3"]')
        after = settled(browser, after=text)
        assert after in dict(game.moves(".l./.C./.../.L.:C:S")).values()
