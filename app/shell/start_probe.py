"""The start-up probe (``main.py --startup-probe`` and ``--fight-probe``; bench/startup.py reads
what it prints): the first frame, the window ready and the longest stall of the event loop in
between, and the first Fight of a fresh process (issue 21)."""
from __future__ import annotations

import os
import sys
import time

from PySide6.QtCore import QEvent, QObject, QTimer


def probe(app, opening, fight: str | None, t0: float) -> None:
    """Print how long the start took, once the first frame is painted and the event loop is idle
    (every event queued by then handled): the time from main.py's first line (``t0``, its
    ``time.perf_counter()``), and from the
    process's start when the caller passes its clock in ``BATTLEHEX_T0`` (``time.time()`` just
    before it started this process). Then, once the real window is up behind a kept first frame
    (:mod:`app.shell.stand_in`; at once for a plain start), the same for the window and the
    longest stall of the event loop in between (the longest wait between two turns of a 0 ms
    timer: what a key or a click waited at most). With ``fight`` (a sector), the window's Fight
    of that Battle Hex is timed too, ``BATTLEHEX_FIGHT_AFTER`` ms (default 1000: a user's first
    key press) after the window became ready: the first Fight of a fresh process, up to the
    battle window's first frame."""
    ticks = [0.0, 0.0, 0.0, 0.0]  # the last turn of the loop, the longest wait between two; the same in CPU time

    def line(what: str) -> str:
        now = time.perf_counter()
        text = f"{what}: {(now - t0) * 1000:.0f} ms"
        started = os.environ.get("BATTLEHEX_T0")
        if started:
            text += f"; from process start {(time.time() - float(started)) * 1000:.0f} ms"
        return text + f"; cpu {time.process_time() * 1000:.0f} ms"  # the process's own, however busy the machine

    def tick() -> None:
        now, cpu = time.perf_counter(), time.process_time()
        ticks[1] = max(ticks[1], now - ticks[0])
        ticks[3] = max(ticks[3], cpu - ticks[2])
        ticks[0], ticks[2] = now, cpu

    def first_frame() -> None:
        print(line("startup to interactive window"), flush=True)
        ticks[0], ticks[2] = time.perf_counter(), time.process_time()
        stalls.start()
        opening.when_ready(lambda window: painted(window, ready))

    def ready() -> None:
        stalls.stop()
        tick()
        print(line("window ready") + f"; longest stall {ticks[1] * 1000:.0f} ms (cpu {ticks[3] * 1000:.0f} ms)"
              f"{' (kept first frame shown)' if opening.loading is not None else ''}", flush=True)
        if fight:
            QTimer.singleShot(int(os.environ.get("BATTLEHEX_FIGHT_AFTER", "1000")), fight_once)
        else:
            app.quit()

    def fight_once() -> None:
        from hexmap import Label

        before = set(sys.modules)
        digest = bool(getattr(sys.modules.get("rules.battlehex.resume"), "_CODE", None))
        t, c = time.perf_counter(), time.thread_time()
        bw = opening.window.fight(Label.parse(fight))
        app.processEvents()  # its first frame
        took = (time.perf_counter() - t) * 1000
        cpu = (time.thread_time() - c) * 1000  # the GUI thread's own (not the warm-up's), however busy the machine
        loaded = sorted(m for m in set(sys.modules) - before if m.split(".")[0] in ("app", "rules", "hexmap", "numpy"))
        print(f"first fight: {took:.0f} ms (cpu {cpu:.0f} ms){'' if bw is not None else ' (no battle window)'}; "
              f"{len(loaded)} modules imported by it: {' '.join(loaded)}; "
              f"the code digest {'ready' if digest else 'not made yet'}", flush=True)
        app.quit()

    class FirstPaint(QObject):
        def __init__(self, widget, then) -> None:
            super().__init__(widget)
            self.then = then
            widget.installEventFilter(self)

        def eventFilter(self, obj, event) -> bool:  # noqa: N802
            if event.type() == QEvent.Type.Paint:
                obj.removeEventFilter(self)
                QTimer.singleShot(0, self.then)  # after the whole frame is painted, when the loop is idle
            return False

    def painted(widget, then) -> None:
        if not opening.drawn:  # a plain start: its first frame was the window's
            QTimer.singleShot(0, then)
        else:
            FirstPaint(widget, then)

    stalls = QTimer()
    stalls.setInterval(0)
    stalls.timeout.connect(tick)
    FirstPaint(opening.first, first_frame)  # the window alone: a filter on the whole application had every
    # event of every object handed to Python (~70 Qt enum types built for it, ~12 ms)
