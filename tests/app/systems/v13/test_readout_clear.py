"""The hover readout keeps clear of the stack under the pointer (issue 22, seen on the real 1600x1000
screen at QT_SCALE_FACTOR=2 in the default campaign's V13 battle at 0703): the battle map's viewport
was about 500 x 350 logical pixels, the readout box as wide as the view, and hovering KHS Lurker's
stack near the view's top fanned REND and LURK out under the box, the hovered counter itself covered.
The readout goes to the bottom-left corner while the pointer is near its top-left box, and comes back
when the pointer is elsewhere."""
from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, QRectF, QSizeF

from tests.app.gui import shown_battle_map
from tests.app.systems.v13.test_map import _pointer_put_back, at, hover, look_at, spec  # noqa: F401 (fixture)

SCALE_2 = (500, 350)  # the battle map's viewport, in logical pixels, on the 1600x1000 screen at scale 2


def _box(view) -> QRectF:
    """The readout's box on the viewport."""
    ro = view.readout
    return QRectF(QPointF(view.viewport().mapFromGlobal(ro.mapToGlobal(QPoint(0, 0)))), QSizeF(ro.size()))


def _rect(view, item) -> QRectF:
    return item.body_rect().translated(view.viewportTransform().map(item.pos()))


def _drawn(view, item) -> QRectF:
    """All the counter draws on the viewport: its square, its facing pointer, the selection's ring."""
    return item.deviceTransform(view.viewportTransform()).mapRect(item.boundingRect())


def _stack(qtbot):
    view = shown_battle_map(qtbot, SCALE_2)
    w = view.scene().window
    h = w.hex_at("1210")
    names = ["KHS Rending Fang", "KHS Lurker", "KHS Claw of Rrit", "KHS Hunting Cry"]
    view.scene().set_units([spec(f"u{k}", h, name=n) for k, n in enumerate(names)])
    look_at(view, h, 1.0)
    return view, h


def _put(view, h, x: int, y: int) -> QPoint:
    """Scroll the map so that ``h``'s centre lies at (``x``, ``y``) on the viewport."""
    p = at(view, h)
    view.horizontalScrollBar().setValue(view.horizontalScrollBar().value() + p.x() - x)
    view.verticalScrollBar().setValue(view.verticalScrollBar().value() + p.y() - y)
    p = at(view, h)
    assert abs(p.x() - x) < 3 and abs(p.y() - y) < 3, p
    return p


def test_a_stack_hovered_near_the_top_left_is_not_under_the_readout(qtbot):
    view, h = _stack(qtbot)
    scene = view.scene()
    for x, y in ((60, 40), (250, 30), (40, 90)):  # near the top-left corner, the top edge, the left edge
        hover(view, QPoint(x + 200, 300))  # elsewhere first: folded
        pos = _put(view, h, x, y)
        hover(view, pos)
        assert scene.expanded == h, (x, y)  # the stack fanned out
        box = _box(view)
        assert view.readout.isVisible() and not box.isEmpty()
        assert "1210" in view.readout.text()
        for item in scene.counters_at(h):
            assert not _rect(view, item).intersects(box), (x, y, item.spec.name, _rect(view, item), box)
        assert view.viewport().rect().contains(box.toRect()), box  # inside the view, above nothing cut off
        assert not box.intersects(QRectF(view.viewport().mapFrom(view, view.legend_button.pos()),
                                         QSizeF(view.legend_button.size())))


def test_the_readout_is_back_in_its_corner_when_the_pointer_is_elsewhere(qtbot):
    view, h = _stack(qtbot)
    pos = _put(view, h, 60, 40)
    hover(view, pos)
    assert _box(view).top() > view.viewport().height() / 2  # moved down, out of the way
    pos = _put(view, h, 250, 250)
    hover(view, QPoint(pos.x() + 120, pos.y()))  # off the stack, low in the view
    hover(view, pos)
    box = _box(view)
    assert view.readout.isVisible() and box.top() < 20 and box.left() < 20, box  # the top-left corner again


