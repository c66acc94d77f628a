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


def test_the_phase_line_names_no_seed_number(qtbot, tmp_path):
    """The "waits for" line, its End Phase tooltip and the phase bar's trail read the rules in words
    (issue 22): the engine's "(seed 004 gives no procedure)" is shown as "(the rules give no procedure)"."""
    import json

    from PySide6.QtCore import QSettings

    from app.shell.window import MainWindow
    from tests.hand_kept import hand_kept_file

    path = hand_kept_file(tmp_path)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["phase"] = "bombardment"  # a phase kept by hand whose line cites the seed
    path.write_text(json.dumps(data), encoding="utf-8")
    w = MainWindow(path, settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    assert "(the rules give no procedure)" in w.waits_label.text()
    shown = [w.waits_label.text(), w.end_phase_action.toolTip(), w.phase_label.toolTip()]
    assert not any("004" in t or "seed" in t for t in shown), shown
