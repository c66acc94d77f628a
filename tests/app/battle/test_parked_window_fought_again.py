"""A battle window put away behind its hand-over page (parked: another Team took the main window's seat)
fought again from the Fight list (Ctrl+F; app/shell/fight_list.battle_window_for), issue 22, hot seat.
0703 holds three meetings and one battle window. The Orion Pirates' commander held "Alliance attacks
Orion Pirates"; the Coalition's took the Empire Sheet's seat, and the window went behind "Pass the
screen to the Orion Pirates commander". Found: Ctrl+F on "0703: Coalition attacks Alliance" moved that
one window on to the new meeting (titled "Coalition attacks Alliance") still behind the Orion's page,
with the main window uncovered; the Orion's commander, who has no part in that battle, confirming there
was taken for the battle's viewer. Now a parked window moved on to another meeting goes behind its
question's hand-over, as a new window opens (the main window covered beside it); the same meeting fought
again is raised as it stands, behind its own commander's page."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from tests.app.battle.test_main_covered_at_hand_over import _covered
from tests.app.gui import Answerer, cancel, choose_item, press
from tests.app.shell.test_campaign_log_words import _seat
from tests.app.test_gui_paths import battle_windows
from tests.app.battle.sheet_open import sheet_after_movement

ORION = "Pass the screen to the Orion Pirates commander"


def _ctrl_f(main, qtbot, item: str) -> list[tuple[str, str]]:
    """Ctrl+F on the main window, ``item`` chosen in the Fight list; the dialogs seen (a battle's question
    dialog put off)."""
    main.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is main)
    answerer = Answerer(choose_item(item), cancel)
    try:
        press(main, "Ctrl+F")
        qtbot.waitUntil(lambda: ("QInputDialog", "Fight a Battle Hex") in answerer.seen, timeout=20000)
        qtbot.waitUntil(lambda: QApplication.activeModalWidget() is None, timeout=20000)
    finally:
        answerer.stop()
    return answerer.seen


def _orion_s_battle_parked(qtbot, tmp_path):
    """0703's window on "Alliance attacks Orion Pirates", taken by the Orion's commander, then put away as
    the Coalition's commander took the Empire Sheet's seat: (main, sheet, battle window)."""
    main, sheet = sheet_after_movement(qtbot, tmp_path)
    _ctrl_f(main, qtbot, "0703: Alliance attacks Orion")
    (bw,) = battle_windows()
    qtbot.waitExposed(bw)
    assert bw.handing_over() and bw.handover_label.text() == ORION
    answerer = Answerer(cancel)  # its question's dialog, if one opens, put off
    try:
        qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: QApplication.activeModalWidget() is None)
    finally:
        answerer.stop()
    assert bw.viewer == "orions" and not bw.handing_over()
    _seat(main, sheet, qtbot, "coalition", "klingon")
    qtbot.waitUntil(lambda: QApplication.activeModalWidget() is None)
    assert bw.parked and bw.handover_label.text() == ORION and not _covered(main, sheet.widget())
    return main, sheet, bw


def test_a_parked_window_moved_on_to_another_meeting_asks_for_that_battle_s_commander(qtbot, tmp_path):
    main, sheet, bw = _orion_s_battle_parked(qtbot, tmp_path)
    _ctrl_f(main, qtbot, "0703: Coalition attacks Alliance")
    assert battle_windows() == [bw]  # the sector's one window
    assert bw.windowTitle().startswith("Battle Hex 0703 \u2014 Coalition attacks Alliance"), bw.windowTitle()
    assert bw.b.pending.to == "alliance"
    # before: still "Pass the screen to the Orion Pirates commander", the main window uncovered beside it
    assert bw.handing_over() and bw.handover_label.text() == "Pass the screen to the Alliance commander"
    assert not bw.parked and bw.viewer is None
    assert _covered(main, sheet.widget()) and _covered(main, main.strategic_view)  # as beside a new window's
    answerer = Answerer(cancel)
    try:
        qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)  # "I am the Alliance commander"
        qtbot.waitUntil(lambda: QApplication.activeModalWidget() is None)
    finally:
        answerer.stop()
    assert bw.viewer == "alliance" and not bw.handing_over() and bw.panel_dock.isVisible()
    assert _covered(main, sheet.widget())  # the Coalition's sheet beside the Alliance's battle
    bw.close()


def test_the_same_meeting_fought_again_stays_behind_its_commander_s_page(qtbot, tmp_path):
    main, sheet, bw = _orion_s_battle_parked(qtbot, tmp_path)
    _ctrl_f(main, qtbot, "0703: Alliance attacks Orion")
    assert battle_windows() == [bw]
    assert bw.windowTitle().startswith("Battle Hex 0703 \u2014 Alliance attacks Orion Pirates"), bw.windowTitle()
    assert bw.parked and bw.handing_over() and bw.handover_label.text() == ORION and bw.viewer is None
    assert not _covered(main, sheet.widget())  # the Coalition's sheet: nothing of the battle shows
    bw.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is bw)
    qtbot.keyClick(bw.handover_button, Qt.Key.Key_Return)  # the Orion's commander takes it back
    assert bw.viewer == "orions" and not bw.handing_over() and _covered(main, sheet.widget())
    bw.close()
