"""Seed 002's Transporters (rules/systems/stcs/transporters.py), pinned where the mutants of transporters.py that
survived test_transporters, test_transport_tells, test_contact, test_parties, test_melee, test_transporters_pinned
and test_troops found them unpinned: the GM's transporter question and the persons questions (words, kind, default,
who is asked, the secret); every ship in reach listed in its words (past a cloaked one; marines without military
passengers; a ship dead in space abandoning to each friend); none for a ship with no crew or shut down; a shield up
toward one ship refusing only the transports with it (the rule and words; the default the first option taken) and
the act refused naming every ship; a segment's transports with one vessel, the next segment's with any; no crew to
send refused for a party and for crew; crew resting off their stations (a boarding party waiting in the
transporter rooms) aboard and beamed off last when the ship abandons, the sender's earlier losses kept; Emergency
Transporters on stored power the turn they are first used, counted by turns (not segments); the 10% a sender keeps
rounded up (a crew of 101 keeps 11); an exact-same-type receiver never hit staying at no losses; transfers from
another class adding up as passengers and becoming crew each in its third turn after, the lines its side's; another
nation's never crew (docs/ARCHITECTURE.md)."""
from __future__ import annotations

from typing import Any

import pytest

from rules.battlehex.log import GM, IllegalAnswer
from rules.battlehex.questions import QKind
from rules.dice import ScriptedDice
from rules.systems.stcs import parties
from rules.systems.stcs import transporters as tr
from rules.systems.stcs.battle import STCSBattle
from tests.rules.systems.stcs.test_casualty_track import campaign
from tests.rules.systems.stcs.test_shieldcontrol import lower
from tests.rules.systems.stcs.test_transporters_pinned import _near
from tests.rules.systems.v13.helpers import AT

WAITING = "movement 11, shields 1/1/1/1/1/1, weapons 10, transporters 1, boarding 20"
"""The Lexington's allocation at warp-speed combat: one 6-9 person transporter, 20 of its crew in boarding parties."""


def line(run: STCSBattle, start: str) -> tuple[str, str, str, dict[str, Any], Any]:
    e = next(ev for ev in run.log.events if ev.text.startswith(start))
    return e.kind, e.rule, e.text, e.data, e.visible_to


def test_the_gms_transporter_question_names_the_reach_and_the_power_table() -> None:
    run = _near()
    run.answer("beam:lexington")
    q = run.pending
    assert (q.key, q.kind, q.rule, q.to) == ("stcs/1/beam/lexington", QKind.CHOOSE, tr.RULE, GM)
    assert q.text == ("Game Master: what do Lexington's transporters do (within 4 hexes; power 6-9 person (or "
                      "smaller) 1, 18-22 person 2, small cargo 1, large cargo 2, emergency 0 the first turn used, then "
                      "1)?")
    run.answer("crew:enterprise")
    q = run.pending
    assert (q.key, q.kind, q.rule, q.to, q.low, q.default) == ("stcs/1/beam/lexington/persons", QKind.NUMBER, tr.RULE,
                                                               GM, 1, 1)


def test_abandoning_ship_takes_those_resting_off_their_stations_last() -> None:
    """The Lexington, 5% lost, its 20 boarders waiting in the transporter rooms: 408 of 430 at their stations (95%)
    and the 20 resting, 428 aboard. Abandoning with 418: the 408 at their stations first (95% more on its track, 100%
    in all, its earlier 5% kept), then 10 of the 20 resting; 10 are left aboard."""
    run = _near(allocate=WAITING)
    e = run.engine
    assert e.casualties == {"lexington": 5} and parties.waiting(e, "lexington") == 20
    run.answer("beam:lexington")
    run.answer("abandon:enterprise")
    assert run.pending.high == 428 == tr.onboard(e, "lexington")
    assert line(run, "Lexington abandons ship") == (
        "ruling", tr.EMERGENCY, "Lexington abandons ship by its Emergency Transporters (stored power, the first turn "
        "used)", {}, ("blue", GM))
    run.answer(418)
    assert e.casualties["lexington"] == 100 and parties.waiting(e, "lexington") == 10
    assert tr.onboard(e, "lexington") == 10


