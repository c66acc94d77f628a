"""The phase bar's Sequence of Play (seed 004; issue 13)."""
from __future__ import annotations

from rules.model.records import Phase
from rules.model.turn_model import EncounterState
from rules.strategic import build_graph
from rules.strategic.turn import end_movement
from rules.turn.sequence import StepState, current, sequence, trail_forms
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


KEYS = ["income", "orders", "tech", "intel", "movement", "supply", "encounters", "space_combat", "bombardment",
        "troops", "construction", "update", "end"]
NOT_BUILT = "not run by BattleHex yet: the GM keeps it by hand and the turn passes it"


def seed004_empire(phase: Phase):
    c = with_phase(phase)
    c.settings = c.settings.model_copy(update={"empire_turn": "seed004"})
    return c


def test_every_step_by_hand_keeps_its_words_and_the_phase_states_move_on():
    """Each step's key, title, group, state and words, exactly, in Turn Orders and in Supply."""
    steps = sequence(with_phase(Phase.ORDERS))
    assert [s.key for s in steps] == KEYS
    assert [s.group for s in steps] == [""] * 5 + ["Combat"] * 5 + [""] * 3
    by_hand = {s.key: s.waits_for for s in steps if s.state is StepState.BY_HAND}
    assert by_hand == {k: NOT_BUILT for k in ("income", "tech", "intel", "construction", "update", "end")}
    states = {s.key: s.state for s in steps}
    assert states["movement"] is StepState.NEXT and states["orders"] is StepState.NOW
    assert all(states[k] is StepState.NEXT for k in KEYS[5:10])
    assert [s.waits_for for s in steps if s.key == "movement"] == [""]
    supply = {s.key: s for s in sequence(with_phase(Phase.SUPPLY))}
    assert supply["orders"].state is StepState.DONE and supply["orders"].waits_for == ""
    assert supply["movement"].state is StepState.DONE and supply["supply"].state is StepState.NOW
    assert supply["encounters"].state is StepState.NEXT and supply["encounters"].waits_for == ""
    troops = {s.key: s.state for s in sequence(with_phase(Phase.TROOPS))}
    assert [troops[k] for k in KEYS[5:10]] == [StepState.DONE] * 4 + [StepState.NOW]
    assert [s.value for s in StepState] == ["done", "now", "to come", "kept by hand", "run in Turn Orders"]


def test_a_v13_campaign_names_why_each_combat_sub_phase_is_kept_by_hand():
    steps = {s.key: s for s in sequence(with_phase(Phase.BATTLES, "v13"))}
    words = "kept by hand in this campaign (settings.combat_phase v13: the Battle Hexes of V13.11 alone)"
    assert [steps[k].waits_for for k in ("supply", "encounters", "bombardment", "troops")] == [words] * 4
    assert steps["space_combat"].state is StepState.NOW and steps["income"].waits_for == NOT_BUILT


def test_a_seed004_empire_turn_runs_tech_second_and_completes_construction_after_combat():
    """Settings.empire_turn seed004: Income, Tech, Turn Orders, ...; Construction Completion is a
    phase of its own after the Combat Phase, the GM's confirmation (rules/turn/construction_phase.py)."""
    steps = sequence(seed004_empire(Phase.ORDERS))
    assert [s.title for s in steps] == ["Income", "Tech", "Turn Orders"] + SEED_ORDER[3:]
    states = {s.key: s.state for s in steps}
    assert states["income"] is StepState.DONE and states["tech"] is StepState.DONE
    assert states["update"] is StepState.NEXT and states["end"] is StepState.NEXT
    assert states["intel"] is StepState.IN_ORDERS and states["movement"] is StepState.NEXT
    intel = next(s for s in steps if s.key == "intel")  # issue 23: not "not run by BattleHex yet"
    assert intel.waits_for == ("Intel Points bought and their upkeep paid at Income, contact traced, treaties and "
                               "declarations, Intel missions") and intel.state.value == "run in Turn Orders"
    assert "Intel" not in " ".join(trail_forms(1, steps))  # no phase of its own on the bar's trail
    cons = next(s for s in steps if s.key == "construction")
    assert cons.state is StepState.NEXT and cons.waits_for == ""
    assert cons.group == "" and cons.title == "Construction Completion"
    income = {s.key: s for s in sequence(seed004_empire(Phase.INCOME))}
    assert income["income"].state is StepState.NOW and income["tech"].state is StepState.NEXT
    assert income["orders"].state is StepState.NEXT and income["movement"].state is StepState.NEXT
    troops = {s.key: s for s in sequence(seed004_empire(Phase.TROOPS))}
    assert troops["construction"].state is StepState.NEXT
    now = {s.key: s for s in sequence(seed004_empire(Phase.CONSTRUCTION))}
    assert now["construction"].state is StepState.NOW and now["troops"].state is StepState.DONE
    assert now["construction"].waits_for == ("the GM: confirm the units delivered, repairs, status changes and "
                                             "flights (Turn > Answer, Ctrl+Shift+A)")
    assert now["update"].state is StepState.NEXT
    for phase in (Phase.UPDATE, Phase.END):
        done = {s.key: s for s in sequence(seed004_empire(phase))}["construction"]
        assert done.state is StepState.DONE and done.waits_for == ""
    assert sequence(with_phase(Phase.ORDERS))[2].title == "Tech"  # by hand: the seed's own order


