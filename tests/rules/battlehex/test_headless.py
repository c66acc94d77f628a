"""``main.py battle``'s JSON as a team may know it (V13.03): hidden units and another team's
secret question stay out of a team's output; the GM's shows everything."""
from __future__ import annotations

from dataclasses import replace

from hexmap import Facing
from rules.battlehex.headless import question_for, summary
from rules.battlehex.log import GM
from tests.rules.systems.v13.helpers import duel, unit
from tests.rules.systems.v13.test_placement import INC, to_placement


def test_a_hidden_unit_is_left_out_of_a_teams_summary_v13_03():
    b = to_placement(duel([unit("b1")], [unit("r1")], sectors=INC), wbc=(False, False))
    inc = b.state.units["inc1"]
    inc.pos, inc.facing = b.ctx.window.hex_at("2120"), Facing.A  # as after a GM ruling, before the attacker
    b.state.placed_order.append("inc1")
    assert "inc1" in summary(b, GM)["placed"] and "inc1" in summary(b, "blue")["placed"]
    assert "inc1" not in summary(b, "red")["placed"]


def test_another_teams_secret_question_shows_only_whom_it_waits_for_v13_723():
    b = to_placement(duel([unit("b1")], [unit("r1")], sectors=INC), wbc=(False, False))
    b.pending = replace(b.pending, to="blue", data={**b.pending.data, "secret": True})
    assert question_for(b, "red") == {"to": "blue", "rule": b.pending.rule, "secret": True}
    assert question_for(b, "blue") == b.pending.to_dict() == question_for(b, GM)
