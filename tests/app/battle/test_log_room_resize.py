"""The battle log's room follows a resize of the window (app/battle/log_room.py): a window placed on a
short screen after it opened hides the log it showed, unless the person asked for it, and shows it again
when made tall. The window's ``resizeEvent`` applies the rule (issue 21: an event filter did, handed every
event of the window)."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMenu

from tests.app.battle.test_short_window import SHORT, settle
from tests.app.gui import open_main_window
from tests.app.systems.test_table import system_action
from tests.app.test_gui_paths import end_movement_and_fight


def test_a_resize_to_a_short_window_hides_the_log_and_back_shows_it(qtbot, tmp_path):
    main = open_main_window(qtbot, tmp_path)
    system_action(main.findChild(QMenu, "battle_systems_menu"), "v13").trigger()
    bw = end_movement_and_fight(main, qtbot, "0509")
    bw.auto_dialogs = False
    bw.resize(1400, 900)
    settle(qtbot)
    qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)  # the Coalition takes over
    settle(qtbot)
    assert bw.log_dock.isVisible(), "a tall window shows its log"
    bw.resize(*SHORT)  # placed on a short screen
    settle(qtbot)
    assert not bw.log_dock.isVisible(), "the log stayed open after the window became short"
    bw.resize(1400, 900)
    settle(qtbot)
    assert bw.log_dock.isVisible(), "the log did not come back in the tall window"
    bw.close()
