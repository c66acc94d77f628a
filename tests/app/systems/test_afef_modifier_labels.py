"""The AF/EF modifier boxes' names are read whole in a narrow side panel (issue 22, seen on the real
1600x1000 screen at QT_SCALE_FACTOR=2: 'Claw Fighter Squadron 1 (12 AAS) (AF 0):' wrapped to three
lines in a row two lines tall, its first and last lines cut in half). 0604 fought in AF/EF up to
round 2's AF modifiers, the window at the scale-2 screen's size in its own pixels: each name's row is
as tall as its wrapped words, the names do not overlap, and the side panel does not scroll sideways."""
from __future__ import annotations

from PySide6.QtCore import QPoint
from PySide6.QtWidgets import QLabel, QMenu

from tests.app.gui import open_main_window
from tests.app.systems.test_afef_lines import _to
from tests.app.systems.test_table import system_action
from tests.app.test_gui_paths import end_movement_and_fight


def _labels(bw) -> list[QLabel]:
    return [w for w in bw.panel.mods.findChildren(QLabel) if w.isVisible() and w.text()]


def test_a_long_unit_name_beside_its_modifier_box_is_shown_whole(qtbot, tmp_path):
    main = open_main_window(qtbot, tmp_path)
    system_action(main.findChild(QMenu, "battle_systems_menu"), "afef").trigger()
    bw = end_movement_and_fight(main, qtbot, "0604")
    bw.auto_dialogs = False
    _to(bw, qtbot, "return")
    _to(bw, qtbot, "modifiers")  # round 2's AF modifiers: a box for each unit
    for size in ((800, 480), (700, 420), (1000, 600)):  # the 1600x1000 screen at scale 2, narrower, wider
        bw.resize(*size)
        qtbot.waitUntil(lambda: bw.panel.mods.isVisible() and len(_labels(bw)) == len(bw.panel.spins),
                        timeout=20000)
        qtbot.wait(20)
        names = _labels(bw)
        assert any("Claw Fighter Squadron 1 (12 AAS) (AF 0):" == n.text() for n in names)
        boxes = []
        for n in names:
            need = n.heightForWidth(n.width()) if n.hasHeightForWidth() else n.sizeHint().height()
            assert n.height() >= need, (size, n.text(), n.width(), n.height(), need)
            boxes.append((n.mapTo(bw.panel.mods, QPoint(0, 0)).y(), n.height(), n.text()))
        boxes.sort()
        for (y0, h0, t0), (y1, _h1, t1) in zip(boxes, boxes[1:]):
            assert y0 + h0 <= y1, (size, t0, t1, boxes)  # one name's words never run into the next's
        scroll = bw.panel_dock.widget()
        assert scroll.horizontalScrollBar().maximum() == 0, size  # no sideways scrolling
        inner = scroll.widget()
        assert inner.width() <= scroll.viewport().width(), size
        for n in names:  # every name inside the panel's width
            assert n.mapTo(inner, QPoint(n.width(), 0)).x() <= inner.width(), (size, n.text())
