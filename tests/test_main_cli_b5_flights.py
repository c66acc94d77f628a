"""Issue 24 headless: B5 fighter flights (seed 003 Fighters) from an answers file with the
``battle`` command's guarantees: missions, launches, moves and a dogfight the same bytes under
any hash seed, a flight flown one point too far exits 1 naming the rule, and Red does not read
Blue's fighter orders before they are revealed with the plots."""
from __future__ import annotations

import json
import os
import subprocess
import sys

from rules.model import io
from tests.conftest import ROOT
from tests.rules.systems.b5.test_flights import PULSE1, SET_UP, TURN1, battle

ANSWERS = [*SET_UP, *TURN1, *PULSE1, "b-fl 4528 burn", "none", "none", False, [], "results"]
"""... pulse 3's moves, Blue not calling the dogfight off at the turn's end, no grey boxes, the results."""


def run(tmp_path, answers, viewer="gm", hash_seed="0"):
    (tmp_path / "c.json").write_text(io.dumps(battle(campaign_only=True)))
    (tmp_path / "a.json").write_text(json.dumps(answers))
    env = {**os.environ, "PYTHONHASHSEED": hash_seed, "QT_QPA_PLATFORM": "offscreen"}
    return subprocess.run([sys.executable, "main.py", "battle", str(tmp_path / "c.json"), "--hex", "0304", "--system",
                           "b5", "--answers", str(tmp_path / "a.json"), "--viewer", viewer], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300)


def test_flights_fly_and_dogfight_from_an_answers_file_the_same_bytes(tmp_path):
    one, two = run(tmp_path, ANSWERS, hash_seed="1"), run(tmp_path, ANSWERS, hash_seed="2")
    assert one.returncode == 0, one.stderr
    assert one.stdout == two.stdout
    texts = [e["text"] for e in json.loads(one.stdout)["log"]]
    assert "B-FL flies from 1230 to 4528 on its afterburners" in texts
    assert "dogfight at 4528: B-FL against R-FL2" in texts
    assert any(t.startswith("B-FL (6) against R-FL2: kills") for t in texts)


def test_a_flight_flown_one_point_beyond_its_share_exits_1_naming_the_rule(tmp_path):
    r = run(tmp_path, [*SET_UP, *TURN1, "launch b-fl 1230", "r-fl2 4428"])
    assert r.returncode == 1
    assert "B5 Fighter Movement" in r.stderr and "5429 to 4428 costs 11" in r.stderr


def test_red_reads_blues_fighter_orders_only_once_revealed_with_the_plots(tmp_path):
    before = json.loads(run(tmp_path, [*SET_UP, TURN1[0]], viewer="red").stdout)
    assert not any("attack r-flag" in e["text"].lower() for e in before["log"])
    texts = [e["text"] for e in json.loads(run(tmp_path, [*SET_UP, *TURN1], viewer="red").stdout)["log"]]
    assert "B-FL (Blue) flies attack R-FLAG" in texts
    assert "Blue: b-fl attack r-flag" not in texts  # the answer itself stays sealed
