"""Babylon 5 Fleet Action bench (issue 24): validating one plotted turn of 60 ships (12
squadrons of 5, each squadron's plot checked against every ship's maneuvering data), the
deployment zone of the next ship with 60 enemy ships on the board (naive baseline: every board
hex measured in Python), and the command radius of 60 ships; undo, reopen and cold reopen of a
battle of 3 plotted turns and one of 12 (played at random, each answer stored as the battle window
stores it) against a full replay, and the long one over the short one (flat); the board's redraw
with its names after a wheel notch (issue 24): while the wheel turns, and the sharp draw once it rests
(issue 21), against the naive board's in the same run. Never asserts times; ``bench/run.py`` checks
the goals.

    python bench/b5.py [--smoke] [--json]
"""
from __future__ import annotations

import atexit
import os
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
TMP = Path(tempfile.mkdtemp(prefix="bench-b5-"))
atexit.register(shutil.rmtree, TMP, True)
os.environ.setdefault("BATTLEHEX_DATA", str(TMP / "data"))  # never the user's folder

from common import Row, SMOKE, interleaved, main, median_ms  # noqa: E402
from systems import fresh  # noqa: E402

from hexmap import Label  # noqa: E402
from rules.model.b5 import B5Data  # noqa: E402
from rules.systems.b5.command import out_of_command  # noqa: E402
from rules.systems.b5.deploy import APART, Board, FLAG_RADIUS, Place, distance, zone  # noqa: E402
from rules.systems.b5.movement import Plot, check_plot  # noqa: E402
from rules.dice import DiceRoller  # noqa: E402
from rules.model.io import load_campaign, save_campaign  # noqa: E402
from rules.systems import start  # noqa: E402
from tests.rules.systems.b5.test_b5_checkpoints import play  # noqa: E402
from tests.rules.systems.v13.helpers import AT  # noqa: E402

SHIPS = 60
REPEAT = 5 if SMOKE else 40


def _ship(category: str) -> B5Data:
    armor = {"capital": [5, 4, 3], "heavy": [5, 4]}.get(category, [4])
    return B5Data.model_validate({"category": category, "armor": armor, "squadron": "s", "speed": 12, "accel": 6,
                                  "decel": 6, "turn": 14, "hard_turn": 12, "come_about": 8, "course_correct": 12})


TURNS = (3, 12)


class Fought:
    """A b5 battle of ``turns`` plotted turns played at random, open at its last question."""

    def __init__(self, turns: int) -> None:
        c, played = play(3, turns)
        # Both lengths play the same set-up: told apart (a word the battle never reads), they are
        # two battles, as in use; else they share one shelf of checkpoints (and one on disk) and
        # each run's checkpoints drop the other's, so a figure read whichever battle kept them last.
        c = c.model_copy(update={"description": f"b5 bench, {turns} plotted turns"})
        self.answers = list(played.answers)
        self.file = TMP / f"b5-{turns}.json"
        save_campaign(c, self.file)
        run = start(load_campaign(self.file), AT)
        for a in self.answers[:-1]:
            run.answer(a)
            run.adopt(run.saved())  # as the battle window's controller stores every answer
        self.run: Any = run
        self.saved = run.saved()
        save_campaign(self.saved, self.file)
        self.what = f"b5, {turns} plotted turns ({len(self.answers) - 1} answers)"

    def undo(self) -> None:
        self.run.undo(1)

    def again(self) -> None:
        if len(self.run.answers) < len(self.answers) - 1:
            self.run.answer(self.answers[-2])

    def reopen(self) -> None:
        start(self.saved, AT)

    def cold(self) -> None:
        start(load_campaign(self.file), AT)

    def naive(self) -> None:
        """A full replay from the first answer (a run whose dice are not the seeded roller keeps
        no checkpoints)."""
        type(self.run)(self.saved, AT, None, dice=lambda seed: DiceRoller(seed))

    def naive_cold(self) -> None:
        """The same from the file."""
        type(self.run)(load_campaign(self.file), AT, None, dice=lambda seed: DiceRoller(seed))


