"""``python main.py turn`` (issue 13): the campaign turn played headless from a file of answers,
with the guarantees of ``main.py battle``: the same campaign, seed and answers print the same
bytes; an illegal answer exits 1 naming its rule; a bad command line or file exits 2; ``--out``
writes a campaign ``main.py --check`` accepts; a Team sees only what it may.

The default campaign plays seed 004's Combat Phase (``settings.combat_phase`` seed004). It ships
in turn 1's Income Phase with the empire turn run by BattleHex (tests/test_main_cli_turn_empire.py,
tests/test_docs_examples.py); these tests of the Combat Phase start from its Turn Orders with the
empire turn kept by hand (tests/hand_kept.py, written into the test's folder), so turn 1 ends in
turn 2's Turn Orders. The tests about V13's own loop (the Battle Hexes fought right after End
Movement) run on a copy of it with ``combat_phase`` set to ``v13``."""
from __future__ import annotations

import json

from tests.hand_kept import hand_kept_data, hand_kept_file
from tests.test_main_cli import _run

DEFAULT = "scenarios/default_campaign.json"
IGNORES = ["end_movement", False, False, False]  # V13.16 Orions at 0703 (both teams), V13.18 monitor at 0907
HEXES = ["0509", "0604", "0703", "0707", "0907"]
V13_TURN = [*IGNORES, *({"battle": h, "ruling": "fought at the table"} for h in HEXES), "end_phase"]
NO_DEMAND = ["none", "none"]  # a meeting in a sector: the defender demands nothing, nor does the attacker
SEED004_TURN = [*IGNORES, "end_phase",  # Supply -> Encounters, the systems one at a time in the turn's seeded order:
                *NO_DEMAND * 3,  # 0703: the two teams, and the Orions with each of them: nobody demands
                *NO_DEMAND * 2,  # 0604, then 0907: nobody demands, no scenario
                "deep_space", True,  # 0509: the Federation demands a Deep Space encounter, the Klingons agree
                *NO_DEMAND,  # 0707: nobody demands
                "end_phase",  # Encounters -> Space Combat
                {"battle": "0509", "ruling": "fought at the table"}, "end_phase",  # -> Orbital Bombardment
                {"end_phase": "no bombardment"}, "end_phase"]  # -> Troop Combat -> turn 2


def _turn(tmp_path, answers, *extra, campaign=None):
    """``main.py turn`` on ``campaign`` (by default the hand-kept variant of the default campaign)."""
    campaign = campaign or str(hand_kept_file(tmp_path))
    f = tmp_path / "answers.json"
    f.write_text(json.dumps(answers), encoding="utf-8")
    return _run("turn", campaign, "--answers", str(f), *extra)


def v13_copy(tmp_path):
    """The default campaign (empire turn kept by hand) with ``settings.combat_phase`` v13 (V13.11's
    Battle Hexes alone)."""
    data = hand_kept_data()
    assert data["settings"]["combat_phase"] == "seed004"
    data["settings"]["combat_phase"] = "v13"
    path = tmp_path / "v13.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def test_a_whole_v13_turn_prints_the_same_bytes_twice(tmp_path):
    """V13's own loop, on a v13 copy of the default campaign."""
    v13 = v13_copy(tmp_path)
    r = _turn(tmp_path, V13_TURN, campaign=v13)
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert (out["turn"], out["phase"], out["answers_used"]) == (2, "orders", len(V13_TURN))
    assert out["next_question"]["key"] == "turn/2/orders" and "error" not in out
    assert [e["data"]["key"] for e in out["log"] if e["kind"] == "question"][:2] == \
        ["turn/1/orders", "turn/1/ignore/alliance/ori-cr-1"]
    assert any(e["kind"] == "log" and e["text"] == "Turn 2 begins" for e in out["log"])
    assert _turn(tmp_path, V13_TURN, campaign=v13).stdout == r.stdout
    assert r.stdout == json.dumps(out, indent=1, sort_keys=True) + "\n"


def test_a_whole_seed004_turn_of_the_default_campaign_prints_the_same_bytes_twice(tmp_path):
    r = _turn(tmp_path, SEED004_TURN)
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert (out["turn"], out["phase"], out["answers_used"]) == (2, "orders", len(SEED004_TURN))
    keys = [e["data"]["key"] for e in out["log"] if e["kind"] == "question"]
    systems = list(dict.fromkeys(k.split("/")[1] for k in keys if k.startswith("encounter/")))
    assert systems == ["0703", "0604", "0907", "0509", "0707"]  # one at a time, in the turn's seeded order
    i = keys.index("encounter/0509/demand/alliance")
    assert keys[4] == "turn/1/supply/end" and keys[i + 1] == "encounter/0509/agree/coalition"
    assert "turn/1/troops/end" in keys and not any(k.startswith("ground/") for k in keys)  # nobody landed
    texts = [e["text"] for e in out["log"] if e["kind"] == "log"]
    assert any("0509: Alliance demands a Deep Space encounter and Coalition agrees" in t for t in texts)
    assert any(t.startswith("Fleet Deep Strike Squadron (Klingon Empire) at 0509: Out of Supply") for t in texts)
    assert any(t.endswith("no bombardment") for t in texts) and "Turn 2 begins" in texts
    assert _turn(tmp_path, SEED004_TURN).stdout == r.stdout


