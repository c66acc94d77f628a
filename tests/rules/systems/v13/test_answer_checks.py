"""Answers the V13 rules do not allow are refused with the rule and change nothing (issue 19):
a unit that has left the battle never comes back (V13.503, V13.603), ``by`` names a Team of
this battle (the unit's owner when the answer moves or withdraws it; V13.484: the GM for
monsters), a part given as ``null`` is not a missing part, and a list of units names each
unit once (V13.23, V13.33, V13.523, V13.721, V13.722, V13.831)."""
from __future__ import annotations

import pytest

from rules.battlehex.log import IllegalAnswer
from rules.battlehex.roster import Status
from tests.rules.systems.v13.helpers import battle, duel, place, unit
from tests.rules.systems.v13.test_approach import NO_WBC, carrier_group
from tests.rules.systems.v13.test_combat import fight
from tests.rules.systems.v13.test_placement import to_placement

TWO_RED = {"red": [unit("r1"), unit("r2")], "red_at": ("2140", "2141")}
TWO_BLUE = {"blue": [unit("b1"), unit("b2")], "blue_at": ("2103", "2104")}


def refused(b, answer, rule, words=None):
    before, events = list(b.answers), len(b.log.events)
    with pytest.raises(IllegalAnswer, match=words) as e:
        b.answer(answer)
    assert rule in e.value.rule, e.value
    assert b.answers == before and len(b.log.events) == events
    return str(e.value)


# -- V13.503 / V13.603: a unit that has left never comes back ------------------------------------
def _disengaged():
    b = fight(**TWO_RED)
    b.answer({"move": "r1", "to": "2145", "facing": "D"})  # across the DoD border facing D
    assert b.state.units["r1"].status is Status.DISENGAGED and not b.state.ended
    return b, "r1"


def _retreated():
    b = fight(**TWO_BLUE)
    b.answer({"move": "b1", "to": "(21,-15)", "facing": "A"})  # across the DoR border facing A
    assert b.state.units["b1"].status is Status.RETREATED and not b.state.ended
    return b, "b1"


def _disorganized():
    b = fight(**TWO_BLUE)
    b.answer({"move": "b1", "to": "(21,-15)", "facing": "B"})  # the top border, but not facing the DoR
    assert b.state.units["b1"].status is Status.DISORGANIZED and not b.state.ended
    return b, "b1"


def _declared_unopposed():
    b = fight(**TWO_RED)
    b.answer({"declare": "r1"})
    b.answer(False)
    assert b.state.units["r1"].status is Status.DISENGAGED and not b.state.ended
    return b, "r1"


def _evaded():
    b = fight(**TWO_RED)
    b.answer({"declare": "r1"})
    b.answer(True)
    b.answer("sub-light evasion")
    assert b.state.units["r1"].status is Status.EVADED and not b.state.ended
    return b, "r1"


@pytest.mark.parametrize("left", [_disengaged, _retreated, _disorganized, _declared_unopposed, _evaded])
@pytest.mark.parametrize("status", ["active", "crippled", "destroyed", "captured"])
def test_a_unit_that_left_the_battle_cannot_be_marked_back_v13_503_v13_603(left, status):
    b, uid = left()
    was = b.state.units[uid].status
    refused(b, {"mark": uid, "status": status}, "V13.503", "left the battle")
    refused(b, {"gm_ruling": "bring it back", "answer": {"mark": uid, "status": status}}, "V13.503")
    assert b.state.units[uid].status is was
    refused(b, {"move": uid, "to": "2120", "facing": "A"}, "V13.503")  # and so it never moves again


def test_a_destroyed_unit_marked_active_again_is_a_correction_v13_482():
    b = fight(**TWO_RED)
    b.answer({"mark": "r1", "status": "destroyed"})
    b.answer({"mark": "r1", "status": "active"})  # the table's mistake, taken back
    assert b.state.units["r1"].status is Status.PRESENT
    b.answer({"move": "r1", "to": "2139", "facing": "A"})


