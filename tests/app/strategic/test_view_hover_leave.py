"""The status bar's hovered-sector readout follows the pointer off the map (issue 22, seen on the
real screen at 1600x1000): the Alliance commander dragged the Third Fleet from 0607, closed the
seated Empire Sheet and handed the screen back, and the GM (then the Coalition's commander) still
read "0607" in the status bar's corner, a sector the pointer had long left. Driven as a person
does: the pointer moved over the map's viewport, then onto the Sector inspector beside it."""
from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, QSettings

from app.shell.window import MainWindow


@pytest.fixture
def window(qtbot, tmp_path):
    w = MainWindow(settings=QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(w)
    w.resize(1400, 900)
    w.show()
    qtbot.waitExposed(w)
    return w


def test_the_hovered_sector_is_no_longer_named_once_the_pointer_leaves_the_map(window, qtbot):
    view = window.strategic_view
    item = view.scene().sector_items["0607"]
    qtbot.mouseMove(view.viewport(), view.mapFromScene(item.scenePos() + QPointF(0, -20)))
    assert window._hover_label.text() == "0607"
    inspector = window.inspector
    qtbot.mouseMove(inspector, QPoint(inspector.width() // 2, inspector.height() // 2))
    qtbot.waitUntil(lambda: not view.underMouse(), timeout=2000)
    assert window._hover_label.text() == "", "the pointer is over the inspector: no sector is hovered"


def test_the_readout_names_the_sector_again_when_the_pointer_comes_back(window, qtbot):
    view = window.strategic_view
    at = view.mapFromScene(view.scene().sector_items["0607"].scenePos() + QPointF(0, -20))
    qtbot.mouseMove(view.viewport(), at)
    qtbot.mouseMove(window.inspector, QPoint(10, 10))
    qtbot.waitUntil(lambda: window._hover_label.text() == "", timeout=2000)
    qtbot.mouseMove(view.viewport(), at)
    assert window._hover_label.text() == "0607", "back over the same sector: it is named again"
