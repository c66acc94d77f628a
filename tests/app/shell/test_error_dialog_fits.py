"""The error dialog fits the screen when no window of the app is active (issue 22, any screen): it
is the one window app/ makes with no parent (its parent is the active window, none then: the
autosave thread's failure while the user works in another program), so no window's fit watcher
was told of it, and a failure whose words run to many lines (a validation error lists each field)
made it as tall as its words: 651 x 968 on the 1600 x 1000 screen at ``QT_SCALE_FACTOR=2`` (800 x 500
logical pixels), its OK below the screen's edge; no fit could help, a message box is never less tall
than its words. Its words now stop after a few lines, the rest under Show Details... (the whole
failure was there already), and the box is within the screen wherever Qt centres it. (While a
window of the app shows, the box also blocks it and is fitted then: app/shell/window_state.py.)

The check runs in its own process (the scale factor and the screen are fixed when Qt starts): the
main window shown, then hidden (no window of the app active), a failure raised in a slot (as a Qt
slot's failure reaches the edge); a timer measures the error dialog, reads its words and clicks OK."""
from __future__ import annotations

from tests.app.shell.scale2_run import run_at_scale_2

CHECK = """
import json, sys
from pathlib import Path
from PySide6.QtCore import QSettings, QTimer
from PySide6.QtWidgets import QApplication, QMessageBox
app = QApplication([])
from app.shell import errors
errors.install()
from app.shell.window import MainWindow
w = MainWindow(Path(sys.argv[2]), settings=QSettings(sys.argv[1], QSettings.IniFormat))
w.show()
seen = []

def measure():
    d = errors.current_dialog()
    if d is None:
        return
    f, a = d.frameGeometry(), d.screen().availableGeometry()
    seen.append({"parent": type(d.parentWidget()).__name__, "frame": [f.x(), f.y(), f.width(), f.height()],
                 "area": [a.x(), a.y(), a.width(), a.height()], "text": d.text(), "details": d.detailedText()})
    d.button(QMessageBox.StandardButton.Ok).click()
    app.quit()

def fail():
    raise ValueError("\\n".join(f"sector {i:04d}: names a power the campaign does not have" for i in range(60)))

def run():
    w.hide()
    QTimer.singleShot(0, fail)
    QTimer.singleShot(400, measure)
    QTimer.singleShot(5000, app.quit)

QTimer.singleShot(300, run)
app.exec()
print(json.dumps(seen))
"""


def test_a_long_failure_s_error_dialog_fits_a_small_screen_at_scale_factor_2(tmp_path):
    seen = run_at_scale_2(tmp_path, CHECK, 1600, 1000)
    assert len(seen) == 1 and seen[0]["parent"] == "NoneType", seen
    s = seen[0]
    (x, y, w, h), (ax, ay, aw, ah) = s["frame"], s["area"]
    assert (aw, ah) == (800, 500)
    assert ax <= x and ay <= y and x + w <= ax + aw and y + h <= ay + ah, f"{w}x{h} at {x},{y} on {aw}x{ah}"
    assert s["text"].startswith("Fail failed: sector 0000: names a power") and "sector 0001" in s["text"]
    assert "sector 0059" not in s["text"] and "Show Details" in s["text"]  # the rest is under Details
    assert all(f"sector {i:04d}: names a power" in s["details"] for i in range(60))
