"""A placement the rules leave no hex for goes on by Return (issue 22): the engine rules a hex for each unit it could
place (its rules in turn, each kept unless it leaves nothing, the floating map's spread last; nearest the sheet's
centre), Return's answer places the first there, the log says so with the rule and the rules broken; another hex
still needs a GM ruling, and the answers replay to the same battle."""
from __future__ import annotations

import pytest

from rules.battlehex.log import IllegalAnswer
from rules.battlehex.state import Step
from tests.play.pressed import pressed
from tests.rules.systems.v13.helpers import place
from tests.rules.systems.v13.test_lookahead import _monster_battle

FAR = {"gm_ruling": "the table put it there", "answer": place("r1", "(99,99)", "A")}


def test_return_places_the_monster_the_rules_leave_no_hex_for_at_the_engines_ruled_hex_v13_811():
    b = _monster_battle()
    b.answer(FAR)
    q = b.pending
    assert q.data["gm_question"] and q.to == "gm" and q.data["rule"] == "V13.811"
    at = q.data["ruled"]["amoeba"]
    assert q.default == {"unit": "amoeba", "at": at, "facing": "A"} and f"places AMOEBA at {at}" in q.text
    ruled = b.ctx.window.hex_at(at)
    # its own rule (exactly 40 from the nearest other unit, V13.472) kept; the spread it cannot meet broken
    assert min(ruled.distance(u.pos) for u in b.state.placed()) == 40
    with pytest.raises(IllegalAnswer, match=f"Return places AMOEBA at {at}"):
        b.answer(place("amoeba", "2115"))  # another hex: still a GM ruling
    b.answer(pressed(q))
    assert b.state.units["amoeba"].pos == ruled and b.state.step is Step.CENTRE
    ruling = [e for e in b.log.events if e.kind == "ruling"][-1]
    assert ruling.rule == "V13.811" and "the engine rules AMOEBA placed at" in ruling.text
    assert "broken: V13.811: the floating map" in ruling.text and ruling.data == {"unit": "amoeba", "at": at}
    again = _monster_battle()
    again.answer(FAR)
    again.answer(pressed(again.pending))
    assert again.events_json() == b.events_json()  # same answers, same battle


def test_a_placement_with_a_legal_hex_has_no_ruling_and_no_default():
    b = _monster_battle()
    assert "ruled" not in b.pending.data and b.pending.default is None
