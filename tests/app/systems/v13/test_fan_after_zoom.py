"""A fan laid out at one zoom does not outlive it (issue 22, seen on the real 1600x1000 screen at
QT_SCALE_FACTOR=2, display :83, 0907 in combat, shots s45_zoomin and s46_zoomin2: at the fitted zoom
USS Endeavour's counter overlapped IKV Kor'Vat's, seven hexes above it, and the pointer on it fanned both
out side by side; wheeled in there, the two no longer overlapped, yet Kor'Vat was still drawn beside
Endeavour, seven hexes off its own hex, until the pointer left)."""
from __future__ import annotations

from PySide6.QtCore import QPointF
from PySide6.QtWidgets import QApplication

from app.systems.v13.fan import overlapping
from app.systems.v13.hexes import centre_of
from hexmap import Facing
from tests.app.systems.v13.test_map import at, hover, look_at, spec, view, wheel  # noqa: F401 (the fixture)

FITTED = 0.15  # about the fitted zoom there: the two counters, seven hexes apart, overlap


def _centre(view, uid) -> QPointF:  # noqa: F811
    item = view.scene().counters[uid]
    return item.body_rect().translated(view.viewportTransform().map(item.pos())).center()


def test_a_fan_is_laid_out_again_at_the_zoom_the_wheel_gives(view, qtbot):  # noqa: F811
    scene = view.scene()
    ende = scene.window.hex_at("1815")
    korv = ende + Facing.A.vector * 7
    scene.set_units([spec("ende", ende, name="USS Endeavour"), spec("korv", korv, name="IKV Kor'Vat")])
    look_at(view, ende, FITTED)
    assert overlapping(scene, FITTED, ende) == (korv,)
    pos = _centre(view, "ende").toPoint()
    hover(view, pos)
    assert scene.expanded in (ende, korv) and scene.fan_group, "the pointer on the pile fans it out"
    wheel(view, pos, 6)  # zoomed in about the pointer, which stays on Endeavour
    qtbot.waitUntil(lambda: not scene.quick, timeout=20000)  # the wheel at rest: the counters laid at the new zoom
    QApplication.processEvents()
    lod = view.transform().m11()
    assert lod > 2 * FITTED and overlapping(scene, lod, ende) == ()
    for uid, h in (("ende", ende), ("korv", korv)):  # each counter on its own hex again
        off = _centre(view, uid) - QPointF(view.mapFromScene(centre_of(h)))
        assert off.manhattanLength() < 0.2 * scene.counters[uid].px, (uid, off)
