"""Issue 22, seen on the real screen: while each Team answered its V13.16/V13.18 ignore
questions after End Movement (Ctrl+E), the status bar still read "Turn Orders waits for: movement
orders from every team...". It now names the question asked and the Team it waits for, and goes
back to the phase's words when the questions are cancelled."""
from __future__ import annotations

from PySide6.QtWidgets import QApplication, QWidget

from app.shell.turn_dialogs import IgnoreDialog
from tests.app.gui import Answerer, cancel, ok, open_main_window, press, show_active, take_over


def _reading(main, seen: list[str], answer) -> object:
    def handle(d: QWidget) -> bool:
        if isinstance(d, IgnoreDialog):
            seen.append(main.waits_label.text())
        return answer(d)
    return handle


def test_the_status_bar_follows_the_ignore_questions(qtbot, tmp_path):
    main = open_main_window(qtbot, tmp_path)
    before = main.waits_label.text()
    assert before.startswith("Turn Orders waits for: movement orders"), before
    seen: list[str] = []
    answerer = Answerer(take_over, _reading(main, seen, cancel))
    press(main, "Ctrl+E")
    qtbot.waitUntil(lambda: bool(seen) and QApplication.activeModalWidget() is None, timeout=10000)
    answerer.stop()
    teams = [t.name for t in main.campaign.teams]
    assert seen and all("movement orders" not in s for s in seen), seen
    assert all("V13.16" in s and any(t in s for t in teams) for s in seen), seen
    assert main.waits_label.text() == before  # cancelled: nothing changed, the phase's words again

    seen.clear()
    show_active(main, qtbot)  # the window has the keyboard again once the dialogs are gone
    answerer = Answerer(take_over, _reading(main, seen, ok))
    press(main, "Ctrl+E")
    qtbot.waitUntil(lambda: not main.end_movement_action.isEnabled(), timeout=10000)
    answerer.stop()
    assert len(seen) >= 2 and len(set(seen)) == len(seen), seen  # each Team's own words
    assert not main.waits_label.text().startswith("Turn Orders"), main.waits_label.text()
