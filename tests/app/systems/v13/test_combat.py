"""The combat panel during a drop (issue 21: the combat drop < 10 ms): the selected unit's words
change length as it moves (off the sheet, then on it), and the panel's buttons neither move nor
repaint for it."""
from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QPushButton

from app.systems.v13.map import centre_of
from tests.app.battle.test_gui import bw, counter_point  # noqa: F401 (the fixture)


class _Paints(QObject):
    """Counts the paint events of the widgets it watches."""

    def __init__(self) -> None:
        super().__init__()
        self.count = 0

    def eventFilter(self, obj, event) -> bool:  # noqa: N802
        if event.type() == QEvent.Type.Paint:
            self.count += 1
        return False


def test_a_drop_that_shortens_the_selected_units_words_repaints_no_button(bw, qtbot):  # noqa: F811
    panel = bw.panel.combat
    u = bw.b.state.units["kz-eff-1"]
    vp = bw.panel.view.viewport()
    start = counter_point(bw, u.id)
    QTest.mousePress(vp, Qt.MouseButton.LeftButton, pos=start)  # selects it: its words, off the sheet
    end = bw.panel.view.mapFromScene(centre_of(u.pos + u.facing.vector))
    QTest.mouseMove(vp, end)
    qtbot.wait(20)
    before = panel.unit_label.text()
    assert "off the map" in before, before
    paints = _Paints()
    buttons = panel.findChildren(QPushButton)
    for b in buttons:
        b.installEventFilter(paints)
    tops = [b.geometry().top() for b in buttons]
    QTest.mouseRelease(vp, Qt.MouseButton.LeftButton, pos=end)
    qtbot.wait(20)
    after = panel.unit_label.text()
    assert "off the map" not in after and len(after) < len(before), after  # the map followed: on the sheet now
    assert [b.geometry().top() for b in buttons] == tops  # nothing moved under the mouse
    assert paints.count == 0
