"""Replay bench (issue 10): the default campaign's 0604 battle after set-up and 100, 2,000 and
5,000 clock answers. Prints medians of an undo of the last answer, an undo of 10 and a reopen
(a new procedure from the saved campaign). The undos stand beside the full replay from
formation measured in the same run (what every undo cost before checkpoints); the reopen beside
a reopen that gives every answer through the procedure's generator (what it cost before a
replay gave runs of clock answers at once, rules.battle.clock_run). Never asserts times.

    python bench/replay.py
"""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from common import Row, main, median_ms, sizes  # noqa: E402

from hexmap import Label  # noqa: E402
from rules.battle import BattleProcedure  # noqa: E402
from rules.battle.autoplay import play  # noqa: E402
from rules.model import load_campaign  # noqa: E402
from rules.strategic import build_graph  # noqa: E402
from rules.strategic.turn import end_movement  # noqa: E402

AT = Label.parse("0604")
ATTENTION = {(Label.parse("0703"), "alliance", "orions"): False, (Label.parse("0703"), "coalition", "orions"): False,
             (Label.parse("0907"), "alliance", "coalition"): False}
REPEAT = 7


def rows() -> list[Row]:
    c = load_campaign(ROOT / "scenarios" / "default_campaign.json")
    g = build_graph(c)
    formed = end_movement(c, g, ATTENTION).campaign
    b = BattleProcedure(formed, AT, seed=8, graph=g)
    play(b, 8)  # the set-up: random legal answers up to the first combat question
    out = []
    given = 0
    for clocks in sizes((100, 2000, 5000), (100,)):
        for _ in range(clocks - given):
            b.answer({"clock": 1})
        given = clocks
        saved = b.saved()
        answers = list(b.answers)
        naive = median_ms(lambda: b.restart(answers[:-1]), REPEAT)  # the former undo: replay from formation
        b.restart(answers)
        opened: list[BattleProcedure] = []
        reopen = median_ms(lambda: opened.append(BattleProcedure(saved, AT, graph=g)), 2 * REPEAT)
        with_clock_runs = BattleProcedure._clocks
        BattleProcedure._clocks = lambda self, answers, start: start  # type: ignore[method-assign]
        try:
            generator = median_ms(lambda: BattleProcedure(saved, AT, graph=g), REPEAT)
        finally:
            BattleProcedure._clocks = with_clock_runs  # type: ignore[method-assign]
        while len(opened) < 2:  # smoke mode: one timed reopen
            opened.append(BattleProcedure(saved, AT, graph=g))
        half = len(opened) // 2
        first, second = iter(opened[:half]), iter(opened[half:])
        undo1 = median_ms(lambda: next(first).undo(1), REPEAT)
        undo10 = median_ms(lambda: next(second).undo(10), REPEAT)
        what = f"0604, {clocks:,} clock answers ({len(answers):,} in all):"
        out += [Row(f"{what} undo the last answer", undo1, "< 100 ms", naive),
                Row(f"{what} undo 10 answers", undo10, "< 100 ms", naive),
                Row(f"{what} reopen (replay from formation)", reopen, "< 100 ms", generator)]
    return out


if __name__ == "__main__":
    main(rows)
