"""One screen, one viewer: a Team that takes the main window's seat at the Empire Sheet beside another
Team's battle is the one at the screen (issue 22, hot seat on a shared screen). The Alliance's commander
held 0604's battle window, the main window beside it showed the table's lines (uncovered: every
commander may read them); the Coalition's commander took the Empire Sheet's seat (Take the seat..., its
hand-over taken). First (2d75b5c) the main window showed the Coalition's sheet, log and map beside the
Alliance's battle, both uncovered; then the main window was covered, and the Coalition, who had just
confirmed at its hand-over, saw nothing of its own sheet while the Alliance's battle stayed readable
beside it. The rule now: the last viewer who confirmed at a hand-over is at the screen, every other
window whose viewer differs is behind its hand-over page until its own viewer confirms there again.
So the Coalition's sheet shows and the battle goes behind "Pass the screen to the Alliance commander";
the Alliance confirming there shows the battle and covers the main window in turn; when the seat goes
back to the Game Master (the table's lines again) the main window shows; the Alliance's own seat at
the sheet puts nothing away."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from tests.app.battle.test_main_covered_at_hand_over import _covered, _fight
from tests.app.gui import Answerer, menu_action, take_over
from tests.app.shell.test_campaign_log_words import _seat
from tests.app.battle.sheet_open import sheet_after_movement


def _alliance_holds_0604(qtbot, tmp_path):
    """The main window with the Empire Sheet open (Ctrl+Shift+K), 0604's battle window taken by the
    Alliance's commander beside it: (main, sheet, battle window)."""
    main, sheet = sheet_after_movement(qtbot, tmp_path)
    bw = _fight(main, qtbot, "0604")
    qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)  # "I am the Alliance commander"
    assert bw.viewer == "alliance" and not bw.handing_over()
    assert not _covered(main, sheet.widget())  # the table's view beside it
    return main, sheet, bw


def test_another_team_seated_at_the_empire_sheet_puts_the_other_team_s_battle_away(qtbot, tmp_path):
    main, sheet, bw = _alliance_holds_0604(qtbot, tmp_path)
    _seat(main, sheet, qtbot, "coalition", "klingon")
    qtbot.waitUntil(lambda: QApplication.activeModalWidget() is None)
    assert sheet.seat == "coalition" and main.team_at_screen() == "coalition"
    # the Coalition is at the screen: its sheet shows, the Alliance's battle is behind its hand-over page
    assert bw.handing_over() and bw.handover_label.text() == "Pass the screen to the Alliance commander"
    assert bw.viewer is None and not bw.panel_dock.isVisible() and not bw.log_dock.isVisible()
    for widget in (sheet.widget(), main.strategic_view):
        assert not _covered(main, widget), widget.objectName()
    bw.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is bw)
    qtbot.keyClick(bw.handover_button, Qt.Key.Key_Return)  # "I am the Alliance commander": it takes the screen
    assert bw.viewer == "alliance" and not bw.handing_over()
    for widget in (sheet.widget(), main.strategic_view):  # the Coalition's sheet covered in turn
        assert _covered(main, widget), widget.objectName()
    assert "Alliance commander holds the Battle Hex 0604 window" in bw.main_covers[0].findChild(
        type(bw.handover_label)).text()
    answerer = Answerer(take_over)  # Turn > Hand the Screen Back to the GM (the sheet is under the cover)
    try:
        menu_action(main, "Hand the Screen Back to the GM").trigger()
        qtbot.waitUntil(lambda: main.team_at_screen() is None and QApplication.activeModalWidget() is None)
    finally:
        answerer.stop()
    assert main.team_at_screen() is None
    assert not any(_covered(main, w) for w in (sheet.widget(), main.strategic_view))
    assert not bw.handing_over() and bw.viewer == "alliance"  # the GM may read every side: nothing put away
    bw.close()


def test_the_battle_s_own_team_seated_at_the_sheet_is_not_covered(qtbot, tmp_path):
    main, sheet, bw = _alliance_holds_0604(qtbot, tmp_path)
    _seat(main, sheet, qtbot, "alliance", "fed")
    qtbot.waitUntil(lambda: QApplication.activeModalWidget() is None)
    assert main.team_at_screen() == "alliance"
    assert not _covered(main, sheet.widget())
    assert not bw.handing_over() and bw.viewer == "alliance"  # the same viewer: nothing put away
    bw.close()