def test_waits_for_names_each_combat_phase_exactly():
    from rules.turn.sequence import waits_for
    assert waits_for(with_phase(Phase.ORDERS)) == (
        "movement orders from every team (drag fleets); then the GM ends movement (Ctrl+E)")
    assert waits_for(with_phase(Phase.SUPPLY)) == (
        "the GM: field repairs where supply ships can give them; review supply and its effects, then go on "
        "(End Phase)")
    c = with_phase(Phase.ENCOUNTERS)
    c.battle_hexes[0].encounter = EncounterState.SCENARIO
    assert waits_for(c) == "the GM: every encounter is decided; go on to Space Combat (End Phase)"
    c = with_phase(Phase.BATTLES)
    assert waits_for(c) == "1 open Battle Hex to fight (Ctrl+F) or rule on (V13.12)"
    c.battle_hexes.append(c.battle_hexes[0].model_copy())
    assert waits_for(c) == "2 open Battle Hexes to fight (Ctrl+F) or rule on (V13.12)"
    for r in c.battle_hexes:
        r.resolved = True
    assert waits_for(c) == "the GM: every Battle Hex is resolved; end the phase (End Phase)"
    assert waits_for(with_phase(Phase.BOMBARDMENT)) == (
        "the GM: orbital bombardment is fought by hand (seed 004 gives no procedure); go on (End Phase)")
    assert waits_for(with_phase(Phase.TROOPS)) == (
        "the GM: ground losses of each contested planet, then conquests; go on to the next turn (End Phase)")


def test_waits_for_an_unknown_team_and_several_pending_meetings():
    """Team names where known, else the id; several meetings joined by ", "."""
    from rules.turn.sequence import waits_for
    c = with_phase(Phase.ENCOUNTERS)
    first = c.battle_hexes[0]
    first.encounter = EncounterState.PENDING
    other = first.model_copy(update={"attacker": "nobody", "defender": "noone"})
    c.battle_hexes.append(other)
    assert waits_for(c) == ("demands and refusals in 0304 (Red defends, Blue enters), "
                            "in 0304 (noone defends, nobody enters)")
    other.resolved = True
    assert waits_for(c) == "demands and refusals in 0304 (Red defends, Blue enters)"


def test_a_v13_step_kept_by_hand_stays_in_the_combat_group():
    steps = sequence(with_phase(Phase.BATTLES, "v13"))
    assert [s.group for s in steps if "settings.combat_phase v13" in s.waits_for] == ["Combat"] * 4


def test_turn_orders_wait_first_for_the_gms_ruling_on_an_intel_mission():
    from rules.turn.run import play
    from rules.turn.sequence import waits_for
    from tests.rules.turn.test_intel_missions import mission, spies
    from tests.rules.turn.test_purchases import TO_ORDERS
    orders = "movement orders from every team (drag fleets); then the GM ends movement (Ctrl+E)"
    run = play(spies(), TO_ORDERS)
    assert waits_for(run.campaign) == orders
    run.answer(mission(3))
    assert waits_for(run.campaign) == "the GM: rule on an Intel mission (Turn > Answer, Ctrl+Shift+A); then " + orders
    run.answer("succeeded")
    assert waits_for(run.campaign) == orders  # the mission ruled: only the orders


def test_a_meeting_between_sectors_with_unknown_teams_names_their_ids():
    from hexmap import Label
    from rules.turn.sequence import waits_for
    c = with_phase(Phase.ENCOUNTERS)
    c.battle_hexes[0] = c.battle_hexes[0].model_copy(update={
        "encounter": EncounterState.PENDING, "between": Label(3, 3), "attacker": "x1", "defender": "y2"})
    assert waits_for(c) == "demands and refusals between 0304 and 0303 (x1 and y2)"


