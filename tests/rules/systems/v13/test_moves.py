"""Who stands in a retreat's way (V13.631): an Attacking unit closer to the border of the
Direction of Retreat than the retreating unit, measured exactly; one level with it is not in
its way (issue 19: float noise counted some level units, so a legal retreat was refused)."""
from __future__ import annotations

import pytest

from hexmap import Facing, Hex
from rules.battlehex.log import IllegalAnswer
from rules.systems.v13.moves import _direction_projection, blockers
from rules.battlehex.roster import Status
from tests.rules.systems.v13.helpers import unit
from tests.rules.systems.v13.test_combat import fight
from tests.rules.systems.v13.test_placement import refused


@pytest.mark.parametrize("facing", list(Facing))
def test_how_far_a_hex_lies_in_a_direction_is_exact_v13_631(facing):
    # a neighbour in the direction itself is 2 steps (sqrt 3 hex widths), one 60 degrees off 1, one behind -2
    steps = [_direction_projection(facing, g.vector) for g in Facing]
    assert steps[facing.value:] + steps[:facing.value] == [2, 1, -1, -2, -1, 1]
    level = [Hex(q, r) for q in range(-30, 31) for r in range(-30, 31) if _direction_projection(facing, Hex(q, r)) == 0]
    assert len(level) >= 30 and all(isinstance(_direction_projection(facing, h), int) for h in level)


def test_an_attacker_level_with_a_retreating_unit_is_not_in_its_way_v13_631():
    b = fight()  # Blue b1 at 2103, Direction of Retreat A (the top border)
    b.answer({"move": "r1", "to": "4103", "facing": "A"})  # 20 columns right, on the same row: level with b1
    assert blockers(b.ctx, b.state.units["b1"]) == []
    b.answer({"declare": "b1"})
    b.answer(True)  # Red opposes
    b.answer("acceleration")
    assert not any(e.rule.startswith("V13.631") for e in b.log.events)
    b.answer({"move": "b1", "to": "(21,-15)", "facing": "A"})  # across the top border at once: nobody in its way
    assert b.state.units["b1"].status is Status.RETREATED


def test_an_attacker_above_a_retreating_unit_is_in_its_way_v13_631():
    b = fight()
    b.answer({"move": "r1", "to": "4102", "facing": "A"})  # one row nearer the top border than b1
    assert [u.id for u in blockers(b.ctx, b.state.units["b1"])] == ["r1"]
    b.answer({"declare": "b1"})
    b.answer(True)
    b.answer("acceleration")
    with pytest.raises(IllegalAnswer, match=r"V13.632.*\(0/32\)"):
        b.answer({"move": "b1", "to": "(21,-15)", "facing": "A"})


def test_an_incidental_unit_retreats_by_its_own_direction_v13_464():
    b = fight(blue=[unit("b1"), unit("b2")], blue_at=("2103", "2104"))
    st = b.state
    b2 = st.units["b2"]
    r1 = st.units["r1"]
    r1.pos = b.ctx.window.hex_at("2110")  # below both Blue units: in the way of a retreat towards D only
    assert blockers(b.ctx, b2) == []  # b2 retreats towards A
    b2.unit = b2.unit.model_copy(update={"is_incidental": True})
    st.incidental_dor = Facing.D
    assert [u.id for u in blockers(b.ctx, b2)] == ["r1"]  # its alternate Direction of Retreat (V13.464)
    assert blockers(b.ctx, st.units["b1"]) == []  # the others keep theirs
    st.dor = None
    assert blockers(b.ctx, st.units["b1"]) == []  # no Direction of Retreat yet: nobody is in the way


def test_a_unit_that_moved_can_be_beyond_the_region_31_hexes_a_turn_since_its_move_v13_813():
    b = fight()
    b.answer({"move": "r1", "to": "2101", "facing": "A"})  # 39 hexes in turn 1 (the table's move)
    b.answer({"clock": 64})  # turn 3: two turns begun since that move
    assert "63 hexes beyond" in refused(b, {"move": "r1", "to": "(21,-77)", "facing": "A"}, "V13.813")
    b.answer({"move": "r1", "to": "(21,-76)", "facing": "A"})  # 62 beyond: within reach
    assert b.state.units["r1"].status is Status.DISORGANIZED
