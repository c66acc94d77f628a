"""Leaving a replay a Team watched does not show the GM's view (issue 22, seen on the real screen): File >
Replay a Battle..., 0703's STCS battle (resolved), watched by the Alliance: the replay said "an answer given in
secret", but Escape (Leave) showed the resolved battle window as the GM sees it - the other side's secret power
allocation in its log - without the GM's passphrase, and Ctrl+Shift+Y then replayed it with those lines marked
"(seen only by ... and the GM)". The resolved window held the GM as its viewer and leaving went back to it; it
now goes back to the viewer who watched the replay, who holds the screen."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from app.widgets.question_dialogs import QuestionDialog
from tests.app.battle.test_replay import _pick
from tests.app.gui import Answerer, ok, take_over
from tests.app.systems.stcs.test_stcs_table_losses import resolve_as_gm, to_acts_v13
from tests.app.systems.stcs.test_stcs_window import act, hand_over
from tests.app.test_gui_paths import battle_windows


def _resolved_with_a_secret(qtbot, tmp_path):
    """The default campaign's 0703 fought with STCS: the Coalition's LSS Far Sight allocates its power in
    secret (its proposal taken), then the GM resolves the battle from the act list. (main, the battle window,
    the lines of its log the Alliance may not read.)"""
    main, bw = to_acts_v13(qtbot, tmp_path)
    panel = bw.panel
    answerer = Answerer(lambda d: isinstance(d, QuestionDialog) and ok(d))
    try:
        act(qtbot, bw, panel, "power:lyr-sc-1")
        hand_over(qtbot, bw, lambda: bw.b.pending is not None and bw.b.pending.key.endswith("/act"))
    finally:
        answerer.stop()
    resolve_as_gm(qtbot, bw)
    secrets = [e.text for e in bw.b.log.view() if not e.seen_by("alliance")]
    assert any("power: 16 of 16 allocated" in s for s in secrets), secrets  # the Coalition's, in secret
    return main, bw, secrets


def _watch_as_the_alliance(main, qtbot):
    """File > Replay a Battle..., 0703 chosen, watched by the Alliance, whose commander takes the screen."""
    answerer = Answerer(_pick("0703"), _pick("Alliance"), take_over)
    try:
        next(a for a in main.findChildren(QAction) if a.text() == "Replay a &Battle...").trigger()
        qtbot.waitUntil(lambda: QApplication.activeModalWidget() is None)
    finally:
        answerer.stop()
    rw = next(w for w in battle_windows() if w.isVisible() and w.replay.on)
    assert rw.viewer == "alliance"
    return rw


def _keys(rw, qtbot, key: Qt.Key, modifiers=Qt.KeyboardModifier.NoModifier) -> None:
    rw.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is rw)
    QTest.keyClick(rw, key, modifiers)


def _left_as_the_alliance(rw, qtbot, secrets: list[str]) -> None:
    """End (the last answer), Escape (Leave): the live battle shown to the Alliance, none of the Coalition's secret
    lines in its log; Ctrl+Shift+Y replays it again as the Alliance, still none."""
    _keys(rw, qtbot, Qt.Key.Key_End)
    assert not [s for s in secrets if s in rw.log_dock.view.toPlainText()]  # the replay keeps them secret
    _keys(rw, qtbot, Qt.Key.Key_Escape)  # Leave
    assert not rw.replay.on
    assert not rw.handing_over() and rw.viewer == "alliance", (rw.viewer, rw.handover_label.text())
    shown = rw.log_dock.view.toPlainText()
    assert "Battle Hex 0703 resolved" in shown  # the live (resolved) battle's log, as the Alliance reads it
    assert not [s for s in secrets if s in shown] and "seen only by" not in shown
    _keys(rw, qtbot, Qt.Key.Key_Y, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert rw.replay.on and rw.viewer == "alliance"
    _keys(rw, qtbot, Qt.Key.Key_End)
    shown = rw.log_dock.view.toPlainText()
    assert not [s for s in secrets if s in shown] and "seen only by" not in shown


def test_leaving_the_alliance_s_replay_in_a_new_window_shows_none_of_the_other_side_s_secrets(qtbot, tmp_path):
    """The battle's window closed first: the replay's window is new, and a resolved battle's window held the GM."""
    main, bw, secrets = _resolved_with_a_secret(qtbot, tmp_path)
    bw.close()
    rw = _watch_as_the_alliance(main, qtbot)
    assert rw is not bw
    _left_as_the_alliance(rw, qtbot, secrets)


def test_leaving_the_alliance_s_replay_in_the_gm_s_open_window_shows_none_of_them(qtbot, tmp_path):
    """The GM's battle window still open: the replay takes it, and leaving shows it to the Alliance's commander at
    the screen, not the GM's page (whose button showed the GM's view, no passphrase asked)."""
    main, bw, secrets = _resolved_with_a_secret(qtbot, tmp_path)
    rw = _watch_as_the_alliance(main, qtbot)
    assert rw is bw
    _left_as_the_alliance(rw, qtbot, secrets)
