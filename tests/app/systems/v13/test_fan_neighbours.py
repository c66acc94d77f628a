"""Counters of neighbouring hexes that hide each other at the fitted zoom fan out on hover, and the
readout names the hex of the counter under the pointer (issue 22): seen on the 1600x1000 screen at
the V13 battle map's fitted zoom, 14 attackers placed in adjacent hexes showed only two counters,
and the readout said "0607 ... here: IKV Kumara" while the tooltip named a counter of 0906 drawn
over the neighbouring hex."""
from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, QRectF, QSizeF, Qt

from tests.app.systems.v13.test_map import at, hover, look_at, spec, view  # noqa: F401 (the fixture)

FITTED = 0.45  # a hex about 16 px tall: the counters (38 px at least) reach over their neighbours


def _attackers(view):  # noqa: F811
    """Seven hexes in a column, two units in each (14 attackers), seen at the fitted zoom."""
    w = view.scene().window
    col = [w.hex_at(f"21{r:02d}") for r in range(12, 19)]
    uids = [f"u{k}" for k in range(14)]
    view.scene().set_units([spec(u, col[k // 2], name=f"ISS Unit {k}") for k, u in enumerate(uids)])
    look_at(view, col[3], FITTED)
    return col, uids


def _rect(view, uid):  # noqa: F811
    item = view.scene().counters[uid]
    return item.body_rect().translated(view.viewportTransform().map(item.pos()))


def test_neighbours_that_overlap_fan_out_and_each_can_be_picked(view):  # noqa: F811
    col, uids = _attackers(view)
    scene = view.scene()
    hover(view, at(view, col[3]) + QPoint(300, 0))  # off the counters: folded
    assert any(_rect(view, a).intersects(_rect(view, b)) for a in uids for b in uids
               if a < b and scene.counters[a].spec.hex != scene.counters[b].spec.hex)  # they hide each other
    pos = at(view, col[3])
    top = view.counter_at(pos)
    hover(view, pos)
    assert scene.expanded == top.spec.hex
    assert view.counter_at(pos).uid == top.uid  # the counter under the pointer stays there
    rects = [_rect(view, u) for u in uids]
    assert not any(a.intersects(b) for k, a in enumerate(rects) for b in rects[k + 1:])  # every one seen
    for u in uids:  # the pointer goes to each one in turn: the fan stays, and that one is picked
        c = _rect(view, u).center().toPoint()
        hover(view, c)
        assert view.counter_at(QPointF(c)).uid == u
        assert scene.expanded == top.spec.hex
    hover(view, at(view, col[3]) + QPoint(400, 0))
    assert scene.expanded is None and not scene.fan_group


def test_the_readout_names_the_hex_of_the_counter_under_the_pointer(view):  # noqa: F811
    col, _ = _attackers(view)
    scene, w = view.scene(), view.scene().window
    got = []
    view.hovered.connect(got.append)
    # a point inside the top counter of the lowest hex but over the hex below it
    low = scene.counters_at(col[-1])[-1]
    r = _rect(view, low.uid)
    pos = QPointF(r.center().x(), r.bottom() - 2).toPoint()
    assert view.hex_at(pos) != col[-1]  # the counter reaches over its neighbour
    hover(view, pos)
    over = view.counter_at(QPointF(pos))
    assert over is not None
    assert got[-1] == over.spec.hex
    assert str(w.label(over.spec.hex)) in view.readout.text()


def test_a_fan_near_the_edge_of_the_view_stays_inside_it(view):  # noqa: F811
    """Seen on the real screen: hovered near the top of the map, the fan of 14 grew upwards out of
    the view, four of its counters cut off; at QT_SCALE_FACTOR=2 two more were under the readout."""
    col, uids = _attackers(view)
    scene, ro = view.scene(), view.readout
    hover(view, at(view, col[3]))  # the readout shows (and has its size); the column's pile lies on its middle hex
    box = QRectF(QPointF(view.viewport().mapFromGlobal(ro.mapToGlobal(QPoint(0, 0)))), QSizeF(ro.size()))
    assert ro.isVisible() and not box.isEmpty()
    for y in (30, round(box.bottom()) + 30):  # just under the view's top edge; just under the readout
        view.verticalScrollBar().setValue(view.verticalScrollBar().value() + at(view, col[3]).y() - y)
        view.horizontalScrollBar().setValue(view.horizontalScrollBar().value() + at(view, col[3]).x() - 300)
        hover(view, at(view, col[3]) + QPoint(400, 0))
        pos = at(view, col[3])
        assert abs(pos.y() - y) < 3 and abs(pos.x() - 300) < 3  # the column's top hex, there
        top = view.counter_at(pos)
        hover(view, pos)
        assert scene.expanded == top.spec.hex and view.counter_at(pos).uid == top.uid
        box = QRectF(QPointF(view.viewport().mapFromGlobal(ro.mapToGlobal(QPoint(0, 0)))), QSizeF(ro.size()))
        for u in uids:
            assert view.viewport().rect().contains(_rect(view, u).toRect()), (y, u)
            assert y == 30 or not _rect(view, u).intersects(box), (y, u)  # at 30, the readout lies beside it


def test_the_counter_picked_is_the_one_drawn_on_top(view):  # noqa: F811
    """Seen on the real screen: over 7TH7, drawn over its neighbour, the fan opened around 7TH6
    beneath it (the two at the same height: the one drawn on top was not the one picked)."""
    from app.systems.v13.counters import CounterItem
    col, uids = _attackers(view)
    vp = view.viewport().rect()
    for x in range(vp.left(), vp.right(), 6):
        for y in range(vp.top(), vp.bottom(), 6):
            picked = view.counter_at(QPointF(x, y))
            if len({view.counter_at(QPointF(x + d, y + e)) for d in (-1, 1) for e in (-1, 1)} | {picked}) > 1:
                continue  # on an edge: Qt and the view may round it apart
            drawn = [i for i in view.items(QPoint(x, y)) if isinstance(i, CounterItem)]
            assert (picked.uid if picked else None) == (drawn[0].uid if drawn else None), (x, y)


def test_a_right_click_on_a_counter_names_its_hex(view):  # noqa: F811
    """The context menu's hex section named the hex under the pointer, not the one of the counter
    clicked (drawn over it): the same disagreement as the readout's."""
    from tests.app.systems.v13.test_map import PRESS, RELEASE, send_mouse
    col, _ = _attackers(view)
    low = view.scene().counters_at(col[-1])[-1]
    r = _rect(view, low.uid)
    pos = QPointF(r.center().x(), r.bottom() - 2).toPoint()
    assert view.hex_at(pos) != col[-1]
    got = []
    view.context_requested.connect(lambda uid, h, _at: got.append((uid, h)))
    right = Qt.MouseButton.RightButton
    send_mouse(view, PRESS, pos, right, right)
    send_mouse(view, RELEASE, pos, right)
    over = view.counter_at(QPointF(pos))
    assert got and got[0] == (over.uid, over.spec.hex)


def test_a_hover_onto_a_stack_lays_its_fan_out_once(view, monkeypatch):  # noqa: F811
    """Issue 21 (bench/redraw.py's fan rows: a move onto a stacked hex took ~2 ms, goal 0.5 ms):
    the fan of seven hexes was laid out seven times, once for each of its hexes, each time
    choosing the top counter's place among all of them again."""
    import app.systems.v13.scene as scene_module
    col, uids = _attackers(view)
    scene = view.scene()
    calls = []
    real = scene_module._lay_fan
    monkeypatch.setattr(scene_module, "_lay_fan", lambda items, *a: (calls.append(len(items)), real(items, *a)))
    hover(view, at(view, col[3]))
    assert scene.expanded is not None and len(scene.fan_group) >= 2
    assert calls == [14]  # once, all 14 counters
    calls.clear()
    hover(view, at(view, col[3]) + QPoint(400, 0))  # folded back: no fan laid out
    assert scene.expanded is None and calls == []
    rects = [_rect(view, u) for u in uids]
    assert any(a.intersects(b) for k, a in enumerate(rects) for b in rects[k + 1:])  # stacked again

