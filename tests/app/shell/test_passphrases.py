"""Sealed secrets through the app, as a hot-seat table uses them (issue 11): File > Passphrases
sets the GM's and a Team's passphrase; the saved file names no secret unit; opening it asks
for the passphrases; the GM view asks for the GM's."""
from __future__ import annotations

import json

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QComboBox, QLineEdit, QTableWidget

from app.shell.window import MainWindow
from rules.model import load_campaign
from rules.model.seals import Keyring, unlock
from tests.app.gui import Answerer, click_button, ok, open_main_window, press, save_file, show_active, type_text

GM_PASS, ALLIANCE_PASS = "the game master", "alliance only"
SECRET_IDS = ["fed-gb-tau1", "fed-gb-tau2", "fed-defsat-tau", "lyr-pdu-mane", "rom-kr-talon", "rom-spa-vaed",
              "rom-we-sith"]  # the default campaign's incidental (V13.03) and cloaked (V13.29) units


def new_passphrase(*texts: str):
    """Answer each new-passphrase dialog with the next of ``texts``, typed twice."""
    todo = list(texts)

    def handle(d) -> bool:
        if d.objectName() != "new_passphrase":
            return False
        text = todo.pop(0)
        for name in ("passphrase", "repeat"):
            QTest.keyClicks(d.findChild(QLineEdit, name), text)
        return ok(d)
    return handle


def manage(*steps: tuple[str, str]):
    """Answer File > Passphrases: for each (holder, button) click the holder's row, then the button."""
    def handle(d) -> bool:
        if d.objectName() != "passphrases":
            return False
        table = d.findChild(QTableWidget, "holders")
        for holder, button in steps:
            row = next(r for r in range(table.rowCount()) if table.item(r, 0).text().startswith(holder))
            rect = table.visualItemRect(table.item(row, 0))
            QTest.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
            assert click_button(d, button), f"{button} is not enabled for {holder}"
        handle.rows = [[table.item(r, c).text() for c in range(3)] for r in range(table.rowCount())]
        handle.status = d.status.text()
        return click_button(d, "Close")
    handle.rows, handle.status = [], ""
    return handle


def unlock_with(*pairs: tuple[str, str]):
    """Answer the sealed-secrets dialog: each (holder, passphrase) chosen, typed and Unlock pressed."""
    def handle(d) -> bool:
        if d.objectName() != "unlock_secrets":
            return False
        handle.parts = [d.findChild(QComboBox, "holder").itemText(i) for i in range(d.findChild(QComboBox, "holder").count())]
        for holder, phrase in pairs:
            combo = d.findChild(QComboBox, "holder")
            combo.setCurrentIndex(combo.findText(holder))
            QTest.keyClicks(d.findChild(QLineEdit, "passphrase"), phrase)
            click_button(d, "Unlock")
            handle.feedback.append(d.findChild(type(d.feedback), "feedback").text())
        if d.isVisible():
            click_button(d, "Cancel")
        return True
    handle.parts, handle.feedback = [], []
    return handle


class Nested:
    """An Answerer for File > Passphrases and one more for the dialogs it opens: a QTimer does
    not fire again while its own handler runs, so a dialog opened from a handler needs another."""

    def __init__(self, outer, *inner) -> None:
        self.outer = Answerer(outer, cancel_others=False)
        self.inner = Answerer(*inner, cancel_others=False)

    def stop(self) -> None:
        self.outer.stop()
        self.inner.stop()


def file_menu_action(w, text: str):
    menu = next(a.menu() for a in w.menuBar().actions() if a.text() == "&File")
    return next(a for a in menu.actions() if a.text().replace("&", "").startswith(text))


@pytest.fixture
def sealed_file(qtbot, tmp_path):
    """The default campaign with passphrases for the GM and the Alliance, saved by the app."""
    w = open_main_window(qtbot, tmp_path)
    handler = manage(("The GM", "Set"), ("Alliance", "Set"))
    answerer = Nested(handler, new_passphrase(GM_PASS, ALLIANCE_PASS))
    file_menu_action(w, "Passphrases").trigger()
    answerer.stop()
    assert set(w.campaign.keys) == {"gm", "alliance"}
    assert handler.rows[0][:2] == ["The GM", "set"] and ["Coalition", "none"] == handler.rows[2][:2]
    path = tmp_path / "sealed.json"
    show_active(w, qtbot)
    answerer = Answerer(save_file(str(path)))
    press(w, "Ctrl+Shift+S")
    answerer.stop()
    assert path.exists()
    return w, path


