"""Replay bench (issue 10): the default campaign's 0604 battle after set-up and 100, 2,000 and
5,000 clock answers. Prints medians of an undo of the last answer, an undo of 10 and a reopen
(a new procedure from the saved campaign), the sizes measured in turn. The undos stand beside the full replay from
formation measured in the same run (what every undo cost before checkpoints); the reopen beside
a reopen that gives every answer through the procedure's generator (what it cost before a
replay gave runs of clock answers at once, rules.systems.v13.clock_run). Never asserts times.

    python bench/replay.py
"""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from common import Row, interleaved, main, sizes  # noqa: E402

from hexmap import Label  # noqa: E402
from rules.systems.v13.procedure import BattleProcedure  # noqa: E402
from rules.systems.v13.autoplay import play  # noqa: E402
from rules.strategic import build_graph  # noqa: E402
from rules.strategic.turn import end_movement  # noqa: E402
from tests.hand_kept import hand_kept  # noqa: E402

AT = Label.parse("0604")
ATTENTION = {(Label.parse("0703"), "alliance", "orions"): False, (Label.parse("0703"), "coalition", "orions"): False,
             (Label.parse("0907"), "alliance", "coalition"): False}
REPEAT = 7


def rows() -> list[Row]:
    c = hand_kept()  # the default campaign from Turn Orders (it ships in turn 1's Income Phase)
    g = build_graph(c)
    formed = end_movement(c, g, ATTENTION).campaign
    b = BattleProcedure(formed, AT, seed=8, graph=g)
    play(b, 8)  # the set-up: random legal answers up to the first combat question
    saved: dict[int, object] = {}
    total: dict[int, int] = {}
    given = 0
    for clocks in sizes((100, 2000, 5000), (100,)):
        for _ in range(clocks - given):
            b.answer({"clock": 1})
        given = clocks
        saved[clocks], total[clocks] = b.saved(), len(b.answers)
    procs = {n: BattleProcedure(s, AT, graph=g) for n, s in saved.items()}
    ready: dict[int, BattleProcedure] = {}

    def fresh(n: int) -> None:  # untimed: a procedure reopened from the file, to take answers back from
        ready[n] = BattleProcedure(saved[n], AT, graph=g)

    def naive(n: int) -> None:  # the former undo: a replay from formation
        p = procs[n]
        p.restart(list(p.answers)[:-1])

    def restore(n: int) -> None:
        procs[n].restart(list(procs[n].answers) + [{"clock": 1}])

    def generator(n: int) -> None:  # a reopen that gives every answer through the generator
        with_clock_runs = BattleProcedure._clocks
        BattleProcedure._clocks = lambda self, answers, start: start  # type: ignore[method-assign]
        try:
            BattleProcedure(saved[n], AT, graph=g)
        finally:
            BattleProcedure._clocks = with_clock_runs  # type: ignore[method-assign]

    ns = list(saved)
    t_naive = interleaved({n: (lambda n=n: naive(n)) for n in ns}, REPEAT, before={n: (lambda n=n: restore(n)) for n in ns})
    t_reopen = interleaved({n: (lambda n=n: BattleProcedure(saved[n], AT, graph=g)) for n in ns}, REPEAT)
    t_gen = interleaved({n: (lambda n=n: generator(n)) for n in ns}, REPEAT)
    t_undo1 = interleaved({n: (lambda n=n: ready[n].undo(1)) for n in ns}, REPEAT, before={n: (lambda n=n: fresh(n)) for n in ns})
    t_undo10 = interleaved({n: (lambda n=n: ready[n].undo(10)) for n in ns}, REPEAT,
                           before={n: (lambda n=n: fresh(n)) for n in ns})
    out = []
    for n in ns:
        what = f"0604, {n:,} clock answers ({total[n]:,} in all):"
        out += [Row(f"{what} undo the last answer", t_undo1[n], "< 100 ms", t_naive[n]),
                Row(f"{what} undo 10 answers", t_undo10[n], "< 100 ms", t_naive[n]),
                Row(f"{what} reopen (replay from formation)", t_reopen[n], "< 100 ms", t_gen[n])]
    return out


if __name__ == "__main__":
    main(rows)
