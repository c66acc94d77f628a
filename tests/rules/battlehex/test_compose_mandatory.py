"""Fleet composition when the units that must take part overflow the capacity by themselves
(issue 19, found by random play of generated campaigns: a Romulan flagship of capacity 3 with a
transport fleet of 6): seed 004 has the owner remove units "until what remains will fit" and
requires trade, colony and transport fleets "to be included in the combat", so every other
unit stays out and the battle goes on; before, the "who stays out" question had no legal answer
(each one refused "still N over the capacity") and no battle system could be fought."""
from __future__ import annotations

from typing import Any

import pytest

from rules.battlehex.roster import Status
from rules.strategic import build_graph
from rules.strategic.turn import end_movement
from rules.systems import start
from tests.rules.systems.v13.helpers import AT, duel, unit
from tests.rules.battlehex.test_compose_systems import SYSTEMS, ship


def convoy(uid: str) -> dict[str, Any]:
    return unit(uid, kind="convoy_ship", hull_type="FT", combat_bpv=100, economic_bpv=100,
                fe={"attack": 0, "defense": 2, "has_crippled_side": False}, afef={"af": 0, "ef": 2})


@pytest.mark.parametrize("system", SYSTEMS)
def test_civilians_over_the_capacity_alone_fight_with_the_flagship_and_the_rest_stays_out(system):
    red = [ship("r1", fe_command_rating=3, combat_bpv=120, hull_type="CA", size_class=3),
           ship("r2", combat_bpv=100, hull_type="CA", size_class=3), convoy("c1"), convoy("c2")]
    c = duel([ship("b1", fe_command_rating=8, combat_bpv=100)], red)
    c = c.model_copy(update={"settings": c.settings.model_copy(update={"battle_system": system,
                                                                        "fleet_composition": "bpv"})})
    run = start(end_movement(c, build_graph(c)).campaign, AT)
    q = run.pending
    assert q is None or not q.key.startswith("composition/"), q  # nothing left to choose
    st = run.state
    assert st.units["r2"].status is Status.OUT
    assert all(st.units[u].status is not Status.OUT for u in ("r1", "c1", "c2"))
    assert any("must take part" in e.text and "r2" not in e.text.lower() or "R2 stays out" in e.text
               for e in run.log.events), [e.text for e in run.log.events]
