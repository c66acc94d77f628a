"""The main window is covered when a Team takes its seat through the Empire Sheet beside another Team's
battle (issue 22, hot seat on a shared screen): the Alliance's commander held 0604's battle window, the
main window beside it showed the table's lines (uncovered: every commander may read them); the
Coalition's commander took the Empire Sheet's seat (Take the seat..., its hand-over taken) and the main
window showed the Coalition's sheet, log and map beside the Alliance's battle, uncovered: the cover
followed the GM view's changes and the battle window's, not the main window's seat. It is covered as
at every other change of viewer; when the seat goes back to the Game Master (the table's lines again)
the cover is lifted; the Alliance's own seat at the sheet is not covered."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from tests.app.battle.test_main_covered_at_hand_over import _covered, _fight
from tests.app.gui import Answerer, open_main_window, press, show_active, take_over
from tests.app.shell.test_campaign_log_words import _seat
from tests.app.test_gui_paths import end_movement


def _alliance_holds_0604(qtbot, tmp_path):
    """The main window with the Empire Sheet open (Ctrl+Shift+K), 0604's battle window taken by the
    Alliance's commander beside it: (main, sheet, battle window)."""
    main = open_main_window(qtbot, tmp_path)
    end_movement(main, qtbot)
    show_active(main, qtbot)
    press(main, "Ctrl+Shift+K")
    sheet = main.empire_sheet
    qtbot.waitUntil(sheet.isVisible)
    bw = _fight(main, qtbot, "0604")
    qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)  # "I am the Alliance commander"
    assert bw.viewer == "alliance" and not bw.handing_over()
    assert not _covered(main, sheet.widget())  # the table's view beside it
    return main, sheet, bw


def test_another_team_seated_at_the_empire_sheet_is_covered_beside_a_team_s_battle(qtbot, tmp_path):
    main, sheet, bw = _alliance_holds_0604(qtbot, tmp_path)
    _seat(main, sheet, qtbot, "coalition", "klingon")
    qtbot.waitUntil(lambda: QApplication.activeModalWidget() is None)
    assert sheet.seat == "coalition" and main.team_at_screen() == "coalition"
    for widget in (sheet.widget(), main.strategic_view):
        assert _covered(main, widget), widget.objectName()
    assert "Alliance commander holds the Battle Hex 0604 window" in bw.main_covers[0].findChild(
        type(bw.handover_label)).text()
    answerer = Answerer(take_over)  # Turn > Hand the Screen Back to the GM (the sheet is under the cover)
    try:
        show_active(main, qtbot)
        press(main, "Ctrl+Shift+P")
        qtbot.waitUntil(lambda: main.team_at_screen() is None and QApplication.activeModalWidget() is None)
    finally:
        answerer.stop()
    assert main.team_at_screen() is None
    assert not any(_covered(main, w) for w in (sheet.widget(), main.strategic_view))
    bw.close()


def test_the_battle_s_own_team_seated_at_the_sheet_is_not_covered(qtbot, tmp_path):
    main, sheet, bw = _alliance_holds_0604(qtbot, tmp_path)
    _seat(main, sheet, qtbot, "alliance", "fed")
    qtbot.waitUntil(lambda: QApplication.activeModalWidget() is None)
    assert main.team_at_screen() == "alliance"
    assert not _covered(main, sheet.widget())
    bw.close()
