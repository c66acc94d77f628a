"""The independent Orions at 0703 of the default campaign played with V13's own loop (``combat_phase`` v13: the Battle
Hex V13.11 forms, with the Orions a further Team in it, and is fought at once), fought with STCS (issue 25): the engine
fights two sides, so the Orions are left to the table, and the battle window's log says the GM enters their losses at
the end. The GM resolves from the act list; after the STCS ships' dialog, a dialog asks which of the units left to the
table were destroyed (then captured, crippled), and the campaign gets them (before, nothing asked: the Orions came out
untouched whatever the GM knew had happened). In seed 004's Combat Phase the Orions are no party to Coalition attacks
Alliance: they meet each side in a battle of their own (tests/app/test_meeting_roster_gui.py)."""
from __future__ import annotations

import html

from PySide6.QtCore import Qt

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication, QMenu

from app.battle.window import BattleWindow
from app.shell.window import MainWindow
from app.widgets.question_dialogs import QuestionDialog
from tests.app.gui import Answerer, choose_item, end_movement_listing, ok, press, show_active, v13_copy
from tests.app.systems.stcs.opening import to_first_act
from tests.app.systems.test_table import system_action, units

SEEN: list[tuple[str, str, list[str]]] = []


def gm_enters(d) -> bool:
    """The GM's end-of-battle dialogs: no STCS ship destroyed; Jade Serpent destroyed at the table, Black Mira's
    Revenge crippled (each dialog's text and listed names kept in SEEN)."""
    if not isinstance(d, QuestionDialog) or not d.q.key.startswith(("stcs/destroyed", "stcs/table/")):
        return False
    names = [d.list.item(i).text() for i in range(d.list.count())]
    SEEN.append((d.q.key, d.q.text, names))
    want = {"stcs/table/destroyed": "Jade Serpent", "stcs/table/crippled": "Black Mira's Revenge"}.get(d.q.key)
    for i in range(d.list.count()):
        if d.list.item(i).text() == want:
            d.list.item(i).setCheckState(Qt.CheckState.Checked)
    return ok(d)


def to_acts_v13(qtbot, tmp_path):
    """The default campaign's V13 loop: STCS chosen, End Movement (Ctrl+E) with its questions accepted, 0703 fought
    (Ctrl+F), the set-up answered at its defaults, past the hand-overs to the first segment's act list."""
    main = MainWindow(v13_copy(tmp_path), settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(main)
    show_active(main, qtbot)
    system_action(main.findChild(QMenu, "battle_systems_menu"), "stcs").trigger()
    ok(end_movement_listing(main, qtbot))
    show_active(main, qtbot)
    answerer = Answerer(choose_item("0703"), lambda d: isinstance(d, QuestionDialog) and ok(d))
    try:
        press(main, "Ctrl+F")
        qtbot.waitUntil(lambda: any(isinstance(w, BattleWindow) and w.isVisible() for w in QApplication.topLevelWidgets()))
    finally:
        answerer.stop()
    bw = to_first_act(qtbot, next(w for w in QApplication.topLevelWidgets() if isinstance(w, BattleWindow)
                                  and w.isVisible()))
    assert bw.b.record.others == ["orions"]  # V13.11: a further Team in the Battle Hex
    return main, bw


def resolve_as_gm(qtbot, bw) -> None:
    """The act list's Resolve done by the Do button, the GM's dialogs answered by gm_enters."""
    panel = bw.panel
    row = next(i for i in range(panel.acts.count()) if panel.acts.item(i).data(Qt.ItemDataRole.UserRole) == "resolve")
    panel.acts.setCurrentRow(row)
    answerer = Answerer(gm_enters)
    try:
        qtbot.mouseClick(panel.do_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: bw.b.status().resolved, timeout=5000)
    finally:
        answerer.stop()


def test_the_gm_enters_the_orions_losses_at_0703_after_the_stcs_battle(qtbot, tmp_path):
    SEEN.clear()
    main, bw = to_acts_v13(qtbot, tmp_path)
    log = bw.log_dock.view.toPlainText()  # the battle window's log, as the GM reads it
    assert "Orion Pirates, neither side of this battle" in log and "enters their losses when the battle is" in log
    assert {"ori-cr-1", "ori-slv-1"} <= set(units(main.campaign))
    resolve_as_gm(qtbot, bw)
    keys = [k for k, _t, _n in SEEN]
    assert keys == ["stcs/destroyed", "stcs/table/destroyed", "stcs/table/captured", "stcs/table/crippled"], keys
    assert "Jade Serpent" not in SEEN[0][2]  # not among the STCS ships
    _k, text, names = SEEN[1]
    assert "left to the table" in text and sorted(names) == ["Black Mira's Revenge", "Jade Serpent"], SEEN[1]
    assert "left to the table (destroyed: Jade Serpent; captured: none; crippled: Black Mira's Revenge)" in \
        html.unescape(bw.step_label.text())
    after = units(main.campaign)
    assert "ori-slv-1" not in after and after["ori-cr-1"].crippled
