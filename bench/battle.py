"""Battle set-up bench (issue 4): a Battle Hex with 40 units (20 a side). Prints medians of the
legal zone for the next unit and of the single-hex check a hover or drag makes. Never asserts.

    python bench/battle.py
"""
from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from common import median_ms  # noqa: E402

from hexmap import Facing, Label  # noqa: E402
from rules.battle import BattleProcedure  # noqa: E402
from rules.battle.autoplay import random_answer  # noqa: E402
from rules.battle.questions import QKind  # noqa: E402
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


def hundred() -> Campaign:
    c = forty()
    c.fleets[0].units = [c.fleets[0].units[0].model_copy(update={"id": f"a{i}", "name": f"A {i}"}) for i in range(50)]
    c.fleets[1].units = [c.fleets[1].units[0].model_copy(update={"id": f"b{i}", "name": f"B {i}"}) for i in range(50)]
    return c


def combat_bench() -> None:
    """A 100-unit battle after set-up: one move with its exit check and the map following it,
    then a full redraw of the battle map with 100 counters."""
    import os

    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    c = hundred()
    g = build_graph(c)
    formed = end_movement(c, g).campaign
    b = BattleProcedure(formed, Label.parse("0202"), seed=1, graph=g)
    rng = random.Random(4)
    while b.pending is not None and b.pending.kind is not QKind.ACTION:
        b.answer(random_answer(b, rng))
    u = next(x for x in b.state.units.values() if x.present and x.pos is not None)
    here = b.ctx.label(u.pos)
    far = b.ctx.label(u.pos + u.facing.vector * 20)
    flip = [far, here]

    def move() -> None:
        flip.reverse()
        b.answer({"move": u.id, "to": flip[0]})
        assert b.state.units[u.id].present and b.pending.kind is QKind.ACTION
    print(f"move + exit check + map follow (100 units) {median_ms(move, 30):7.2f} ms (target < 10 ms)")

    from PySide6.QtCore import Qt
    from PySide6.QtGui import QColor
    from PySide6.QtWidgets import QApplication

    from app.battle_map import BattleMapView, BattleScene

    app = QApplication.instance() or QApplication([])
    scene = BattleScene(b.ctx.window)
    placed = [(x.id, x.name, x.pos, x.facing, QColor("#3060c0"), x.name, False)
              for x in b.state.units.values() if x.pos is not None]
    extra = [(f"x{i}", f"Extra {i}", placed[0][2] + Facing.C.vector * (i % 10) + Facing.D.vector * (i // 10),
              placed[0][3], QColor("#c03030"), "extra", False) for i in range(100 - len(placed))]
    scene.set_units(placed + extra)
    view = BattleMapView(scene)
    view.resize(1200, 800)
    view.show()
    view.fitInView(scene.itemsBoundingRect(), Qt.KeepAspectRatio)
    app.processEvents()
    print(f"full battle-map redraw, {len(scene.counters)} counters  "
          f"{median_ms(view.viewport().repaint, 20):7.2f} ms (target < 8 ms)")
    view.resetTransform()
    view.scale(1.0, 1.0)
    view.centerOn(scene.counters[u.id])
    app.processEvents()
    print(f"redraw at 1:1 with hex labels            {median_ms(view.viewport().repaint, 20):7.2f} ms")


def main() -> None:
    c = forty()
    g = build_graph(c)
    formed = end_movement(c, g).campaign
    b = BattleProcedure(formed, Label.parse("0202"), seed=1, graph=g)
    rng = random.Random(2)
    while b.pending is not None and not (b.pending.kind is QKind.PLACE and len(b.state.placed_order) >= 39):
        b.answer(random_answer(b, rng))
    uid = b.pending.options[0]
    print(f"battle: {len(b.state.units)} units, {len(b.state.placed_order)} placed, next: {uid} "
          f"({b.state.step.value})")
    q, r = b.placement.zone_arrays(uid)
    print(f"legal zone for the next unit        {median_ms(lambda: b.placement.zone_arrays(uid)):7.2f} ms "
          f"({len(q)} hexes; target < 10 ms)")
    zone = b.placement.zone(uid)
    probes = [zone[i] for i in range(0, len(zone), max(1, len(zone) // 50))]
    far = [b.ctx.window.hex_at(f"{c:02d}{r:02d}") for c in range(1, 40, 4) for r in range(1, 30, 4)]

    def hover() -> None:
        for h in probes + far:
            b.placement.check(uid, h)
    n = len(probes) + len(far)
    print(f"hover / drag check of one hex       {median_ms(hover) / n * 1000:7.1f} us (target < 500 us)")
    first = next(i for i, a in enumerate(b.answers) if isinstance(a, dict) and a.get("unit", "").startswith("a"))
    early = BattleProcedure(formed, Label.parse("0202"), seed=1, answers=b.answers[:first], graph=g)
    uid0 = early.pending.options[0]
    q0, _ = early.placement.zone_arrays(uid0)
    print(f"legal zone, first attacking unit    {median_ms(lambda: early.placement.zone_arrays(uid0)):7.2f} ms "
          f"({len(q0)} hexes against {len(early.state.placed_order)} defenders; target < 10 ms)")
    print(f"replay of the whole set-up          {median_ms(lambda: b.restart(list(b.answers)), 5):7.2f} ms "
          f"({len(b.answers)} answers; after every answer, undo or reload)")


if __name__ == "__main__":
    main()
    combat_bench()