def test_emergency_transporters_are_counted_by_turns_not_segments() -> None:
    """The Lexington abandons part of its crew in turn 1's segment 2: turn 1 is the turn its Emergency Transporters
    were first used, so in turn 2 they are powered normally, offered and ruled so."""
    run = _near()
    e = run.engine
    run.answer("next")
    while not run.pending.key.endswith("/act"):
        run.answer("none")
    assert e.turn_segment() == (1, 2)
    for a in ("beam:lexington", "abandon:enterprise", 10):
        run.answer(a)
    assert e.contact.emergency == {"lexington": 1}
    while e.turn_segment() != (2, 1):
        run.answer("next")
        while not run.pending.key.endswith("/act"):
            run.answer("none")
    run.answer("beam:lexington")
    assert run.pending.data["option_words"]["abandon:enterprise"] == (
        "Lexington abandons ship to Enterprise (Emergency Transporters: 1 power, powered normally)")
    run.answer("abandon:enterprise")  # (its power the table's: never allocated here)
    assert [ev.text for ev in run.log.events if ev.rule == tr.EMERGENCY][-1] == (
        "Lexington abandons ship by its Emergency Transporters (1 power, powered normally)")
    assert e.contact.emergency == {"lexington": 1}


def test_a_crew_of_101_keeps_11_aboard() -> None:
    """10% of 101 is 10.1: rounded up, 11 kept, 90 to send."""
    run = STCSBattle(campaign(crew=101), AT)
    assert tr.spare(run.engine, "lexington") == 90


def test_one_person_to_an_exact_same_type_ship_never_hit_leaves_its_track_at_no_losses() -> None:
    run = _near()
    e = run.engine
    assert "enterprise" not in e.casualties
    for a in ("beam:lexington", "crew:enterprise", 1):  # 1 of 430: 0% off (rounded down)
        run.answer(a)
    assert e.casualties == {"enterprise": 0, "lexington": 1}


def other_class(**lexington: Any) -> STCSBattle:
    """The Lexington of another class (or ``lexington``'s record), never hit; the Enterprise and it 2 hexes apart,
    the shields between them lowered."""
    run = STCSBattle(campaign(**(lexington or {"class_size": 9})), AT, dice=lambda _seed: ScriptedDice([99]))
    run.answer("warp")
    lower(run, "enterprise", "lexington")
    lower(run, "lexington", "enterprise")
    return run


def next_turn(run: STCSBattle) -> None:
    t = run.engine.turn_segment()[0]
    while run.engine.turn_segment() != (t + 1, 1):
        run.answer("next")
        while not run.pending.key.endswith("/act"):
            run.answer("none")


def test_transfers_from_another_class_add_up_and_each_becomes_crew_in_its_third_turn_after() -> None:
    """3 persons in turn 1 (crew from turn 4; under 1% of 430), 50 in turn 2 (from turn 5): 53 passengers; in turn
    4 the 3 become crew, 50 still passengers, and the Lexington, never hit, stays at no losses; in turn 5 the 50.
    The lines are Blue's and the GM's."""
    run = other_class()
    e = run.engine
    for a in ("beam:enterprise", "crew:lexington", 3):
        run.answer(a)
    next_turn(run)
    for a in ("beam:enterprise", "crew:lexington", 50):
        run.answer(a)
    assert e.contact.passengers == {"lexington": 53} and "lexington" not in e.casualties
    assert line(run, "50 persons beam") == (
        "ruling", tr.RULE, "50 persons beam from Enterprise to Lexington: passengers, its crew from turn 5 (another "
        "class); Enterprise has 87% of its crew, Lexington 100%", {}, ("blue", GM))  # 1% + 12% sent
    next_turn(run)
    next_turn(run)
    assert e.turn_segment() == (4, 1)
    assert e.contact.passengers == {"lexington": 50} and e.casualties.get("lexington", 0) == 0
    assert line(run, "3 passengers on Lexington") == (
        "ruling", tr.RULE, "3 passengers on Lexington become its crew: 100% of its crew", {}, ("blue", GM))
    next_turn(run)
    assert e.contact.passengers == {"lexington": 0} and e.casualties["lexington"] == 0


def test_persons_from_another_nation_are_never_crew() -> None:
    run = other_class(nation="romulan")
    for a in ("beam:enterprise", "crew:lexington", 30):
        run.answer(a)
    assert line(run, "30 persons beam")[2] == ("30 persons beam from Enterprise to Lexington: passengers, never its "
                                               "crew (another nation); Enterprise has 93% of its crew, Lexington 100%")
    assert run.engine.contact.arriving == [] and run.engine.contact.passengers == {"lexington": 30}


