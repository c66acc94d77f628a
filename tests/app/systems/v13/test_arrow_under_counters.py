"""The Direction of Retreat arrow never covers a counter's name (issue 22, seen on the real 1600x1000 screen
at QT_SCALE_FACTOR=2, display :83, the default campaign's 0703 in combat: the blue DoR arrow, which keeps
its size on the screen, was drawn across KHS Lurker's counter, which read 'L RK')."""
from __future__ import annotations

import math

from PySide6.QtCore import QLineF, QPointF
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QApplication

from app.systems.v13.arrows import ArrowItem
from app.systems.v13.map import BattleMapView, BattleScene
from hexmap import Facing, MapWindow
from tests.app.systems.v13 import test_fit_counters as fit
from tests.app.systems.v13.test_map import spec


def _line(view, arrow: ArrowItem) -> QLineF:
    """The arrow's shaft and head on the viewport (:func:`app.systems.v13.arrows.paint_arrow`, half 40)."""
    ang = math.radians(60 * arrow.facing.value - 90)
    d, at = QPointF(math.cos(ang), math.sin(ang)), view.viewportTransform().map(arrow.pos())
    return QLineF(at - d * 40, at + d * 54)


def _crosses(line: QLineF, rect) -> bool:
    steps = 40
    return any(rect.contains(line.pointAt(k / steps)) for k in range(steps + 1))


def test_a_counter_under_the_dor_arrow_is_drawn_over_it(qtbot):
    """KHS Lurker placed where the DoR arrow stands, five hexes off the sheet's edge below its centre (where the
    attackers stood at 0703); the view at that screen's size at scale 2, fitted."""
    scene = BattleScene(MapWindow(42, 30))
    w = scene.window
    edge = w.centre
    while w.contains(edge):
        edge = edge + Facing.D.vector
    scene.set_units([spec("blac", w.hex_at("0503"), name="Black Mira's Revenge", color=fit.TEAL),
                     spec("lurk", edge + Facing.D.vector * 5, name="KHS Lurker", color=fit.BLUE, facing=Facing.C)])
    scene.set_directions([(Facing.D, "DoR D", QColor("#2a6fd6"))])
    view = BattleMapView(scene)
    qtbot.addWidget(view)
    view.resize(484, 353)
    view.show()
    qtbot.waitExposed(view)
    view.fit_to()
    QApplication.processEvents()
    crossed = [(a, c) for a in scene.extras for c in scene.counters.values()
               if _crosses(_line(view, a), fit._name(view, c))]
    assert crossed, "no arrow crosses a counter: the case seen is not made"
    for arrow, counter in crossed:
        assert counter.zValue() > arrow.zValue(), f"{arrow.text} drawn over {counter.spec.name}"
