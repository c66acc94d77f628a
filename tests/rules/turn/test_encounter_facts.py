"""Seed 004 Exhibit B, "Power has generated an encounter scenario against your ships" (+75% to break
a treaty, +40% to declare Hostilities or War; starred: full for last turn's, 10 less each turn after):
the Encounters Phase records it when a demand generates a scenario (rules/turn/encounter_step.py record_facts)."""
from __future__ import annotations

from rules.economy.diplomacy import Treaty
from rules.model import dumps, load_campaign, parse_campaign
from rules.turn.diplomacy_phase import chance
from rules.turn.run import TurnRun, play
from tests.conftest import DEFAULT

TO_ENCOUNTERS = ["confirm", "end_phase", 10, 19, 0, 14, 1, "end_phase", "end_movement", False, False, False,
                 "end_phase"]
"""Turn 1 of the default campaign to its Encounters Phase (docs/turn_answers.md's example)."""


def _encounters(demands: dict[str, object]) -> TurnRun:
    """Turn 1's encounters, each question answered from ``demands`` by its key (else no demand, or
    agree), to the end of the Encounters Phase."""
    run = play(load_campaign(DEFAULT), list(TO_ENCOUNTERS))
    while not run.pending.key.endswith("/encounters/end"):
        key = run.pending.key
        run.answer(demands.get(key, "none" if "/demand/" in key else True))
    return run


# At 0703 the Orion Pirates (defender) demand nothing; the Alliance (the Kzinti Frontier Fleet moved
# in) demands a Deep Space encounter, which the Orions, holding the sector, cannot refuse.
KZINTI_DEMAND = {"encounter/0703/demand/orions": "none", "encounter/0703/demand/alliance": "deep_space"}


def test_a_scenario_demanded_counts_for_the_power_whose_ships_it_was_generated_against():
    run = _encounters(KZINTI_DEMAND)
    c = run.campaign
    # Orion declaring War on the Kzinti, at Hostilities: base -20 + Hostilities 25 + the encounter 40
    assert chance(c, "orion", "kzinti", Treaty.WAR).words() == (
        "Make a Declaration of War: base -20 + Power has generated an encounter scenario against your ships 40 "
        "+ Power is currently under a Declaration of Hostilities 25 = 45%")
    # the one who demanded counts nothing against the one it demanded of; the Klingons and Lyrans
    # there were not the Orions' encounter
    assert chance(c, "kzinti", "orion", Treaty.WAR).words() == (
        "Make a Declaration of War: base -20 + Power is currently under a Declaration of Hostilities 25 = 5%")
    assert chance(c, "orion", "lyran", Treaty.WAR).words() == (
        "Make a Declaration of War: base -20 + Power is currently under a Declaration of Hostilities 25 = 5%")
    # kept in the file
    assert chance(parse_campaign(dumps(c)), "orion", "kzinti", Treaty.WAR).percent == 45
    assert any("Exhibit B" in e.rule and "Kzinti" in e.text and "Orion" in e.text for e in c.log)


def test_the_fact_fades_by_10_a_turn_after_the_first():
    c = _encounters(KZINTI_DEMAND).campaign.model_copy(deep=True)
    c.turn += 3  # three turns on: 40 - 10 x 2
    assert "encounter scenario against your ships 20 " in chance(c, "orion", "kzinti", Treaty.WAR).words()


def test_no_scenario_no_fact():
    c = _encounters({}).campaign  # nobody demands anything anywhere
    assert chance(c, "orion", "kzinti", Treaty.WAR).percent == 5
    assert not any(f.fact == "encounter" for tp in c.treaties for f in tp.facts)


def test_a_demand_refused_generates_nothing_but_a_pursuit_does():
    """A Defensive demand the attacker refuses generates no scenario (the attacker returns); the
    defender's Pursuit scenario after it is one the defender generated."""
    base = {"encounter/0509/demand/alliance": "deep_space", "encounter/0509/agree/coalition": False}
    refused = _encounters({**base, "encounter/0509/pursuit/alliance": False}).campaign
    assert not any(f.fact == "encounter" for tp in refused.treaties for f in tp.facts)
    pursued = _encounters({**base, "encounter/0509/pursuit/alliance": True}).campaign
    facts = {(tuple(tp.powers), f.fact, f.by) for tp in pursued.treaties for f in tp.facts}
    assert (("fed", "klingon"), "encounter", "fed") in facts
