"""Issue 25 headless: an STCS battle (seed 002) plays from an answers file with the ``battle``
command's guarantees: the same bytes under any hash seed, a refused answer exits 1 naming the
rule, and the scanning side's view never shows which Cloak Detection Table was used."""
from __future__ import annotations

import json
import os
import subprocess
import sys

from rules.model import save_campaign
from tests.conftest import ROOT
from tests.rules.systems.stcs.helpers import stcs_campaign

GAME = ["sublight", ["lexington"], "scan:enterprise", 4, "lock:d7:enterprise", "warpin:lexington",
        "8,0", "2", "next", "none", "next", "warpout:bop:2", "resolve", ["d7"]]


def battle(tmp_path, answers, viewer="gm", hash_seed="0"):
    camp = tmp_path / "stcs.json"
    if not camp.exists():
        save_campaign(stcs_campaign(), camp)
    (tmp_path / "a.json").write_text(json.dumps(answers))
    env = {**os.environ, "PYTHONHASHSEED": hash_seed, "QT_QPA_PLATFORM": "offscreen"}
    return subprocess.run([sys.executable, "main.py", "battle", str(camp), "--hex", "0304", "--system", "stcs",
                           "--answers", str(tmp_path / "a.json"), "--viewer", viewer], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300)


def test_an_stcs_battle_plays_to_its_end_the_same_bytes(tmp_path):
    keyed = {"answers": GAME, "dice_key": "ab" * 32}  # the same key too (issue 25: else a new one each run)
    one, two = battle(tmp_path, keyed, hash_seed="1"), battle(tmp_path, keyed, hash_seed="2")
    assert one.returncode == 0, one.stderr
    assert one.stdout == two.stdout
    out = json.loads(one.stdout)
    assert out["system"] == "stcs" and out["state"]["resolved"]
    assert out["state"]["resolution"] == ("STCS: Red (destroyed: Klothos; warped out: Bird of Prey); "
                                          "Blue (destroyed: none; warped out: none)")
    assert "Lexington warps in at Warp 2 aiming at 8,0" in one.stdout


def test_a_hidden_d10_of_11_exits_1_naming_the_rule(tmp_path):
    r = battle(tmp_path, GAME[:3] + [11])
    assert r.returncode == 1
    assert "STCS Cloak Detection Table" in r.stderr and "1-10" in r.stderr


def test_the_scanning_side_never_reads_the_table(tmp_path):
    blue = battle(tmp_path, GAME[:6], viewer="blue")
    red = battle(tmp_path, GAME[:6], viewer="red")
    assert blue.returncode == 0 and red.returncode == 0, blue.stderr + red.stderr
    assert "Cloak Detection Table (1-5)" in red.stdout and "scan die" in red.stdout
    assert "Cloak Detection Table (" not in blue.stdout and "scan die" not in blue.stdout
    assert "cloak scan" not in blue.stdout


def test_damage_to_the_cloaked_ship_is_not_in_the_other_sides_view(tmp_path):
    """Issue 25: the GM's "Bird of Prey took damage" act, its questions and rulings were in Blue's view."""
    answers = GAME[:2] + ["hit:bop", "superstructure"]
    blue, gm = battle(tmp_path, answers, viewer="blue"), battle(tmp_path, answers)
    assert blue.returncode == 0 and gm.returncode == 0, blue.stderr + gm.stderr
    assert "Bird of Prey took damage through its shields" in gm.stdout and "superstructure" in gm.stdout
    assert "Bird of Prey" not in json.dumps(json.loads(blue.stdout)["log"]) and json.loads(blue.stdout)["next_question"]["secret"]
    done = battle(tmp_path, answers + [4, "lock:enterprise:d7"], viewer="blue")
    assert done.returncode == 0 and "Bird of Prey" not in json.dumps(json.loads(done.stdout)["log"])
