"""``python main.py --check FILE`` and ``--screenshot``, run as a user would."""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from tests.conftest import DEFAULT, ROOT


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    return subprocess.run([sys.executable, "main.py", *args], cwd=ROOT, capture_output=True, text=True,
                          env=env, timeout=120)


def test_check_default_campaign_exits_0():
    r = _run("--check", "scenarios/default_campaign.json")
    assert r.returncode == 0, r.stderr
    assert "scenarios/default_campaign.json: OK" in r.stdout


def _spoil_json(spoil):
    def make(text: str) -> str:
        data = json.loads(text)
        spoil(data)
        return json.dumps(data)
    return make


@pytest.mark.parametrize("name, make, expected", [
    ("bad_facing.json",
     _spoil_json(lambda d: d["fleets"][0]["units"][1].update(tactical={"position": "2115", "facing": "G"})),
     "fleets[0].units[1].tactical.facing: 'G' is not a facing A-F"),
    ("no_such_sector.json", _spoil_json(lambda d: d["fleets"][4].update(sector="9999")),
     "fleets[4].sector: sector 9999 does not exist on the 14 x 10 map"),
    ("broken.json", lambda text: text.replace('"version": 2,', '"version": 2', 1),
     "line 4, column 2: JSON syntax error: Expecting ',' delimiter"),
])
def test_check_bad_files_exit_1_naming_file_and_field(tmp_path, name, make, expected):
    path = tmp_path / name
    path.write_text(make(DEFAULT.read_text(encoding="utf-8")), encoding="utf-8")
    r = _run("--check", str(path))
    assert r.returncode == 1
    assert f"{path}: {expected}" in r.stderr
    assert "Traceback" not in r.stderr


def test_screenshot_writes_a_picture(tmp_path):
    out = tmp_path / "main.png"
    r = _run("--screenshot", str(out), "--size", "1200x800")
    assert r.returncode == 0, r.stderr
    assert "Fatal" not in r.stderr
    from PySide6.QtGui import QImage
    img = QImage(str(out))
    assert (img.width(), img.height()) == (1200, 800)
    colours = {img.pixel(x, y) for x in range(0, 1200, 25) for y in range(0, 800, 25)}
    assert len(colours) > 20, "the screenshot is blank or nearly so"


