"""What a user feels in the battle window (issue 10 part 7), end to end through Qt (offscreen),
on the default campaign's 0604 battle at 100, 2,000 and 5,000 answers:

- click-select: a QTest mouse click on a counter in the map's viewport (the press selects, the
  release drops on the same hex: nothing to answer), then the event loop (the repaint);
- combat drop: a QTest press on a counter, moves over the next hex (the drag preview, timed
  apart) and the release there: the answer, its exit check, the map floating to follow the unit
  (V13.812: every unit stands off the sheet), the redraw and the autosave *scheduled*; the
  three sizes measured in turn after two untimed drops each (:func:`drops`), with the drop's
  CPU time beside its wall time;
- clock press: a QTest click on "+1 impulse" and the event loop, the three sizes measured in
  turn (one main window and battle per size, so drift does not read as growth), beside the naive baseline
  measured in the same run: the session's autosave replaced by the old synchronous indented
  ``save_campaign(campaign, autosave_path)`` on every change;
- undo: Ctrl+Z pressed on the battle window (its "Undo answer" QAction) taking back a clock
  press made through the GUI;
- reopen: the window closed, then the main window's Fight (a new BattleWindow on the same
  session, whose BattleController keeps the run: no replay); and cold: the main window opens the
  saved campaign file (a new session) and Fight replays the battle from the file;
- memory: the RSS after 50 and after 500 open-file + Fight + close cycles (goal: within 10%);
- the strategic map's stacked fleet counters (issue 22): the fan's check at a mouse move over an
  open stack (goal < 0.5 ms; tests/app/strategic/test_fan.py checks that it reads no counter).

The long battle is built by answering the run directly and storing it through the controller;
every measured operation goes through the real GUI path. Each figure is a median of repeated runs (REPEAT, QUICK, COLD),
with what is not the operation (an undo to start again, a scheduled autosave written by
``session.flush()``) done between runs, untimed. The battle window is 1400 x 900 (its default),
the map at 1.5x. No timed assertion: it only checks that each
operation did what it should.

    python bench/gui.py
"""
from __future__ import annotations

import gc
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("BATTLEHEX_DATA", tempfile.mkdtemp(prefix="battlehex-bench-"))
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from common import SMOKE, Row, interleaved, sizes, table, to_json  # noqa: E402
from PySide6.QtCore import QCoreApplication, QEvent, QPoint, QSettings, Qt, qInstallMessageHandler  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QApplication, QDialog, QPushButton  # noqa: E402

from app.systems.v13.map import centre_of  # noqa: E402
from app.battle.window import BattleWindow  # noqa: E402
from app.shell.window import MainWindow  # noqa: E402
from app.shell.turn_dialogs import IgnoreDialog  # noqa: E402
from rules.model import save_campaign  # noqa: E402
from tests.app.battle.test_window import set_up_0604  # noqa: E402
from tests.hand_kept import hand_kept  # noqa: E402

SIZES = sizes((100, 2000, 5000), (100,))
REPEAT = 1 if SMOKE else 9  # runs of each operation (the quick ones: QUICK; a cold reopen: COLD)
QUICK = 1 if SMOKE else 21
COLD = 1 if SMOKE else 5
MOVER = "kz-eff-1"  # dropped one hex ahead (facing D, towards the sheet): still off it, so the map follows
CLICKED = ("kz-eff-1", "kz-aac-1")  # clicked in turn, so every click changes the selection
CYCLES = (2, 5) if SMOKE else (50, 500)  # open-file + Fight + close cycles: RSS after each count


def _quiet(mode, context, message: str) -> None:
    if "propagateSizeHints" not in message:  # the offscreen plugin's note on every window shown
        print(message, file=sys.stderr)


def median_of(op: Callable[[], object], before: Callable[[], object] | None = None, repeat: int = REPEAT) -> float:
    """The median wall time of ``op`` in ms, ``before`` run untimed before each call."""
    times = []
    for _ in range(repeat):
        if before is not None:
            before()
        t = time.perf_counter()
        op()
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times)


