"""Seed 002's Transporters and Boarding Operations (issue 25): persons and percents, a boarding party
beamed through the act list (the boarded side told it is boarded, not how many), one vessel a segment,
a shield up stopping it, no transport for a cloaked ship."""
from __future__ import annotations

import json
from typing import Any

import pytest

from rules.battlehex.log import IllegalAnswer
from rules.dice import ScriptedDice
from rules.model import io
from rules.systems.stcs.battle import STCSBattle
from rules.systems.stcs.transporters import pct_of, persons
from tests.rules.systems.stcs.helpers import stcs_campaign
from tests.rules.systems.stcs.test_firing import close
from tests.rules.systems.stcs.test_shieldcontrol import lower
from tests.rules.systems.v13.helpers import AT


def test_persons_and_percents() -> None:
    assert persons(430, 80) == 344
    assert pct_of(100, 430, True) == 24 and pct_of(100, 430, False) == 23


def boarded(n: int = 100, faces: list[int] | None = None):
    run = close(faces or [])
    lower(run, "lexington", "d7")  # Shield Control: the shields along the line down on both ships
    lower(run, "d7", "lexington")
    run.answer("beam:lexington")
    assert set(run.pending.options) == {"board:d7"}  # the Klothos within 4 hexes; no friend near
    run.answer("board:d7")
    assert run.pending.to == "blue" and run.pending.data["secret"]  # how many: the boarding side, in secret
    with pytest.raises(IllegalAnswer, match="1-387"):  # 430 less the 10% (43) it keeps aboard
        run.answer(388)
    run.answer(n)
    return run


def test_a_boarding_party_beams_on_and_the_boarded_side_is_told_not_how_many() -> None:
    run = boarded()
    e = run.engine
    assert e.casualties["lexington"] == 24  # 100 of 430 off their stations, rounded up
    red, blue = run.events_json("red"), run.events_json("blue")
    assert "Klothos is being boarded" in red and "100 boarders" not in red
    assert '"answer": 100' not in red and ": 100" not in red  # the number is given by Blue in secret
    assert "100 boarders from Lexington beam onto Klothos" in blue
    assert "melee:d7" not in run.pending.options  # the melee begins the segment after
    run.answer("beam:lexington")  # its transports this segment are all with the Klothos
    assert run.pending.options == ("board:d7",)
    for a in ("board:d7", 20):
        run.answer(a)
    # 120 of 430 off their stations: 28% (the persons away rounded up once, not 24 + 5 by pieces)
    assert e.contact.melees["d7"].attackers == 120 and e.casualties["lexington"] == 28


def test_a_shield_up_stops_the_transport_refused_to_the_gm_only() -> None:
    """The shields' state is not announced (seed 002 Transporters): the refusal is the GM's, asked again; the
    public log says nothing (it read 'a shield is up on the line between them' to everyone)."""
    run = close([])
    before = run.events_json()
    with pytest.raises(IllegalAnswer, match="Lexington cannot transport: a shield is up on the line between it and "
                       "Klothos") as why:
        run.answer("beam:lexington")  # the Klothos's shield toward it is up (the engine reads Shield Control)
    assert why.value.rule == "STCS Transporters"
    assert run.events_json() == before and run.pending.key.endswith("/act")
    lower(run, "lexington", "d7")
    lower(run, "d7", "lexington")
    run.answer("beam:lexington")  # both down now: the act is taken
    assert run.engine.contact.melees == {}


def test_a_cloaked_ship_does_not_transport() -> None:
    run = close([])
    assert "beam:bop" not in run.pending.options


def test_a_ship_dead_in_space_has_no_transporters_but_its_emergency_ones() -> None:
    run = close([])
    run.answer("hit:lexington")
    run.answer("superstructure")
    while run.pending.key != "stcs/1/act":
        run.answer(41 if run.pending.key.endswith("/points") else run.pending.options[0])
    assert run.engine.ss_lost["lexington"] == 41  # of 40: negative, dead in space
    assert "beam:lexington" not in run.pending.options


def test_crew_from_another_class_becomes_crew_in_the_third_turn_after() -> None:
    c = stcs_campaign()
    data = json.loads(io.dumps(c))
    for f in data["fleets"]:
        for u in f["units"]:
            if u["id"] == "lexington":
                u["stcs"]["class_size"] = 9  # a Federation ship of another class
    run = STCSBattle(type(c).model_validate(data), AT, dice=lambda _seed: ScriptedDice([99]))
    run.answer("warp")
    for a in ("crew:lexington", "other", 5, 4):  # 20% of the Lexington's crew lost
        run.answer(a)
    lower(run, "enterprise", "lexington")
    lower(run, "lexington", "enterprise")
    for a in ("beam:enterprise", "crew:lexington", 50):
        run.answer(a)
    e = run.engine
    assert "passengers, its crew from turn 4 (another class)" in run.events_json()
    assert e.contact.passengers == {"lexington": 50} and e.casualties["lexington"] == 20
    while e.turn_segment() != (4, 1):
        assert e.casualties["lexington"] == 20
        run.answer("next")
        run.answer("none")  # the Romulans' secret question: no cloaked warp out
    assert e.casualties["lexington"] == 9 and e.contact.passengers == {"lexington": 0}  # 50 of 430: 11%
    assert "50 passengers on Lexington become its crew: 91% of its crew" in run.events_json("blue")


