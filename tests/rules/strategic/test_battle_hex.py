"""Battle Hex formation (V13.11-V13.18) and the end of the Movement Phase (V13.12)."""
from __future__ import annotations

import pytest

from rules.dice import ScriptedDice
from rules.model.records import Phase
from rules.model.types import Terrain
from rules.strategic import build_graph
from rules.strategic.battle_hex import battle_terrain, detect, terrain_dice
from rules.strategic.turn import (
    PhaseError,
    end_movement,
    end_movement_phase,
    gm_resolve,
)
from tests.rules.strategic.builder import L, campaign, fleet, state, unit

ORION = [unit("ori", orion_status="independent")]
ORION_FIGHT = [unit("ori", orion_status="independent", wants_fight=True)]
MONITOR = [unit("mon", native_sublight=True, strategic_movement_capable=False, slow=True)]


def run(c, decisions=None):
    return end_movement(c, build_graph(c), decisions)


def only(report):
    assert report.questions == [] and len(report.battle_hexes) == 1, (report.questions, report.battle_hexes)
    return report.battle_hexes[0]


@pytest.mark.parametrize(("case", "fleets", "attacker", "defender"), [
    ("V13.14a: Blue moves in, Red stays", [fleet("f", "fed", "0303", ("0304",)), fleet("k", "klingon", "0304")],
     "blue", "red"),
    ("V13.14b: both move in, Red holds the initiative",
     [fleet("f", "fed", "0303", ("0304",)), fleet("k", "klingon", "0305", ("0304",))], "red", "blue"),
    ("V13.14: neither moved (already together), initiative", [fleet("f", "fed", "0304"), fleet("k", "klingon", "0304")],
     "red", "blue"),
    ("V13.14: a Red fleet moves onto a Blue one", [fleet("f", "fed", "0304"), fleet("k", "klingon", "0305", ("0304",))],
     "red", "blue"),
])
def test_attacker_and_defender(case, fleets, attacker, defender):
    b = only(run(campaign(fleets=fleets)))
    assert (b.attacker, b.defender, b.at) == (attacker, defender, L("0304")), case
    assert b.attacker_reason.startswith("V13.14")


def test_initiative_belongs_to_the_team_that_holds_it():
    teams = [{"id": "blue", "name": "Blue", "powers": ["fed", "kzinti"], "strategic_initiative": True},
             {"id": "red", "name": "Red", "powers": ["klingon", "lyran"]},
             {"id": "orions", "name": "Orions", "powers": ["orion"], "is_orion_pirates": True},
             {"id": "gm", "name": "GM", "powers": ["monsters"], "gm_controlled": True}]
    c = campaign(teams=teams, fleets=[fleet("f", "fed", "0303", ("0304",)), fleet("k", "klingon", "0305", ("0304",))])
    assert only(run(c)).attacker == "blue"


@pytest.mark.parametrize(("case", "fleets", "relations"), [
    ("V13.11b: two powers of one team", [fleet("f", "fed", "0303", ("0304",)), fleet("z", "kzinti", "0304")], None),
    ("normal relations allow no encounter", [fleet("f", "fed", "0303", ("0304",)), fleet("k", "klingon", "0304")],
     {("fed", "klingon"): "normal"}),
])
def test_no_battle_hex(case, fleets, relations):
    r = run(campaign(fleets=fleets, relations=relations))
    assert r.battle_hexes == [] and r.questions == [] and r.campaign is not None, case


def test_orion_not_wanting_the_fight_may_be_ignored_v13_16():
    c = campaign(fleets=[fleet("f", "fed", "0303", ("0304",)), fleet("o", "orion", "0304", units=ORION)])
    r = run(c)
    assert r.campaign is None and [(q.team, q.other, q.rule) for q in r.questions] == [("blue", "orions", "V13.16")]
    ignored = run(c, {(L("0304"), "blue", "orions"): True})
    assert ignored.battle_hexes == [] and "V13.16" in ignored.quiet[0]
    assert [(i.team, i.unit, i.rule) for i in ignored.campaign.ignores] == [("blue", "ori", "V13.16")]
    fought = only(run(c, {(L("0304"), "blue", "orions"): False}))
    assert (fought.attacker, fought.defender) == ("blue", "orions")


def test_orion_that_wants_the_fight_attacks_v13_16():
    c = campaign(fleets=[fleet("f", "fed", "0303", ("0304",)), fleet("o", "orion", "0304", units=ORION_FIGHT)])
    r = run(c)
    b = only(r)
    assert (b.attacker, b.defender) == ("orions", "blue") and "V13.16" in b.attacker_reason


