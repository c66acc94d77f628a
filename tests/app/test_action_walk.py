"""Every action of every window, triggered as a person triggers it, in the states a person
meets: the campaign before and after movement, a battle at its hand-over, in set-up and in
combat. A dialog that opens is cancelled through its own buttons. The walk fails on an
exception in a slot (pytest-qt), a traceback on stderr, a Qt warning, or a window titled
with ``False`` or ``None`` -- the faults of the 2026-11-22 main."""
from __future__ import annotations

import re

import pytest
from PySide6.QtCore import QtMsgType
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QLabel, QPushButton, QWidget

from app.battle.window import BattleWindow
from app.shell.window import MainWindow
from tests.app.systems.v13.test_keys import take_over_by_keys
from tests.app.gui import Answerer, ok, open_main_window, to_space_combat
from tests.app.battle.test_window import place_0604, to_defender_placement

IGNORED_WARNINGS = ("This plugin does not support",)  # the offscreen platform's, not ours


def actions_of(window: QWidget) -> list[QAction]:
    """The window's actions a person can reach: menus, toolbars, shortcuts (not submenu titles)."""
    seen: dict[int, QAction] = {}
    for a in window.findChildren(QAction):
        if a.menu() is None and not a.isSeparator() and a.text():
            seen.setdefault(id(a), a)
    return list(seen.values())


def titles() -> list[str]:
    return [w.windowTitle() for w in QApplication.topLevelWidgets() if w.isVisible()]


def check_titles() -> None:
    """Every visible window names what it shows; no title or heading shows False or None."""
    for w in QApplication.topLevelWidgets():
        if not w.isVisible() or not w.isWindow():
            continue
        t = w.windowTitle()
        assert t.strip() and not re.search(r"\b(False|None)\b", t), f"window titled {t!r}: {w!r}"
        for label in w.findChildren(QLabel):
            if label.isVisible():
                assert not re.search(r"\b(False|None)\b", label.text()), f"{t}: label {label.text()!r}"


def close_extra_windows(keep: list[QWidget]) -> None:
    """Close what an action opened without a modal loop (rules viewer, Battle Hex list...)."""
    for w in QApplication.topLevelWidgets():
        if w.isVisible() and w not in keep and w.isWindow() and not isinstance(w, (MainWindow, BattleWindow)):
            w.close()


def walk(window: QWidget, keep: list[QWidget], skip: tuple[str, ...] = ()) -> list[str]:
    """Trigger every enabled action of ``window`` once; returns the texts triggered."""
    done = []
    answerer = Answerer()  # cancels every dialog
    try:
        for a in actions_of(window):
            text = a.text().replace("&", "")
            if not a.isEnabled() or any(text.startswith(s) for s in skip):
                continue
            for _ in range(2 if a.isCheckable() else 1):  # a toggle is put back as it was
                a.trigger()
                QApplication.processEvents()
                check_titles()
                close_extra_windows(keep)
            done.append(text)
    finally:
        answerer.stop()
    return done


def click_all(buttons: list[QPushButton], keep: list[QWidget]) -> list[str]:
    done = []
    answerer = Answerer()
    try:
        for b in buttons:
            if b.isVisible() and b.isEnabled():
                b.click()
                QApplication.processEvents()
                check_titles()
                close_extra_windows(keep)
                done.append(b.text())
    finally:
        answerer.stop()
    return done


@pytest.fixture
def clean(qtlog, capfd):
    """After the test: no traceback on stderr, no Qt warning of ours."""
    yield
    err = capfd.readouterr().err
    assert "Traceback" not in err, err
    bad = [r.message for r in qtlog.records if r.type in (QtMsgType.QtWarningMsg, QtMsgType.QtCriticalMsg,
                                                          QtMsgType.QtFatalMsg)
           and not r.message.startswith(IGNORED_WARNINGS)]
    assert not bad, bad


@pytest.fixture
def main(qtbot, tmp_path):
    return open_main_window(qtbot, tmp_path)


