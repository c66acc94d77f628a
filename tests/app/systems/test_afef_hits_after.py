"""AF/EF: the battle's end says why a hit marker reads less than the fighting left it (seed 001,
4.2.c). H2 saw on the real screen (default campaign, 0509, the GM breaking the Coalition off after
round 1) IKV Kumara's "hits 2" become "hits 0" and Battle Station Tau's 11 become 10, with nothing
on the screen saying why: the interphase, applied at the battle's end (the campaign keeps no
markers), removes an undamaged unit's hits and a damaged unit's above half its EF. Each changed
card now reads "(was N)" and the side box names the rule and each change. Played as a person
does: the system chosen in its menu, Ctrl+E, Ctrl+F, the GM's Break off button and its dialogs."""
from __future__ import annotations

from PySide6.QtWidgets import QMenu

from tests.app.gui import open_main_window
from tests.app.systems.test_afef_broke_off_card import break_off, cards, gm_takes_the_screen
from tests.app.systems.test_table import system_action
from tests.app.test_gui_paths import end_movement_and_fight


def _fire(q) -> dict:
    """The attacker: every unit puts all its dice on the first target; the defender: only those
    that must fire back do, with what they owe, on the first target (H2's figures follow)."""
    dice, targets = q.data.get("dice", {}), list(q.data.get("targets", []))
    if q.key.endswith("/declare"):
        return {"attacks": {u: {targets[0]: n} for u, n in dice.items() if n}, "hold": []}
    return {"attacks": {u: {targets[0]: need["af"]} for u, need in q.data["must_match"].items()}}


def _fought_then_gm(main, qtbot):
    system_action(main.findChild(QMenu, "battle_systems_menu"), "afef").trigger()
    bw = end_movement_and_fight(main, qtbot, "0509")
    bw.auto_dialogs = False
    for _ in range(10):  # round 1 by engine answers: both sides fire
        q = bw.b.pending
        step = q.key.split("/")[2]
        if step == "continue":
            break
        assert bw.answer({"modifiers": {}, "screen": []}.get(step) if step in ("modifiers", "screen")
                         else _fire(q)) is None
    gm_takes_the_screen(bw, qtbot)
    assert bw.b.pending.key == "afef/1/continue"
    return bw


def test_after_a_break_off_each_changed_marker_says_what_it_was_and_the_side_box_cites_4_2_c(qtbot, tmp_path):
    main = open_main_window(qtbot, tmp_path)
    bw = _fought_then_gm(main, qtbot)
    before = cards(bw)
    assert before["IKV Kumara"].split("\n")[1] == "AF 5  EF 8  hits 2"  # H2's screenshot f13
    assert before["Battle Station Tau"].split("\n")[1] == "AF 3  EF 20  hits 11  damaged"
    break_off(bw, qtbot)
    assert bw.b.status().resolved
    after = cards(bw)
    assert after["IKV Kumara"].split("\n")[1] == "AF 5  EF 8  hits 0 (was 2)  broke off"  # undamaged: all off
    assert after["Battle Station Tau"].split("\n")[1] == "AF 3  EF 20  hits 10 (was 11)  damaged"  # half its EF
    assert after["IKV Vorn"] == before["IKV Vorn"] + "  broke off"  # no hits: nothing to say
    box = bw.panel.odds
    assert box.isVisible()
    text = box.toPlainText().replace("\u2060", "").replace("\xa0", " ")
    assert text.startswith("Hits after the battle (AF/EF 4.2.c): the campaign keeps no hit markers"), text
    assert text.endswith("IKV Kumara 2 to 0; Battle Station Tau 11 to 10."), text
