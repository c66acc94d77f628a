"""Strict answers (issue 11): one action per answer with only its own parts, hexes as label
strings, bounded numbers, fixed speeds, and a move no further than the unit can have gone
(V13.480, V13.482, V13.813, V13.435, V13.448, V13.811, V13.812); and the Incidental Units of a
Supply Convoy (V13.462, V13.465)."""
from __future__ import annotations

import pytest

from rules.battlehex.log import IllegalAnswer
from rules.battlehex.state import Step
from rules.battlehex.roster import Status
from tests.rules.systems.v13.helpers import battle, duel, place, unit
from tests.rules.systems.v13.test_combat import fight
from tests.rules.systems.v13.test_placement import refused, to_placement


@pytest.mark.parametrize(("answer", "words"), [
    ({"move": "r1", "to": "2139", "clock": 3}, "one action per answer"),
    ({"clock": 3, "hexes": 2}, "has no part 'hexes'"),
    ({"move": "r1", "to": "2139", "speed": 9}, "has no part 'speed'"),
    ({"move": "r1", "to": 2139}, "label string"),
    ({"move": "r1", "to": "2139", "facing": 2}, "label string"),
    ({"clock": 1, "by": "nobody"}, "'by' names a Team"),
    ({"float": "D", "hexes": 10**100}, "whole number of hexes"),
    ({"float": 3}, "not a"),
    ({"end": 5}, "only the GM ends"),
])
def test_a_combat_answer_with_extra_or_wrong_parts_is_refused_v13_480(answer, words):
    b = fight()
    before = list(b.answers)
    with pytest.raises(IllegalAnswer, match=words) as e:
        b.answer(answer)
    assert e.value.rule.startswith(("V13.48", "V13.812", "A-59")) and b.answers == before


def test_a_move_leaves_the_region_no_further_than_the_unit_can_go_v13_813():
    # the legal region around 2115 reaches row 44; r1 (2140) has not moved: in turn 1 it can be 31 hexes beyond
    b = fight()
    refused(b, {"move": "r1", "to": "(99999999999999999999999,1)", "facing": "D"}, "V13.813")
    assert "32 hexes beyond" in refused(b, {"move": "r1", "to": "(21,76)", "facing": "D"}, "V13.813")
    b.answer({"clock": 32})  # turn 2: two turns begun since its last move (none), 62 hexes
    b.answer({"move": "r1", "to": "(21,76)", "facing": "D"})
    assert b.state.units["r1"].status is Status.DISENGAGED


def test_31_hexes_beyond_the_region_in_turn_1_is_within_reach_v13_813():
    b = fight()
    b.answer({"move": "r1", "to": "(21,75)", "facing": "D"})  # just inside the reach
    assert b.state.units["r1"].status is Status.DISENGAGED


def test_a_move_inside_the_region_is_the_table_s_v13_482():
    b = fight()
    b.answer({"move": "r1", "to": "2102", "facing": "A"})  # tactical movement at the table: recorded as given
    assert b.ctx.label(b.state.units["r1"].at) == "2102"


def _placement():
    return to_placement(duel([unit("b1")], [unit("r1"), unit("r2")]))


@pytest.mark.parametrize("speed", [-5, 10**100, 32, True, 4.0])
def test_a_speed_outside_0_31_or_not_a_whole_number_is_refused_v13_435(speed):
    b = _placement()
    refused(b, place("b1", "2103", "D", speed), "V13.4")


def test_an_attacker_s_fixed_speed_refuses_any_other_v13_448():
    b = _placement()
    b.answer(place("b1", "2103", "D", 9))
    refused(b, place("r1", "2146", "A", 20), "V13.448")  # attackers move at 31 before Turn 1
    refused(b, {"gm_ruling": "far", "answer": place("r1", "2146", "A", 10**100)}, "V13.4")  # a ruling reads the form
    b.answer(place("r1", "2146", "A", 31))
    assert b.state.units["r1"].speed == 31


@pytest.mark.parametrize(("answer", "words"), [
    (place("b1", 2103, "D", 9), "label string"),
    (place("b1", "2103", "D", 9, colour="red"), "no part 'colour'"),
    (place("b1", "2103", 4, 9), "facing letter"),
    (place("b1", "2103", "D", 9, docked="yes"), "true or false"),
])
def test_a_placement_with_extra_or_wrong_parts_is_refused_v13_430(answer, words):
    b = _placement()
    assert words in refused(b, answer, "V13.430")


def test_the_centre_is_a_label_string_v13_811():
    b = _placement()
    b.answer(place("b1", "2103", "D", 9))
    b.answer(place("r1", "2146", "A"))
    b.answer(place("r2", "2147"))
    assert b.state.step is Step.CENTRE
    refused(b, int(b.pending.data["proposed"]), "V13.811")
    b.answer(b.pending.data["proposed"])


# -- the Incidental Units of a Supply Convoy (V13.439, V13.462, V13.465) --------------------------------
def convoy_ready():
    blue = [unit("c1", kind="convoy_ship"), unit("inc1", is_incidental=True, kind="freighter")]
    b = to_placement(duel(blue, [unit("r1")]))
    b.answer(place("c1", "2103", "D", 7))  # the convoy moves at 7
    b.answer(place("r1", "2146", "A"))
    assert b.state.step is Step.PLACE_INCIDENTAL
    return b


def test_a_convoy_incidental_stays_within_10_hexes_of_the_convoy_v13_462():
    b = convoy_ready()
    assert "distance to the convoy: 11 hexes" in refused(b, place("inc1", "(21,-8)"), "V13.462")  # 11 above c1
    b.answer(place("inc1", "(21,-7)"))  # 10 above c1: just inside


def test_a_convoy_incidental_takes_the_convoy_s_speed_v13_465():
    b = convoy_ready()
    refused(b, place("inc1", "2101", speed=12), "V13.465")  # not 0-12: the convoy's speed
    refused(b, place("inc1", "2101", speed=6), "V13.465")
    b.answer(place("inc1", "2101"))
    assert b.state.units["inc1"].speed == 7


def test_a_base_s_incidental_unit_keeps_speed_4_v13_465():
    from tests.rules.systems.v13.test_placement import incidental_ready
    b = incidental_ready()
    refused(b, place("inc1", "2112", speed=5), "V13.465")
    b.answer(place("inc1", "2112", speed=4))
    assert battle  # the helpers stay in use