def test_sublight_unit_ignored_then_noticed_one_phase_later_v13_18():
    c = campaign(fleets=[fleet("f", "fed", "0303", ("0304",)), fleet("m", "klingon", "0304", units=MONITOR)])
    r = run(c)
    # Only Blue is asked: the sub-light unit cannot force a battle.
    assert [(q.team, q.other, q.rule) for q in r.questions] == [("blue", "red", "V13.18")]
    phase1 = run(c, {(L("0304"), "blue", "red"): True})
    assert phase1.battle_hexes == []
    nxt = end_movement_phase(phase1.campaign, build_graph(c))
    assert nxt.turn == 2 and nxt.phase is Phase.ORDERS
    r2 = run(nxt)
    assert r2.questions[0].ignored_before
    b = only(run(nxt, {(L("0304"), "blue", "red"): False}))
    assert (b.attacker, b.moved_in) == ("blue", []) and "A-50" in b.attacker_reason
    assert b.turn == 2


def test_the_ignore_question_names_no_unit_the_asked_team_may_not_know_v13_03_v13_29():
    hidden = [*MONITOR, unit("ghost", native_sublight=True, strategic_movement_capable=False, slow=True,
                             is_cloaked=True),
              unit("inc", native_sublight=True, strategic_movement_capable=False, slow=True, is_incidental=True)]
    c = campaign(fleets=[fleet("f", "fed", "0303", ("0304",)), fleet("m", "klingon", "0304", units=hidden)])
    q = run(c).questions[0]
    assert q.units == ("mon", "ghost", "inc")  # the answer covers them all
    assert q.text({"blue": "Blue", "red": "Red"}) == "V13.18: may Blue ignore the sub-light units of Red in 0304 (MON)?"


def test_monsters_are_never_offered_to_be_ignored():
    c = campaign(fleets=[fleet("f", "fed", "0303", ("0304",)),
                         fleet("m", "monsters", "0304", units=[unit("amoeba", kind="monster", native_sublight=True)])])
    b = only(run(c))
    assert (b.attacker, b.defender) == ("blue", "gm")


def test_orion_present_beside_a_two_team_battle_is_another_party():
    c = campaign(fleets=[fleet("f", "fed", "0303", ("0304",)), fleet("k", "klingon", "0304"),
                         fleet("o", "orion", "0304", units=ORION)])
    r = run(c)
    assert {(q.team, q.other) for q in r.questions} == {("blue", "orions"), ("red", "orions")}
    b = only(run(c, {(L("0304"), "blue", "orions"): True, (L("0304"), "red", "orions"): False}))
    assert (b.attacker, b.defender, b.others) == ("blue", "red", ["orions"])
    both = only(run(c, {(L("0304"), "blue", "orions"): True, (L("0304"), "red", "orions"): True}))
    assert both.others == []


def test_garrison_defends():
    c = campaign(sectors={"0304": {"owner": "lyran", "garrison": [unit("bats", kind="battle_station")]}},
                 fleets=[fleet("f", "fed", "0303", ("0304",))])
    b = only(run(c))
    assert (b.attacker, b.defender) == ("blue", "red")


# -- terrain (V13.17, A-51) ---------------------------------------------------------------
TABLE = {"dice": "1d6", "entries": [{"low": 1, "high": 4, "terrain": "none"},
                                    {"low": 5, "high": 5, "terrain": "asteroid_field"},
                                    {"low": 6, "high": 6, "terrain": "nebula"}]}


def test_terrain_is_the_sectors_own_when_it_has_one():
    c = campaign(sectors={"0304": {"terrain": "ion_storm"}})
    assert battle_terrain(c, L("0304"), ScriptedDice([]))[0] is Terrain.ION_STORM


@pytest.mark.parametrize(("face", "terrain"), [(4, Terrain.NONE), (5, Terrain.ASTEROID_FIELD), (6, Terrain.NEBULA)])
def test_terrain_table_is_rolled_once(face, terrain):
    c = campaign()
    c.map.random_terrain = TABLE
    dice = ScriptedDice([face])
    got, how = battle_terrain(c, L("0304"), dice)
    assert got is terrain and how.endswith(f"1d6 rolled {face}: {terrain.title}") and len(dice.history) == 1


def test_no_table_means_empty_space_and_no_roll():
    dice = ScriptedDice([])
    assert battle_terrain(campaign(), L("0304"), dice)[0] is Terrain.NONE and not dice.history


def test_terrain_roll_is_reproducible_and_stored():
    c = campaign(fleets=[fleet("f", "fed", "0303", ("0304",)), fleet("k", "klingon", "0304")])
    c.map.random_terrain = TABLE
    first, second = only(run(c)), only(run(c))
    assert first.terrain == second.terrain and first.terrain_source == second.terrain_source
    assert terrain_dice(c, L("0304")).roll("1d6", purpose="x", rule="V13.17", who="GM").total == \
        terrain_dice(c, L("0304")).roll("1d6", purpose="x", rule="V13.17", who="GM").total