def test_the_saved_campaign_names_no_secret_unit(sealed_file):
    w, path = sealed_file
    text = path.read_text()
    assert [i for i in SECRET_IDS if i in text] == []
    assert {tuple(b["to"]) for b in json.loads(text)["sealed"]["blobs"]} == {("alliance", "gm"), ("gm",)}
    ring = Keyring()
    ring.add("gm", unlock(w.campaign.keys["gm"], GM_PASS))
    assert load_campaign(path, ring) == w.campaign


def test_opening_asks_each_holder_and_refuses_a_wrong_passphrase(sealed_file, qtbot, tmp_path):
    w, path = sealed_file
    handler = unlock_with(("Alliance", "not the one"), ("Alliance", ALLIANCE_PASS), ("the GM", GM_PASS))
    show_active(w, qtbot)
    answerer = Answerer(save_file(str(path)), handler, cancel_others=False)
    press(w, "Ctrl+O")
    qtbot.waitUntil(lambda: len(handler.feedback) == 3)
    answerer.stop()
    assert handler.parts == ["the GM", "Alliance"]
    assert "not the passphrase of Alliance" in handler.feedback[0]
    assert "the GM can give it a new key" in handler.feedback[0]  # how a lost passphrase is re-keyed (issue 20)
    assert "Opened the secrets sealed for Alliance" in handler.feedback[1]
    assert w.campaign_path == path and set(w.session.keyring.names) == {"alliance", "gm"}
    assert [u.id for s in w.campaign.map.sectors for u in s.garrison if u.is_incidental][:2] == SECRET_IDS[:2]


def test_cancelling_the_passphrases_keeps_the_open_campaign(sealed_file, qtbot):
    w, path = sealed_file
    before = w.campaign
    handler = unlock_with()
    show_active(w, qtbot)
    answerer = Answerer(save_file(str(path)), handler, cancel_others=False)
    press(w, "Ctrl+O")
    qtbot.waitUntil(lambda: ("UnlockDialog", f"Sealed secrets \u2014 {path.name}") in answerer.seen)
    answerer.stop()
    assert w.campaign is before and "need a passphrase" in w.statusBar().currentMessage()


