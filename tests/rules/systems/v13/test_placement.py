"""Placement (V13.430-V13.475), the original centre (V13.811) and hidden information (V13.03)."""
from __future__ import annotations

import pytest

from hexmap import Facing
from rules.battlehex.log import GM, IllegalAnswer
from rules.battlehex.state import Step
from rules.systems.v13.placement import corrected_facing, legal_attacker_facings
from rules.systems.v13.queries import corrected_facing as corrected_note
from tests.rules.systems.v13.helpers import AT, battle, campaign, duel, fleet, place, unit

WS = {0: [1, 1], 1: [2, 2], 2: [4, 4], 3: [6, 6]}


def to_placement(c, red_ws=2, blue_ws=1, rng=(None, None, 43), wbc=(False,), decisions=None, extra_faces=()):
    """Reach placement: no withdrawal, then the range answers (default: Red, WS II over I, picks 43)."""
    rng = tuple(x for x in rng if x != "skip")
    return battle(c, answers=(*wbc, *rng), faces=WS[red_ws] + WS[blue_ws] + list(extra_faces), decisions=decisions)


def refused(b, answer, rule):
    before = list(b.answers)
    with pytest.raises(IllegalAnswer) as e:
        b.answer(answer)
    assert rule in e.value.rule, e.value
    assert b.answers == before
    return str(e.value)


# -- defenders in open space (V13.432-V13.436) --------------------------------------------------
def test_first_defender_near_an_edge_fixes_the_dor_v13_432():
    b = to_placement(duel([unit("b1"), unit("b2"), unit("b3")], [unit("r1")]))
    assert b.state.step is Step.PLACE_DEFENDER and b.state.dor is None  # V13.436
    refused(b, place("b1", "2115", "D"), "V13.432")  # 14 hexes from every edge
    refused(b, place("b1", "2103"), "V13.432")  # the first ship needs a facing
    b.answer(place("b1", "2103", "D", 9))
    assert b.state.dor is Facing.A


def test_chain_of_defenders_v13_433():
    b = to_placement(duel([unit("b1"), unit("b2"), unit("b3")], [unit("r1")]))
    b.answer(place("b1", "2103", "D"))
    b.answer(place("b2", "2106"))  # 3 from the previous, 3 from the first
    msg = refused(b, place("b3", "2109"), "V13.433")  # 3 from the previous, 6 from the first
    assert "3 hexes, at most 2 allowed" in msg and "6 hexes, at most 5 allowed" in msg
    b.answer(place("b3", "2108"))


@pytest.mark.parametrize(("ws", "ok", "bad"), [(0, 4, 5), (1, 9, 10), (2, 20, 21), (3, 31, None)])
def test_defender_speed_table_v13_435(ws, ok, bad):
    b = to_placement(duel([unit("b1"), unit("b2")]), red_ws=ws, blue_ws=ws, rng=(None, None))
    if bad is not None:
        refused(b, place("b1", "2103", "D", bad), "V13.435")
    b.answer(place("b1", "2103", "D", ok))
    assert b.state.units["b1"].speed == ok


def test_attackers_wait_for_the_defence_v13_437():
    b = to_placement(duel([unit("b1")], [unit("r1")]))
    refused(b, place("r1", "2150", "A"), "V13.")


# -- attackers (V13.441-V13.448) -------------------------------------------------------------------
def attackers_ready(n_red=3):
    b = to_placement(duel([unit("b1")], [unit(f"r{i}") for i in range(1, n_red + 1)]))
    b.answer(place("b1", "2103", "D", 9))  # DoR = A
    return b


def test_minimum_range_v13_441():
    b = attackers_ready()
    assert b.state.min_range == 43
    refused(b, place("r1", "2145", "A"), "V13.441")  # 42 hexes
    b.answer(place("r1", "2146", "A"))  # 43 hexes
    assert b.state.dod is Facing.D and b.state.units["r1"].speed == 31  # V13.442, V13.448


@pytest.mark.parametrize(("facing", "dod"), [("A", "D"), ("B", "E"), ("F", "C")])
def test_legal_first_attacker_facings_v13_443(facing, dod):
    b = attackers_ready()
    b.answer(place("r1", "2150", facing))
    assert b.state.dod is Facing.parse(dod) and not [e for e in b.log.events if e.rule == "V13.443"]