class Bench:
    """The main window with the 0604 battle open in combat, grown to the sizes measured."""

    def __init__(self, app: QApplication, size: int = 0) -> None:
        self.app = app
        IgnoreDialog.exec = lambda d: QDialog.DialogCode.Accepted  # end movement's "ignore these fleets?" dialogs
        self.folder = Path(tempfile.mkdtemp(prefix="battlehex-bench-gui-"))
        self.main = MainWindow(settings=QSettings(str(self.folder / "s.ini"), QSettings.Format.IniFormat))
        self.main.show()
        # the default campaign plays seed 004's Combat Phase (Fight right after End Movement has
        # no battle yet): the bench plays a copy of it with V13's Combat Phase (battles at once)
        c = hand_kept()  # from Turn Orders (the default ships in turn 1's Income Phase)
        v13 = self.folder / "default_v13.json"
        # each size's battle is a battle of its own (its campaign named apart): the same campaign
        # would file the three battles' checkpoints on disk under the same inputs, each size's
        # save overwriting the others', and a cold reopen would replay every answer instead
        save_campaign(c.model_copy(update={"name": f"{c.name} ({size:,} answers)" if size else c.name,
                                           "settings": c.settings.model_copy(update={"combat_phase": "v13"})}), v13)
        assert self.main.open_campaign(v13), "the V13 copy of the default campaign did not open"
        self.main.end_movement()
        self.at = next(b.at for b in self.main.campaign.battle_hexes if str(b.at) == "0604")
        self.bw = self._fight()
        self.bw.auto_dialogs = False
        set_up_0604(self.bw)
        self.bw.auto_dialogs = True
        assert self.bw.panel.combat_mode(), "the 0604 battle did not reach combat"

    # -- helpers ---------------------------------------------------------------------------------
    def events(self) -> None:
        self.app.processEvents()

    def settle(self) -> None:
        """Untimed: the scheduled autosave written, closed windows deleted, events done."""
        self.events()
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
        self.main.session.flush()

    def _fight(self) -> BattleWindow:
        """What the main window's Fight does for an open Battle Hex."""
        bw = self.main.fight(self.at)
        self.events()
        return bw

    def _activate(self) -> None:
        self.bw.activateWindow()
        self.events()

    def grow(self, n: int) -> None:
        """Answer the run directly up to ``n`` answers (clock answers), stored via the controller."""
        bw = self.bw
        b = bw.b
        while len(b.answers) < n:
            b.answer({"clock": 1})
        bw.ctl._store(b)  # the campaign's record and the session's autosave, as after a GUI answer
        bw.refresh()
        bw.resize(1400, 900)  # the window's default size
        self.settle()
        view = bw.panel.view
        view.zoom(1.5 / view.transform().m11())  # one hex wider than a counter, as a player looks at it
        self._activate()

    def point(self, uid: str) -> QPoint:
        """Where the counter ``uid`` is in the viewport, centred first (untimed)."""
        view = self.bw.panel.view
        item = view.scene().counters[uid]
        view.centerOn(item.scenePos())
        return view.mapFromScene(item.scenePos())

    def button(self, text: str) -> QPushButton:
        return next(x for x in self.bw.panel.combat.findChildren(QPushButton) if x.text() == text)

    # -- the measured operations -----------------------------------------------------------------
    def click_select(self) -> float:
        vp = self.bw.panel.view.viewport()
        k = [0]
        got: list[tuple[str, str | None]] = []
        at: dict[str, QPoint] = {}

        def before() -> None:
            k[0] += 1
            uid = CLICKED[k[0] % 2]
            at[uid] = self.point(uid)
            self.events()

        def op() -> None:
            uid = CLICKED[k[0] % 2]
            QTest.mouseClick(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, at[uid])
            self.events()
            got.append((uid, self.bw.panel._selected))

        before(), op()  # warm: the first clicks build the counters' cached pictures
        ms = median_of(op, before, QUICK)
        assert all(want == have for want, have in got), f"a click did not select its counter: {got}"
        return ms

    def drop_once(self) -> tuple[float, float, float]:
        """One combat drop: (the press and the drag over the target hex, the release there, the
        whole drop's CPU time, the process's own), all in ms; undone after, untimed."""
        bw = self.bw
        vp = bw.panel.view.viewport()
        b = bw.b
        n = len(b.answers)
        start = self.point(MOVER)
        u = b.state.units[MOVER]
        target = u.pos + u.facing.vector
        end = bw.panel.view.mapFromScene(centre_of(target))
        offset = b.state.float_offset
        self.events()
        c = time.thread_time()
        t = time.perf_counter()
        QTest.mousePress(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
        QTest.mouseMove(vp, (start + end) / 2)
        QTest.mouseMove(vp, end)
        self.events()
        t1 = time.perf_counter()
        QTest.mouseRelease(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, end)
        scheduled = bw.session._autosave_timer.isActive()  # (a redraw over 300 ms lets it fire before the end)
        self.events()
        t2 = time.perf_counter()
        cpu = (time.thread_time() - c) * 1000
        assert b.state.units[MOVER].pos == target and len(b.answers) == n + 1, bw.statusBar().currentMessage()
        assert b.state.float_offset != offset, "the drop did not float the map"
        assert scheduled, "the drop scheduled no autosave"
        bw.ctl.undo()  # untimed: back to where it was for the next run
        self.settle()
        return (t1 - t) * 1000, (t2 - t1) * 1000, cpu

    def press(self) -> None:
        """A click on "+1 impulse" and the event loop (the clock press measured)."""
        b = self.bw.b
        n = len(b.answers)
        QTest.mouseClick(self.button("+1 impulse"), Qt.MouseButton.LeftButton)
        self.events()
        assert len(b.answers) == n + 1, "the press gave no answer"

    def naive_autosave(self, on: bool) -> None:
        """The old autosave (indented, written at once on the GUI thread) on or off."""
        s = self.main.session
        if on:
            s._autosave = lambda: save_campaign(s.campaign, s.autosave_path())
        else:
            del s._autosave

    def undo(self) -> float:
        bw = self.bw
        b = bw.b
        button = self.button("+1 impulse")
        n = [0]

        def before() -> None:
            QTest.mouseClick(button, Qt.MouseButton.LeftButton)  # the answer to take back, given through the GUI
            self.settle()
            n[0] = len(b.answers)

        def op() -> None:
            QTest.keyClick(bw, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
            self.events()
            assert len(b.answers) == n[0] - 1, "Ctrl+Z took nothing back (is the battle window active?)"
        return median_of(op, before)

    def _take_seat(self) -> None:
        """A battle reopened in combat shows the hand-over screen of the Team that last held the
        seat (hot seat): take over with its button, as that player would."""
        if self.bw.handing_over():
            QTest.mouseClick(self.bw.handover.button, Qt.MouseButton.LeftButton)
            self.settle()

    def reopen(self) -> float:
        """Close the battle window, then Fight: the session's controller keeps the run."""
        n = len(self.bw.b.answers)

        def before() -> None:
            self.bw.close()
            self.settle()

        def op() -> None:
            self.bw = self._fight()
        ms = median_of(op, before)
        self._take_seat()
        assert len(self.bw.b.answers) == n and not self.bw.handing_over() and self.bw.panel.combat_mode()
        self._activate()
        return ms

    def cold_reopen(self) -> tuple[float, float, float]:
        """Open the saved campaign file (a new session) and show it (the event loop: its map
        painted), then Fight: the battle replays from the file. Returns (the whole, the Fight
        part, the whole's CPU time: the process's own, which a busy machine changes far less than
        the wall time). Before issue 21's opaque hand-over cover the open's paint fell into the
        Fight's event loop, where the map was painted beneath the cover as well; with the cover
        opaque it would not be painted at all unless shown after the open, as here."""
        path = self.folder / "bench.json"
        assert self.main.save_to(path)
        n = len(self.bw.b.answers)
        fights: list[float] = []
        cpu: list[float] = []

        def before() -> None:
            self.bw.close()
            self.settle()
            # untimed, as the windows' deletion: a full collection of the untimed set-up's objects (the three
            # battles grown) fell in the first size's first runs (issue 21: 140 ms at 100 answers, ~100 at 5,000;
            # one run's CPU time 216 ms, 110 of it in the open's adopt, the next ones 130-150)
            gc.collect()

        def op() -> None:
            c = time.process_time()
            assert self.main.open_campaign(path)
            self.events()  # the file's map shown, as a person sees it before pressing Fight
            t = time.perf_counter()
            self.bw = self._fight()
            fights.append((time.perf_counter() - t) * 1000)
            cpu.append((time.process_time() - c) * 1000)
        ms = median_of(op, before, COLD)
        self._take_seat()
        assert len(self.bw.b.answers) == n and not self.bw.handing_over() and self.bw.panel.combat_mode()
        self._activate()
        return ms, statistics.median(fights), statistics.median(cpu)


def rss_mib() -> float:
    """The process's resident memory now, in MiB (Linux: /proc/self/statm; else the peak)."""
    try:
        with open("/proc/self/statm", encoding="ascii") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
    except OSError:
        import resource

        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def memory(bench: Bench) -> list[Row]:
    """RSS over open-file + Fight + close cycles (issue 21 part 4: 500 of them took RSS from 104
    to 805 MiB when the main window kept its closed battle windows): the main window opens the
    saved campaign (File > Open's own call), Fight opens its battle window (the battle replayed
    from the file), and the window is closed at once (its queued calls not yet run) and deleted.
    RSS after CYCLES[1] cycles against after CYCLES[0], and the open + Fight time of the first
    and the last 50 cycles (an open that slows with every cycle also tells of a leak)."""
    path = bench.folder / "memory.json"
    assert bench.main.save_to(path)
    n = len(bench.bw.b.answers)
    bench.bw.close()
    bench.settle()
    first, last = CYCLES
    rss: dict[int, float] = {}
    times: list[float] = []
    for k in range(1, last + 1):
        t = time.perf_counter()
        assert bench.main.open_campaign(path)
        bw = bench.main.fight(bench.at)
        times.append((time.perf_counter() - t) * 1000)
        assert bw is not None and len(bw.b.answers) == n, "the battle did not reopen whole"
        bw.close()
        del bw
        bench.settle()
        if k in CYCLES:
            rss[k] = rss_mib()
    assert bench.main._battle_windows == [], "the main window still holds closed battle windows"
    bench.bw = bench._fight()
    bench._take_seat()
    window = min(50, first)
    return [Row(f"RSS after {first} open-file + Fight + close cycles ({n:,} answers)", rss[first], "", unit="MiB"),
            Row(f"RSS after {last} such cycles", rss[last], "", unit="MiB"),
            Row(f"  RSS after {last} against after {first} (within 10%)", rss[last] / rss[first], "< 1.1 x",
                unit="x", noise=0.0),
            Row(f"  open + Fight in cycles 1-{window} (median)", statistics.median(times[:window]), ""),
            Row(f"  open + Fight in cycles {last - window + 1}-{last} (median)", statistics.median(times[-window:]), "")]


def clock_presses(benches: dict[int, Bench]) -> tuple[dict[int, float], dict[int, float]]:
    """The clock press at every size, measured in turn (a press on each battle, QUICK times),
    then the same with the naive autosave: (medians, naive medians) per size."""
    for b in benches.values():
        b.press()  # warm
        b.settle()
    presses = {n: b.press for n, b in benches.items()}
    settles = {n: b.settle for n, b in benches.items()}
    fast = interleaved(presses, QUICK, before=settles)
    for b in benches.values():
        b.naive_autosave(True)
    try:
        naive = interleaved(presses, QUICK, before=settles)
    finally:
        for b in benches.values():
            b.naive_autosave(False)
    return fast, naive


def drops(benches: dict[int, Bench]) -> dict[int, tuple[float, float, float, float]]:
    """The combat drop at every size, measured in turn (one drop on each battle, REPEAT times,
    so drift does not read as growth), after two untimed drops on each: the first drops float
    the sheet over parts of the plane whose pictures are not drawn yet (a tile of hex numbers
    takes 10-25 ms to draw, once), which the first size measured paid alone when the sizes were
    measured one after another. Per size: the medians of (the press and the moves, the release,
    the whole, its CPU time)."""
    for b in benches.values():
        b._activate()
        for _ in range(1 if SMOKE else 2):
            b.drop_once()
    got: dict[int, list[tuple[float, float, float]]] = {n: [] for n in benches}
    for _ in range(REPEAT):
        for n, b in benches.items():
            b._activate()
            got[n].append(b.drop_once())
    return {n: (statistics.median(d for d, _r, _c in v), statistics.median(r for _d, r, _c in v),
                statistics.median(d + r for d, r, _c in v), statistics.median(c for _d, _r, c in v))
            for n, v in got.items()}


def strategic_fan(bench: Bench) -> list[Row]:
    """A mouse move over the largest open stack of fleet counters on the main window's strategic
    map: the fan's hover check, per move (each of the stack's counters in turn, 50 times a run)."""
    fan = bench.main.strategic_view.scene().fan
    stacks = [cs for cs in fan.stacks.values() if len(cs) > 1]
    assert stacks, "no stack of fleet counters on the strategic map"
    counters = max(stacks, key=len)
    spots = [(c.sceneBoundingRect().center(), c) for c in counters]
    assert fan.hover(*spots[0]) and fan.fanned, "the stack did not fan out"
    spots = [(c.sceneBoundingRect().center(), c) for c in counters]  # where the fanned counters are

    def moves() -> None:
        for spot, c in spots * 50:
            assert not fan.hover(spot, c), "the open stack closed under the pointer"
    ms = median_of(moves, repeat=QUICK) / (50 * len(spots))
    fan.close()
    return [Row(f"strategic map: a mouse move over an open stack of {len(counters)} fleet counters (the fan's "
                "hover check)", ms, "< 0.5 ms")]


def rows(app: QApplication) -> list[Row]:
    benches = {n: Bench(app, n) for n in SIZES}  # one battle per size: the clock press is measured in turn
    for n, b in benches.items():
        b.grow(n)
    press, naive_press = clock_presses(benches)
    dropped = drops(benches)
    out: list[Row] = strategic_fan(benches[SIZES[0]])
    cold_cpu: dict[int, float] = {}
    for n in SIZES:
        bench = benches[n]
        bench._activate()
        at = f"{n:,} answers"
        drag, drop, whole, drop_cpu = dropped[n]
        out += [Row(f"click-select a counter, {at}", bench.click_select(), "< 2 ms"),
                Row(f"combat drop: press, moves and release, the map follows, {at}", whole, "< 10 ms"),
                Row(f"  of which the press and the moves (drag preview), {at}", drag, ""),
                Row(f"  of which the release (the answer, the float, the redraw), {at}", drop, ""),
                Row(f"  its CPU time (the GUI thread's own), {at}", drop_cpu, ""),
                Row(f"clock press (+1 impulse), {at}", press[n], "< 16 ms, flat", naive_press[n]),
                Row(f"undo the last answer (Ctrl+Z), {at}", bench.undo(), "< 100 ms")]
        out.append(Row(f"reopen the battle (close, Fight), {at}", bench.reopen(), "< 100 ms"))
        cold, fight, cpu = bench.cold_reopen()
        cold_cpu[n] = cpu
        out += [Row(f"cold reopen (open the file, its map shown, Fight), {at}", cold, "< 100 ms"),
                Row(f"  of which Fight (replay from the file), {at}", fight, ""),
                Row(f"  its CPU time (the process's own), {at}", cpu, "")]
    if len(SIZES) > 1:
        out.append(Row(f"  cold reopen's CPU time at {SIZES[-1]:,} against at {SIZES[0]:,} answers (flat)",
                       cold_cpu[SIZES[-1]] / cold_cpu[SIZES[0]], "", unit="x"))
    return out + memory(benches[SIZES[0]])


def main() -> None:
    qInstallMessageHandler(_quiet)
    app = QApplication.instance() or QApplication([])
    out = rows(app)
    if "--json" in sys.argv:
        print(to_json(out))
        return
    print(table(out))
    print(f"medians of {REPEAT} runs ({QUICK} of a click-select and a clock press, {COLD} of a cold reopen); naive baseline of the clock press: the "
          "session's autosave replaced by a synchronous indented save_campaign(campaign, path) on every change")


if __name__ == "__main__":
    main()
