"""The stacked-counter fan of the battle map: a hovered stack, with the counters of neighbouring
hexes that overlap it at the view's zoom, laid out side by side (issue 22), found and kept cheaply
enough for every mouse move (issue 21: a hover < 0.5 ms, ``bench/redraw.py``'s fan rows); at rest,
the stacks, and the piles of hexes whose counters overlap at the view's zoom, the count on top."""
from __future__ import annotations

import math
from functools import lru_cache
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF

from app.systems.v13.hexes import HEX, HEX_HEIGHT, LAYOUT, centre_of
from hexmap import Hex

if TYPE_CHECKING:
    from app.systems.v13.counters import CounterItem
    from app.systems.v13.map import BattleMapView
    from app.systems.v13.scene import BattleScene

PEEK = 0.14  # in a stack, each counter peeks out from under the next by this much of a side, up and left
STACK_REACH = 4 * PEEK + 0.5 + 0.04  # how far a stack's counters lie from its centre, in sides (with a margin)


def fan_on_hover(view: BattleMapView, pos: QPointF, over: CounterItem | None, h: Hex) -> None:
    """Fan out the stack under the pointer at ``pos`` (``over``, the counter there; ``h``, its hex)
    with its neighbours' that overlap it at this zoom; keep a fan while the pointer is on it."""
    scene, fanned = view.scene(), view.scene().fanned()
    if (over in fanned if over is not None else fan_area(view, fanned).contains(pos)):
        return  # the pointer is still on the fan (or between its counters)
    group = overlapping(scene, view.transform().m11(), h) if over is not None else ()
    if len(scene.counters_at(h)) > 1 or group:
        o, ro = QPointF(view.mapFromScene(centre_of(h))), view.readout
        ro.flush()  # laid out now (not at the next pass) with the words just set: the box it will have
        box = QRectF(ro.geometry().translated(-view.viewport().pos()))  # both the view's children, never turned
        scene.expand(h, group, (QRectF(view.viewport().rect()).translated(-o),
                                box.translated(-o) if ro.isVisible() else QRectF()))
    elif scene.expanded is not None:
        scene.expand(None)


