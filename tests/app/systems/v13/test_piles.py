"""The piles of the battle map (issue 22: hexes whose counters' squares overlap at the view's zoom, chained)
found in one pass (issue 21: a search from each stack took ~1 ms of the sharp redraw at a zoom never shown):
the same piles as the rule says, every pair of stacks compared, at zooms far out to near, with stacks
crowded, in rows and alone; in the order of their first hexes."""
from __future__ import annotations

import random

from app.systems.v13.counters import counter_px
from app.systems.v13.fan import piles
from app.systems.v13.hexes import LAYOUT
from app.systems.v13.scene import BattleScene
from hexmap import Hex, MapWindow
from tests.app.systems.v13.test_map import spec


def _by_every_pair(scene: BattleScene, lod: float) -> dict[Hex, tuple[Hex, ...]]:
    """The rule itself: two stacks touch when their centres are less than a counter's side apart (in the scene,
    at zoom ``lod``) across and down; a pile is a chain of touching stacks, two or more."""
    reach = counter_px(lod) / lod
    hexes = sorted(scene.stacks, key=lambda g: (g.q, g.r))
    at = {g: LAYOUT.to_pixel(g) for g in hexes}
    out: dict[Hex, tuple[Hex, ...]] = {}
    for h in hexes:
        if h in out:
            continue
        found, todo = {h}, [h]
        while todo:
            a = todo.pop()
            for g in hexes:
                if g not in found and abs(at[g][0] - at[a][0]) < reach and abs(at[g][1] - at[a][1]) < reach:
                    found.add(g)
                    todo.append(g)
        if len(found) > 1:
            pile = tuple(sorted(found, key=lambda g: (g.q, g.r)))
            out.update((g, pile) for g in pile)
    return out


def test_the_piles_are_the_chains_of_stacks_that_touch_at_each_zoom(qapp):
    window = MapWindow()
    scene = BattleScene(window)
    rng = random.Random(7)
    c = window.centre
    crowd = [Hex(c.q + rng.randint(-6, 6), c.r + rng.randint(-6, 6)) for _ in range(60)]  # many touching
    row = [Hex(c.q - 12 + 2 * k, c.r + 9) for k in range(8)]  # two hexes apart: a chain at some zooms only
    far = [Hex(c.q + 15 * dq, c.r + 15 * dr) for dq, dr in ((-1, 0), (1, 0), (0, -1), (0, 1))]  # alone
    scene.set_units([spec(f"u{k}", h) for k, h in enumerate(crowd + row + far)], None)
    sizes = set()
    for k in range(60):
        lod = 0.2 + k * 0.047  # 0.2 - 3.0, counters clamped at both ends and between
        scene.counter_px = counter_px(lod)
        want = _by_every_pair(scene, lod)
        got = piles(scene, lod)
        assert got == want, f"zoom {lod:.3f}"
        assert list(got) == list(want), f"zoom {lod:.3f}: the order of the piles"
        sizes.add(len(set(want.values())))
    assert {0, 1} <= sizes and max(sizes) >= 5, sorted(sizes)  # no piles, one, many: not one case only
