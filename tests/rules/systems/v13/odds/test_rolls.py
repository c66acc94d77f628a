"""Weapon Status, the Pursuit Roll (V13.834 delays included) and crippled Rear Guard fates:
every distribution equals the one counted by running the engine's rule on every face."""
from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from rules.systems.v13.pursuit import crippled_rear_guard, pursuit_roll
from rules.systems.v13.ws_table import ws_from_total
from rules.dice import DiceRoller, Modifier
from rules.model.units import Unit
from rules.systems.v13.odds import (
    crippled_rear_guard_odds,
    pursuit_odds,
    pursuit_text,
    rear_guard_rejoin_odds,
    rear_guard_text,
    weapon_status_odds,
    weapon_status_text,
)
from tests.rules.systems.v13.odds.exhaust import exhaust


@pytest.mark.parametrize("total", [-3, -2, 0, 1, 3, 5, 8, 12, 20])
def test_weapon_status_against_every_face(total: int) -> None:
    mods = [Modifier("table V13.414", total, "V13.414")] if total else []

    def run(dice: DiceRoller) -> int:
        return ws_from_total(dice.roll("2d6", purpose="Weapon Status", rule="V13.413", who="T",
                                       modifiers=mods).total)
    brute, paths = exhaust(run)
    assert paths == 36
    assert weapon_status_odds(mods).as_dict() == brute


def test_weapon_status_boundaries_v13_415() -> None:
    assert weapon_status_odds([]).as_dict() == {0: Fraction(3, 36), 1: Fraction(18, 36), 2: Fraction(14, 36),
                                                3: Fraction(1, 36)}
    assert weapon_status_odds([Modifier("x", 10)]).outcomes == (3,)
    assert weapon_status_odds([Modifier("x", -10)]).outcomes == (0,)
    assert weapon_status_odds([Modifier("x", 1)]).p(0) == Fraction(1, 36)  # only 1+1+1 = 3
    assert weapon_status_odds([]).outcomes == (0, 1, 2, 3)
    assert weapon_status_text([Modifier("x", 1), Modifier("y", 2)]) == (
        "2d6 +3: Weapon Status I 17%, II 56%, III 28%")
    assert weapon_status_text([]) == "2d6: Weapon Status 0 8%, I 50%, II 39%, III 3%"


@pytest.mark.parametrize("total", [-3, 0, 3, 5, 8, 12])
def test_weapon_status_one_level_less_for_stealth_b_15(total: int) -> None:
    """The enemy's Stealth: the level the engine rolls, one less, never below 0, against every face."""
    mods = [Modifier("table V13.414", total, "V13.414")] if total else []

    def run(dice: DiceRoller) -> int:
        return max(0, ws_from_total(dice.roll("2d6", purpose="Weapon Status", rule="V13.413", who="T",
                                              modifiers=mods).total) - 1)
    brute, _ = exhaust(run)
    assert weapon_status_odds(mods, 1).as_dict() == brute
    assert weapon_status_odds([], 1).as_dict() == {0: Fraction(21, 36), 1: Fraction(14, 36), 2: Fraction(1, 36)}
    assert weapon_status_text([Modifier("x", 1)], 1) == (
        "2d6 +1, one level less for the enemy's Stealth: Weapon Status 0 42%, I 50%, II 8%")
    assert weapon_status_text([], 2) == "2d6, two levels less for the enemy's Stealth: Weapon Status 0 97%, I 3%"


PURSUITS = [
    {"pursuers": 1, "defenders": 1},
    {"pursuers": 5, "defenders": 3, "sensors": True, "pursuer_captain": 2},
    {"pursuers": 2, "defenders": 4, "rear_guard_turns": 10, "defender_captain": 3},
    {"pursuers": 9, "defenders": 1, "sensors": True, "pursuer_captain": 5},
    {"pursuers": 1, "defenders": 1, "delay": 65},
    {"pursuers": 1, "defenders": 1, "delay": 128},
    {"pursuers": 2, "defenders": 1, "delay": 300, "defender_captain": 1},
]