def test_starting_on_a_sealed_file_asks_first(sealed_file, qtbot, tmp_path):
    _w, path = sealed_file
    handler = unlock_with(("the GM", GM_PASS))
    answerer = Answerer(handler, cancel_others=False)
    started = MainWindow(path, settings=QSettings(str(tmp_path / "t.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(started)
    answerer.stop()
    assert started.campaign_path == path and "gm" in started.session.keyring


def test_the_gm_view_asks_for_the_gm_passphrase(sealed_file, qtbot):
    w, _path = sealed_file
    show_active(w, qtbot)
    answerer = Answerer(type_text("wrong guess!"), cancel_others=True)  # then the warning is closed
    press(w, "Ctrl+Shift+G")
    answerer.stop()
    assert not w.gm_view_action.isChecked()
    assert ("QMessageBox", "Wrong passphrase") in answerer.seen
    show_active(w, qtbot)
    answerer = Answerer(type_text(GM_PASS))
    press(w, "Ctrl+Shift+G")
    answerer.stop()
    assert w.gm_view_action.isChecked() and ("QInputDialog", "GM passphrase") in answerer.seen
    show_active(w, qtbot)
    press(w, "Ctrl+Shift+G")  # off needs nothing
    assert not w.gm_view_action.isChecked()


def test_changing_and_removing_needs_the_current_passphrase(sealed_file, qtbot):
    w, _path = sealed_file
    old = w.campaign.keys["alliance"]
    handler = manage(("Alliance", "Change"))
    answerer = Nested(handler, type_text("not it at all"))
    file_menu_action(w, "Passphrases").trigger()
    answerer.stop()
    assert w.campaign.keys["alliance"] is old  # refused: nothing changed
    assert ("QInputDialog", "Change the passphrase \u2014 Alliance") in answerer.inner.seen
    handler = manage(("Alliance", "Remove"))
    answerer = Nested(handler, type_text(GM_PASS))  # the GM's passphrase may remove it
    file_menu_action(w, "Passphrases").trigger()
    answerer.stop()
    assert set(w.campaign.keys) == {"gm"}
    show_active(w, qtbot)
    press(w, "Ctrl+Z")
    assert set(w.campaign.keys) == {"gm", "alliance"}  # an undoable step


def test_the_battle_windows_gm_view_asks_too(sealed_file, qtbot):
    from tests.app.test_gui_paths import end_movement_and_fight

    w, _path = sealed_file
    show_active(w, qtbot)
    bw = end_movement_and_fight(w, qtbot, "0604")
    bw.auto_dialogs = False  # the questions wait on the window (this test is about the GM view)
    show_active(bw, qtbot)
    answerer = Answerer(type_text("wrong guess!"))
    press(bw, "Ctrl+Shift+G")
    answerer.stop()
    assert not bw.gm_action.isChecked() and bw.viewer != "gm"
    show_active(bw, qtbot)
    answerer = Answerer(type_text(GM_PASS))
    press(bw, "Ctrl+Shift+G")
    answerer.stop()
    assert bw.gm_action.isChecked() and bw.viewer == "gm"
    assert ("QInputDialog", "GM passphrase") in answerer.seen


def test_a_report_exported_at_the_hand_over_screen_hides_incidental_units_v13_03(qtbot, tmp_path):
    """Ctrl+Shift+S while the hand-over screen is up (nobody has taken over) wrote the GM's report."""
    from tests.app.test_gui_paths import end_movement_and_fight

    w = open_main_window(qtbot, tmp_path)
    bw = end_movement_and_fight(w, qtbot, "0509")
    bw.auto_dialogs = False
    assert bw.handing_over()
    show_active(bw, qtbot)
    report = tmp_path / "report.html"
    answerer = Answerer(save_file(str(report)))
    press(bw, "Ctrl+Shift+S")
    answerer.stop()
    text = report.read_text()
    assert "Battle Hex 0509" in text or "0509" in text
    assert "Ground Base Alpha" not in text  # the Alliance's incidental unit (V13.03)


# -- issue 20: the GUI's open path refuses a file a player changed; the GM resets a Team's key --

def error_box(store: list):
    """Take the 'Cannot open campaign' box: its text into ``store``, then OK."""
    def handle(d) -> bool:
        from PySide6.QtWidgets import QMessageBox

        if not isinstance(d, QMessageBox) or d.windowTitle() != "Cannot open campaign":
            return False
        store.append(d.text())
        return click_button(d, "OK")
    return handle


def test_opening_a_file_with_a_replaced_key_record_is_refused_naming_the_team(sealed_file, qtbot, tmp_path):
    """A player replaces the Alliance's key record with one of their own passphrase: File > Open
    refuses it before any passphrase is asked, naming the Alliance; the open campaign stays."""
    from rules.model.seals import new_key

    w, path = sealed_file
    data = json.loads(path.read_text())
    data["keys"]["alliance"] = new_key("a player's own", holder="alliance")[0].model_dump(exclude_none=True)
    spoiled = tmp_path / "spoiled.json"
    spoiled.write_text(json.dumps(data))
    before, texts = w.campaign, []
    show_active(w, qtbot)
    answerer = Answerer(save_file(str(spoiled)), error_box(texts), cancel_others=False)
    press(w, "Ctrl+O")
    qtbot.waitUntil(lambda: bool(texts))
    answerer.stop()
    assert "keys['alliance']: the key record of Alliance is not the one the GM signed" in texts[0]
    assert not [s for s in answerer.seen if s[0] == "UnlockDialog"]  # refused before any passphrase is typed
    assert w.campaign is before and w.campaign_path != spoiled


def test_a_team_sees_a_replaced_gm_key_when_it_types_its_passphrase(sealed_file, qtbot, tmp_path):
    """A player replaces the GM's key with their own and signs the key records with it: the
    signature holds, but the Alliance's own key names the GM's real one, and the dialog says so."""
    from rules.model.key_book import signed_book
    from rules.model.seals import SealKey, new_key

    w, path = sealed_file
    data = json.loads(path.read_text())
    fake, fake_private = new_key("a player's own gm key")
    data["keys"]["gm"] = fake.model_dump(exclude_none=True)
    records = {n: SealKey.model_validate(k) for n, k in data["keys"].items()}
    data["key_book"] = signed_book(records, data["key_book"]["campaign"], fake_private).model_dump(exclude_none=True)
    spoiled = tmp_path / "spoiled.json"
    spoiled.write_text(json.dumps(data))
    handler = unlock_with(("Alliance", ALLIANCE_PASS))
    show_active(w, qtbot)
    answerer = Answerer(save_file(str(spoiled)), handler, cancel_others=False)
    press(w, "Ctrl+O")
    qtbot.waitUntil(lambda: len(handler.feedback) == 1)
    answerer.stop()
    assert "GM&#x27;s key record is not the one the key of Alliance was made with" in handler.feedback[0]
    assert w.campaign_path == path


def test_the_gm_resets_a_teams_key_and_the_log_says_so(sealed_file, qtbot, tmp_path):
    """The Alliance forgot its passphrase: the GM's passphrase gives it a new key (File >
    Passphrases, Reset); the campaign log names the reset and no secret; the saved file opens
    with the new passphrase, not the old."""
    from rules.model import load_with_passphrases
    from rules.model.io import CampaignError

    w, path = sealed_file
    old = w.campaign.keys["alliance"]
    handler = manage(("Alliance", "Reset with the GM's passphrase"))
    answerer = Nested(handler, type_text(GM_PASS), new_passphrase("the new alliance one"))
    file_menu_action(w, "Passphrases").trigger()
    answerer.stop()
    assert ("QInputDialog", "Reset the key \u2014 Alliance") in answerer.inner.seen
    assert w.campaign.keys["alliance"].public != old.public
    entry = w.campaign.log[-1]
    assert entry.text.startswith("The GM reset the key of Alliance") and entry.rule == "Secrets"
    assert [i for i in SECRET_IDS if i in entry.text] == [] and "the new alliance one" not in entry.text
    saved = tmp_path / "reset.json"
    show_active(w, qtbot)
    answerer = Answerer(save_file(str(saved)))
    press(w, "Ctrl+Shift+S")
    answerer.stop()
    assert load_with_passphrases(saved, {"alliance": "the new alliance one", "gm": GM_PASS}) == w.campaign
    with pytest.raises(CampaignError, match="not the passphrase of Alliance"):
        load_with_passphrases(saved, {"alliance": ALLIANCE_PASS})


def test_a_file_sealed_before_issue_20_opens_in_the_app_and_is_sealed_anew_at_save(qtbot, tmp_path):
    """Migration through the window: main's format-1 file opens with the GM's passphrase typed in
    the unlock dialog; the log says it is sealed anew; File > Save writes format 2."""
    import shutil

    from tests.rules.model.test_seals_attacks import LEGACY

    w = open_main_window(qtbot, tmp_path)
    path = tmp_path / "legacy.json"
    shutil.copy(LEGACY, path)
    handler = unlock_with(("the GM", "legacy game master"))
    show_active(w, qtbot)
    answerer = Answerer(save_file(str(path)), handler, cancel_others=False)
    press(w, "Ctrl+O")
    qtbot.waitUntil(lambda: w.campaign_path == path, timeout=10000)
    answerer.stop()
    assert w.campaign.log[-1].text.startswith("Seals of a file from before issue 20")
    show_active(w, qtbot)
    press(w, "Ctrl+S")
    qtbot.waitUntil(lambda: "key_book" in path.read_text(), timeout=5000)
    data = json.loads(path.read_text())
    assert data["keys"]["gm"]["v"] == 2 and data["keys"]["coalition"].get("v") is None
    assert set(data["sealed"]) == {"campaign", "save", "blobs"}
    assert [i for i in SECRET_IDS if i in path.read_text()] == []
