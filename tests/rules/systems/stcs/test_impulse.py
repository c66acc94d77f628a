"""The impulse engine's damage (seed 002, Repairing Superstructure And Engine Damage; Destroying Engines; the Emergency
Heading Change's "If the ship has no functional warp engines, then one point of damage will be applied to its impulse
engine"): power boxes lost point for point, extra damage past them up to min(10, its boxes) rips it off (that hit's
excess lost), repairs on a D100 at or under the Crew Efficiency (100 fails), the extra damage first, none once ripped
off; the power available reads the boxes left. The Klothos (D-7): warp engines 10 and 10, impulse 4, Crew Efficiency
61. A battle begun before the record's era 2 (rules/systems/stcs/compat.py) replays as it was fought."""
from __future__ import annotations

import json

import pytest

from rules.dice import ScriptedDice
from rules.systems.stcs import compat, impulse, power, ramming
from rules.systems.stcs.battle import STCSBattle
from tests.rules.systems.stcs.test_damage import scripted
from tests.rules.systems.stcs.test_heading import refused
from tests.rules.systems.v13.helpers import AT


def hit(run: STCSBattle, x: str, what: str, pts: int) -> None:
    run.answer(f"hit:{x}")
    run.answer(what)
    run.answer(pts)


def lines(run: STCSBattle, rule: str) -> list[str]:
    return [e.text for e in run.log.events if e.rule == rule and e.kind == "ruling"]


@pytest.mark.parametrize(("boxes", "hits", "ripped"), [(4, 7, False), (4, 8, True), (12, 21, False), (12, 22, True),
                                                       (10, 19, False), (10, 20, True), (1, 1, False), (1, 2, True)])
def test_an_engine_is_ripped_off_at_extra_damage_min_10_or_its_boxes(boxes: int, hits: int, ripped: bool) -> None:
    assert impulse.rips(boxes, hits) is ripped
    assert impulse.left(boxes, hits) == max(0, boxes - hits)


def test_a_hit_on_the_impulse_engine_takes_its_power_boxes_and_the_power_available() -> None:
    run = scripted([])
    e = run.engine
    run.answer("hit:d7")
    q_words = run.pending.data["option_words"]
    assert q_words["impulse"] == "the impulse engine (4 power boxes left)"
    run.answer("impulse")
    assert run.pending.text == "Game Master: how many points of damage on the impulse engine (4 power boxes left)?"
    run.answer(3)
    assert e.data("d7").impulse_power == 1 and power.available(e, "d7") == 21  # warp 20 + impulse 1 (was 24)
    assert power.why(e, "d7") == "warp 20 + impulse 1"
    assert lines(run, impulse.DAMAGE)[-1] == "Klothos' impulse engine: 1 of 4 power boxes left"
    hit(run, "d7", "impulse", 3)  # 6 of 4: 2 extra absorbed, no carry (engines are not in Carry Values From Hits)
    assert e.impulse_hits["d7"] == 6 and e.data("d7").impulse_power == 0 and power.available(e, "d7") == 20
    assert lines(run, impulse.DAMAGE)[-1] == ("Klothos' impulse engine: 0 of 4 power boxes left (2 of 4 extra points "
                                              "absorbed: ripped off at 4)")


def test_the_extra_damage_reaching_its_boxes_rips_it_off_and_the_hits_excess_is_lost() -> None:
    run = scripted([])
    e = run.engine
    hit(run, "d7", "impulse", 7)  # 3 of 4 extra: still on
    assert "d7" not in e.impulse_ripped
    hit(run, "d7", "impulse", 3)  # the 8th point rips it off, 2 more lost
    assert "d7" in e.impulse_ripped and e.data("d7").impulse_power == 0
    assert lines(run, impulse.RULE) == ["Klothos' impulse engine and its mounting are ripped off (2 points over lost)"]
    run.answer("hit:d7")
    assert "impulse" not in run.pending.options  # gone: later engine hits are the GM's on the superstructure
    run.answer("superstructure")
    run.answer(1)
    assert e.ss_lost["d7"] == 1  # the excess was not put on the superstructure
    run.answer("repair:d7")
    assert "impulse" not in run.pending.options  # "Once an engine has been destroyed ... may not be repaired"


