"""Closed battle windows are let go (issue 21 part 4): the main window kept every battle window
it opened (500 open-file + Fight cycles took RSS from 104 to 805 MiB), and a window closed before
its first fit raised from the fit's timer on a deleted map view."""
from __future__ import annotations

import warnings
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QEvent, QSettings
from PySide6.QtWidgets import QDialog

from app.shell.window import MainWindow
from app.shell.turn_dialogs import IgnoreDialog
from hexmap import Label
from tests.app.gui import to_space_combat
from tests.hand_kept import hand_kept_file


def at_space_combat(qtbot, tmp_path, monkeypatch) -> tuple[MainWindow, Path]:
    """The main window in the Space Combat Phase, its campaign saved to a file."""
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
    return main, path


def test_a_closed_battle_window_is_let_go(qtbot, tmp_path, monkeypatch):
    main, path = at_space_combat(qtbot, tmp_path, monkeypatch)
    for _ in range(2):
        bw = main.fight(Label.parse("0604"))
        assert bw is not None
        bw.auto_dialogs = False
        qtbot.waitExposed(bw)
        bw.close()  # the window's close button (WA_DeleteOnClose)
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
        del bw
    assert main._battle_windows == [], "the main window still holds its closed battle windows"
    assert main.open_campaign(path)  # File > Open: a new session; nothing raises after the windows went
    for _ in range(2):
        QCoreApplication.processEvents()
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


def test_a_closed_window_whose_session_goes_warns_nothing(qtbot, tmp_path, monkeypatch):
    """Closed, then its controller or session destroyed before the window is deleted, a window
    disconnected again and PySide printed "RuntimeWarning: libpyside: Failed to disconnect ..."
    for each signal on stderr: it stops listening once."""
    main, path = at_space_combat(qtbot, tmp_path, monkeypatch)
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
