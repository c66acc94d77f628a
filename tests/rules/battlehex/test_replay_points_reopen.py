"""The file opened again in the running app (issue 21, flat in the number of units): a run from a
campaign just read from its file finds its battle's checkpoints by the digest made with the file
(:func:`rules.model.io.read_digests`), builds no roster when it resumes at a checkpoint, and a
file whose inputs differ (a unit changed) is never resumed from a stale checkpoint."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rules.battlehex import replay_points
from rules.battlehex import run as run_module
from rules.battlehex.replay_points import Point, inputs_digest
from rules.errors import RuleError
from rules.model.campaign import Campaign
from rules.model.io import json_digest, load_campaign, save_campaign
from rules.systems import start
from tests.play.duel import AT, battle
from tests.play.random_battle import play_at_random
from tests.rules.battlehex.test_resume import counting, full_replay, new_process, saved_file  # noqa: F401 (fixture)


def _campaign_dumps(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts the JSON texts made of a whole campaign's data (a dict with its battle records)."""
    made: list[int] = []
    real = json.dumps

    def dumps(value: Any, *a: Any, **k: Any) -> str:
        if isinstance(value, dict) and "battle_hexes" in value:
            made.append(1)
        return real(value, *a, **k)
    monkeypatch.setattr(json, "dumps", dumps)
    return made


def test_the_file_opened_again_finds_its_checkpoints_without_a_text_of_the_campaign(saved_file, monkeypatch):
    path, g, answers = saved_file  # the run that played it filed its checkpoints in this process
    c = load_campaign(path)  # read untimed: the digest is made with the file
    made = _campaign_dumps(monkeypatch)
    given = counting(monkeypatch)
    reopened = start(c, AT, g)
    assert made == [], f"the campaign's data made into text {len(made)} times to find its checkpoints"
    assert len(given) < len(answers), "the checkpoints of the run in this process were not found"
    monkeypatch.undo()
    assert reopened.events_json() == full_replay(c, g).events_json()


def test_a_reopen_at_a_checkpoint_builds_no_roster(saved_file, monkeypatch):
    path, g, _answers = saved_file
    c = load_campaign(path)
    start(c, AT, g)  # stands at a checkpoint now (the file's last answer given kept one)
    built: list[int] = []
    real = run_module.build_roster
    monkeypatch.setattr(run_module, "build_roster", lambda *a: built.append(1) or real(*a))
    reopened = start(load_campaign(path), AT, g)
    assert built == [], f"a reopen standing at a checkpoint built the roster {len(built)} times"
    monkeypatch.undo()
    assert reopened.events_json() == full_replay(c, g).events_json()


@pytest.mark.parametrize("process", ["running app", "new process"])
def test_a_unit_changed_in_the_file_is_not_resumed_from_a_stale_checkpoint(saved_file, process):
    path, g, answers = saved_file
    start(load_campaign(path), AT, g)  # its checkpoints on the shelf (and on disk)
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    unit = data["fleets"][0]["units"][0]
    unit["name"] += " II"  # the battle's log names it: a checkpoint of the old unit would tell the old name
    edited = path.with_name("edited.json")
    edited.write_text(json.dumps(data), encoding="utf-8")
    if process == "new process":
        new_process()
    c = load_campaign(edited)
    with pytest.MonkeyPatch.context() as mp:
        given = counting(mp)
        reopened = start(c, AT, g)
    assert len(given) == len(answers), "a checkpoint made before the unit changed was used"
    assert f"{unit['name']}" in reopened.events_json()
    assert reopened.events_json() == full_replay(c, g).events_json()


