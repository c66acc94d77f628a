"""Flexible Command (seed 004, "Flexible Command System" and DUPLICATE CLASSES)."""
from __future__ import annotations

from fractions import Fraction

import pytest

from rules.composition import check, legal_exclusion, must_exclude
from rules.composition.flexible import fcr
from tests.rules.composition.helpers import member


def flag(**kw):
    return member("flag", hull_type="CA", size_class=3, fe_command_rating=kw.pop("cr", 9), **kw)


def cost(v, uid):
    return sum((ln.amount for ln in v.lines if ln.unit == uid), Fraction(0))


def test_fcr_is_command_rating_times_4_with_the_modifiers():
    """FCR: F&E command rating x 4; flag bridge +1 each, Legendary Captain +3, Outstanding +2, Poor -5."""
    assert fcr(flag())[0] == 36
    assert fcr(flag(flag_bridge=2, legendary_captain=True, crew_quality="outstanding"))[0] == 36 + 2 + 3 + 2
    assert fcr(flag(crew_quality="poor"))[0] == 31


def test_seed_example_ca_nca_cwh_cost_10_11_12():
    """"if you have one CA, one NCA and one CWH in your fleet, the first costs 10 FCPs, the second 11
    and the third 12." """
    fleet = [flag(cr=10), member("ca", hull_type="CA"), member("nca", hull_type="NCA"), member("cwh", hull_type="CWH")]
    v = check(fleet, "flag", "flexible")
    assert [cost(v, u) for u in ("flag", "ca", "nca", "cwh")] == [0, 10, 11, 12]
    assert v.used == 33 and v.cap == 40 and v.ok


def test_seed_example_10_pfs_cost_14():
    """"if you have 10 PFs in your fleet, the first six cost 1 each and the other four cost 2 each for a
    total of 14 FCPs." """
    v = check([flag(), member("pfs", kind="pf", size_class=5, craft=10)], "flag", "flexible")
    assert cost(v, "pfs") == 14
    split = check([flag(), member("a", kind="pf", size_class=5, craft=4), member("b", kind="pf", size_class=5,
                                                                                  craft=6)], "flag", "flexible")
    assert (cost(split, "a"), cost(split, "b")) == (4, 2 + 4 * 2)


def test_lyran_pfs_come_nine_to_a_group_and_fighters_half():
    """"Each 6 PFs/INTs/Bombers (9 for Lyrans*)": 1 each; "Each 12 Fighters (each 18 for Hydrans)": 1/2
    each, a duplicate fighter adds 1/2."""
    lyr = member("pfs", "lyran", ("lyran",), kind="pf", size_class=5, craft=10)
    assert cost(check([flag(), lyr], "flag", "flexible"), "pfs") == 9 + 2
    fig = member("fig", kind="fighter", size_class=6, craft=13)
    assert cost(check([flag(), fig], "flag", "flexible"), "fig") == 6 + 1
    hyd = member("fig", "hydran", ("hydran",), kind="fighter", size_class=6, craft=18)
    assert cost(check([flag(), hyd], "flag", "flexible"), "fig") == 9


def test_defsats_and_ground_bases():
    """"Each 5 DefSats: 1 each"; "Each 3 Small or Medium ground bases: 1 each", as printed: the halving
    of fixed installations stands under Big Ships only (INTERPRETATIONS 20)."""
    v = check([flag(), member("ds", kind="defsat", craft=5), member("gb", kind="ground_base", craft=3)],
              "flag", "flexible")
    assert cost(v, "ds") == 5 and cost(v, "gb") == 3 and v.used == 8


def test_flagship_free_but_a_battleship_costs_4():
    """"The flagship itself does not cost any FCPs (exception: battleships cost 4)" """
    assert check([flag()], "flag", "flexible").used == 0
    assert check([member("bb", hull_type="BB", size_class=2, fe_command_rating=10)], "bb", "flexible").used == 4


def test_na_rows_may_only_be_the_flagship():
    """"BB, SB, DN: N/A"; "Large ground base: N/A" - a DN that is not the flagship stays out."""
    fleet = [flag(), member("dn", hull_type="DN", size_class=2),
             member("lgb", kind="ground_base", fcp_row="LARGE_GROUND_BASE", strategic_movement_capable=False)]
    v = check(fleet, "flag", "flexible")
    assert v.excluded == ("dn",) and v.inactive == ("lgb",) and set(v.forced) == {"dn", "lgb"}


