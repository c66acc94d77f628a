"""Combat Phase bench (issue 13): on the strategic bench's 100 x 100 map with 1,000 fleets set to
seed 004's Combat Phase, End Movement into Supply, the step into the Encounters (every meeting
found and recorded), the question the phase waits for (what the main window asks after every
change), and one answer (with the strategic state the session holds; the naive baselines
recompute it, and copy the campaign deeply). Prints medians with the goal beside each; never
asserts times.

    python bench/combat_phase.py
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from common import Row, main, median_ms  # noqa: E402
from strategic import bench_map  # noqa: E402

from rules.strategic import build_graph  # noqa: E402
from rules.strategic.state import StrategicState  # noqa: E402
from rules.turn import combat_phase as cp  # noqa: E402
from rules.turn import encounter_step  # noqa: E402


def rows() -> list[Row]:
    c = bench_map()
    c = c.model_copy(update={"settings": c.settings.model_copy(update={"combat_phase": "seed004"})})
    graph = build_graph(c)
    report = cp.end_movement(c, graph)
    if report.campaign is None:
        report = cp.end_movement(c, graph, {(q.at, q.team, q.other): False for q in report.questions})
    supply = report.campaign
    assert supply is not None
    out = [Row(f"End Movement into Supply ({len(c.fleets):,} fleets, supply report logged)",
               median_ms(lambda: cp.end_movement(c, graph, {}), 3))]
    enc = cp.advance(supply, graph)
    pending = sum(1 for r in enc.battle_hexes if r.encounter.value == "pending")
    out.append(Row(f"End Phase into Encounters ({pending} meetings recorded)", median_ms(lambda: cp.advance(supply, graph), 3),
                   "< 340 ms"))  # issue 21: faster than the 0.34-0.47 s measured at a4e09f2
    state = StrategicState.compute(enc, graph)  # the session holds it for the campaign it shows
    out.append(Row("the question the phase waits for (after every change)",
                   median_ms(lambda: cp.pending(enc, graph, state), 10), "< 10 ms",
                   median_ms(lambda: cp.pending(enc, graph), 5)))
    last = max(i for i, r in enumerate(enc.battle_hexes) if r.encounter.value == "pending")

    def naive() -> None:  # every pending meeting's question, each finding the map's meetings again
        for i, r in enumerate(enc.battle_hexes):
            if r.encounter.value == "pending":
                encounter_step.pending_question(enc, state, i)
    out.append(Row("the last meeting's question", median_ms(lambda: encounter_step.pending_question(enc, state, last), 10),
                   "< 10 ms", median_ms(naive, 3)))
    out.append(Row("one answer (the first meeting's demand)", median_ms(lambda: cp.answer(enc, graph, "none", state), 10),
                   "< 10 ms", median_ms(lambda: cp.answer(enc.model_copy(deep=True), graph, "none"), 3)))
    return out


if __name__ == "__main__":
    main(rows)
