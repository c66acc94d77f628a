"""Hostile files on the headless command line (issue 19): what ``main.py turn`` and
``main.py --check`` make of a killed save's leftovers, an answers file nested too deeply, text
a save cannot write back and numbers JSON cannot hold; each refused by name, never a traceback."""
from __future__ import annotations

import io
import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import main
from hexmap import labels
from rules import dice
from rules.model import json_value
from rules.model.checks import Problem
from rules.turn.headless import run as run_turn
from tests.conftest import DEFAULT, ROOT
from tests.linear_patterns import ambiguous_runs
from tests.test_main_cli import _run

KILLED_SAVE = """
import os, sys, time
sys.path.insert(0, {root!r})
os.fsync = lambda fd: time.sleep(120)  # the save hangs after writing its temporary file
import main
main.main(["turn", {campaign!r}, "--answers", {answers!r}, "--out", {out!r}])
"""


EMPIRE = ["confirm", "end_phase", 0, 0, 0, 0, 0, "end_phase"]
"""The default campaign's turn 1 Income and Tech Phases (it starts in Income): the GM confirms, nobody invests."""


def _temps(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


def killed_save(out: Path, answers: Path) -> list[str]:
    """Run ``main.py turn --out OUT`` and ``kill -9`` it while it saves; the temporary files it
    left beside OUT."""
    code = KILLED_SAVE.format(root=str(ROOT), campaign=str(DEFAULT), answers=str(answers), out=str(out))
    child = subprocess.Popen([sys.executable, "-c", code], cwd=ROOT)
    try:
        deadline = time.monotonic() + 60
        while not _temps(out.parent) and time.monotonic() < deadline and child.poll() is None:
            time.sleep(0.05)
    finally:
        os.kill(child.pid, signal.SIGKILL)
        child.wait(10)
    return _temps(out.parent)


def test_the_next_save_removes_the_temp_file_of_a_save_killed_a_moment_ago(tmp_path):
    """A ``kill -9`` during ``turn --out`` left its ``.tmp`` beside the campaign; the next
    ``turn --out`` to the same file removes it at once (it waited for a minute to pass, so
    30 of them piled up), and leaves a file that is not a BattleHex save's alone."""
    answers = tmp_path / "answers.json"
    answers.write_text(json.dumps([*EMPIRE, "end_movement", False, False, False]), encoding="utf-8")
    out = tmp_path / "out.json"
    left = killed_save(out, answers)
    assert len(left) == 1 and left[0].startswith(".out.json.")
    foreign = [tmp_path / ".out.json.notes.txt.tmp", tmp_path / ".other.json.123.abcdefgh.tmp",
               tmp_path / "out.json.tmp"]
    for f in foreign:
        f.write_text("someone else's", encoding="utf-8")
    r = _run("turn", str(DEFAULT), "--answers", str(answers), "--out", str(out))
    assert r.returncode == 0, r.stderr
    assert _temps(tmp_path) == sorted(f.name for f in foreign)
    assert _run("--check", str(out)).returncode == 0


def _spoilt(tmp_path: Path, name: str, change) -> Path:
    data = json.loads(DEFAULT.read_text(encoding="utf-8"))
    change(data)
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def _sector(value: str):
    return lambda d: d["fleets"][0].update(sector=value)


def _dice(value: str):
    return lambda d: d["map"].update(random_terrain={"dice": value, "entries": [{"low": 1, "high": 6,
                                                                                  "terrain": "none"}]})


@pytest.mark.parametrize("name, change, problem", [
    ("spaces.json", _sector(" " * 20_000), "fleets[0].sector: '     "),
    ("newlines.json", _sector("\n" * 50_000), "fleets[0].sector: '\\n\\n"),
    ("late.json", _sector("(1," + " " * 20_000 + "x"), "fleets[0].sector: '(1,  "),
    ("dice.json", _dice(" " * 20_000 + "d"), "map.random_terrain.dice: '    "),
])
def test_check_refuses_long_blank_text_in_linear_time(tmp_path, capsys, name, change, problem):
    """``--check`` on a 58 KB file whose sector is 20,000 spaces took 11 s, 50,000 newlines
    over 30 s: the label and dice patterns let two repeats share the run of blanks, so every split
    of it was tried. The problem quotes the text shortened, and the patterns that read it take
    each blank one way (tests/linear_patterns.py; the time is bench/startup.py's)."""
    path = _spoilt(tmp_path, name, change)
    code = main.main(["--check", str(path)])
    err = capsys.readouterr().err
    assert code == 1 and problem in err and "is not a" in err and len(err) < 1000, err[:300]
    assert ambiguous_runs(labels._LABEL_RE) == [] and ambiguous_runs(dice._EXPR_RE) == []


def _answers(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "answers.json"
    path.write_text(text, encoding="utf-8")
    return path


def test_an_answers_file_nested_100000_deep_is_refused_by_name_with_exit_2(tmp_path):
    """It raised a RecursionError traceback and exited 1, the code of an illegal answer."""
    deep = _answers(tmp_path, "[" * 100_000 + "]" * 100_000)
    for command in (["turn", str(DEFAULT)], ["battle", str(DEFAULT), "--hex", "0509", "--viewer", "gm"]):
        r = _run(*command, "--answers", str(deep))
        assert r.returncode == 2 and "Traceback" not in r.stderr, r.stderr[-500:]
        assert f"{deep}: nested 100000 levels deep" in r.stderr and r.stdout == ""


@pytest.mark.parametrize("answer, problem", [
    ('{"battle": "0509", "ruling": "\\ud800"}', "answer 5: .ruling: text that is not valid Unicode"),
    ('{"battle": "0509", "ruling": "x", "n": 1e400}', "answer 5: .n: a number a save cannot write back"),
    ('NaN', "not usable JSON: NaN is not a JSON number"),
    ('{"battle": ' * 40 + '1' + '}' * 40, "nested 41 levels deep"),
])
def test_an_answer_no_save_could_write_is_refused_before_play(tmp_path, answer, problem):
    """A lone surrogate in an answer reached the campaign and ``--out`` raised
    UnicodeEncodeError; ``1e400`` became ``inf``. Such a file is refused (exit 2), naming it and
    the answer, and nothing is written."""
    v13 = _spoilt(tmp_path, "v13.json", lambda d: d["settings"].update(combat_phase="v13"))
    answers = _answers(tmp_path, '["end_movement", false, false, false, ' + answer + "]")
    out = tmp_path / "out.json"
    r = _run("turn", str(v13), "--answers", str(answers), "--out", str(out))
    assert r.returncode == 2 and "Traceback" not in r.stderr, r.stderr[-500:]
    assert f"turn: {answers}: {problem}" in r.stderr and not out.exists()


AFTER_MOVEMENT = [*EMPIRE, "end_movement", False, False, False, "end_phase", "none", "none", "none", "none"]


@pytest.fixture(scope="module")
def mid_turn(tmp_path_factory) -> dict:
    """The default campaign in its Encounters Phase (played from its Income Phase), 0703's meetings answered
    (saved by ``turn --out``)."""
    folder = tmp_path_factory.mktemp("mid_turn")
    answers = _answers(folder, json.dumps(AFTER_MOVEMENT))
    r = _run("turn", str(DEFAULT), "--answers", str(answers), "--out", str(folder / "mid.json"))
    assert r.returncode == 0, r.stderr
    data = json.loads((folder / "mid.json").read_text(encoding="utf-8"))
    assert data["battle_hexes"][2]["encounter_answers"] == ["none", "none"]
    return data


@pytest.mark.parametrize("field, value, problem", [
    ("encounter_answers", '["none", "\\ud800"]',
     "battle_hexes[2].encounter_answers[1]: text that is not valid Unicode"),
    ("encounter_answers", '["none", 1e400]', "battle_hexes[2].encounter_answers[1]: a number a save cannot write back"),
    ("answers", '[{"to": ["\\udc00"]}]', "battle_hexes[2].answers[0].to[0]: text that is not valid Unicode"),
    ("answers", '[' + '[' * 40 + ']' * 40 + ']', "battle_hexes[2].answers[0]: " + "[0]" * 32 + ": nested too deeply"),
    ("pursuit", '{"force": [-1e400]}', "battle_hexes[2].pursuit.force: [0]: a number a save cannot write back"),
])
def test_a_free_form_field_no_save_could_write_is_refused_by_check_and_turn(tmp_path, mid_turn, field, value,
                                                                              problem):
    """A lone surrogate in ``answers``, ``pursuit`` or ``encounter_answers`` passed ``--check``,
    then ``turn --out`` (and File > Save, the autosave) raised UnicodeEncodeError; ``1e400`` was
    saved back as ``null``. Both commands now refuse the file with the field's path."""
    text = json.dumps(mid_turn).replace('"encounter_answers": ["none", "none"]', f'"{field}": {value}', 1)
    path = tmp_path / "spoilt.json"
    path.write_text(text, encoding="utf-8")
    r = _run("--check", str(path))
    assert r.returncode == 1 and f"{path}: {problem}" in r.stderr, r.stderr[-500:]
    out = tmp_path / "out.json"
    r = _run("turn", str(path), "--answers", str(_answers(tmp_path, "[]")), "--out", str(out))
    assert r.returncode == 2 and "Traceback" not in r.stderr and f"{path}: {problem}" in r.stderr, r.stderr[-500:]
    assert not out.exists()


class _Scanned:
    """json_value's string pattern (on the text's bytes), keeping the texts the nesting scan is run on."""

    def __init__(self, real: re.Pattern[bytes]) -> None:
        self.real, self.texts = real, []

    def sub(self, repl: bytes, text: bytes) -> bytes:
        self.texts.append(text.decode("utf-8", "surrogatepass"))
        return self.real.sub(repl, text)


@pytest.mark.parametrize("tail", ['\\"' * 25_000, 'a\\"' * 25_000, '\\"[' * 20_000, 'a\\"' * 25_000 + "\\"])
def test_check_refuses_an_unterminated_string_of_escaped_quotes_in_linear_time(tmp_path, capsys, monkeypatch, tail):
    """A 50 KB file whose last string never ends and is made of ``\\"`` took 33 s in --check (the
    nesting scan's string pattern failed at the end and was retried from every later quote); the
    answers file alike. Both go through the one scan, whose pattern never fails once begun: every
    quote starts a match, none is left for a retry (the time is bench/startup.py's)."""
    scanned = _Scanned(json_value._STRING_BYTES)
    monkeypatch.setattr(json_value, "_STRING_BYTES", scanned)
    path = tmp_path / "open.json"
    text = '{"format": "battlehex-campaign", "name": "' + tail
    path.write_text(text, encoding="utf-8")
    code = main.main(["--check", str(path)])
    assert code == 1 and "JSON syntax error" in capsys.readouterr().err
    out, err = io.StringIO(), io.StringIO()
    code = run_turn(["turn", str(DEFAULT), "--answers", str(_answers(tmp_path, '["' + tail))][1:], out, err)
    assert code == 2 and "JSON syntax error" in err.getvalue()
    hostile = [t for t in scanned.texts if t in (text, '["' + tail)]
    assert len(hostile) == 2, [t[:40] for t in scanned.texts]  # the file's and the answers' scan
    assert all(b'"' not in scanned.real.sub(b"", t.encode()) for t in hostile)


def test_check_lists_thousands_of_problems_in_linear_time(tmp_path, capsys, monkeypatch):
    """2,000 fleets of one unknown field each (12,000 problems) took some 20 s, 5,000 two
    minutes: every problem was compared with every one before it. They are now kept in a set:
    two problems are compared only when they are the same (the time is bench/startup.py's)."""
    compared = []
    equal = Problem.__eq__

    def counted(a: Problem, b: object) -> bool:
        compared.append(1)
        if len(compared) > 12_000:  # pairwise: some 72 million; stop at once
            raise AssertionError("problems compared pairwise")
        return equal(a, b)

    monkeypatch.setattr(Problem, "__eq__", counted)
    path = _spoilt(tmp_path, "many.json", lambda d: d.update(fleets=[{"x": 1}] * 2000))
    code = main.main(["--check", str(path)])
    err = capsys.readouterr().err
    assert len(compared) <= 12_000, f"{len(compared):,} comparisons of 12,000 problems"
    assert code == 1 and err.count("\n") == 12_001 and "fleets[1999].x: unknown field" in err


@pytest.mark.parametrize("where, problem", [
    ("description", "description: text that is not valid Unicode (a lone surrogate, '\\udc00'"),
    ("log", "log[7].text: text that is not valid Unicode (a lone surrogate, '\\udc00'"),
])
def test_a_lone_surrogate_in_any_text_field_is_refused_by_check(tmp_path, capsys, mid_turn, where, problem):
    """pydantic keeps a lone surrogate in a text field without constraints (the campaign's
    description, a log line): ``--check`` said OK, then every save raised UnicodeEncodeError."""
    data = json.loads(json.dumps(mid_turn))
    if where == "log":
        data["log"][7]["text"] = "moves \udc00"
    else:
        data["description"] = "spoilt \udc00"
    path = tmp_path / "spoilt.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main.main(["--check", str(path)]) == 1
    assert f"{path}: {problem}" in capsys.readouterr().err
