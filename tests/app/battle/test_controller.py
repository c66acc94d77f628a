"""The battle controller (app/battle/controller.py) with a real session and no window: what
an answer says it changed, the battle's own undo stack, and the answer that resolves a battle
going on the strategic stack."""
from __future__ import annotations

import pytest

from app.shell.session import CampaignSession
from hexmap import Label
from rules.strategic import build_graph
from rules.strategic.turn import end_movement
from tests.rules.systems.v13.helpers import duel, fleet, unit

AT, OTHER = Label.parse("0304"), Label.parse("0506")


@pytest.fixture
def session(qapp, tmp_path):
    c = duel(extra=[fleet("bf2", "fed", "0506", units=[unit("b9")]),
                    fleet("rf2", "klingon", "0506", units=[unit("r9")])])
    c = c.model_copy(update={"settings": c.settings.model_copy(update={"battle_system": "table"})})
    formed = end_movement(c, build_graph(c)).campaign
    assert {b.at for b in formed.battle_hexes} == {AT, OTHER}
    s = CampaignSession(formed, tmp_path / "c.json")
    yield s
    s.flush()  # no autosave left pending for a later test


def test_an_answer_says_what_it_changed_and_stores_the_battle(session):
    ctl = session.battle(AT)
    seen, stored = [], []
    ctl.changed.connect(seen.append)
    session.battle_stored.connect(stored.append)
    assert ctl.answer(["r1"]) is None
    (change,) = seen
    assert change.units == {"r1"} and not change.rewound and change.events_from > 0
    assert stored == [AT] and session.campaign.battle_hexes[0].answers == [["r1"]]
    assert session.undo_stack.count() == 0 and not session.undo_stack.isClean()  # unsaved, but no turn step
    assert ctl.undo_stack.undoText() == "Battle 0304: destroyed: R1"  # the unit named, as the builder names it


def test_a_refusal_is_signalled_with_its_rule_and_changes_nothing(session):
    ctl = session.battle(AT)
    refused = []
    ctl.refused.connect(refused.append)
    before = session.campaign
    assert "V13.01" in ctl.answer(["nobody"])
    assert refused and "V13.01" in refused[0] and session.campaign is before and ctl.undo_stack.count() == 0


def test_each_battle_has_its_own_undo_and_redo(session):
    a, b = session.battle(AT), session.battle(OTHER)
    a.answer(["r1"])
    b.answer(["b9"])
    a.undo_stack.undo()
    recs = {r.at: r.answers for r in session.campaign.battle_hexes}
    assert recs == {AT: [], OTHER: [["b9"]]} and a.run.answers == [] and b.run.answers == [["b9"]]
    a.undo_stack.redo()
    assert {r.at: r.answers for r in session.campaign.battle_hexes} == {AT: [["r1"]], OTHER: [["b9"]]}


def test_the_resolving_answer_is_a_strategic_step_and_its_undo_reopens_the_battle(session):
    ctl, other = session.battle(AT), session.battle(OTHER)
    other.answer(["r9"])
    for answer in (["r1"], [], []):
        ctl.answer(answer)
    assert ctl.run is None and ctl.last is not None and ctl.undo_stack.count() == 0
    assert session.undo_stack.undoText() == "Battle 0304: crippled: none"
    rec = next(r for r in session.campaign.battle_hexes if r.at == AT)
    assert rec.resolved and not any(u.id == "r1" for f in session.campaign.fleets for u in f.units)
    assert next(r for r in session.campaign.battle_hexes if r.at == OTHER).answers == [["r9"]]  # untouched
    assert ctl.undo() is None  # the battle window's Ctrl+Z: the results are the campaign's last change
    assert ctl.run is not None and ctl.run.answers == [["r1"], []]
    assert any(u.id == "r1" for f in session.campaign.fleets for u in f.units)
    assert next(r for r in session.campaign.battle_hexes if r.at == OTHER).answers == [["r9"]]


def test_a_strategic_undo_keeps_the_answers_of_open_battles(session):
    session.gm_resolve(OTHER, "settled by treaty")  # a strategic step
    ctl = session.battle(AT)
    ctl.answer(["r1"])
    session.undo_stack.undo()  # the ruling on 0506 is taken back ...
    recs = {r.at: r for r in session.campaign.battle_hexes}
    assert not recs[OTHER].resolved
    assert recs[AT].answers == [["r1"]] and ctl.run.answers == [["r1"]]  # ... 0304's answer is not
    session.undo_stack.redo()
    assert {r.at: r.answers for r in session.campaign.battle_hexes}[AT] == [["r1"]]
