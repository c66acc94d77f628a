"""The V13 battle map as a redraw draws it now (issue 21: at a zoom never shown the screen's part of the
sheet drawn straight, its grid as bands copied down, the zone and ring stroked opaque and laid at their
pens' opacity) against the plain way it drew before (every tile of the sheet kept as a picture, every
grid line drawn, the outlines stroked with their see-through pens): the map and what may differ."""
from __future__ import annotations

import numpy as np
from PySide6.QtGui import QColor, QPixmapCache
from PySide6.QtWidgets import QApplication

from app.systems.v13.counters import CounterSpec
from app.systems.v13.grid_bands import Banding
from app.systems.v13.layers import StrokeCache
from app.systems.v13.map import BattleMapView, BattleScene
from app.systems.v13.scene import RING_PEN, ZONE_PEN
from hexmap import Facing, MapWindow, hexes_within
from tests.app.pixels import unexplained as unexplained  # (re-exported: test_map_look, test_redraw, ...)
from tests.app.pixels import viewport_rgb


def busy_map(qtbot, size: tuple[int, int] = (900, 600)) -> BattleMapView:
    """The bench's map (bench/redraw.py) in a ``size`` view: 30 counters (some stacked, crippled, bases,
    marked), the legal region, a placement zone cut every 7th column and a minimum-range ring."""
    window = MapWindow()
    scene = BattleScene(window)
    centre, sheet = window.centre, window.hexes()
    near = [h for h in sheet if h.distance(centre) <= 9]
    specs = [CounterSpec(f"u{i}", f"{'USS' if i % 2 else 'IKV'} Ship {i}", near[(i * 37) % len(near)],
                         list(Facing)[i % 6], QColor("#3060c0" if i % 2 else "#c03030"), f"unit {i}", i % 17 == 0,
                         "12/32" if i % 23 == 0 else "", ("active", "crippled")[i % 11 == 0]) for i in range(30)]
    scene.set_units(specs)
    scene.show_region(centre)
    zone = [h for h in sheet if 4 <= h.distance(centre) <= 14 and h.q % 7 != 3]
    scene.show_zone([h.q for h in zone], [h.r for h in zone])
    ring = hexes_within(centre + Facing.B.vector * 3, 6)
    scene.show_ring([h.q for h in ring], [h.r for h in ring])
    view = BattleMapView(scene)
    qtbot.addWidget(view)
    view.resize(*size)
    view.show()
    qtbot.waitExposed(view)
    view.auto_fit = False
    return view


class _Always:
    """Every tile asked for is kept (drawn into its picture), as before."""

    @staticmethod
    def ask(_key: str) -> bool:
        return True


def plain(view: BattleMapView, on: bool) -> None:
    """Draw ``view``'s map the plain way (``on``) or the fast way."""
    scene = view.scene()
    Banding.enabled = not on
    if on:
        scene.grid.asked_fast, scene.grid.asked = scene.grid.asked, _Always()
        scene.pictures_fast = scene.zone_picture, scene.ring_picture
        scene.zone_picture, scene.ring_picture = StrokeCache(ZONE_PEN), StrokeCache(RING_PEN)
        for cache, path in ((scene.zone_picture, scene.zone_path), (scene.ring_picture, scene.ring_path)):
            cache.set_path(path)
    else:
        scene.grid.asked = scene.grid.asked_fast
        scene.zone_picture, scene.ring_picture = scene.pictures_fast


def shot(view: BattleMapView, zoom: float, dx: float, dy: float) -> np.ndarray:
    """The viewport at ``zoom`` centred (``dx``, ``dy``) off the sheet's centre, every picture of the screen
    dropped and drawn afresh (as at a zoom never shown), as RGB values."""
    scene = view.scene()
    view.resetTransform()
    view.scale(zoom, zoom)
    c = scene.grid.sheet_rect().center()
    view.centerOn(c.x() + dx, c.y() + dy)
    scene.set_quick(False)
    QPixmapCache.clear()  # no tile of the sheet kept from before (another test's map at this zoom)
    scene._background_changed()
    QApplication.processEvents()
    return viewport_rgb(view)
