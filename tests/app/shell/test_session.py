"""The session's autosave: debounced (one write after a burst of changes), written off the
GUI thread, flushed when read or on quit."""
from __future__ import annotations

import stat

import pytest

from app.shell import errors
from app.shell import session as session_module
from app.shell.paths import autosave_dir
from app.shell.session import CampaignSession
from rules.model import load_campaign
from tests.rules.systems.v13.helpers import duel


def test_a_burst_of_changes_is_written_once_and_reading_flushes_it(qapp, tmp_path, monkeypatch, qtbot):
    writes = []
    original = session_module.save_campaign
    def save(c, p, compact=False):
        if p.parent == autosave_dir() and c.name == "mine":  # not another test's session
            writes.append(c)
        original(c, p, compact)
    monkeypatch.setattr(session_module, "save_campaign", save)
    s = CampaignSession(duel().model_copy(update={"name": "mine"}), tmp_path / "c.json")
    for turn in range(2, 7):
        s.apply(f"turn {turn}", lambda c, t=turn: c.model_copy(update={"turn": t}))
    assert writes == []  # nothing written yet: the timer waits for the burst to end
    path = s.last_autosave  # reading it writes the pending autosave first
    assert len(writes) == 1 and writes[0].turn == 6 and load_campaign(path).turn == 6
    s.apply("turn 7", lambda c: c.model_copy(update={"turn": 7}))
    qtbot.waitUntil(lambda: len(writes) == 2, timeout=3000)  # by itself after the delay
    s.flush()
    assert load_campaign(path).turn == 7


def test_a_failed_autosave_is_reported(qapp, tmp_path, monkeypatch, qtbot):
    def fail(c, p, compact=False):
        raise PermissionError(13, "Permission denied")
    monkeypatch.setattr(session_module, "save_campaign", fail)
    s = CampaignSession(duel(), tmp_path / "c.json")
    failed = []
    s.autosave_failed.connect(failed.append)
    s.apply("turn 2", lambda c: c.model_copy(update={"turn": 2}))
    s.flush()
    qtbot.waitUntil(lambda: bool(failed), timeout=3000)
    assert "Autosave to" in failed[0] and "Permission denied" in failed[0]
    told = errors.take()
    assert [f.what for f in told] == ["Autosave"] and "Permission denied" in told[0].words


def test_an_autosave_that_fails_otherwise_is_told_logged_and_the_old_one_kept(qapp, tmp_path, monkeypatch, qtbot):
    """Issue 19: the autosave thread died silently on an error other than OSError (a campaign
    the JSON writer refuses); now the dialog says so, the log holds the traceback and the
    previous autosave stays as it was."""
    s = CampaignSession(duel(), tmp_path / "c.json")
    s.apply("turn 2", lambda c: c.model_copy(update={"turn": 2}))
    good = s.last_autosave
    assert good is not None and load_campaign(good).turn == 2

    def fail(c, p, compact=False):
        raise ValueError("Circular reference detected (id repeated)")
    monkeypatch.setattr(session_module, "save_campaign", fail)
    failed = []
    s.autosave_failed.connect(failed.append)
    s.apply("turn 3", lambda c: c.model_copy(update={"turn": 3}))
    s.flush()
    qtbot.waitUntil(lambda: errors.current_dialog() is not None, timeout=3000)
    dialog = errors.current_dialog()
    assert "Autosave failed" in dialog.text() and "Circular reference" in dialog.text()
    assert "Traceback" in dialog.detailedText() and "Traceback" not in dialog.text()
    assert "changes are kept in the open campaign" in dialog.informativeText()
    log = errors.log_file().read_text(encoding="utf-8")
    assert "Autosave failed" in log and "ValueError: Circular reference detected" in log
    assert failed and "Circular reference" in failed[0]
    assert load_campaign(good).turn == 2 and s.campaign.turn == 3  # the last good autosave is kept
    assert [f.what for f in errors.take()] == ["Autosave"]
    dialog.close()


def test_the_autosave_is_private_to_its_owner(qapp, tmp_path):
    """Issue 19: autosaves may hold sealed secrets; they were written 0644."""
    s = CampaignSession(duel(), tmp_path / "c.json")
    s.apply("turn 2", lambda c: c.model_copy(update={"turn": 2}))
    path = s.last_autosave
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.parent.stat().st_mode) & 0o077 == 0
    path.chmod(0o644)  # an older autosave, written before this rule
    s.apply("turn 3", lambda c: c.model_copy(update={"turn": 3}))
    assert s.last_autosave == path and stat.S_IMODE(path.stat().st_mode) == 0o600


def test_a_change_whose_state_cannot_be_computed_changes_nothing(qapp, tmp_path, monkeypatch):
    """Issue 19: a failure while the new campaign's strategic state is computed left the new
    campaign in the session with the old state and a step on the undo stack."""
    s = CampaignSession(duel(), tmp_path / "c.json")
    before, state = s.campaign, s.state
    real = session_module.StrategicState.compute

    def compute(c, graph):
        if c.turn == 5:
            raise KeyError("fleet 'ghost'")
        return real(c, graph)
    monkeypatch.setattr(session_module.StrategicState, "compute", compute)
    with pytest.raises(KeyError):
        s.apply("turn 5", lambda c: c.model_copy(update={"turn": 5}))
    assert s.campaign is before and s.state is state and s.undo_stack.count() == 0


def test_a_held_autosave_writes_nothing_until_released(qapp, tmp_path, qtbot):
    """While an older autosave waits for the user's choice, changes are not written over it;
    releasing writes them."""
    s = CampaignSession(duel(), tmp_path / "c.json")
    target = s.autosave_path()
    s.hold_autosave()
    s.apply("turn 2", lambda c: c.model_copy(update={"turn": 2}))
    qtbot.wait(2 * session_module.AUTOSAVE_DELAY_MS)
    s.flush()
    assert not target.exists() and s.autosave_held
    s.release_autosave()
    s.flush()
    assert not s.autosave_held and load_campaign(target).turn == 2


def test_two_files_of_one_name_have_their_own_autosaves(qapp, tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    one, two = CampaignSession(duel(), tmp_path / "a" / "c.json"), CampaignSession(duel(), tmp_path / "b" / "c.json")
    assert one.autosave_path() != two.autosave_path() and one.autosave_path().parent == autosave_dir()