def test_startup_probe_reports_once_the_window_has_painted_and_quits(tmp_path):
    """What bench/startup.py reads: the time to the first frame painted and the loop idle,
    from main.py's first line and from the process start the caller passes in."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", BATTLEHEX_DATA=str(tmp_path), XDG_CONFIG_HOME=str(tmp_path),
               BATTLEHEX_T0="1e9")
    r = subprocess.run([sys.executable, "main.py", "--startup-probe"], cwd=ROOT, capture_output=True, text=True,
                       env=env, timeout=120)
    assert r.returncode == 0, r.stderr
    line, ready = r.stdout.strip().splitlines()[-2:]  # the first frame; the window ready (app/shell/stand_in.py)
    assert line.startswith("startup to interactive window: ") and "; from process start " in line and "; cpu " in line
    since_main, since_start, cpu = (float(part.split()[-2]) for part in line.split(";"))
    assert 0 < since_main < since_start and cpu > 0  # cpu: the process's own time, however busy the machine
    assert ready.startswith("window ready: ") and "; longest stall " in ready


def test_the_engine_is_loaded_before_pyside6():
    """PySide6 reads the source of every module imported after it (its __feature__ hook), so
    main loads the engine first: its preload imports the engine and nothing of Qt."""
    code = ("import sys, main; main._preload(); "
            "print('rules.strategic.turn' in sys.modules, any(m.startswith('PySide6') for m in sys.modules))")
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert r.stdout.split() == ["True", "False"], r.stderr


def test_opening_a_bad_campaign_from_the_command_line_refuses(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text("{", encoding="utf-8")
    r = _run(str(path), "--screenshot", str(tmp_path / "x.png"))
    assert r.returncode == 1
    assert f"{path}: line 1, column 2: JSON syntax error" in r.stderr
    assert not (tmp_path / "x.png").exists()


def test_opening_a_good_campaign_from_the_command_line(tmp_path):
    own = tmp_path / "mine.json"
    own.write_text(DEFAULT.read_text(encoding="utf-8").replace("The Ardana Crisis, Y171", "My Campaign"))
    r = _run(str(own), "--screenshot", str(tmp_path / "x.png"))
    assert r.returncode == 0, r.stderr
    assert (tmp_path / "x.png").exists()


# -- python main.py battle (issue 4) ------------------------------------------------------------------
TAU = [None, None, 50, {"unit": "fed-bats-tau", "at": "2115"}, {"unit": "kli-d7-kumara", "at": "2165", "facing": "A"}]


def _battle(tmp_path, answers, *extra):
    f = tmp_path / "answers.json"
    f.write_text(json.dumps(answers), encoding="utf-8")
    viewer = () if "--viewer" in extra else ("--viewer", "gm")
    return _run("battle", "scenarios/default_campaign.json", "--hex", "0509", "--answers", str(f), "--seed", "4",
                *viewer, *extra)


def test_battle_runs_answers_and_prints_log_and_next_question(tmp_path):
    r = _battle(tmp_path, TAU)
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["answers_used"] == 5 and out["state"]["dod"] == "D"
    assert out["next_question"]["kind"] == "place" and out["next_question"]["to"] == "coalition"
    assert any(e["rule"] == "V13.413" and e["kind"] == "roll" for e in out["log"])
    again = _battle(tmp_path, TAU)
    assert again.stdout == r.stdout  # byte for byte


def test_battle_illegal_answer_exits_1_naming_the_rule(tmp_path):
    bad = [*TAU[:4], {"unit": "kli-d7-kumara", "at": "2160", "facing": "A"}]
    r = _battle(tmp_path, bad)
    assert r.returncode == 1
    assert "answer 5 is illegal: V13.441" in r.stderr
    out = json.loads(r.stdout)
    assert out["error"]["rule"] == "V13.441" and out["answers_used"] == 4


def test_battle_hides_incidental_units_from_the_attacker(tmp_path):
    r = _battle(tmp_path, TAU[:3], "--viewer", "coalition")
    assert r.returncode == 0
    assert "Ground Base Alpha" not in r.stdout
    gm = _battle(tmp_path, TAU[:3])
    assert "Ground Base Alpha" in gm.stdout


def test_battle_bad_sector_exits_2(tmp_path):
    r = _run("battle", "scenarios/default_campaign.json", "--hex", "0101", "--viewer", "gm")
    assert r.returncode == 2 and "no open Battle Hex at 0101" in r.stderr


def test_battle_asks_whose_view_to_print(tmp_path):
    """Issue 11: the headless output showed everything unless --viewer was given."""
    r = _run("battle", "scenarios/default_campaign.json", "--hex", "0509")
    assert r.returncode == 2 and "--viewer" in r.stderr and r.stdout == ""
    r = _battle(tmp_path, TAU[:3], "--viewer", "klingons")
    assert r.returncode == 2 and "not a team of this campaign; one of gm, " in r.stderr


def test_battle_undo_takes_back_the_last_answers_with_the_engine(tmp_path):
    """``--undo 2`` gives the same state and log as never giving the last two answers."""
    undone = _battle(tmp_path, TAU, "--undo", "2")
    assert undone.returncode == 0, undone.stderr
    shorter = _battle(tmp_path, TAU[:3])
    out, ref = json.loads(undone.stdout), json.loads(shorter.stdout)
    assert out["answers_used"] == 3 and out["log"] == ref["log"] and out["state"] == ref["state"]
    assert out["next_question"] == ref["next_question"]


def test_battle_undo_of_more_answers_than_given_exits_2(tmp_path):
    r = _battle(tmp_path, TAU[:2], "--undo", "3")
    assert r.returncode == 2 and "cannot take back 3 answers: 2 given" in r.stderr
