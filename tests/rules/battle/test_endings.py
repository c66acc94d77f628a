"""After the battle (rules/battle/endings.py): the Pursuit Roll after a disorganized
withdrawal (V13.834 -> V13.740), crippled Rear Guard units (V13.753) and sub-light evasion
damage (V13.954x-V13.967x) carried back to the campaign."""
from __future__ import annotations

import pytest

from rules.battle.roster import Status
from tests.rules.battle.helpers import battle, duel, place, unit

WS = [1, 1, 1, 1]  # both teams WS 0: no modifiers in a plain duel


def fight(blue=None, red=None, *, faces=(), blue_at=("2103",), red_at=("2140",)):
    """Blue (b1.., DoR A) at the top, Red (r1.., DoD D) below; centre 2115 (as in test_combat)."""
    answers: list = [False, 30, 30]
    answers += [place(f"b{i + 1}", at, "D" if i == 0 else None) for i, at in enumerate(blue_at)]
    answers += [place(f"r{i + 1}", at, "A" if i == 0 else None) for i, at in enumerate(red_at)]
    answers.append("2115")
    return battle(duel(blue or [unit("b1")], red or [unit("r1")]), answers=tuple(answers), faces=WS + list(faces))


@pytest.mark.parametrize(("sensors", "damaged", "total", "rule"), [
    (True, False, 6, "V13.748"),   # 4 + 4 - 2: intercepted
    (True, True, 8, "V13.747"),    # damaged sensors give nothing
    (False, False, 8, "V13.747"),
])
def test_special_sensors_count_in_the_pursuit_roll_after_a_disorganized_withdrawal_v13_834_743(
        sensors, damaged, total, rule):
    """V13.834: a pursuer leaving more than 64 impulses after the fleeing unit needs a Pursuit
    Roll [V13.740]; V13.743: "If a unit in the Pursuit Force is equipped with Special Sensors,
    subtract two (2) from the Pursuit Roll. This does not apply if the unit has suffered
    sensor/scanner damage." 70 impulses is under 96, so V13.834 adds nothing."""
    red = [unit("r1", has_special_sensors=sensors, sensors_damaged=damaged)]
    b = fight(blue=[unit("b1"), unit("b2")], red=red, blue_at=("2103", "2104"), faces=[4, 4])
    b.answer({"move": "b1", "to": "2101", "facing": "B"})
    b.answer({"move": "b1", "to": "(21,-15)", "facing": "B"})  # top border facing B: disorganized
    b.answer({"clock": 70})
    b.answer({"move": "r1", "to": "(21,-15)", "facing": "B"})
    assert b.state.units["b1"].status is Status.DISORGANIZED and b.pending.key == "V13.831/b1"
    b.answer(["r1"])
    roll = next(e for e in b.log.events if e.kind == "roll" and e.rule == "V13.741")
    assert roll.data["total"] == total
    assert any(e.rule == rule for e in b.log.events)


def _evade(sectors, faces, red1):
    """Red's r1 is opposed, evades at sub-light, and r2 is destroyed: the battle ends."""
    answers: list = [False, 0, 0, 30, 30, place("b1", "2103", "D"), place("r1", "2140", "A"), place("r2", "2141"),
                     "2115"]  # 0, 0: no V13.414 terrain modifier for either team
    c = duel([unit("b1")], [red1, unit("r2")], sectors=sectors)
    b = battle(c, answers=tuple(answers), faces=WS + list(faces))
    b.answer({"declare": "r1"})
    b.answer(True)
    b.answer("sub-light evasion")
    b.answer({"mark": "r2", "status": "destroyed"})
    assert b.done
    return next(x for f in b.saved().fleets for x in f.units if x.id == "r1")


@pytest.mark.parametrize(("terrain", "faces", "hits"), [
    # V13.9540 row 3 (neutral hex): "(5 - Size Class) x 1d6 additional damage. If it survives, it is
    # treated as if it had evaded in Empty Space [V13.958]": SC 3, 1d6 = 4 -> 2 x 4 = 8, then T14a 1
    ("asteroid_field", [3, 4, 1], 8),
    # V13.9570 row 2: (Size Class - 1) x 1d6: SC 3, 1d6 = 5 -> 10, then T14a 1
    ("ion_storm", [2, 5, 1], 10),
])
def test_sublight_evasion_damage_reaches_the_campaign_v13_954x_957x(terrain, faces, hits):
    r1 = _evade({"0304": {"terrain": terrain}}, faces, unit("r1", boxes_total=40, internal_hits=3))
    assert r1.fate.value == "locatable" and r1.internal_hits == 3 + hits
