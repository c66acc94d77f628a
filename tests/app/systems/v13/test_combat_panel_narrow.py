"""The V13 combat side panel in the battle window at ``QT_SCALE_FACTOR=2`` on a 1600 x 1000
screen (792 x 466 logical pixels; issue 22, any screen). Seen on the real screen (display :74, 0907
in combat): the dock kept the set-up panel's least width, so the combat panel's words and buttons
were cut at the right ("Next tur", "Turn righ", "the map" cut) behind a sideways scroll bar. The
dock widens to the combat panel's least width when the combat panel shows; it may scroll down,
never sideways."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QComboBox, QPushButton, QScrollArea, QSpinBox

from tests.app.gui import open_main_window
from tests.app.test_gui_paths import battle_in_combat


def test_the_combat_panel_is_whole_in_a_scale_2_window(qtbot, tmp_path):
    main = open_main_window(qtbot, tmp_path)
    bw = battle_in_combat(main, qtbot)
    qtbot.wait(100)  # its first fit to the tests' screen done: then it takes the size asked
    bw.resize(792, 466)
    qtbot.wait(30)
    bw.resizeDocks([bw.panel_dock], [1], Qt.Orientation.Horizontal)  # as narrow as its layout, remembered, allows
    QApplication.processEvents()
    area = bw.findChild(QScrollArea, f"{bw.panel_dock.objectName()}_scroll")
    combat = bw.panel.combat
    assert combat.isVisible()
    controls = combat.findChildren(QPushButton) + combat.findChildren(QComboBox) + combat.findChildren(QSpinBox)
    assert len(controls) >= 16
    cut = {(c.text() if isinstance(c, QPushButton) else type(c).__name__): c.mapTo(area.viewport(), c.rect().topRight()).x()
           for c in controls if c.mapTo(area.viewport(), c.rect().topRight()).x() >= area.viewport().width()}
    assert not cut, (area.viewport().width(), cut)
    assert not area.horizontalScrollBar().isVisible()
    assert bw.centralWidget().width() >= bw.width() // 2  # the map keeps the most room
    bw.close()
