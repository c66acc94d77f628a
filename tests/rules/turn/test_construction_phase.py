"""Seed 004's Construction Completion Phase as the GM's question (issue 23, rules/turn/construction_phase.py):
after the Combat Phase, where a planet cannot complete all of a power's projects, the power's Team
chooses which it completes first ("The player can choose which projects are delayed"); then the GM
is shown, power by power, each unit delivered and where, each repair, each project delayed, waiting
or lost with its reason and its cost, the status orders assumed and the flights landed or removed;
the confirmation applies exactly that, logged under the seed's section; End Phase then begins
Update Asset. Replayed and undone to the same bytes."""
from __future__ import annotations

import pytest

from rules.battlehex.log import GM, IllegalAnswer
from rules.errors import RuleError
from rules.model import dumps, parse_campaign
from rules.model.campaign import Campaign, Fleet
from rules.model.records import Phase
from rules.model.visibility import readable_log
from rules.strategic import build_graph
from rules.turn import empire, purchases, repairs_ordered, reserve
from rules.turn.construction_phase import FIRST, KEY
from rules.turn.run import play
from tests.rules.turn.test_base_transport import buy as base_elsewhere
from tests.rules.turn.test_base_transport import with_transports
from tests.rules.turn.test_empire import EXAMPLE, power
from tests.rules.turn.test_purchases import crippled

CONSTRUCTION = "004 Construction Completion Phase"
FED = "United Federation of Planets"
CHOICE = f"{FIRST}fed/0207/Vanguard II"
LAND = "construction/land/kzinti/0402"  # the Kzinti's ten flights at Rrawl, which bases 9: which land first


def _buy(c: Campaign, cls: str, at: str = "0207", planet: str = "Vanguard II") -> Campaign:
    return purchases.order(c, {"power": "fed", "class": cls, "at": at, "planet": planet})


def everything() -> Campaign:
    """Turn 1 in Troop Combat with Federation orders of every kind: a FF (a ship, 3 EP) and a DEFSAT
    (a base, 1 EP) at Vanguard II, the repair of Starbase 11 (8 EP), a CL at Tau Ceti IV (which then passes to the
    Klingons), USS Kongo to Reserve and USS Burke mothballed; Vanguard II's Morale then falls to 1
    (utilized Productivity halved: capacity 9, docks 3); and a Kzinti wing of 10 flights, no
    carrier, at Rrawl (utilized Productivity 3: bases 9)."""
    c = crippled(with_transports(pool=80), ("fed-sb-11", 32))
    for cls in ("FF", "DEFSAT"):
        c = _buy(c, cls)
    c = repairs_ordered.repair(c, {"power": "fed", "unit": "fed-sb-11", "planet": "Vanguard II"})
    c = _buy(c, "CL", "0509", "Tau Ceti IV")
    c = reserve.reserve_order(c, {"power": "fed", "unit": "fed-ca-kongo"})
    c = reserve.mothball_order(c, {"power": "fed", "unit": "fed-ff-burke", "planet": "Vanguard II"})
    c = c.model_copy(deep=True)
    next(pl for pl in c.sector_at("0207").star_system.planets if pl.name == "Vanguard II").morale = 1
    tau = next(pl for pl in c.sector_at("0509").star_system.planets if pl.name == "Tau Ceti IV")
    tau.owner = "klingon"
    template = next(u for f in c.fleets for u in f.units if u.id == "kz-fs-1")
    c.fleets.append(Fleet(id="kz-wing", name="Kzinti Wing", power="kzinti", sector="0402", units=[
        template.model_copy(update={"id": f"kz-wing-{n}", "name": f"Wing {n}", "carrier_id": None})
        for n in range(1, 11)]))
    c.phase = Phase.TROOPS
    return parse_campaign(dumps(c))


