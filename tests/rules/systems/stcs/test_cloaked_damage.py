"""Issue 25: damage to a cloaked ship (entered by the GM from the table: a hit through its shields, damage
on a shield, Bridge hits, crew casualties) is its side's and the GM's: the GM's act, the questions that
follow, their answers, the rulings and the dice were in everyone's log, naming the Bird of Prey - a mine or
a blast that hit it told Blue where it was. Blue now reads the same whether the GM entered it or not, the GM's
act question asked again after it included (it told Blue that the GM had entered something)."""
from __future__ import annotations

import json

import pytest

from rules.battlehex.log import GM
from rules.systems.stcs.battle import STCSBattle
from tests.rules.systems.stcs.helpers import stcs_campaign
from tests.rules.systems.stcs.test_leaks import BLUE, RED, blue_sees, screen
from tests.rules.systems.v13.helpers import AT

OPENING = ["sublight", ["lexington"]]
PUBLIC = ["lock:enterprise:d7", "lock:d7:enterprise", "next", "none", "lock:enterprise:d7", "lock:d7:enterprise"]


def entered(run: STCSBattle, act: str) -> list[dict]:
    """The GM enters ``act`` on the Bird of Prey, answering its questions; Blue's screen at each."""
    seen = []
    run.answer(act)
    while not run.pending.key.endswith("/act"):
        q = run.pending
        seen.append(screen(run, BLUE))
        run.answer(q.options[0] if q.options else 4)
    return seen


def battle(act: str | None) -> tuple[STCSBattle, list[dict]]:
    run = STCSBattle(stcs_campaign(), AT)
    for a in OPENING:
        run.answer(a)
    seen = entered(run, act) if act else []
    for a in PUBLIC:
        if a in run.pending.options:
            run.answer(a)
    return run, seen


@pytest.mark.parametrize("act", ["hit:bop", "struck:bop", "bridge:bop", "crew:bop"])
def test_damage_to_a_cloaked_ship_is_its_sides_and_the_gms(act: str, tmp_path) -> None:
    hit, seen = battle(act)
    clean, _ = battle(None)
    gm, red = hit.events_json(GM), hit.events_json(RED)
    assert gm.count("Bird of Prey") > clean.events_json(GM).count("Bird of Prey")  # entered, ruled
    assert red.count("Bird of Prey") > clean.events_json(RED).count("Bird of Prey")  # its side reads it
    assert all(s == {"to": GM, "rule": s["rule"], "secret": True} for s in seen)
    blue = [[(e["kind"], e["text"], e.get("data", {}).get("faces")) for e in json.loads(r.events_json(BLUE))] for r in (hit, clean)]
    assert blue[0] == blue[1]  # the same lines and public dice: the GM's act question asked again after it is
    # its side's and the GM's (it told Blue that the GM had entered something Blue may not read)
    assert hit.events_json(RED).count("what happens next?") == clean.events_json(RED).count("what happens next?") + 1
    assert "Bird of Prey" not in hit.events_json(BLUE)
    assert "bop" not in blue_sees(hit, tmp_path).rsplit('{"answers":', 1)[1]  # the file's plain answers


def test_undo_after_every_answer_gives_a_full_replays_bytes() -> None:
    from rules.systems import start
    from tests.rules.systems.stcs.test_stcs_checkpoints import reference

    c = start(stcs_campaign(), AT).saved()
    answers = [*OPENING, "bridge:bop", 3, "hit:bop", "superstructure", 4, "lock:enterprise:d7", "bridge:bop", 3,
               "crew:bop", "other", 4, 5, "next", "none", "lock:d7:enterprise"]  # (two Bridge acts: their dice)
    run = start(c, AT)
    for a in answers:
        run.answer(a)
        run.undo(1)
        run.answer(a)
        ref = reference(c, run.answers)
        assert run.events_json(BLUE) == ref.events_json(BLUE) and run.events_json() == ref.events_json()
        assert run.saved() == ref.saved()
    assert "Bird of Prey loses 4 superstructure points" in run.events_json(RED)
    assert "Bird of Prey" not in run.events_json(BLUE)
