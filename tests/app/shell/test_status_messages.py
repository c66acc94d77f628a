"""A status-bar message is read, not squeezed away: the phase's "waits for" line, a permanent
widget with all the stretch, left a temporary message no width at all (issue 22: seen on the real
screen, Export My Orders' "sealed to the GM" never showed). While a message shows, the line steps
aside; it comes back when the message goes."""
from __future__ import annotations

from PySide6.QtWidgets import QApplication

from tests.app.gui import open_main_window


def _action(window, text: str):
    return next(a for a in window.findChildren(type(window.menuBar().actions()[0]))
                if a.text().replace("&", "") == text)


def test_a_message_from_a_menu_action_gets_the_status_bar(qtbot, tmp_path):
    w = open_main_window(qtbot, tmp_path)
    w.statusBar().clearMessage()  # the opening's own message gone
    QApplication.processEvents()
    assert w.waits_label.isVisible()
    _action(w, "Buy a Unit (Turn Orders)...").trigger()  # the default campaign keeps its economy by hand
    QApplication.processEvents()
    bar = w.statusBar()
    assert bar.currentMessage().startswith("Purchases: ")
    assert not w.waits_label.isVisible()  # the message has the room the line had
    bar.clearMessage()
    QApplication.processEvents()
    assert w.waits_label.isVisible() and w.waits_label.text()
