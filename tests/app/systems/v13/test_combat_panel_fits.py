"""The V13 combat side panel at the battle window's default size (1400 x 900 on the 1600 x 1000
screen): seen there, the panel needed vertical scrolling and its "Float the map" row was cut at
the bottom (helper HF's shots 94 and 125, 0703 and 0509 in combat). Every control of the combat
panel must show without scrolling."""
from __future__ import annotations

from PySide6.QtWidgets import QApplication, QComboBox, QPushButton, QScrollArea, QSpinBox

from tests.app.gui import open_main_window
from tests.app.test_gui_paths import battle_in_combat


def test_every_combat_control_shows_without_scrolling_at_1400_by_900(qtbot, tmp_path):
    main = open_main_window(qtbot, tmp_path)
    bw = battle_in_combat(main, qtbot)
    qtbot.wait(100)  # its first fit to the tests' 800 x 800 screen done: then it takes the size asked
    bw.resize(1400, 900)
    qtbot.wait(30)
    assert bw.height() == 900
    QApplication.processEvents()
    area = bw.findChild(QScrollArea, f"{bw.panel_dock.objectName()}_scroll")
    inner = area.widget()
    room = area.viewport().height()
    combat = bw.panel.combat
    controls = combat.findChildren(QPushButton) + combat.findChildren(QComboBox) + combat.findChildren(QSpinBox)
    assert combat.buttons["Float"] in controls and combat.float_dir in controls and len(controls) >= 16
    below = {(c.text() if isinstance(c, QPushButton) else type(c).__name__): c.mapTo(inner, c.rect().bottomLeft()).y()
             for c in controls if c.mapTo(inner, c.rect().bottomLeft()).y() > room}
    assert not below, (room, below)
    # the right edge too: nothing cut at the side, no sideways scroll bar
    assert all(c.mapTo(area.viewport(), c.rect().topRight()).x() < area.viewport().width() for c in controls)
    bw.close()
