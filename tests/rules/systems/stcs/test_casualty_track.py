"""Seed 002's Casualty Modifier Track (issue 25): the box by the crew at their stations (boarding parties off them,
in the Power Allocation Phase, back the turn after), Stasis troops crowding one box a 25% or part thereof (an
undamaged ship never worse than the 60-69% box), troops carried for the battle one box; the crew casualties roll on
the Crew Efficiency as modified by the box (the base game's modifiers from the ship's record)."""
from __future__ import annotations

import json
from typing import Any

import pytest
from pydantic import ValidationError

from rules.dice import ScriptedDice
from rules.model.stcs import STCSData
from rules.systems.stcs import casualty_track as track
from rules.systems.stcs.battle import STCSBattle
from tests.rules.systems.stcs.helpers import stcs_campaign
from tests.rules.systems.stcs.test_data import SHIP
from tests.rules.systems.stcs.test_firing import ARRIVAL, next_segment
from tests.rules.systems.stcs.test_parties import POWER
from tests.rules.systems.v13.helpers import AT

MODS = [0, -10, -20, -30]
"""The tests' base-game modifiers: 90-100% none, 80-89% -10, 70-79% -20, 60-69% and worse -30."""


@pytest.mark.parametrize(("left", "name"), [(100, "90-100%"), (90, "90-100%"), (89, "80-89%"), (70, "70-79%"),
                                            (69, "60-69%"), (60, "60-69%"), (59, "50-59%"), (9, "0-9%"), (0, "0-9%")])
def test_the_boxes_are_the_tens_of_the_crew_at_their_stations(left: int, name: str) -> None:
    assert track.BOXES[track.band(left)] == name


@pytest.mark.parametrize(("active", "total", "boxes"), [(0, 100, 0), (1, 100, 1), (25, 100, 1), (26, 100, 2),
                                                        (50, 100, 2), (51, 100, 3), (75, 100, 3), (76, 100, 4),
                                                        (100, 100, 4)])
def test_stasis_troops_crowd_one_box_for_each_25_percent_or_part_thereof(active: int, total: int, boxes: int) -> None:
    assert track.crowding(active, total) == boxes


def test_crowding_never_takes_an_undamaged_ship_worse_than_the_60_69_box() -> None:
    assert track.BOXES[track.box(100, 4)] == "60-69%"  # four boxes of crowding: not into "Not Firing"
    assert track.BOXES[track.box(100, 3)] == "60-69%" and track.BOXES[track.box(100, 2)] == "70-79%"
    assert track.BOXES[track.box(85, 4)] == "40-49%"  # a damaged ship: the seed caps only the undamaged
    assert track.BOXES[track.box(100, 0, temporary=True)] == "80-89%"  # troops carried for the battle: one box
    assert track.BOXES[track.box(0, 4, temporary=True)] == "0-9%"


def test_a_box_beyond_the_modifiers_given_reads_the_last_and_none_given_reads_0() -> None:
    assert track.modifier(MODS, 1) == -10 and track.modifier(MODS, 7) == -30 and track.modifier(None, 7) == 0


def test_troops_carried_for_the_battle_are_at_most_10_percent_of_the_crew_and_only_without_marines() -> None:
    assert STCSData.model_validate({**SHIP, "temporary_troops": 43}).temporary_troops == 43
    with pytest.raises(ValidationError, match="stcs.temporary_troops: .* at most 10% of its crew \\(43\\)"):
        STCSData.model_validate({**SHIP, "temporary_troops": 44})
    with pytest.raises(ValidationError, match="stcs.temporary_troops"):
        STCSData.model_validate({**SHIP, "marines": 20, "temporary_troops": 10})
    with pytest.raises(ValidationError, match="stcs.stasis_revived"):
        STCSData.model_validate({**SHIP, "marines": 20, "stasis_revived": True})


def campaign(**lexington: Any) -> Any:
    """The tests' battle, the Lexington's record given ``lexington`` too."""
    from rules.model import io

    c = stcs_campaign()
    data = json.loads(io.dumps(c))

    def walk(o: Any) -> None:
        if isinstance(o, dict):
            if o.get("id") == "lexington" and "stcs" in o:
                o["stcs"].update(lexington)
            for v in o.values():
                walk(v)
        elif isinstance(o, list):
            for v in o:
                walk(v)
    walk(data)
    return type(c).model_validate(data)


def hit(boarding: int, die: int, **lexington: Any) -> STCSBattle:
    """The Lexington (modifiers :data:`MODS`) allocates boarding parties of ``boarding`` of its 430 crew, warps in,
    and takes a crew hit of 5 points at 4% a point, its efficiency die ``die``."""
    run = STCSBattle(campaign(casualty_modifiers=MODS, **lexington), AT,
                     dice=lambda _seed: ScriptedDice(ARRIVAL + [die]))
    for a in ("sublight", ["lexington"], "power:lexington", POWER.format(t=1, b=boarding), "warpin:lexington",
              "4,0", "2", "crew:lexington", "other", 5, 4):
        run.answer(a)
    return run


@pytest.mark.parametrize(("boarding", "die", "lost"), [(43, 57, 8), (43, 58, 20), (44, 47, 8), (44, 48, 20)])
def test_the_crew_casualties_roll_reads_the_efficiency_modified_by_the_box(boarding: int, die: int,
                                                                           lost: int) -> None:
    """43 of 430 in boarding parties leave 90% at their stations (the 90-100% box: 57); 44 leave 89% (10.2% off,
    rounded up: the 80-89% box, 57 - 10 = 47). Passed, the 5 points are halved: 2 x 4% = 8%; failed, 20%."""
    run = hit(boarding, die)
    blue = run.events_json("blue")
    assert f"Lexington loses {lost}% of its crew" in blue
    box = "90-100% box (Crew Efficiency 57 +0: 57)" if boarding == 43 else "80-89% box (Crew Efficiency 57 -10: 47)"
    assert f"Lexington's Casualty Modifier Track: the {box}" in blue


