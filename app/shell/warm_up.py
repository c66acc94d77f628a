"""The warm-up after the main window's first frame (issue 21: the first Fight of a fresh process
< 150 ms): what a Fight needs is imported while the window waits for its user."""
from __future__ import annotations

import importlib
import threading

WARM_AFTER_MS = 300
"""How long after the window shows the warm-up starts (well before anyone can press Fight)."""


def warm_up() -> threading.Thread:
    """Import what the first Fight needs while the window waits for its user, so that Fight
    does not pay for some 150 modules (issue 21: first Fight in a fresh process < 150 ms): numpy
    and every registered battle system's engine in a thread, then, on the GUI thread once the
    thread's imports are done (they hold the modules' locks), the battle window and each system's
    panel, one per turn of the event loop, while the thread makes the code digest and builds the
    campaign records' validators. A module that fails to import here is left for the
    Fight itself to import and report. Returns the thread (joined before the process exits)."""

    from PySide6.QtCore import QTimer

    panels: list[str] = []
    imported = threading.Event()

    def engines() -> None:
        try:
            import numpy  # noqa: F401

            from rules.systems import systems

            found = list(systems().values())
            panels.extend(s.panel.partition(":")[0] for s in found)
            for system in found:
                importlib.import_module(system.engine.partition(":")[0])
            imported.set()  # the GUI thread's imports may begin
            from rules.battlehex import resume

            resume.code_digest()  # what a checkpoint on disk is checked against: ~8 ms of sources read and hashed
        except Exception:  # noqa: BLE001 (only a head start: Fight imports and reports it)
            pass
        try:
            from rules.model.types import build_all

            build_all()  # every record's validator (~55 ms; deferred: a start from the cached campaign built none)
        except Exception:  # noqa: BLE001 (as above: a record's first use builds it)
            pass

    thread = threading.Thread(target=engines, name="battlehex-warm-up", daemon=True)
    queue = ["app.battle.controller", "app.battle.window"]
    after = ["app.strategic.menus", "app.shell.turn_dialogs"]  # right-click menus, End Movement's dialogs

    def gui_step() -> None:
        if thread.is_alive() and not imported.is_set():
            QTimer.singleShot(20, gui_step)
            return
        queue.extend(panels + after)
        panels.clear()
        after.clear()
        if queue:
            try:
                importlib.import_module(queue.pop(0))
            except Exception:  # noqa: BLE001 (as above)
                pass
            QTimer.singleShot(0, gui_step)

    def start() -> None:
        thread.start()
        QTimer.singleShot(20, gui_step)
    QTimer.singleShot(WARM_AFTER_MS, start)
    return thread
