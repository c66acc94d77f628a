"""Issue 24 headless: ``main.py battle FILE --replay`` on a B5 battle saved mid-way by the code
before the fighter flights flew on the board (tests/fixtures/b5_saved_before_flights.json, saved
by 5f47770's code) replays it and goes on where it stood, the same bytes under any hash seed; a
saved answer that no longer fits exits 1 naming the file, the Battle Hex and the answer, never a
traceback."""
from __future__ import annotations

import json
import os
import subprocess
import sys

from rules.model import save_campaign
from tests.conftest import ROOT
from tests.rules.systems.b5.test_compat import AT, FLIGHT_ATTACK, OLD, old_campaign


def battle(path, hash_seed="0", *more):
    env = {**os.environ, "PYTHONHASHSEED": hash_seed, "QT_QPA_PLATFORM": "offscreen"}
    return subprocess.run([sys.executable, "main.py", "battle", str(path), "--hex", str(AT), "--replay", "--viewer",
                           "gm", *more], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)


def test_a_battle_saved_before_the_flights_replays_and_goes_on_the_same_bytes():
    one, two = battle(OLD, "1"), battle(OLD, "2")
    assert one.returncode == 0, one.stderr
    assert one.stdout == two.stdout
    out = json.loads(one.stdout)
    assert out["next_question"]["key"] == "b5/2/orders/alliance"  # today's rules go on
    texts = [e["text"] for e in out["log"]]
    assert "squadron Fang (Coalition) plotted FFF FF FFF" in texts


def test_the_reopened_battle_takes_further_answers(tmp_path):
    (tmp_path / "a.json").write_text(json.dumps(["kz-fs-1 superiority 1528", "FFF FF FFF"]))
    r = battle(OLD, "0", "--answers", str(tmp_path / "a.json"))
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["next_question"]["key"] == "b5/2/plot/lyr-cw-1"


def test_a_saved_answer_that_no_longer_fits_names_the_file_the_hex_and_the_answer(tmp_path):
    path = tmp_path / "flight_attack_saved_before_flights.json"
    save_campaign(old_campaign(FLIGHT_ATTACK), path)
    r = battle(path)
    assert "Traceback" not in r.stderr, r.stderr
    assert r.returncode == 1
    assert f"Battle Hex 0604 in {path} are refused by Babylon 5 Fleet Action" in r.stderr, r.stderr
    assert "saved answer 16 of 19, 'fighters'" in r.stderr
