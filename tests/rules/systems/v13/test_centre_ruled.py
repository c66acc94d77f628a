"""V13.811's centre when no original centre hex holds every unit (issue 22: a wall by Return).

A GM ruling may place a unit far off (issue 11); then no centre holds every unit, and the centre question
refused every answer, its own proposal too: a GM pressing Return (the dialog opens at the proposal) was stuck,
only a GM overrule went on. Now the engine rules: the proposal is the centre leaving the fewest units outside,
OK (Return) takes it, and the log says so with the rule and the reason. Another hex still needs a GM ruling.
"""
from __future__ import annotations

import pytest

from rules.battlehex.log import IllegalAnswer
from rules.battlehex.state import Step
from rules.systems.v13.autoplay import play
from rules.systems.v13.centre import RULED
from tests.play.pressed import pressed
from tests.rules.systems.v13.helpers import battle, duel, place, unit

FAR = "(120,140)"
"""A hex of the plane ~150 hexes off the 42 x 30 map sheet, where the GM rules the attacker placed."""


def far_off(*more):
    """Blue's B1 placed at 2103, Red's R1 placed at :data:`FAR` by a GM ruling: the centre question is pending."""
    return battle(duel([unit("b1")], [unit("r1")]), faces=[1, 1, 1, 1], answers=(
        False, 30, 30, place("b1", "2103", "D"), {"gm_ruling": "the GM's scenario", "answer": place("r1", FAR, "A")},
        *more))


def test_return_at_the_centre_goes_on_by_the_engines_ruling_v13_811():
    b = far_off()
    q = b.pending
    assert q.key == "V13.811/centre"
    assert q.data["proposed"] == "2103"  # the defender's hex: one unit outside, the fewest (the middle held none)
    assert "R1" in q.text and "OK takes it as the engine's ruling" in q.text
    b.answer(pressed(q))  # Return: the proposal (refused before: "... would lie outside the legal region")
    assert b.state.step is Step.COMBAT and b.pending.key == "combat/1"
    assert b.ctx.window.label(b.state.centre) == b.ctx.window.label(b.ctx.window.hex_at("2103"))
    ruling = [e for e in b.log.events if e.kind == "ruling"]
    assert ruling[-1].rule == RULED, ruling
    assert "no centre holds every unit" in ruling[-1].text and "R1 lies outside the legal region" in ruling[-1].text
    assert "the engine rules the proposed centre, 2103" in ruling[-1].text
    assert far_off("2103").events_json() == b.events_json()  # the answers replay to the same battle


def test_another_hex_still_needs_a_gm_ruling_and_is_not_the_engines_v13_811():
    b = far_off()
    with pytest.raises(IllegalAnswer, match="R1 would lie outside.*OK takes the proposed 2103"):
        b.answer("2115")
    assert b.pending.key == "V13.811/centre"
    b.answer({"gm_ruling": "the GM's choice", "answer": "2115"})
    assert b.state.step is Step.COMBAT
    assert not any(e.rule == RULED for e in b.log.events)  # the GM ruled, not the engine


def test_a_centre_that_holds_every_unit_is_no_ruling_v13_811():
    b = battle(duel([unit("b1")], [unit("r1")]), answers=(False, 30, 30, place("b1", "2103", "D"),
                                                           place("r1", "2140", "A")), faces=[1, 1, 1, 1])
    q = b.pending
    assert "rule" not in q.data and "engine's ruling" not in q.text
    with pytest.raises(IllegalAnswer, match="choose another centre"):
        b.answer("(80,80)")
    b.answer(q.data["proposed"])
    assert b.state.step is Step.COMBAT and not any(e.kind == "ruling" for e in b.log.events)


def test_random_play_goes_on_at_the_proposed_centre_without_a_ruling_of_its_own():
    """autoplay answered a refused proposal with a GM ruling; now it gives the proposal, and the battle is fought."""
    b = far_off()
    answers = play(b, 3, through_combat=True, combat_actions=4)
    assert b.done and answers[5] == "2103"
