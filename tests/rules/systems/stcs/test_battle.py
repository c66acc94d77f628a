"""The stcs system fought through the seam (rules.systems.start): the combat mode, arrivals by
warp, a scan for a cloaked ship on the cloaked side's secret D10, a lock, a warp in with its
dispersion dice and a warp out; results written back; replay gives the same bytes; undo and
reopen go on; the hidden table never reaches the scanning side's view or file."""
from __future__ import annotations

import json

import pytest

from rules.battlehex.log import GM, IllegalAnswer
from rules.battlehex.roster import Status
from rules.dice import ScriptedDice
from rules.model import save_campaign
from rules.model.seals import new_key
from rules.systems import start, system_for
from rules.systems.stcs.battle import STCSBattle
from tests.rules.systems.stcs.helpers import stcs_campaign
from tests.rules.systems.v13.helpers import AT

RED, BLUE = "red", "blue"
OPENING = ["sublight", ["lexington"]]


def scripted(faces: list[int]) -> STCSBattle:
    run = STCSBattle(stcs_campaign(), AT, dice=lambda _seed: ScriptedDice(list(faces)))
    for a in OPENING:
        run.answer(a)
    return run


def test_the_system_is_registered_and_fights_through_the_seam() -> None:
    c = stcs_campaign()
    assert system_for(c, AT).title == "Starship Tactical Combat Simulator"
    run = start(c, AT)
    assert isinstance(run, STCSBattle) and run.pending.key == "stcs/mode"
    with pytest.raises(IllegalAnswer, match="sub-light combat"):
        run.answer("hyperspace")


def test_warp_speed_combat_offers_no_warping() -> None:
    run = start(stcs_campaign(), AT)
    run.answer("warp")
    assert run.pending.key == "stcs/1/act"
    assert not [o for o in run.pending.options if o.startswith("warp")]
    assert "warp speeds" in run.pending.data["barred"]["Enterprise warp out"]


def test_a_scan_uses_the_cloaked_sides_secret_d10_and_the_scanner_learns_only_the_finding() -> None:
    run = scripted([1])  # the scan die
    odds = run.question_odds()["scan:enterprise"]  # 24 hexes, no lock: moving 1-3 or 8-0, still 1 or 0
    assert "21-30 hexes 30%/10%" in odds
    run.answer("scan:enterprise")
    q = run.pending
    assert q.to == RED and q.data["secret"] and (q.low, q.high) == (1, 10)
    with pytest.raises(IllegalAnswer, match="1-10"):
        run.answer(11)
    assert run.pending.key == q.key and len(run.answers) == 3  # nothing half-applied
    run.answer(3)  # table (1-5): 24 hexes, stationary (it has not moved), no lock: 1 detects; the die 1 does
    assert run.engine.locks == {"enterprise": "bop"}
    blue = json.dumps([e.to_dict() for e in run.log.for_viewer(BLUE)])
    red = json.dumps([e.to_dict() for e in run.log.for_viewer(RED)])
    assert "Cloak Detection Table (1-5)" in red and "scan die 1" in red
    assert "Cloak Detection Table (" not in blue and "hidden D10 3" not in blue and "cloak scan" not in blue
    assert "Enterprise's scan locks on a cloaked ship: Bird of Prey" in blue
    assert run.secret_answers() == {"3": RED}
    assert "held still" not in blue and "moved this segment" not in blue


def test_the_other_table_misses_on_the_same_die() -> None:
    run = scripted([2])
    run.answer("scan:enterprise")
    run.answer(6)  # table (6-0): stationary, 0 detects
    assert run.engine.locks == {}
    assert "Enterprise's scan finds nothing" in [e.text for e in run.log.for_viewer(BLUE)]


def test_a_lock_by_range_then_a_warp_in_with_its_dispersion_then_a_warp_out() -> None:
    # lock die 7 (24 hexes: 1-7); warp in: CE 100 (major), D4 1, 10, 10 (bearing 000), D10 0 -> 12 + Warp 2
    run = scripted([7, 100, 1, 10, 10, 10, 50])
    run.answer("warpout:d7")  # announced in the turn's opening (the Tactical Advantage Phase)
    run.answer("2")
    run.answer("lock:d7:enterprise")
    assert run.engine.locks == {"d7": "enterprise"}
    run.answer("warpin:lexington")
    assert run.pending.to == BLUE and run.pending.data["secret"]  # the captain selects the target hex
    target = run.pending.default  # 8 hexes behind the Klothos
    run.answer(target)
    assert run.pending.options == ("2", "3", "4", "5", "6")  # Warp 7 needs 7 / 6 x 24 = 28 power of 24
    run.answer("2")
    d = run.engine.dispersions[0]
    assert (d["major"], d["bearing"], d["d10"], d["distance"]) == (True, 0, 10, 14)
    q, r = (int(v) for v in target.split(","))
    landed = run.engine.at["lexington"]
    assert [landed.q, landed.r] == d["landed"] and abs(landed.q - q) + abs(landed.r - r) + abs(
        landed.q + landed.r - q - r) == 28  # 14 hexes
    assert "lock:lexington:d7" not in run.pending.options  # no lock in its arrival segment
    assert run.question_odds()["lock:d7:lexington"].startswith("D10 1-")  # -2 on an arrival
    run.answer("next")  # the activation roll at the segment's end
    run.answer("none")  # Red, in secret: its cloaked Bird of Prey stays
    assert run.state.units["d7"].status is Status.LEFT and "d7" not in run.engine.at
    assert run.status().stage == "turn 1, segment 2"
    run.answer("resolve")
    run.answer(["bop"])
    assert run.state.resolved and "Red (destroyed: Bird of Prey; warped out: Klothos)" in run.status().resolution
    c = run.saved()
    assert "bop" not in {u.id for f in c.fleets for u in f.units}
    assert "d7" in {u.id for f in c.fleets for u in f.units}