def test_auxiliaries_pay_2_and_duplicate_but_not_wyn():
    """"Auxiliary" Freighter: +2 ... WYN ships do not pay this penalty; duplicates "except freighters
    (but not excepting auxiliaries)"."""
    fleet = [flag(), member("a1", fcp_row="F-L", is_auxiliary=True), member("a2", fcp_row="F-L", is_auxiliary=True)]
    v = check(fleet, "flag", "flexible")
    assert (cost(v, "a1"), cost(v, "a2")) == (6 + 2, 6 + 2 + 1)
    wyn = member("w", "wyn", ("wyn",), fcp_row="F-L", is_auxiliary=True)
    assert cost(check([flag(), wyn], "flag", "flexible"), "w") == 6


def test_freighters_pay_no_duplicate_and_count_in_full():
    """Duplicates "except freighters"; the chart's F-L 6 and F-S 4 as printed, not halved (the half
    rule is the Big Ships section's, INTERPRETATIONS 20)."""
    fleet = [flag(), member("f1", kind="freighter", fcp_row="F-L", is_civilian=True),
             member("f2", kind="freighter", fcp_row="F-L", is_civilian=True),
             member("f3", kind="freighter", fcp_row="F-S", is_civilian=True)]
    v = check(fleet, "flag", "flexible")
    assert v.used == 16 and not any("half" in ln.text for ln in v.lines)


def test_civilian_and_fixed_units_fill_the_fcr_at_the_printed_cost():
    """FCR 36 (command rating 9): CA 10 + CW 9 + F-L 6 + F-L 6 + F-S 4 + 1 DefSat = 36 fits (just
    inside); a second DefSat makes 37, over the FCR (just outside). Halved, both would fit (29)."""
    def fleet(defsats):
        return [flag(), member("ca", hull_type="CA"), member("cw", hull_type="CW"),
                member("f1", kind="freighter", fcp_row="F-L", is_civilian=True),
                member("f2", kind="freighter", fcp_row="F-L", is_civilian=True),
                member("f3", kind="freighter", fcp_row="F-S", is_civilian=True),
                member("ds", kind="defsat", craft=defsats)]
    inside = check(fleet(1), "flag", "flexible")
    assert (inside.used, inside.cap, inside.ok) == (36, 36, True)
    outside = check(fleet(2), "flag", "flexible")
    assert (outside.used, outside.ok) == (37, False)


def test_battle_pods_cost_2_each():
    assert check([flag(), member("tug", hull_type="CA", battle_pods=2)], "flag", "flexible").used == 10 + 4


def test_a_leader_with_its_squadron_lifts_the_duplicate_penalty():
    """"For ships, this penalty is lifted if a leader is present. One leader can be designated being
    "in command" of two other ships of its size" """
    ffs = [member(f"ff{i}", hull_type="FF", size_class=4) for i in range(3)]
    assert check([flag()] + ffs, "flag", "flexible").used == 5 + 6 + 7
    lead = member("ffl", hull_type="FFL", size_class=4, is_leader=True)
    assert check([flag(), lead] + ffs[:2], "flag", "flexible").used == 15


def test_leaders_without_a_squadron_pay_2_4_6():
    """"if they appear without a squadron or with a partial one, they pay a penalty of 2 additional
    FCPs for the first such leader, 4 for the second" """
    leads = [member(f"l{i}", hull_type="DDL", size_class=4, is_leader=True) for i in range(2)]
    v = check([flag()] + leads + [member("dd", hull_type="DD", size_class=4)], "flag", "flexible")
    assert v.used == (6 + 7 + 8) + 2 + 4


def test_a_command_cruiser_pays_no_penalty_without_heavy_cruisers():
    """"Command Cruisers can lead Heavy Cruisers into battle, but pay no FCR penalty for appearing
    without Heavy Cruisers to lead" """
    fleet = [flag(cr=10), member("cc", hull_type="CC", size_class=3)]
    assert check(fleet, "flag", "flexible").used == 12
    cas = [member(f"ca{i}", hull_type="CA", size_class=3) for i in range(2)]
    assert check(fleet + cas, "flag", "flexible").used == 12 + 10 + 10


def test_mixed_empire_fleets_half_by_fcr_cost():
    """"the Fleet must consist of at least 50% (by FCR cost) ships of the same race as the Flagship." """
    fleet = [flag(cr=10), member("ff", hull_type="FF"), member("kca", "kzinti", hull_type="CA"),
             member("kca2", "kzinti", hull_type="CA")]
    v = check(fleet, "flag", "flexible")  # 10 (flagship's row) + 5 against 10 + 11
    assert not v.ok and "50%" in v.problems[0] and v.over == 0
    q = must_exclude(fleet, "flag", "flexible")
    assert q is not None and legal_exclusion(fleet, "flag", "flexible", {"kca2"}).ok
    assert not legal_exclusion(fleet, "flag", "flexible", {"kca", "kca2"}).ok  # one is enough