def test_space_combat_waits_for_the_winners_of_battles_between_sectors():
    """Seed 004: "Winner remains between sectors": the GM names each deep-space winner."""
    from hexmap import Label
    from rules.model.turn_model import Scenario
    from rules.turn.sequence import unsettled, waits_for
    c = with_phase(Phase.BATTLES)
    base = c.battle_hexes[0].model_copy(update={"between": Label(3, 3), "resolved": True,
                                               "scenario": Scenario.DEEP_SPACE})
    c.battle_hexes = [base, base.model_copy(update={"at": Label(5, 5), "between": Label(5, 6)})]
    assert unsettled(c) == [0, 1]
    assert waits_for(c) == "the GM: name the winner of the battle between 0304 and 0303, 0505 and 0506"
    c.battle_hexes[1] = c.battle_hexes[1].model_copy(update={"winner": "blue"})
    assert unsettled(c) == [0] and waits_for(c).endswith("between 0304 and 0303")
    for change in ({"between": None}, {"resolved": False}, {"scenario": Scenario.PURSUIT}, {"winner": "red"}):
        c.battle_hexes[0] = base.model_copy(update=change)
        assert unsettled(c) == [], change
    c.battle_hexes = []
    assert waits_for(c) == "the GM: every Battle Hex is resolved; end the phase (End Phase)"


def test_the_seeded_order_of_systems_is_pinned():
    from hexmap import Label
    from rules.turn.sequence import system_order
    c = with_phase(Phase.ORDERS)
    places = [Label(1, r) for r in range(1, 6)]
    def drawn(seed: int, turn: int) -> list[str]:
        order = system_order(c.model_copy(update={"dice_seed": seed, "turn": turn}), places)
        return [str(p) for p in sorted(places, key=order.__getitem__)]
    assert drawn(1, 1) == ["0103", "0105", "0101", "0102", "0104"]
    assert drawn(7, 3) == ["0103", "0101", "0104", "0102", "0105"]


def test_fightable_battle_hexes_in_space_combat_only_and_one_battle_per_sector_at_a_time():
    """V13.12 / seed 004: only open Battle Hexes that generated a scenario, in Space Combat; a battle
    begun in a sector keeps the other meetings there waiting (issue 19); seed 004 shuffles systems."""
    from hexmap import Label
    from rules.turn.sequence import fightable, system_order
    c = with_phase(Phase.BATTLES)
    b = c.battle_hexes[0]
    c.battle_hexes = [b, b.model_copy(update={"resolved": True}),
                      b.model_copy(update={"encounter": EncounterState.PENDING}),
                      b.model_copy(update={"encounter": EncounterState.NONE}),
                      b.model_copy(update={"encounter": EncounterState.SCENARIO, "at": Label(1, 1)})]
    assert fightable(c.model_copy(update={"phase": Phase.ENCOUNTERS})) == []
    assert system_order(c, [Label(3, 4), Label(1, 1)]) == {Label(1, 1): 0, Label(3, 4): 1}
    assert fightable(c) == [4, 0]  # 0101 drawn first
    c.battle_hexes.append(b.model_copy(update={"answers": ["go"]}))
    assert fightable(c) == [4, 5]  # 0304's begun battle alone there
    v13 = c.model_copy(update={"settings": c.settings.model_copy(update={"combat_phase": "v13"})})
    assert fightable(v13) == [4, 5]  # in the file's order


def test_the_bar_forms_count_phases_done_and_to_come_not_groups():
    """The phase bar's narrower forms (trail_forms) count phases: in Update Asset of the shipped
    default ten are done - the Combat Phase's five sub-phases among them, shown as one "Combat"
    in the wider form - and never cut a phase's name."""
    from rules.model import load_campaign
    from rules.turn.sequence import trail_forms
    from tests.conftest import DEFAULT

    c = load_campaign(DEFAULT)
    c.phase = Phase.UPDATE
    forms = trail_forms(c.turn, sequence(c))
    assert forms[1] == ("Turn 1:  Income \u25b8 Tech \u25b8 Orders \u25b8 Movement \u25b8 Combat \u25b8 Construction "
                        "\u25b8 [Update Asset] \u25b8 End of Turn \u25b8 Next turn")
    assert forms[2:] == ["Turn 1:  10 done \u25b8 [Update Asset] \u25b8 End of Turn \u25b8 Next turn",
                         "Turn 1:  10 done \u25b8 [Update Asset] \u25b8 1 more", "Turn 1: [Update Asset]"]
    c.phase = Phase.INCOME
    forms = trail_forms(c.turn, sequence(c))
    assert "Turn 1:  [Income] \u25b8 Tech \u25b8 Orders \u25b8 Movement \u25b8 8 more" in forms  # Combat: five
