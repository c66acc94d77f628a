"""Issue 20 in the battle windows: what a hot-seat screen shows of a battle goes through the
battle's sight (rules/battlehex/sight.py), in every battle system.

The default campaign's Battle Hex 0509 (the Coalition, with the cloaked Shadow Squadron, attacks
the Alliance and its incidental units), fought with each system from the Turn menu: while the
hand-over screen is up nobody has taken the seat, so every text on the screen and the report
exported then (Ctrl+Shift+S) are what every Team at the table may read - no Team's hidden unit.
Before the fix the SIDCORS, AF/EF and table reports listed both forces (RIS Talon, the Tau
Defense Satellite) and their log lines.

:func:`window_texts` walks a window's widgets as a player reads them: the title, labels,
buttons, text views (the log dock), tooltips, menu and undo entries, the status bar, and the
items of any graphics scene."""
from __future__ import annotations

import pytest
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QAbstractButton,
    QGraphicsTextItem,
    QGraphicsView,
    QLabel,
    QMainWindow,
    QMenu,
    QTextEdit,
    QWidget,
)

from tests.app.gui import Answerer, open_main_window, press, save_file, show_active
from tests.app.systems.test_table import system_action
from tests.app.test_gui_paths import end_movement_and_fight
from tests.test_main_cli_battle_secrets import hidden_of


def window_texts(w: QWidget) -> dict[str, str]:
    """Every text ``w`` shows a player now (visible widgets only), by where it is."""
    out = {"title": w.windowTitle()}
    if isinstance(w, QMainWindow):
        out["status bar"] = w.statusBar().currentMessage()
    for i, c in enumerate(w.findChildren(QWidget)):
        if not c.isVisible():
            continue
        where = f"{type(c).__name__} {c.objectName() or i}"
        if c.toolTip():
            out[f"{where} tooltip"] = c.toolTip()
        if isinstance(c, QLabel):
            out[where] = c.text()
        elif isinstance(c, QAbstractButton):
            out[where] = c.text()
        elif isinstance(c, QTextEdit):
            out[where] = c.toPlainText()
        elif isinstance(c, QGraphicsView) and c.scene() is not None:
            for j, item in enumerate(c.scene().items()):
                if item.isVisible():
                    text = item.toPlainText() if isinstance(item, QGraphicsTextItem) else ""
                    out[f"{where} item {j}"] = f"{text} | {item.toolTip()}"
    for i, act in enumerate(w.findChildren(QAction)):  # the menus' entries, the undo entry among them
        out[f"action {act.objectName() or i}"] = f"{act.text()} | {act.toolTip()} | {act.statusTip()}"
    for menu in w.findChildren(QMenu):
        menu.aboutToShow.emit()  # a menu that fills itself as it opens
        for i, act in enumerate(menu.actions()):
            out[f"menu {menu.title()} {i}"] = act.text()
    return out


def found(secrets: list[str], texts: dict[str, str]) -> list[str]:
    return [f"{where}: {s!r}" for where, text in texts.items() for s in secrets if s in text]


@pytest.mark.parametrize("system", ["sidcors", "afef", "table", "v13"])
def test_the_hand_over_screen_and_its_report_show_no_teams_hidden_units(qtbot, tmp_path, system):
    main = open_main_window(qtbot, tmp_path)
    if system != "v13":
        system_action(main.findChild(QMenu, "battle_systems_menu"), system).trigger()
    bw = end_movement_and_fight(main, qtbot, "0509")
    bw.auto_dialogs = False
    assert bw.handing_over()
    show_active(bw, qtbot)
    secrets = hidden_of("coalition") + hidden_of("alliance")
    assert {"RIS Talon", "Tau Defense Satellite"} <= set(secrets)
    report = tmp_path / "report.html"
    answerer = Answerer(save_file(str(report)))
    press(bw, "Ctrl+Shift+S")
    answerer.stop()
    text = report.read_text(encoding="utf-8")
    assert "0509" in text
    leaks = found(secrets, {"the report": text}) + found(secrets, window_texts(bw)) \
        + found(secrets, window_texts(main))
    assert not leaks, f"{system}: searched for {secrets}; found:\n" + "\n".join(leaks)
    # the GM's view (no passphrase set) shows them: the strings searched for are really there
    bw.gm_action.trigger()  # View > GM view (Ctrl+Shift+G)
    assert bw.viewer == "gm"
    assert found(secrets, window_texts(bw)) or system == "v13"  # V13 places nobody before the hand-over


