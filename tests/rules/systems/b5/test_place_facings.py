"""The facings a placement allows, as the engine says them to the board's waiting counter (issue 24:
``B5Battle.facings``): a meeting engagement's ship any of the six; a ship coming through a vortex only the
vortices' direction ("ships come through facing the vortices' direction"), so the counter cannot be turned."""
from __future__ import annotations

import random

from hexmap import Facing
from rules.dice import ScriptedDice
from rules.systems.b5.battle import B5Battle
from tests.rules.systems.b5.helpers import b5_campaign
from tests.rules.systems.b5.test_audit_jump_in import OPENING, earth_campaign
from tests.rules.systems.b5.test_random_b5 import answer_for
from tests.rules.systems.v13.helpers import AT


def test_a_meeting_ship_may_face_any_way():
    run = B5Battle(b5_campaign(4), AT, dice=lambda _seed: ScriptedDice([]))
    for a in ["meeting engagement", "skirmish", "none", 10, 10]:
        run.answer(a)
    assert run.pending.key.startswith("b5/place/") and run.facings() == tuple(Facing)


def test_a_ship_through_a_vortex_faces_the_vortices_way_only():
    run = B5Battle(earth_campaign(), AT, dice=lambda _seed: ScriptedDice([4, 12, 6, 1, 3, 3, 3, 3]))
    for a in OPENING:  # the vortices open facing A
        run.answer(a)
    rng = random.Random(0)
    while not run.pending.key.startswith("b5/arrive/"):
        assert run.pending.key.startswith(("b5/jump/", "b5/speed/", "b5/place/", "b5/vortex/")), run.pending.key
        assert run.pending.key.startswith("b5/vortex/") or run.facings() == tuple(Facing), run.pending.key
        run.answer(answer_for(run, run.pending, rng))
    assert run.facings() == (Facing.A,)
    with_c = {"at": str(run.legal()[0]), "facing": "C"}
    try:
        run.pending.check(with_c)
    except Exception as e:  # the check the counter's facings come from
        assert "facing the vortices' direction, A, not C" in str(e)
    else:
        raise AssertionError("facing C taken")
