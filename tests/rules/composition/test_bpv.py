"""BPV Capacity (seed 004, "BPV Capacity System"), each rule with the seed's words."""
from __future__ import annotations

import pytest

from rules.composition import check, legal_exclusion, must_exclude
from rules.composition.bpv import CAP_TABLE, base_cap, era
from tests.rules.composition.helpers import member

Y171 = 171


def fed_cc():
    return member("cc", fe_command_rating=9, hull_type="CA", size_class=3, combat_bpv=150, economic_bpv=150)


def ship(uid, hull, bpv=100, sc=4, **kw):
    return member(uid, hull_type=hull, size_class=sc, combat_bpv=bpv, economic_bpv=bpv, **kw)


# the seed's chart, every printed cell: CR -> (up to Y120, Y120 to Y180, after Y180)
SEED_CHART = {10: (1200, 1700, 1700), 9: (1100, 1400, 1400), 8: (1000, 1000, 1200), 7: (800, 800, 1200),
              6: (400, 800, 1200), 5: (300, 500, 700), 4: (250, 350, 500), 3: (175, 250, 300)}


@pytest.mark.parametrize("cr", sorted(SEED_CHART))
def test_the_cap_chart_is_the_seeds(cr):
    assert CAP_TABLE[cr] == SEED_CHART[cr]
    assert (base_cap(cr, 100), base_cap(cr, 150), base_cap(cr, 200)) == SEED_CHART[cr]


def test_era_columns_and_the_readings_at_the_edges():
    assert (era(119), era(120), era(180), era(181), era(None)) == (0, 1, 1, 2, 1)
    assert base_cap(2, 171) == 250 and base_cap(12, 171) == 1700  # below 3 reads 3, above 10 reads 10


def test_seed_example_fed_cc_with_dws_and_dds_is_1500():
    """"a fleet commanded by a Federation CC (CR 9, BPV cap of 1400) that includes several DWs and
    several DDs would gain this bonus twice, for a total BPV cap of 1500." """
    fleet = [fed_cc(), ship("dw1", "DW"), ship("dw2", "DW"), ship("dd1", "DD"), ship("dd2", "DD")]
    v = check(fleet, "cc", "bpv", Y171)
    assert v.cap == 1500 and v.used == 550 and v.ok
    assert [ln.rule for ln in v.cap_lines].count("seed 004 BPV Capacity (+50 per different size-class 4+ base hull "
                                                   "type)") == 2


def test_seed_example_fed_cc_with_only_cas_stays_1400():
    """"the Federation CC is listed as a CA hull, thus not a distinct hull from the Federation CA" """
    fleet = [fed_cc(), ship("ca1", "CA", 125, 3), ship("ca2", "CA", 125, 3)]
    assert check(fleet, "cc", "bpv", Y171).cap == 1400


def test_seed_example_romulan_seahawk_k4_snipe_give_one_bonus():
    """"a Romulan fleet cannot gain this bonus several times for having a SeaHawk, a K4, and a Snipe
    (all three are frigate hulls) ... worth (at most) one bonus." """
    fleet = [member("kr", "romulan", fe_command_rating=8, hull_type="CA", size_class=3, combat_bpv=120)]
    fleet += [member(uid, "romulan", hull_type="FF", size_class=4, combat_bpv=70) for uid in ("seahawk", "k4", "snipe")]
    assert check(fleet, "kr", "bpv", Y171).cap == 1000 + 50


def test_no_bonus_from_defsats_civilians_police_bases_attrition_or_pfs():
    """"Only mobile naval warships give this bonus: Defsats, civilian ships (APT, FT, etc), police
    ships, Bases, attrition units, and so on, do not." """
    fleet = [fed_cc(), member("ds", kind="defsat", hull_type="DS", size_class=4, combat_bpv=20),
             member("ft", kind="freighter", hull_type="FT", size_class=4, economic_bpv=20, is_civilian=True),
             ship("pol", "POL", 40), member("bs", kind="base_station", hull_type="BS", size_class=3, combat_bpv=140),
             member("fig", kind="fighter", hull_type="F", size_class=6, combat_bpv=30),
             member("pf", kind="pf", hull_type="PF", size_class=5, combat_bpv=30)]
    assert check(fleet, "cc", "bpv", Y171).cap == 1400


def test_economic_bpv_for_scouts_and_civilian_ships():
    """"Use the Economic BPV of scouts and civilian ships (FT, Freighters, Auxilliaries, etc..) instead
    of the combat BPV." """
    fleet = [fed_cc(), member("sc", hull_type="DD", size_class=4, combat_bpv=120, economic_bpv=70, is_scout=True),
             member("aux", hull_type="FT", size_class=4, combat_bpv=90, economic_bpv=40, is_auxiliary=True)]
    v = check(fleet, "cc", "bpv", Y171)
    assert v.used == 150 + 70 + 40


def test_over_the_cap_the_owner_chooses_and_the_answer_is_checked():
    """"the flagship owner chooses units to be removed ... until what remains will fit" """
    fleet = [fed_cc()] + [ship(f"ca{i}", "CA", 125, 3) for i in range(12)]  # 150 + 1500
    q = must_exclude(fleet, "cc", "bpv", Y171)
    assert q is not None and q.verdict.over == 250 and "cc" not in q.choosable
    assert legal_exclusion(fleet, "cc", "bpv", {"ca0", "ca1"}, Y171).ok
    short = legal_exclusion(fleet, "cc", "bpv", {"ca0"}, Y171)
    assert not short.ok and "still 125 over" in short.problems[-1]
    extra = legal_exclusion(fleet, "cc", "bpv", {"ca0", "ca1", "ca2"}, Y171)
    assert not extra.ok and any("need not stay out" in p for p in extra.problems)
    assert not legal_exclusion(fleet, "cc", "bpv", {"cc", "ca0", "ca1"}, Y171).ok  # the flagship stays


