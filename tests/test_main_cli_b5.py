"""Issue 24 headless: a Babylon 5 Fleet Action battle (seed 003) in the default campaign's Battle
Hex 0604 plays from an answers file with the ``battle`` command's guarantees: the same bytes
under any hash seed, a refused answer exits 1 naming the rule, each Team reads only its own
secret speed until the engine announces it."""
from __future__ import annotations

import json
import os
import subprocess
import sys

from tests.conftest import DEFAULT, ROOT

MEETING = ["meeting engagement", "skirmish", "none", 5, 8, {"at": "1030", "facing": "B"}, "1032", "1033", {"at": "6030", "facing": "E"},
           "6040", "6042", "at the table", [], "results", ["lyr-dd-1"], []]


def battle(tmp_path, answers, viewer="gm", hash_seed="0"):
    (tmp_path / "a.json").write_text(json.dumps(answers))
    env = {**os.environ, "PYTHONHASHSEED": hash_seed, "QT_QPA_PLATFORM": "offscreen"}
    return subprocess.run([sys.executable, "main.py", "battle", str(DEFAULT), "--hex", "0604", "--system", "b5",
                           "--answers", str(tmp_path / "a.json"), "--viewer", viewer], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300)


def test_a_meeting_engagement_plays_to_its_end_the_same_bytes(tmp_path):
    one, two = battle(tmp_path, MEETING, hash_seed="1"), battle(tmp_path, MEETING, hash_seed="2")
    assert one.returncode == 0, one.stderr
    assert one.stdout == two.stdout
    out = json.loads(one.stdout)
    assert out["system"] == "b5" and out["state"]["resolved"]
    assert out["state"]["resolution"] == "Babylon 5 Fleet Action, 1 turn fought: destroyed: LSS Night Prowler; captured: none"
    assert "LSS Night Prowler is placed at 6042, facing A" in one.stdout


def test_a_ship_placed_4_from_its_command_ship_exits_1_naming_the_rule(tmp_path):
    r = battle(tmp_path, MEETING[:7] + ["1034"])
    assert r.returncode == 1
    assert "B5 Meeting Engagements" in r.stderr and "within 3 hexes of its command ship, not 4" in r.stderr


def test_each_team_reads_only_its_own_speed_until_it_is_announced(tmp_path):
    out = json.loads(battle(tmp_path, MEETING[:5], viewer="alliance").stdout)
    answers = [e for e in out["log"] if e["kind"] == "answer"]
    assert [e["text"] for e in answers] == ["Game Master: meeting engagement",
                                            "Game Master: a skirmish, or a meeting engagement in a neutral system (+1 each side)",
                                            "Game Master: none", "Alliance: 5"]


def test_every_battle_hex_of_turn_1_starts_and_a_side_without_b5_data_exits_2_in_words(tmp_path):
    """main.py battle --system b5 at 0509 (the Tau Ceti garrison against the Klingon strike): before the
    default campaign's units all had B5 data it printed a Python traceback (the RuleError of a side with
    none, uncaught) and exited 1. It now starts; the same hex with the garrison's B5 data taken out exits
    2 with B5 Fleet Command's words and no traceback."""
    def run(campaign):
        return subprocess.run([sys.executable, "main.py", "battle", str(campaign), "--hex", "0509", "--system", "b5",
                               "--viewer", "gm", "--seed", "1"], cwd=ROOT, capture_output=True, text=True, timeout=300,
                              env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    ok = run(DEFAULT)
    assert ok.returncode == 0, ok.stderr
    assert json.loads(ok.stdout)["next_question"]["key"] == "b5/flagship/coalition"  # the D7C or the KR: tied at 4
    data = json.loads(DEFAULT.read_text(encoding="utf-8"))
    for sector in data["map"]["sectors"]:
        for unit in sector.get("garrison") or [] if sector["at"] == "0509" else []:
            unit.pop("b5", None)
    (tmp_path / "c.json").write_text(json.dumps(data), encoding="utf-8")
    refused = run(tmp_path / "c.json")
    assert refused.returncode == 2 and "Traceback" not in refused.stderr, refused.stderr
    assert ("Babylon 5 Fleet Action cannot fight Battle Hex 0509 of " in refused.stderr
            and "Alliance has no ship with Babylon 5 data in this battle" in refused.stderr), refused.stderr
