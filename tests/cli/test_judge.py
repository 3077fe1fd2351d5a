"""perfectplay judge and perfectplay check: exact stdout, exit status, one error line."""

import io
import subprocess
import sys
import time

import pytest

from perfectplay.cli import main
from perfectplay.cli.check import COUNTEREXAMPLE

SAMPLES = [
    ("shiritori", "6\nenum\nfloat\nif\nmodint\ntakahashi\ntemplate\n", "First\n"),
    ("shiritori", "10\ncatch\nchokudai\nclass\ncontinue\ncopy\nexec\nhavoc\nintrinsic\n"
                  "static\nyucatec\n", "Second\n"),
    ("shiritori", "16\nmnofcmzsdx\nlgeowlxuqm\nouimgdjxlo\njhwttcycwl\njbcuioqbsj\nmdjfikdwix\n"
                  "jhvdpuxfil\npeekycgxco\nsbvxszools\nxuuqebcrzp\njsciwvdqzl\nobblxzjhco\n"
                  "ptobhnpfpo\nmuizaqtpgx\njtgjnbtzcl\nsivwidaszs\n", "First\n"),
    ("kadomatsu", "3\n1 2 3\n", "-1\n"),
    ("kadomatsu", "3\n1 3 2\n", "0 1 2\n"),
    ("disconnected", "2\nNN\nNN\n", "Hanako\n"),
    ("disconnected", "3\nNNN\nNNN\nNNN\n", "Taro\n"),
    ("interval-game-2", "5\n3\n53 98\n8 43\n12 53\n10\n4 7\n5 7\n3 7\n4 5\n5 8\n6 9\n4 8\n"
                        "5 10\n1 9\n5 10\n2\n58 98\n11 29\n6\n79 83\n44 83\n38 74\n49 88\n"
                        "18 45\n64 99\n1\n5 9\n", "Bob\nAlice\nBob\nAlice\nAlice\n"),
    ("five-hundred-eleven", "5\n3 5 7 9 510\n", "Fox Ciel\n"),
    ("five-hundred-eleven", "4\n0 0 0 0\n", "Toastman\n"),
    ("five-hundred-eleven", "1\n511\n", "Toastman\n"),
    ("five-hundred-eleven", "4\n5 58 192 256\n", "Fox Ciel\n"),
]


def run(monkeypatch, capsys, args, stdin=""):
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    status = main(args)
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize(("name", "stdin", "expected"), SAMPLES)
def test_samples(monkeypatch, capsys, name, stdin, expected):
    assert run(monkeypatch, capsys, ["judge", name], stdin) == (0, expected, "")


@pytest.mark.parametrize(("name", "stdin", "expected"), SAMPLES)
def test_crlf_samples(monkeypatch, capsys, name, stdin, expected):
    crlf = stdin.replace("\n", "\r\n")
    assert run(monkeypatch, capsys, ["judge", name], crlf) == (0, expected, "")


# One sample per judge, its first token (a count) replaced by something int() takes: "+3",
# "1_0", full-width digits. A judge reads ASCII integers only.
@pytest.mark.parametrize("name", sorted({name for name, _, _ in SAMPLES}))
@pytest.mark.parametrize("token", ["+3", "1_0", "\uff13"])
def test_integers_are_ascii_digits(monkeypatch, capsys, name, token):
    stdin = next(text for judge, text, _ in SAMPLES if judge == name)
    status, out, err = run(monkeypatch, capsys, ["judge", name],
                           token + stdin[stdin.index("\n"):])
    assert (status, out) == (2, "")
    assert err.endswith(f"to be an integer, got {token!r} (line 1)\n")