@pytest.mark.parametrize(("die", "mended"), [(61, True), (62, False), (100, False)])
def test_a_repair_is_a_d100_at_or_under_the_crew_efficiency(die: int, mended: bool) -> None:
    run = scripted([die])
    e = run.engine
    hit(run, "d7", "impulse", 2)
    run.answer("repair:d7")
    assert run.pending.data["option_words"]["impulse"] == "impulse engine (2 damage: 2 of 4 power boxes left)"
    run.answer("impulse")
    run.answer("crew")
    assert e.impulse_hits["d7"] == (1 if mended else 2)
    assert lines(run, "STCS Systems Repair")[-1] == (f"Klothos {'repairs one box of' if mended else 'fails to repair'} "
                                                     "impulse engine")


def test_repairs_take_the_extra_damage_off_before_power_returns() -> None:
    run = scripted([10, 10, 10])
    e = run.engine
    hit(run, "d7", "impulse", 6)  # 0 of 4, 2 extra
    for left, impulse_power in ((5, 0), (4, 0), (3, 1)):
        run.answer("repair:d7")
        run.answer("impulse")
        run.answer("crew")
        assert e.impulse_hits["d7"] == left and e.data("d7").impulse_power == impulse_power
        run.answer("next")
        while run.pending.key.endswith(("/cloakout/red", "/cloakout/blue")):
            run.answer("none")


def test_no_repair_with_no_crew() -> None:
    run = scripted([])
    hit(run, "d7", "impulse", 2)
    run.engine.casualties["d7"] = 100  # (the act question is built at the next act)
    run.answer("hit:d7")
    run.answer("superstructure")
    run.answer(1)
    assert "repair:d7" not in run.pending.options and "Klothos repair" in run.pending.data["barred"]


def no_warp(run: STCSBattle) -> None:
    for engine in ("engine:1", "engine:2"):
        hit(run, "d7", engine, 10)  # each engine's 10 boxes gone


def test_an_emergency_heading_change_with_no_functional_warp_engine_marks_the_impulse_engine() -> None:
    run = scripted([])
    e = run.engine
    assert run.record.era == compat.ERA >= compat.IMPULSE_ERA  # a battle begun now
    no_warp(run)
    run.answer("heading:d7")
    run.answer(e.facing["d7"].rotate(1).name)
    assert e.impulse_hits["d7"] == 1 and e.data("d7").impulse_power == 3 and power.available(e, "d7") == 3
    assert lines(run, impulse.DAMAGE)[-2:] == [
        "Klothos' impulse engine (no functional warp engine): 3 of 4 power boxes left",
        "Klothos loses 1 superstructure point (an Emergency Heading Change): 35 of 36 left"]


def test_a_ship_whose_engines_have_no_power_box_left_is_not_capable_of_movement() -> None:
    run = scripted([])
    no_warp(run)
    hit(run, "d7", "impulse", 4)
    refused(run, "heading:d7", r"^STCS Emergency Heading Changes: Klothos is not capable of movement \(no power box "
                               r"left in its engines\)$")


def test_an_evasive_maneuver_with_no_functional_warp_engine_marks_the_impulse_engine() -> None:
    run = scripted([])
    e = run.engine
    no_warp(run)
    ramming._evade(e, "d7", 2)
    assert e.impulse_hits["d7"] == 2 and e.ss_lost["d7"] == 2
    hit(run, "d7", "impulse", 6)  # ripped off (8)
    ramming._evade(e, "d7", 1)
    assert e.impulse_hits["d7"] == 8 and lines(run, impulse.RULE)[-1] == (
        "Klothos' impulse engine is ripped off: 1 point of damage on it, an engine hit after it is gone, applied to the "
        "superstructure as the base game's rules say (the Game Master enters it)")


def begun_before(run: STCSBattle) -> STCSBattle:
    """``run``'s battle as saved by code before era 2 (its record's era 1), reopened and replayed."""
    c = run.saved()
    c = c.model_copy(update={"battle_hexes": [b.model_copy(update={"era": 1}) if b.at == AT else b
                                              for b in c.battle_hexes]})
    return STCSBattle(c, AT, dice=lambda _seed: ScriptedDice([]))


def test_a_battle_begun_before_era_2_keeps_the_impulse_point_at_the_table() -> None:
    run = scripted([])
    no_warp(run)
    old = begun_before(run)
    e = old.engine
    assert old.record.era == 1 and e.data("d7").warp_now == [0, 0]
    old.answer("heading:d7")
    old.answer(e.facing["d7"].rotate(1).name)
    assert "d7" not in e.impulse_hits and power.available(e, "d7") == 4
    assert "Klothos' impulse engine takes 1 point of damage (no functional warp engine; at the table)" in \
        old.events_json()
    ramming._evade(e, "d7", 1)
    assert "d7" not in e.impulse_hits
    assert lines(old, ramming.RULE)[-2] == "Klothos: 1 point on its impulse engine (at the table)"