def test_the_readout_does_not_cover_the_selected_unit(qtbot):
    """Seen on the real screen at scale 2 in the turn-2 battle at 0703: N selected KHS Rending Fang, the view
    brought it into sight at its top, and the readout of the hex under the pointer, lower in the view, lay over
    it (the yellow ring of the selection under the box). It goes to the bottom-left corner, clear of both."""
    view = shown_battle_map(qtbot, SCALE_2)
    w = view.scene().window
    h, other = w.hex_at("1210"), w.hex_at("1218")
    view.scene().set_units([spec("rend", h, name="KHS Rending Fang"), spec("far", other, name="LSS Far Sight")],
                           selected="rend")
    rend = view.scene().counters["rend"]
    for zoom, y in ((1.0, 40), (1.0, 58), (0.15, 58)):  # under the box; its square just below it, its ring
        look_at(view, h, zoom)  # and pointer reaching into it; zoomed out, as fitted on the real screen
        _put(view, h, 120, y)
        hover(view, QPoint(250, 170))
        hover(view, QPoint(250, 180))  # mid-way down the view, on no counter
        box = _box(view)
        assert view.readout.isVisible() and not box.isEmpty()
        assert rend.spec.selected
        assert not _drawn(view, rend).intersects(box), (zoom, y, _drawn(view, rend), box)
        assert not box.contains(QPointF(250, 180))  # nor over the pointer


def test_in_a_short_view_the_readout_leaves_the_selected_unit_for_the_bottom_by_an_empty_pointer(qtbot):
    """Seen on the real screen at scale 2 (a view about 480 x 350): the selected KHS Claw of Rrit under the
    top-left box and the pointer on empty space in the middle of the view, within two counters of the bottom
    corner's box; the readout stayed over the selected unit. Two counters' reach is kept for a pointer over a
    counter (the fan it opens); on empty space the box only keeps off the pointer itself."""
    view = shown_battle_map(qtbot, SCALE_2)
    w = view.scene().window
    h, other = w.hex_at("1210"), w.hex_at("1218")
    view.scene().set_units([spec("claw", h, name="KHS Claw of Rrit"), spec("sile", other, name="LSS Silent Pounce")],
                           selected="claw")
    look_at(view, h, 1.0)
    _put(view, h, 120, 40)
    pointer = QPoint(150, view.viewport().height() - 90)  # empty space, about a counter above the bottom box
    assert view.counter_at(QPointF(pointer)) is None
    hover(view, pointer)
    box = _box(view)
    assert view.readout.isVisible()
    assert not _drawn(view, view.scene().counters["claw"]).intersects(box), box
    assert not box.contains(QPointF(pointer)), box


def test_a_unit_selected_under_a_still_pointer_moves_the_readout_off_it(qtbot):
    """Seen on the real screen at scale 2: the pointer resting on the map, N selected KHS Claw of Rrit under the
    top-left box; nothing moved the box (it was weighed at the pointer's last move)."""
    view = shown_battle_map(qtbot, SCALE_2)
    w = view.scene().window
    h, other = w.hex_at("1210"), w.hex_at("1218")
    view.scene().set_units([spec("claw", h, name="KHS Claw of Rrit"), spec("sile", other, name="LSS Silent Pounce")])
    look_at(view, h, 1.0)
    _put(view, h, 120, 40)
    hover(view, QPoint(250, 170))
    hover(view, QPoint(250, 180))  # mid-way down the view, on no counter
    claw = view.scene().counters["claw"]
    assert _drawn(view, claw).intersects(_box(view))  # nothing selected: the readout in its corner, over it
    view.scene().select("claw")  # as N selects it (the pointer does not move)
    qtbot.wait(20)
    assert claw.spec.selected
    assert not _drawn(view, claw).intersects(_box(view)), _box(view)
