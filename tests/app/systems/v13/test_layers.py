"""The placement zone and the minimum-range ring are drawn from pictures kept per zoom (issue
21: redraw after a float or a zoom >= 2x faster than a naive scene). Their see-through pens
cost Qt some 10 ms a stroke once the outline runs past the screen's edge; a float (the sheet
moves under them, they stay) and a zoom back to a zoom seen before now blit the picture, and
the picture shows what the stroke shows."""
from __future__ import annotations

import pytest
from PySide6.QtGui import QImage, QPainter
from PySide6.QtWidgets import QApplication

import app.systems.v13.layers as layers
from app.systems.v13.map import BattleMapView, BattleScene, centre_of
from hexmap import Facing, MapWindow, hexes_within


def _view(qtbot, scale: float) -> BattleMapView:
    """A 600 x 400 map at ``scale`` with a zone (hexes 4-14 from the centre) that runs past
    the screen's edges and a minimum-range ring."""
    window = MapWindow(42, 30)
    scene = BattleScene(window)
    c = window.centre
    zone = [h for h in window.hexes() if 4 <= h.distance(c) <= 14]
    scene.show_zone([h.q for h in zone], [h.r for h in zone])
    ring = hexes_within(c + Facing.B.vector * 3, 6)
    scene.show_ring([h.q for h in ring], [h.r for h in ring])
    v = BattleMapView(scene)
    qtbot.addWidget(v)
    v.resize(600, 400)
    v.show()
    qtbot.waitExposed(v)
    v.auto_fit = False
    v.resetTransform()
    v.scale(scale, scale)
    v.centerOn(centre_of(c))
    QApplication.processEvents()
    return v


def _picture(view) -> QImage:
    view.resetCachedContent()
    view.viewport().repaint()
    return view.viewport().grab().toImage().convertToFormat(QImage.Format.Format_RGB32)


def _stroked(monkeypatch, scene) -> list[int]:
    """Counts the strokes of the zone and the ring (by their element counts) from now on."""
    outlines = {scene.zone_path.elementCount(), scene.ring_path.elementCount()}
    strokes: list[int] = []
    draw = QPainter.drawPath

    def counted(p, path):
        if path.elementCount() in outlines:
            strokes.append(path.elementCount())
        return draw(p, path)
    monkeypatch.setattr(QPainter, "drawPath", counted)
    return strokes


def test_a_float_and_a_zoom_back_blit_the_outlines_instead_of_stroking_them(qtbot, monkeypatch):
    view = _view(qtbot, 1.15)
    scene, grid = view.scene(), view.scene().grid
    home = grid.window
    grid.set_window(home.floated(Facing.D, 1))  # the first float at a zoom keeps the outlines whole (app.systems.v13
    view.viewport().repaint()  # .outlines: the zoom's first paint stroked the screen's part alone)
    strokes = _stroked(monkeypatch, scene)
    for window in (home, home.floated(Facing.D, 1), home):
        grid.set_window(window)  # the map follows a unit (V13.812): the sheet moves, the outlines stay
        view.viewport().repaint()
    view.scale(1.15, 1.15)
    view.viewport().repaint()
    view.scale(1 / 1.15, 1 / 1.15)  # back to the zoom seen before
    view.viewport().repaint()
    # the first picture of each outline at 1.15 was drawn before; at 1.3225 one more each
    assert len(strokes) <= 2, f"the zone or the ring was stroked again {len(strokes)} times"


@pytest.mark.parametrize("scale", [1.0, 1.15, 0.74, 2.5])
def test_the_pictures_show_what_the_strokes_show(qtbot, monkeypatch, scale):
    view = _view(qtbot, scale)
    kept = _picture(view)
    monkeypatch.setattr(layers, "MAX_PIXELS", 0)  # no picture: every outline stroked as it is
    stroked = _picture(view)
    worst = 0
    for y in range(kept.height()):
        for x in range(kept.width()):
            a, b = kept.pixel(x, y), stroked.pixel(x, y)
            if a != b:
                worst = max(worst, *(abs((a >> s & 255) - (b >> s & 255)) for s in (0, 8, 16)))
    assert worst <= 4, f"a pixel differs by {worst} of 255 from the stroke's"


