"""Recovering work from the autosave (issue 11), through the menus and dialogs as a person
does: the offer when a file with a newer autosave is opened, Discard keeping it aside, Open
Last Autosave keeping the original file open, the autosave keyed by the file's full path, the
unsaved-changes prompt after a battle answer, and a read-only file refused by name."""
from __future__ import annotations

import os
import time

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from app.shell.files import differences, recovery_offer
from app.shell.paths import autosave_file, discarded_file, legacy_autosave_file
from hexmap import Label
from rules.model import load_campaign, save_campaign
from tests.app.gui import Answerer, click_button, show_active
from tests.app.test_manners import action, drag, message_box_answer
from tests.hand_kept import hand_kept_file


def _own(tmp_path, name="own.json", folder="games"):
    """The default campaign with its empire turn kept by hand (in Turn Orders: fleets to drag) as the
    user's own file."""
    (tmp_path / folder).mkdir(parents=True, exist_ok=True)
    return hand_kept_file(tmp_path / folder, name)


def _later_autosave(own, **changes):
    """An autosave of ``own`` written after it (a session that was killed), with ``changes``."""
    c = load_campaign(own)
    c = c.model_copy(update=changes)
    autosave = autosave_file(own)
    autosave.parent.mkdir(parents=True, exist_ok=True)
    save_campaign(c, autosave, compact=True)
    later = own.stat().st_mtime + 5
    os.utime(autosave, (later, later))
    return autosave, c


def _recover_box(button: str, seen: list):
    def handle(d) -> bool:
        if isinstance(d, QMessageBox) and d.objectName() == "recover_autosave":
            seen.append((d.text(), d.informativeText()))
            return click_button(d, button)
        return False
    return handle


def test_the_autosave_is_keyed_by_the_files_full_path(tmp_path):
    a, b = _own(tmp_path, "camp.json", "one"), _own(tmp_path, "camp.json", "two")
    assert autosave_file(a) != autosave_file(b)
    assert autosave_file(a).name.startswith("camp.") and autosave_file(a).name.endswith(".autosave.json")
    assert autosave_file(a) == autosave_file(a.parent / ".." / "one" / "camp.json")
    assert discarded_file(autosave_file(a)).name.endswith(".discarded.json")


def test_only_a_newer_and_different_autosave_is_offered(tmp_path):
    own = _own(tmp_path)
    saved = load_campaign(own)
    assert recovery_offer(saved, own) is None  # none at all
    autosave, _ = _later_autosave(own)
    assert recovery_offer(saved, own) is None  # the same campaign
    autosave, changed = _later_autosave(own, turn=3)
    assert recovery_offer(saved, own) == (autosave, changed)
    assert differences(saved, changed) == ["turn 3 (the file: turn 1)"]
    older = own.stat().st_mtime - 5
    os.utime(autosave, (older, older))
    assert recovery_offer(saved, own) is None  # saved after the autosave


def test_an_autosave_of_an_older_battlehex_is_offered_for_its_own_campaign_only(tmp_path):
    """Before the autosave was keyed by the full path it was named after the file alone."""
    own = _own(tmp_path)
    saved = load_campaign(own)
    legacy = legacy_autosave_file(own)
    legacy.parent.mkdir(parents=True, exist_ok=True)
    changed = saved.model_copy(update={"turn": 4})
    save_campaign(changed, legacy, compact=True)
    later = own.stat().st_mtime + 5
    os.utime(legacy, (later, later))
    assert recovery_offer(saved, own) == (legacy, changed)
    save_campaign(changed.model_copy(update={"name": "Another campaign"}), legacy, compact=True)
    os.utime(legacy, (later, later))
    assert recovery_offer(saved, own) is None  # another folder's camp.json


