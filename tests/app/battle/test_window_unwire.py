"""A battle window stops listening once (issue 21/22 follow-up): closed, then its session or
controller destroyed before the window itself is deleted, it tried to disconnect again and PySide
printed "RuntimeWarning: libpyside: Failed to disconnect ..." for each signal on stderr."""
from __future__ import annotations

import warnings

from PySide6.QtCore import QCoreApplication, QSettings
from PySide6.QtWidgets import QDialog

from app.shell.turn_dialogs import IgnoreDialog
from app.shell.window import MainWindow
from hexmap import Label
from tests.app.gui import to_space_combat
from tests.hand_kept import hand_kept_file


def test_a_closed_window_whose_session_goes_warns_nothing(qtbot, tmp_path, monkeypatch):
    monkeypatch.setattr(MainWindow, "show_error", lambda self, title, text: None)
    monkeypatch.setattr(IgnoreDialog, "exec", lambda d: QDialog.DialogCode.Accepted)
    main = MainWindow(hand_kept_file(tmp_path), settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(main)
    main.show()
    main.end_movement()
    main._battle_dialog.close()
    to_space_combat(main, qtbot)
    path = tmp_path / "c.json"
    assert main.save_to(path)
    bw = main.fight(Label.parse("0604"))
    bw.auto_dialogs = False
    qtbot.waitExposed(bw)
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        bw.close()  # its close button: it stops listening (deleted later)
        bw.ctl.destroyed.emit()  # ... and its controller goes first (at exit, the session's children die)
        assert main.open_campaign(path)  # File > Open: the old session goes before the window is deleted
        for _ in range(3):
            QCoreApplication.processEvents()
    told = [str(w.message) for w in seen if "disconnect" in str(w.message)]
    assert told == []
