"""Big Ships (seed 004, "Big Ships System")."""
from __future__ import annotations

from rules.composition import check, legal_exclusion, must_exclude
from tests.rules.composition.helpers import member


def ship(uid, sc, **kw):
    return member(uid, size_class=sc, hull_type={2: "DN", 3: "CA", 4: "DW"}.get(sc, "FF"), **kw)


def test_seed_example_a_dreadnought_commands_itself_and_two_others():
    """"A size-class 2 Dreadnaught may command itself and two other ships of any size equal to itself
    or smaller. So it's fleet may contain (as an example) itself, another DN, and a CA." """
    v = check([ship("dn", 2), ship("dn2", 2), ship("ca", 3)], "dn", "big_ships")
    assert v.cap == 2 and v.used == 2 and v.ok
    assert not check([ship("dn", 2), ship("dn2", 2), ship("ca", 3), ship("ff", 4)], "dn", "big_ships").ok


def test_seed_example_a_war_destroyer_commands_itself_and_four_size_4_ships():
    """"A size-class 4 War Destroyer may command itself and four other ships of size class 4 ... itself,
    another pair of DWs, and a pair of FFs." """
    fleet = [ship("dw", 4), ship("dw2", 4), ship("dw3", 4), ship("ff1", 4), ship("ff2", 4)]
    assert check(fleet, "dw", "big_ships").ok


def test_ships_may_not_lead_a_larger_size_class():
    """"Ships may not lead ships of a larger size-class than themselves." """
    fleet = [ship("dw", 4), ship("ca", 3)]
    v = check(fleet, "dw", "big_ships")
    assert v.excluded == ("ca",) and v.forced == ("ca",) and v.ok
    assert must_exclude(fleet, "dw", "big_ships") is None  # no choice to make: the CA cannot come


def test_civilian_ships_and_fixed_installations_count_half_rounded_up():
    """""Civilian" ships and fixed installations count half (round up) against your command rating." """
    fleet = [ship("ca", 3), member("ft1", kind="freighter", size_class=4, is_civilian=True),
             member("ft2", kind="freighter", size_class=4, is_civilian=True),
             member("ds", kind="defsat", size_class=4, strategic_movement_capable=False)]
    v = check(fleet, "ca", "big_ships")
    assert v.used == 2 and v.ok  # 3 halves = 1.5, rounded up
    assert check(fleet + [ship("ff", 4)], "ca", "big_ships").ok


def test_the_hive_ship_example_one_other_ship():
    """"the Seltorian Hive Ship with the mech-link refit could still have a single other ship in the
    battle (though, not one with fighters or PFs.)" (each fighter or PF counter counts one)."""
    hive = ship("hive", 1)
    assert check([hive, ship("ca", 3)], "hive", "big_ships").ok
    fleet = [hive, ship("cv", 3, is_carrier=True), member("fig", kind="fighter", size_class=6, carrier_id="cv")]
    q = must_exclude(fleet, "hive", "big_ships")
    assert q is not None and q.verdict.used == 2
    assert legal_exclusion(fleet, "hive", "big_ships", {"fig"}).ok