# -- 'by': a Team of this battle; the owner when the answer moves or withdraws its unit ------------
@pytest.mark.parametrize("answer", [
    {"clock": 1, "by": "orions"},  # a Team of the campaign that does not fight here
    {"float": "D", "hexes": 2, "by": "orions"},
    {"mark": "r1", "status": "crippled", "by": "orions"},
    {"move": "r1", "to": "2139", "facing": "A", "by": "orions"},
    {"clock": 1, "by": None},
    {"clock": 1, "by": ["red"]},
    {"clock": 1, "by": {"team": "red"}},
])
def test_by_names_a_team_of_this_battle_v13_480(answer):
    b = fight(**TWO_RED)
    refused(b, answer, "V13.480", "'by'")


@pytest.mark.parametrize("answer", [
    {"move": "r1", "to": "2139", "facing": "A", "by": "blue"},  # Blue moves a Red unit
    {"move": "b1", "to": "2104", "facing": "A", "by": "red"},
    {"declare": "r1", "by": "blue"},  # Blue declares Red's disengagement
    {"declare": "b1", "by": "red"},
])
def test_a_team_moves_and_withdraws_only_its_own_units_v13_501_v13_601(answer):
    b = fight(**TWO_RED)
    refused(b, answer, "V13.4", "its owner")


def test_the_owner_or_the_gm_moves_a_unit_and_either_team_reports_a_mark_v13_482():
    b = fight(**TWO_RED)
    b.answer({"move": "r1", "to": "2139", "facing": "A", "by": "red"})
    b.answer({"move": "r2", "to": "2138", "facing": "A", "by": "gm"})
    b.answer({"mark": "r1", "status": "crippled", "by": "blue"})  # the table's result, reported by either side
    b.answer({"clock": 2, "by": "blue"})
    assert b.state.units["r1"].crippled and b.state.impulse == 3


# -- null is not a missing part ------------------------------------------------------------------
@pytest.mark.parametrize("part", ["docked", "facing", "speed", "at"])
def test_a_placement_part_given_as_null_is_refused_v13_430(part):
    b = to_placement(duel([unit("b1")], [unit("r1")]))
    refused(b, {**place("b1", "2103", "D", 9), part: None}, "V13.43", f"'{part}'")


@pytest.mark.parametrize("answer", [
    {"move": "r1", "to": "2139", "facing": None},
    {"move": "r1", "to": None},
    {"float": "D", "hexes": None},
    {"mark": "r1", "status": None},
])
def test_a_combat_part_given_as_null_is_refused_v13_480(answer):
    b = fight(**TWO_RED)
    refused(b, answer, "V13.")


# -- a list of units names each unit once --------------------------------------------------------
def test_withdrawal_names_each_unit_once_v13_23():
    b = battle(duel([unit("b1"), unit("b2")]), answers=(True, False))
    assert b.pending.key == "V13.23/select"
    refused(b, ["b1"] * 100_000, "V13.23", "once")
    refused(b, ["b1", "b2", "b1"], "V13.23", "once")
    b.answer(["b1"])


def test_approach_units_are_named_once_each_v13_33():
    b = battle(duel(carrier_group()), answers=(*NO_WBC, True), faces=[3, 4])
    assert b.pending.key == "V13.33/units"
    refused(b, ["ftr"] * 100_000, "V13.33", "once")
    b.answer(["ftr", "ff"])


def test_the_pursuit_force_and_the_rear_guard_name_each_unit_once_v13_721_v13_722():
    b = fight(red=[unit("r1"), unit("r2"), unit("r3")], red_at=("2140", "2141", "2142"), faces=[3, 3])
    for r in ("r1", "r2", "r3"):
        b.answer({"declare": r})
        b.answer(False)  # unopposed
    b.answer(True)
    assert b.pending.key == "V13.721/force"
    refused(b, ["b1"] * 100_000, "V13.721", "once")
    b.answer(["b1"])
    assert b.pending.key == "V13.722/rear_guard"
    refused(b, ["r1", "r1"], "V13.722", "once")
    b.answer(["r1"])


