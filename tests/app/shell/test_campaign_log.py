"""Issue 22: the main window's campaign log dock (View > Campaign Log, Ctrl+L): every line the
viewer may read with rule links, filters by turn, phase and power, find, follow-the-latest;
the table's view leaves out the lines that are a secret (rules/model/visibility.py), the GM
view shows all; a change appends its new lines without drawing the log afresh."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from app.shell.turn_dialogs import BattleHexesDialog
from tests.app.gui import end_movement_listing, open_main_window, press

CLOAKED_LINE = "Shadow Squadron (cloaked) moves to 0509"  # secret_of: the Coalition


def _text(main) -> str:
    return main.campaign_log.view.toPlainText()


def _close_lists() -> None:
    for d in QApplication.topLevelWidgets():
        if isinstance(d, BattleHexesDialog) and d.isVisible():
            d.close()


def test_the_campaign_log_dock_shows_the_log_as_the_viewer_may_read_it(qtbot, tmp_path):
    main = open_main_window(qtbot, tmp_path)
    dock = main.campaign_log
    assert not dock.isVisible()  # the log is empty: closed until it has something to show
    drawn = []
    original = dock.view.setHtml
    dock.view.setHtml = lambda html: (drawn.append(1), original(html))[1]

    end_movement_listing(main, qtbot)
    _close_lists()
    assert dock.isVisible()  # its first lines opened it
    text = _text(main)
    assert "Deep Strike Squadron moves to 0509" in text and "Battle Hex 0509" in text
    assert CLOAKED_LINE not in text and "RIS Talon" not in text  # the table's view
    assert not drawn, "the new lines were not appended: the log was drawn afresh"
    assert "href=\"rule:V13.11\"" in dock.view.toHtml()  # rule links (app.widgets.log_html)

    main.gm_view_action.trigger()  # View > GM View shows every line
    qtbot.waitUntil(lambda: CLOAKED_LINE in _text(main))
    main.gm_view_action.trigger()
    qtbot.waitUntil(lambda: CLOAKED_LINE not in _text(main))

    phase = dock.phase_box
    names = [phase.itemText(i) for i in range(phase.count())]
    assert names[:3] == ["All phases", "Movement Phase", "Supply Phase"], names  # in the order of play
    phase.setCurrentIndex(phase.findText("Movement Phase"))
    assert "Battle Hex 0509: Coalition attacks" in _text(main)  # V13.11, written as movement ends
    phase.setCurrentIndex(phase.findText("Supply Phase"))
    lines = _text(main).splitlines()
    assert lines and all("[Supply Phase]" in line for line in lines), lines[:3]  # no seed's number (issue 22)
    phase.setCurrentIndex(0)
    power = dock.power_box
    power.setCurrentIndex(power.findText("Klingon Empire"))
    lines = _text(main).splitlines()
    assert any("Deep Strike Squadron" in line for line in lines)
    assert not any("Pride Hunters" in line for line in lines)  # a Kzinti fleet
    power.setCurrentIndex(0)
    turn = dock.turn_box
    assert [turn.itemText(i) for i in range(turn.count())] == ["All turns", "Turn 1"]

    dock.find.setFocus()
    qtbot.keyClicks(dock.find, "0907")
    qtbot.keyClick(dock.find, Qt.Key.Key_Return)
    assert dock.view.textCursor().selectedText() == "0907"
    assert not dock.follow.isChecked()  # the line found stays in view

    main.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is main)
    press(main, "Ctrl+L")  # View > Campaign Log closes it, and it stays closed
    assert not dock.isVisible()
    main.gm_view_action.trigger()
    assert not dock.isVisible()
