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


def test_the_shipped_default_campaign_in_its_income_phase_forms_its_battle_hexes(tmp_path):
    """Issue 23: the default campaign starts in turn 1's Income Phase; ``main.py battle`` executes
    movement on the standing orders (Income and Tech move no fleet), as from Turn Orders, and the
    battle is the same as from the hand-kept variant's Turn Orders."""
    import io

    from rules.battlehex.headless import run
    from tests.conftest import DEFAULT
    from tests.hand_kept import hand_kept_file

    def battle(path) -> tuple[int, str, str]:
        out, err = io.StringIO(), io.StringIO()
        code = run([str(path), "--hex", "0509", "--viewer", "gm", "--seed", "4"], out, err)
        return code, out.getvalue(), err.getvalue()

    code, shown, said = battle(DEFAULT)
    assert code == 0, said
    assert "the campaign was in its Income Phase: movement executed" in said and "not played" in said
    assert battle(hand_kept_file(tmp_path))[::2] == (0, "battle: the campaign was in Turn Orders: movement executed "
                                                        "to form its Battle Hexes (every V13.16/V13.18 question "
                                                        "answered 'pay attention')\n")
    assert battle(hand_kept_file(tmp_path))[1] == shown
