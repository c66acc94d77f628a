"""The session's autosave: debounced (one write after a burst of changes), written off the
GUI thread, flushed when read or on quit."""
from __future__ import annotations

from app import session as session_module
from app.paths import autosave_dir
from app.session import CampaignSession
from rules.model import load_campaign
from tests.rules.battle.helpers import duel


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