@pytest.mark.parametrize(("facing", "fixed"), [("D", "F"), ("C", "B"), ("E", "F")])
def test_illegal_first_attacker_facing_is_corrected_v13_443(facing, fixed):
    b = attackers_ready()
    b.answer(place("r1", "2150", facing))
    assert b.state.units["r1"].facing is Facing.parse(fixed)
    note = next(e.text for e in b.log.events if e.rule == "V13.443")
    assert f"facing {facing} would make" in note and f"corrected to facing {fixed}" in note
    assert corrected_note(b.log) == f"V13.443: {note}"  # what the view asks (app/systems/v13/panel.py)


def test_no_corrected_facing_to_tell_v13_443():
    b = attackers_ready()
    b.answer(place("r1", "2150", "A"))
    assert corrected_note(b.log) is None


def test_facing_table():
    assert legal_attacker_facings(Facing.A) == (Facing.F, Facing.A, Facing.B)
    assert corrected_facing(Facing.D, Facing.A) is Facing.F


def test_attackers_share_the_initial_facing_and_stay_within_8_v13_445_446():
    b = attackers_ready()
    b.answer(place("r1", "2150", "A"))
    refused(b, place("r2", "2151", "B"), "V13.446")
    b.answer(place("r2", "2152"))  # facing taken from the initial unit
    assert b.state.units["r2"].facing is Facing.A
    refused(b, place("r3", "2159"), "V13.445")  # 1 from... 7 from r2, 9 from the initial unit


# -- bases, planets and docking (V13.431, A-18, A-19) ------------------------------------------------
BASE = {"0304": {"owner": "fed", "garrison": [unit("sb", kind="starbase")]}}


def test_base_first_then_within_10_v13_431():
    b = to_placement(duel([unit("b1"), unit("b2")], sectors=BASE), wbc=(False, False))  # no WBC, no approach
    assert b.state.step is Step.PLACE_DEFENDER
    refused(b, place("b1", "2120", "A"), "A-19")
    b.answer(place("sb", "2115"))
    refused(b, place("b1", "2126", "A"), "V13.431")  # 11 from the base
    b.answer(place("b1", "2125", "A"))  # 10: the first ship sets the DoR
    assert b.state.dor is Facing.D
    b.answer(place("b2", None, docked=True))
    assert b.state.units["b2"].pos == b.state.units["sb"].pos and b.state.units["b2"].docked


def test_planet_anchor_a_19():
    system = {"owner": "fed", "star_system": {"name": "Sol", "planets": [{"name": "Earth", "owner": "fed"}]}}
    b = to_placement(duel([unit("b1")], sectors={"0304": system}), wbc=(False, False))  # no WBC, decline approach
    assert b.state.anchor_name == "the planet of Sol"
    refused(b, place("b1", "2104", "A"), "V13.431")  # 11 hexes from 2115
    b.answer(place("b1", "2105", "A"))


# -- independent Orions (V13.452-V13.455) --------------------------------------------------------------
def test_orions_at_60_then_within_5():
    c = duel([unit("b1")], [unit("r1")], extra=[fleet("o", "orion", "0304", units=[
        unit("o1", orion_status="independent"), unit("o2", orion_status="independent")])])
    dec = {(AT, "blue", "orions"): False, (AT, "red", "orions"): False}
    b = to_placement(c, decisions=dec, extra_faces=[3, 3])
    b.answer(place("b1", "2103", "D"))
    b.answer(place("r1", "2146", "A"))
    assert b.state.step is Step.PLACE_ORION and b.pending.to == "orions"
    others = [b.state.units[u].pos for u in ("b1", "r1")]
    far = b.placement.zone("o1")
    assert far and all(min(h.distance(p) for p in others) >= 60 for h in far)
    at60 = next(h for h in far if min(h.distance(p) for p in others) == 60)
    at59 = next(n for n in at60.neighbors() if min(n.distance(p) for p in others) == 59)
    refused(b, place("o1", str(b.ctx.window.label(at59))), "V13.452")
    first = at60
    b.answer({"unit": "o1", "at": str(b.ctx.window.label(first)), "speed": 27})  # V13.455: any speed
    near = b.placement.zone("o2")
    assert near and all(h.distance(first) <= 5 for h in near)


