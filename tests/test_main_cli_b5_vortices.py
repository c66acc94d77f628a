"""Issue 24 headless: a B5 squadron jumping in through several vortices (seed 003 Jump-In Scenarios:
"A single squadron can use multiple gates to enter the battle area"; "The ship that opened the gate
must be the last ship to move through the gate"). The default campaign's Battle Hex 0604 with LSS
Night Prowler (squadron Fang) given a jump engine: the Coalition opens a vortex with it and one with
Fang's command ship, LSS Silent Pounce, which comes through its own vortex (the engine let Fang in
by the first vortex answered only, Night Prowler's), from an answers file with the ``battle``
command's guarantees."""
from __future__ import annotations

import json
import os
import subprocess
import sys

from tests.conftest import DEFAULT, ROOT

OPENING = ["jump-in", "skirmish", "none", "none", ["lyr-ca-pride", "lyr-dd-1", "lyr-cw-1"],
           {"at": "4530", "facing": "A"}, "none", 0, "4601", "4603", "4603",
           "5530", "5520"]  # Night Prowler's vortex forms at 6027, Silent Pounce's at 5221 (seed 3)
ARRIVALS = ["5525", "5221", "5222"]  # Pride at the flagship's vortex; Silent Pounce at its own; Night Prowler by it
END = ["at the table", [], "results", [], []]


def battle(tmp_path, answers, hash_seed="0"):
    data = json.loads(DEFAULT.read_text(encoding="utf-8"))
    for f in data["fleets"]:
        for u in f["units"]:
            if u["id"] == "lyr-dd-1":
                u["b5"]["jump_engine"] = True
    (tmp_path / "c.json").write_text(json.dumps(data), encoding="utf-8")
    (tmp_path / "a.json").write_text(json.dumps(answers))
    env = {**os.environ, "PYTHONHASHSEED": hash_seed, "QT_QPA_PLATFORM": "offscreen"}
    return subprocess.run([sys.executable, "main.py", "battle", str(tmp_path / "c.json"), "--hex", "0604", "--system",
                           "b5", "--answers", str(tmp_path / "a.json"), "--viewer", "gm", "--seed", "3"], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=300)


def test_a_squadron_through_two_vortices_plays_to_its_end_the_same_bytes(tmp_path):
    one = battle(tmp_path, OPENING + ARRIVALS + END, hash_seed="1")
    two = battle(tmp_path, OPENING + ARRIVALS + END, hash_seed="2")
    assert one.returncode == 0, one.stderr
    assert one.stdout == two.stdout
    out = json.loads(one.stdout)
    assert out["state"]["resolved"]
    texts = [e["text"] for e in out["log"]]
    assert "LSS Night Prowler's vortex forms at 6027: 5 hexes in direction 2 from 5530" in texts
    assert "LSS Silent Pounce's vortex forms at 5221: 3 hexes in direction 5 from 5520" in texts
    assert "LSS Silent Pounce jumps in at 5221, the last through its own vortex at 5221, which closes" in texts
    assert "LSS Night Prowler jumps in at 5222, the last through its own vortex at 6027, which closes" in texts


def test_the_command_ship_by_another_ships_vortex_exits_1_naming_the_rule(tmp_path):
    r = battle(tmp_path, OPENING + ["5525", "6027"])  # Night Prowler's vortex: the first opener of Fang answered
    assert r.returncode == 1
    assert "B5 Jump-In Scenarios" in r.stderr and "LSS Silent Pounce commands its squadron: it enters at its vortex, " \
                                                 "5221" in r.stderr
