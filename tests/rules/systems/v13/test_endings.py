"""After the battle (rules/systems/v13/endings.py): the Pursuit Roll after a disorganized
withdrawal (V13.834 -> V13.740), crippled Rear Guard units (V13.753) and sub-light evasion
damage (V13.954x-V13.967x) carried back to the campaign."""
from __future__ import annotations

import pytest

from hexmap import Label
from rules.battlehex.roster import Status
from tests.rules.systems.v13.helpers import AT, battle, duel, place, unit

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


def _rear_guard(blues: int, faces: list[int]):
    """Red's r1-r3 disengage unopposed; Blue pursues with b1..b<blues>; r1 (Navigator 4, crew 30)
    is the Rear Guard, is crippled in the rear-guard battle, which runs its ten turns."""
    from rules.systems.v13.procedure import BattleProcedure
    from rules.dice import ScriptedDice

    blue = [unit(f"b{i}") for i in range(1, blues + 1)]
    red = [unit("r1", officers={"navigator": 4}, crew_units_normal=30), unit("r2"), unit("r3")]
    b = fight(blue=blue, red=red, blue_at=tuple(f"21{i:02d}" for i in range(3, 3 + blues)),
              red_at=("2140", "2141", "2142"))
    for r in ("r1", "r2", "r3"):
        b.answer({"declare": r})
        b.answer(False)
    b.answer(True)
    b.answer([u["id"] for u in blue])
    b.answer(["r1"])
    saved = b.saved()
    setup = [30, 30, place("r1", "2103", "D", speed=27)]
    setup += [place(f"b{i}", f"21{39 + i:02d}", "A" if i == 1 else None, speed=5) for i in range(1, blues + 1)]
    nb = BattleProcedure(saved, AT, answers=[*setup, "2115"], dice=lambda _s: ScriptedDice(list(faces)))
    nb.answer({"mark": "r1", "status": "crippled"})
    nb.answer({"clock": 320})  # ten turns (V13.733c)
    assert nb.done
    return nb


def test_a_lost_crippled_rear_guard_unit_is_lost_in_the_campaign_v13_753():
    """RULES_MATRIX V13.753's example: Navigator 4 (root 2): roll 6 -> 4: lost; 1d6 = 3 turns,
    1d3 = 2 hexes, direction 1d6 = 4 (D), 3d6 = 11 internal hits, normal crew 30 -> -6 crew.
    The unit leaves the Battle Hex (0304) and will reappear 2 sectors in direction D (0306);
    until then it is Lost (V13.01: the results are written back to the campaign)."""
    nb = _rear_guard(1, [6, 3, 2, 4, 3, 4, 4, 3, 3])  # then the Pursuit Roll 3 + 3
    saved = nb.saved()
    fleet_of = {u.id: f for f in saved.fleets for u in f.units}
    r1 = next(u for u in fleet_of["r1"].units if u.id == "r1")
    assert (r1.fate.value, r1.lost_turns_remaining) == ("lost", 3)
    assert r1.internal_hits == 11 and r1.crew_units_current == 24 and r1.crippled
    assert r1.lost_by == "V13.753" and r1.base_repair_hits == 11  # the 3d6 hits: repaired only at a Base
    assert str(fleet_of["r1"].sector) == "0306" and str(fleet_of["r2"].sector) == "0304"


def test_a_crippled_rear_guard_unit_that_rejoins_counts_in_the_pursuit_roll_v13_753_742():
    """V13.753: a crippled Rear Guard unit whose adjusted roll is 3 or less "is able to rejoin the
    original force"; A-37: it then counts among the defenders for V13.742. Four pursuers
    against r2, r3 and the rejoined r1: -1 (not -2)."""
    nb = _rear_guard(4, [5, 4, 4])  # 5 - 2 = 3: rejoins; Pursuit Roll 4 + 4
    roll = next(e for e in nb.log.events if e.kind == "roll" and e.rule == "V13.741")
    assert roll.data["total"] == 4 + 4 + 10 - 1
    saved = nb.saved()
    r1 = next(u for f in saved.fleets for u in f.units if u.id == "r1")
    assert r1.fate.value == "active" and r1.crippled


def test_a_lost_unit_neither_controls_nor_contests_its_reappearance_sector_v13_753():
    """V13.753: Lost units "will reappear on the Strategic Map": until then they are not there."""
    from rules.strategic import StrategicState, build_graph

    saved = _rear_guard(1, [6, 3, 2, 4, 3, 4, 4, 3, 3]).saved()
    st = StrategicState.compute(saved, build_graph(saved))
    assert "klingon" not in st.status(Label.parse("0306")).powers