def test_an_illegal_answer_exits_1_with_its_rule(tmp_path):
    """V13.12 refuses the end of V13's loop (a v13 copy) while Battle Hexes are open."""
    r = _turn(tmp_path, [*IGNORES, "end_phase"], "--out", str(tmp_path / "kept.json"), campaign=v13_copy(tmp_path))
    assert r.returncode == 1 and "turn: answer 5 is illegal: V13.12" in r.stderr  # Battle Hexes still open
    kept = json.loads((tmp_path / "kept.json").read_text(encoding="utf-8"))
    assert kept["phase"] == "battles" and len(kept["battle_hexes"]) == 5  # the answers before it are kept
    r = _turn(tmp_path, ["end_movement", "maybe", False])
    assert r.returncode == 1
    assert "turn: answer 2 is illegal: V13.16: answer yes or no" in r.stderr
    err = json.loads(r.stdout)["error"]
    assert (err["answer_index"], err["rule"], err["answer"]) == (1, "V13.16", "maybe")
    assert json.loads(r.stdout)["answers_used"] == 1


def test_an_illegal_answer_inside_a_battle_names_the_battles_answer(tmp_path):
    """A battle fought right after End Movement: V13's loop (a v13 copy)."""
    r = _turn(tmp_path, [*IGNORES, {"battle": "0509", "answers": ["bogus"]}], campaign=v13_copy(tmp_path))
    assert r.returncode == 1 and "turn: answer 5 is illegal: V13." in r.stderr
    err = json.loads(r.stdout)["error"]
    assert err["answer_index"] == 4 and err["battle_answer_index"] == 0 and err["rule"].startswith("V13.")


def test_out_writes_a_campaign_the_check_accepts_and_that_plays_on(tmp_path):
    out = tmp_path / "after.json"
    nobody = [*IGNORES, "end_phase", *NO_DEMAND * 7, "end_phase", "end_phase", {"end_phase": "none"}, "end_phase"]
    r = _turn(tmp_path, nobody, "--out", str(out), "--seed", "7")  # any order: nobody demands a scenario
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["seed"] == 7
    check = _run("--check", str(out))
    assert check.returncode == 0, check.stderr
    saved = json.loads(out.read_text(encoding="utf-8"))
    assert (saved["turn"], saved["dice_seed"]) == (2, 7)
    again = _turn(tmp_path, [{"orders": {"fed-logistics": ["0308"]}}], campaign=str(out))
    assert again.returncode == 0, again.stderr
    assert json.loads(again.stdout)["next_question"]["key"] == "turn/2/orders"


def test_the_default_campaign_enters_supply_then_encounters(tmp_path):
    path = str(hand_kept_file(tmp_path))
    r = _turn(tmp_path, [*IGNORES, "end_phase"], campaign=path)
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["phase"] == "encounters"
    assert out["next_question"]["key"].startswith("encounter/") and out["next_question"]["rule"] == \
        "004 Encounters Phase"
    assert any(e["rule"] == "004 Supply Phase" for e in out["log"])
    assert _turn(tmp_path, [*IGNORES, "end_phase"], campaign=path).stdout == r.stdout
    early = _turn(tmp_path, [*IGNORES, {"battle": "0509", "ruling": "x"}], campaign=path)
    assert early.returncode == 1 and "004 Sequence of Play" in early.stderr  # Supply comes first


def test_a_team_sees_neither_the_other_teams_ignore_question_nor_its_answer(tmp_path):
    r = _turn(tmp_path, IGNORES[:2], "--viewer", "coalition")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    keys = [e["data"].get("key") for e in out["log"]]
    assert "turn/1/ignore/alliance/ori-cr-1" not in keys
    assert out["next_question"]["key"] == "turn/1/ignore/coalition/ori-cr-1"
    alliance = json.loads(_turn(tmp_path, IGNORES[:2], "--viewer", "alliance").stdout)
    assert "turn/1/ignore/alliance/ori-cr-1" in [e["data"].get("key") for e in alliance["log"]]
    assert alliance["next_question"] == {"to": "coalition", "rule": "V13.16", "secret": True}


def test_a_bad_command_line_or_file_exits_2(tmp_path):
    assert _run("turn", DEFAULT).returncode == 2  # --answers is required
    assert _turn(tmp_path, [], "--viewer", "nobody").returncode == 2
    f = tmp_path / "answers.json"
    f.write_text("{\"not\": \"a list\"}", encoding="utf-8")
    assert _run("turn", DEFAULT, "--answers", str(f)).returncode == 2
    assert _run("turn", str(tmp_path / "missing.json"), "--answers", str(f)).returncode == 2
