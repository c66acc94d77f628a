"""A modal window whose parent is not a window fits the screen too (issue 22, any screen): the main
window's fit watcher followed the windows it and its child windows open (their ``ChildPolished``),
so a dialog opened by a widget inside a window, as the Empire Sheet dock's Export CSV... file
dialog, was shown at its own size: 634 x 410 on a 1200 x 800 screen at ``QT_SCALE_FACTOR=2``
(600 x 400 logical pixels), its Save button beyond the screen's right edge. A watched window is
told when a modal window blocks it (``WindowBlocked``): one no watched window told of (a widget's
dialog, or one with no parent at all) is fitted then, before it is on the screen, and watched in turn.
No filter on the whole application (it broke tests/app/strategic/test_view_viewport.py before).

The check runs in its own process (the scale factor and the screen are fixed when Qt starts): the
main window in turn 1's Turn Orders, View > Empire Sheet, its Export CSV... button clicked as a
person would; a timer measures the file dialog against the screen's available area and closes it."""
from __future__ import annotations

from tests.app.shell.scale2_run import run_at_scale_2

CHECK = """
import json, sys
from pathlib import Path
from PySide6.QtCore import QSettings, QTimer
from PySide6.QtWidgets import QApplication, QFileDialog
app = QApplication([])
from app.shell.window import MainWindow
w = MainWindow(Path(sys.argv[2]), settings=QSettings(sys.argv[1], QSettings.IniFormat))
w.show()
seen = []

def measure():
    for t in QApplication.topLevelWidgets():
        if isinstance(t, QFileDialog) and t.isVisible():
            f, a = t.frameGeometry(), t.screen().availableGeometry()
            seen.append({"title": t.windowTitle(), "parent": type(t.parentWidget()).__name__,
                         "frame": [f.x(), f.y(), f.width(), f.height()], "area": [a.x(), a.y(), a.width(), a.height()]})
            t.reject()

timer = QTimer()
timer.setInterval(150)
timer.timeout.connect(measure)

def run():
    action = next(a for m in w.menuBar().actions() if m.menu() is not None and m.text().replace("&", "") == "View"
                  for a in m.menu().actions() if a.text().replace("&", "").startswith("Empire Sheet"))
    action.trigger()
    for _ in range(20):
        app.processEvents()
    timer.start()
    w.empire_sheet.csv_button.click()  # the file dialog runs here until the timer has measured and closed it
    timer.stop()
    print(json.dumps(seen))
    app.quit()

QTimer.singleShot(300, run)
app.exec()
"""


def test_the_empire_sheet_s_file_dialog_fits_a_small_screen_at_scale_factor_2(tmp_path):
    seen = run_at_scale_2(tmp_path, CHECK, 1200, 800)
    assert [(s["title"], s["parent"]) for s in seen] == [("Export the empire sheet", "EmpireSheet")], seen
    (x, y, w, h), (ax, ay, aw, ah) = seen[0]["frame"], seen[0]["area"]
    assert (aw, ah) == (600, 400)
    assert ax <= x and ay <= y and x + w <= ax + aw and y + h <= ay + ah, f"{w}x{h} at {x},{y} on {aw}x{ah}"
