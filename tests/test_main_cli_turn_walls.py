"""``python main.py turn``: walls found by playing the campaign turn at random (issue 19), each
reproduced through the command a user runs. A wall is an answer after which the turn has no
next question (a traceback instead) or a question no answer can pass."""
from __future__ import annotations

import json

import pytest

from tests.hand_kept import hand_kept, hand_kept_data
from tests.test_main_cli import _run
from tests.test_main_cli_turn import _turn, v13_copy

# Seed 7: Alliance, Coalition and Orion Pirates meet at 0703 (three meetings, one per pair).
# The Alliance demands a Deep Space encounter of the Coalition, which refuses and returns to its
# last sector; the Orions demand one of the Alliance, which refuses and returns too. The
# Coalition's meeting with the Orions has nobody of the Coalition left in 0703.
THREE_WAY = ["end_movement", False, False, False, "end_phase", "none", "none", "none", "none",
             "deep_space", False, False, "deep_space", False, False]


def test_a_meeting_whose_fleets_left_is_settled_and_the_turn_goes_on(tmp_path):
    r = _turn(tmp_path, THREE_WAY, "--seed", "7")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["answers_used"] == len(THREE_WAY) and "error" not in out
    assert out["phase"] == "encounters"
    texts = [e["text"] for e in out["log"] if e["kind"] == "log"]
    settled = [t for t in texts if "0703" in t and "Coalition" in t and "Orion Pirates" in t and "left" in t]
    assert settled, texts[-8:]
    nxt = out["next_question"]
    assert nxt is not None and "0703" not in nxt["key"]
    # the next question takes an answer: the turn plays on to its end
    rest = ["none", "none", "none", "none", "end_phase"]
    r2 = _turn(tmp_path, THREE_WAY + rest, "--seed", "7")
    assert r2.returncode == 0, r2.stderr
    assert json.loads(r2.stdout)["phase"] == "battles"


@pytest.mark.parametrize("phase", ["supply", "encounters", "bombardment", "troops"])
def test_a_v13_campaign_in_a_seed004_phase_is_refused_naming_phase(tmp_path, phase):
    """settings.combat_phase v13 runs Turn Orders and the Battle Hexes alone: a file standing in
    another Combat Phase step passed --check, then the GUI raised StopIteration and ``turn``
    asked for End Phase and refused it. --check and the loader (``turn``) refuse it alike."""
    path = v13_copy(tmp_path)
    data = json.loads(open(path, encoding="utf-8").read())
    data["phase"] = phase
    with open(path, "w", encoding="utf-8") as f:
        json.dump(data, f)
    r = _run("--check", path)
    assert r.returncode == 1, r.stdout
    assert "phase:" in r.stderr and "v13" in r.stderr, r.stderr
    t = _turn(tmp_path, ["end_phase"], campaign=path)
    assert t.returncode == 2 and "phase:" in t.stderr and "Traceback" not in t.stderr, t.stderr
    data["settings"]["combat_phase"] = "seed004"  # the same phase in a seed-004 campaign is fine
    with open(path, "w", encoding="utf-8") as f:
        json.dump(data, f)
    assert _run("--check", path).returncode == 0


def test_an_escort_its_trade_fleet_took_off_the_route_does_not_stop_end_movement(tmp_path):
    """The Vanguard Trade Fleet (route 0207, 0307, 0306) is ordered to 0206, off its route; its
    escort follows it. Next turn, End Movement was refused ("Escorts must be placed in a system
    on the trade route ... at the beginning of the movement phase") and no answer could move
    the escort back: the turn was stuck in Turn Orders. The breach is logged and the turn goes on."""
    from tests.play.turn_player import answers_to_next_turn

    first = [{"orders": {"fed-trade-vanguard": ["0206"]}}]
    answers = [*answers_to_next_turn(hand_kept(), first), "end_movement"]
    for _ in range(8):  # the ignore questions End Movement asks, answered "no" through the command
        r = _turn(tmp_path, answers)
        assert r.returncode == 0, r.stderr
        out = json.loads(r.stdout)
        assert "error" not in out and out["turn"] == 2, out.get("error")
        if "/ignore/" not in out["next_question"]["key"]:
            break
        answers.append(False)
    assert out["phase"] == "supply", out["next_question"]
    texts = [e["text"] for e in out["log"] if e["kind"] == "log" and e["turn"] == 2]
    assert any("Vanguard Trade Escort" in t and "trade route" in t for t in texts), texts[:5]


def test_the_escort_of_a_civilian_fleet_a_battle_destroyed_is_released_and_the_file_checks(tmp_path):
    """A battle (here fought at the table) destroys the Vanguard Trade Fleet; its escort still
    named it in ``escort_of``, so the campaign ``turn --out`` wrote was refused by --check
    ("fleets[..].escort_of: fleet ... does not exist") and could no longer be opened."""
    data = hand_kept_data()
    data["settings"].update(combat_phase="v13", battle_system="table")
    next(f for f in data["fleets"] if f["id"] == "kli-home-guard")["sector"] = "0207"  # meets the Trade Fleet
    path = tmp_path / "raid.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    trade = [f"fed-trade-vanguard-{i}" for i in range(1, 5)]
    answers = ["end_movement", False, False, False, {"battle": "0207", "answers": [trade, [], []]}]
    out_file = tmp_path / "after.json"
    r = _turn(tmp_path, answers, "--out", str(out_file), campaign=str(path))
    assert r.returncode == 0, r.stderr
    log = [e["text"] for e in json.loads(r.stdout)["log"] if e["kind"] == "log"]
    assert any("Vanguard Trade Fleet is destroyed" in t for t in log)
    # released by the battle's write-back (rules/battlehex/results.py), logged where the battle ends
    assert any("Vanguard Trade Escort" in t and "escorts nothing now" in t for t in log), log[-6:]
    after = json.loads(out_file.read_text(encoding="utf-8"))
    assert not any(f.get("escort_of") == "fed-trade-vanguard" for f in after["fleets"])
    check = _run("--check", str(out_file))
    assert check.returncode == 0, check.stderr


def test_a_file_saved_with_a_meeting_whose_fleets_left_still_pending_plays_on(tmp_path):
    """A campaign saved before the fix holds the Coalition's meeting with the Orions at 0703 still
    pending though the Coalition left: its pending question is skipped (no traceback), and End
    Phase settles it."""
    out_file = tmp_path / "after.json"
    r = _turn(tmp_path, THREE_WAY, "--seed", "7", "--out", str(out_file))
    assert r.returncode == 0, r.stderr
    data = json.loads(out_file.read_text(encoding="utf-8"))
    stale = next(b for b in data["battle_hexes"] if b["at"] == "0703" and b["attacker"] == "coalition"
                 and b["defender"] == "orions")
    stale.update(encounter="pending", resolved=False, resolution="")
    out_file.write_text(json.dumps(data), encoding="utf-8")
    r = _turn(tmp_path, ["none", "none", "none", "none", "end_phase"], campaign=str(out_file))
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["phase"] == "battles" and out["next_question"] is not None
    assert any("the meeting of Coalition and Orion Pirates is over" in e["text"] for e in out["log"])