# -- incidental units (V13.460-V13.467) ----------------------------------------------------------------
INC = {"0304": {"owner": "fed", "garrison": [
    unit("sb", kind="starbase"), unit("inc1", is_incidental=True, kind="defsat")]}}


def incidental_ready():
    b = to_placement(duel([unit("b1")], [unit("r1")], sectors=INC), wbc=(False, False))
    b.answer(place("sb", "2115"))
    b.answer(place("b1", "2110", "A"))  # DoR D
    b.answer(place("r1", "2165", "D"))  # 50 from the base, 55 from b1: the front-most player unit is at 50
    return b


def test_incidentals_hidden_from_the_attacker_until_its_placement_is_done_v13_03():
    b = to_placement(duel([unit("b1")], [unit("r1")], sectors=INC), wbc=(False, False))
    assert "inc1" not in {u.id for u in b.units_for("red")}
    assert "inc1" in {u.id for u in b.units_for("blue")} and "inc1" in {u.id for u in b.units_for(GM)}
    assert not any("INC1" in e.text for e in b.log.for_viewer("red"))
    b.answer(place("sb", "2115"))
    b.answer(place("b1", "2110", "A"))
    assert "inc1" not in {u.id for u in b.units_for("red")}
    b.answer(place("r1", "2165", "D"))
    assert "inc1" in {u.id for u in b.units_for("red")}
    assert any(e.rule.startswith("V13.03") and "revealed" in e.text for e in b.log.for_viewer("red"))


def test_incidental_rules_v13_462_465():
    b = incidental_ready()
    assert b.state.step is Step.PLACE_INCIDENTAL
    refused(b, place("inc1", "2104"), "V13.462")  # 11 from the base
    refused(b, place("inc1", "2119"), "V13.462 / A-22")  # 46 from the enemy: beyond the range (43) but nearer
    # than the front-most player unit (50)
    refused(b, place("inc1", "2125"), "V13.463")  # 40 from the enemy: inside the minimum range
    refused(b, place("inc1", "2112", speed=5), "V13.465")  # a base's incidental unit: speed 4 at most
    b.answer(place("inc1", "2112", speed=4))


def test_alternate_dor_for_incidentals_v13_464():
    sectors = {**INC, "0303": {"owner": "fed", "star_system": {"name": "Home", "planets": []}}}
    b = to_placement(duel([unit("b1")], [unit("r1")], sectors=sectors), wbc=(False, False))
    b.answer(place("sb", "2115"))
    b.answer(place("b1", "2110", "A"))  # DoR D
    b.answer(place("r1", "2165", "D"))
    assert b.pending.key == "V13.464/dor" and "(A)?" in b.pending.text  # Home (0303) lies in direction A
    b.answer(True)
    assert b.state.incidental_dor is Facing.A and b.state.dor is Facing.D


def test_leased_orion_is_placed_with_its_lessee_at_any_speed_v13_451_455():
    red = [unit("r1"), unit("lo", orion_status="leased", lessee_team="red")]
    b = to_placement(duel([unit("b1")], red))
    b.answer(place("b1", "2103", "D"))
    b.answer(place("r1", "2150", "A"))
    assert b.state.step is Step.PLACE_ATTACKER and b.pending.options == ("lo",)
    refused(b, place("lo", "2159", speed=12), "V13.445")  # still within 8 of the initial attacker
    b.answer(place("lo", "2152", speed=12))
    assert b.state.units["lo"].speed == 12  # V13.455 overrides the attackers' 31 (A-20)


def test_monsters_only_skip_the_range_step_v13_427():
    c = campaign(fleets=[fleet("f", "fed", "0303", ("0304",)),
                         fleet("m", "monsters", "0304", units=[unit("amoeba", kind="monster")])])
    b = battle(c, faces=[3, 4])
    assert any(e.rule == "V13.427" for e in b.log.events)
    assert b.state.step is Step.PLACE_ATTACKER and b.pending.to == "blue"
