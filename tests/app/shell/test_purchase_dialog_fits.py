"""Turn > Buy a Unit... fits a 1600 x 1000 screen at ``QT_SCALE_FACTOR=2`` (issue 22, any screen).
Seen on the real screen at scale 2 (helper HW, turn 1's Turn Orders after Campaign > Unit Lists...):
the dialog opened 1692 pixels wide on the 1600-pixel screen, its explanation in one line and its
Cancel button beyond the right edge. The menu sweep (test_every_dialog_fits) never opens it: the
hand-kept campaign has no unit list, so Buy a Unit only says nothing can be bought.

The check runs in its own process (the scale factor and the screen are fixed when Qt starts): the
main window on a campaign in turn 1's Turn Orders whose Federation has a unit list, Ctrl+Shift+U
pressed as a person would; a timer measures the dialog against the screen's available area and
closes it."""
from __future__ import annotations

from rules.model import save_campaign
from rules.turn.run import play
from tests.app.shell.scale2_run import run_at_scale_2
from tests.rules.turn.test_purchases import TO_ORDERS, with_list

CHECK = """
import json, sys
from pathlib import Path
from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
app = QApplication([])
from app.shell.purchase_dialog import PurchaseDialog
from app.shell.window import MainWindow
w = MainWindow(Path(sys.argv[2]).with_name("orders.json"), settings=QSettings(sys.argv[1], QSettings.IniFormat))
w.show()
seen = []

def measure():
    for t in QApplication.topLevelWidgets():
        if isinstance(t, PurchaseDialog) and t.isVisible():
            f, a = t.frameGeometry(), t.screen().availableGeometry()
            seen.append({"title": t.windowTitle(), "frame": [f.x(), f.y(), f.width(), f.height()],
                         "area": [a.x(), a.y(), a.width(), a.height()]})
            t.reject()

timer = QTimer()
timer.setInterval(150)
timer.timeout.connect(measure)

def run():
    w.activateWindow()
    timer.start()
    QTest.keyClick(w, Qt.Key.Key_U, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    for _ in range(20):
        app.processEvents()
    timer.stop()
    print(json.dumps(seen))
    app.quit()

QTimer.singleShot(300, run)
app.exec()
"""


def test_buy_a_unit_fits_a_1600x1000_screen_at_scale_factor_2(tmp_path):
    save_campaign(play(with_list(), TO_ORDERS).campaign, tmp_path / "orders.json")
    seen = run_at_scale_2(tmp_path, CHECK, 1600, 1000)
    assert [s["title"] for s in seen] == ["Buy a unit (Turn Orders Phase)"], seen
    (x, y, w, h), (ax, ay, aw, ah) = seen[0]["frame"], seen[0]["area"]
    assert (aw, ah) == (800, 500)
    assert ax <= x and ay <= y and x + w <= ax + aw and y + h <= ay + ah, f"{w}x{h} at {x},{y} on {aw}x{ah}"
