"""The SIDCORS panel in a narrow window (issue 22's real-screen walk at QT_SCALE_FACTOR=2 on the
1600x1000 screen): the two Battle Forces stood side by side and the Battle Intensity box's long
title set its least width, so the defender's counters, the BIF 4 button and the odds' right edge
were behind a sideways scroll bar. The forces now stack when they do not fit side by side."""
from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication, QMenu

from tests.app.gui import open_main_window
from tests.app.systems.test_table import system_action
from tests.app.test_gui_paths import end_movement_and_fight


def inside(area, w) -> bool:
    """Whether widget ``w`` lies across the scroll area's viewport, left to right."""
    vp = area.viewport()
    left = w.mapTo(vp, QPoint(0, 0)).x()
    return left >= 0 and left + w.width() <= vp.width()


def test_the_sidcors_bif_choice_needs_no_sideways_scrolling_on_a_narrow_screen(qtbot, tmp_path):
    main = open_main_window(qtbot, tmp_path)
    system_action(main.findChild(QMenu, "battle_systems_menu"), "sidcors").trigger()
    bw = end_movement_and_fight(main, qtbot, "0604")
    bw.auto_dialogs = False
    for _ in range(3):
        if bw.handing_over():
            qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)
        QApplication.processEvents()
    panel = bw.panel
    assert panel.choice.isVisible(), bw.b.pending.key  # the Coalition's BIF, on the panel
    area = panel.central
    width = bw.screen().availableGeometry().width()
    assert bw.width() <= width
    QApplication.processEvents()
    assert not area.horizontalScrollBar().isVisible(), (area.widget().minimumSizeHint(), area.viewport().width())
    for w in (*panel.boxes.values(), *panel.bif_buttons, panel.odds):
        assert inside(area, w), w.objectName()
    bw.close()
