"""Turn > Diplomacy (Turn Orders)... (issue 23, seed 004 Intel Phase): the GM picks a power's
action in the dialog's widgets; a break shows its Exhibit B chance with every modifier before it
is rolled; the engine applies it as one undoable step, or refuses it with its rule (nothing
changed)."""
from __future__ import annotations

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication

from app.shell.window import MainWindow
from rules.model import save_campaign
from rules.strategic.diplomacy import Diplomacy
from tests.app.gui import Answerer, ok, show_active
from tests.rules.turn.test_diplomacy_phase import orders


def _action(window, text: str):
    menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Turn")
    return next(a for a in menu.actions() if a.text() == text)


def _pick(box, data) -> None:
    box.setCurrentIndex(box.findData(data))


def _do(main, qtbot, power, action, other, treaty, seen: list[str]) -> None:
    def handle(d) -> bool:
        from app.shell.diplomacy_dialog import DiplomacyDialog

        if not isinstance(d, DiplomacyDialog):
            return False
        _pick(d.power_box, power)
        _pick(d.action_box, action)
        _pick(d.other_box, other)
        _pick(d.treaty_box, treaty)
        seen.append(d.odds.text())
        return ok(d)

    answerer = Answerer(handle)
    try:
        _action(main, "Dip&lomacy (Turn Orders)...").trigger()
        qtbot.waitUntil(lambda: QApplication.activeModalWidget() is None and bool(answerer.seen))
    finally:
        answerer.stop()


def test_diplomacy_through_the_turn_menu(qtbot, tmp_path, monkeypatch):
    path = tmp_path / "orders.json"
    save_campaign(orders(), path)
    errors: list[tuple[str, str]] = []
    monkeypatch.setattr(MainWindow, "show_error", lambda self, title, text: errors.append((title, text)))
    main = MainWindow(path, settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(main)
    show_active(main, qtbot)
    seen: list[str] = []
    _do(main, qtbot, "lyran", "break", "romulan", "mutual_defense", seen)
    assert seen[-1] == "Break the Mutual Defense Treaty: base 40 - Power has a Peace Treaty with you 20 = 20%"
    assert "Break the Mutual Defense Treaty" in main.campaign.log[-1].text and "d100" in main.campaign.log[-1].text
    _do(main, qtbot, "orion", "propose", "fed", "peace", seen)  # under Hostilities: refused, nothing changed
    assert errors and "sign an Armistice first" in errors[-1][1] and "004 Intel Phase" in errors[-1][1]
    _do(main, qtbot, "orion", "propose", "fed", "armistice", seen)
    _do(main, qtbot, "fed", "accept", "orion", "armistice", seen)
    assert Diplomacy(main.campaign).state("fed", "orion").value == "normal"
    main.undo_group.undo()
    assert Diplomacy(main.campaign).state("fed", "orion").value == "hostilities"


def test_a_break_s_odds_stay_off_the_table_s_status_bar_and_undo_entry(qtbot, tmp_path):
    """Issue 23: the Lyrans' failed break is their Team's (its Exhibit B line, the Intel Points it
    names): at the table's view the status bar and Edit > Undo say an order was given, not what it
    was; the GM view shows the line in the log."""
    path = tmp_path / "orders.json"
    save_campaign(orders(), path)
    main = MainWindow(path, settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(main)
    show_active(main, qtbot)
    _do(main, qtbot, "lyran", "break", "romulan", "mutual_defense", [])
    line = main.campaign.log[-1]
    assert "d100" in line.text and line.secret_of == ["coalition"]
    shown = main.statusBar().currentMessage()
    assert shown and "d100" not in shown and "Mutual Defense" not in shown and "Lyran" not in shown
    undo = main.undo_group.undoText()
    assert undo and "Mutual Defense" not in undo and "Lyran" not in undo
