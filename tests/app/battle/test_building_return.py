"""Return in a SIDCORS or AF/EF battle window (issue 22, real-screen pass): outside a dialog it
did nothing, a keyboard user needed Alt+A (Answer...) or Alt+C (Commit). Return (and the keypad's
Enter) now does what the panel's main button does; not in the log, where Return is the log's."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QMenu

from app.systems.afef import AfefPanel
from app.widgets.question_dialogs import QuestionDialog
from tests.app.gui import Answerer, ok, open_main_window
from tests.app.systems.test_afef import drag
from tests.app.systems.test_table import system_action
from tests.app.test_gui_paths import end_movement_and_fight


def _battle(qtbot, tmp_path, system: str):
    main = open_main_window(qtbot, tmp_path)
    system_action(main.findChild(QMenu, "battle_systems_menu"), system).trigger()
    return end_movement_and_fight(main, qtbot, "0604")


def _to(bw, qtbot, kind: str) -> None:
    """Past the hand-overs (their button clicked) to the first question of ``kind``, the window active."""
    for _ in range(50):
        if bw.handing_over():
            qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)
            qtbot.wait(5)
            continue
        assert bw.b.pending.key.split("/")[2] == kind, bw.b.pending.key
        break
    bw.activateWindow()
    qtbot.waitUntil(bw.isActiveWindow, timeout=2000)


def _key(widget, key=Qt.Key.Key_Return, mod=Qt.KeyboardModifier.NoModifier) -> None:
    """``key`` pressed where the focus is, after ``widget`` took it."""
    widget.setFocus()
    QTest.keyClick(QApplication.focusWidget() or widget, key, mod)


def test_return_in_a_sidcors_battle_opens_the_answer_dialog(qtbot, tmp_path):
    bw = _battle(qtbot, tmp_path, "sidcors")
    _to(bw, qtbot, "bif")
    q = bw.b.pending
    asked: list[str] = []
    answerer = Answerer(lambda d: isinstance(d, QuestionDialog) and (asked.append(d.q.key) or ok(d)))
    try:
        _key(bw.log_view)  # Return in the log is the log's: no question asked
        qtbot.wait(200)
        assert asked == [] and bw.b.pending is q
        _key(bw.panel.central)  # the Battle Forces' counters
        qtbot.waitUntil(lambda: bool(asked), timeout=3000)
    finally:
        answerer.stop()
    assert asked == [q.key]  # Answer...'s dialog: the BIF by keys
    assert bw.b.pending is not q


def test_return_and_enter_in_an_afef_battle_commit(qtbot, tmp_path):
    bw = _battle(qtbot, tmp_path, "afef")
    bw.auto_dialogs = False
    panel = bw.panel
    assert isinstance(panel, AfefPanel)
    _to(bw, qtbot, "modifiers")  # the GM's: Return where the focus is in a modifier's box gives them
    q = bw.b.pending
    _key(next(iter(panel.spins.values())) if panel.spins else panel.view)
    qtbot.waitUntil(lambda: bw.b.pending is not q, timeout=3000)
    _to(bw, qtbot, "screen")  # the defender's screened row, as it stands: Return on the battle line
    q = bw.b.pending
    _key(panel.view)
    qtbot.waitUntil(lambda: bw.b.pending is not q, timeout=3000)
    _to(bw, qtbot, "declare")
    q = bw.b.pending
    shooter = next(iter(q.data["dice"]))
    drag(panel.view, shooter, q.data["targets"][0])
    assert panel.plan
    _key(bw.log_view)
    qtbot.wait(50)
    assert bw.b.pending is q and panel.plan  # the log's Return committed nothing
    _key(panel.view, Qt.Key.Key_Enter, Qt.KeyboardModifier.KeypadModifier)  # the battle line, keypad Enter
    qtbot.waitUntil(lambda: bw.b.pending is not q, timeout=3000)
    assert shooter in str(bw.b.answers[-1])  # what Commit gives: the plan dragged


def test_every_systems_panel_has_every_part_of_the_panel_protocol():
    """The window calls each BattlePanel method on any system's panel: V13's lacked primary_button,
    and Return in a V13 battle window raised AttributeError (CI's random walk at e418551)."""
    from app.battle.panel import BattlePanel
    from rules.systems import registry

    wanted = [n for n in vars(BattlePanel) if not n.startswith("_")]
    assert "primary_button" in wanted
    for key, entry in registry.systems().items():
        panel = registry.load(entry.panel)
        missing = [n for n in wanted if not hasattr(panel, n)]
        assert missing == [], f"{key}: {missing}"

