"""Replay bench (issue 10): the default campaign's 0604 battle after set-up and 100, 2,000 and
5,000 clock answers. Prints medians of an undo of the last answer and of 10 answers after a reopen
from the saved campaign in a new process (resumed from the checkpoint on disk), of that cold reopen
itself, and of a reopen replayed from formation (no checkpoint on disk), the sizes measured in
turn. The undos stand beside the full replay from formation measured in the same run (what every
undo cost before checkpoints); the cold reopen beside the replay from formation; the replay from
formation beside one that gives every answer through the procedure's generator (what it cost
before a replay gave runs of clock answers at once, rules.systems.v13.clock_run). Never asserts times.

Each size is a battle of its own (its campaign named apart): the checkpoints on disk are filed
under the battle's inputs without its answers, so one battle grown through the three sizes kept
one checkpoint, the last size's, and the "replay from formation" baselines at 5,000 resumed from
it (5.3 ms against 39 ms at 2,000; the undo after it was 0.3x that "naive" one). Every baseline
now runs with the checkpoints on disk turned off (:func:`no_disk`), and the rows say which
figure read the disk. An undo of 10 after a cold reopen goes before the newest checkpoint on disk
(it stands a few answers back) and resumes from the older one written beside it
(:data:`rules.systems.v13.cold.DEPTH`); the two undos are also given as the 5,000-answer figure
over the 100 one (flat: < 2x).

    python bench/replay.py
"""
from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

os.environ.setdefault("BATTLEHEX_DATA", tempfile.mkdtemp(prefix="battlehex-bench-"))

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from common import Row, interleaved, main, sizes  # noqa: E402

from hexmap import Label  # noqa: E402
from rules.battlehex import replay_points, resume  # noqa: E402
from rules.model import Campaign  # noqa: E402
from rules.systems.v13 import procedure  # noqa: E402
from rules.systems.v13.procedure import BattleProcedure  # noqa: E402
from rules.systems.v13.autoplay import play  # noqa: E402
from rules.strategic import build_graph  # noqa: E402
from rules.strategic.turn import end_movement  # noqa: E402
from tests.hand_kept import hand_kept  # noqa: E402

AT = Label.parse("0604")
ATTENTION = {(Label.parse("0703"), "alliance", "orions"): False, (Label.parse("0703"), "coalition", "orions"): False,
             (Label.parse("0907"), "alliance", "coalition"): False}
REPEAT = 7


def forget() -> None:
    """Nothing of a battle kept in memory (a new process; the code's digest, made once per process, is kept)."""
    replay_points.SHELF.clear()
    replay_points._KNOWN.clear()


@contextmanager
def no_disk() -> Iterator[None]:
    """No checkpoint on disk is read: the procedure replays from formation (the baselines)."""
    real = procedure.resume_cold
    procedure.resume_cold = lambda *_a, **_k: False  # type: ignore[assignment]
    try:
        yield
    finally:
        procedure.resume_cold = real


