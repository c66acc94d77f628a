"""The phase bar's Sequence of Play (seed 004; issue 13)."""
from __future__ import annotations

from rules.model.records import Phase
from rules.model.turn_model import EncounterState
from rules.strategic import build_graph
from rules.strategic.turn import end_movement
from rules.turn.sequence import StepState, current, sequence
from tests.rules.strategic.builder import campaign, fleet

SEED_ORDER = ["Income", "Turn Orders", "Tech", "Intel", "Movement", "Supply", "Encounters", "Space Combat",
              "Orbital Bombardment", "Troop Combat", "Construction Completion", "Update Asset", "End of Turn"]


def with_phase(phase: Phase, combat_phase: str = "seed004"):
    c = campaign(fleets=[fleet("f", "fed", "0303", ("0304",)), fleet("k", "klingon", "0304")])
    c = c.model_copy(update={"settings": c.settings.model_copy(update={"combat_phase": combat_phase})})
    if phase is not Phase.ORDERS:
        c = end_movement(c, build_graph(c)).campaign
    return c.model_copy(update={"phase": phase})


def test_every_phase_of_the_seed_in_its_order_with_the_combat_sub_phases():
    steps = sequence(with_phase(Phase.ORDERS))
    assert [s.title for s in steps] == SEED_ORDER
    assert [s.title for s in steps if s.group == "Combat"] == SEED_ORDER[5:10]
    kept = [s.title for s in steps if s.state is StepState.BY_HAND]
    assert kept == ["Income", "Tech", "Intel", "Construction Completion", "Update Asset", "End of Turn"]
    assert current(with_phase(Phase.ORDERS)).title == "Turn Orders"


def test_the_phase_now_is_the_only_one_with_what_it_waits_for():
    c = with_phase(Phase.ENCOUNTERS)
    c.battle_hexes[0].encounter = EncounterState.PENDING
    steps = {s.title: s for s in sequence(c)}
    assert steps["Supply"].state is StepState.DONE and steps["Movement"].state is StepState.DONE
    assert steps["Encounters"].state is StepState.NOW and steps["Space Combat"].state is StepState.NEXT
    assert steps["Encounters"].waits_for == "demands and refusals in 0304 (Red defends, Blue enters)"
    assert [s.title for s in sequence(c) if s.waits_for and s.state is not StepState.BY_HAND] == ["Encounters"]
    c.battle_hexes[0].encounter = EncounterState.SCENARIO
    assert "every encounter is decided" in current(c).waits_for


def test_a_v13_campaign_keeps_the_other_combat_sub_phases_by_hand():
    c = with_phase(Phase.BATTLES, "v13")
    steps = {s.title: s for s in sequence(c)}
    assert steps["Space Combat"].state is StepState.NOW and "1 open Battle Hex to fight" in steps["Space Combat"].waits_for
    assert all(steps[t].state is StepState.BY_HAND and "settings.combat_phase v13" in steps[t].waits_for
               for t in ("Supply", "Encounters", "Orbital Bombardment", "Troop Combat"))


def test_systems_are_resolved_one_at_a_time_in_a_seeded_random_order_seed_004():
    """Seed 004 Combat Phase: "resolve combat in each system one at a time, and the order of
    resolution should be randomized": a shuffle seeded by the campaign's dice seed and turn."""
    from hexmap import Label
    from rules.turn.sequence import system_order
    c = with_phase(Phase.ORDERS)
    places = [Label(col, row) for col in range(1, 6) for row in range(1, 4)]
    first = system_order(c, places)
    assert sorted(first.values()) == list(range(len(places)))
    assert system_order(c, reversed(places)) == first  # the same campaign and turn: the same order
    def drawn(seed: int) -> tuple[Label, ...]:
        order = system_order(c.model_copy(update={"dice_seed": seed}), places)
        return tuple(sorted(places, key=order.__getitem__))
    orders = {drawn(s) for s in range(1, 6)}
    assert len(orders) == 5 and tuple(sorted(places)) not in orders  # each seed its own shuffle, none sorted
    nxt = c.model_copy(update={"turn": 2})
    assert system_order(nxt, places) != first  # a new turn draws again


def test_a_meeting_between_sectors_is_named_by_its_lane():
    from rules.strategic import build_graph as graph_of
    from rules.turn import combat_phase as cp
    c = campaign(settings={"combat_phase": "seed004"},
                 fleets=[fleet("f", "fed", "0101", ("0102",)), fleet("k", "klingon", "0102", ("0101",))])
    g = graph_of(c)
    c = cp.advance(cp.end_movement(c, g).campaign, g)
    assert current(c).waits_for == "demands and refusals between 0101 and 0102 (Blue and Red)"


def test_may_ask_says_when_the_turn_engine_can_have_a_question():
    """The phase bar asks the engine only when :func:`may_ask` says it can (the engine is not imported
    before the first frame otherwise, issue 21): in Turn Orders only a power's own orders or a mission
    waiting for the GM's ruling; any seed-004 Combat Phase or empire phase."""
    from rules.turn.sequence import may_ask
    from rules.turn.run import play
    from tests.rules.turn.test_intel_missions import mission, spies
    from tests.rules.turn.test_purchases import TO_ORDERS

    assert not may_ask(with_phase(Phase.ORDERS))
    assert may_ask(with_phase(Phase.ENCOUNTERS)) and not may_ask(with_phase(Phase.ENCOUNTERS, "v13"))
    assert may_ask(with_phase(Phase.INCOME, "v13")) and may_ask(with_phase(Phase.END, "v13"))
    c = with_phase(Phase.ORDERS)
    c.settings = c.settings.model_copy(update={"empire_turn": "seed004", "turn_orders": "powers"})
    assert may_ask(c)
    run = play(spies(), TO_ORDERS)
    assert not may_ask(run.campaign)
    run.answer(mission(3))
    assert run.campaign.phase is Phase.ORDERS and may_ask(run.campaign)  # the GM's ruling waits
    run.answer("succeeded")
    assert not may_ask(run.campaign)