def confirmed(c: Campaign, first: list[str] | None = None) -> tuple[Campaign, str, Campaign]:
    """``c`` (Troop Combat) ended into Construction Completion, a power's choice where not all fits
    answered ``first`` (none: the order given), the GM's question's text, the confirmed campaign."""
    graph = build_graph(c)
    at = empire.close_combat(c, graph)
    assert at.phase is Phase.CONSTRUCTION and at.log[-1].text == "Construction Completion begins"
    assert (at.log[-1].rule, at.turn_asked) == ("004 Sequence of Play", c.turn_asked)
    assert len(at.fleets) == len(c.fleets)  # nothing is built before the GM confirms
    while (q := empire.pending(at)).key.startswith((FIRST, "construction/land/")):  # projects, then flights
        at = empire.answer(at, (first or []) if q.key.startswith(FIRST) else [], graph)
    q = empire.pending(at)
    assert (q.key, q.to, q.rule, q.options, q.data["secret"]) == (KEY, GM, CONSTRUCTION, ("confirm",), True)
    before = dumps(at)
    done = empire.answer(at, "confirm", graph)
    assert dumps(at) == before and KEY in done.turn_asked and done.phase is Phase.CONSTRUCTION
    return at, q.text, done


def test_the_gm_sees_every_outcome_power_by_power_and_the_confirmation_applies_it():
    at, text, done = confirmed(everything())
    fed = text[text.index(f"{FED}:"):text.index("Kzinti Hegemony:")]
    for line in (
            "at Vanguard II (0207): FF (ship) completed: 3 of capacity; New FF 1 (turn 1) placed in the fleet New "
            "construction at Vanguard II (0207)",
            "at Vanguard II (0207): DEFSAT (base, DEFSAT or mine) completed: 1 of capacity; New DEFSAT 2 (turn 1) "
            "joins the garrison at 0207",
            "at Vanguard II (0207): SB Starbase 11 (repair of a base or fixed defence) delayed: needs 8 of "
            "capacity, 5 left (8 EP paid; it waits for the next Construction Completion)",
            "the projects at Tau Ceti IV (0509) wait: the planet is no longer United Federation of Planets' "
            "(CL, 1/2 EP paid)",
            "USS Kongo goes to Reserve; its maintenance changes from the next Income",
            "USS Burke is mothballed; its maintenance changes from the next Income"):
        assert f"\n  \u2022 {line}" in fed, line
    assert "Kzinti Hegemony:\n  \u2022 at 0402: 10 flights not based on a carrier must land; utilized Productivity 3 " \
           "(Rrawl), squared: bases 9; 9 land, removed from play (no place to land; the file's order, garrison " \
           "first): Wing 10 (Kzinti Wing)\n" in text
    assert "\nKlingon Empire: nothing to complete\n" in text and text.startswith(
        "Game Master: the Construction Completion Phase -\n")
    # the confirmation did what the question said, and logged it under the seed's section
    added = done.log[len(at.log):]
    assert at.log[-2].text == f"{FED} completes first at Vanguard II (0207): nothing before the order given"
    assert at.log[-1].text == "Kzinti Hegemony lands first at 0402: none before the list's order"
    assert {e.rule for e in added} == {CONSTRUCTION, f"{CONSTRUCTION} (reserve and mothballs)", "004 Movement Phase",
                                       "004 Unit Abilities (Carrier)"}
    for e in added:
        assert e.text.removeprefix(f"{FED}: ").removeprefix(f"{FED} ").removeprefix("Kzinti Hegemony: ") \
            .removeprefix("Kzinti Hegemony ") in text, e.text
    built = next(f for f in done.fleets if f.id == "fed-built-t1-0207")
    assert [u.name for u in built.units] == ["New FF 1 (turn 1)"] and str(built.sector) == "0207"
    assert "New DEFSAT 2 (turn 1)" in [u.name for u in done.sector_at("0207").garrison]
    eco = power(done, "fed").economy
    assert [(j.unit_class, j.planet) for j in eco.projects] == [("SB", "Vanguard II"), ("CL", "Tau Ceti IV")]
    assert (eco.reserve, eco.mothballed, eco.status_orders) == (["fed-ca-kongo"], ["fed-ff-burke"], {})
    assert [u.name for u in next(f for f in done.fleets if f.id == "kz-wing").units] == [f"Wing {n}"
                                                                                         for n in range(1, 10)]


