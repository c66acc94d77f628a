"""Issue 21: once a zoom rests at a new counter size, only the counters on the screen (or near it) are
drawn at that size; the others when they come on the screen, before it paints them."""
from __future__ import annotations

import math

from PySide6.QtCore import QPoint, QRectF

import app.systems.v13.counters as counters
from app.systems.v13.counters import REACH, counter_px
from tests.app.systems.v13.test_hover_piles import _battle
from tests.app.systems.v13.test_map import at, view, wheel  # noqa: F401 (the fixture)


def _on_screen(view, item) -> bool:  # noqa: F811
    c = view.mapFromScene(item.pos()) + item.offset.toPoint()
    r = item.px * REACH / 2
    return QRectF(view.viewport().rect()).intersects(QRectF(c.x() - r, c.y() - r, 2 * r, 2 * r))


def _sharp(view, item) -> bool:  # noqa: F811
    dpr = item.pixmap().devicePixelRatio()
    return item.pixmap().width() == math.ceil(item.px * REACH * dpr) and getattr(item, "pending", None) is None


def test_a_zoom_draws_the_counters_on_the_screen_and_the_others_when_shown(view, qtbot, monkeypatch):  # noqa: F811
    column = _battle(view)
    scene = view.scene()
    view.viewport().repaint()
    drawn: list[str] = []
    real = counters.paint_counter
    monkeypatch.setattr(counters, "paint_counter", lambda p, spec, *a, **k: (drawn.append(spec.uid), real(p, spec, *a, **k)))
    wheel(view, at(view, column[6]) + QPoint(0, 150), 10)  # larger counters
    qtbot.waitUntil(lambda: not scene.quick, timeout=20000)
    view.viewport().repaint()
    items = list(scene.counters.values())
    assert counter_px(view.transform().m11()) > 38
    shown = {i.uid for i in items if _on_screen(view, i)}
    assert shown and set(drawn) >= shown  # every counter on the screen drawn at its new size ...
    assert all(_sharp(view, scene.counters[u]) for u in shown)
    assert len(set(drawn)) < len(items)  # ... not every counter (before: all 104 drawn again)
    far = next(i for i in items if i.uid not in drawn)
    view.centerOn(far.pos())
    view.viewport().repaint()
    assert _on_screen(view, far) and far.uid in drawn and _sharp(view, far)  # drawn before it is shown
    assert all(_sharp(view, i) for i in items if _on_screen(view, i))
