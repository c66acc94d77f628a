"""One screen, one viewer (issue 22, hot seat on a shared screen): every change of the main window's
seat re-checks the windows beside it, not only the Empire Sheet's. The Alliance's commander held 0604's
battle window beside the main window's table view (nobody's seat: the table's lines, uncovered). A
Coalition fleet dragged on the strategic map then made its dragger the Coalition's commander with no
hand-over, the map drawing the Coalition's orders beside the Alliance's battle, both uncovered; and a
seat taken behind the main window's own hand-over (MainWindow.take_seat: a Combat Phase question, a
drag from another Team's seat) never looked at the battle windows. Now the drag goes behind the
Coalition's hand-over while another Team's commander holds a battle, and the commander who confirms
there is the one at the screen: the Alliance's battle goes behind its own hand-over page, the main
window shows; the Alliance confirming there takes the screen back, and the main window is covered."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from tests.app.battle.test_main_covered_at_hand_over import _covered, _fight
from tests.app.gui import Answerer, open_main_window, show_active, take_over
from tests.app.strategic.test_gui import drag
from tests.app.test_gui_paths import end_movement


def _coalition_drags_beside_the_alliance_s_battle(qtbot, tmp_path):
    """0604's battle window held by the Alliance's commander beside the table's view, then a Coalition fleet
    dragged on the main window's map and its hand-over answered: (main, battle window, dialogs seen)."""
    main = open_main_window(qtbot, tmp_path)
    end_movement(main, qtbot)
    show_active(main, qtbot)
    bw = _fight(main, qtbot, "0604")
    qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)  # "I am the Alliance commander"
    assert bw.viewer == "alliance" and not bw.handing_over()
    assert main.team_at_screen() is None and not _covered(main, main.strategic_view)  # the table's view
    answerer = Answerer(take_over)
    try:
        drag(main, "kli-home-guard", "1108")  # a Coalition fleet, on the map's viewport
        qtbot.waitUntil(lambda: QApplication.activeModalWidget() is None)
    finally:
        answerer.stop()
    return main, bw, answerer.seen


def test_a_fleet_dragged_beside_another_team_s_battle_goes_behind_a_hand_over_and_puts_the_battle_away(
        qtbot, tmp_path):
    main, bw, seen = _coalition_drags_beside_the_alliance_s_battle(qtbot, tmp_path)
    assert ("HandOverDialog", "Hand over to Coalition: movement orders") in seen, seen
    assert main.team_at_screen() == "coalition"
    # the Coalition confirmed: its map shows, the Alliance's battle is behind its own hand-over page
    assert not _covered(main, main.strategic_view)
    assert bw.handing_over() and bw.handover_label.text() == "Pass the screen to the Alliance commander"
    assert bw.viewer is None and not bw.panel_dock.isVisible() and not bw.log_dock.isVisible()
    bw.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is bw)
    qtbot.keyClick(bw.handover_button, Qt.Key.Key_Return)  # the Alliance's commander takes the screen back
    assert bw.viewer == "alliance" and not bw.handing_over() and bw.panel_dock.isVisible()
    assert _covered(main, main.strategic_view)  # the Coalition's map is covered in turn
    bw.close()
    qtbot.waitUntil(lambda: not _covered(main, main.strategic_view))


def test_the_gm_view_of_a_battle_put_away_shows_it(qtbot, tmp_path):
    """The GM may read every side: the battle window's GM view (Ctrl+Shift+G) shows a battle put away for
    another viewer; left, the battle goes behind its question's hand-over, the main window covered beside it."""
    main, bw, _seen = _coalition_drags_beside_the_alliance_s_battle(qtbot, tmp_path)
    assert bw.handing_over()
    bw.gm_action.trigger()
    assert bw.gm_action.isChecked() and bw.viewer == "gm" and not bw.handing_over() and bw.panel_dock.isVisible()
    bw.gm_action.trigger()  # the GM view left
    assert bw.handing_over() and bw.handover_label.text() == "Pass the screen to the Alliance commander"
    assert _covered(main, main.strategic_view)  # the battle's question's hand-over, as before
    bw.close()
