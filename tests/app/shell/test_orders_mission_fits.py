"""The orders dialog's mission page is whole on a 1600 x 1000 screen at ``QT_SCALE_FACTOR=2`` (issue 22, any
screen; issue 23's Risks box). Seen on the real screen at scale 2 (helper I5, shot s10): the Klingons' mission
page opened 361 logical pixels tall, QWidget.adjustSize's two thirds of the 500-pixel screen, and the Risks box
under the mission's note was cut at its bottom. The dialog now grows to its page up to the screen's height.

Run in its own process (the scale factor and the screen are fixed when Qt starts): the main window on a campaign
in Turn Orders where the Klingons are at Peace with the Federation, the Klingons' orders dialog with the Intel
mission kind chosen, a sabotage against 0207 (two outcomes: the box scrolls); the box's visible part is measured
against the box, and the dialog against the screen."""
from __future__ import annotations

from rules.model import dumps, parse_campaign, save_campaign
from rules.turn.run import play
from tests.app.shell.scale2_run import run_at_scale_2
from tests.rules.turn.test_intel_missions import spies
from tests.rules.turn.test_purchases import TO_ORDERS

CHECK = """
import json, sys
from pathlib import Path
from PySide6.QtCore import QSettings, QTimer
from PySide6.QtWidgets import QApplication
app = QApplication([])
from app.shell.orders_dialog import OrdersDialog
from app.shell.window import MainWindow
w = MainWindow(Path(sys.argv[2]).with_name("orders.json"), settings=QSettings(sys.argv[1], QSettings.IniFormat))
w.show()

def run():
    d = OrdersDialog(w.campaign, "klingon", w)
    d.show()
    d.choose("mission")
    d.target_box.setCurrentIndex(d.target_box.findData("0207"))
    d.mission_box.setCurrentIndex(d.mission_box.findData("sabotage"))
    for _ in range(20):
        app.processEvents()
    box = d.mission_risks
    seen, full = box.visibleRegion().boundingRect(), box.rect()
    f, a = d.frameGeometry(), d.screen().availableGeometry()
    print(json.dumps({"box": [full.width(), full.height()], "seen": [seen.width(), seen.height()],
                      "frame": [f.x(), f.y(), f.width(), f.height()], "area": [a.x(), a.y(), a.width(), a.height()],
                      "text": box.toPlainText()}))
    d.reject()
    app.quit()

QTimer.singleShot(300, run)
app.exec()
"""


def test_the_mission_pages_risks_are_whole_at_scale_factor_2(tmp_path):
    save_campaign(parse_campaign(dumps(play(spies(klingon_fed="peace"), TO_ORDERS).campaign)), tmp_path / "orders.json")
    seen = run_at_scale_2(tmp_path, CHECK, 1600, 1000)
    assert seen["text"].startswith("If the GM rules it caught: United Federation of Planets' chances against Klingon")
    assert seen["seen"] == seen["box"], seen  # not cut by the page under it
    (x, y, w, h), (ax, ay, aw, ah) = seen["frame"], seen["area"]
    assert (aw, ah) == (800, 500)
    assert ax <= x and ay <= y and x + w <= ax + aw and y + h <= ay + ah, f"{w}x{h} at {x},{y} on {aw}x{ah}"
