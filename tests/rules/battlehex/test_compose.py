"""Fleet composition when a battle is set up (seed 004, issue 12): a side over its capacity
chooses the units that stay out before anything else; a side that fits is only logged."""
from __future__ import annotations

import pytest

from rules.battlehex.log import IllegalAnswer
from rules.battlehex.roster import Status
from tests.rules.systems.v13.helpers import battle, duel, unit

R_BPV = "seed 004 BPV Capacity"


def over_cap():
    """Red: a CR 3 flagship (cap 250 in the Y120-Y180 column) with 310 BPV of one hull type."""
    red = [unit("r1", fe_command_rating=3, combat_bpv=120, hull_type="CA", size_class=3),
           unit("r2", combat_bpv=100, hull_type="CA", size_class=3),
           unit("r3", combat_bpv=90, hull_type="CA", size_class=3)]
    return duel([unit("b1", fe_command_rating=8, combat_bpv=100)], red)


def test_a_side_that_fits_is_only_logged():
    b = battle(duel([unit("b1", fe_command_rating=8, combat_bpv=100)],
                    [unit("r1", fe_command_rating=8, combat_bpv=150)]))
    assert not b.pending.key.startswith("composition/")
    lines = [e.text for e in b.log.events if e.rule == "seed 004 Fleet Composition"]
    assert lines == ["Red: flagship R1; 150 of 1000 (BPV Capacity): every unit takes part",
                     "Blue: flagship B1; 100 of 1000 (BPV Capacity): every unit takes part"]


def test_the_owner_names_who_stays_out_until_the_rest_fits_seed_004():
    b = battle(over_cap())
    q = b.pending
    assert q.key == "composition/red/out" and q.to == "red" and set(q.options) == {"r2", "r3"}
    assert "(310)" in q.text and "(250)" in q.text
    with pytest.raises(IllegalAnswer, match="still 60 over"):
        b.answer([])
    with pytest.raises(IllegalAnswer, match="need not stay out"):
        b.answer(["r2", "r3"])  # either alone is enough: the answer must be minimal
    with pytest.raises(IllegalAnswer, match="among: R2, R3"):
        b.answer(["r1"])  # the flagship cannot stay out
    b.answer(["r3"])
    assert b.state.units["r3"].status is Status.OUT and not b.state.units["r3"].present
    assert b.state.units["r2"].present and not b.pending.key.startswith("composition/")
    assert any(e.text == "R3 stays out of the battle" for e in b.log.events)


def test_no_limit_when_the_campaign_says_none():
    c = over_cap()
    c = c.model_copy(update={"settings": c.settings.model_copy(update={"fleet_composition": "none"})})
    assert not battle(c).pending.key.startswith("composition/")


def test_a_unit_kept_out_takes_no_part_to_the_end_and_is_untouched_in_the_campaign():
    import random

    from rules.systems.v13.autoplay import random_answer

    b = battle(over_cap())
    b.answer(["r3"])
    rng = random.Random(5)
    for _ in range(400):
        if b.pending is None:
            break
        try:
            b.answer(random_answer(b, rng))
        except IllegalAnswer:
            continue
    assert b.state.units["r3"].status is Status.OUT and b.state.units["r3"].pos is None
    r3 = next(u for f in b.saved().fleets for u in f.units if u.id == "r3")
    assert not r3.crippled and not r3.destroyed


def test_the_question_opens_at_a_legal_minimal_answer():
    """Return at "which units stay out" answered "none", which the rules refuse while the force is over its capacity
    (I8's Return play: 104 times in 19 generated campaigns). It opens at the cheapest unit out."""
    q = battle(over_cap()).pending
    assert q.key == "composition/red/out" and q.default == ["r3"]
    assert q.check(q.default) == ["r3"]


def test_no_question_when_no_choice_is_legal():
    """The Coalition at 0509 with IKV Kumara alone and three Romulan Transport Fleets (which must take part) and no
    Romulan warship: under the only flagship the convoy outweighs the Klingon units (mixed-empire fleets: the
    flagship's power provides at least 50%), so no answer passed and the battle stood at the question (I8's hunt).
    Every unit that may stay out does, by a logged ruling, and the battle goes on."""
    from rules.battlehex.headless_systems import with_system
    from rules.systems import start
    from tests.rules.composition.test_mixed_convoy import _coalition_with_romulan_transports

    c, graph, at = _coalition_with_romulan_transports(3)
    c.fleets = [f for f in c.fleets if not (f.power == "romulan" and f.sector == at and not f.id.startswith("rom-tf-"))]
    b = start(with_system(c, at, "v13", 0), at, graph)
    while b.pending is not None and b.pending.key.startswith("composition/"):
        assert not b.pending.key.endswith("/out"), b.pending.text
        b.answer(b.pending.default if b.pending.default is not None else b.pending.options[0])
    assert b.pending is not None
    ruled = [e.text for e in b.log.events if "no choice of the units that stay out" in e.text]
    assert ruled and "IKV Kumara" in ruled[0] and ruled[0].endswith("every unit that may stay out does"), ruled
