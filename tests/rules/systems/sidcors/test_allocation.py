"""SIDCORS damage allocation resumed at a checkpoint (issue 21, the file opened again flat in
units): a battle reopened standing at a damage allocation question asks it again as it was made,
without counting every unit of the force again, with the bytes of a replay from the first round."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from rules.dice import DiceRoller
from rules.model.io import load_campaign, save_campaign
from rules.systems import start
from rules.systems.sidcors import allocation
from rules.systems.sidcors.procedure import Engine
from tests.play.duel import AT, battle
from tests.play.random_battle import play_at_random
from tests.rules.battlehex.test_resume import new_process


def test_a_reopen_at_a_damage_allocation_counts_no_unit_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    c, g = battle(12, "sidcors")
    path = tmp_path / "camp.json"
    save_campaign(c, path)
    played = play_at_random(load_campaign(path), AT, "sidcors", 6, g, stubborn=1.0)
    new_process()
    run = start(played.campaign, AT, g)
    for a in played.answers:  # as the battle window stores every answer, to a damage allocation
        if run.pending is not None and "/allocate/" in run.pending.key and len(run.answers) > 3:
            break
        run.answer(a)
        run.adopt(run.saved())
    q = run.pending
    assert q is not None and "/allocate/" in q.key, "the random battle never stood at a damage allocation"
    save_campaign(run.saved(), path)
    counted: list[str] = []
    real_smallest, real_options = allocation.fz.smallest_df, Engine.options
    monkeypatch.setattr(allocation.fz, "smallest_df", lambda units: counted.append("smallest") or real_smallest(units))
    monkeypatch.setattr(Engine, "options", lambda self, team: counted.append("options") or real_options(self, team))
    reopened = start(load_campaign(path), AT, g)  # the file opened again in the running app
    assert counted == [], f"the units were counted again: {counted}"
    monkeypatch.undo()
    again = reopened.pending
    assert again is not None and (again.key, again.text, again.options, again.data) == (q.key, q.text, q.options,
                                                                                      q.data)
    saved = load_campaign(path)
    full: Any = type(reopened)(saved, AT, g, dice=lambda seed: DiceRoller(seed))
    assert reopened.events_json() == full.events_json()
    a = played.answers[len(run.answers)]  # the answer given next: the same battle on either
    reopened.answer(a)
    full.answer(a)
    assert reopened.events_json() == full.events_json()