@pytest.mark.parametrize(("name", "stdin", "message"), [
    ("shiritori", "2\nab\nab\n", "duplicate word 'ab'"),
    ("shiritori", "2\nab\n", "expected 2 words"),
    ("shiritori", "1\nAb\n", "lowercase"),
    ("kadomatsu", "4\n1 2 3\n", "expected 4 values"),
    ("disconnected", "3\nNYN\nNNN\nNNN\n", "not symmetric"),
    ("disconnected", "2\nNY\nYN\n", "already connected"),
    ("interval-game-2", "1\n1\n5 5\n", "needs 1 <= L < R"),
    ("five-hundred-eleven", "2\n1 600\n", "outside 0..511"),
])
def test_bad_input(monkeypatch, capsys, name, stdin, message):
    status, out, err = run(monkeypatch, capsys, ["judge", name], stdin)
    assert (status, out) == (2, "")
    assert err.startswith("error: ") and message in err and err.count("\n") == 1


def test_unknown_problem(monkeypatch, capsys):
    status, out, err = run(monkeypatch, capsys, ["judge", "tetris"])
    assert (status, out) == (2, "") and err.startswith("error: ")


def test_beyond_the_limits_is_a_note(monkeypatch, capsys):
    status, out, err = run(monkeypatch, capsys, ["judge", "kadomatsu"],
                           "13\n" + " ".join(["1"] * 13) + "\n")
    assert (status, out) == (0, "-1\n")
    assert err.startswith("note: N = 13 exceeds the contest limit 12")


def test_the_note_comes_before_the_solve(monkeypatch, capsys):
    # a long run says at once why it may be long: the note is out before the answer is sought
    from perfectplay.games import kadomatsu

    seen = []

    def answer(game, *, progress):
        seen.append((capsys.readouterr().err, type(progress).__name__))
        return "-1"

    monkeypatch.setattr(kadomatsu, "answer_kadomatsu", answer)
    status, out, _ = run(monkeypatch, capsys, ["judge", "kadomatsu"],
                         "13\n" + " ".join(["1"] * 13) + "\n")
    assert (status, out) == (0, "-1\n")
    assert seen == [("note: N = 13 exceeds the contest limit 12\n", "ProgressBar")]


ZIGZAG = " ".join(str(i if i % 2 else 100 - i) for i in range(30))


@pytest.mark.parametrize(("name", "stdin", "notes", "message"), [
    ("kadomatsu", f"30\n{ZIGZAG}\n", ["N = 30 exceeds the contest limit 12"],
     "kadomatsu with N = 30 (up to 3.6e+08 positions x 2,135 triples) is 7.6e+11 triple checks, "
     "about 21 hours at 10,000,000 a second"),
    ("five-hundred-eleven", "6000\n" + " 0" * 6000 + "\n",
     ["N = 6000 exceeds the contest limit 50"],
     "five-hundred-eleven with N = 6,000 (up to 6,001 keys x 6,000 cards) is 3.6e+07 children"),
    ("shiritori", "30\n" + "\n".join([a + b for a in "abcdef" for b in "abcdef"][:30]) + "\n",
     ["N = 30 exceeds the contest limit 16"],
     "shiritori with N = 30 (up to 5.9e+08 states x 6 classes) is 3.5e+09 class checks"),
    ("interval-game-2", "1\n20000\n" + "".join(f"{i} {i + 1}\n" for i in range(1, 20_001)),
     ["case 1: N exceeds the contest limit 100",
      "case 1: an interval ends beyond the contest limit 100"],
     "1 case of up to 20,000 intervals is 8e+12 moves to look at"),
], ids=["kadomatsu", "five-hundred-eleven", "shiritori", "interval-game-2"])
def test_beyond_what_can_finish_is_refused_at_once(monkeypatch, capsys, name, stdin, notes,
                                                    message):
    started = time.perf_counter()
    status, out, err = run(monkeypatch, capsys, ["judge", name], stdin)
    assert time.perf_counter() - started < 30  # refused, not worked on for minutes
    assert (status, out) == (2, "")
    *noted, error = err.splitlines()
    assert noted == [f"note: {note}" for note in notes]
    assert error.startswith(f"error: too large to answer: {message}")
    assert error.endswith("a judge starts at most 120 seconds of work")