# -- V13.12 --------------------------------------------------------------------------------
def test_movement_phase_cannot_end_while_a_battle_hex_is_open():
    c = campaign(fleets=[fleet("f", "fed", "0303", ("0304",)), fleet("k", "klingon", "0304")])
    g = build_graph(c)
    after = run(c).campaign
    with pytest.raises(PhaseError) as e:
        end_movement_phase(after, g)
    assert e.value.rule == "V13.12" and "0304" in str(e.value)
    with pytest.raises(PhaseError):
        gm_resolve(after, L("0304"), "  ")
    ruled = gm_resolve(after, L("0304"), "settled by the campaign moderator")
    assert end_movement_phase(ruled, g).turn == 2
    assert after.battle_hexes[0].resolved is False  # nothing changed in the original


def test_battle_hex_resolves_when_one_team_is_gone():
    c = campaign(fleets=[fleet("f", "fed", "0303", ("0304",)), fleet("k", "klingon", "0304")])
    g = build_graph(c)
    after = run(c).campaign
    after.fleets[1].sector = L("0306")  # the Klingons left (e.g. withdrew before combat)
    nxt = end_movement_phase(after, g)
    assert nxt.battle_hexes[0].resolved and "V13.12" in nxt.battle_hexes[0].resolution


def test_detect_is_pure():
    c = campaign(fleets=[fleet("f", "fed", "0304"), fleet("k", "klingon", "0304")])
    s = state(c)
    assert detect(s, {}).formations == detect(s, {}).formations


def test_incidental_units_are_hidden_from_the_attacker_v13_03():
    from rules.strategic.battle_hex import what_team_sees
    c = campaign(sectors={"0304": {"owner": "lyran", "garrison": [unit("bats", kind="battle_station"),
                                                                   unit("frd", kind="frd", is_incidental=True)]}},
                 fleets=[fleet("f", "fed", "0303", ("0304",))])
    after = run(c).campaign
    b = after.battle_hexes[0]
    s = state(after)
    attacker_view = what_team_sees(s, b, "blue")
    assert attacker_view[0].seen == ("BATS",) and attacker_view[0].hidden == 1 and "V13.03" in attacker_view[0].note
    defender_view = what_team_sees(s, b, "red")
    assert defender_view[0].seen == ("F-1",) and defender_view[0].hidden == 0


def test_an_ignore_is_forgotten_when_the_unit_has_left():
    c = campaign(fleets=[fleet("f", "fed", "0303", ("0304",)), fleet("o", "orion", "0304", units=ORION)])
    after = run(c, {(L("0304"), "blue", "orions"): True}).campaign
    assert after.ignores
    nxt = end_movement_phase(after, build_graph(c))
    nxt.fleets[1].orders = [L("0305")]
    assert run(nxt).campaign.ignores == []


def test_lost_units_count_down_each_turn_v13_914():
    c = campaign(fleets=[fleet("f", "fed", "0303", units=[unit("lost", fate="lost", lost_turns_remaining=2,
                                                                 officers={"helmsman": 1},
                                                                 warp_engines_dropped=True)])])
    g = build_graph(c)
    after = run(c).campaign
    t2 = end_movement_phase(after, g)
    u = t2.fleets[0].units[0]
    assert (u.fate.value, u.lost_turns_remaining) == ("lost", 1)  # helmsman 1: no roll (V13.914)
    t3 = end_movement_phase(run(t2).campaign, g)
    assert t3.fleets[0].units[0].fate.value == "locatable" and any(e.rule == "V13.914" for e in t3.log)


def test_powers_present_are_those_with_an_active_unit_read_to_the_first():
    """powers_by_team reads each fleet to its first active unit (issue 21: a reopen's V13.12 check
    flat in units), with what the units present say: destroyed and Lost units count for nothing."""
    from rules.strategic.battle_hex import powers_by_team, units_by_team, teams_fighting_in

    c = campaign(fleets=[fleet("f", "fed", "0304", units=[unit("f1", destroyed=True), unit("f2")]),
                         fleet("k", "klingon", "0304", units=[unit("k1", destroyed=True)]),
                         fleet("r", "romulan", "0304", units=[unit("r1", fate="lost"), unit("r2", destroyed=True)])])
    s = state(c)
    assert powers_by_team(s, L("0304")) == {t: {"fed"} for t in units_by_team(s, L("0304"))}
    assert teams_fighting_in(s, L("0304")) == []


def test_the_ignore_log_line_names_its_rule_once_v13_16():
    """Issue 22: a log line's tag gives its rule; "[V13.16] 0304: V13.16: Blue ignores ..." said
    it twice. The movement list still cites the rule beside the sector."""
    c = campaign(fleets=[fleet("f", "fed", "0303", ("0304",)), fleet("o", "orion", "0304", units=ORION)])
    ignored = run(c, {(L("0304"), "blue", "orions"): True})
    lines = [e for e in ignored.campaign.log if e.rule == "V13.16"]
    assert lines and all("V13.16" not in e.text for e in lines), [e.text for e in lines]
    assert lines[0].text.startswith("0304: ") and "ignores" in lines[0].text
    assert ignored.quiet[0].startswith("0304: V13.16: "), ignored.quiet
