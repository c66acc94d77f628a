"""Each GUI test starts on an empty screen with the mouse pointer parked where no test aims.

Qt sends no move event for a move to where the pointer already is, so a pointer left by the
previous test on the same spot would swallow the next test's hover; a window a test left open
(a rules viewer, a list) would catch the next test's mouse."""
from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtGui import QCursor
from PySide6.QtWidgets import QApplication

from app.shell.window import MainWindow
from tests.app.gui import show_active, v13_copy
from tests.app.watchdog import ModalWatchdog
from tests.hand_kept import hand_kept_file


@pytest.fixture(autouse=True)
def _clean_screen(qapp):
    QCursor.setPos(3, 997)
    dog = ModalWatchdog()  # a dialog nobody answers fails this test, never stalls the run (watchdog.py)
    yield
    for w in QApplication.topLevelWidgets():
        if w.isVisible():
            w.close()
    QApplication.processEvents()
    dog.stop()
    if dog.unanswered:
        pytest.fail(f"modal dialog(s) left open {dog.limit:.0f} s with nothing answering them, escaped: "
                    + ", ".join(dog.unanswered), pytrace=False)


@pytest.fixture
def window(qtbot, tmp_path, monkeypatch):
    """The main window on the default campaign with its empire turn kept by hand (tests/hand_kept.py,
    in turn 1's Turn Orders, written into the test's folder), 1400 x 900, active, the map zoomed in;
    error boxes are collected in ``window.errors`` instead of blocking."""
    return _window(qtbot, tmp_path, monkeypatch, hand_kept_file(tmp_path))


@pytest.fixture
def shipped_window(qtbot, tmp_path, monkeypatch):
    """As ``window``, on the default campaign as shipped (the installed file, turn 1's Income Phase)."""
    return _window(qtbot, tmp_path, monkeypatch, None)


@pytest.fixture
def v13_window(qtbot, tmp_path, monkeypatch):
    """As ``window``, on a copy of the default campaign whose Combat Phase is V13's own loop
    (``settings.combat_phase`` v13)."""
    return _window(qtbot, tmp_path, monkeypatch, v13_copy(tmp_path))


def _window(qtbot, tmp_path, monkeypatch, path):
    shown: list[tuple[str, str]] = []
    monkeypatch.setattr(MainWindow, "show_error", lambda self, title, text: shown.append((title, text)))
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    w = MainWindow(path, settings=settings) if path is not None else MainWindow(settings=settings)
    w.errors = shown
    qtbot.addWidget(w)
    w.resize(1400, 900)
    show_active(w, qtbot)
    w.strategic_view.zoom(2.0)
    return w