def test_a_ship_dead_in_space_abandons_ship_by_its_emergency_transporters() -> None:
    """Seed 002 Transporters and Negative Superstructure: the Lexington, dead in space, abandons ship by its own
    Emergency Transporters to the Enterprise once the Enterprise lowered its shield toward it (the Lexington's
    have no power); stored power the first turn, powered normally the next."""
    run = STCSBattle(stcs_campaign(), AT, dice=lambda _seed: ScriptedDice([99]))
    run.answer("warp")
    e = run.engine
    run.answer("hit:lexington")
    run.answer("superstructure")
    while run.pending.key != "stcs/1/act":
        run.answer(41 if run.pending.key.endswith("/points") else run.pending.options[0])
    assert e.ss_lost["lexington"] == 41  # of 40: dead in space
    with pytest.raises(IllegalAnswer, match="cannot transport: a shield is up on the line between it and Enterprise"):
        run.answer("beam:lexington")  # refused to the GM: the Enterprise's shield toward it is up
    lower(run, "enterprise", "lexington")
    run.answer("beam:lexington")
    assert run.pending.options == ("abandon:enterprise",)  # no crew transfer, rescue or boarding: only abandoning
    assert "Emergency Transporters: stored power, the first turn used" in run.pending.data["option_words"][
        "abandon:enterprise"]
    run.answer("abandon:enterprise")
    assert run.pending.high == 430  # everyone aboard: abandoning keeps no one
    run.answer(200)
    assert "Lexington abandons ship by its Emergency Transporters (stored power, the first turn used)" in \
        run.events_json("blue")
    assert "200 persons beam from Lexington to Enterprise" in run.events_json("blue")
    while e.turn_segment() != (2, 1):
        run.answer("next")
        while not run.pending.key.endswith("/act"):
            run.answer("none")
    run.answer("beam:lexington")
    assert "Emergency Transporters: 1 power, powered normally" in run.pending.data["option_words"][
        "abandon:enterprise"]


def large(power: int) -> Any:
    """The Lexington with one 18-22 person transporter allocates ``power`` to transporters and boarding parties of
    100, warps in 4 hexes from the Klothos; the shields along the line lowered on both; its side beams a party."""
    from tests.rules.systems.stcs.test_casualty_track import campaign
    from tests.rules.systems.stcs.test_firing import ARRIVAL
    from tests.rules.systems.stcs.test_parties import POWER
    from tests.rules.systems.v13.helpers import AT

    run = STCSBattle(campaign(large_transporters=1), AT, dice=lambda _seed: ScriptedDice(ARRIVAL))
    for a in ("sublight", ["lexington"], "power:lexington", POWER.format(t=power, b=100), "warpin:lexington",
              "4,0", "2"):
        run.answer(a)
    lower(run, "lexington", "d7")
    lower(run, "d7", "lexington")
    run.answer("beam:lexington")
    run.answer("board:d7")
    return run


@pytest.mark.parametrize(("power", "most"), [(1, 6), (2, 18), (3, 24), (4, 30)])
def test_an_18_22_person_transporter_takes_2_power_and_beams_18(power: int, most: int) -> None:
    """The Transporter Power Table: "6-9 Person (or smaller) 1, 18-22 Person 2": the power goes to the 18-22 person
    transporter first (18 persons, the least its row names), the rest to 6-9 person ones (6 each)."""
    run = large(power)
    assert run.pending.high == most
    with pytest.raises(IllegalAnswer, match=f"at most {most} persons") as why:
        run.answer(most + 1)
    assert why.value.rule == "STCS Transporters (Transporter Power Table)"
    run.answer(most)
    with pytest.raises(IllegalAnswer, match="used this segment: a transporter may be used only once per phase"):
        run.answer("beam:lexington")


def test_a_small_party_leaves_the_18_22_person_transporter_for_the_next_transport() -> None:
    run = large(3)
    run.answer(4)  # one 6-9 person transporter
    assert run.engine.contact.beamed_large == []
    run.answer("beam:lexington")
    run.answer("board:d7")
    assert run.pending.high == 18  # the 18-22 person one is left this segment


def test_the_power_question_names_the_18_22_person_transporters_only_for_a_ship_that_has_them() -> None:
    """The Power Allocation question tells the side what its transporters cost: 2 each for the 18-22 person ones
    (powered first), besides 1 for a 6-9 person one; a ship with none is told of the 6-9 person ones alone."""
    from tests.rules.systems.stcs.test_casualty_track import campaign
    from tests.rules.systems.stcs.test_firing import ARRIVAL

    for large_ones, said in ((1, True), (0, False)):
        run = STCSBattle(campaign(large_transporters=large_ones), AT, dice=lambda _seed: ScriptedDice(ARRIVAL))
        for a in ("sublight", ["lexington"], "power:lexington"):
            run.answer(a)
        assert run.pending.key.endswith("power/lexington"), run.pending.key
        assert "1 a 6-9 person transporter" in run.pending.text
        assert ("2 each of its 1 18-22 person ones, powered first" in run.pending.text) is said
