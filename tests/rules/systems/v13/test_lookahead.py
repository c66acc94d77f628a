"""Issue 11: placement looks ahead (no placement may leave a later unit without a legal hex,
V13.811 / INTERPRETATIONS 4 with each later unit's own rule), and where the rules leave no
way on (after a GM ruling) the question says so and goes to the GM."""
from __future__ import annotations

import pytest

from hexmap import Facing, Label
from rules.systems.v13.procedure import BattleProcedure
from rules.battlehex.log import IllegalAnswer
from rules.battlehex.state import Step
from rules.systems.v13.autoplay import play
from tests.rules.systems.v13.helpers import battle, duel, fleet, place, unit
from tests.rules.systems.v13.test_procedure import _formed_cache

WS = [1, 1, 1, 1]


def _monster_battle(n: int = 42, rng: tuple = (30, 30), b1: str = "2101"):
    """Blue b1 placed (DoR A), Red r1 to place, a monster last; an ``n`` x ``n`` map."""
    c = duel([unit("b1")], [unit("r1")], extra=[fleet("m", "monsters", "0304", units=[unit("amoeba", kind="monster")])],
             settings={"map_cols": n, "map_rows": n, "standard_range": 10, "defender_edge_distance": 0})
    b = battle(c, answers=(False, *rng, place("b1", b1, "D")), faces=WS + [1, 1])
    assert b.state.step is Step.PLACE_ATTACKER
    return b


def test_a_placement_that_leaves_the_monster_no_hex_is_refused_v13_472():
    # a 16 x 16 map: the shared legal region is 31 x 31 hexes, so a monster exactly 40 hexes from the nearest
    # unit (V13.472 / A-21) fits only if the attacker stands near the defender's corner
    b = _monster_battle(16, (None, None), "0101")
    zone = b.placement.zone("r1")  # r1's own rules (V13.441, the shared region) allow all of these
    ahead = [h for h in zone if not b.placement.check("r1", h, Facing.A).ok]
    fine = [h for h in zone if b.placement.check("r1", h, Facing.A).ok]
    assert ahead and fine and not b.pending.data.get("gm_question")
    assert b.pending.data["example"]["unit"] == "r1"
    v = b.placement.check("r1", ahead[0], Facing.A)
    assert v.rule == "V13.472 / A-21 (looking ahead)" and "AMOEBA no legal hex" in v.reason
    with pytest.raises(IllegalAnswer, match="looking ahead"):
        b.answer(place("r1", b.ctx.label(ahead[0]), "A"))
    # the look-ahead is right: ruled there anyway, the monster has no hex and its question goes to the GM
    b.answer({"gm_ruling": "test", "answer": place("r1", b.ctx.label(ahead[0]), "A")})
    q = b.pending
    assert q.data.get("gm_question") and q.to == "gm" and q.data["rule"].startswith("V13.472")
    assert b.placement.zone("amoeba") == [] and "example" not in q.data
    # a hex it accepts leaves the monster a hex
    b.undo()
    b.answer(place("r1", b.ctx.label(fine[0]), "A"))
    assert b.placement.zone("amoeba") and not b.pending.data.get("gm_question")
    assert b.pending.data["example"]["unit"] == "amoeba"


def test_a_gm_ruling_far_away_makes_the_next_question_a_gm_question_v13_811():
    b = _monster_battle()
    b.answer({"gm_ruling": "the table put it there", "answer": place("r1", "(99,99)", "A")})
    q = b.pending
    assert q.data["gm_question"] and q.to == "gm" and q.data["rule"] == "V13.811"
    assert "INTERPRETATIONS" not in q.text  # its rule number alone in the words a GM reads (issue 22)
    with pytest.raises(IllegalAnswer):  # no legal hex: a plain answer is refused
        b.answer(place("amoeba", "2115"))
    b.answer({"gm_ruling": "placed by the GM", "answer": place("amoeba", "2115")})
    assert b.state.step is Step.CENTRE and b.pending.data.get("rule") == "V13.811 / INTERPRETATIONS 4"  # no centre
    # holds them all: the proposal would be the engine's ruling (test_centre_ruled); the GM rules another hex
    b.answer({"gm_ruling": "the GM's centre", "answer": "2115"})
    assert b.state.step is Step.COMBAT


def test_seed_347_at_0703_has_no_dead_end_any_more():
    """Random play once ended in "V13.450: no legal hex is left for any of ori-cr-1, ori-slv-1"."""
    c, g = _formed_cache()
    b = BattleProcedure(c, Label.parse("0703"), seed=347, graph=g)
    answers = play(b, 347)
    assert b.pending is not None and b.pending.key == "combat/1"
    assert not any(isinstance(a, dict) and "gm_ruling" in a for a in answers)