def battles() -> list[Row]:
    """Undo and reopen of a short and a long battle, beside a full replay."""
    fought = {n: Fought(n) for n in TURNS}
    undo = interleaved({n: f.undo for n, f in fought.items()}, 5 if SMOKE else 31,
                       before={n: f.again for n, f in fought.items()})
    reopen = interleaved({n: f.reopen for n, f in fought.items()}, 5 if SMOKE else 31)
    cold = interleaved({n: f.cold for n, f in fought.items()}, 3 if SMOKE else 11, before={n: fresh for n in TURNS})
    naive = interleaved({n: f.naive for n, f in fought.items()}, 3)
    naive_cold = interleaved({n: f.naive_cold for n, f in fought.items()}, 3)
    out: list[Row] = []
    for n, f in fought.items():
        out += [Row(f"{f.what}: undo the last answer", undo[n], "< 100 ms", naive[n]),
                Row(f"{f.what}: reopen in the running app", reopen[n], "< 100 ms", naive[n]),
                Row(f"{f.what}: cold reopen from the saved file (a new process)", cold[n], "< 100 ms",
                    naive_cold[n])]
    short, long = TURNS
    for what, figures in (("undo", undo), ("reopen", reopen), ("cold reopen", cold)):
        out.append(Row(f"b5: {what} {long} turns over {short} (flat)", figures[long] / figures[short], "< 2 x",
                       unit="x"))
    return out


