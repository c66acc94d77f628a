"""Every window the main window's menus open fits the screen at ``QT_SCALE_FACTOR=2`` on a
1600 x 1000 screen (800 x 500 logical pixels; issue 22, any screen). Seen on the real screen at
scale 2: Campaign > Unit Lists opened 2258 x 1360 and File > New Campaign 1774 x 1002 pixels, their
OK and Cancel beyond the screen's edge.

The sweep runs in its own process (the scale factor and the screen are fixed when Qt starts): the
main window in turn 1's Turn Orders, then each enabled menu entry that opens a window ("...",
Help's rules viewers and About, the tactical map floated in its own window: 2000 x 1520 pixels
on the real screen), triggered as a person would; a timer measures each window it opens (dialogs,
message boxes, file dialogs, windows of their own) against the screen's available area, then
closes it. A window left open is closed before the next entry."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

import pytest

from tests.conftest import ROOT
from tests.hand_kept import hand_kept_file

SWEEP = """
import json, sys
from pathlib import Path
from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtWidgets import QApplication, QDialog, QMenu
app = QApplication([])
from app.shell.window import MainWindow
w = MainWindow(Path(sys.argv[2]), settings=QSettings(sys.argv[1], QSettings.IniFormat))
w.show()
seen, skipped = [], []

def windows():
    return [t for t in QApplication.topLevelWidgets() if t.isVisible() and t is not w and t.isWindow()
            and not isinstance(t, QMenu) and t.windowType() != Qt.WindowType.ToolTip]  # not menus nor tool tips

def laid_out(lay):  # the visible widgets lay and its nested layouts place (one parent's coordinates)
    for i in range(lay.count()):
        item = lay.itemAt(i)
        if item.widget() is not None and item.widget().isVisible():
            yield item.widget()
        elif item.layout() is not None:
            yield from laid_out(item.layout())

def overlaps(widget):  # widgets one layout placed over each other, in widget and the widgets inside it
    if widget.layout() is None:
        return []
    ws = list(laid_out(widget.layout()))
    out = [f"{type(a).__name__} {a.geometry().getRect()} over {type(b).__name__} {b.geometry().getRect()}"
           for i, a in enumerate(ws) for b in ws[i + 1:] if a.geometry().intersects(b.geometry())]
    return out + [o for w in ws for o in overlaps(w)]

def measure():
    for t in windows():
        f, a = t.frameGeometry(), t.screen().availableGeometry()
        seen.append({"entry": entry[0], "title": t.windowTitle(), "class": type(t).__name__,
                     "frame": [f.x(), f.y(), f.width(), f.height()], "area": [a.x(), a.y(), a.width(), a.height()],
                     "overlaps": overlaps(t)})
        if isinstance(t, QDialog):
            t.reject()
        else:
            t.close()

timer = QTimer()
timer.setInterval(150)
timer.timeout.connect(measure)
entry = [""]

def entries(menu, path):
    for a in menu.actions():
        if a.menu() is not None:
            yield from entries(a.menu(), path + [a.menu().title().replace("&", "")])
        elif a.isEnabled() and (a.text().replace("&", "").endswith("...") or path[:1] == ["Help"]
                                or "own Window" in a.text().replace("&", "")):
            yield path + [a.text().replace("&", "")], a

def sweep():
    timer.start()
    for path, action in list(entries(w.menuBar(), [])):
        entry[0] = " > ".join(path)
        action.trigger()  # a modal dialog runs here until the timer has measured and closed it
        for _ in range(20):  # a window of its own (not modal) is measured too
            app.processEvents()
        measure()
    timer.stop()
    print(json.dumps({"seen": seen, "ratio": w.screen().devicePixelRatio()}))
    app.quit()

QTimer.singleShot(300, sweep)
app.exec()
"""


@pytest.mark.parametrize("height", [1000, 900])  # 900: about what the real 1600 x 1000 screen leaves a window inside its frame
def test_every_window_the_menus_open_fits_a_1600x1000_screen_at_scale_factor_2(tmp_path, height):
    config = tmp_path / "screen.json"
    config.write_text(json.dumps({"screens": [{"name": "small", "x": 0, "y": 0, "width": 1600, "height": height,
                                               "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}]}))
    env = {**os.environ, "QT_QPA_PLATFORM": f"offscreen:configfile={config}", "QT_SCALE_FACTOR": "2",
           "BATTLEHEX_DATA": str(tmp_path / "data"), "HOME": str(tmp_path / "home")}
    r = subprocess.run([sys.executable, "-c", textwrap.dedent(SWEEP), str(tmp_path / "s.ini"),
                        str(hand_kept_file(tmp_path))], cwd=ROOT, env=env,
                       check=False, capture_output=True, text=True, timeout=240)
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout.strip().splitlines()[-1])
    assert out["ratio"] == 2.0
    titles = {s["title"] for s in out["seen"]}
    assert len(titles) >= 8, titles  # the sweep opened the menus' windows (Unit Lists, New Campaign, ...)
    too_big = []
    for s in out["seen"]:
        (x, y, w, h), (ax, ay, aw, ah) = s["frame"], s["area"]
        assert (aw, ah) == (800, height // 2)
        if not (ax <= x and ay <= y and x + w <= ax + aw and y + h <= ay + ah):
            too_big.append(f"{s['entry']}: {s['title']!r} ({s['class']}) at {x},{y} {w}x{h}")
    assert not too_big, f"windows outside the 800 x {height // 2} screen:\n" + "\n".join(too_big)
    # fitted below what its layout needs, a window draws its rows over each other (New Campaign's
    # empire list ran under the Optional rules row on the real screen at scale 2)
    squeezed = [f"{s['entry']}: {s['title']!r}: {o}" for s in out["seen"] for o in s["overlaps"]]
    assert not squeezed, "widgets laid over each other:\n" + "\n".join(squeezed)
