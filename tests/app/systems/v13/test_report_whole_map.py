"""The battle report's map shows every counter, whatever the viewer zoomed to (issue 22, seen on the
real 1600x1000 screen at QT_SCALE_FACTOR=2, 0907: the player had wheeled in on the Federation
ships, and the exported report's 'Final map' was that close-up: the Klingon monitor, destroyed,
was cut at the picture's top edge). The view is put back as the player left it."""
from __future__ import annotations

import base64
import re
from pathlib import Path

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QAction, QColor, QImage, QWheelEvent
from PySide6.QtWidgets import QApplication, QFileDialog

from tests.app.systems.v13.test_keys import battle_0604
from tests.app.systems.v13.test_status_after_move import to_combat


def colours(img: QImage) -> set[str]:
    """The colours of ``img``'s pixels (every second pixel each way)."""
    return {img.pixelColor(x, y).name() for y in range(0, img.height(), 2) for x in range(0, img.width(), 2)}


def wheel_in(view, at: QPointF, steps: int) -> None:
    """Turn the mouse wheel over the map at viewport point ``at``, as a person zooms in."""
    for _ in range(steps):
        event = QWheelEvent(at, QPointF(view.viewport().mapToGlobal(at.toPoint())), QPoint(0, 0), QPoint(0, 120),
                            Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase,
                            False)
        QApplication.sendEvent(view.viewport(), event)


def test_the_report_map_shows_every_counter_after_a_zoom(qtbot, tmp_path, monkeypatch):
    _main, bw = battle_0604(qtbot, tmp_path)
    to_combat(bw, qtbot)
    view, scene = bw.panel.view, bw.panel.scene
    bw.resize(800, 500)  # the 1600x1000 screen at scale 2
    qtbot.waitUntil(lambda: view.viewport().width() > 100)
    sides = {u.role: QColor(scene.counters[u.id].spec.color).name() for u in bw.b.state.units.values()
             if u.id in scene.counters}
    assert len(set(sides.values())) == 2, sides
    first = next(iter(scene.counters.values()))  # the player wheels in on one counter
    wheel_in(view, QPointF(view.mapFromScene(first.pos())), 12)
    shown = view.viewport().grab().toImage()
    assert len(set(sides.values()) & colours(shown)) == 1, "the zoom still shows both sides' counters"
    kept = (view.transform(), view.horizontalScrollBar().value(), view.verticalScrollBar().value())
    out = tmp_path / "battle_0604.html"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(out), ""))
    next(a for a in bw.findChildren(QAction) if a.text() == "Export report...").trigger()
    data = re.search(r"src=['\"]data:image/png;base64,([^'\"]+)", Path(out).read_text(encoding="utf-8"))
    assert data, "no map picture in the report"
    picture = QImage.fromData(base64.b64decode(data.group(1)), "PNG")
    missing = {role: c for role, c in sides.items() if c not in colours(picture)}
    assert not missing, f"the report's map leaves out the counters of {missing}"
    assert (view.transform(), view.horizontalScrollBar().value(), view.verticalScrollBar().value()) == kept
    assert not view.auto_fit  # still the player's zoom: the next redraw does not fit it
    bw.close()