def test_over_the_fcr_the_owner_chooses():
    fleet = [flag(cr=5)] + [member(f"ca{i}", hull_type="CA") for i in range(3)]  # FCR 20; 10 + 11 + 12
    q = must_exclude(fleet, "flag", "flexible")
    assert q is not None and q.verdict.over == 13
    assert not legal_exclusion(fleet, "flag", "flexible", {"ca2"}).ok  # 10 + 11 > 20
    assert legal_exclusion(fleet, "flag", "flexible", {"ca1", "ca2"}).ok
    assert not legal_exclusion(fleet, "flag", "flexible", {"ca0", "ca1", "ca2"}).ok  # two are enough


def test_a_command_cruiser_flagship_leads_two_heavy_cruisers():
    """Reading: a CC flagship is a leader too; its squadron of two CAs pays no duplicate penalty."""
    fleet = [member("cc", hull_type="CC", size_class=3, fe_command_rating=10)]
    fleet += [member(f"ca{i}", hull_type="CA", size_class=3) for i in range(3)]
    assert check(fleet, "cc", "flexible").used == 10 + 10 + 10


def test_the_flagship_counts_at_its_row_cost_for_the_50_percent_rule():
    """Reading: a Klingon CC-row flagship with a D6 and two F5s (12 + 10 + 5 + 6 = 33) leads a Romulan
    squadron costing 24: the Klingons hold more than half."""
    kli = [member("d7c", "klingon", hull_type="CA", fcp_row="CC", fe_command_rating=9),
           member("d6", "klingon", hull_type="CA"), member("f5a", "klingon", hull_type="FF"),
           member("f5b", "klingon", hull_type="FF")]
    rom = [member("kr", "romulan", hull_type="CA"), member("spa", "romulan", hull_type="CL")]
    v = check(kli + rom, "d7c", "flexible")
    assert not v.problems


def test_a_designated_squadron_is_taken_as_named_and_checked():
    """The owner's designation: two ships of the leader's size, each in one squadron."""
    from rules.composition.flexible import squadron_choices, squadrons
    from rules.errors import RuleError

    lead = member("ffl", hull_type="FFL", size_class=4, is_leader=True)
    ships = [member(f"f{i}", hull_type="FF", size_class=4) for i in (1, 2, 3)] + [member("ca", hull_type="CA")]
    fleet = [flag(), lead, *ships]
    ids = {m.id for m in fleet}
    assert squadron_choices(fleet, fleet[0], ids) == {"ffl": ("f1", "f2", "f3")}
    assert squadron_choices(fleet[:4], fleet[0], ids) == {}  # two ships: nothing to choose
    assert squadrons(fleet, fleet[0], ids, {"ffl": ["f3", "f1"]}) == {"ffl": ("f3", "f1")}
    assert squadrons(fleet, fleet[0], ids - {"f3"}, {"ffl": ["f3", "f1"]}) == {"ffl": ()}  # one stays out
    for bad in (["f1"], ["f1", "ca"], ["f1", "f1"], ["f1", "flag"]):
        with pytest.raises(RuleError, match="leads two other ships"):
            squadrons(fleet, fleet[0], ids, {"ffl": bad})
    v = check(fleet, "flag", "flexible", squadrons={"ffl": ["f1", "f3"]})
    assert cost(v, "f2") == 5 and v.used == 5 * 4 + 10


def test_designation_edges():
    """Two eligible ships named are accepted; a non-leader's "designation" is ignored; two leaders
    left to themselves take distinct ships; a command cruiser chooses among CAs only."""
    from rules.composition.flexible import squadron_choices, squadrons

    l1 = member("l1", hull_type="FFL", size_class=4, is_leader=True)
    l2 = member("l2", hull_type="FFL", size_class=4, is_leader=True)
    ffs = [member(f"f{i}", hull_type="FF", size_class=4) for i in range(1, 5)]
    fleet = [flag(), l1, *ffs[:2]]
    ids = {m.id for m in fleet}
    assert squadrons(fleet, fleet[0], ids, {"l1": ["f1", "f2"]}) == {"l1": ("f1", "f2")}
    assert squadrons(fleet, fleet[0], ids, {"f1": ["f2", "l1"]}) == squadrons(fleet, fleet[0], ids)
    two = [flag(), l1, l2, *ffs]
    sq = squadrons(two, two[0], {m.id for m in two})
    assert len({*sq["l1"], *sq["l2"]}) == 4 and check(two, "flag", "flexible").used == 6 * 5
    cc = [flag(cr=10), member("cc", hull_type="CC", size_class=3), member("ca1", hull_type="CA"),
          member("ca2", hull_type="CA"), member("cw", hull_type="CW", size_class=3)]
    assert squadron_choices(cc, cc[0], {m.id for m in cc}) == {}
    cc.append(member("ca3", hull_type="CA"))
    assert squadron_choices(cc, cc[0], {m.id for m in cc}) == {"cc": ("ca1", "ca2", "ca3")}
