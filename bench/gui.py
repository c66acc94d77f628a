"""What a user feels in the battle window, end to end through Qt (offscreen): a click that
selects a counter, and a press of "+1 impulse" (the answer, the autosave, the redraw) on a
battle of 100, 2,000 and 5,000 answers. Medians of repeated runs with the goal beside each
figure; the press is also measured with the old indented autosave (the naive baseline) in
the same run. No timed assertion (it only checks that the clicks did select).

    python bench/gui.py
"""
from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("BATTLEHEX_DATA", tempfile.mkdtemp(prefix="battlehex-bench-"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from common import median_ms  # noqa: E402
from PySide6.QtCore import QSettings, Qt  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QApplication, QDialog, QPushButton  # noqa: E402

from app import session as session_module  # noqa: E402
from app.battle_map import centre_of  # noqa: E402
from app.battle_window import BattleWindow  # noqa: E402
from app.main_window import MainWindow  # noqa: E402
from app.turn_dialogs import IgnoreDialog  # noqa: E402
from rules.model import io  # noqa: E402
from tests.app.test_battle_window import set_up_0604  # noqa: E402


def battle(app: QApplication, answers: int) -> BattleWindow:
    """The 0604 battle in combat with ``answers`` clock answers after its set-up."""
    IgnoreDialog.exec = lambda d: QDialog.Accepted
    w = MainWindow(settings=QSettings(str(Path(tempfile.mkdtemp()) / "s.ini"), QSettings.IniFormat))
    w.show()
    w.end_movement()
    at = next(b.at for b in w.campaign.battle_hexes if str(b.at) == "0604")
    bw = BattleWindow(w.session, at, w)
    bw.auto_dialogs = False
    bw.show()
    set_up_0604(bw)
    b = bw.b
    for _ in range(answers):
        b.answer({"clock": 1})
    grown = b.saved()
    w.session.apply("bench", lambda _c: grown)
    app.processEvents()
    bw._bench_main = w
    return bw


def press(app: QApplication, bw: BattleWindow) -> float:
    button = next(x for x in bw.panel.combat.findChildren(QPushButton) if x.text() == "+1 impulse")

    def once() -> None:
        button.click()
        app.processEvents()
    return median_ms(once, repeat=15)


def click_select(app: QApplication, bw: BattleWindow) -> float:
    vp = bw.panel.view.viewport()
    uids = [u for u in ("kz-eff-1", "kz-aac-1") if u in bw.panel.scene.counters]
    bw.panel.view.centerOn(bw.panel.scene.counters[uids[0]].scenePos())
    points = [bw.panel.view.mapFromScene(centre_of(bw.b.state.units[uid].pos)) for uid in uids]
    k = [0]

    def once() -> None:
        k[0] += 1
        QTest.mouseClick(vp, Qt.LeftButton, pos=points[k[0] % len(points)])
        app.processEvents()
    ms = median_ms(once, repeat=20)
    assert bw.panel._selected in uids, "the clicks selected no counter"
    return ms


def main() -> None:
    app = QApplication.instance() or QApplication([])
    rows = []
    for n in (100, 2000, 5000):
        bw = battle(app, n)
        fast = press(app, bw)
        original = io.save_campaign
        session_module.save_campaign = lambda c, p, compact=False: original(c, p)  # the old indented autosave
        naive = press(app, bw)
        session_module.save_campaign = original
        rows.append((f"clock press, {n:,} answers", fast, 16.0, naive))
        if n == 100:
            click_select(app, bw)  # warm: the first clicks build the counters' cached pictures
            rows.append(("click-select a counter", click_select(app, bw), 2.0, None))
        bw.close()
        bw._bench_main.close()
    print(f"{'what':<32}{'median ms':>10}{'goal ms':>9}{'indented autosave':>19}")
    for what, ms, goal, naive in rows:
        extra = f"{naive:>12.1f} ({naive / ms:.1f}x)" if naive else ""
        print(f"{what:<32}{ms:>10.1f}{goal:>9.1f}{extra:>19}")


if __name__ == "__main__":
    main()
