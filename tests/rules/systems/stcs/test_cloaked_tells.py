"""Issue 25's remaining tells of a cloaked ship, each played as Blue, the side that must not learn: two battles
differing only in what Red's cloaked Bird of Prey did in secret (or what the GM entered on it) read the same on
Blue's screen and in Blue's log."""
from __future__ import annotations

import json

import pytest

from rules.battlehex.log import IllegalAnswer
from rules.systems.stcs.battle import STCSBattle
from tests.rules.systems.stcs.test_cloaked_damage import OPENING, entered
from tests.rules.systems.stcs.helpers import stcs_campaign
from tests.rules.systems.stcs.test_damage import scripted
from tests.rules.systems.stcs.test_leaks import BLUE, RED, screen
from tests.rules.systems.v13.helpers import AT


def opened() -> STCSBattle:
    run = STCSBattle(stcs_campaign(), AT)
    for a in OPENING:
        run.answer(a)
    return run


def blue(run: STCSBattle) -> str:
    """Blue's screen (the pending question) and Blue's log."""
    return json.dumps(screen(run, BLUE), sort_keys=True, default=str) + run.events_json(BLUE)


def test_damage_entered_on_a_cloaked_ship_leaves_the_power_allocation_acts_listed() -> None:
    """The turn's first step lists the power allocation acts until the GM takes another act: damage entered
    on the cloaked Bird of Prey (its side's and the GM's) closed it, so Blue saw the acts go with no act in
    its log."""
    hit, clean = opened(), opened()
    assert "power:enterprise" in hit.pending.options
    entered(hit, "hit:bop")
    assert hit.pending.key == "stcs/1/act" and blue(hit) == blue(clean)
    assert "power:enterprise" in hit.pending.options
    hit.answer("lock:enterprise:d7")  # a public act closes the step, as before
    assert "power:enterprise" not in hit.pending.options


def test_a_cloaked_ship_goes_into_a_sensor_shadow_and_back_in_secret() -> None:
    """The sensor shadow act was never offered to a cloaked ship: it is now one of its fixed acts, taken in
    secret (its side's and the GM's); off the board it is listed the same, its other acts refused with why."""
    gone, clean = opened(), opened()
    assert "shadow:bop" in gone.pending.options
    entered(gone, "shadow:bop")
    assert "bop" in gone.engine.shadowed and "bop" not in gone.engine.at
    assert "Bird of Prey is in a sensor shadow" in gone.events_json(RED)
    assert blue(gone) == blue(clean)
    with pytest.raises(IllegalAnswer, match="off the board in a sensor shadow"):
        gone.answer("move:bop")
    for run in (gone, clean):
        for a in ("lock:enterprise:d7", "next", "none"):
            run.answer(a)
    assert blue(gone) == blue(clean)  # the cloaked side's segment end question asked all the same
    entered(gone, "shadow:bop")  # back where it left
    assert "bop" in gone.engine.at and "Bird of Prey comes back to the board at" in gone.events_json(RED)
    assert blue(gone) == blue(clean)
    assert "Bird of Prey" not in gone.events_json(BLUE) and "shadow" not in gone.events_json(BLUE)


def test_a_cloaked_ship_a_scan_locked_on_is_refused_its_sensor_shadow() -> None:
    run = scripted([1])  # 24 hexes, stationary, table (1-5): the scan die 1 finds it, locked
    run.answer("scan:enterprise")
    run.answer(4)
    assert run.engine.locks.get("enterprise") == "bop"
    with pytest.raises(IllegalAnswer, match="holds a lock on it"):
        run.answer("shadow:bop")
    assert "shadow:bop" in run.pending.options



def test_the_gms_shield_questions_name_no_points_left() -> None:
    """Found by playing two battles differing only in Red's secret answers: the GM's question "which of Klothos'
    shields faces the damage?", on every screen, gave each shield's points left - "shield 4 (0 points left)" told
    Blue that Red had lowered it in secret (Shield Control), or what power its shields were allocated."""
    low, kept = opened(), opened()
    for run, pick in ((low, "lower:4"), (kept, "keep")):
        run.answer("shields:d7")
        run.answer(pick)  # Red's secret answer
        run.answer("struck:d7")
    assert low.engine.lowered == {("d7", 4): False} and not kept.engine.lowered
    assert blue(low) == blue(kept)
    assert low.pending.data["option_words"]["4"] == "shield 4"
    for run in (low, kept):
        run.answer("4")
        run.answer(6)
    # the shield's line gave "(lowered)" or "(14 left this turn)" to everyone; now its side's and the GM's
    assert "Klothos' shield 4: lowered" in low.events_json(RED) and "14 left this turn" in kept.events_json(RED)
    assert "4: lowered" not in low.events_json(BLUE) and "left this turn" not in kept.events_json(BLUE)
    assert "Klothos' shield 4 faces the damage: it absorbs 0 of 6 points, 6 through" in low.events_json(BLUE)


def test_undo_after_every_answer_in_and_out_of_a_secret_sensor_shadow_gives_a_full_replays_bytes() -> None:
    from rules.systems import start
    from tests.rules.systems.stcs.test_stcs_checkpoints import reference

    c = start(stcs_campaign(), AT).saved()
    answers = [*OPENING, "shadow:bop", "hit:bop", "lock:enterprise:d7", "next", "none", "shadow:bop", "next", "none"]
    run = start(c, AT)
    for i, a in enumerate(answers):
        if a == "hit:bop":  # refused to the GM off the board, nothing logged
            with pytest.raises(IllegalAnswer, match="sensor shadow"):
                run.answer(a)
            continue
        run.answer(a)
        run.undo(1)
        run.answer(a)
        ref = reference(c, run.answers)
        assert run.events_json(BLUE) == ref.events_json(BLUE) and run.events_json() == ref.events_json()
        assert run.saved() == ref.saved()
    assert "bop" in run.engine.at and "Bird of Prey" not in run.events_json(BLUE)
