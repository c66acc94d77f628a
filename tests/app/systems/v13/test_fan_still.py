"""A stack fanned out by the hover keeps its top counter under the pointer (issue 22): seen on the
1600x1000 screen, the 14 Coalition counters stacked by placement fanned out on a 4 x 4 grid
around the hex, none left under the pointer, so the press that was to drag the top counter fell
on the empty map and panned it instead."""
from __future__ import annotations

from tests.app.systems.v13.test_map import at, hover, look_at, spec, view  # noqa: F401 (the fixture)


def test_the_top_counter_stays_under_the_pointer_when_its_stack_fans_out(view):  # noqa: F811
    w = view.scene().window
    h = w.hex_at("2115")
    for n in (2, 4, 5, 14):
        uids = [f"u{i}" for i in range(n)]
        view.scene().set_units([spec(u, h) for u in uids])
        look_at(view, h, 1.0)
        hover(view, at(view, w.hex_at("2120")))  # folded
        top = view.counter_at(at(view, h))
        assert top is not None and top.uid == uids[-1]
        hover(view, at(view, h))
        assert view.scene().expanded == h
        under = view.counter_at(at(view, h))
        assert under is not None and under.uid == top.uid, (n, under and under.uid)
        rects = [view.scene().counters[u].body_rect() for u in uids]
        assert not any(a.intersects(b) for k, a in enumerate(rects) for b in rects[k + 1:])  # side by side
