"""Issue 25's remaining tells of a cloaked ship, each played as Blue, the side that must not learn: two battles
differing only in what Red's cloaked Bird of Prey did in secret (or what the GM entered on it) read the same on
Blue's screen and in Blue's log."""
from __future__ import annotations

import json

from rules.systems.stcs.battle import STCSBattle
from tests.rules.systems.stcs.test_cloaked_damage import OPENING, entered
from tests.rules.systems.stcs.helpers import stcs_campaign
from tests.rules.systems.stcs.test_leaks import BLUE, screen
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
