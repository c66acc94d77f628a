"""Issue 22: start where the GM left off. A start with no file named reopens the last file
(File > Reopen the Last File at Start, on by default); a file saved cleanly is never offered for
recovery (after Save As to a new file and a clean quit, the next start offered to "recover" the
default campaign and said Save would write into the installed scenarios/default_campaign.json);
the installed scenarios are never written."""
from __future__ import annotations

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMessageBox

from app.shell.window import MainWindow
from app.shell.paths import DEFAULT_CAMPAIGN, autosave_file
from tests.app.gui import Answerer, click_button, confirm_income, press, save_file, show_active


def _start(qtbot, tmp_path, active: bool = True) -> MainWindow:
    """A start with no file named, the settings of the earlier starts."""
    w = MainWindow(settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(w)
    if active:
        show_active(w, qtbot)
    else:  # a dialog comes at once
        w.show()
        qtbot.waitExposed(w)
    return w


def _menu_action(window: MainWindow, text: str):
    return next(a for a in window.findChildren(type(window.save_action)) if a.text() == text)


def _changed_default(qtbot, tmp_path) -> MainWindow:
    """The default campaign with turn 1's ledgers confirmed (unsaved), its autosave written."""
    main = _start(qtbot, tmp_path)
    assert main.campaign_path == DEFAULT_CAMPAIGN
    confirm_income(main, qtbot)
    show_active(main, qtbot)
    main.session.flush()
    assert autosave_file(DEFAULT_CAMPAIGN).exists() and main.isWindowModified()
    return main


def test_after_save_as_and_a_clean_quit_the_next_start_reopens_the_file_and_offers_nothing(qtbot, tmp_path):
    main = _changed_default(qtbot, tmp_path)
    mine = tmp_path / "mine.json"
    answerer = Answerer(save_file(str(mine)))
    press(main, "Ctrl+S")  # Save of the installed scenario goes to Save As
    qtbot.waitUntil(lambda: not main.isWindowModified(), timeout=5000)
    answerer.stop()
    assert [k for k, _t in answerer.seen] == ["QFileDialog"]
    assert main.campaign_path == mine and mine.exists()
    show_active(main, qtbot)  # back from the dialog
    press(main, "Ctrl+Q")  # a clean quit
    qtbot.waitUntil(lambda: not main.isVisible())

    offered: list[str] = []

    def offer(d) -> bool:
        if not isinstance(d, QMessageBox):
            return False
        offered.append(d.text() + d.informativeText())
        return click_button(d, "Discard")
    answerer = Answerer(offer)
    again = _start(qtbot, tmp_path, active=False)
    qtbot.wait(300)
    assert again.campaign_path == mine and again.campaign.phase == main.campaign.phase  # where the GM left off
    _menu_action(again, "Open &Default Campaign").trigger()
    qtbot.waitUntil(lambda: again.campaign_path == DEFAULT_CAMPAIGN)
    qtbot.wait(300)
    answerer.stop()
    assert offered == [], offered  # the work was saved in mine.json: nothing to recover


def test_a_start_reopens_the_last_file_only_when_the_setting_is_on(qtbot, tmp_path):
    main = _changed_default(qtbot, tmp_path)
    mine = tmp_path / "mine.json"
    assert main.save_to(mine)
    reopen = _menu_action(main, "Reopen the Last &File at Start")
    assert reopen.isChecked()  # on by default
    reopen.trigger()
    main.close()
    assert _start(qtbot, tmp_path).campaign_path == DEFAULT_CAMPAIGN
    second = _start(qtbot, tmp_path)
    _menu_action(second, "Reopen the Last &File at Start").trigger()
    next(a for a in second.recent_menu.actions() if a.text().endswith("mine.json")).trigger()  # Open Recent
    second.close()
    assert _start(qtbot, tmp_path).campaign_path == mine


def test_a_crash_on_the_installed_scenario_is_recovered_but_never_saved_into_it(qtbot, tmp_path):
    before = DEFAULT_CAMPAIGN.read_bytes()
    _changed_default(qtbot, tmp_path)  # not closed: the next start is as after a crash
    seen: dict[str, str] = {}

    def recover(d) -> bool:
        if not isinstance(d, QMessageBox) or d.objectName() != "recover_autosave":
            return False
        seen["info"] = d.informativeText()
        return click_button(d, "Recover")
    answerer = Answerer(recover)
    again = _start(qtbot, tmp_path, active=False)
    qtbot.waitUntil(lambda: "info" in seen and again.isWindowModified(), timeout=5000)
    answerer.stop()
    show_active(again, qtbot)
    assert "installed scenario is never written" in seen["info"] and "Save writes them there" not in seen["info"]
    mine = tmp_path / "recovered.json"
    answerer = Answerer(save_file(str(mine)))
    press(again, "Ctrl+S")
    qtbot.waitUntil(lambda: not again.isWindowModified(), timeout=5000)
    answerer.stop()
    assert again.campaign_path == mine and DEFAULT_CAMPAIGN.read_bytes() == before