GAME = OPENING + ["scan:enterprise", 4, "lock:d7:enterprise", "warpin:lexington", "4,0", "3", "next", "none",
                  "next", "warpout:bop:2", "resolve", []]


def test_replay_is_the_same_bytes_undo_and_reopen_go_on() -> None:
    run = start(stcs_campaign(), AT)
    for a in GAME[:-2]:
        run.answer(a)
    again = start(stcs_campaign(), AT)
    for a in GAME[:-2]:
        again.answer(a)
    assert again.events_json() == run.events_json() and again.events_json(BLUE) == run.events_json(BLUE)
    key = run.pending.key
    run.undo()
    run.answer(GAME[-3])
    assert run.pending.key == key
    reopened = start(run.saved(), AT)
    assert reopened.pending.key == key and reopened.events_json() == run.events_json()


@pytest.mark.parametrize("hidden", range(1, 11))
def test_the_hidden_table_never_reaches_the_scanning_side_view_or_file(hidden: int, tmp_path) -> None:
    run = start(stcs_campaign(), AT)
    for a in OPENING + ["scan:enterprise", hidden, "scan:enterprise", hidden % 10 + 1]:
        if run.pending is not None and run.pending.key.endswith("/act") and a not in run.pending.options:
            break  # the first scan locked on: no second scan offered
        run.answer(a)
    blue = run.events_json(BLUE)
    assert "Cloak Detection Table (" not in blue and "hidden D10" not in blue and "cloak scan" not in blue
    assert not [e for e in run.log.for_viewer(BLUE) if e.data.get("key", "").count("/hidden/")
                and e.kind == "answer"]
    assert "Cloak Detection Table (" in run.events_json(GM)
    red_key, _ = new_key("red's passphrase", 10)
    blue_key, _ = new_key("blue's passphrase", 10)
    c = run.saved().model_copy(update={"keys": {"red": red_key, "blue": blue_key}})
    path = tmp_path / "camp.json"
    save_campaign(c, path)
    stored = json.loads(path.read_text())["battle_hexes"][0]
    secret = {int(i) for i in stored["secret_answers"]}
    assert secret and all(stored["secret_answers"][str(i)] == RED for i in secret)
    assert stored["secret_answers"] == run.secret_answers()
    assert stored["answers"] == [a for i, a in enumerate(run.answers) if i not in secret]  # no secret in plain
    assert "Cloak Detection Table" not in path.read_text()


def end_segment(run: STCSBattle) -> None:
    """The GM ends the segment; Red, in secret, warps no cloaked ship out."""
    run.answer("next")
    if run.pending is not None and "/cloakout/" in run.pending.key:
        run.answer("none")


def test_three_bridge_hits_in_turn_2_segment_2_bar_warping_out_until_turn_3_segment_2() -> None:
    """The seed's example; and "The activation roll may not be made in any turn segment in which a Bridge hit is in
    effect": announced in turn 3's Tactical Advantage Phase, the Klothos's roll is not made at the end of turn 3
    segment 1, and is at the end of segment 2 (D100 50 of 1-90: it leaves)."""
    run = scripted([1, 10, 5, 5, 5, 7, 2, 50])  # per hit a D10; the 0 kills the captain: 3D10 15 + 45 - D10 7 = 53
    for _ in range(4):
        end_segment(run)
    assert run.status().stage == "turn 2, segment 2"
    run.answer("bridge:d7")
    with pytest.raises(IllegalAnswer, match="Bridge hits are 1-10"):
        run.answer(0)
    run.answer(3)
    assert run.engine.bridge["d7"] == [(2, 2), (2, 3), (3, 1)] and run.engine.captains["d7"] == [53]
    assert "no warp out or repairs until turn 3, segment 2" in run.log.events[-2].text + run.log.events[-1].text
    end_segment(run)
    end_segment(run)
    assert run.status().stage == "turn 3, segment 1" and "warpout:d7" in run.pending.options  # announced: not rolled
    run.answer("warpout:d7")
    run.answer("2")
    end_segment(run)
    assert run.state.units["d7"].status is Status.PRESENT
    assert ("Klothos cannot attempt the warp out in this segment: Bridge hits in effect (1 repair phase left)"
            in run.events_json("blue"))
    end_segment(run)
    assert run.state.units["d7"].status is Status.LEFT and run.status().stage == "turn 3, segment 3"


def test_the_gms_answers_are_logged_as_the_game_masters_not_a_teams() -> None:
    """H10's real-screen pass: the warp-in answer read "Wild Space (GM): none" (the GM named by the
    GM-controlled Team's name); the GM, when not fighting, answers as the Game Master."""
    c = stcs_campaign()
    c = c.model_copy(update={"teams": [t.model_copy(update={"name": "Wild Space (GM)"}) if t.id == GM else t
                                       for t in c.teams]})
    run = start(c, AT)
    for a in OPENING[:1] + [[]]:
        run.answer(a)
    assert [e.text for e in run.log.events if e.kind == "answer"] == [
        "Game Master: sub-light combat (warping in and out allowed)", "Game Master: none"]