def test_a_fleet_that_fits_asks_nothing():
    assert must_exclude([fed_cc(), ship("dd", "DD")], "cc", "bpv", Y171) is None


def test_removing_the_only_dd_loses_its_bonus():
    """The bonus counts the hulls "included in the fleet": a DD kept out gives none."""
    fleet = [fed_cc(), ship("dd", "DD", 60), ship("dw", "DW", 60)] + [ship(f"ca{i}", "CA", 125, 3) for i in range(10)]
    assert check(fleet, "cc", "bpv", Y171).cap == 1500
    v = check(fleet, "cc", "bpv", Y171, {"dd"})
    assert v.cap == 1450 and v.excluded == ("dd",)


def test_fixed_units_always_included_and_made_inactive_when_they_do_not_fit():
    """"All fixed installations must be included in the fleet" and "Fixed units ... that cannot fit
    the BPV capacity are made inactive (as per (D18.1), but with no chance of activation)." """
    sb = member("bats", kind="battle_station", hull_type="BATS", size_class=2, combat_bpv=220,
                strategic_movement_capable=False, fe_command_rating=6)
    gb = member("gb", kind="ground_base", hull_type="-", size_class=2, combat_bpv=40, strategic_movement_capable=False)
    fleet = [sb, gb, ship("dd", "DD", 100)]
    assert check(fleet, "bats", "bpv", 150).used == 360  # fixed units count; CR 6 in Y150 gives 800
    v = legal_exclusion([sb, gb] + [ship(f"ca{i}", "CA", 125, 3) for i in range(5)], "bats", "bpv", {"gb", "ca0"},
                        100)
    assert v.cap == 400 + 50 and v.inactive == ("gb",) and v.excluded == ("ca0",)
    assert not v.ok and v.used == 220 + 4 * 125  # the CAs' hull gives +50, a base's none


def test_trade_colony_and_transport_fleets_must_fight():
    """"trade fleets, colony fleets, and transport fleets are required to be included in the combat" """
    fleet = [fed_cc(), member("conv", kind="convoy_ship", hull_type="FT", economic_bpv=40)]
    assert "conv" not in (must_exclude(fleet + [ship(f"ca{i}", "CA", 125, 3) for i in range(12)], "cc", "bpv",
                                       Y171) or pytest.fail()).choosable
    assert any("must take part" in p for p in check(fleet, "cc", "bpv", Y171, {"conv"}).problems)


def test_fighters_leave_with_their_carrier_pfs_may_stay():
    """"PF flotillas may be included in a battle without their "home" ship, unlike fighters." """
    fleet = [fed_cc(), ship("cv", "CA", 130, 3, is_carrier=True),
             member("fig", kind="fighter", size_class=6, carrier_id="cv", combat_bpv=60),
             ship("pft", "CA", 130, 3, is_pf_tender=True),
             member("pfs", kind="pf", size_class=5, carrier_id="pft", combat_bpv=90)]
    v = check(fleet, "cc", "bpv", Y171, {"cv", "pft"})
    assert v.excluded == ("cv", "fig", "pft") and "fig" in v.forced and v.used == 150 + 90


def test_mixed_empire_flagship_power_holds_half_the_bpv():
    """"the empire providing the flagship must also contain at least 50% of the fleet's BPV" """
    fed = [fed_cc(), ship("ff", "FF", 70)]
    kz = [member(f"kz{i}", "kzinti", hull_type="CL", size_class=3, combat_bpv=115) for i in range(2)]
    assert check(fed + kz[:1], "cc", "bpv", Y171).ok
    v = check(fed + kz, "cc", "bpv", Y171)
    assert not v.ok and "50%" in v.problems[0]
    assert must_exclude(fed + kz, "cc", "bpv", Y171) is not None
    assert legal_exclusion(fed + kz, "cc", "bpv", {"kz1"}, Y171).ok


def test_pre_laid_web_costs_5_bpv_a_hex():
    """"Pre-laid web counts at 5 BPV per hex" """
    assert check([fed_cc()], "cc", "bpv", Y171, web_hexes=4).used == 150 + 20


def test_none_has_no_cap():
    v = check([fed_cc()] + [ship(f"ca{i}", "CA", 125, 3) for i in range(30)], "cc", "none")
    assert v.cap is None and v.ok


def test_a_flagship_without_command_rating_is_a_problem():
    assert not check([ship("dd", "DD")], "dd", "bpv", Y171).ok


def test_an_inhabited_planet_commands_with_flag_rating_3():
    """"where nothing better is present, inhabited planets (with some EPs activated) are assumed to
    have a "flag" rating of 3." """
    from rules.composition import PLANET, flagship_candidates
    gbs = [member(f"gb{i}", kind="ground_base", hull_type="-", combat_bpv=40, strategic_movement_capable=False)
           for i in range(8)]
    assert flagship_candidates(gbs, "bpv") == ()
    assert flagship_candidates(gbs, "bpv", inhabited_planet=True) == (PLANET,)
    v = check(gbs, PLANET, "bpv", Y171)
    assert v.cap == 250 and v.used == 320 and not v.ok
    assert legal_exclusion(gbs, PLANET, "bpv", {"gb0", "gb1"}, Y171).inactive == ("gb0", "gb1")
    assert check(gbs[:2], PLANET, "flexible").cap == 12
