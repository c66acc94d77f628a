"""Shields absorbing damage (issue 25; seed 002 with the base game's six shields): the shield facing the
firer absorbs up to its points left this turn, the rest goes through to what the GM enters; the points
come back at the next turn's Power Allocation; a shield generator with a box marked is down; on the line
between two shields the GM chooses. The Lexington warps in 4 hexes from the D-7 (shields 20 each); the
D-7 fires in the next segment (an arrival is fired on only with a lock in its own)."""
from __future__ import annotations

import pytest

from rules.systems.stcs import shields
from tests.rules.systems.stcs.test_firing import next_segment, settled


@pytest.mark.parametrize(("toward", "found"), [(0, (1,)), (29, (1,)), (30, (1, 2)), (31, (2,)), (60, (2,)),
                                                (180, (4,)), (270, (5, 6)), (300, (6,)), (330, (6, 1))])
def test_the_shield_facing_a_source_numbered_clockwise_from_the_bow(toward: int, found: tuple[int, ...]) -> None:
    assert shields.facing(0, toward) == found
    assert shields.facing(240, (toward + 240) % 360) == found  # the same, the ship heading E


def d7_hits_lexington(run, points: int, weapon: str = "0") -> None:
    """The D-7 fires without a lock, chart 10 (To-Hit 5 - 4 with the torpedoes -, the die 1 hits), ``points``
    entered."""
    run.answer("fire:d7:lexington")
    run.answer(weapon)
    run.answer(10)
    run.answer(points)


def test_shield_1_absorbs_20_the_rest_goes_through_and_it_is_restored_next_turn() -> None:
    run = settled([1, 1, 1, 1])
    d7_hits_lexington(run, 26)
    assert run.pending.key == "stcs/2/hit/lexington"  # 6 points through: what did they strike?
    run.answer("superstructure")
    d7_hits_lexington(run, 5, "1")  # the torpedoes (the phasers recharge): shield 1 is spent this turn
    assert "it absorbs 0 of 5 points, 5 through" in run.events_json()
    run.answer("superstructure")
    assert run.engine.ss_lost == {"lexington": 11}
    for _ in range(2):  # segment 3, then turn 2's Power Allocation
        next_segment(run)
    d7_hits_lexington(run, 20)
    assert "absorbs 20 of 20 points, 0 through" in run.events_json()
    assert run.pending.key == "stcs/4/act" and run.engine.ss_lost == {"lexington": 11}  # nothing through


def test_a_shield_whose_generator_has_a_box_marked_absorbs_nothing() -> None:
    run = settled([1])
    run.answer("hit:lexington")
    run.answer("shield:1")
    run.answer(4)  # 4 points: carried, no box - the shield stands
    assert shields.points_left(run.engine, "lexington", 1) == 20
    run.answer("hit:lexington")
    run.answer("shield:1")
    run.answer(1)  # 4 + 1: one box marked - the shield is down
    assert shields.points_left(run.engine, "lexington", 1) == 0
    d7_hits_lexington(run, 7)
    assert "shield 1 faces Klothos: it absorbs 0 of 7 points, 7 through" in run.events_json()
    assert "shield 1: its generator is down" in run.events_json()


def test_on_the_line_between_two_shields_the_gm_chooses() -> None:
    run = settled([1])
    run.answer("move:lexington")
    run.answer("3")
    run.answer("A:2")  # turn to A, 2 hexes ahead: the D-7 lies at 270 degrees, between shields 5 and 6
    assert run.engine.facing["lexington"].name == "A" and shields.shields_toward(
        run.engine, "lexington", run.engine.at["d7"]) == (5, 6)
    d7_hits_lexington(run, 7)
    assert run.pending.key == "stcs/2/shield/lexington" and run.pending.options == ("5", "6")
    run.answer("6")
    assert "Lexington's shield 6 faces Klothos: it absorbs 7 of 7 points" in run.events_json()
    assert "Lexington's shield 6: 13 left this turn" in run.events_json("blue")  # its side's (and the GM's)
    assert "13 left this turn" not in run.events_json("red")


def test_damage_on_a_shield_from_the_table_a_d6_or_the_gms_shield() -> None:
    from tests.rules.systems.stcs.test_damage import scripted
    run = scripted([3])
    run.answer("struck:d7")
    run.answer("d6")  # a blast in its hex: the D6 3
    run.answer(25)
    assert "Klothos' shield 3 faces the damage: it absorbs 20 of 25 points, 5 through" \
        in run.events_json()
    run.answer("sensors")  # the 5 through
    assert run.engine.boxes[("d7", "sensors")] == (1, 0)
    run.answer("struck:d7")
    assert run.pending.data["option_words"]["3"] == "shield 3"  # (its points left told a secret: the GM's sheet)
    run.answer("2")
    run.answer(4)
    assert run.pending.key == "stcs/1/act" and run.engine.shield_used[("d7", 2)] == 4


def test_a_ship_with_its_engines_shut_down_has_no_shields() -> None:
    run = settled([1])
    run.answer("shutdown:lexington")
    assert "struck:lexington" not in run.pending.options  # its damage is entered as a hit
    d7_hits_lexington(run, 7)
    assert "shield 1 faces Klothos: it absorbs 0 of 7 points, 7 through" in run.events_json()
