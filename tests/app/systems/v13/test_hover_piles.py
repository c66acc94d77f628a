"""The counter under the pointer, over piles and fans, as the mouse moves (issue 21: the hover looked at
every piled counter on the map at every move, 0.67-1.24 ms against a goal of 0.5; it now looks at the
stacks and piles near the pointer and at the fan). What the hover picks must be what is drawn there:
never a counter of a pile that is not under the pointer, never nothing where a counter is drawn, also
where a pile lies hexes away from its counters' own, where a fan reaches beyond its hex and while the
wheel turns (the piles keep their places of the zoom before until it rests)."""
from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, QRectF

from app.systems.v13.counters import CounterItem
from tests.app.systems.v13.test_map import at, hover, look_at, spec, view, wheel  # noqa: F401 (the fixture)

FITTED = 0.45  # a hex about 16 px tall: the counters (38 px at least) reach over their neighbours
GROUPS = ("c", "p", "s", "l")  # the uids' first letters: the column, the pair, the stack, the lone unit


def _battle(view, selected: str | None = None):  # noqa: F811
    """A column of 13 hexes every other row, two units in the middle three (one pile of 16 on its middle hex,
    its ends six hexes from it), two units side by side (a pile of two), a stack of five alone (the lowest
    peeks out furthest; its fan reaches beyond its hex), a unit near enough to fan out with the column but
    not to pile with it; and 80 units far from them and from each other (a battle's others: the hover
    looks near the pointer only).
    Seen at the fitted zoom around the column's middle."""
    w = view.scene().window
    column = [w.hex_at(f"21{r:02d}") for r in range(3, 28, 2)]
    units = [spec(f"c{k}", h, name=f"ISS Column {k}") for k, h in enumerate(column)]
    units += [spec(f"c{13 + k}", column[5 + k], name=f"ISS Column {13 + k}") for k in range(3)]
    units += [spec("p0", w.hex_at("1713"), name="IKV Pair A"), spec("p1", w.hex_at("1714"), name="IKV Pair B")]
    units += [spec(f"s{k}", w.hex_at("2614"), name=f"USS Stack {k}") for k in range(5)]
    units += [spec("lone", w.hex_at("2419"), name="USS Lone")]
    far = [w.hex_at(f"{c:02d}{r:02d}") for c in (1, 5, 9, 13, 30, 34, 38, 42) for r in range(2, 30, 3)]
    units += [spec(f"far{k}", h, name=f"KHS Far {k}") for k, h in enumerate(far)]
    view.scene().set_units(units, selected)
    look_at(view, column[6], FITTED)
    return column


def _rect(view, item) -> QRectF:  # noqa: F811
    """The counter's square on the viewport."""
    return item.body_rect().translated(view.viewportTransform().map(item.pos()))


def _drawn(view, pos: QPoint) -> CounterItem | None:  # noqa: F811
    """The counter Qt draws on top at ``pos`` (its own hit test of every item there)."""
    items = [i for i in view.items(pos) if isinstance(i, CounterItem)]
    return items[0] if items else None


def _on_edge(view, pos: QPoint) -> bool:  # noqa: F811
    """Within a pixel of a counter's edge, where Qt's test and the view's may round apart."""
    return len({_drawn(view, pos + QPoint(d, e)) for d in (-1, 0, 1) for e in (-1, 0, 1)}) > 1


def _area(view) -> QRectF:  # noqa: F811
    """The viewport rectangle the groups' counters cover, and a fan's reach around it."""
    area = QRectF()
    for item in view.scene().counters.values():
        if not item.uid.startswith("far"):
            area = area.united(_rect(view, item))
    return area.adjusted(-80, -80, 80, 80).intersected(QRectF(view.viewport().rect()))


def _check(view, pos: QPoint, said: list) -> CounterItem | None:  # noqa: F811
    """The mouse moved to ``pos``: the pick is the counter drawn there (or none), and the readout names its
    hex; the counter drawn there (``None`` too on a counter's edge, not checked)."""
    scene, before = view.scene(), view.scene().expanded
    hover(view, pos)
    if _on_edge(view, pos):
        return None
    drawn, picked = _drawn(view, pos), view.counter_at(QPointF(pos))
    assert (picked and picked.uid) == (drawn and drawn.uid), (pos, scene.expanded, view.transform().m11())
    if scene.expanded == before and said:  # (a fan just opened may have put another there: the next move says it)
        assert said[-1] == (drawn.spec.hex if drawn is not None else view.hex_at(pos)), pos  # the readout's hex
    return drawn


def _sweep(view, step: int) -> tuple[set[str], int]:  # noqa: F811
    """The pointer swept row by row over the groups, each point checked: the counters met, and how many of
    the points were on a counter drawn two or more hexes from its own."""
    said: list = []
    view.hovered.connect(said.append)
    area, met, far = _area(view).toRect(), set(), 0
    for y in range(area.top(), area.bottom(), step):
        for x in range(area.left(), area.right(), step):
            drawn = _check(view, QPoint(x, y), said)
            if drawn is not None:
                met.add(drawn.uid)
                far += drawn.spec.hex.distance(view.hex_at(QPoint(x, y))) >= 2
    view.hovered.disconnect(said.append)
    return met, far


