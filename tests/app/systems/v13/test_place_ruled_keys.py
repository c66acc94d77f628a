"""A V13 placement the rules leave no hex for goes on by keys (issue 22: a wall for a person pressing Return).

At the default campaign's 0604 the GM overrules the Coalition's first attacking unit onto a hex two from the
Alliance (refused by V13.441, given anyway by Ctrl+Shift+R): the next attacking unit must stand within 8 of it
(V13.445) and 50 or more from every defending unit (V13.441), so no hex is legal. P then Return places it: the
cursor starts on the hex the engine rules, Return takes it, and the log says so with the rule. Before, P only said
"No legal hex ... (Ctrl+Shift+R after a refused drop)" and nothing placed the unit without a drag.
"""
from __future__ import annotations

from PySide6.QtCore import Qt

from app.systems.v13.keys import arrow_step
from rules.battlehex.state import Step
from rules.battlehex.roster import Role
from tests.app.gui import Answerer, type_text
from tests.app.systems.v13.test_keys import battle_0604, key, place_by_keys, take_over_by_keys

_ARROWS = (Qt.Key.Key_Up, Qt.Key.Key_Down, Qt.Key.Key_Left, Qt.Key.Key_Right)


def test_return_places_a_unit_the_rules_leave_no_hex_for_by_the_engines_ruling(qtbot, tmp_path):
    _main, bw = battle_0604(qtbot, tmp_path)
    b = bw.b
    while b.state.step is Step.PLACE_DEFENDER:
        take_over_by_keys(bw, qtbot)
        place_by_keys(bw, qtbot)
    take_over_by_keys(bw, qtbot)
    assert b.state.step is Step.PLACE_ATTACKER and len(b.pending.options) > 1
    defender = next(u.pos for u in b.state.units.values() if u.role is Role.DEFENDER and u.pos is not None)
    # the first attacking unit: P, arrows to two hexes from the defence, Return (refused), Ctrl+Shift+R, a reason
    key(bw, Qt.Key.Key_P)
    for _ in range(200):
        at = bw.panel.keys.at
        if at.distance(defender) <= 2:
            break
        key(bw, min(_ARROWS, key=lambda k: arrow_step(at, k).distance(defender)))
    first = bw.panel.selected_unit()
    key(bw, Qt.Key.Key_Return)
    assert b.state.units[first].pos is None and "Refused: V13.441" in bw.statusBar().currentMessage()
    answerer = Answerer(type_text("the GM's scenario"))
    key(bw, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    qtbot.waitUntil(lambda: b.state.units[first].pos is not None, timeout=5000)
    answerer.stop()
    # the next attacking unit: no legal hex; the question goes to the GM, and P then Return places it
    q = b.pending
    assert q.data.get("gm_question") and q.to == "gm"
    take_over_by_keys(bw, qtbot)
    uid = bw.panel.selected_unit()
    assert b.placement.zone(uid) == []
    key(bw, Qt.Key.Key_P)
    assert bw.panel.keys.active, bw.statusBar().currentMessage()
    ruled = bw.panel.keys.at
    assert "the engine's ruling" in bw.panel.scene.hover_text.toPlainText()
    key(bw, Qt.Key.Key_Return)
    assert b.state.units[uid].pos == ruled, bw.statusBar().currentMessage()
    ruling = [e for e in b.log.events if e.kind == "ruling"][-1]
    name = b.state.units[uid].name
    assert ruling.rule.startswith("V13.") and f"the engine rules {name} placed at" in ruling.text
    assert "broken: V13.44" in ruling.text  # the rule the ruled hex breaks, named
    assert "gm_ruling" not in b.answers[-1] and b.answers[-1]["unit"] == uid  # Return's answer, not a GM overrule
