"""A fleet counter's tooltip names its power and Team once (issue 22 plain text, real-screen pass
at 1600x1000): the Space Amoeba at 0707 read "Wild Space (Wild Space (GM))", the power's name
and then the Team's, which already holds it. A Team named after its power is named alone; a
power in a Team of another name keeps both ("Klingon Empire (Coalition)")."""
from __future__ import annotations

from PySide6.QtCore import QEvent
from PySide6.QtGui import QHelpEvent
from PySide6.QtWidgets import QApplication, QToolTip

from tests.app.gui import open_main_window


def hover_tip(main, fleet_id: str) -> str:
    """The tooltip the pointer resting on a fleet's counter shows."""
    view = main.strategic_view
    view.zoom(2.0)
    item = view.scene().counter(fleet_id)
    view.centerOn(item)
    QApplication.processEvents()
    pos = view.mapFromScene(item.sceneBoundingRect().center())
    QApplication.sendEvent(view.viewport(), QHelpEvent(QEvent.Type.ToolTip, pos, view.viewport().mapToGlobal(pos)))
    tip = QToolTip.text()
    QToolTip.hideText()
    return tip


def test_a_team_named_after_its_power_is_named_once(qtbot, tmp_path):
    main = open_main_window(qtbot, tmp_path)
    main.resize(1400, 900)
    tip = hover_tip(main, "gm-amoeba")
    assert "Space Amoeba" in tip and "Wild Space (GM)" in tip
    assert "Wild Space (Wild Space" not in tip  # before: "Wild Space (Wild Space (GM)) - OUT OF SUPPLY"
    tip = hover_tip(main, "kli-monitor")
    assert "Klingon Empire (Coalition)" in tip
