"""Issue 21: the strategic map's sectors, fleet counters and sector names are each drawn into a picture of its
own once per zoom and copied at each redraw (items.CACHE: a redraw and a drag's step ~1 ms, not 9-14). The map
must look as drawn straight (every item painted at every redraw, as before): the default campaign in the main
window's view, zoomed with the wheel on the viewport and panned by its scroll bars as a person does, with a
sector clicked (selected), the pointer over another (hovered) and the overlays on, all after the pictures were
made: the two differ by no more than 8 levels of 255 (seen: 4, text and edges blended on a clear picture, then
laid on the map). A hatched sector (the Neutral Zone, a contested one under Control) is drawn straight: a hatch
starts at its device's corner, and in pictures of their own the hatching was shifted sector by sector (66
levels off, 22,000 pixels)."""
from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QImage, QWheelEvent
from PySide6.QtWidgets import QApplication, QGraphicsItem

from app.strategic.items import CACHE
from app.strategic.overlays import Overlays
from app.strategic.scene import StrategicScene
from app.strategic.view import StrategicView
from rules.model.io import load_campaign

ROOT = __import__("pathlib").Path(__file__).resolve().parents[3]


def wheel(view: StrategicView, notches: int, at: QPoint) -> None:
    for _ in range(abs(notches)):
        event = QWheelEvent(QPointF(at), QPointF(view.viewport().mapToGlobal(at)), QPoint(0, 0),
                            QPoint(0, 120 if notches > 0 else -120), Qt.MouseButton.NoButton,
                            Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False)
        QApplication.sendEvent(view.viewport(), event)


def shot(view: StrategicView) -> np.ndarray:
    view.viewport().repaint()
    img = view.viewport().grab().toImage().convertToFormat(QImage.Format.Format_RGB32)
    a = np.frombuffer(img.constBits(), np.uint32).reshape(img.height(), img.bytesPerLine() // 4)[:, :img.width()]
    return np.stack([(a >> 16) & 255, (a >> 8) & 255, a & 255], -1).astype(int)


def straight(view: StrategicView) -> np.ndarray:
    """The map with every item painted at the redraw (no picture kept), then the pictures back."""
    cached = [i for i in view.scene().items() if i.cacheMode() == CACHE]
    try:
        for i in cached:
            i.setCacheMode(QGraphicsItem.CacheMode.NoCache)
        return shot(view)
    finally:
        for i in cached:
            i.setCacheMode(CACHE)


@pytest.fixture
def view(qtbot):
    v = StrategicView()
    v.setScene(StrategicScene(load_campaign(ROOT / "scenarios" / "default_campaign.json")))
    qtbot.addWidget(v)
    v.resize(900, 640)
    v.show()
    qtbot.waitExposed(v)
    return v


def at_sector(view: StrategicView, label: str) -> QPoint:
    return view.mapFromScene(view.scene().sector_items[label].pos())


@pytest.mark.parametrize(("notches", "at", "scroll"), [(0, (450, 320), (0, 0)), (2, (300, 200), (17, -9)),
                                                       (5, (610, 400), (-120, 80)), (9, (450, 320), (233, 71))])
def test_the_map_drawn_from_the_items_pictures_looks_as_drawn_straight(view, qtbot, notches, at, scroll):
    scene = view.scene()
    wheel(view, notches, QPoint(*at))
    h, v = view.horizontalScrollBar(), view.verticalScrollBar()
    h.setValue(h.value() + scroll[0])
    v.setValue(v.value() + scroll[1])
    shown = [s for s in scene.sector_items.values() if view.viewport().rect().contains(view.mapFromScene(s.pos()))]
    assert len(shown) >= 3
    shot(view)  # the pictures made at this zoom
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=at_sector(view, shown[0].label))
    qtbot.mouseMove(view.viewport(), at_sector(view, shown[-1].label))
    assert shown[0].isSelected() and shown[-1]._hover
    scene.set_overlays(Overlays(control=True, supply=True))
    fast, slow = shot(view), straight(view)
    off = np.abs(fast - slow).max(-1)
    assert int(off.max()) <= 8, f"{int((off > 8).sum())} pixels differ by more than 8 levels (most {off.max()})"
    plain = [s for s in scene.sector_items.values() if s.sector.neutral_zone or s.marks.contested]
    kept = [s for s in scene.sector_items.values() if s.cacheMode() == CACHE]
    assert len(kept) == len(scene.sector_items) - len(plain) > 90 and all(s not in kept for s in plain)