def test_a_boarding_party_of_marines_is_asked_for_in_their_words() -> None:
    from tests.rules.systems.stcs.test_troops import near

    run = near([])
    run.answer("beam:lexington")
    run.answer("marines:d7")
    q = run.pending
    assert (q.kind, q.to, q.rule, q.low, q.high, q.default) == (QKind.NUMBER, "blue", tr.BOARD, 1, 25, 1)
    assert q.text.startswith("Blue (in secret): how many of its marines beam from Lexington to Klothos (")


def test_the_persons_question_of_a_boarding_party_is_its_sides_in_secret() -> None:
    from tests.rules.systems.stcs.test_transporters import large

    q = large(3).pending
    assert (q.to, q.rule, q.default, q.data) == ("blue", tr.BOARD, 1, {"secret": True})
    assert q.text == "Blue (in secret): how many persons beam from Lexington to Klothos (its powered transporters " \
                     "carry 24 this segment)?"
    run = _near()
    for a in ("beam:lexington", "crew:enterprise"):
        run.answer(a)
    q = run.pending
    assert (q.to, q.data) == (GM, {})
    assert q.text == "Game Master: how many persons beam from Lexington to Enterprise (the transporters' capacity is " \
                     "the table's)?"


def test_a_boarding_party_of_one_is_asked_for_one() -> None:
    """One of the Lexington's crew waits in a boarding party: the question's most is 1 (its transporters carry 6)."""
    from tests.rules.systems.stcs.test_firing import ARRIVAL
    from tests.rules.systems.stcs.test_parties import POWER

    run = STCSBattle(campaign(), AT, dice=lambda _seed: ScriptedDice(ARRIVAL))
    for a in ("sublight", ["lexington"], "power:lexington", POWER.format(t=1, b=1), "warpin:lexington", "4,0", "2"):
        run.answer(a)
    lower(run, "lexington", "d7")
    lower(run, "d7", "lexington")
    for a in ("beam:lexington", "board:d7"):
        run.answer(a)
    assert (run.pending.low, run.pending.high) == (1, 1)


def both_near(marines: int = 0) -> STCSBattle:
    """The Lexington warped in 4 hexes from the Klothos (the cloaked Bird of Prey 4 off too); the Enterprise set 2 hexes
    from it (no act brings it there in a few answers); no shield lowered. ``marines``: the Lexington's (no military
    passengers)."""
    from tests.rules.systems.stcs.test_firing import ARRIVAL
    from tests.rules.systems.stcs.test_troops import troop_campaign

    run = STCSBattle(troop_campaign(lexington={"marines": marines}), AT, dice=lambda _seed: ScriptedDice(ARRIVAL))
    for a in ["sublight", ["lexington"], "warpin:lexington", "4,0", "2"]:
        run.answer(a)
    e = run.engine
    e.at["enterprise"] = type(e.at["lexington"])(q=6, r=-2)
    assert (e.range("lexington", "d7"), e.range("lexington", "bop"), e.range("lexington", "enterprise")) == (4, 4, 2)
    return run


def test_every_ship_in_reach_is_listed_in_its_words_past_a_cloaked_one() -> None:
    """The Bird of Prey (cloaked) comes between the Klothos and the Enterprise in the map's order: passed over, not an
    end. The Lexington's 25 marines are a party of their own; it carries no military passengers."""
    e = both_near(marines=25).engine
    assert tr.options(e, "lexington") == {
        "board:d7": "Lexington beams a boarding party onto Klothos",
        "marines:d7": "Lexington beams a boarding party of its marines onto Klothos",
        "abandon:enterprise": "Lexington abandons ship to Enterprise (Emergency Transporters: stored power, the first "
                              "turn used)",
        "crew:enterprise": "Lexington beams crew over to Enterprise",
        "rescue:enterprise": "Lexington beams personnel off Enterprise"}


def test_a_ship_with_no_crew_or_shut_down_has_no_transports() -> None:
    run = both_near()
    e = run.engine
    e.casualties["lexington"] = 100
    assert tr.options(e, "lexington") == {}
    e.casualties["lexington"] = 0
    e.shutdown["lexington"] = 0
    assert tr.options(e, "lexington") == {}