def rows() -> list[Row]:
    c = hand_kept()  # the default campaign from Turn Orders (it ships in turn 1's Income Phase)
    g = build_graph(c)
    formed = end_movement(c, g, ATTENTION).campaign
    saved: dict[int, Campaign] = {}
    total: dict[int, int] = {}
    for clocks in sizes((100, 2000, 5000), (100,)):
        b = BattleProcedure(formed.model_copy(update={"name": f"{formed.name} ({clocks:,} answers)"}), AT, seed=8,
                            graph=g)
        play(b, 8)  # the set-up: random legal answers up to the first combat question
        for _ in range(clocks):
            b.answer({"clock": 1})
        saved[clocks], total[clocks] = b.saved(), len(b.answers)  # the checkpoint on disk written
    resume.flush()
    with no_disk():
        procs = {n: BattleProcedure(s, AT, graph=g) for n, s in saved.items()}
    ready: dict[int, BattleProcedure] = {}
    read: dict[int, int] = {}

    def fresh(n: int) -> None:  # untimed: a procedure reopened from the file (the disk), to take answers back from
        forget()
        ready[n] = BattleProcedure(saved[n], AT, graph=g)
        read[n] = ready[n].log.stored  # the events read from the checkpoint on disk (0: replayed from formation)

    def cold(n: int) -> None:  # a reopen in a new process: the checkpoint on disk
        read[n] = BattleProcedure(saved[n], AT, graph=g).log.stored

    def naive(n: int) -> None:  # the former undo: a replay from formation
        p = procs[n]
        with no_disk():
            p.restart(list(p.answers)[:-1])

    def restore(n: int) -> None:
        with no_disk():
            procs[n].restart(list(procs[n].answers) + [{"clock": 1}])

    def formation(n: int) -> None:  # a reopen with no checkpoint on disk
        with no_disk():
            BattleProcedure(saved[n], AT, graph=g)

    def generator(n: int) -> None:  # a reopen that gives every answer through the generator
        with_clock_runs = BattleProcedure._clocks
        BattleProcedure._clocks = lambda self, answers, start: start  # type: ignore[method-assign]
        try:
            formation(n)
        finally:
            BattleProcedure._clocks = with_clock_runs  # type: ignore[method-assign]

    ns = list(saved)
    news = {n: forget for n in ns}
    t_naive = interleaved({n: (lambda n=n: naive(n)) for n in ns}, REPEAT, before={n: (lambda n=n: restore(n)) for n in ns})
    t_cold = interleaved({n: (lambda n=n: cold(n)) for n in ns}, REPEAT, before=news)
    assert all(read[n] > 0 for n in ns), f"a cold reopen did not resume from the disk: {read}"
    t_reopen = interleaved({n: (lambda n=n: formation(n)) for n in ns}, REPEAT)
    t_gen = interleaved({n: (lambda n=n: generator(n)) for n in ns}, REPEAT)
    t_undo1 = interleaved({n: (lambda n=n: ready[n].undo(1)) for n in ns}, REPEAT, before={n: (lambda n=n: fresh(n)) for n in ns})
    read10: dict[int, int] = {}

    def undo10(n: int) -> None:
        ready[n].undo(10)
        read10[n] = ready[n].log.stored  # 0: the undo went before the checkpoint on disk and replayed from formation

    t_undo10 = interleaved({n: (lambda n=n: undo10(n)) for n in ns}, REPEAT, before={n: (lambda n=n: fresh(n)) for n in ns})
    assert all(read[n] > 0 for n in ns), f"a reopen before an undo did not resume from the disk: {read}"
    out = []
    for n in ns:
        what = f"0604, {n:,} clock answers ({total[n]:,} in all):"
        out += [Row(f"{what} undo the last answer after a cold reopen", t_undo1[n], "< 100 ms", t_naive[n]),
                Row(f"{what} undo 10 answers after a cold reopen (before the checkpoint read: from formation)"
                    if read10[n] == 0 else f"{what} undo 10 answers after a cold reopen", t_undo10[n], "< 100 ms",
                    t_naive[n]),
                Row(f"{what} cold reopen (the checkpoint on disk)", t_cold[n], "< 100 ms", t_reopen[n]),
                Row(f"{what} reopen replayed from formation (no checkpoint on disk)", t_reopen[n], "< 100 ms",
                    t_gen[n])]
    small, big = ns[0], ns[-1]
    if big != small:  # flat in battle length: the longest battle's figure over the shortest's (issue 21)
        for what, t in (("undo the last answer", t_undo1), ("undo 10 answers", t_undo10)):
            out.append(Row(f"0604: {what} after a cold reopen, {big:,} over {small:,} clock answers (flat)",
                           t[big] / t[small], "< 2 x", unit="x"))
    return out


if __name__ == "__main__":
    main(rows)