def test_a_later_hand_over_screen_shows_no_teams_hidden_units_in_its_report_nor_undo_entry(qtbot, tmp_path):
    """V13 at 0509: the Coalition takes over and answers its set-up dialogs (OK on each); at the
    hand-over to the Alliance nobody has taken the screen yet, so the report exported then and the
    Undo entry's words are what every Team may read. Before the fix the report was the
    Coalition's (its cloaked ships listed) because the window still held the last Team's sight."""
    from PySide6.QtCore import Qt

    from app.widgets.question_dialogs import QuestionDialog
    from tests.app.gui import ok

    main = open_main_window(qtbot, tmp_path)
    bw = end_movement_and_fight(main, qtbot, "0509")
    assert bw.handing_over() and bw.handover.team == "coalition"

    def coalition_ok(d) -> bool:
        return isinstance(d, QuestionDialog) and d.q.to == "coalition" and ok(d)

    answerer = Answerer(coalition_ok)
    qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: bw.handing_over() and bw.handover.team == "alliance", timeout=10000)
    answerer.stop()
    assert bw.b.answers and bw.viewer == "coalition"  # the last Team to sit here
    bw.auto_dialogs = False
    show_active(bw, qtbot)
    secrets = hidden_of("coalition") + hidden_of("alliance")
    report = tmp_path / "report.html"
    answerer = Answerer(save_file(str(report)))
    press(bw, "Ctrl+Shift+S")
    answerer.stop()
    leaks = found(secrets, {"the report": report.read_text(encoding="utf-8")}) + found(secrets, window_texts(bw))
    assert not leaks, f"searched for {secrets}; found:\n" + "\n".join(leaks)
    bw._undo_text("Battle 0509: Coalition places RIS Talon at 1361")  # the words the stack would give
    assert "RIS Talon" not in bw.undo_action.toolTip()


def _kept(bw, viewer: str, secrets_by: dict[str, list[str]], system: str) -> list[str]:
    """The hidden names ``viewer`` may not read in ``bw``'s battle now: every other Team's, less
    (for a side of the battle, once the battle shows the sides to each other: V13 always, the
    quick systems from round 1, the table once resolved) the other side's units; the same reading
    as tests/test_visibility_battles_property.py. ``viewer`` "table": every Team's."""
    if viewer == "gm":
        return []  # the GM may know everything
    rec = bw.b.record
    sides = {rec.attacker, rec.defender} | ({*rec.others} if system == "v13" else set())
    shown = system == "v13" or bw.b.state.resolved or getattr(bw.b, "round", 0) >= 1
    kept = [n for t, names in secrets_by.items() if t != viewer for n in names]
    if viewer in sides and shown:
        fleets = {"Shadow Squadron (cloaked)", "rom-shadow"}
        kept = [n for n in kept if n in fleets or not any(n in secrets_by.get(t, []) for t in sides - {viewer})]
    return kept


@pytest.mark.parametrize("system", ["sidcors", "afef", "table", "v13"])
@pytest.mark.parametrize("seed", [1, 2])
def test_random_play_in_the_battle_window_shows_no_team_what_it_may_not_know(qtbot, tmp_path, system, seed):
    """Random legal answers through the window's own answer path (the one its dialogs and panels
    call), the seat taken at each hand-over with its button; after each answer every window text
    (walked by :func:`window_texts`) is searched for the hidden names the screen's reader may not
    know - at a hand-over screen every Team's. Names the strings searched for and where one is."""
    import random

    from PySide6.QtCore import Qt

    from rules.battlehex.log import IllegalAnswer
    from tests.play.battle_player import candidates

    rng = random.Random(seed)
    main = open_main_window(qtbot, tmp_path)
    if system != "v13":
        system_action(main.findChild(QMenu, "battle_systems_menu"), system).trigger()
    bw = end_movement_and_fight(main, qtbot, "0509")
    bw.auto_dialogs = False
    secrets_by = {t: hidden_of(t) for t in ("alliance", "coalition", "orions")}
    leaks: list[str] = []
    screens: list[str] = []  # whose screen each check read
    for step in range(rng.randint(4, 25)):
        if bw.b.pending is None:
            break
        if bw.handing_over():
            leaks += [f"step {step}, hand-over: {x}" for x in found(_kept(bw, "table", secrets_by, system),
                                                                     window_texts(bw))]
            screens.append("table")
            qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)
        viewer = bw.viewer
        screens.append(viewer)
        leaks += [f"step {step}, {viewer}'s screen: {x}" for x in found(_kept(bw, viewer, secrets_by, system),
                                                                          window_texts(bw))]
        q = bw.b.pending
        if system == "v13":
            from rules.systems.v13.autoplay import random_answer
            try:
                tries = [random_answer(bw.b, rng)]
            except IllegalAnswer:
                break
        else:
            tries = list(candidates(q, rng))
        for a in tries:
            try:
                if system != "v13":
                    q.check(a)
            except IllegalAnswer:
                continue
            if bw.answer(a) is None:
                break
        else:
            break
    assert "table" in screens  # a hand-over screen was read, not only the GM's
    assert not leaks, f"{system}, seed {seed}: searched for {secrets_by}; found:\n" + "\n".join(leaks[:20])
