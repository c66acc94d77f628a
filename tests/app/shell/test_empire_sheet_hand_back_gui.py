"""Hot seat (issue 22): a Team that took the Empire Sheet's seat (behind its hand-over) gives the
screen back to the GM when it is done with the sheet, as after a Team's last question: closing
the sheet (its title bar's close button, Escape, View > Empire Sheet, a floating sheet's window
closed) or leaving the seat puts up "Pass the screen back to the Game Master", the sheet showing
no Team's under it. The GM's own use of the sheet (nobody seated) is unchanged."""
from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QAbstractButton, QApplication

from app.shell.turn_dialogs import HandOverDialog
from tests.app.gui import Answerer, open_main_window, press, show_active, take_over

BACK = "Pass the screen back to the Game Master"


def _seated(qtbot, tmp_path):
    """The main window with the Empire Sheet open (Ctrl+Shift+K), the Alliance seated at it for the
    Federation's sheet (Take the seat..., its hand-over taken)."""
    w = open_main_window(qtbot, tmp_path)
    press(w, "Ctrl+Shift+K")
    sheet = w.empire_sheet
    qtbot.waitUntil(sheet.isVisible)
    sheet.power_box.setCurrentIndex(sheet.power_box.findData("fed"))
    answerer = Answerer(take_over)
    try:
        qtbot.mouseClick(sheet.seat_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: sheet.seat == "alliance")
    finally:
        answerer.stop()
    assert w.team_at_screen() == "alliance"
    return w, sheet


def _close_button(sheet):
    return sheet.findChild(QAbstractButton, "qt_dockwidget_closebutton")


def _by_close_button(w, sheet, qtbot) -> None:
    qtbot.mouseClick(_close_button(sheet), Qt.MouseButton.LeftButton)


def _by_escape(w, sheet, qtbot) -> None:
    sheet.table.setFocus()
    QTest.keyClick(sheet.table, Qt.Key.Key_Escape)


def _by_view_shortcut(w, sheet, qtbot) -> None:
    show_active(w, qtbot)
    press(w, "Ctrl+Shift+K")


def _floating_window_closed(w, sheet, qtbot) -> None:
    sheet.setFloating(True)
    qtbot.waitUntil(lambda: sheet.isVisible() and sheet.isFloating())
    qtbot.mouseClick(_close_button(sheet), Qt.MouseButton.LeftButton)


def _by_leaving_the_seat(w, sheet, qtbot) -> None:
    qtbot.mouseClick(sheet.seat_button, Qt.MouseButton.LeftButton)


@pytest.mark.parametrize("done", [_by_close_button, _by_escape, _by_view_shortcut, _floating_window_closed,
                                  _by_leaving_the_seat])
def test_a_team_done_with_its_empire_sheet_hands_the_screen_back_to_the_gm(qtbot, tmp_path, done):
    w, sheet = _seated(qtbot, tmp_path)
    seen: list[object] = []

    def handle(d) -> bool:
        if isinstance(d, HandOverDialog):
            seen.append(d.label.text())
            seen.append(sheet.seat)  # under the cover: the sheet shows no Team's any more
            return take_over(d)
        return False
    answerer = Answerer(handle)
    try:
        done(w, sheet, qtbot)
        qtbot.waitUntil(lambda: bool(seen) and QApplication.activeModalWidget() is None, timeout=10000)
    finally:
        answerer.stop()
    assert seen == [BACK, None], seen
    assert w.team_at_screen() is None and w.combat_seat == "gm" and w.strategic_view.scene().seat == "gm"
    assert sheet.power_box.count() == len(w.campaign.powers) or not sheet.isVisible()  # the table's list
    show_active(w, qtbot)
    press(w, "Ctrl+Shift+P")  # nothing left to hand back
    assert "No Team's commander holds the screen" in w.statusBar().currentMessage()


def test_the_gm_s_own_sheet_closes_with_no_hand_over(qtbot, tmp_path):
    """Nobody seated (the table's view): closing the sheet asks nobody to pass the screen, and the
    map stays as it was; Escape leaves an unseated sheet open, as before."""
    w = open_main_window(qtbot, tmp_path)
    press(w, "Ctrl+Shift+K")
    sheet = w.empire_sheet
    qtbot.waitUntil(sheet.isVisible)
    answerer = Answerer()
    try:
        sheet.table.setFocus()
        QTest.keyClick(sheet.table, Qt.Key.Key_Escape)
        assert sheet.isVisible()
        qtbot.mouseClick(_close_button(sheet), Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: not sheet.isVisible())
        qtbot.wait(200)
    finally:
        answerer.stop()
    assert answerer.seen == []
    assert w.strategic_view.scene().seat is None and w.combat_seat is None


def test_a_seated_sheet_covered_by_another_tab_hands_the_screen_back(qtbot, tmp_path):
    """Beside the map (``QT_SCALE_FACTOR=2``: a tab over the Sector inspector), the Team that clicks
    the inspector's tab leaves its sheet under it: seen on the real screen, the sheet kept the seat
    there, and a click on its tab showed the Team's figures to whoever sat down next."""
    from PySide6.QtWidgets import QTabBar

    w, sheet = _seated(qtbot, tmp_path)
    w.tabifyDockWidget(w.inspector_dock, sheet)
    sheet.raise_()
    qtbot.waitUntil(lambda: not sheet.visibleRegion().isEmpty())
    bar = next(b for b in w.findChildren(QTabBar) if b.isVisible()
               and [b.tabText(i) for i in range(b.count())] == ["Sector inspector", "Empire sheet"])
    seen: list[object] = []

    def handle(d) -> bool:
        if isinstance(d, HandOverDialog):
            seen.append(d.label.text())
            return take_over(d)
        return False
    answerer = Answerer(handle)
    try:
        qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(0).center())  # the inspector's tab
        qtbot.waitUntil(lambda: bool(seen) and QApplication.activeModalWidget() is None, timeout=10000)
    finally:
        answerer.stop()
    assert seen == [BACK] and sheet.seat is None and w.team_at_screen() is None
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(1).center())  # the sheet's tab again
    assert sheet.seat is None and sheet.power_box.count() == len(w.campaign.powers)  # the table's view
