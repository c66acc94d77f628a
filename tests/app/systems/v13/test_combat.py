"""The combat panel during a drop (issue 21: the combat drop < 10 ms): the selected unit's words
change length as it moves (off the sheet, then on it), and the panel's buttons neither move nor
repaint for it."""
from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QPushButton

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


class _Layouts(QObject):
    """Counts the layout requests of the widgets it watches."""

    def __init__(self) -> None:
        super().__init__()
        self.seen: list[str] = []

    @property
    def count(self) -> int:
        return len(self.seen)

    def eventFilter(self, obj, event) -> bool:  # noqa: N802
        if event.type() == QEvent.Type.LayoutRequest:
            self.seen.append(type(obj).__name__)
        return False


def test_a_drop_that_renames_the_selected_units_hex_lays_the_panel_out_no_more(bw, qtbot):  # noqa: F811
    """Issue 21: a QLabel's new words laid out the panel, the scroll area around it and the window
    at every drop that floated the map (~0.3 ms of the drop); the words take the same three lines,
    so nothing needs it. Words that need more lines than that still get them."""
    panel = bw.panel.combat
    u = bw.b.state.units["kz-eff-1"]
    vp = bw.panel.view.viewport()
    start = counter_point(bw, u.id)
    QTest.mousePress(vp, Qt.MouseButton.LeftButton, pos=start)
    end = bw.panel.view.mapFromScene(centre_of(u.pos + u.facing.vector))
    QTest.mouseMove(vp, end)
    qtbot.wait(50)  # the press's new words (the selected unit named on a button) laid out
    QApplication.processEvents()
    before = panel.unit_label.text()
    layouts = _Layouts()
    for w in (panel, panel.parentWidget()):
        w.installEventFilter(layouts)
    QTest.mouseRelease(vp, Qt.MouseButton.LeftButton, pos=end)
    qtbot.wait(20)
    assert panel.unit_label.text() != before and "at 2101" in panel.unit_label.text()
    assert layouts.seen == []
    line = panel.unit_label
    height = line.height()
    line.setText(" ".join(["Selected: a unit with a very long name indeed"] * 6))  # more than three lines
    qtbot.wait(20)
    assert line.height() > height and layouts.count > 0  # laid out again: it grew
    needed = line.fontMetrics().boundingRect(0, 0, line.width(), 1 << 20, int(line.FLAGS), line.text()).height()
    assert line.height() >= needed  # every line shown
