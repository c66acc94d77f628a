"""The stacked-counter fan (app/systems/v13/fan.py): the hexes whose counters overlap the hovered
one's are found by looking near it only, with the stacks kept in cells while the units and the
zoom stay (issue 21: a hover < 0.5 ms); what it finds is what comparing every pair finds, and a
move of the units or a zoom shows at once."""
from __future__ import annotations

import random

from app.systems.v13.fan import overlapping
from app.systems.v13.hexes import centre_of
from tests.app.systems.v13.test_map import spec, view  # noqa: F401 (the fixture)


def test_the_neighbours_that_overlap_are_found_as_every_pair_would_say(view):  # noqa: F811
    """The hover's search for the hexes whose counters overlap the hovered one's looks only near
    it; it finds what comparing every pair of stacks (the search before, at every mouse move
    over a counter: ~1 ms with 100 counters) finds, at any zoom."""
    rng = random.Random(7)
    scene = view.scene()
    _scatter(scene, rng)
    for lod in (0.3, 0.45, 1.0, 3.0):
        for h in sorted(scene.stacks, key=lambda g: (g.q, g.r)):
            assert overlapping(scene, lod, h) == _every_pair(scene, lod, h), (lod, h)


def test_a_move_of_the_units_or_a_zoom_shows_in_what_is_found(view):  # noqa: F811
    """The stacks' cells are kept while the units and the zoom stay; units set again (an answer
    moved one) or another zoom find the overlaps as they are now."""
    rng = random.Random(8)
    scene = view.scene()
    _scatter(scene, rng)
    first = {h: overlapping(scene, 1.0, h) for h in scene.stacks}
    for _ in range(3):  # the units move: other stacks, other overlaps
        _scatter(scene, rng)
        for h in sorted(scene.stacks, key=lambda g: (g.q, g.r)):
            assert overlapping(scene, 1.0, h) == _every_pair(scene, 1.0, h), h
    assert {h: overlapping(scene, 1.0, h) for h in scene.stacks} != first
    for lod in (1.0, 0.4, 1.0):  # a zoom out reaches further, and back
        for h in sorted(scene.stacks, key=lambda g: (g.q, g.r)):
            assert overlapping(scene, lod, h) == _every_pair(scene, lod, h), (lod, h)


def _scatter(scene, rng):
    """60 units set on random hexes of a 16 x 14 patch of the sheet (some stacked)."""
    w = scene.window
    hexes = [w.hex_at(f"{c:02d}{r:02d}") for c in range(14, 30) for r in range(8, 22)]
    scene.set_units([spec(f"u{k}", rng.choice(hexes)) for k in range(60)])


def _every_pair(scene, lod, h):
    """The overlapping hexes as the search before found them: every stack against every other."""
    reach = scene.counter_px * 1.1 / lod
    found, todo = [h], [h]
    while todo:
        c = centre_of(todo.pop())
        for g in scene.stacks:
            p = centre_of(g)
            if g not in found and abs(p.x() - c.x()) < reach and abs(p.y() - c.y()) < reach:
                found.append(g)
                todo.append(g)
    return tuple(sorted(found[1:], key=lambda g: (g.q, g.r)))
