"""The Battle Intensity dialog beside what it asks about: seen on the 1600 x 1000 screen (helper
HF's shot 76, 0703), the dialog opened by Answer... stood centred on the battle window, over the
panel's four BIF buttons and the heading of its table of expected damage. It now stands off both
(above them over the counters, or below, or left of them)."""
from __future__ import annotations

from PySide6.QtCore import QPoint, QRect
from PySide6.QtWidgets import QMenu

from app.widgets.question_dialogs import QuestionDialog
from tests.app.gui import Answerer, ok, open_main_window, press
from tests.app.systems.test_table import system_action
from tests.app.test_gui_paths import end_movement_and_fight


def _global(w) -> QRect:
    return QRect(w.mapToGlobal(QPoint(0, 0)), w.size())


def test_the_bif_dialog_leaves_the_bif_buttons_and_the_odds_table_in_sight(qtbot, tmp_path):
    main = open_main_window(qtbot, tmp_path)
    system_action(main.findChild(QMenu, "battle_systems_menu"), "sidcors").trigger()
    bw = end_movement_and_fight(main, qtbot, "0604")
    qtbot.wait(100)  # its first fit to the tests' 800 x 800 screen done: then it takes the size asked,
    bw.resize(1400, 900)  # the battle window's on the 1600 x 1000 screen (a window centred dialog hit the BIF row)
    qtbot.wait(50)
    assert bw.size().height() == 900
    seen: list[tuple[QRect, QRect, QRect]] = []

    def answer(d) -> bool:
        if isinstance(d, QuestionDialog) and "/bif/" in d.q.key:
            panel = bw.panel
            seen.append((d.frameGeometry(), _global(panel.choice), _global(panel.odds)))
            return ok(d)
        return False

    answerer = Answerer(answer)
    for _ in range(100):
        q = bw.b.pending
        if seen:
            break
        if bw.handing_over():
            bw.activateWindow()
            press(bw, "Return")
            qtbot.wait(5)
            continue
        if "/bif/" in q.key:
            assert bw.panel.choice.isVisible() and bw.panel.odds.isVisible()
            bw.activateWindow()
            qtbot.waitUntil(bw.isActiveWindow, timeout=2000)
            press(bw, "Alt+A")
        qtbot.waitUntil(lambda q=q: bw.b.pending is not q or bool(seen), timeout=5000)
        qtbot.wait(5)
    answerer.stop()
    assert seen, "no Battle Intensity dialog opened"
    dialog, choice, odds = seen[0]
    assert not dialog.intersects(choice), (dialog, choice)  # the four BIF buttons
    heading = QRect(odds.topLeft(), QPoint(odds.right(), odds.top() + 60))  # the words and the table's head row
    assert not dialog.intersects(heading), (dialog, odds)
    bw.close()