def test_memory_that_is_not_there_is_refused_at_once(monkeypatch, capsys):
    monkeypatch.setenv("PERFECTPLAY_MEMORY", str(10**7))
    status, out, err = run(monkeypatch, capsys, ["judge", "disconnected"],
                           "1500\n" + ("N" * 1500 + "\n") * 1500)
    assert (status, out) == (2, "")
    assert err.splitlines() == ["note: N = 1500 exceeds the contest limit 1000",
                                "error: too large to answer: disconnected with N = 1500 needs up "
                                "to 107.7 MiB, more than the 9.5 MiB available"]


def test_more_words_than_the_compiled_rules_take(monkeypatch, capsys):
    words = [f"a{chr(97 + i // 26)}{chr(97 + i % 26)}b" for i in range(27)]  # 27 dead ends
    status, out, err = run(monkeypatch, capsys, ["judge", "shiritori"],
                           "27\n" + "\n".join(words) + "\n")
    assert (status, out, err) == (0, "First\n", "note: N = 27 exceeds the contest limit 16\n")


def test_judge_end_to_end():
    done = subprocess.run([sys.executable, "-m", "perfectplay", "judge", "disconnected"],
                          input="3\nNNN\nNNN\nNNN\n", capture_output=True, text=True, check=False)
    assert (done.returncode, done.stdout, done.stderr) == (0, "Taro\n", "")


def test_check_sound(monkeypatch, capsys):
    status, out, _ = run(monkeypatch, capsys, ["check", "disconnected", "--up-to", "5"])
    assert status == 0 and out.startswith("sound: 4 instances")
    status, out, _ = run(monkeypatch, capsys, ["check", "five-hundred-eleven", "--random", "20",
                                               "--size", "8", "--seed", "2"])
    assert status == 0 and "key:" in out
    status, out, _ = run(monkeypatch, capsys, ["check", "kadomatsu", "--values", "1,3,2,4"])
    assert status == 0 and out.startswith("sound: 1 instance")


def test_check_counterexample(monkeypatch, capsys, tmp_path):
    path = tmp_path / "bad.py"
    path.write_text("from perfectplay.games.nim import Nim\n\n"
                    "class Bad(Nim):\n    def key(self, heaps):\n        return sum(heaps)\n")
    status, out, _ = run(monkeypatch, capsys, ["check", f"{path}:Bad", "--arg", "heaps=(1, 2)"])
    assert status == COUNTEREXAMPLE
    assert out.startswith("counterexample to key")


@pytest.mark.parametrize("args", [["check", "nim", "--random", "3"],
                                  ["check", "nim", "--up-to", "3"],
                                  ["check", "disconnected", "--up-to", "3", "--vertices", "3"]])
def test_check_usage_errors(monkeypatch, capsys, args):
    status, out, err = run(monkeypatch, capsys, args)
    assert (status, out) == (2, "") and err.startswith("error: ")


def test_the_problems_are_the_catalogue_games_with_a_judge_hook(monkeypatch, capsys):
    # judges were once found by naming conventions (parse_<module>, answer_<module>); now a
    # game declares its judge() hook and the catalogue names it
    from perfectplay.cli.judge import judges
    from perfectplay.games import find_game
    from perfectplay.games.kadomatsu import Kadomatsu

    assert judges()["kadomatsu"] is Kadomatsu
    with pytest.raises(NotImplementedError, match="Nim answers no judge input"):
        find_game("nim").judge()
    status, out, err = run(monkeypatch, capsys, ["judge", "nim"])
    assert (status, out) == (2, "")
    assert err.startswith("error: argument NAME: invalid choice: 'nim' (choose from "
                          "'shiritori', 'kadomatsu', 'disconnected', 'interval-game-2', "
                          "'five-hundred-eleven')")