@pytest.mark.parametrize("kw", PURSUITS)
def test_pursuit_roll_against_every_face(kw: dict[str, Any]) -> None:
    brute, paths = exhaust(lambda dice: pursuit_roll(dice, **kw).intercepted)
    assert paths == 36
    assert pursuit_odds(**kw).as_dict() == brute


@pytest.mark.parametrize("delay", [0, 32, 64])
def test_pursuit_within_64_impulses_needs_no_roll_v13_834(delay: int) -> None:
    brute, paths = exhaust(lambda dice: pursuit_roll(dice, pursuers=1, defenders=3, defender_captain=9,
                                                     delay=delay).intercepted)
    assert paths == 1 and brute == {True: 1}
    assert pursuit_odds(pursuers=1, defenders=3, defender_captain=9, delay=delay).as_dict() == {True: 1}
    assert pursuit_text(pursuers=1, defenders=1, delay=delay).startswith("interception 100%")


def test_pursuit_boundaries() -> None:
    assert pursuit_odds(pursuers=1, defenders=1).p(True) == Fraction(15, 36)  # 2d6 <= 6
    # V13.834: 96-127 impulses late adds nothing, 128 adds +1, 160 adds +2
    assert pursuit_odds(pursuers=1, defenders=1, delay=127).p(True) == Fraction(15, 36)
    assert pursuit_odds(pursuers=1, defenders=1, delay=128).p(True) == Fraction(10, 36)
    assert pursuit_odds(pursuers=1, defenders=1, delay=160).p(True) == Fraction(6, 36)
    assert pursuit_odds(pursuers=1, defenders=1, defender_captain=5).outcomes == (False,)
    assert pursuit_odds(pursuers=7, defenders=1).outcomes == (True,)
    assert pursuit_odds(pursuers=6, defenders=1).p(False) == Fraction(1, 36)
    # fewer pursuers than defenders changes nothing (V13.742 counts only the excess)
    assert pursuit_odds(pursuers=1, defenders=6) == pursuit_odds(pursuers=1, defenders=1)
    assert pursuit_text(pursuers=1, defenders=1) == "interception 42%, escape 58% (2d6; 6 or less intercepts)"


def _unit(nav: int, **kw: Any) -> Unit:
    return Unit(id="u", name="U", officers={"navigator": nav}, crew_units_normal=30, **kw)


@pytest.mark.parametrize(("unit", "paths"), [
    (_unit(0), 3 + 3 * 6 * 3 * 6 * 216),                       # 1-3 rejoin; 4-6 lost, 1d3 hexes, 1d6 direction
    (_unit(4), 5 + 1 * 6 * 3 * 6 * 216),                       # only a 6 is lost
    (_unit(1, native_sublight=True), 4 + 2 * 6 * 216),         # a non-warp unit stays in the hex
    (_unit(9), 6),                                             # always rejoins
])
def test_crippled_rear_guard_against_every_face(unit: Unit, paths: int) -> None:
    brute, ran = exhaust(lambda dice: crippled_rear_guard(unit, dice))
    assert ran == paths
    assert crippled_rear_guard_odds(unit).as_dict() == brute


def test_crippled_rear_guard_boundaries_v13_753() -> None:
    assert rear_guard_rejoin_odds(_unit(0)) == Fraction(1, 2)
    assert rear_guard_rejoin_odds(_unit(3)) == Fraction(4, 6)   # root 3 = 1
    assert rear_guard_rejoin_odds(_unit(4)) == Fraction(5, 6)   # root 4 = 2
    assert rear_guard_rejoin_odds(_unit(-4)) == Fraction(1, 2)  # a negative Rating counts as 0
    lost = crippled_rear_guard_odds(_unit(0)).given(lambda f: not f.rejoins)
    assert lost.map(lambda f: f.internal_hits).expected == Fraction(21, 2)
    assert lost.map(lambda f: f.lost_turns).expected == Fraction(7, 2)
    assert {f.crew_lost for f in lost.outcomes} == {6}
    assert rear_guard_text(_unit(9)) == "rejoins 100% (V13.753)"
    assert rear_guard_text(_unit(0)).startswith("rejoins 50%; lost 50%")