def test_every_main_window_action_before_and_after_movement(main, qtbot, clean):
    done = walk(main, [main], skip=("Quit", "End Movement", "Open", "Fight"))
    assert "Control Overlay" in done and "About BattleHex" in done and len(done) >= 15
    answerer = Answerer(ok)
    main.end_movement_action.trigger()
    answerer.stop()
    close_extra_windows([main])
    to_space_combat(main, qtbot)  # seed 004: Supply, the encounters answered in their dialogs
    done = walk(main, [main], skip=("Quit", "Open", "1 ", "End Movement Phase", "Undo", "Redo"))
    assert any(t.startswith("Fight") for t in done) and any(t.startswith("GM Ruling") for t in done)
    done = walk(main, [main], skip=("Quit", "Open", "End", "Fight", "GM", "Show", "Clear", "Save", "Control",
                                    "Supply", "Lanes", "Zoom", "Fit", "Float", "Sector", "Tactical", "About",
                                    "Fleet", "1 ", "Victory", "Babylon", "Tactical", "Generic", "V13", "Star"))
    assert any(t.startswith("Undo") for t in done), done
    # the file actions last: each dialog cancelled, the campaign still open
    walk(main, [main], skip=("Quit",) + tuple(t for t in ("End", "Fight", "GM", "Show", "Clear", "Undo", "Redo")))
    assert main.campaign is not None
    answerer = Answerer()  # a prompt about unsaved changes is cancelled: the window may stay
    quit_action = next(a for a in actions_of(main) if a.text().replace("&", "") == "Quit")
    quit_action.trigger()
    answerer.stop()
    check_titles()


def open_battle(main, qtbot, at: str) -> BattleWindow:
    answerer = Answerer(ok)
    main.end_movement_action.trigger()
    answerer.stop()
    close_extra_windows([main])
    at_label = next(b.at for b in main.campaign.battle_hexes if str(b.at) == at)
    bw = BattleWindow(main.session, at_label, main)
    qtbot.addWidget(bw)
    bw.auto_dialogs = False
    bw.show()
    qtbot.waitExposed(bw)
    return bw


def test_every_battle_window_action_and_button_in_each_state(main, qtbot, clean):
    bw = open_battle(main, qtbot, "0604")
    keep = [main, bw]
    assert bw.stack.currentIndex() == 1  # hand-over
    walk(bw, keep, skip=("Undo", "GM view"))
    to_defender_placement(bw)
    done = walk(bw, keep, skip=("Undo", "GM view"))
    assert "Fit" in done and "Export report..." in done
    place_0604(bw)
    assert bw.panel.combat_mode()
    done = walk(bw, keep, skip=("GM view", "Undo"))
    assert "Export report..." in done
    clicked = click_all(bw.panel.combat.findChildren(QPushButton), keep)
    assert "+1 impulse" in clicked and "Float" in clicked and any(t.startswith("End battle") for t in clicked)
    # with a unit selected, the unit buttons act on it
    bw.panel.select("kz-cv-claw")
    name = bw.b.state.units["kz-cv-claw"].name
    assert f"Retreat {name}..." in [b.text() for b in bw.panel.combat.findChildren(QPushButton)]
    clicked = click_all([b for b in bw.panel.combat.findChildren(QPushButton)
                         if not b.text().startswith(("End", "Destroyed", "Captured"))], keep)
    assert "Forward" in clicked and f"Retreat {name}..." in clicked, clicked
    # the GM view and back, then undo
    bw.gm_action.trigger()  # the GM's view undoes (the seat comes back behind its hand-over page, where nothing
    answers = len(bw.b.answers)  # acts, and a seat cannot undo back over its hand-over: test_undo_at_hand_over)
    bw.undo_action.trigger()
    assert len(bw.b.answers) == answers - 1
    bw.gm_action.trigger()
    take_over_by_keys(bw, qtbot)
    check_titles()
