"""The B5 placing bar in a narrow left dock (issue 22, real-screen pass): the prompt "Click a green
hex, or type it" wrapped one word a line beside the field, and the field's placeholder was cut.
When the dock is narrow the prompt sits above the field, which keeps a placeholder's width."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from tests.app.systems.b5.opening import open_b5_window
from tests.test_main_cli_b5 import MEETING


def _placing(qtbot, tmp_path):
    """The default campaign's 0604 fought with B5, at its first ship's placement (a green zone)."""
    main, bw = open_b5_window(qtbot, tmp_path, MEETING[:5], hold=False)
    while bw.handing_over():
        qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)
    assert bw.panel.prompt.text() == "Drag the waiting ship to a green hex, or type it", bw.panel.prompt.text()
    return bw


def _lines(label) -> int:
    """The lines ``label``'s words take at its width."""
    return round(label.heightForWidth(label.width()) / label.fontMetrics().lineSpacing())


def test_the_prompt_sits_above_the_field_in_a_narrow_dock(qtbot, tmp_path):
    bw = _placing(qtbot, tmp_path)
    panel = bw.panel
    edit = panel.hex_edit
    for width in (200, 260, 320):  # the dock dragged narrow, as on a small screen
        bw.resizeDocks([bw.panel_dock], [width], Qt.Orientation.Horizontal)
        QApplication.processEvents()
        qtbot.waitUntil(lambda: abs(bw.panel_dock.width() - width) < 40 or bw.panel_dock.width() > width, timeout=2000)
        QApplication.processEvents()
        need = edit.fontMetrics().horizontalAdvance(edit.placeholderText())
        assert edit.width() >= need, (width, bw.panel_dock.width(), edit.width(), need)  # the placeholder whole
        assert _lines(panel.prompt) <= 2, (width, panel.prompt.width(), panel.prompt.height())  # not a word a line
    bw.resize(1400, 900)  # room for a 700 px dock (the tests' 800 x 800 screen held it at 447 px, too narrow since
    bw.resizeDocks([bw.panel_dock], [700], Qt.Orientation.Horizontal)  # the facing box reads "to enemy"): beside again
    qtbot.waitUntil(lambda: abs(panel.prompt.geometry().center().y() - edit.geometry().center().y()) < 8, timeout=2000)
    assert panel.prompt.x() < edit.x() and _lines(panel.prompt) == 1
