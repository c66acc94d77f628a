"""Replay-on-the-map bench (issue 22): a step of a battle's replay
(:class:`rules.battlehex.replay_steps.Steps`) at 300 answers - V13 (the default campaign's 0604
after its set-up and clock answers) and SIDCORS (100 v 100, played at random) - against the
naive way, a run replayed from the start to that answer. A step is setting the view to the
frame and working out what the map redraws (:meth:`Steps.change`). Entering the replay (at its
first answer; at its last, which makes every answer's frame, once) is measured too, with no goal.
Never asserts times; ``bench/run.py`` checks the goals.

    python bench/replay_steps.py [--smoke] [--json]
"""
from __future__ import annotations

import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from common import Row, SMOKE, main, median_ms  # noqa: E402

from hexmap import Label  # noqa: E402
from rules.systems.v13.procedure import BattleProcedure  # noqa: E402
from rules.systems.v13.autoplay import play  # noqa: E402
from rules.strategic import build_graph  # noqa: E402
from rules.strategic.turn import end_movement  # noqa: E402
from rules.systems import BattleRun, start  # noqa: E402
from tests.hand_kept import hand_kept  # noqa: E402
from rules.battlehex.replay_steps import Steps  # noqa: E402
from tests.play.duel import AT, battle  # noqa: E402
from tests.play.random_battle import play_at_random  # noqa: E402

V13_AT = Label.parse("0604")
QUIET = {(Label.parse("0703"), "alliance", "orions"): False, (Label.parse("0703"), "coalition", "orions"): False,
         (Label.parse("0907"), "alliance", "coalition"): False}
ANSWERS = 40 if SMOKE else 300


def v13() -> tuple[BattleRun, object, object]:
    """0604 set up at random, then clock answers up to ``ANSWERS`` in all."""
    c = hand_kept()  # the default campaign from Turn Orders (it ships in turn 1's Income Phase)
    g = build_graph(c)
    formed = end_movement(c, g, QUIET).campaign
    b = BattleProcedure(formed, V13_AT, seed=8, graph=g)
    play(b, 8)
    while len(b.answers) < ANSWERS and b.pending is not None:
        b.answer({"clock": 1})
    return b, formed, g


def sidcors() -> tuple[BattleRun, object, object]:
    """100 v 100 (10 v 10 in smoke) played at random, open at its last question."""
    c, g = battle(10 if SMOKE else 100, "sidcors")
    played = play_at_random(c, AT, "sidcors", 5, g, stubborn=0.9)
    run = start(played.campaign, AT, g)
    for a in played.answers[:-1]:
        run.answer(a)
    return run, played.campaign, g


def rows() -> list[Row]:
    out: list[Row] = []
    rng = random.Random(3)
    for name, make in (("V13 0604", v13), ("SIDCORS", sidcors)):
        run, campaign, graph = make()
        n = len(run.answers)
        steps: list[Steps] = []
        build = median_ms(lambda: steps.append(Steps(run, graph)), 3)
        full = median_ms(lambda: steps.append(Steps(run, graph)) or steps[-1].at(n), 3)
        s = steps[-1]
        at = {"k": n}

        def step(delta: int) -> None:
            k = max(0, min(n, at["k"] + delta))
            s.change(at["k"], k)
            s.at(k)
            at["k"] = k

        def jump() -> None:
            k = rng.randrange(n + 1)
            s.change(at["k"], k)
            s.at(k)
            at["k"] = k

        def naive() -> None:  # the state after answer k without frames: a replay from the start
            k = rng.randrange(n + 1)
            if isinstance(run, BattleProcedure):
                BattleProcedure(campaign, V13_AT, seed=run.seed, graph=graph, answers=run.answers[:k])
            else:
                r = start(campaign, AT, graph)
                for a in run.answers[:k]:
                    r.answer(a)

        first = Steps(run, graph)  # a step forward the first time: its answer given and its frame made
        pos = {"k": 0}

        def first_forward() -> None:
            k = min(n, pos["k"] + 1)
            first.change(pos["k"], k)
            first.at(k)
            pos["k"] = k

        new = median_ms(first_forward, min(100, n))
        back = median_ms(lambda: step(-1), 100)
        forward = median_ms(lambda: step(1), 100)
        anywhere = median_ms(jump, 100)
        slow = median_ms(naive, 3)
        what = f"{name}, {n} answers:"
        out += [Row(f"{what} replay step back", back, "< 10 ms", slow),
                Row(f"{what} replay step forward", forward, "< 10 ms", slow),
                Row(f"{what} replay step forward the first time (its frame made)", new, "< 10 ms", slow),
                Row(f"{what} replay jump to any answer", anywhere, "< 10 ms", slow),
                Row(f"{what} enter the replay at its first answer", build, ""),
                Row(f"{what} enter it at its last (every answer's frame made, once)", full, "")]
    return out + window_rows()


def window_rows() -> list[Row]:
    """The same steps as a user makes them: Left, Right, Home and End pressed on the V13 battle
    window in replay mode (bench/gui.py's main window, 0604 in combat, 1400 x 900, the map at
    1.5x), each with the redraw of the map, the counters and the log (the event loop run)."""
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    from gui import Bench

    app = QApplication.instance() or QApplication([])
    bench = Bench(app)
    bench.grow(ANSWERS)
    bw = bench.bw
    bw.replay.enter(len(bw.b.answers))
    assert bw.replay.on, "the replay did not start"
    n = len(bw.replay.steps or [])

    def key(k: Qt.Key) -> None:
        QTest.keyClick(bw, k)
        app.processEvents()

    back = median_ms(lambda: key(Qt.Key.Key_Left), 40)
    forward = median_ms(lambda: key(Qt.Key.Key_Right), 40)
    ends = median_ms(lambda: (key(Qt.Key.Key_Home), key(Qt.Key.Key_End)), 9)
    bw.replay.leave()
    what = f"V13 0604 window, {n} answers:"
    return [Row(f"{what} Left in the replay (step back, redrawn)", back, "< 10 ms"),
            Row(f"{what} Right in the replay (step forward, redrawn)", forward, "< 10 ms"),
            Row(f"{what} Home then End in the replay (both redrawn)", ends, "")]


if __name__ == "__main__":
    main(rows)
