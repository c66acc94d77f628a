"""Issue 25: nothing tells the scanning side a cloaked ship is near, or that one tried to warp out and
failed (seed 002: a scan is made on the hidden D10's table; only a successful warp out is announced).
Each viewer is checked: the screen (the pending question as the headless view shows it), the log and
the file (a saved campaign with sealed secrets)."""
from __future__ import annotations

import json

from rules.battlehex.headless_systems import shown
from rules.battlehex.sight import sight
from rules.battlehex.roster import Status
from rules.dice import ScriptedDice
from rules.model import save_campaign
from rules.model.seals import new_key
from rules.systems import start
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


def screen(run: STCSBattle, viewer: str) -> dict:
    """The pending question as ``viewer``'s screen (the headless ``battle`` view) shows it."""
    q, seen = run.pending, sight(run, viewer)
    if q.data.get("secret") and viewer not in (q.to, "gm") or not seen.shown(q.to_dict()):
        return {"to": q.to, "rule": q.rule, "secret": True}
    return shown(run, q.to_dict())


def blue_sees(run: STCSBattle, tmp_path) -> str:
    """All Blue could read: its log, the pending question as its screen shows it, and the sealed file."""
    red_key, _ = new_key("red's passphrase", 10)
    blue_key, _ = new_key("blue's passphrase", 10)
    gm_key, _ = new_key("the gm's passphrase", 10)  # (the GM's too: without it the GM's secrets are refused)
    c = run.saved().model_copy(update={"keys": {"red": red_key, "blue": blue_key, "gm": gm_key}})
    path = tmp_path / "camp.json"
    save_campaign(c, path)
    stored = json.loads(path.read_text())["battle_hexes"][0]
    plain = json.dumps({"answers": stored["answers"]})
    return run.events_json(BLUE) + json.dumps(screen(run, BLUE), default=str) + plain


def test_a_scan_is_offered_with_no_cloaked_ship_and_reads_the_same_to_blue(tmp_path) -> None:
    near, away = scripted([9]), scripted([9])
    away.answer("uncloak:bop")  # no cloaked ship anywhere: the scan is still offered, asked the same way
    for run in (near, away):
        assert "scan:enterprise" in run.pending.options
        run.answer("scan:enterprise")
        assert run.pending.to == RED and run.pending.data["secret"]
        run.answer(4)  # 24 hexes, stationary, no lock, table (1-5): face 1 only; the die 9 misses
        assert run.pending.key == "stcs/1/act"
    assert near.engine.locks == {} and away.engine.locks == {}
    seen = [[(e.kind, e.text) for e in r.log.for_viewer(BLUE)] for r in (near, away)]
    assert seen[0][-4:] == seen[1][-4:]  # from the scan on Blue reads the same whether or not one is there
    blue = blue_sees(near, tmp_path)
    assert "Cloak Detection Table (" not in blue and "cloak scan" not in blue
    assert "scans for cloaked ships (" not in blue


def test_the_scan_odds_name_no_range_to_a_cloaked_ship() -> None:
    run = scripted([])
    odds = run.question_odds()["scan:enterprise"]
    assert "21-30 hexes 30%/10%" in odds and "none beyond 30 hexes" in odds  # the 24-hex figures, by band


def test_a_cloaked_ships_failed_warp_out_is_seen_by_its_side_and_the_gm_only(tmp_path) -> None:
    run = scripted([95])  # activation 1-90 (12/12 power x 100 - 10): 95 fails
    assert not [o for o in run.pending.options if o == "warpout:bop"]  # not a public act while cloaked
    run.answer("next")
    q = run.pending
    assert q.to == RED and q.data["secret"] and "warpout:bop:2" in q.options
    assert screen(run, BLUE) == {"to": RED, "rule": q.rule, "secret": True}
    run.answer("warpout:bop:2")
    assert run.state.units["bop"].status is Status.PRESENT and run.status().stage == "turn 1, segment 2"
    assert "Bird of Prey's warp engines do not activate" in run.events_json(RED)
    assert "do not activate" in run.events_json()
    blue = blue_sees(run, tmp_path)
    assert "do not activate" not in blue and "warp engine activation" not in blue and "warpout:bop" not in blue
    assert "Warp 2" not in blue


def test_a_cloaked_ships_successful_warp_out_is_announced() -> None:
    run = scripted([90])
    run.answer("next")
    run.answer("warpout:bop:2")
    assert run.state.units["bop"].status is Status.LEFT
    assert "Bird of Prey warps out at Warp 2" in run.events_json(BLUE)