def test_a_power_s_lines_are_its_team_s_and_the_gm_s_alone():
    at, _, done = confirmed(everything())
    coalition = [e.text for e in readable_log(done, "coalition")[len(readable_log(at, "coalition")):]]
    assert not any("New FF" in t or "USS Kongo" in t or "Starbase 11" in t for t in coalition)
    alliance = [e.text for e in readable_log(done, "alliance")[len(readable_log(at, "alliance")):]]
    assert any("USS Kongo goes to Reserve" in t for t in alliance) and any("New FF 1" in t for t in alliance)


def test_a_base_whose_transport_fleets_are_not_in_place_is_shown_lost_with_its_cost():
    c = purchases.order(with_transports(), base_elsewhere("BASE10", where="0509"))
    _, text, done = confirmed(c.model_copy(update={"phase": Phase.TROOPS}))
    assert f"{FED}:\n  \u2022 the BASE10 ordered at Vanguard II (0207) to be built at 0509 is lost with the 10 EP spent: " \
           in text
    assert any(e.rule == f"{CONSTRUCTION} (bases outside the planet's orbit)" and "is lost with the 10 EP" in e.text
               for e in done.log)


def test_a_power_with_nothing_to_complete_says_so_and_end_phase_waits_for_the_confirmation():
    c = with_transports().model_copy(update={"phase": Phase.TROOPS})
    graph = build_graph(c)
    at = empire.close_combat(c, graph)
    text = empire.pending(at).text
    assert f"\n{FED}: nothing to complete\n" in text
    with pytest.raises(RuleError, match="the Construction Completion phase waits for: Game Master") as e:
        empire.advance(at, graph)
    assert e.value.rule == CONSTRUCTION
    with pytest.raises(IllegalAnswer):
        empire.answer(at, "roll", graph)
    done = empire.answer(at, "confirm", graph)
    assert empire.pending(done) is None and empire.waits_for(done) == (
        "the GM: construction is complete; go on to Update Asset (End Phase)")
    update = empire.advance(done, graph)
    assert (update.phase, update.log[-1].text, empire.pending(update).key) == (Phase.UPDATE, "Update Asset begins",
                                                                              "update/roll")


def _at_the_gm(c: Campaign, graph) -> Campaign:
    at = empire.answer(empire.close_combat(c, graph), ["fed-t1-2"], graph)  # the Alliance: the DEFSAT first
    return empire.answer(at, [], graph)  # the Kzinti's flights at Rrawl: the list's order (rules/turn/landing.py)


def test_replayed_and_undone_to_the_same_bytes():
    c = everything()
    graph = build_graph(c)
    at = _at_the_gm(c, graph)
    first = dumps(empire.answer(at, "confirm", graph))
    assert dumps(empire.answer(at, "confirm", graph)) == first  # the campaign before it (Undo) answered again
    assert dumps(empire.answer(parse_campaign(dumps(at)), "confirm", graph)) == first  # saved, reopened
    assert dumps(empire.answer(_at_the_gm(everything(), graph), "confirm", graph)) == first


def test_the_docs_turn_confirms_construction_between_troop_combat_and_update_asset():
    i = EXAMPLE.index("roll")
    assert EXAMPLE[i - 3:i] == ["end_phase", "confirm", "end_phase"]
    troops = everything()
    run = play(troops, ["end_phase"])
    assert (run.campaign.phase, run.pending.key) == (Phase.CONSTRUCTION, CHOICE)
    run.answer([])
    assert run.pending.key == LAND
    run.answer([])
    assert run.pending.key == KEY
    run.answer("confirm")
    assert any(e.kind == "question" and e.data["key"] == KEY for e in run.log)
    run.answer("end_phase")
    assert (run.campaign.phase, run.pending.key) == (Phase.UPDATE, "update/roll")
    assert play(troops, ["end_phase", [], [], "confirm", "end_phase"]).log == run.log