def test_opening_a_file_offers_its_autosave_and_recover_keeps_the_file_open(window, tmp_path, qtbot):
    own = _own(tmp_path)
    window.open_campaign(own)  # now in Open Recent
    action(window, "Open Default Campaign").trigger()
    autosave, changed = _later_autosave(own, turn=4)
    before = autosave.read_bytes(), autosave.stat().st_mtime_ns
    seen, held = [], []

    def recover(d) -> bool:
        if isinstance(d, QMessageBox) and d.objectName() == "recover_autosave":
            held.append((window.session.autosave_held, (autosave.read_bytes(), autosave.stat().st_mtime_ns)))
        return _recover_box("Recover", seen)(d)
    answers = Answerer(recover)
    next(a for a in window.recent_menu.actions() if a.text().endswith("own.json")).trigger()
    qtbot.waitUntil(lambda: bool(seen), timeout=5000)
    qtbot.waitUntil(window.isWindowModified, timeout=5000)
    answers.stop()
    assert held == [(True, before)]  # held, and not written, while the dialog waited
    assert "turn 4 (the file: turn 1)" in seen[0][1]
    assert window.campaign == changed and window.campaign_path == own and "[own.json]" in window.windowTitle()
    show_active(window, qtbot)
    qtbot.keyClick(window, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    assert load_campaign(own).turn == 4 and not window.isWindowModified()


def test_discard_opens_the_file_as_saved_and_keeps_the_autosave_aside(window, tmp_path, qtbot):
    own = _own(tmp_path)
    window.open_campaign(own)
    action(window, "Open Default Campaign").trigger()
    autosave, changed = _later_autosave(own, turn=4)
    kept = autosave.read_bytes()
    seen = []
    answers = Answerer(_recover_box("Discard", seen))
    next(a for a in window.recent_menu.actions() if a.text().endswith("own.json")).trigger()
    qtbot.waitUntil(lambda: not window.session.autosave_held, timeout=5000)
    answers.stop()
    assert len(seen) == 1 and window.campaign.turn == 1 and not window.isWindowModified()
    assert not autosave.exists() and discarded_file(autosave).read_bytes() == kept
    show_active(window, qtbot)
    drag(window, "fed-logistics", "0308")  # autosaving again, to the same file's autosave
    qtbot.waitUntil(autosave.exists, timeout=3000)
    window.session.flush()
    assert load_campaign(autosave).fleets[-1].orders == [Label.parse("0308")]


def test_open_last_autosave_keeps_the_original_file_open(window, tmp_path, qtbot):
    own = _own(tmp_path)
    window.open_campaign(own)
    drag(window, "fed-logistics", "0308")
    assert window.isWindowModified()
    answers = Answerer(message_box_answer(QMessageBox.StandardButton.Discard))
    action(window, "Open Last Autosave").trigger()
    answers.stop()
    assert len(answers.dialogs) == 1  # the unsaved-changes prompt; the autosave is kept aside
    assert window.campaign_path == own and "[own.json]" in window.windowTitle() and window.isWindowModified()
    assert window.campaign.fleets[-1].orders == [Label.parse("0308")]
    assert window.session.autosave_path() == autosave_file(own)
    show_active(window, qtbot)
    qtbot.keyClick(window, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)  # into own.json, not the data folder
    assert load_campaign(own).fleets[-1].orders == [Label.parse("0308")] and not window.isWindowModified()
    drag(window, "fed-logistics", "0307")
    window.session.flush()
    names = sorted(p.name for p in autosave_file(own).parent.iterdir())
    assert autosave_file(own).name in names and not any("autosave.autosave" in n for n in names)


def test_a_battle_answer_marks_the_title_and_quit_asks(window, tmp_path, qtbot):
    from tests.app.shell.test_recovery_crash import AT, _campaign
    camp = tmp_path / "camp.json"
    _campaign(camp)
    window.open_campaign(camp)
    assert not window.isWindowModified()
    assert window.session.battle(Label.parse(AT)).answer(["r1"]) is None  # as the battle window answers
    assert window.isWindowModified() and "[*]" in window.windowTitle()
    answers = Answerer(message_box_answer(QMessageBox.StandardButton.Cancel))
    action(window, "Quit").trigger()
    answers.stop()
    assert len(answers.dialogs) == 1 and window.isVisible()


def test_saving_over_a_read_only_file_is_refused_by_name(window, tmp_path):
    own = _own(tmp_path)
    window.open_campaign(own)
    drag(window, "fed-logistics", "0308")
    own.chmod(0o444)
    text = own.read_text(encoding="utf-8")
    action(window, "Save").trigger()
    own.chmod(0o644)
    assert window.errors and window.errors[-1][0] == "Cannot save campaign"
    assert str(own) in window.errors[-1][1] and "read-only" in window.errors[-1][1]
    assert own.read_text(encoding="utf-8") == text and window.isWindowModified()
    assert not [p for p in own.parent.iterdir() if p.name.endswith(".tmp")]


def test_a_symlinked_campaign_stays_a_link_when_saved(window, tmp_path):
    real = _own(tmp_path, "real.json", "store")
    link = tmp_path / "link.json"
    link.symlink_to(real)
    real.chmod(0o640)
    window.open_campaign(link)
    drag(window, "fed-logistics", "0308")
    time.sleep(0.01)
    action(window, "Save").trigger()
    assert link.is_symlink() and load_campaign(real).fleets[-1].orders == [Label.parse("0308")]
    assert (real.stat().st_mode & 0o777) == 0o640


def test_the_offer_names_each_meeting_of_a_sector_once_by_its_sides(window, tmp_path, qtbot):
    """Two meetings at 0703 (the Coalition with the Alliance, resolved in the file, and with the
    Orions, resolved since): the offer says once that the Orions' meeting was resolved, naming
    its sides, not "Battle Hex 0703: resolved" for each record of the sector (issue 22)."""
    from tests.play.walk import formed

    c = formed(-1)[0]
    first = next(r for r in c.battle_hexes if str(r.at) == "0703")
    second = first.model_copy(update={"defender": "orions"})
    own = tmp_path / "games" / "own.json"
    own.parent.mkdir(parents=True)
    save_campaign(c.model_copy(update={"battle_hexes": [first.model_copy(update={"resolved": True}), second]}), own)
    window.open_campaign(own)
    action(window, "Open Default Campaign").trigger()
    saved = load_campaign(own)
    both = [r.model_copy(update={"resolved": True}) for r in saved.battle_hexes]
    _later_autosave(own, battle_hexes=both)
    seen: list = []
    answers = Answerer(_recover_box("Discard", seen))
    next(a for a in window.recent_menu.actions() if a.text().endswith("own.json")).trigger()
    qtbot.waitUntil(lambda: bool(seen), timeout=5000)
    answers.stop()
    lines = [x for x in seen[0][1].replace("</li>", "<li>").split("<li>") if "0703" in x]
    assert lines == ["Battle Hex 0703 (Coalition attacks Orion Pirates): resolved"], seen[0][1]
