"""Weapon Status (V13.410-V13.416)."""
from __future__ import annotations

import pytest

from rules.systems.v13.ws_table import ws_from_total
from tests.rules.systems.v13.helpers import AT, battle, duel, fleet, unit


@pytest.mark.parametrize(("total", "ws"), [(-1, 0), (3, 0), (4, 1), (7, 1), (8, 2), (11, 2), (12, 3), (20, 3)])
def test_table_v13_415(total, ws):
    assert ws_from_total(total) == ws


def rolls(b):
    return {e.data["who"]: e for e in b.log.events if e.kind == "roll"}


def test_seed_example_sensors_and_reactionary_v13_413():
    # Roll (3,4) = 7, Special Sensors +2, Reactionary Movement +4 -> 13 -> WS III.
    c = duel(red_units=[unit("r1", has_special_sensors=True)])
    c.fleets[1].reactionary = True
    b = battle(c, answers=(False,), faces=[3, 4, 1, 1])
    red = rolls(b)["Red"]
    assert red.data["total"] == 13 and b.state.ws["red"] == 3
    assert "+2 a ship has Special Sensors" in red.text and "+4 the Battle Hex was formed by Reactionary" in red.text


def test_poor_crippled_and_enemy_territory_v13_414():
    # All ships Poor (-2) and all crippled (-1) in originally enemy territory (+1): net -2.
    c = duel(red_units=[unit("r1", crew_quality="poor", crippled=True), unit("r2", crew_quality="poor", crippled=True)],
             sectors={"0304": {"original_owner": "fed"}})
    b = battle(c, answers=(False,), faces=[3, 4, 1, 1])
    assert rolls(b)["Red"].data["total"] == 5


def test_orion_gets_plus_1_but_not_for_territory():
    c = duel(sectors={"0304": {"original_owner": "klingon"}}, extra=[
        fleet("o", "orion", "0304", units=[unit("ori", orion_status="independent")])])
    b = battle(c, answers=(False,), faces=[3, 4, 3, 4, 3, 4],
               decisions={(AT, "blue", "orions"): False, (AT, "red", "orions"): False})
    orion = rolls(b)["Orions"]
    assert orion.data["total"] == 8 and "Orion Pirates" in orion.text and "territory" not in orion.text


def test_captain_rating_uses_the_best_and_only_if_positive_v13_423():
    c = duel(red_units=[unit("r1", officers={"captain": 1}), unit("r2", officers={"captain": 3})],
             blue_units=[unit("b1", officers={"captain": -1})])
    b = battle(c, answers=(False,), faces=[3, 4, 3, 4])
    r = rolls(b)
    assert r["Red"].data["total"] == 10 and "best Captain's Rating 3" in r["Red"].text
    assert r["Blue"].data["total"] == 7  # a rating of -1 adds nothing


def test_plus_8_against_a_unit_that_cannot_move_strategically_a_29():
    b = battle(duel([unit("sb", kind="starbase")]), faces=[1, 1, 1, 1])
    r = rolls(b)
    assert r["Red"].data["total"] == 10 and "+8 engaging a unit not capable" in r["Red"].text
    assert r["Blue"].data["total"] == 2


def test_monsters_are_ws_iii_without_a_roll_v13_475():
    c = duel(extra=[fleet("m", "monsters", "0304", units=[unit("amoeba", kind="monster")])])
    b = battle(c, answers=(False,), faces=[1, 1, 1, 1])
    assert b.state.ws["gm"] == 3 and "GM" not in rolls(b)


def test_terrain_modifier_is_asked_of_the_gm():
    b = battle(duel(sectors={"0304": {"terrain": "asteroid_field"}}), answers=(False,), faces=[3, 4, 3, 4])
    assert b.pending.key == "V13.414/terrain/red" and b.pending.to == "gm"
    b.answer(-2)
    assert rolls(b)["Red"].data["total"] == 5


def test_ws_is_rolled_once_per_team():
    b = battle(duel(), answers=(False,), faces=[3, 4, 5, 6])
    assert len(rolls(b)) == 2 and b.state.ws == {"red": 1, "blue": 2}


def test_an_all_stealth_force_reduces_the_opposing_weapon_status_seed_004():
    """Seed 004 Units, Stealth: "When combat is between a fleet containing only ships with this
    trait, the opposing force has a reduced Weapon Status" (read: -1 on the roll); Cloak units
    have Stealth's benefits; one ship without the trait and there is no reduction."""
    all_stealth = battle(duel(red_units=[unit("r1", stealth=True), unit("r2", cloak_capable=True)]),
                         answers=(False,), faces=[3, 4, 3, 4])
    r = rolls(all_stealth)
    assert r["Blue"].data["total"] == 6 and "-1 the enemy force is all Stealth ships" in r["Blue"].text
    assert r["Red"].data["total"] == 7
    mixed = battle(duel(red_units=[unit("r1", stealth=True), unit("r2")]), answers=(False,), faces=[3, 4, 3, 4])
    assert rolls(mixed)["Blue"].data["total"] == 7
    scouted = battle(duel(blue_units=[unit("b1", is_scout=True)], red_units=[unit("r1", stealth=True)]),
                     answers=(False,), faces=[3, 4, 3, 4])
    assert rolls(scouted)["Blue"].data["total"] == 7  # a Scout detects them (seed 004 Units: Scout)
