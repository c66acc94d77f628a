"""Issue 11: the battle engine never asks a question that has no legal answer.

Random legal answers and GM rulings (units ruled onto far-off hexes, centres ruled anywhere)
are played through the set-up and some combat of small generated battles (defenders, a base
with an Incidental Unit, a convoy with one, attackers, independent Orions, a monster). At
every pending question: either it is explicitly a GM question (``data["gm_question"]``, with
its rule) or a legal answer exists (a placement question carries one in ``data["example"]``,
which its own check accepts; the centre's proposal is accepted). Nothing but
:class:`IllegalAnswer` is ever raised.

Case count: ``EXAMPLES`` generated battles per run (about 15 s).
"""
from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.systems.v13.procedure import BattleProcedure
from rules.battlehex.log import IllegalAnswer
from rules.systems.v13.autoplay import random_answer
from rules.battlehex.questions import QKind
from tests.rules.systems.v13.helpers import AT, battle, duel, fleet, unit

EXAMPLES = 150


def _campaign(n_blue: int, n_red: int, base: bool, convoy: bool, orion: bool, monster: bool) -> Any:
    blue = [unit(f"b{i}") for i in range(1, n_blue + 1)]
    if convoy:
        blue += [unit("cv1", kind="convoy_ship"), unit("cvi", is_incidental=True, kind="freighter")]
    extra = []
    if orion:
        extra.append(fleet("of", "orion", "0304", units=[unit("o1"), unit("o2")]))
    if monster:
        extra.append(fleet("mf", "monsters", "0304", units=[unit("m1", kind="monster")]))
    sectors = {"0304": {"owner": "fed", "garrison": [unit("sb", kind="starbase"),
                                                     unit("inc", is_incidental=True, kind="defsat")]}} if base else None
    return duel(blue, [unit(f"r{i}") for i in range(1, n_red + 1)], sectors=sectors, extra=extra)


def _has_way_on(b: BattleProcedure) -> None:
    """The pending question is a GM question or has a legal answer."""
    q = b.pending
    assert q is not None
    if q.data.get("gm_question"):
        assert q.to == "gm" and q.data.get("rule"), q
        return
    if q.kind is QKind.PLACE:
        ex = q.data.get("example")
        assert ex is not None, f"a placement question with no legal hex and no GM flag: {q.text}"
        u = b.state.units[ex["unit"]]
        later_attacker = u.role.value == "attacker" and b.state.dod is not None
        q.check(ex if later_attacker else {**ex, "facing": "A"})  # raises if the engine's own example were illegal
    elif q.kind is QKind.LABEL:
        q.check(q.data["proposed"])


def _ruled_far(b: BattleProcedure, rng: random.Random) -> Any:
    """A GM ruling placing a unit anywhere up to three map widths away."""
    q = b.pending
    assert q is not None
    col, row = rng.randint(-100, 140), rng.randint(-90, 120)
    return {"gm_ruling": "the table placed it there", "answer": {"unit": rng.choice(q.options),
                                                                 "at": f"({col},{row})", "facing": "ABCDEF"[col % 6]}}


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), n_blue=st.integers(1, 3), n_red=st.integers(1, 3), base=st.booleans(),
       convoy=st.booleans(), orion=st.booleans(), monster=st.booleans(), ruling=st.sampled_from([0.0, 0.1, 0.4]))
def test_no_dead_end_in_set_up_and_combat(seed, n_blue, n_red, base, convoy, orion, monster, ruling):
    b = battle(_campaign(n_blue, n_red, base, convoy, orion, monster))
    rng = random.Random(seed)
    actions = 0
    for _ in range(200):
        if b.pending is None:
            break
        _has_way_on(b)
        q = b.pending
        if q.kind is QKind.ACTION:
            if actions >= 12:
                b.answer({"end": "enough"})
                continue
            actions += 1
        if q.kind is QKind.PLACE and rng.random() < ruling and not q.data.get("gm_question"):
            a = _ruled_far(b, rng)
        elif q.kind is QKind.LABEL and (q.data.get("gm_question") or rng.random() < ruling):
            a = {"gm_ruling": "the GM rules the centre", "answer": q.data["proposed"]}
        else:
            a = random_answer(b, rng)
        try:
            b.answer(a)
        except IllegalAnswer:
            assert q.kind is QKind.ACTION or "gm_ruling" in a, (q, a)  # only random combat moves may be refused
    assert b.pending is None or b.pending.kind is not QKind.PLACE
    assert AT is not None