def test_disorganized_pursuers_are_named_once_each_v13_831():
    b = fight(blue=[unit("b1"), unit("b2")], blue_at=("2103", "2104"), red_at=("2140",))
    b.answer({"move": "b1", "to": "2101", "facing": "B"})
    b.answer({"move": "b1", "to": "(21,-15)", "facing": "B"})
    b.answer({"clock": 40})
    b.answer({"move": "r1", "to": "(21,-15)", "facing": "B"})
    assert b.pending.key == "V13.831/b1"
    refused(b, ["r1", "r1"], "V13.831", "once")
    b.answer(["r1"])


# -- a GM ruling has its own form: a reason (text) and the answer, nothing else ---------------------
@pytest.mark.parametrize("ruling", [
    {"gm_ruling": 5, "answer": 30},  # a reason is words
    {"gm_ruling": ["the table agrees"], "answer": 30},
    {"gm_ruling": "  ", "answer": 30},
    {"gm_ruling": "the table agrees", "answer": 30, "by": "red"},  # no other part
    {"gm_ruling": "the table agrees"},  # the answer is not left out (null here would mean "no agreed range")
])
def test_a_gm_ruling_is_a_reason_and_an_answer_v13_422(ruling):
    b = to_placement(duel([unit("b1")], [unit("r1")]), rng=())
    assert b.pending.key == "V13.422/attacker"
    refused(b, ruling, "GM ruling")
    b.answer({"gm_ruling": "the table agrees", "answer": None})
    assert b.pending.key != "V13.422/attacker"


def _deep(n):
    out: list = []
    for _ in range(n):
        out = [out]
    return out


@pytest.mark.parametrize("junk", [10**5000, _deep(100_000)], ids=["huge", "deep"])
def test_a_huge_number_or_deep_nesting_is_refused_not_raised_v13_435(junk):
    b = to_placement(duel([unit("b1")], [unit("r1")]))
    refused(b, place("b1", "2103", "D", junk), "V13.43")
    refused(b, {"unit": "b1", "at": junk}, "V13.43")
    f = fight(**TWO_RED)
    refused(f, {"clock": junk}, "V13.480")
    refused(f, {"float": "D", "hexes": junk}, "V13.812")
    refused(f, {"move": "r1", "to": junk}, "V13.482")


@pytest.mark.parametrize(("answer", "message"), [
    ({"move": "r1", "to": "2139", "clock": 3}, "one action per answer: move and clock are several; give them as "
                                               "separate answers"),
    ({"to": "2139"}, "one action per answer: move, clock, float, mark, declare or end"),
    ({"clock": 3, "hexes": 2, "at": 1}, "a clock answer has no part 'at', 'hexes' (its parts: by, clock)"),
    ({"clock": 3, "by": None}, "'by' is null: give a value or leave the part out (docs/battle_answers.md)"),
    ({"clock": 3, "by": "orions"}, "'by' names a Team of this battle (red, blue) or \"gm\", not 'orions'"),
    ({"move": "r1", "to": "2139", "by": "blue"}, "R1 is moved by its owner (red) or the GM, not by blue"),
    ({"declare": "b1", "by": "red"}, "B1's retreat is declared by its owner (blue) or the GM, not by red"),
    ({"declare": "r1", "by": "blue"}, "R1's disengagement is declared by its owner (red) or the GM, not by blue"),
])
def test_a_combat_answer_refused_says_why_in_words_v13_480(answer, message):
    b = fight(**TWO_RED)
    rule = {"b1": "V13.480 / V13.601", "r1": "V13.480 / V13.501"}.get(answer.get("declare"), "V13.480")
    assert refused(b, answer, rule) == f"{rule}: {message}"