def rows() -> list[Row]:
    squadrons = [[(f"ship {s}-{i}", _ship(("capital", "heavy", "medium")[i % 3])) for i in range(5)]
                 for s in range(SHIPS // 5)]
    plot = Plot(("FFFF", "FFLFF", "FRFFF"))  # speed 12: 4 hexes a pulse, a hard turn (course correction)

    def plotted() -> None:
        for sq in squadrons:
            check_plot(plot, 12, sq)  # every squadron's plot is legal: the whole check runs

    board = Board()
    enemies = tuple(Label(80 + i % 6, 5 + i // 6 * 5) for i in range(SHIPS))
    flag = Label(15, 30)
    place = Place("command", flag, enemies)

    def naive_zone() -> list[Label]:
        return [x for x in board.labels if distance(flag, x) <= FLAG_RADIUS
                and min(distance(e, x) for e in enemies) >= APART]

    ships = {f"s{i}": Label(10 + i % 8, 20 + i // 8) for i in range(SHIPS)}
    ms_plot = median_ms(plotted, REPEAT)
    ms_zone = median_ms(lambda: zone(board, place), REPEAT)
    ms_naive = median_ms(naive_zone, 3 if SMOKE else 5)
    ms_cmd = median_ms(lambda: out_of_command(Label(13, 23), ships, 5), REPEAT)
    return [Row(f"validate one plotted turn of {SHIPS} ships ({SHIPS // 5} squadrons)", ms_plot, "< 10 ms"),
            Row(f"deployment zone of the next ship, {SHIPS} enemy ships placed (90 x 60 board)", ms_zone, "< 10 ms",
                naive_ms=ms_naive),
            Row(f"command radius of {SHIPS} ships (who is out of command)", ms_cmd, "< 10 ms"), *battles(),
            *board_rows()]


FLIGHTS = 12
VIEW = (1200, 800)


def _board(app: Any, naive: bool) -> Any:
    """The app's B5 board (app.systems.b5.board.BoardView) in a 1200 x 800 view: a meeting of
    :data:`SHIPS` ships in squadrons of 5 (two fleets 45 hexes apart), :data:`FLIGHTS` fighter
    flights beside them, command rings, fitted to the ships (Fit ships). ``naive``: every paint
    draws the grid path, lays the names and hex numbers out afresh, each against all, and draws them as
    scene text, and strokes each ring (tests/app/systems/b5/plain_board.py; the board before it kept
    them: the grid an antialiased path item, as it was)."""
    from PySide6.QtGui import QPainterPath, QPen

    from app.systems.b5.board import BoardView
    from app.systems.b5.grid import GRID
    from app.widgets.zoom_view import ZoomableView
    from hexmap import Facing
    from tests.app.systems.b5.plain_board import make_plain

    view = BoardView(90, 60, lambda _at: None)
    if naive:
        view.zoom = lambda factor: ZoomableView.zoom(view, factor)  # no picture scaled: drawn at every notch
        view.grid.hide()
        whole = QPainterPath()  # the old grid: one path of every hex
        for _rect, block in view.grid.blocks:
            whole.addPath(block)
        view.scene_.addPath(whole, QPen(GRID, 0)).setZValue(0)
    view.resize(*VIEW)
    view.show()
    ships, rings = [], []
    for i in range(SHIPS):
        side, sq, k = i % 2, i // 10, (i // 2) % 5  # squadron sq of side: 5 ships within 3 hexes
        at = Label((18 if side == 0 else 63) + (sq % 2) * 5 + k % 3, 12 + sq * 7 + k // 3 * 2)
        name = f"{('ISA', 'KZ')[side]} {('Victory', 'Whitestar', 'Avenger', 'Hyperion', 'Omega')[k]} {i}"
        ships.append((name, at, Facing.C if side == 0 else Facing.F, side, k == 0))
        if k == 0:
            rings.append((at, 5, side))
    view.show_ships(ships, rings, [])
    if naive:  # the names laid out all-pairs, drawn with the numbers as scene text, the rings stroked, at each paint
        make_plain(view)
    view.show_flights([(f"Flight {i} 6", ships[i * 5][1], i % 2, f"flight {i}") for i in range(FLIGHTS)])
    view.fit()
    app.processEvents()
    return view


def _in_turn(fns: dict[str, Any], repeat: int, before: dict[str, Any] | None = None) -> dict[str, tuple[float, float]]:
    """Each of ``fns`` timed in turn (common.interleaved), its median wall and CPU ms (a loaded
    2-core machine stretches the wall time of a paint several times; its CPU time much less);
    ``before[k]`` runs untimed before each call of ``fns[k]``."""
    import statistics
    import time

    times: dict[str, list[tuple[float, float]]] = {k: [] for k in fns}
    for _ in range(1 if SMOKE else repeat):
        for k, fn in fns.items():
            if before:
                before[k]()
            wall, cpu = time.perf_counter(), time.process_time()
            fn()
            times[k].append(((time.perf_counter() - wall) * 1000, (time.process_time() - cpu) * 1000))
    return {k: (statistics.median(w for w, _c in v), statistics.median(c for _w, c in v)) for k, v in times.items()}


def board_rows() -> list[Row]:
    """The B5 board after a wheel notch, as a person zooms (issue 21), beside the naive board (all drawn
    and laid out afresh at each paint, at every notch), in turn in the same run, wall and CPU time.
    While the wheel turns the board shows its picture of the zoom before, scaled, and draws sharp once
    the wheel rests (app/widgets/zoom_view.QuickZoomView), so each is a row of its own: a notch while
    the wheel turns (to zooms never shown), the first notch of a turn (the sharp board taken as the
    picture), and the sharp draw once the wheel rests, at a zoom never shown (once per settled zoom)
    and at one shown before (the grid's picture and the names' layout kept)."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    from redraw import wheel

    app = QApplication.instance() or QApplication([])
    views = {"real": _board(app, False), "naive": _board(app, True)}
    real = views["real"]
    lod = real.transform().m11()
    names = len(real.labels.layout(lod, real.viewport().logicalDpiY()))
    turns = {k: [0] for k in views}

    def notch(k: str) -> None:  # to a zoom never shown, about the fitted one
        n = turns[k][0] = turns[k][0] + 1  # fitted x 1.15 ** (e / 120) after notch n, e = n (n even) or
        wheel(views[k], (121 if n % 2 == 0 else -119) / 120)  # n - 120 (odd): each zoom once, a notch apart
        views[k].viewport().repaint()

    def rest(k: str) -> None:  # the rest timer's work, and the paint it asks for
        views[k].rest()
        views[k].viewport().repaint()

    def rested(k: str) -> None:  # untimed: the wheel at rest, the board drawn sharp
        notch(k)
        rest(k)
    sign = {k: [1.0] for k in views}

    def back(k: str) -> None:  # untimed: a notch in or out about the fitted zoom (both shown once below)
        wheel(views[k], sign[k][0])
        sign[k][0] = -sign[k][0]
    for k in views:
        for _ in range(2):
            back(k)
            rest(k)
    turning = _in_turn({k: (lambda k=k: notch(k)) for k in views}, 31)
    first = _in_turn({k: (lambda k=k: notch(k)) for k in views}, 21, before={k: (lambda k=k: rested(k)) for k in views})
    sharp_new = _in_turn({k: (lambda k=k: rest(k)) for k in views}, 21, before={k: (lambda k=k: notch(k)) for k in views})
    sharp_kept = _in_turn({k: (lambda k=k: rest(k)) for k in views}, 31, before={k: (lambda k=k: back(k)) for k in views})
    for v in views.values():
        v.close()
    app.processEvents()
    what = (f"b5 board {VIEW[0]}x{VIEW[1]} about the fitted zoom ({lod:.2f}): {SHIPS} ships, {FLIGHTS} flights, "
            f"{names} names, hex numbers; a wheel notch while the wheel turns (its picture scaled)")
    out = []
    for label, t in ((what, turning), ("  the first notch of a turn (the sharp board taken as the picture)", first),
                     ("  the sharp draw once the wheel rests, at a zoom never shown (once per settled zoom)",
                      sharp_new),
                     ("  the sharp draw once the wheel rests, at a zoom shown before (kept)", sharp_kept)):
        out += [Row(label, t["real"][0], "< 8 ms", t["naive"][0]),
                Row("    the same, CPU time", t["real"][1], "< 8 ms", t["naive"][1])]
    return out


if __name__ == "__main__":
    main(rows)
