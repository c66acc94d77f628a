"""Every SIDCORS battle ends within the engine's bound (issue 19): when nobody can hurt anybody
(the Federation's Third Fleet against the Space Amoeba at 0707 of the default campaign) the GM
is asked at once how it ends, and a battle still going after ``ROUND_LIMIT`` rounds is ended by
the GM; the seed's way out (a retreat) is offered, or both forces hold."""
from __future__ import annotations

from typing import Any

import pytest

from hexmap import Label
from rules.battlehex.log import IllegalAnswer
from rules.battlehex.roster import Status
from rules.model.campaign import Campaign
from rules.strategic import build_graph
from rules.strategic.turn import end_movement
from rules.systems.sidcors import SidcorsBattle
from rules.systems.sidcors.ending import HOLD, R_BOUND, R_STALEMATE, ROUND_LIMIT
from tests.rules.systems.sidcors.test_battle import run, ship
from tests.hand_kept import hand_kept

AMOEBA = Label.parse("0707")


@pytest.fixture(scope="module")
def formed() -> Campaign:
    c = hand_kept()
    graph = build_graph(c)
    asked = end_movement(c, graph).questions
    out = end_movement(c, graph, {(q.at, q.team, q.other): True for q in asked}).campaign
    assert out is not None
    return out


def _to_the_end_question(b: SidcorsBattle) -> None:
    """Answer fleet composition with its first option until the battle's own questions."""
    for _ in range(20):
        q = b.pending
        if q is None or not q.key.startswith("composition/"):
            return
        b.answer(q.options[0] if q.options else [])


def test_the_amoeba_battle_asks_the_gm_at_once_and_hold_ends_it(formed):
    b = SidcorsBattle(formed, AMOEBA)
    _to_the_end_question(b)
    q = b.pending
    assert q is not None and q.key == "sidcors/0/end" and q.to == "gm" and q.rule == R_STALEMATE, q
    assert q.options == ("retreat/alliance", HOLD)  # the Federation can retreat, the amoeba cannot
    assert "nobody can hurt anybody" in q.text and set(q.data["option_words"]) == set(q.options)
    with pytest.raises(IllegalAnswer, match="nobody can hurt anybody"):
        b.answer("retreat/gm")
    b.answer(HOLD)
    st = b.status()
    assert b.pending is None and st.resolved and "both forces hold" in st.resolution
    assert all(u.alive for t in b.sides for u in b.units(t))
    done = next(r for r in b.saved().battle_hexes if r.at == AMOEBA)
    assert done.resolved


def test_the_amoeba_battle_ends_by_the_federations_retreat(formed):
    b = SidcorsBattle(formed, AMOEBA)
    _to_the_end_question(b)
    b.answer("retreat/alliance")
    q = b.pending
    assert q is not None and q.key == "sidcors/0/direction/alliance" and q.to == "alliance"
    b.answer(q.options[0])
    assert b.status().resolved and all(u.b.status is Status.RETREATED for u in b.units("alliance"))
    again = SidcorsBattle(formed, AMOEBA)  # the same answers replay to the same bytes
    for a in b.answers:
        again.answer(a)
    assert again.events_json() == b.events_json()


def _crawl(b: SidcorsBattle) -> list[Any]:
    """BIF 1 and no retreat, round after round, until a question of another kind."""
    for _ in range(10 * ROUND_LIMIT):
        q = b.pending
        assert q is not None
        kind = q.key.split("/")[2] if q.key.count("/") >= 2 else ""
        if kind == "bif":
            b.answer(1)
        elif kind == "retreat":
            b.answer(False)
        else:
            return list(b.answers)
    raise AssertionError(f"round {b.round}: the battle goes on past the engine's bound of {ROUND_LIMIT} rounds")


def test_a_battle_still_going_after_the_bound_is_ended_by_the_gm():
    # two hulks that score at most a point a round against a Defense Factor of 999: hundreds of rounds
    b = run([ship("b1", 2, 999, 1, 999)], [ship("r1", 2, 999, 1, 999)])
    _crawl(b)
    q = b.pending
    assert q is not None and q.key == f"sidcors/{ROUND_LIMIT}/end" and q.rule == R_BOUND, q
    assert b.round == ROUND_LIMIT and q.options == ("retreat/red", "retreat/blue", HOLD)
    b.answer("retreat/red")
    while b.pending is not None:  # its direction
        b.answer(b.pending.options[0])
    assert b.status().resolved and b.round == ROUND_LIMIT
    assert any(u.b.status is Status.RETREATED for u in b.units("red"))


def test_points_carried_too_few_to_damage_anything_do_not_keep_a_battle_going():
    """Round 1 leaves Blue with a ship of no factors and Red with a Defense Factor of 999 and one
    point carried against it: nobody can score again and one point never damages a 999, so the
    GM is asked before round 2 (not after ROUND_LIMIT rounds of pointless Battle Intensity)."""
    blue = [ship("b1", 8, 1, has_crippled_side=False), ship("b2", 0, 0, has_crippled_side=False)]
    red = [ship("r0", 5, 1, has_crippled_side=False), ship("r1", 0, 999, 0, 999)]
    b = run(blue, red, faces=[6, 6], answers=[1, 1, "none", "b1", "r0"])  # BIR 2, a 6 each: 1 and 2 points
    while b.pending is not None and b.pending.key.split("/")[2] == "retreat":
        b.answer(False)
    assert b.plus_minus("red") == 1 and b.potential("red") == 0 and b.potential("blue") == 0
    q = b.pending
    assert q is not None and q.key == "sidcors/1/end" and q.rule == R_STALEMATE, (q, b.status())
