"""Every counter inside the fitted view, and none hiding another's name (issue 22, H7 on the real screen,
the default campaign's V13 battle at 0703 on the 1600x1000 screen): the attackers KHS Rending Fang and
KHS Lurker, placed 65 and 64 hexes above and left of 0101, were fitted at the view's top edge and REND
was drawn half above it (the fit left room in the plane's units, not for counters that keep their size
on the screen); and BLAC (0503) sat under JADE (a hex above 0801): at the fitted zoom their counters
cover each other. Counters that overlap at the view's zoom rest as one pile with their count on top
(the hover fans them out)."""
from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QPoint, QRectF
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QApplication

from app.systems.v13.map import BattleMapView, BattleScene
from hexmap import Facing, MapWindow
from tests.app.systems.v13.test_map import hover, spec

TEAL, BLUE = QColor("#22a59a"), QColor("#3a6fd8")
SIZE = (1108, 556)  # the battle map's viewport on the 1600x1000 screen


def _battle_0703(qtbot) -> BattleMapView:
    """The four units as H7 placed them (the log's hexes), on a shown view of the real screen's size, fitted."""
    scene = BattleScene(MapWindow(42, 30))
    w = scene.window
    origin = w.hex_at("0101")
    scene.set_units([
        spec("blac", w.hex_at("0503"), name="Black Mira's Revenge", color=TEAL),
        spec("jade", w.hex_at("0801") + Facing.A.vector, name="Jade Serpent", color=TEAL),
        spec("rend", origin + Facing.F.vector * 65, name="KHS Rending Fang", color=BLUE, facing=Facing.C),
        spec("lurk", origin + Facing.F.vector * 64, name="KHS Lurker", color=BLUE, facing=Facing.C),
    ])
    scene.set_directions([(Facing.D, "DoR D", QColor("#2a6fd6")), (Facing.F, "DoD F", QColor("#d63a2a"))])
    view = BattleMapView(scene)
    qtbot.addWidget(view)
    view.resize(*SIZE)
    view.show()
    qtbot.waitExposed(view)
    view.fit_to()
    QApplication.processEvents()
    return view


def _body(view, item) -> QRectF:
    """The counter's square on the viewport."""
    return item.body_rect().translated(view.viewportTransform().map(item.pos()))


def _drawn(view, item) -> QRectF:
    """What the counter draws around its square: its facing pointer reaches a third of a side further."""
    r, px = _body(view, item), item.px
    return r.adjusted(-px / 3, -px / 3, px / 3, px / 3)


def _name(view, item) -> QRectF:
    """Where the counter's name is written: the middle of its square."""
    r = _body(view, item)
    w, h = r.width(), r.height()
    return QRectF(r.center().x() - w * 0.4, r.center().y() - h * 0.2, w * 0.8, h * 0.4)


def _plain(view) -> None:
    """No counter's name is hidden by another counter, unless the two lie in one pile whose top counter says
    how many lie there."""
    items = list(view.scene().counters.values())
    groups: list[set] = []
    for a in items:  # the piles: counters whose squares touch, chained
        joined = [g for g in groups if any(_body(view, a).intersects(_body(view, b)) for b in g)]
        merged = {a}.union(*joined)
        groups = [g for g in groups if g not in joined] + [merged]
    for g in groups:
        top = max(g, key=lambda i: i.zValue())
        hidden = [a.spec.text for a in g for b in g
                  if b.zValue() > a.zValue() and _body(view, b).intersects(_name(view, a))]
        assert not hidden or top.badge == len(g), (top.spec.text, top.badge, sorted(i.spec.text for i in g), hidden)
        assert not any(b.zValue() > top.zValue() and _body(view, b).intersects(_name(view, top)) for b in items)


def test_every_counter_is_inside_the_fitted_view(qtbot):
    view = _battle_0703(qtbot)
    vp = QRectF(view.viewport().rect())
    for item in view.scene().counters.values():
        assert vp.contains(_drawn(view, item)), (item.spec.text, _drawn(view, item), vp)  # before: REND cut


def test_no_counter_hides_another_counters_name_at_the_fitted_zoom(qtbot):
    view = _battle_0703(qtbot)
    _plain(view)  # before: REND under LURK, BLAC under JADE, no count


def test_a_pile_fans_out_on_hover_and_folds_back(qtbot):
    """The pile of REND and LURK: the pointer on it fans both out, each seen; off it, the pile again."""
    view = _battle_0703(qtbot)
    scene = view.scene()
    lurk, rend = scene.counters["lurk"], scene.counters["rend"]
    pos = _body(view, lurk if lurk.zValue() > rend.zValue() else rend).center().toPoint()
    hover(view, pos)
    assert scene.expanded is not None
    assert not _body(view, lurk).intersects(_body(view, rend))
    hover(view, pos + QPoint(300, 200))
    assert scene.expanded is None
    _plain(view)
    for item in scene.counters.values():
        assert QRectF(view.viewport().rect()).contains(_drawn(view, item))


class _Resizes(QObject):
    """Counts the resize events of the object it filters."""

    def __init__(self) -> None:
        super().__init__()
        self.n = 0

    def eventFilter(self, obj, event) -> bool:  # noqa: N802
        self.n += event.type() == QEvent.Type.Resize
        return False


def test_the_fit_does_not_follow_its_own_scroll_bars(qtbot):
    """Seen on the real screen with the room for counters: the fit brought a scroll bar, the smaller viewport
    was a resize, the resize fitted again and took it away, for ever (the window at full load, no hover).
    A fit follows a resize of the view itself; the room it leaves takes in a scroll bar that comes with it."""
    for size in (SIZE, (1100, 556), (1108, 540), (960, 600)):
        view = _battle_0703(qtbot)
        resizes = _Resizes()
        view.viewport().installEventFilter(resizes)
        try:
            view.resize(*size)
            qtbot.wait(300)
        finally:
            view.auto_fit = False  # a spinning view stops here
            view.viewport().removeEventFilter(resizes)
        assert resizes.n < 10, (size, resizes.n)
        vp = QRectF(view.viewport().rect())
        for item in view.scene().counters.values():
            assert vp.contains(_drawn(view, item)), (size, item.spec.text)
        view.close()
