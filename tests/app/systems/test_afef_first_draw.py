"""The AF/EF line on its first draw (issue 22): right after the window opens, the counters must
lie inside what the view shows. Before, the scene grew from its first items, the view centred
on a stale rect and the line ran off the right edge with no scroll bar until the next redraw."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMenu

from tests.app.gui import open_main_window
from tests.app.systems.test_table import system_action
from tests.app.test_gui_paths import end_movement_and_fight


def test_the_line_is_inside_the_view_right_after_the_window_opens(qtbot, tmp_path):
    main = open_main_window(qtbot, tmp_path)
    system_action(main.findChild(QMenu, "battle_systems_menu"), "afef").trigger()
    bw = end_movement_and_fight(main, qtbot, "0604")
    qtbot.waitExposed(bw)
    view = bw.panel.view
    for _ in range(3):  # the first side takes the screen: the line is drawn for the first time
        if bw.handing_over():
            qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)
            if not bw.handing_over():
                line_is_in_view(view)  # at once, before any later event could re-centre it
        qtbot.wait(10)
    assert not bw.handing_over()
    line_is_in_view(view)


def line_is_in_view(view) -> None:
    """The counters start at the view's left edge, and what runs past its right edge can be scrolled to."""
    items = view.scene().itemsBoundingRect()
    shown = view.mapToScene(view.viewport().rect()).boundingRect()
    assert not items.isEmpty()
    assert view.sceneRect().contains(items), (view.sceneRect(), items)
    assert shown.left() - 1 <= items.left() <= shown.left() + 20, (items, shown)
    assert shown.top() - 1 <= items.top() <= shown.top() + 20, (items, shown)
    assert items.right() <= shown.right() + 1 or view.horizontalScrollBar().maximum() > 0, (items, shown)