def test_a_float_moves_the_direction_arrows_instead_of_making_them_again(qtbot):
    """The DoR / DoD arrows keep their items (and so their cached pictures) when the map
    floats: each set_directions made new ones, painted again at every drop (0.15 ms each)."""
    from PySide6.QtGui import QColor

    view = _view(qtbot, 1.0)
    scene = view.scene()
    arrows = [(Facing.A, "DoR", QColor("#2a6fd6")), (Facing.D, "DoD", QColor("#d63a2a"))]
    scene.set_directions(arrows)
    before = list(scene.extras)
    at = [item.pos() for item in before]
    scene.grid.set_window(scene.grid.window.floated(Facing.D, 1))
    scene.set_directions(arrows)
    assert scene.extras == before, "the arrows were made again"
    assert [item.pos() for item in scene.extras] != at, "the arrows did not move with the sheet"
    assert all(item.scene() is scene for item in scene.extras)
    scene.set_directions(arrows[:1])  # another set: made anew, the old ones gone
    assert len(scene.extras) == 1 and before[1].scene() is None


def test_a_zoom_below_the_labels_lays_the_grid_tiles_from_the_band_picture(qtbot, monkeypatch):
    """Below label zoom the plane's grid tiles are kept at the screen's own scale (a float
    blits them as they are); a zoom to a new zoom makes them from the zoom band's picture of a
    tile's grid, a few blits each, not by drawing every tile's lines (3x slower a wheel notch)."""
    view = _view(qtbot, 0.6)
    drawn: list[int] = []
    lines = QPainter.drawLines
    monkeypatch.setattr(QPainter, "drawLines", lambda p, ls: (drawn.append(len(ls)), lines(p, ls))[1])
    for factor in (1.07, 1.05, 1 / 1.3):  # three zooms never shown before, all below 1.0
        view.scale(factor, factor)
        view.viewport().repaint()
    assert view.transform().m11() < 1.0
    assert len(drawn) <= 3, f"grid lines drawn {len(drawn)} times (once per zoom band at most)"


def test_a_zoom_back_blits_the_screen_kept_and_a_float_paints_it_again(qtbot, monkeypatch):
    """The wheel in and out again: the background of the zoom just left is kept whole, so a
    zoom back paints none of the plane; the picture is the one painted, and a float (what the
    background shows changed) paints it again."""
    view = _view(qtbot, 1.0)
    grid = view.scene().grid
    shown = _picture(view)
    view.scale(1.15, 1.15)
    view.viewport().repaint()
    painted: list[object] = []
    paint = grid.paint
    monkeypatch.setattr(grid, "paint", lambda p, rect: (painted.append(rect), paint(p, rect))[1])
    view.scale(1 / 1.15, 1 / 1.15)  # back to 1:1
    view.viewport().repaint()
    assert painted == [], "the zoom back painted the plane again"
    assert view.viewport().grab().toImage().convertToFormat(QImage.Format.Format_RGB32) == shown
    grid.set_window(grid.window.floated(Facing.D, 1))
    view.viewport().repaint()
    assert painted, "a float showed the picture kept from before it"


def test_a_drag_draws_the_ghost_counter_once_and_blits_it_at_each_hex(qtbot, monkeypatch):
    """The see-through copy of a dragged counter comes from a picture drawn once per look, as
    the counters' do: it was drawn afresh at every hex the drag crossed (2 ms each)."""
    from PySide6.QtGui import QColor

    import app.systems.v13.counters as counters
    from app.systems.v13.counters import CounterSpec

    view = _view(qtbot, 1.0)
    scene = view.scene()
    c = scene.window.centre
    scene.set_units([CounterSpec("u1", "USS Enterprise", c, Facing.A, QColor("#3060c0"))])
    view.viewport().repaint()
    drawn: list[bool] = []
    paint = counters.paint_counter
    monkeypatch.setattr(counters, "paint_counter", lambda *a, **k: (drawn.append(k.get("ghost", False)), paint(*a, **k))[1])
    for k in range(1, 6):  # the drag crosses five hexes
        scene.show_ghost("u1", c + Facing.B.vector * k)
        view.viewport().repaint()
    assert scene.ghost.isVisible()
    assert drawn.count(True) <= 1, f"the ghost was drawn {drawn.count(True)} times"
