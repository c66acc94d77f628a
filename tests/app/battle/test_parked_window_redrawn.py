"""A battle window put away behind its hand-over page (parked) stays there when a strategic change or
undo redraws it (issue 22, hot seat; BattleWindow._show's guard for a parked window, which had no test of
its own). 0604's V13 battle walked to combat: the Game Master answered the centre question and holds the
window, its question for any commander. The Coalition's commander took the Empire Sheet's seat: the
battle went behind "Pass the screen to the Game Master". The screen was handed back to the GM, who
chose a battle system for new Battle Hexes (Turn > Battle System) and took it back with Ctrl+Z: each
change of the campaign redraws the battle from it. The window must stay behind the GM's page; without
the guard the redraw sent it behind its combat seat's hand-over ("Pass the screen to the Coalition
commander", the last Team that held it), whose commander would then read the battle the GM held."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMenu

from tests.app.battle.test_main_covered_at_hand_over import _covered, _fight
from tests.app.gui import Answerer, menu_action, press, take_over
from tests.app.shell.test_campaign_log_words import _seat
from tests.app.systems.test_table import system_action
from tests.app.systems.v13.walk_until import walk_until
from tests.app.battle.sheet_open import sheet_after_movement

GM_PAGE = "Pass the screen to the Game Master"


def _still_parked(main, bw, sheet) -> None:
    assert bw.parked and bw.viewer is None, (bw.parked, bw.viewer)
    assert bw.handing_over() and bw.handover_label.text() == GM_PAGE, bw.handover_label.text()
    assert not bw.panel_dock.isVisible() and not bw.log_dock.isVisible()
    assert not _covered(main, sheet.widget())  # a parked page covers nothing


def test_a_parked_window_stays_behind_its_page_when_a_strategic_undo_redraws_it(qtbot, tmp_path):
    main, sheet = sheet_after_movement(qtbot, tmp_path)
    bw = _fight(main, qtbot, "0604")
    walk_until(bw, qtbot, lambda q: q.to == "any")  # the hand-overs taken, the GM's centre question last
    assert bw.viewer == "gm" and bw.seat == "coalition" and not bw.handing_over()
    _seat(main, sheet, qtbot, "coalition", "klingon")
    qtbot.waitUntil(lambda: QApplication.activeModalWidget() is None)
    _still_parked(main, bw, sheet)
    answerer = Answerer(take_over)  # Turn > Hand the Screen Back to the GM: the GM parks nothing, lifts nothing
    try:
        menu_action(main, "Hand the Screen Back to the GM").trigger()
        qtbot.waitUntil(lambda: main.team_at_screen() is None and QApplication.activeModalWidget() is None)
    finally:
        answerer.stop()
    _still_parked(main, bw, sheet)
    redraws = []
    bw.ctl.reset.connect(lambda: redraws.append(bw.handover_label.text()))
    system_action(main.findChild(QMenu, "battle_systems_menu"), "table").trigger()  # a strategic change
    assert len(redraws) == 1
    _still_parked(main, bw, sheet)
    main.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is main)
    assert main.undo_action.text() == "&Undo Battle system: Fought at the table"
    press(main, "Ctrl+Z")  # the strategic undo
    assert len(redraws) == 2 and main.undo_action.text() != "&Undo Battle system: Fought at the table"
    _still_parked(main, bw, sheet)
    bw.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is bw)
    qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)  # "I am the Game Master - show me"
    assert bw.viewer == "gm" and not bw.handing_over() and bw.panel_dock.isVisible()
    bw.close()
