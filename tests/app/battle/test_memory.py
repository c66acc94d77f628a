"""Memory stays flat over open-file + Fight + close cycles (issue 21 part 4): once a battle
window is closed and another file opened, nothing keeps the closed window, its battle's
controller or the old session alive. ``bench/gui.py`` measures the RSS over 500 cycles; this
test has no timing in it, only what is still referenced.

A window closed before its queued calls ran (the first fit, the next question) was kept for
good, with its session and campaign: PySide keeps the object of a bound method given to
``QTimer.singleShot(0, context, ...)`` when the context is deleted before the call."""
from __future__ import annotations

import gc
import weakref

from PySide6.QtCore import QCoreApplication, QEvent
from PySide6.QtWidgets import QApplication, QDialog

from tests.app.gui import (
    Answerer,
    choose_item,
    click_button,
    open_main_window,
    press,
    save_file,
    show_active,
    to_space_combat,
)


def _battle_windows():
    from app.battle.window import BattleWindow

    return [w for w in QApplication.topLevelWidgets() if isinstance(w, BattleWindow) and w.isVisible()]


def _discard(d) -> bool:
    """The "Unsaved changes" box of File > Open: Discard (the battle's set-up answers)."""
    return d.objectName() == "unsaved_changes" and click_button(d, "Discard")


def _open(main, qtbot, path) -> None:
    """File > Open (Ctrl+O), the file typed in its dialog, unsaved changes discarded."""
    old = main.session
    show_active(main, qtbot)
    answerer = Answerer(save_file(str(path)), _discard)
    press(main, "Ctrl+O")
    qtbot.waitUntil(lambda: main.session is not old and main.campaign_path == path, timeout=20_000)
    answerer.stop()


def _fight(main, qtbot):
    """Fight (Ctrl+F), the Battle Hex 0604 chosen in its list."""
    show_active(main, qtbot)
    answerer = Answerer(choose_item("0604"))
    press(main, "Ctrl+F")
    qtbot.waitUntil(lambda: bool(_battle_windows()), timeout=20_000)
    answerer.stop()
    return _battle_windows()[-1]


def _settle() -> None:
    for _ in range(2):
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
        QCoreApplication.processEvents()


def test_closed_battle_windows_and_their_sessions_are_released(qtbot, tmp_path, monkeypatch):
    from app.shell.turn_dialogs import IgnoreDialog

    monkeypatch.setattr(IgnoreDialog, "exec", lambda d: QDialog.DialogCode.Accepted)
    main = open_main_window(qtbot, tmp_path)
    main.end_movement()
    main._battle_dialog.close()
    to_space_combat(main, qtbot)
    path = tmp_path / "c.json"
    assert main.save_to(path)
    gone = []
    for _ in range(3):
        _open(main, qtbot, path)
        bw = _fight(main, qtbot)
        assert bw.b is not None and str(bw.b.record.at) == "0604"
        gone += [weakref.ref(bw), weakref.ref(bw.ctl), weakref.ref(bw.session)]
        bw.close()  # the window's close button, at once (its queued calls not run yet)
        del bw
        _settle()
    _open(main, qtbot, path)  # the last battle's session goes too
    _settle()
    gc.collect()
    alive = [type(r()).__name__ for r in gone if r() is not None]
    assert alive == [], f"still alive after their windows closed and another file opened: {alive}"
    assert main._battle_windows == []
