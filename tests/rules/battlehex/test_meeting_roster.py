"""Who is in a meeting's battle in seed 004's Combat Phase: its two sides only (issue 25, 0703 of the default campaign).

Turn 1: the Coalition, the Alliance and the independent Orions meet at 0703; every side demands a Deep Space encounter,
so the Space Combat Phase has three battles there, one per pair ("Encounters occur when fleets from different powers are
in the same system", each between an Attacker and a Defender; "Scenarios are resolved in the Space Combat Phase, which
can happen multiple times in a system"). The Battle Hex V13.11 formed at End Movement (Coalition attacks Alliance) also
named the Orions as a further Team present, and every battle system took them into the Coalition-Alliance battle as a
third party: the table and STCS asked the GM their losses there, SIDCORS and AF/EF named them, V13 placed them as
independents, though they fight the Alliance and the Coalition in their own meetings. So their losses could be entered
twice in one phase. Now each meeting's roster is its two sides (rules/battlehex/roster.py parties), for every system."""
from __future__ import annotations

import json
from functools import lru_cache

import pytest

from hexmap import Label, LaneGraph
from rules.battlehex.headless_systems import with_system
from rules.battlehex.roster import Role
from rules.model import load_campaign
from rules.model.campaign import Campaign
from rules.model.turn_model import EncounterState, Scenario
from rules.strategic import build_graph
from rules.strategic.meetings import bring_first
from rules.systems import keys, start
from rules.turn.run import play
from tests.conftest import DEFAULT
from tests.rules.turn.test_encounter_facts import TO_ENCOUNTERS

AT = Label.parse("0703")
ORIONS = {"ori-cr-1", "ori-slv-1"}  # Black Mira's Revenge, Jade Serpent
COALITION_V_ALLIANCE, ALLIANCE_V_ORIONS, COALITION_V_ORIONS = ("coalition", "alliance"), ("alliance", "orions"), \
    ("coalition", "orions")
SYSTEMS = ("v13", "table", "sidcors", "afef", "b5", "stcs")


@lru_cache(maxsize=1)
def _space_combat() -> tuple[Campaign, LaneGraph]:
    run = play(load_campaign(DEFAULT), list(TO_ENCOUNTERS))
    while not run.pending.key.endswith("/encounters/end"):  # every side demands Deep Space, every one asked agrees
        run.answer("deep_space" if "/demand/" in run.pending.key else True)
    run.answer("end_phase")
    return run.campaign, build_graph(run.campaign)


def space_combat() -> tuple[Campaign, LaneGraph]:
    """Turn 1 of the default campaign in its Space Combat Phase (a copy of its own for each test)."""
    c, graph = _space_combat()
    return c.model_copy(deep=True), graph


def battle(sides: tuple[str, str], system: str, c: Campaign | None = None):
    """The 0703 meeting of ``sides`` (attacker, defender) fought with ``system``."""
    base, graph = space_combat()
    c = c if c is not None else base
    i = next(i for i, r in enumerate(c.battle_hexes)
             if r.at == AT and not r.resolved and (r.attacker, r.defender) == sides)
    return start(with_system(bring_first(c, i), AT, system, 1), AT, graph)


def teams(run) -> set[str]:
    return {u.team for u in run.state.units.values()}


def texts(run) -> list[str]:
    return [e["text"] for e in json.loads(run.events_json())]


def test_0703_has_three_meetings_each_of_two_sides_and_none_names_a_third() -> None:
    c, _ = space_combat()
    here = [r for r in c.battle_hexes if r.at == AT]
    assert [(r.attacker, r.defender) for r in here] == [COALITION_V_ALLIANCE, ALLIANCE_V_ORIONS, COALITION_V_ORIONS]
    assert all(r.encounter is EncounterState.SCENARIO and r.scenario is Scenario.DEEP_SPACE for r in here)
    assert [r.others for r in here] == [[], [], []]  # the V13.11 record named the Orions as also present


def test_every_system_has_the_two_sides_of_the_meeting_only() -> None:
    assert set(keys()) == set(SYSTEMS)  # a system added later is taken in here too
    for system in SYSTEMS:
        run = battle(COALITION_V_ALLIANCE, system)
        assert teams(run) == {"coalition", "alliance"}, system
        assert not ORIONS & set(run.state.units), system
        assert run.state.battle_teams == COALITION_V_ALLIANCE, system
        assert teams(battle(ALLIANCE_V_ORIONS, system)) == {"alliance", "orions"}, system
        assert teams(battle(COALITION_V_ORIONS, system)) == {"coalition", "orions"}, system


