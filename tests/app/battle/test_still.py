"""The battle window's side panel at its least width (issue 22, seen on the real screen at
``QT_SCALE_FACTOR=2``: replaying an AF/EF battle as the Alliance, the panel was taller than the
window, its vertical scroll bar narrowed the dock, and the panel's words were cut at the right
behind a sideways scroll bar: "KHS Claw of Rri", "must fire back at its attackers")."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMenu, QScrollArea

from tests.app.battle.test_short_window import SHORT, settle
from tests.app.gui import open_main_window
from tests.app.systems.test_afef_lines import _to
from tests.app.systems.test_table import system_action
from tests.app.test_gui_paths import end_movement_and_fight


def test_a_panel_taller_than_the_window_scrolls_down_and_is_never_cut_at_the_side(qtbot, tmp_path):
    main = open_main_window(qtbot, tmp_path)
    system_action(main.findChild(QMenu, "battle_systems_menu"), "afef").trigger()
    bw = end_movement_and_fight(main, qtbot, "0604")
    bw.auto_dialogs = False
    bw.resize(*SHORT)
    _to(bw, qtbot, "declare")  # the Coalition's attacks: the question's words, the buttons, the odds box
    bw.resizeDocks([bw.panel_dock], [1], Qt.Orientation.Horizontal)  # the dock as narrow as the window lets it be
    settle(qtbot)
    area = bw.findChild(QScrollArea, f"{bw.panel_dock.objectName()}_scroll")
    assert area.verticalScrollBar().isVisible()  # taller than the window: it scrolls down
    assert area.horizontalScrollBar().maximum() == 0, (area.viewport().width(), area.widget().minimumSizeHint())
    assert area.widget().width() <= area.viewport().width()
