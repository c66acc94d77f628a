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


def test_an_all_stealth_force_reduces_the_opposing_weapon_status_one_level_b_15():
    """Seed 004 Units, Stealth: "When combat is between a fleet containing only ships with this
    trait, the opposing force has a reduced Weapon Status"; RULES_MATRIX B-15: one level after the
    V13.415 lookup, never below 0 - not -1 on the 2d6 total. Cloak units have Stealth's benefits;
    one ship without the trait, or a Scout on the other side, and there is no reduction."""
    red = [unit("r1", stealth=True), unit("r2", cloak_capable=True)]
    # Blue rolls 2+2 = 4: Table V13.415 gives I (a -1 on the total would give 0 from 3) -> one level less: 0
    b = battle(duel(red_units=red), answers=(False,), faces=[3, 4, 2, 2])
    r = rolls(b)
    assert r["Blue"].data["total"] == 4 and "Stealth" not in r["Blue"].text
    assert b.state.ws == {"red": 1, "blue": 0}
    # 4+4 = 8 is II (a -1 on the total would give I from 7 as well); one level less: I
    assert battle(duel(red_units=red), answers=(False,), faces=[3, 4, 4, 4]).state.ws["blue"] == 1
    # 5+6 = 11 -> II: the -1 on the total would keep II (10); one level less is I
    assert battle(duel(red_units=red), answers=(False,), faces=[3, 4, 5, 6]).state.ws["blue"] == 1
    # 6+6 = 12 -> III -> II
    assert battle(duel(red_units=red), answers=(False,), faces=[3, 4, 6, 6]).state.ws["blue"] == 2
    # 1+2 = 3 -> 0, never below 0
    assert battle(duel(red_units=red), answers=(False,), faces=[3, 4, 1, 2]).state.ws["blue"] == 0
    line = next(e for e in b.log.events if e.rule == "seed 004 Units: Stealth (B-15)")
    assert line.text == "Blue: the enemy force is all Stealth ships: Weapon Status I becomes 0"
    mixed = battle(duel(red_units=[unit("r1", stealth=True), unit("r2")]), answers=(False,), faces=[3, 4, 2, 2])
    assert mixed.state.ws["blue"] == 1
    scouted = battle(duel(blue_units=[unit("b1", is_scout=True)], red_units=[unit("r1", stealth=True)]),
                     answers=(False,), faces=[3, 4, 2, 2])
    assert scouted.state.ws["blue"] == 1  # a Scout detects them (seed 004 Units: Scout)


def test_the_odds_shown_before_the_roll_count_the_stealth_level_b_15():
    """The odds logged before Blue's roll against an all-Stealth force are the levels after the
    reduction: 2d6 gives 0 8%, I 50%, II 39%, III 3%; one level less: 0 58%, I 39%, II 3%."""
    b = battle(duel(red_units=[unit("r1", stealth=True)]), answers=(False,), faces=[3, 4, 2, 2])
    odds = next(e for e in b.log.events if e.rule == "V13.414" and e.text.startswith("Blue: the odds"))
    assert odds.text == ("Blue: the odds of the Weapon Status roll: 2d6, one level less for the enemy's Stealth: "
                         "Weapon Status 0 58%, I 39%, II 3%")
    red = next(e for e in b.log.events if e.rule == "V13.414" and e.text.startswith("Red: the odds"))
    assert red.text == "Red: the odds of the Weapon Status roll: 2d6: Weapon Status 0 8%, I 50%, II 39%, III 3%"