def overlapping(scene: BattleScene, lod: float, h: Hex, margin: float = 1.1) -> tuple[Hex, ...]:
    """The other hexes whose counters overlap ``h``'s at zoom ``lod``, one through another (``margin``: or
    come that close, in sides); only stacks in the cells (a counter's reach wide) around each are compared
    (issue 21: all pairs, ~1 ms at each move)."""
    reach = scene.counter_px * margin / max(lod, 1e-6)  # a counter's side, in the scene
    cells = stack_cells(scene, reach)
    found, todo = {h}, [(centre_of(h).x(), centre_of(h).y())]
    while todo:
        cx, cy = todo.pop()  # the stacks in its cell and those around it
        near = [s for di in (-1, 0, 1) for dj in (-1, 0, 1)
                for s in cells.get((cx // reach + di, cy // reach + dj), ())]
        new = [(g, x, y) for g, x, y in near if g not in found and abs(x - cx) < reach and abs(y - cy) < reach]
        found.update(g for g, _x, _y in new)
        todo += [(x, y) for _g, x, y in new]
    return tuple(sorted(found - {h}, key=lambda g: (g.q, g.r)))


def piles(scene: BattleScene, lod: float) -> dict[Hex, tuple[Hex, ...]]:
    """The hexes whose counters' squares overlap at zoom ``lod`` (chains of them), each to its pile's hexes (a
    counter's name under another's: issue 22); a hex alone is in none. The chains are :func:`overlapping`'s with
    ``margin`` 1, found in one pass: each stack against those of its cell and the next ones, joined (union-find;
    issue 21: a search from each stack, ~1 ms of the sharp redraw at a zoom never shown)."""
    reach = scene.counter_px / max(lod, 1e-6)
    cells = stack_cells(scene, reach)
    up: dict[Hex, Hex] = {}

    def root(g: Hex) -> Hex:
        while (u := up.get(g, g)) != g:
            up[g] = g = up.get(u, u)  # halve the path
        return g
    for (i, j), stacks in cells.items():  # each pair of cells once: this one, its right and the three below it
        for di, dj in ((0, 0), (1, 0), (-1, 1), (0, 1), (1, 1)):
            other = stacks if (di, dj) == (0, 0) else cells.get((i + di, j + dj))
            if not other:
                continue
            for a, (g, x, y) in enumerate(stacks):
                for h, u, v in (other[a + 1:] if other is stacks else other):
                    if abs(u - x) < reach and abs(v - y) < reach and (rg := root(g)) != (rh := root(h)):
                        up[rh] = rg
    groups: dict[Hex, list[Hex]] = {}
    for g in {*up, *up.values()}:  # the joined stacks, roots too
        groups.setdefault(root(g), []).append(g)
    out: dict[Hex, tuple[Hex, ...]] = {}
    for pile in sorted((tuple(sorted(m, key=lambda g: (g.q, g.r))) for m in groups.values()),
                       key=lambda p: (p[0].q, p[0].r)):  # in the order of their first hexes, as before
        out.update((g, pile) for g in pile)
    return out


def stack_cells(scene: BattleScene, reach: float) -> dict[tuple[float, float], list[tuple[Hex, float, float]]]:
    """The stacks by cell ``reach`` wide (floored x and y over it), kept while the stacks and reach are."""
    kept = getattr(scene, "_fan_cells", None)  # (units set again: new stacks; a zoom: another reach)
    if kept is None or kept[0] is not scene.stacks or kept[1] != reach:
        at = getattr(scene, "_fan_at", None)  # each stack's place, kept while the stacks are (a zoom: the same)
        if at is None or at[0] is not scene.stacks:  # an item's place is its hex's centre (a fan moves pictures)
            scene._fan_at = at = (scene.stacks, [(g, (p := items[0].pos()).x(), p.y())
                                                 for g, items in scene.stacks.items()])
        cells: dict[tuple[float, float], list[tuple[Hex, float, float]]] = {}
        for g, x, y in at[1]:
            cells.setdefault((x // reach, y // reach), []).append((g, x, y))
        scene._fan_cells = kept = (scene.stacks, reach, cells)
    return kept[2]


def fan_area(view: BattleMapView, items: list[CounterItem]) -> QRectF:
    """The viewport rectangle the fanned counters cover (empty: none fanned)."""
    if not items:
        return QRectF()
    vt = view.viewportTransform()  # the view scales and scrolls, never turns
    s, t, dx, dy = vt.m11(), vt.m22(), vt.dx(), vt.dy()
    xs, ys, sides = [], [], []
    for item in items:  # each square's centre on the viewport (plain floats: issue 21, the hover)
        p, o = item.pos(), item.offset
        xs.append(p.x() * s + dx + o.x())
        ys.append(p.y() * t + dy + o.y())
        sides.append(item.px / 2)
    left, top = min(x - h for x, h in zip(xs, sides)), min(y - h for y, h in zip(ys, sides))
    right, bottom = max(x + h for x, h in zip(xs, sides)), max(y + h for y, h in zip(ys, sides))
    return QRectF(left - 4, top - 4, right - left + 8, bottom - top + 8)


def lay_stack(items: list[CounterItem], px: int, rank: dict[str, float], lod: float = 1.0) -> None:
    """Stack ``items``, each one peeking out from under the next with the count on top; ``rank``
    sets apart the heights of counters that would otherwise be alike (drawn = picked). A pile of
    several hexes' counters (``lod``, the view's scale) lies on its top counter's hex."""
    n, f = len(items), px * PEEK
    hx, hy = LAYOUT.to_pixel(items[-1].spec.hex) if items else (0.0, 0.0)  # (plain floats: issue 21, the hover)
    for k, item in enumerate(items):
        spec, back = item.spec, min(n - 1 - k, 4)
        x, y = LAYOUT.to_pixel(spec.hex)
        look = (px, -back * f + (hx - x) * lod, -back * f + (hy - y) * lod, n if k == n - 1 else 0)
        laid = item.__dict__.get("_stacked")  # (its offset object, the look it was laid with) by this function
        if laid is None or laid[0] is not item.offset or laid[1] != look:  # set_look makes a new offset at each change
            item.set_look(look[0], QPointF(look[1], look[2]), look[3])
            item._stacked = (item.offset, look)
        item.setZValue((12 if spec.selected else 10) + k * 0.01 + rank.get(spec.uid, 0.0))


def pile_items(scene: BattleScene, hexes: list[Hex]) -> list[CounterItem]:
    """The counters of ``hexes`` bottom to top: one hex's stack; a pile's, the selected one, then the
    middle hex's, on top (where the pile lies)."""
    if len(hexes) < 2:
        return scene.stacks.get(hexes[0], []) if hexes else []
    middle = _middle(tuple(hexes))
    return sorted((i for g in hexes for i in scene.stacks.get(g, [])),
                  key=lambda i: (i.spec.selected, i.spec.hex == middle))


@lru_cache(maxsize=256)
def _middle(hexes: tuple[Hex, ...]) -> Hex:
    """The hex of ``hexes`` nearest their centre (found once per pile: issue 21, a pile laid again at each hover)."""
    at = [LAYOUT.to_pixel(g) for g in hexes]
    mx, my = sum(x for x, _y in at) / len(at), sum(y for _x, y in at) / len(at)
    return hexes[min(range(len(at)), key=lambda k: abs(at[k][0] - mx) + abs(at[k][1] - my))]


def piled(scene: BattleScene) -> list[CounterItem]:
    """The counters in piles (some laid off their own hex)."""
    return [i for g in scene.piles for i in scene.stacks.get(g, [])]


def near(scene: BattleScene, x: float, y: float, lod: float) -> list[list[CounterItem]]:
    """The counters that may lie under the scene point (``x``, ``y``) at zoom ``lod``: the stacks and the
    piles of the hexes within a stack's reach of it (a pile lies on one of its own hexes) and the fan, which
    reaches further. Issue 21: every pile's counters, at every mouse move, took up to 0.4 ms of the hover's 0.5.
    Piles laid at another zoom than ``lod`` (the wheel turning) lie off their hexes: all piles then."""
    reach, w = STACK_REACH * scene.counter_px / lod, 1.5 * HEX  # columns are 1.5 HEX apart
    qs = range(math.ceil((x - reach) / w), math.floor((x + reach) / w) + 1)
    if len(qs) * (2 * reach / HEX_HEIGHT + 1) >= len(scene.stacks):  # zoomed far out: as many hexes as stacks
        return [*scene.stacks.values(), scene.fanned()]
    low, high = (y - reach) / HEX_HEIGHT, (y + reach) / HEX_HEIGHT  # LAYOUT: y = HEX_HEIGHT (r + q / 2)
    keys = [(q, r) for q in qs for r in range(math.ceil(low - q / 2), math.floor(high - q / 2) + 1)]
    stacks, index = scene.stacks_qr, pile_index(scene)
    out = [stacks[k] for k in keys if k in stacks]
    out += {id(p): p for k in keys if (p := index.get(k)) is not None}.values()
    if scene.piles_lod != lod:
        out.append(piled(scene))
    out.append(scene.fanned())
    return out


def pile_index(scene: BattleScene) -> dict[tuple[int, int], list[CounterItem]]:
    """Each piled hex by (q, r) to its pile's counters (one list for all its hexes), kept while the piles are."""
    kept = getattr(scene, "_pile_index", None)  # (piles found again: a zoom, units set again)
    if kept is None or kept[0] is not scene.piles:
        lists: dict[tuple[Hex, ...], list[CounterItem]] = {}
        index = {(g.q, g.r): lists.setdefault(p, [i for h in p for i in scene.stacks.get(h, [])])
                 for g, p in scene.piles.items()}
        scene._pile_index = kept = (scene.piles, index)
    return kept[1]