def with_impulse(boxes: int) -> STCSBattle:
    """The test battle with the Klothos' impulse engine of ``boxes`` power boxes (0: none)."""
    from rules.model import io
    from tests.rules.systems.stcs.helpers import stcs_campaign
    from tests.rules.systems.stcs.test_damage import OPENING

    data = json.loads(io.dumps(stcs_campaign()))
    for f in data["fleets"]:
        for u in f["units"]:
            if u["id"] == "d7":
                u["stcs"]["impulse_power"] = boxes
    c = type(stcs_campaign()).model_validate(data)
    run = STCSBattle(c, AT, dice=lambda _seed: ScriptedDice([]))
    for a in OPENING:
        run.answer(a)
    return run


@pytest.mark.parametrize(("boxes", "offered"), [(0, False), (1, True)])
def test_a_ship_without_impulse_boxes_has_no_impulse_engine_to_hit(boxes: int, offered: bool) -> None:
    run = with_impulse(boxes)
    run.answer("hit:d7")
    assert ("impulse" in run.pending.options) is offered
    if offered:
        assert run.pending.data["option_words"]["impulse"] == "the impulse engine (1 power box left)"


def test_a_ship_without_impulse_boxes_takes_no_evasive_point_on_it() -> None:
    run = with_impulse(0)
    e = run.engine
    no_warp(run)
    ramming._evade(e, "d7", 2)
    assert "d7" not in e.impulse_hits
    assert [(x.text, x.data) for x in run.log.events if x.rule == impulse.RULE] == [(
        "Klothos' impulse engine has no power boxes: 2 points of damage on it, an engine hit after it is gone, applied "
        "to the superstructure as the base game's rules say (the Game Master enters it)", {"unit": "d7"})]


def test_the_lines_at_the_edges_no_extra_one_extra_ripped_with_nothing_over() -> None:
    run = scripted([])
    hit(run, "d7", "impulse", 4)  # all 4 boxes, no extra yet
    run.answer("hit:d7")
    assert run.pending.data["option_words"]["impulse"] == "the impulse engine (0 power boxes left)"
    run.answer("impulse")
    run.answer(1)
    hit(run, "d7", "impulse", 3)  # the 8th point: ripped, nothing over
    events = [(x.text, x.data) for x in run.log.events if x.kind == "ruling" and x.text.startswith("Klothos' impulse")]
    assert events == [("Klothos' impulse engine: 0 of 4 power boxes left", {"unit": "d7"}),
                      ("Klothos' impulse engine: 0 of 4 power boxes left (1 of 4 extra points absorbed: ripped off at "
                       "4)", {"unit": "d7"}),
                      ("Klothos' impulse engine and its mounting are ripped off", {"unit": "d7"})]


def test_the_repair_list_offers_the_impulse_engine_from_one_damage_to_none() -> None:
    run = scripted([10])
    hit(run, "d7", "superstructure", 1)
    run.answer("repair:d7")
    assert "impulse" not in run.pending.options  # undamaged
    run.answer("superstructure")
    run.answer("crew")
    hit(run, "d7", "impulse", 1)
    run.answer("next")
    while run.pending.key.endswith(("/cloakout/red", "/cloakout/blue")):
        run.answer("none")
    run.answer("repair:d7")
    assert run.pending.options == ("impulse",)  # one damage
    run.engine.dice = ScriptedDice([10])
    run.answer("impulse")
    run.answer("crew")
    assert run.engine.impulse_hits["d7"] == 0 and "repair:d7" not in run.pending.options  # none left


def test_the_sheets_words_from_whole_to_ripped_off() -> None:
    from rules.systems.stcs import engines

    run = scripted([])
    e = run.engine
    assert engines.power_words(e, "d7") == "warp 20/20, impulse 4/4"
    hit(run, "d7", "impulse", 3)
    assert engines.power_words(e, "d7") == "warp 20/20, impulse 1/4"
    hit(run, "d7", "impulse", 5)  # 8: ripped off
    assert impulse.words(e, "d7") == "impulse ripped off (of 4)"


def test_a_ship_with_warp_boxes_as_many_as_its_impulse_boxes_is_capable_of_movement() -> None:
    run = scripted([])
    hit(run, "d7", "engine:1", 10)
    hit(run, "d7", "engine:2", 6)  # warp 4 left, impulse 4: 8 power (a mutant read 4 - 4 as none)
    run.answer("heading:d7")
    run.answer(run.engine.facing["d7"].rotate(1).name)
    assert run.engine.turned["d7"] == 1
