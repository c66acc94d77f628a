"""The battle map's redraw after a zoom or a float (issue 21: at least twice as fast as a naive
scene), driven as a person drives it: wheel events sent to the view's viewport."""
from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication

from app.systems.v13.map import centre_of
from tests.app.gui import shown_battle_map


def wheel(view, notches: int, pos: QPoint | None = None) -> None:
    """``notches`` wheel notches (positive: in) over ``pos`` (default: the viewport's centre)."""
    at = QPointF(pos if pos is not None else view.viewport().rect().center())
    event = QWheelEvent(at, QPointF(view.viewport().mapToGlobal(at.toPoint())), QPoint(0, 0), QPoint(0, 120 * notches),
                        Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(view.viewport(), event)
    QApplication.processEvents()


def test_the_scroll_bars_are_flat(qtbot):
    """Fusion's scroll bars (gradients, bevels, arrow buttons) took 1.1 ms to paint, a third of
    a zoom step (both bars change at every zoom); the map's bars are flat: one colour for the
    groove and one for the handle across the bar."""
    view = shown_battle_map(qtbot)
    view.centerOn(centre_of(view.scene().window.centre))
    wheel(view, 4)
    bars = [view.horizontalScrollBar(), view.verticalScrollBar()]
    qtbot.waitUntil(lambda: all(b.isVisible() for b in bars))
    for bar in bars:
        img = bar.grab().toImage()
        horizontal = bar.orientation() == Qt.Orientation.Horizontal
        length = img.width() if horizontal else img.height()
        across = img.height() if horizontal else img.width()
        middle = across // 2
        along = {img.pixel(k, middle) if horizontal else img.pixel(middle, k) for k in range(length)}
        assert len(along) <= 4, f"{len(along)} colours along the bar"


def _busy_map(qtbot):
    """The map with a zone that runs past the screen's edges, a ring and a few counters."""
    from app.systems.v13.map import CounterSpec
    from hexmap import Facing, hexes_within
    from PySide6.QtGui import QColor

    view = shown_battle_map(qtbot)
    scene = view.scene()
    c = scene.window.centre
    zone = [h for h in scene.window.hexes() if 4 <= h.distance(c) <= 14]
    scene.show_zone([h.q for h in zone], [h.r for h in zone])
    ring = hexes_within(c + Facing.B.vector * 3, 6)
    scene.show_ring([h.q for h in ring], [h.r for h in ring])
    scene.set_units([CounterSpec(f"u{k}", f"USS Ship {k}", c + Facing.C.vector * k, Facing.A, QColor("#3060c0"))
                     for k in range(5)])
    view.auto_fit = False
    view.resetTransform()
    view.scale(1.5, 1.5)
    view.centerOn(centre_of(c))
    QApplication.processEvents()
    view.viewport().repaint()
    return view


def test_a_wheel_notch_to_a_new_zoom_is_shown_from_the_pictures_kept_then_drawn_sharp(qtbot):
    """A notch to a zoom never shown drew every tile of the sheet (grid, labels, edge), the zone
    and the ring and every counter afresh: 55 ms against the naive scene's 7, a stutter at each
    notch. While the wheel turns the map now shows the pictures of the zoom before, scaled, the
    counters at their size; once it rests, it draws them sharp at the new zoom."""
    view = _busy_map(qtbot)
    scene, grid = view.scene(), view.scene().grid
    px = scene.counter_px
    tiles, zone, ring = grid.tiles_built, scene.zone_picture.built, scene.ring_picture.built
    for notches in (1, 1, -1, 2):  # 1.5 x 1.15, x 1.15^2, back, on: three zooms never shown
        wheel(view, notches)
        view.viewport().repaint()
        assert (grid.tiles_built, scene.zone_picture.built, scene.ring_picture.built) == (tiles, zone, ring)
        assert scene.counter_px == px
    assert scene.quick
    qtbot.waitUntil(lambda: not scene.quick, timeout=2000)
    QApplication.processEvents()
    assert grid.tiles_built > tiles and scene.zone_picture.built > zone and scene.ring_picture.built > ring
    assert scene.counter_px > px  # 1.5 x 1.15^3: the counters grow with the hexes
    settled = view.viewport().grab().toImage()
    scene._background_changed()  # every picture of the screen dropped: drawn afresh from scratch
    QApplication.processEvents()
    assert view.viewport().grab().toImage() == settled, "the map once the wheel rests is not what a fresh paint shows"