def test_a_shield_up_toward_one_ship_refuses_only_the_transports_with_it() -> None:
    run = both_near()
    lower(run, "lexington", "enterprise")
    lower(run, "enterprise", "lexington")
    run.answer("beam:lexington")
    why = _refused(run, "board:d7")
    assert (why.rule, why.message) == (tr.BOARD, "Lexington cannot transport with Klothos: a shield is up on the line "
                                                 "between them (Shield Control)")
    run = both_near()
    lower(run, "lexington", "d7")
    lower(run, "d7", "lexington")
    run.answer("beam:lexington")
    assert run.pending.options[0] == "abandon:enterprise" and run.pending.default == "board:d7"  # the first it takes
    why = _refused(run, "crew:enterprise")
    assert (why.rule, why.message) == (tr.RULE, "Lexington cannot transport with Enterprise: a shield is up on the "
                                                "line between them (Shield Control)")


def test_the_act_is_refused_naming_every_ship_a_shield_is_up_toward() -> None:
    run = both_near()
    why = _refused(run, "beam:lexington")
    assert (why.rule, why.message) == (tr.RULE, "Lexington cannot transport: a shield is up on the line between it and "
                                                "Klothos, Enterprise (Shield Control)")


def test_a_segments_transports_are_with_one_vessel_the_next_segment_with_any() -> None:
    run = both_near()
    for x, y in (("lexington", "enterprise"), ("enterprise", "lexington"), ("lexington", "d7"), ("d7", "lexington")):
        lower(run, x, y)
    for a in ("beam:lexington", "crew:enterprise", 6):
        run.answer(a)
    run.answer("beam:lexington")
    assert set(run.pending.options) == {"abandon:enterprise", "crew:enterprise", "rescue:enterprise"}
    run.answer("rescue:enterprise")
    run.answer(1)
    run.answer("next")
    while not run.pending.key.endswith("/act"):
        run.answer("none")
    run.answer("beam:lexington")
    assert "board:d7" in run.pending.options


def test_no_crew_to_send_is_refused_for_a_party_and_for_crew_whatever_the_allocation() -> None:
    """Kept only its 10%: a boarding party of crew from a ship never allocated (no party waiting) is refused under
    Boarding Operations; a crew transfer under Transporters, allocated or not."""
    from tests.rules.systems.stcs.test_firing import close

    run = close([])
    lower(run, "lexington", "d7")
    lower(run, "d7", "lexington")
    run.engine.casualties["lexington"] = 90
    assert tr.options(run.engine, "lexington").keys() == {"board:d7"}
    why = _refused(run, "beam:lexington")  # its only transport refused: the act too (no question with no answer)
    assert (why.rule, why.message) == (tr.BOARD, "Lexington has no crew to send: it keeps 10% of its original crew "
                                                 "aboard to operate")
    run = _near(allocate="movement 11, shields 1/1/1/1/1/1, weapons 10, transporters 1")
    run.engine.casualties["lexington"] = 90
    run.answer("beam:lexington")  # (another transport it may make: the act stands)
    why = _refused(run, "crew:enterprise")
    assert (why.rule, why.message) == (tr.RULE, "Lexington has no crew to send: it keeps 10% of its original crew "
                                                "aboard to operate")


def _refused(run: STCSBattle, answer: Any) -> IllegalAnswer:
    with pytest.raises(IllegalAnswer) as why:
        run.answer(answer)
    return why.value


def test_a_ship_dead_in_space_may_abandon_to_each_friend_in_reach() -> None:
    """A third Federation ship, the Yorktown (the Enterprise's record), 2 hexes from the Lexington on its other side:
    the Lexington, dead in space, abandons ship to either (the first friend listed does not end the list)."""
    import copy
    import json

    from rules.model import io
    from tests.rules.systems.stcs.helpers import stcs_campaign

    c = stcs_campaign()
    data = json.loads(io.dumps(c))
    for f in data["fleets"]:
        for u in list(f["units"]):
            if u["id"] == "enterprise":
                f["units"].append(dict(copy.deepcopy(u), id="yorktown", name="Yorktown"))
    run = STCSBattle(type(c).model_validate(data), AT, dice=lambda _seed: ScriptedDice([99]))
    run.answer("warp")
    e = run.engine
    run.answer("hit:lexington")
    run.answer("superstructure")
    while run.pending.key != "stcs/1/act":
        run.answer(41 if run.pending.key.endswith("/points") else run.pending.options[0])
    assert (e.range("lexington", "enterprise"), e.range("lexington", "yorktown")) == (2, 2)
    lower(run, "enterprise", "lexington")
    lower(run, "yorktown", "lexington")
    run.answer("beam:lexington")
    assert run.pending.options == ("abandon:enterprise", "abandon:yorktown")
