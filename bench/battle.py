"""Battle bench (issues 4 and 10): the legal zone of the first attacking unit with 40, 100 and
200 units, the zone of a later unit, the single-hex check a hover or drag makes, the replay of
a whole set-up, and one combat move. Prints medians with the goal beside each; never asserts
times. The battle map's redraw is bench/redraw.py.

    python bench/battle.py
"""
from __future__ import annotations

import random
import sys
from collections.abc import Iterable
from contextlib import contextmanager
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from common import Row, interleaved, main, median_ms, sizes  # noqa: E402

from hexmap import Label  # noqa: E402
from rules.systems.v13.procedure import BattleProcedure  # noqa: E402
from rules.systems.v13 import zones  # noqa: E402
from rules.systems.v13.autoplay import random_answer  # noqa: E402
from rules.battlehex.questions import QKind  # noqa: E402
from rules.model.campaign import Campaign  # noqa: E402
from rules.strategic import build_graph  # noqa: E402
from rules.strategic.turn import end_movement  # noqa: E402


def forty() -> Campaign:
    def units(prefix: str) -> list[dict]:
        return [{"id": f"{prefix}{i}", "name": f"{prefix.upper()} {i}"} for i in range(20)]
    sectors = [{"at": f"{c:02d}{r:02d}"} for c in range(1, 4) for r in range(1, 4)]
    return Campaign.model_validate({
        "format": "battlehex-campaign", "version": 1, "name": "bench",
        "powers": [{"id": "a", "name": "A"}, {"id": "b", "name": "B"}],
        "teams": [{"id": "ta", "name": "TA", "powers": ["a"], "strategic_initiative": True},
                  {"id": "tb", "name": "TB", "powers": ["b"]}],
        "diplomacy": [{"powers": ["a", "b"], "state": "war"}],
        "map": {"cols": 3, "rows": 3, "sectors": sectors},
        "fleets": [{"id": "fa", "name": "FA", "power": "a", "sector": "0202", "units": units("a")},
                   {"id": "fb", "name": "FB", "power": "b", "sector": "0202", "units": units("b")}]})


def battle_of(n: int) -> Campaign:
    """The bench battle with ``n`` units, half a side."""
    c = forty()
    for fleet, p in zip(c.fleets, "ab"):
        fleet.units = [fleet.units[0].model_copy(update={"id": f"{p}{i}", "name": f"{p.upper()} {i}"})
                       for i in range(n // 2)]
    return c


def _procedure(c: Campaign, until, seed: int = 2) -> BattleProcedure:
    """The battle on 0202, answered at random until ``until(b)`` holds."""
    g = build_graph(c)
    b = BattleProcedure(end_movement(c, g).campaign, Label.parse("0202"), seed=1, graph=g)
    rng = random.Random(seed)
    while b.pending is not None and not until(b):
        b.answer(random_answer(b, rng))
    return b


def naive_dist_to(points: Iterable, q: np.ndarray, r: np.ndarray) -> np.ndarray:
    """The distance field as first written (before issue 10): every candidate against every
    unit (a stack's hex once per unit), in one points x candidates int64 matrix."""
    points = list(points)
    if not points:
        return np.full(q.shape, np.iinfo(np.int32).max, dtype=np.int64)
    pq = np.array([p.q for p in points], dtype=np.int64)[:, None]
    pr = np.array([p.r for p in points], dtype=np.int64)[:, None]
    dq, dr = q[None, :] - pq, r[None, :] - pr
    return np.maximum(np.maximum(np.abs(dq), np.abs(dr)), np.abs(dq + dr)).min(axis=0)


@contextmanager
def naive_zones():
    """The zones computed with :func:`naive_dist_to` (the naive baseline of the same zone)."""
    fast = zones.dist_to
    zones.dist_to = naive_dist_to
    try:
        yield
    finally:
        zones.dist_to = fast


def first_attacker_rows() -> list[Row]:
    """The legal zone of the first attacking unit (every defender placed) at 40, 100, 200
    units, beside the same zone with the naive distance field (checked equal); the sizes are
    measured in turn."""
    procs, uids = {}, {}
    for n in sizes((40, 100, 200), (40,)):
        b = _procedure(battle_of(n), lambda b: b.pending.kind is QKind.PLACE
                       and any(o.startswith("a") for o in b.pending.options))
        procs[n], uids[n] = b, next(o for o in b.pending.options if o.startswith("a"))
    zones_of = {n: b.placement.zone_arrays(uids[n]) for n, b in procs.items()}
    fast = interleaved({n: (lambda b=b, u=uids[n]: b.placement.zone_arrays(u)) for n, b in procs.items()}, 20)
    with naive_zones():  # (the naive run's big arrays warm the allocator for the fast one before)
        for n, b in procs.items():
            nq, nr = b.placement.zone_arrays(uids[n])
            q, r = zones_of[n]
            assert np.array_equal(q, nq) and np.array_equal(r, nr), "the naive zone differs"
        naive = interleaved({n: (lambda b=b, u=uids[n]: b.placement.zone_arrays(u)) for n, b in procs.items()}, 20)
    return [Row(f"first-attacker legal zone, {n} units ({len(zones_of[n][0])} hexes)", fast[n],
                "< 10 ms" if n == 100 else "", naive[n]) for n in procs]


def setup_rows() -> list[Row]:
    """A 40-unit set-up with one unit left: its zone, the hover check, the whole replay."""
    b = _procedure(forty(), lambda b: b.pending.kind is QKind.PLACE and len(b.state.placed_order) >= 39)
    uid = b.pending.options[0]
    q, _r = b.placement.zone_arrays(uid)
    zone = b.placement.zone(uid)
    probes = [zone[i] for i in range(0, len(zone), max(1, len(zone) // 50))]
    far = [b.ctx.window.hex_at(f"{c:02d}{r:02d}") for c in range(1, 40, 4) for r in range(1, 30, 4)]

    def hover() -> None:
        for h in probes + far:
            b.placement.check(uid, h)
    n = len(probes) + len(far)
    return [Row(f"legal zone of the last unit to place, 40 units ({len(q)} hexes)",
                median_ms(lambda: b.placement.zone_arrays(uid)), "< 10 ms"),
            Row("hover / drag check of one hex", median_ms(hover) / n, "< 0.5 ms"),
            Row(f"replay of a whole 40-unit set-up ({len(b.answers)} answers)",
                median_ms(lambda: b.restart(list(b.answers)), 5))]


def combat_rows() -> list[Row]:
    """A 100-unit battle after set-up: one move with its exit check (there and back)."""
    b = _procedure(battle_of(100), lambda b: b.pending.kind is QKind.ACTION, seed=4)
    u = next(x for x in b.state.units.values() if x.present and x.pos is not None)
    flip = [b.ctx.label(u.pos + u.facing.vector * 20), b.ctx.label(u.pos)]

    def move() -> None:
        flip.reverse()
        b.answer({"move": u.id, "to": flip[0]})
        assert b.state.units[u.id].present and b.pending.kind is QKind.ACTION
    return [Row("combat move + exit check, 100 units", median_ms(move, 30), "< 10 ms")]


def rows() -> list[Row]:
    return first_attacker_rows() + setup_rows() + combat_rows()


if __name__ == "__main__":
    main(rows)
