"""Strategic-layer bench (issue 3): a generated map of 10,000 sectors, 1,000 fleets and 200
supply points. Prints medians; never asserts times.

    python bench/strategic.py
"""
from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from common import SMOKE, Row, main, median_ms  # noqa: E402

from hexmap import Label  # noqa: E402
from rules.model.campaign import Campaign  # noqa: E402
from rules.strategic import StrategicState, build_graph, control  # noqa: E402
from rules.strategic.battle_hex import detect  # noqa: E402
from rules.strategic.movement import check_orders, resolve_movement  # noqa: E402

POWERS = ["fed", "kzinti", "gorn", "klingon", "lyran", "romulan", "orion", "tholian"]
TEAMS = [("alliance", ["fed", "kzinti", "gorn"]), ("coalition", ["klingon", "lyran", "romulan"]),
         ("orions", ["orion"]), ("web", ["tholian"])]


def generated(cols: int = 100, rows: int = 100, fleets: int = 1000, points: int = 200, seed: int = 7) -> Campaign:
    rng = random.Random(seed)
    sectors = {}
    for c in range(1, cols + 1):
        for r in range(1, rows + 1):
            owner = POWERS[min(7, (c - 1) * 8 // cols)] if rng.random() < 0.7 else None
            sectors[(c, r)] = {"at": f"({c},{r})", "owner": owner}
    for (c, r) in rng.sample(sorted(sectors), points):
        s = sectors[(c, r)]
        s["owner"] = s["owner"] or POWERS[(c - 1) * 8 // cols]
        s["supply_point"] = True
    fl = []
    for i in range(fleets):
        c, r = rng.randint(1, cols), rng.randint(1, rows)
        power = POWERS[min(7, max(0, (c - 1) * 8 // cols + rng.choice((-1, 0, 0, 1))))]
        kind = "supply_ship" if i % 20 == 0 else "ship"
        units = [{"id": f"u{i}-{j}", "name": f"U{i}-{j}", "kind": kind if j == 0 else "ship"} for j in range(3)]
        fl.append({"id": f"f{i}", "name": f"Fleet {i}", "power": power, "sector": f"({c},{r})", "units": units})
    rel = []
    for i, a in enumerate(POWERS):
        for b in POWERS[i + 1:]:
            ta = next(t for t, ps in TEAMS if a in ps)
            tb = next(t for t, ps in TEAMS if b in ps)
            rel.append({"powers": [a, b], "state": "alliance" if ta == tb else "war"})
    return Campaign.model_validate({
        "format": "battlehex-campaign", "version": 1, "name": "bench",
        "powers": [{"id": p, "name": p} for p in POWERS],
        "teams": [{"id": t, "name": t, "powers": ps, "strategic_initiative": t == "coalition"} for t, ps in TEAMS],
        "diplomacy": rel, "map": {"cols": cols, "rows": rows, "sectors": list(sectors.values())}, "fleets": fl})


def bench_map() -> Campaign:
    """The bench's map: :func:`generated` (a small one in smoke mode)."""
    return generated(cols=30, rows=30, fleets=250, points=20) if SMOKE else generated()


def rows() -> list[Row]:
    c = bench_map()
    n_sec, n_fleets = len(c.map.sectors), len(c.fleets)
    points = sum(1 for s in c.map.sectors if s.supply_point)
    graph = build_graph(c)
    out = [Row(f"lane graph build, {n_sec:,} sectors ({sum(1 for _ in graph.lanes()):,} lanes; once per map)",
               median_ms(lambda: build_graph(c), 3))]

    def recompute() -> StrategicState:
        st = StrategicState.compute(c, graph)
        st.unit_supply()
        return st

    def naive() -> None:  # the supply ranges and the statuses they give found again (kept per map and points)
        control._REACH.clear()
        control._BY_RANGES.clear()
        recompute()
    out.append(Row(f"supply + control, {n_sec:,} sectors / {n_fleets:,} fleets / {points} supply points",
                   median_ms(recompute), "< 20 ms", median_ms(naive, 10)))
    st = recompute()
    rng = random.Random(3)
    drags = []
    for f in rng.sample(c.fleets, 200):
        far = [x for n in graph.neighbours(f.sector) for x in graph.neighbours(n) if x != f.sector]
        if far:
            drags.append((f, rng.choice(far)))

    def preview() -> None:
        for f, target in drags:
            p = graph.path(f.sector, target)
            check_orders(st, f, p[1:])
    out.append(Row("path preview during a fleet drag (per update)", median_ms(preview) / len(drags), "< 2 ms"))
    for f, target in drags[:100]:
        p = graph.path(f.sector, target)
        f.orders = [Label.parse(str(x)) for x in p[1:2]]
    st = StrategicState.compute(c, graph)

    def battles():
        out = resolve_movement(st)
        return detect(st, out.moved_into, {})
    found = battles()
    out.append(Row(f"movement + Battle Hex detection ({len(found.formations)} Battle Hexes)", median_ms(battles, 7)))
    return out


if __name__ == "__main__":
    main(rows)
