"""Step 2: Approach Battle (V13.30-V13.39)."""
from __future__ import annotations

import pytest

from rules.battlehex.log import IllegalAnswer
from rules.model.types import Terrain
from tests.rules.systems.v13.helpers import battle, duel, unit

NO_WBC = (False,)  # the defender does not announce a withdrawal


def carrier_group():
    return [unit("cv", is_carrier=True), unit("ftr", kind="fighter", strategic_movement_capable=False, carrier_id="cv"),
            unit("ff")]


def test_warships_in_open_space_have_no_approach_battle_v13_31():
    b = battle(duel([unit("b1"), unit("b2")]), answers=NO_WBC)
    assert not b.pending.key.startswith("V13.3") and any(e.rule == "V13.31" for e in b.log.events)


def test_carrier_makes_the_offer_mandatory_v13_32():
    b = battle(duel(carrier_group()), answers=NO_WBC)
    assert b.pending.key == "V13.32/accept" and b.pending.to == "blue"  # the attacker has no choice
    assert any(e.rule == "V13.32" and "must offer" in e.text for e in b.log.events)


def test_cloaked_attacker_may_skip_the_offer_v13_36():
    b = battle(duel(carrier_group(), [unit("r1", is_cloaked=True)]), answers=NO_WBC)
    assert b.pending.key == "V13.36/offer" and b.pending.to == "red"
    b.answer(False)
    assert b.state.kind == "main" and not b.pending.key.startswith("V13.3")


def test_declined_goes_to_the_main_battle_v13_35():
    b = battle(duel(carrier_group()), answers=(*NO_WBC, False))
    assert b.state.kind == "main" and any(e.rule == "V13.35" for e in b.log.events)


def test_accepted_approach_battle_v13_33_v13_37():
    b = battle(duel(carrier_group(), sectors={"0304": {"terrain": "nebula"}}), answers=(*NO_WBC, True),
               faces=[3, 4])
    assert b.pending.key == "V13.33/units" and set(b.pending.options) == {"ftr", "ff"}  # not the carrier
    with pytest.raises(IllegalAnswer):
        b.answer([])
    with pytest.raises(IllegalAnswer):
        b.answer(["cv"])
    b.answer(["ftr"])
    st = b.state
    assert st.kind == "approach" and st.terrain is Terrain.NONE  # V13.33: no random terrain
    assert st.ws["blue"] == 3  # V13.37: defenders WS III without a roll
    assert st.ws["red"] == 1  # 3 + 4 = 7 -> WS I, no terrain question, no +8


def test_approach_attacker_gets_no_plus_8_v13_37():
    units = [unit("sb", kind="starbase"), unit("ftr", kind="fighter", strategic_movement_capable=False)]
    b = battle(duel(units), answers=(True,), faces=[3, 4])  # no WBC offered: first question is accept
    b.answer(["ftr"])
    red = next(e.text for e in b.log.events if e.kind == "roll")
    assert "+8" not in red and b.state.ws["red"] == 1


def test_base_with_nothing_to_send_v13_38():
    b = battle(duel([unit("sb", kind="starbase")]))
    assert any(e.rule == "V13.38" for e in b.log.events)


def test_star_system_claimed_by_the_defender_v13_31_a_26():
    system = {"owner": "fed", "star_system": {"name": "Sol", "planets": [{"name": "Earth", "owner": "fed"}]}}
    b = battle(duel([unit("b1")], sectors={"0304": system}), answers=NO_WBC)
    assert b.pending.key == "V13.32/accept"
    enemy = {**system, "owner": "klingon"}
    b2 = battle(duel([unit("b1")], sectors={"0304": enemy}), answers=NO_WBC)
    assert b2.pending.key != "V13.32/accept"
