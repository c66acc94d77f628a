"""The number of dice on an AF/EF attack arrow stays readable (issue 22's real-screen walk: the
number sat on the middle of the arrow, whose thick line hid it)."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGraphicsLineItem, QGraphicsTextItem, QMenu

from tests.app.gui import open_main_window
from tests.app.systems.test_afef import drag
from tests.app.systems.test_table import system_action
from tests.app.test_gui_paths import end_movement_and_fight


def test_an_arrows_number_is_beside_its_line(qtbot, tmp_path):
    main = open_main_window(qtbot, tmp_path)
    system_action(main.findChild(QMenu, "battle_systems_menu"), "afef").trigger()
    bw = end_movement_and_fight(main, qtbot, "0604")
    bw.auto_dialogs = False
    for _ in range(12):
        if bw.handing_over():
            qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)
            continue
        q = bw.b.pending
        if q.key.split("/")[2] == "declare":
            break
        qtbot.mouseClick(bw.panel.commit_button, Qt.MouseButton.LeftButton)
    q = bw.b.pending
    shooter = next(iter(q.data["dice"]))
    drag(bw.panel.view, shooter, q.data["targets"][0])  # Shift+drag: all its dice
    scene = bw.panel.view.scene()
    lines = [i for i in scene.items() if isinstance(i, QGraphicsLineItem)]
    numbers = [i for i in scene.items() if isinstance(i, QGraphicsTextItem) and i.toPlainText().isdigit()]
    assert lines and numbers
    for n in numbers:
        assert not any(n.collidesWithItem(line) for line in lines), n.toPlainText()
