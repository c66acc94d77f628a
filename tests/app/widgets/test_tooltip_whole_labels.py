"""The phase bar's tooltip keeps each phase's name whole (issue 22, real-screen pass at
QT_SCALE_FACTOR=2): wider than the screen, the plain tooltip is wrapped by Qt at a space, and
"Space Combat" read "Space" at the end of one line and "Combat" at the start of the next. Hovered
on a screen narrower than the trail, it now wraps only between phases."""
from __future__ import annotations

from PySide6.QtCore import QEvent
from PySide6.QtGui import QHelpEvent, QTextLayout, QTextOption
from PySide6.QtWidgets import QApplication, QLabel, QToolTip

from app.widgets.titles import whole_labels
from tests.app.gui import open_campaign

TITLES = ("Space Combat", "Orbital Bombardment", "Construction Completion", "Update Asset", "End of Turn",
          "Next turn", "Turn Orders")


def shown_lines(tip: QLabel) -> list[str]:
    """The lines the tooltip's label draws its text in, wrapped at its width as Qt wraps it."""
    lines: list[str] = []
    option = QTextOption()
    option.setWrapMode(QTextOption.WrapMode.WordWrap if tip.wordWrap() else QTextOption.WrapMode.NoWrap)
    width = tip.contentsRect().width() - 2 * tip.margin() - 2 * tip.indent() if tip.indent() > 0 else \
        tip.contentsRect().width() - 2 * tip.margin()
    for paragraph in tip.text().split("\n"):
        layout = QTextLayout(paragraph, tip.font())
        layout.setTextOption(option)
        layout.beginLayout()
        while True:
            line = layout.createLine()
            if not line.isValid():
                break
            line.setLineWidth(width)
            lines.append(paragraph[line.textStart():line.textStart() + line.textLength()].strip())
        layout.endLayout()
    return lines


def test_the_phase_bars_tooltip_wraps_between_phases_never_inside_one(qtbot, tmp_path):
    main = open_campaign(qtbot, tmp_path, size=(780, 560))  # the shipped default, turn 1's Income Phase
    label = main.phase_label
    screen = label.screen().geometry().width()
    centre = label.rect().center()
    QApplication.sendEvent(label, QHelpEvent(QEvent.Type.ToolTip, centre, label.mapToGlobal(centre)))
    qtbot.waitUntil(QToolTip.isVisible, timeout=3000)
    tip = next(w for w in QApplication.topLevelWidgets() if w.objectName() == "qtooltip_label" and w.isVisible())
    assert label.fontMetrics().horizontalAdvance(label.toolTip().split("\n")[0]) > screen  # too wide: Qt wraps it
    lines = shown_lines(tip)
    assert len(lines) > label.toolTip().count("\n") + 1, lines  # it was wrapped
    cut = [(a, b) for a, b in zip(lines, lines[1:]) for t in TITLES
           if any(a.endswith(t[:i].rstrip()) and b.startswith(t[i:].lstrip())
                  for i in range(1, len(t)) if t[i - 1] == " ")]
    assert not cut, cut  # before: ('... Encounters ▸ Space', 'Combat ▸ Bombardment ...')
    assert whole_labels("Turn 1:  [Income] \u25b8 Space Combat").endswith("Space\u00a0Combat")
