"""The battle map's plane, sheet, grid, labels, region, zone and ring are the scene's background,
which the view keeps as one picture: a redraw with nothing changed paints none of it again,
and each change (zone, ring, region, the sheet floating) shows at once. Counters are pictures
drawn once per look."""
from __future__ import annotations

import pytest
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QApplication, QGraphicsView

from app.systems.v13.counters import CounterSpec
from app.systems.v13.map import centre_of
from hexmap import Facing, Hex, hexes_within
from tests.app.gui import shown_battle_map

GREEN = QColor(20, 190, 80)  # the zone's outline
RED = QColor(220, 40, 40)  # the ring's


@pytest.fixture
def view(qtbot):
    v = shown_battle_map(qtbot)
    v.auto_fit = False
    v.resetTransform()
    v.centerOn(centre_of(Hex(0, 0)))
    QApplication.processEvents()
    return v


def painted(view) -> QImage:
    view.viewport().repaint()
    return view.viewport().grab().toImage().convertToFormat(QImage.Format.Format_RGB32)


def count(img: QImage, color: QColor, tol: int = 40) -> int:
    n = 0
    for x in range(0, img.width(), 2):
        for y in range(0, img.height(), 2):
            c = img.pixelColor(x, y)
            n += abs(c.red() - color.red()) + abs(c.green() - color.green()) + abs(c.blue() - color.blue()) <= tol
    return n


def test_the_plane_is_painted_once_and_again_only_when_it_changes(view, monkeypatch):
    scene = view.scene()
    assert view.cacheMode() & QGraphicsView.CacheModeFlag.CacheBackground
    calls = []
    paint = scene.grid.paint
    monkeypatch.setattr(scene.grid, "paint", lambda p, rect: (calls.append(rect), paint(p, rect)))
    painted(view)
    calls.clear()
    painted(view)
    painted(view)
    assert calls == []  # nothing changed: the kept picture
    zone = hexes_within(Hex(0, 0), 4)
    before = count(painted(view), GREEN)
    scene.show_zone([h.q for h in zone], [h.r for h in zone])
    shown = painted(view)
    assert calls and count(shown, GREEN) > before + 100
    calls.clear()
    scene.show_zone([h.q for h in zone], [h.r for h in zone])  # the same zone again: nothing to paint
    painted(view)
    assert calls == []
    ring = hexes_within(Hex(3, 0), 3)
    scene.show_ring([h.q for h in ring], [h.r for h in ring])
    assert count(painted(view), RED) > 60
    scene.show_zone([], [])
    scene.show_ring([], [])
    cleared = painted(view)
    assert count(cleared, GREEN) <= before and count(cleared, RED) < 10


def test_the_floating_sheet_and_its_labels_show_at_once(view):
    h = Hex(0, 0)
    at = view.mapFromScene(centre_of(h))
    band = (at.x() - 16, at.y() - 16, 32, 12)  # where the hex's label is printed
    first = painted(view).copy(*band)
    view.scene().grid.set_window(view.scene().window.floated(Facing.D, 10))
    assert view.scene().grid.label(0, 0) == ("2105", True)
    assert painted(view).copy(*band) != first  # 2115 became 2105 in the kept picture too


def test_scrolling_paints_the_strip_that_comes_in(view):
    before = painted(view)
    view.horizontalScrollBar().setValue(view.horizontalScrollBar().value() + 40)
    after = painted(view)
    # the picture moved 40 px left: what was at x + 40 is now at x, the new strip on the right drawn
    w, h = before.width(), before.height()
    assert after.copy(0, 0, w - 80, h) == before.copy(40, 0, w - 80, h)
    view.resetCachedContent()  # the whole picture painted afresh: the strip painted alone matches it
    assert painted(view).copy(w - 60, 0, 60, h) == after.copy(w - 60, 0, 60, h)


def spec(uid: str, h: Hex, **kw) -> CounterSpec:
    return CounterSpec(uid, f"USS {uid.title()}", h, Facing.A, QColor("#3060c0"), f"tip {uid}", **kw)


def test_a_counter_picture_is_drawn_again_only_when_its_look_changes(view):
    scene = view.scene()
    scene.set_units([spec("a", Hex(0, 0))])
    item = scene.counters["a"]
    key = item.pixmap().cacheKey()
    scene.set_units([spec("a", Hex(2, 0))])  # moved: the same picture, elsewhere
    assert scene.counters["a"] is item and item.pixmap().cacheKey() == key
    assert item.pos() == centre_of(Hex(2, 0))
    scene.set_units([spec("a", Hex(2, 0), status="crippled")])
    assert item.pixmap().cacheKey() != key
    scene.set_units([spec("a", Hex(2, 0), status="crippled"), spec("b", Hex(2, 0))])  # a stack: the badge
    top = max(scene.counters.values(), key=lambda c: c.zValue())
    assert top.badge == 2
    side = item.px * 2
    assert item.boundingRect().width() == pytest.approx(side)
    px = item.px
    scene.set_zoom(3.0)  # closer: bigger counters, drawn anew
    assert item.px > px and item.boundingRect().width() == pytest.approx(item.px * 2)
