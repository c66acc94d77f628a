"""Fleet composition (seed 004: "applied when any battle is set up") runs first in every
battle system: SIDCORS, AF/EF and the table, as it does in V13 (tests/rules/battlehex/test_compose.py).

Red: a CR 3 flagship (cap 250 in the Y120-Y180 column) with 310 BPV of one hull type, so one
of its two other cruisers must stay out."""
from __future__ import annotations

from typing import Any

import pytest

from rules.battlehex.log import IllegalAnswer
from rules.battlehex.roster import Status
from rules.strategic import build_graph
from rules.strategic.turn import end_movement
from rules.systems import start
from tests.rules.systems.v13.helpers import AT, duel, unit

R_BPV = "seed 004 BPV Capacity"
SYSTEMS = ("sidcors", "afef", "table")


def ship(uid: str, **kw: Any) -> dict[str, Any]:
    return unit(uid, fe={"attack": 6, "defense": 6, "c_attack": 3, "c_defense": 4},
                afef={"af": 3, "ef": 6, "damaged_af": 1}, **kw)


def over_cap(system: str, composition: str = "bpv"):
    """The campaign after End Movement: the Battle Hex at 0304 is open."""
    c = unformed(system, composition)
    return end_movement(c, build_graph(c)).campaign


def unformed(system: str, composition: str = "bpv"):
    """The campaign before End Movement, set to fight by ``system``."""
    red = [ship("r1", fe_command_rating=3, combat_bpv=120, hull_type="CA", size_class=3),
           ship("r2", combat_bpv=100, hull_type="CA", size_class=3),
           ship("r3", combat_bpv=90, hull_type="CA", size_class=3)]
    c = duel([ship("b1", fe_command_rating=8, combat_bpv=100)], red)
    return c.model_copy(update={"settings": c.settings.model_copy(
        update={"battle_system": system, "fleet_composition": composition})})


def in_force(run: Any, uid: str) -> bool:
    """Whether ``uid`` is among the units the system fights with."""
    engine = getattr(run, "engine", None)
    if engine is None:  # the table: the GM's result questions offer it
        return uid in run.pending.options
    forces = engine.units.values() if isinstance(engine.units, dict) else engine.units
    ids = {getattr(u, "id", u) for f in forces for u in (f if isinstance(f, list) else [f])}
    return uid in ids


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_first_question_is_who_stays_out_and_the_answer_is_checked(system):
    run = start(over_cap(system), AT)
    q = run.pending
    assert q.key == "composition/red/out" and q.to == "red" and set(q.options) == {"r2", "r3"}
    assert q.rule == R_BPV and "(310)" in q.text and "(250)" in q.text
    with pytest.raises(IllegalAnswer, match="still 60 over"):
        run.answer([])
    with pytest.raises(IllegalAnswer, match="need not stay out"):
        run.answer(["r2", "r3"])
    run.answer(["r3"])
    assert run.state.units["r3"].status is Status.OUT
    assert not run.pending.key.startswith("composition/")
    assert in_force(run, "r2") and not in_force(run, "r3")
    assert any(e.text == "R3 stays out of the battle" for e in run.log.events)
    assert any(e.kind == "answer" and e.text == "Red: stay out: R3" for e in run.log.events)


@pytest.mark.parametrize("system", SYSTEMS)
def test_no_question_when_the_campaign_sets_no_limit(system):
    run = start(over_cap(system, "none"), AT)
    assert not run.pending.key.startswith("composition/")
    assert in_force(run, "r3")


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_choice_replays_undoes_and_the_unit_kept_out_is_untouched(system):
    run = start(over_cap(system), AT)
    run.answer(["r2"])
    saved = run.saved()
    again = start(saved, AT)
    assert again.state.units["r2"].status is Status.OUT and again.answers == [["r2"]]
    again.undo()
    assert again.pending.key == "composition/red/out" and again.state.units["r2"].present
    again.answer(["r2"])
    for _ in range(200):
        if again.pending is None:
            break
        _answer_something(again)
    assert again.state.resolved
    r2 = next(u for f in again.saved().fleets for u in f.units if u.id == "r2")
    assert not r2.crippled and not r2.destroyed


def _answer_something(run: Any) -> None:
    """Give the first legal of a few plain answers: retreat, break off, nobody, the lowest number, one unit."""
    q = run.pending
    options = list(q.options or ())
    ends = {"break_off": "both", "reason": "the test ends it"}
    for raw in (True, ends, *reversed(options), [], {}, 1, *([o] for o in options)):
        try:
            run.answer(raw)
            return
        except IllegalAnswer:
            continue
    raise AssertionError(f"no plain answer to {q.key}")


@pytest.mark.parametrize("scenario", ["deep_space", "defensive"])
def test_mandatory_participants_are_never_asked_to_stay_out_seed_004(scenario):
    """Seed 004: escorts take part in every scenario involving their civilian fleet, and "in the
    case of a defensive scenario, all fixed units in that sector must participate": they are not
    measured against the capacity and never offered to stay out."""
    from tests.rules.strategic.builder import fleet as strategic_fleet
    c = unformed("table")
    data = c.model_dump(mode="json")
    red = next(f for f in data["fleets"] if f["power"] == "klingon")
    escort = strategic_fleet("esc", "klingon", red["sector"], units=[ship("r9", combat_bpv=95, hull_type="CA",
                                                                          size_class=3)], escort_of="conv")
    convoy = strategic_fleet("conv", "klingon", red["sector"], kind="trade",
                             units=[unit(f"ft{i}", kind="freighter", is_civilian=True) for i in range(4)])
    data["fleets"] += [escort, convoy]
    c = type(c).model_validate(data)
    c = end_movement(c, build_graph(c)).campaign
    from rules.model.turn_model import EncounterState, Scenario
    rec = c.battle_hexes[0].model_copy(update={"encounter": EncounterState.SCENARIO, "scenario": Scenario(scenario)})
    c = c.model_copy(update={"battle_hexes": [rec]})
    run = start(c, AT)
    q = run.pending
    assert q.key == "composition/red/out" and "r9" not in q.options and set(q.options) == {"r2", "r3"}
    assert any(e.rule == "004 Encounters Phase (units that must participate)" and "R9 take part" in e.text
               for e in run.log.events)