def test_only_the_battles_own_answers_are_left_out_of_its_digest(saved_file):
    path, _g, _answers = saved_file
    c = load_campaign(path)  # its digests made with the file
    rec = c.battle_hexes[0]
    other = rec.model_copy(update={"answers": [1]})

    def digest(own: list[Any], others: list[Any]) -> str:
        mine = rec.model_copy(update={"answers": own})
        two = c.model_copy(update={"battle_hexes": [mine, other.model_copy(update={"answers": others})]})
        return inputs_digest(two, mine)
    assert inputs_digest(c, rec) == inputs_digest(c.model_copy(), rec)  # from the file's data or a dump: one key
    assert digest([], [1]) == digest(list(rec.answers), [1])
    assert digest([], [1]) != digest([], [2])


def test_afef_still_refuses_a_unit_without_values(tmp_path: Path):
    c, g = battle(4, "afef")
    fleets = [f.model_copy(update={"units": [f.units[0].model_copy(update={"afef": None}), *f.units[1:]]})
              if i == 0 else f for i, f in enumerate(c.fleets)]
    with pytest.raises(RuleError, match="AF/EF combat needs every unit's AF and EF"):
        start(c.model_copy(update={"fleets": fleets}), AT, g)


def test_the_file_opened_again_makes_no_text_of_an_answer_once_its_checkpoint_has_compared_them(
        saved_file, monkeypatch):
    path, g, answers = saved_file
    start(load_campaign(path), AT, g)  # the checkpoint's answers digested (once, when first compared)
    c = load_campaign(path)  # read untimed: its answers digested with the file (as a whole)
    texts: list[int] = []
    real = json.dumps
    monkeypatch.setattr(json, "dumps", lambda value, *a, **k: texts.append(1) or real(value, *a, **k))
    given = counting(monkeypatch)
    reopened = start(c, AT, g)
    assert texts == [], f"{len(texts)} JSON texts made to tell the file's answers from the checkpoint's"
    assert len(given) < len(answers), "the checkpoint was not found"
    monkeypatch.undo()
    assert reopened.events_json() == full_replay(c, g).events_json()


@pytest.mark.parametrize(("given", "read", "fits"), [
    ({"to": ["a1", "a2"], "n": 1}, {"to": ["a1", "a2"], "n": 1}, True),
    ({"n": 1}, {"n": True}, False),  # equal in Python, not the same answer
    ({"n": 1}, {"n": 1.0}, False),
    ({"a": 1, "b": 2}, {"b": 2, "a": 1}, False),  # the order of a dict's keys counts (rolls follow it)
    (["a1", "a2"], ["a1", "a3"], False),
    (("a1", "a2"), ["a1", "a2"], False),  # a tuple given is not plain JSON: compared as before, not a list
])
def test_a_checkpoint_fits_a_files_answers_by_their_digest_only_when_the_same(given, read, fits):
    point = Point((given,), "k", None, ("random", None), (), (), ())
    assert point.fits([read], json_digest([read])) is fits
    assert point.fits([read]) is fits  # the same as without the file's digest
    assert point.fits([read, "more"], json_digest([read, "more"])) is fits  # not as many: compared one by one


def test_a_reopen_in_the_running_app_finds_its_key_after_another_battle_stored_many_answers(monkeypatch):
    played = {}
    for system in ("afef", "sidcors"):
        c, g = battle(12, system)
        played[system] = (play_at_random(c, AT, system, 6, g, stubborn=1.0), g)
    new_process()
    sessions = {}
    for system, (p, g) in played.items():  # each battle played to its end, every answer stored as the window does
        run = start(p.campaign, AT, g)
        for a in p.answers[:-1]:
            run.answer(a)
            run.adopt(run.saved())
        sessions[system] = (run.saved(), g)
        run.adopt(sessions[system][0])
    assert len(played["sidcors"][0].answers) > 2 * replay_points.SHELVES  # more campaigns than the process keeps
    dumped: list[int] = []
    real = Campaign.model_dump_json
    monkeypatch.setattr(Campaign, "model_dump_json", lambda self, *a, **k: dumped.append(1) or real(self, *a, **k))
    saved, g = sessions["afef"]
    start(saved, AT, g)  # the first battle's window closed and opened again
    assert dumped == [], "the session's campaign was serialised again to find its checkpoints"
