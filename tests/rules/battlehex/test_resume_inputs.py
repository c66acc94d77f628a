"""A battle's checkpoints are found by a digest of the data its campaign was read from (issue 21,
cold reopen and a file opened again in the running app): the campaign is not serialised again to
find them, the run that wrote the checkpoint (a campaign never read from a file) files it under
the same key, and a file changed anywhere but the battle's answers finds none."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rules.model.campaign import Campaign
from rules.model.io import load_campaign
from rules.systems import start
from rules.battlehex.replay_points import shelf_key
from tests.play.duel import AT
from tests.rules.battlehex.test_resume import counting, full_replay, new_process, saved_file  # noqa: F401 (fixture)


def test_a_reopen_from_the_file_does_not_serialise_the_campaign_to_find_its_checkpoint(saved_file, monkeypatch):
    path, g, answers = saved_file
    new_process()
    dumped: list[int] = []
    for name in ("model_dump_json", "model_dump"):
        real = getattr(Campaign, name)
        monkeypatch.setattr(Campaign, name, lambda self, *a, _real=real, **k: dumped.append(1) or _real(self, *a, **k))
    c = load_campaign(path)
    with pytest.MonkeyPatch.context() as mp:
        given = counting(mp)
        reopened = start(c, AT, g)
    assert dumped == [], f"the campaign serialised {len(dumped)} times to find its checkpoints"
    assert len(given) < len(answers), "the checkpoint on disk was not found"
    monkeypatch.undo()
    again = load_campaign(path)  # the file opened again in the running app: the same key
    assert start(again, AT, g)._key == reopened._key
    rec = c.battle_hexes[0]
    in_memory = c.model_copy(update={"battle_hexes": [rec.model_copy()]})  # never read from a file
    assert shelf_key(type(reopened).__name__, in_memory, in_memory.battle_hexes[0], rec.seed) == reopened._key
    assert reopened.events_json() == full_replay(c, g).events_json()


def test_a_file_changed_outside_the_answers_finds_no_checkpoint(saved_file):
    path, g, answers = saved_file
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    data["name"] += " (edited)"  # not an input of the battle's rules, yet another campaign: not trusted
    edited = path.with_name("edited.json")
    edited.write_text(json.dumps(data), encoding="utf-8")
    new_process()
    c = load_campaign(edited)
    with pytest.MonkeyPatch.context() as mp:
        given = counting(mp)
        reopened = start(c, AT, g)
    assert len(given) == len(answers), "a checkpoint of another campaign was used"
    assert reopened.events_json() == full_replay(c, g).events_json()