def test_v13_places_no_orion_as_an_independent_in_the_coalition_alliance_battle() -> None:
    run = battle(COALITION_V_ALLIANCE, "v13")
    assert not [u for u in run.state.units.values() if u.role is Role.ORION]
    line = next(t for t in texts(run) if t.startswith("Battle Hex 0703:"))
    assert "also present" not in line, line
    orions = battle(ALLIANCE_V_ORIONS, "v13")
    assert {u.role for x, u in orions.state.units.items() if x in ORIONS} == {Role.DEFENDER}


def test_table_asks_the_orions_losses_only_in_their_own_battles() -> None:
    q = battle(COALITION_V_ALLIANCE, "table").pending
    assert q.key == "table/destroyed" and q.options and not ORIONS & set(q.options), q.options
    for sides in (ALLIANCE_V_ORIONS, COALITION_V_ORIONS):
        q = battle(sides, "table").pending
        assert q.key == "table/destroyed" and ORIONS <= set(q.options), (sides, q.options)


def fighting(run, system: str) -> set[str]:
    """The units of the engine's forces: SIDCORS's Battle Forces by Team, AF/EF's units by id."""
    forces = run.engine.units
    return {u.b.id for side in forces.values() for u in side} if system == "sidcors" else set(forces)


def test_sidcors_and_afef_name_no_orion_in_the_coalition_alliance_battle() -> None:
    """Before, SIDCORS logged them "not in this battle (the GM rules on them)" and AF/EF "take no part"."""
    for system in ("sidcors", "afef"):
        run = battle(COALITION_V_ALLIANCE, system)
        assert not [t for t in texts(run) if "Orion" in t or "Black Mira" in t], system
        assert not ORIONS & fighting(run, system) and fighting(run, system), system
        assert ORIONS <= fighting(battle(ALLIANCE_V_ORIONS, system), system), system


def test_stcs_leaves_no_orion_to_the_table_and_asks_no_loss_of_them() -> None:
    run = battle(COALITION_V_ALLIANCE, "stcs")
    run.answer("warp")
    assert not [t for t in texts(run) if "neither side" in t or "Orion" in t]
    run.answer("resolve")
    asked = []
    while run.pending is not None:
        asked.append(run.pending.key)
        assert not ORIONS & set(run.pending.options or ()), run.pending.options
        run.answer([])
    assert asked == ["stcs/destroyed"], asked
    orions = battle(ALLIANCE_V_ORIONS, "stcs")
    orions.answer("warp")
    assert ORIONS <= set(orions.engine.units)  # a side: on the tactical map


def test_the_orions_losses_entered_in_one_battle_are_not_entered_again() -> None:
    """The table: the GM enters the Jade Serpent destroyed in Alliance attacks Orion Pirates; it is gone from the
    campaign, and neither of 0703's other battles lists it."""
    run = battle(ALLIANCE_V_ORIONS, "table")
    while run.pending is not None:
        run.answer(["ori-slv-1"] if run.pending.key == "table/destroyed" else [])
    after = run.saved()
    assert "ori-slv-1" not in {u.id for f in after.fleets for u in f.units}
    q = battle(COALITION_V_ORIONS, "table", after).pending
    assert q.key == "table/destroyed" and "ori-cr-1" in q.options and "ori-slv-1" not in q.options, q.options
    q = battle(COALITION_V_ALLIANCE, "table", after).pending
    assert not ORIONS & set(q.options), q.options


def test_a_record_written_before_the_fix_still_fights_its_two_sides_only() -> None:
    """A file saved in the Space Combat Phase by the build before: its Coalition-Alliance record still names the Orions
    (``others``); the meeting's roster leaves them out all the same."""
    c, _ = space_combat()
    i = next(i for i, r in enumerate(c.battle_hexes) if r.at == AT)
    c.battle_hexes[i] = c.battle_hexes[i].model_copy(update={"others": ["orions"]})
    for system in SYSTEMS:
        run = battle(COALITION_V_ALLIANCE, system, c)
        assert teams(run) == {"coalition", "alliance"} and run.state.battle_teams == COALITION_V_ALLIANCE, system


@pytest.mark.parametrize("system", ["table", "stcs"])
def test_a_v13_battle_hex_keeps_its_independent_orions(system: str) -> None:
    """The V13 reading stays: a Battle Hex V13.11 formed and fought as such (no Encounters Phase) has "units from two
    (or more) different Teams"; the independent Orions are in it (V13.450), as a third party."""
    c, graph = space_combat()
    i = next(i for i, r in enumerate(c.battle_hexes) if r.at == AT)
    c.battle_hexes[i] = c.battle_hexes[i].model_copy(update={"others": ["orions"], "encounter": EncounterState.V13})
    run = start(with_system(c, AT, system, 1), AT, graph)
    assert teams(run) == {"coalition", "alliance", "orions"}