def test_red_reads_the_same_whatever_box_blues_secret_party_put_the_lexington_in() -> None:
    """The box counts the secret boarding parties: with the record's modifiers the hit's outcome is Blue's and the
    GM's; Red reads the same crew hit whether the party moved the box (and the outcome) or not."""
    a, b = hit(43, 50), hit(44, 50)
    assert "loses 8%" in a.events_json("blue") and "loses 20%" in b.events_json("blue")
    assert a.events_json("red") == b.events_json("red")
    assert "Casualty Modifier Track: the" not in a.events_json("red") and "Lexington loses" not in a.events_json("red")


def test_the_party_taken_out_is_back_on_the_track_the_turn_after() -> None:
    run = hit(44, 48)  # 20% lost: 31% off the track, 69% left: the 60-69% box
    e = run.engine
    assert track.BOXES[track.of(e, "lexington")] == "60-69%"
    while e.turn_segment() != (2, 1):
        next_segment(run)
    run.answer("power:lexington")
    run.answer("movement 4, shields 1/1/1/1/1/1, weapons 4, transporters 1, boarding 0")
    assert track.BOXES[track.of(e, "lexington")] == "60-69%"  # back in turn 3's Power Allocation Phase
    while e.turn_segment() != (3, 1):
        next_segment(run)
    assert e.casualties["lexington"] == 20 and track.BOXES[track.of(e, "lexington")] == "80-89%"


def test_revived_stasis_troops_crowd_the_ship_and_fight() -> None:
    """100 marines in Stasis revived before the battle: four boxes of crowding, the undamaged Lexington (the
    90-100% box) no worse than 60-69% (57 - 30 = 27): the die 27 passes, the hit halved (8%); 92% left and 92
    marines aboard, still the 60-69% box; a ship not revived is not crowded and its marines do not fight."""
    run = hit(0, 27, marines=100, marines_carry="stasis", stasis_revived=True)
    e = run.engine
    assert "the 60-69% box (Crew Efficiency 57 -30: 27)" in run.events_json("blue")
    assert "Lexington loses 8% of its crew" in run.events_json("blue")
    assert track.BOXES[track.of(e, "lexington")] == "60-69%"
    from rules.systems.stcs import troops
    assert troops.aboard(e, "lexington", troops.MARINES) == 92
    asleep = hit(0, 27, marines=100, marines_carry="stasis")
    assert "the 90-100% box (Crew Efficiency 57 +0: 57)" in asleep.events_json("blue")
    assert troops.aboard(asleep.engine, "lexington", troops.MARINES) == 0


def test_troops_carried_for_the_battle_drop_one_box_and_fight_as_marines() -> None:
    run = hit(0, 48, temporary_troops=43)  # the 80-89% box: 47; 48 fails
    assert "the 80-89% box (Crew Efficiency 57 -10: 47)" in run.events_json("blue")
    assert "Lexington loses 20% of its crew" in run.events_json("blue")
    from rules.systems.stcs import troops
    assert troops.aboard(run.engine, "lexington", troops.MARINES) == 35  # 43 less 20% (8)


@pytest.mark.parametrize("left", [101, -1])
def test_a_percent_of_the_crew_outside_0_100_is_refused(left: int) -> None:
    with pytest.raises(ValueError, match=f"a percent of the crew is 0-100, not {left}"):
        track.band(left)


def test_a_box_with_no_crowding_and_no_troops_carried_is_the_crews() -> None:
    assert track.box(100) == 0 and track.box(85) == 1 and track.box(5) == 9


@pytest.mark.parametrize(("crew", "name"), [(0, "0-9%"), (1, "90-100%")])
def test_a_ship_with_no_crew_is_in_the_last_box_and_one_of_1_is_not(crew: int, name: str) -> None:
    """The box reads the crew at their stations: a record of crew 0 has none (0-9%), one of crew 1 all of them."""
    run = STCSBattle(campaign(casualty_modifiers=MODS, crew=crew), AT, dice=lambda _seed: ScriptedDice(ARRIVAL))
    assert track.BOXES[track.of(run.engine, "lexington")] == name


def test_active_marines_do_not_crowd_the_ship() -> None:
    """Crowding is the Stasis troops' (seed 002: 'Whenever a ship's Stasis troops are active and onboard'): 20
    marines carried Active leave the undamaged Lexington in the 90-100% box (57); the die 57 passes (8%)."""
    run = hit(0, 57, marines=20)
    assert "the 90-100% box (Crew Efficiency 57 +0: 57)" in run.events_json("blue")
    assert "Lexington loses 8% of its crew" in run.events_json("blue")


def test_a_single_trooper_carried_for_the_battle_drops_one_box() -> None:
    """'A ship which does not normally carry troops may, temporarily for battle, carry a number of troops equal to
    10% of its standard crew size. If it does this, it drops one box': one trooper is carrying troops."""
    run = hit(0, 48, temporary_troops=1)
    assert "the 80-89% box (Crew Efficiency 57 -10: 47)" in run.events_json("blue")
    assert "Lexington loses 20% of its crew" in run.events_json("blue")
