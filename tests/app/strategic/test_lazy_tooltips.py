"""The map's first frame writes no sector tooltip (issue 21: start to an interactive window
< 0.5 s and within 3x the bare PySide6 import): each of the 140 sectors' tooltips is written
when it is first wanted, and the pointer resting on a sector still shows it, as before."""
from __future__ import annotations

from PySide6.QtCore import QEvent, QPointF
from PySide6.QtGui import QHelpEvent
from PySide6.QtWidgets import QApplication, QToolTip

import app.strategic.items as items
from tests.app.gui import open_main_window


def test_the_first_frame_writes_no_tooltip_and_a_hover_shows_it(qtbot, tmp_path, monkeypatch):
    written: list[str] = []
    real = items.sector_tooltip

    def counting(campaign, sector, gm=False):
        written.append(str(sector.at))
        return real(campaign, sector, gm)

    monkeypatch.setattr(items, "sector_tooltip", counting)
    main = open_main_window(qtbot, tmp_path)
    main.resize(1400, 900)
    QApplication.processEvents()
    assert len(main.strategic_view.scene().sector_items) == 140 and written == []
    view = main.strategic_view
    view.zoom(2.0)
    item = view.scene().sector_items["0509"]
    view.centerOn(item)
    pos = view.mapFromScene(item.scenePos() + QPointF(0, -22))
    qtbot.mouseMove(view.viewport(), pos)
    QApplication.sendEvent(view.viewport(), QHelpEvent(QEvent.Type.ToolTip, pos, view.viewport().mapToGlobal(pos)))
    qtbot.waitUntil(lambda: bool(QToolTip.text()))
    tip = QToolTip.text()
    QToolTip.hideText()
    assert written == ["0509"]
    assert "Battle Station Tau" in tip and tip == item.toolTip()
