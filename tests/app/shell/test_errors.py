"""The edge where failures end (issue 19): a failing action, slot or thread is told in a dialog
in words, logged with its traceback in the data folder, and changes nothing."""
from __future__ import annotations

import sys
import threading

from PySide6.QtCore import QTimer

from app.shell import errors
from rules.turn import combat_phase
from rules.model.records import Phase
from tests.app.gui import Answerer, ok, press


def test_a_failing_menu_action_says_what_failed_logs_it_and_changes_nothing(window, monkeypatch, qtbot):
    """Issue 19: an exception in a slot was printed to stderr and the window went on as if
    nothing had happened. End Movement (Ctrl+E) with an engine that fails midway: a dialog says
    what failed, in words; the log holds the traceback; the campaign is the one before."""
    before, steps = window.session.campaign, window.session.undo_stack.count()

    def broken(c, graph, decisions=None):
        raise KeyError("fleet 'ghost' has no sector")
    monkeypatch.setattr(combat_phase, "end_movement", broken)
    press(window, "Ctrl+E")
    qtbot.waitUntil(lambda: errors.current_dialog() is not None, timeout=3000)
    dialog = errors.current_dialog()
    assert "End movement failed" in dialog.text() and "fleet 'ghost' has no sector" in dialog.text()
    assert "Traceback" not in dialog.text() and "keeps its last good state" in dialog.informativeText()
    assert "Traceback" in dialog.detailedText() and str(errors.log_file()) in dialog.informativeText()
    log = errors.log_file().read_text(encoding="utf-8")
    assert "End movement failed" in log and "KeyError" in log and "in broken" in log
    assert window.session.campaign is before and window.session.undo_stack.count() == steps
    assert ok(dialog)
    qtbot.waitUntil(lambda: errors.current_dialog() is None, timeout=3000)
    told = errors.take()
    assert [f.what for f in told] == ["End movement"]
    monkeypatch.undo()
    answerer = Answerer(ok)  # each side's ignore questions, then the Supply Phase's
    try:
        press(window, "Ctrl+E")  # the window is alive: the same action now works
        qtbot.waitUntil(lambda: window.session.campaign.phase is Phase.SUPPLY, timeout=10000)
    finally:
        answerer.stop()


def test_failures_of_other_slots_and_threads_reach_the_same_dialog(qapp, qtbot):
    """Once installed (main.py does it at start), a failing slot connected any other way and a
    failing thread are told as well; a second failure joins the dialog already open."""
    hooks = sys.excepthook, threading.excepthook
    try:
        errors.install()

        def redraw_turn_track():
            raise ZeroDivisionError("turn length is zero")
        QTimer.singleShot(0, redraw_turn_track)
        qtbot.waitUntil(lambda: errors.current_dialog() is not None, timeout=3000)
        worker = threading.Thread(target=lambda: [][1], name="autosave-test")
        worker.start()
        worker.join()
        dialog = errors.current_dialog()
        qtbot.waitUntil(lambda: len(dialog.failures) == 2, timeout=3000)
    finally:
        sys.excepthook, threading.excepthook = hooks
    assert dialog.text().startswith("Redraw turn track failed: turn length is zero")
    assert "1 more failure" in dialog.text()
    assert "IndexError" in dialog.detailedText() and "autosave-test" in errors.log_file().read_text(encoding="utf-8")
    assert [f.what for f in errors.take()] == ["Redraw turn track", "The autosave-test thread"]
    ok(dialog)


def test_the_app_installs_the_edge_at_start(qapp, tmp_path):
    import main

    hooks = sys.excepthook, threading.excepthook
    try:
        assert main.main(["--screenshot", str(tmp_path / "shot.png")]) == 0
        assert sys.excepthook is errors._excepthook and threading.excepthook is errors._thread_hook
    finally:
        sys.excepthook, threading.excepthook = hooks
