"""The battle scene's background when the map floats (V13.812: the map follows a unit): a view
paints again only what it shows, drawing only the pictures of the sheet's tiles it shows, and
shows exactly what a scene laid out on the floated sheet shows."""
from __future__ import annotations

import pytest
from PySide6.QtGui import QImage, QPixmapCache
from PySide6.QtWidgets import QApplication, QGraphicsScene

from app.systems.v13.map import BattleMapView, BattleScene, centre_of
from hexmap import Facing, Hex, MapWindow

SIZE = (600, 400)


def shown_view(qtbot, window: MapWindow, scale: float, at: Hex) -> BattleMapView:
    v = BattleMapView(BattleScene(window))
    qtbot.addWidget(v)
    v.resize(*SIZE)
    v.show()
    qtbot.waitExposed(v)
    v.auto_fit = False
    v.resetTransform()
    v.scale(scale, scale)
    v.centerOn(centre_of(at))
    QApplication.processEvents()
    v.viewport().repaint()
    return v


def picture(view) -> QImage:
    view.viewport().repaint()
    return view.viewport().grab().toImage().convertToFormat(QImage.Format.Format_RGB32)


@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_a_float_paints_only_what_the_view_shows(qtbot, monkeypatch, scale):
    view = shown_view(qtbot, MapWindow(42, 30), scale, Hex(0, 0))
    scene, grid = view.scene(), view.scene().grid
    asked = []
    paint = grid.paint
    monkeypatch.setattr(grid, "paint", lambda p, rect: (asked.append(rect), paint(p, rect)))
    QPixmapCache.clear()  # every picture of the sheet's tiles drawn afresh: they can be counted
    built = grid.tiles_built
    grid.set_window(grid.window.floated(Facing.D, 1))
    picture(view)
    shown = view.mapToScene(view.viewport().rect()).boundingRect().adjusted(-2, -2, 2, 2)
    assert asked and all(shown.contains(rect) for rect in asked), (shown, asked)
    # a tile is 12 x 12 hexes (360 x 416 at 1:1): the view overlaps at most 3 x 2 (4 x 3 at 1.5)
    # of them; the whole plane has hundreds
    most = (3 * 2) if scale == 1.0 else (4 * 3)
    assert 0 < grid.tiles_built - built <= most
    built = grid.tiles_built
    grid.set_window(grid.window.floated(Facing.A, 1))  # back: every picture it needs is kept
    picture(view)
    assert grid.tiles_built == built
    asked.clear()  # whoever invalidates the whole plane still gets only the screen painted
    scene.invalidate(scene.sceneRect(), QGraphicsScene.SceneLayer.BackgroundLayer)
    picture(view)
    assert asked and all(shown.contains(rect) for rect in asked)


@pytest.mark.parametrize("scale", [0.74, 1.0, 1.3, 2.0, 3.0])
def test_a_floated_sheet_shows_what_a_scene_made_on_it_shows(qtbot, scale):
    """Labels (on and off the sheet), the grid, the paper and the heavy edge after floats, from
    the pictures kept, are those painted afresh and, where the labels show, those of a scene
    laid out on the floated sheet from the start (below them the grid lies on the plane, whose
    scene rectangle differs)."""
    floated = MapWindow(42, 30).floated(Facing.B, 3).floated(Facing.D, 5)
    corner = floated.hex_at("0101")  # the edge, labels on and off the sheet
    view = shown_view(qtbot, MapWindow(42, 30), scale, corner)
    grid = view.scene().grid
    grid.set_window(grid.window.floated(Facing.B, 3))
    picture(view)
    grid.set_window(floated)
    assert grid.label(corner.q, corner.r) == ("0101", True)
    moved = picture(view)
    QPixmapCache.clear()
    view.resetCachedContent()
    assert picture(view) == moved
    if scale >= 1.0:
        fresh = shown_view(qtbot, floated, scale, corner)
        assert fresh.viewportTransform() == view.viewportTransform()
        assert picture(fresh) == moved