def test_the_mouse_swept_over_piles_and_fans_picks_what_is_drawn_under_it(view):  # noqa: F811
    _battle(view)
    scene = view.scene()
    assert len({id(p) for p in scene.piles.values()}) == 2 and len(scene.piles) == 15  # the column's, the pair's
    met, far = _sweep(view, 9)
    assert far > 40 and set(GROUPS) <= {u[0] for u in met}  # every group met, and counters far from their hexes
    said: list = []
    view.hovered.connect(said.append)
    for uid in [u for u in scene.counters if u[0] in GROUPS]:  # each counter at rest, near its four corners
        for fx, fy in ((0, 0), (1, 0), (0, 1), (1, 1)):
            hover(view, at(view, scene.counters[uid].spec.hex) + QPoint(0, 400))  # off every counter: folded
            r = _rect(view, scene.counters[uid]).adjusted(2, 2, -2, -2)
            _check(view, QPointF(r.left() + fx * r.width(), r.top() + fy * r.height()).toPoint(), said)


def test_the_pointer_over_each_fan_picks_what_is_drawn_under_it(view):  # noqa: F811
    """The column's pile (with the lone unit near it), the pair's and the stack of five, each fanned out
    by the pointer on its top counter; then the pointer on each fanned counter (inside it, near its
    corners) and in the gaps beside it, the fan opened again when a gap folded it."""
    column = _battle(view)
    scene, w = view.scene(), view.scene().window
    said: list = []
    view.hovered.connect(said.append)
    for h, group in ((column[6], "c"), (w.hex_at("1714"), "p"), (w.hex_at("2614"), "s")):
        hover(view, at(view, h) + QPoint(0, 400))  # off every counter: folded
        top = max((i for i in scene.counters.values() if i.uid.startswith(group)), key=lambda i: i.zValue())
        start = _rect(view, top).center().toPoint()
        _check(view, start, said)
        opened, fan = scene.expanded, list(scene.fanned())
        assert opened is not None and {u for u in scene.counters if u.startswith(group)} <= {i.uid for i in fan}
        assert max(i.spec.hex.distance(view.hex_at(_rect(view, i).center().toPoint())) for i in fan) >= 2
        assert group != "c" or "lone" in {i.uid for i in fan}  # fanned with the column, in no pile
        seen = set()
        for item in fan:
            if scene.expanded != opened or list(scene.fanned()) != fan:  # a gap took the pointer elsewhere
                hover(view, at(view, h) + QPoint(0, 400))
                _check(view, start, said)
                assert list(scene.fanned()) == fan
            r = _rect(view, item).adjusted(3, 3, -3, -3)
            for fx in (0, 0.5, 1):
                for fy in (0, 0.5, 1):
                    pos = QPointF(r.left() + fx * r.width(), r.top() + fy * r.height()).toPoint()
                    drawn = _check(view, pos, said)  # on it (or on another, when the fan opened again otherwise)
                    seen.add(drawn.uid if drawn is not None and scene.expanded == opened else None)
            for gap in (QPoint(round(r.right()) + 8, round(r.center().y())),
                        QPoint(round(r.center().x()), round(r.bottom()) + 8)):
                _check(view, gap, said)  # between fanned counters: whatever is drawn there
        assert {i.uid for i in fan} <= seen  # each fanned counter picked where it was drawn


def test_while_the_wheel_turns_the_pick_follows_the_piles_where_they_are_drawn(view):  # noqa: F811
    """Three notches out at once, the wheel still turning: the column's pile, lying on its selected end
    counter's hex, keeps the distances of the zoom before, so its other counters lie beyond that end, off
    every hex of the pile; the sweep finds them where they are drawn."""
    column = _battle(view, selected="c0")
    scene = view.scene()
    view._settled.setInterval(600_000)  # the wheel keeps turning for the whole test
    assert scene.piles[column[0]] and scene.counters["c0"].zValue() > scene.counters["c12"].zValue()
    wheel(view, at(view, column[0]) + QPoint(60, 0), -3)  # off the counters: no fan laid out at the new zoom
    assert scene.expanded is None
    assert scene.quick and view.transform().m11() < FITTED / 1.5
    pile = scene.piles[column[0]]
    beyond = {u for u, i in scene.counters.items() if u.startswith("c")
              and min(h.distance(view.hex_at(_rect(view, i).center().toPoint())) for h in pile) > 2}
    assert len(beyond) >= 3, beyond  # drawn off the pile's hexes
    met, _far = _sweep(view, 7)
    assert scene.quick and len(beyond & met) >= 3, (beyond, met)  # and met there


def test_the_hover_looks_at_the_same_counters_however_many_piles_lie_elsewhere(view, monkeypatch):  # noqa: F811
    """Issue 21: the hover looked at every piled counter on the map at every mouse move. A move between
    two points near the column, on no counter, looks at as many counters with 60 more piles far away."""
    column = _battle(view)
    scene, w = view.scene(), view.scene().window
    looked: list = []
    real = CounterItem.pos
    monkeypatch.setattr(CounterItem, "pos", lambda item: (looked.append(item.uid), real(item))[1])
    a, b = at(view, column[6]) + QPoint(-60, 5), at(view, column[6]) + QPoint(-60, 25)

    def looked_at() -> list[str]:
        hover(view, a)
        looked.clear()
        hover(view, b)
        assert scene.expanded is None and view.counter_at(QPointF(b)) is None
        return sorted(set(looked))

    alone = looked_at()
    units = [i.spec for i in scene.counters.values()]
    units += [spec(f"x{k}", w.hex_at(f"{c + 1:02d}{r:02d}")) for k, (c, r) in  # beside far units: 60 piles of two
              enumerate((c, r) for c in (1, 5, 9, 30, 34, 38) for r in range(2, 30, 3))]
    scene.set_units(units)
    assert len({id(p) for p in scene.piles.values()}) == 62
    assert looked_at() == alone  # before: the 120 far piled counters too