def test_files_saved_before_the_phase_load_and_play_on():
    """A file saved in Troop Combat goes on into Construction Completion (above); one saved in Update
    Asset by the old single step (no construction/confirm asked, no "Construction Completion begins")
    reopens there, its phase bar has Construction Completion done, and the turn plays on."""
    from rules.turn.sequence import StepState, sequence

    graph = build_graph(everything())
    done = empire.answer(_at_the_gm(everything(), graph), "confirm", graph)
    old = empire.advance(done, graph).model_copy(deep=True)
    old.turn_asked = [k for k in old.turn_asked if not k.startswith("construction/")]
    old.log = [e for e in old.log if e.text != "Construction Completion begins"]
    old = parse_campaign(dumps(old), "an Update Asset file of the old single step")
    steps = {s.key: s.state for s in sequence(old)}
    assert (steps["construction"], steps["update"]) == (StepState.DONE, StepState.NOW)
    run = play(old, ["roll", "end_phase", "end_phase"])
    assert (run.campaign.turn, run.campaign.phase, run.pending.key) == (2, Phase.INCOME, "income/confirm")


def test_the_power_chooses_which_projects_are_delayed_where_not_all_fit():
    """Vanguard II (capacity 9) cannot complete FF 3 + DEFSAT 1 + the repair 8: the Alliance (the
    Federation's Team) is asked, in secret, before the GM; the repair ticked first, the FF waits."""
    c = everything()
    graph = build_graph(c)
    at = empire.close_combat(c, graph)
    q = empire.pending(at)
    assert (q.key, q.to, q.rule, q.kind.value, q.data["secret"]) == (CHOICE, "alliance", CONSTRUCTION,
                                                                     "choose_units", True)
    assert q.options == ("fed-t1-1", "fed-t1-2", "fed-t1-3") and q.data["names"] == {
        "fed-t1-1": "FF (3 EP)", "fed-t1-2": "DEFSAT (1 EP)", "fed-t1-3": "SB Starbase 11 (8 EP)"}
    assert q.text.startswith(f"{FED}: Vanguard II (0207) cannot complete all its projects this turn (capacity 9 "
                             "EP, 3 dock spaces, Census 8; the player can choose which projects are delayed): FF (3 "
                             "EP); DEFSAT (1 EP); SB Starbase 11 (8 EP)")
    assert empire.waits_for(at) == "Alliance: the projects to complete first where not all fit (Turn > Answer, " \
                                   "Ctrl+Shift+A)"
    for wrong in (["fed-t1-4"], ["fed-t1-3", "fed-t1-3"], "fed-t1-3", [3]):
        with pytest.raises(IllegalAnswer, match="name projects of the planet, each once"):
            empire.answer(at, wrong, graph)
    with pytest.raises(RuleError, match="waits for"):
        empire.advance(at, graph)
    _, text, done = confirmed(c, ["fed-t1-3"])
    assert "SB Starbase 11 (repair of a base or fixed defence) completed: 8 of capacity; Starbase 11 is whole again " \
           "at 0207" in text
    assert "FF (ship) delayed: needs 3 of capacity, 1 left (3 EP paid; it waits" in text
    assert "DEFSAT (base, DEFSAT or mine) completed: 1 of capacity" in text  # a later, smaller one still fits
    line = next(e for e in done.log if e.text.startswith(f"{FED} completes first"))
    assert (line.text, line.rule, line.secret_of) == (f"{FED} completes first at Vanguard II (0207): SB Starbase "
                                                      "11 (8 EP)", CONSTRUCTION, ["alliance"])
    assert not next(u for u in done.sector_at("0207").garrison if u.id == "fed-sb-11").crippled
    assert [j.unit_class for j in power(done, "fed").economy.projects] == ["FF", "CL"]
    assert empire.pending(done) is None
