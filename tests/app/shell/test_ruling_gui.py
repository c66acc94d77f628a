"""The pending question is always reachable (issue 19): when the engine cannot produce the
question the Combat Phase waits for, the GM is offered a ruling that settles the step, by
itself after End Phase and again from Turn > Answer (Ctrl+Shift+A), never a dead window."""
from __future__ import annotations

from PySide6.QtTest import QTest
from PySide6.QtWidgets import QLabel

from app.shell.ruling_dialog import RulingDialog
from rules.battlehex.log import IllegalAnswer
from rules.model.records import Phase
from rules.model.turn_model import EncounterState
from app.shell import errors
from rules.turn import combat_phase, encounter_step
from tests.app.gui import Answerer, press, show_active, type_text
from tests.app.test_combat_phase_gui import opened, seed004_campaign


def test_a_question_the_engine_cannot_ask_is_settled_by_a_gm_ruling(qtbot, tmp_path, monkeypatch):
    """Issue 19's wall: the engine raised instead of giving the meeting's question; nothing
    opened, End Phase stayed greyed and Ctrl+Shift+A did nothing."""
    w = opened(qtbot, tmp_path, seed004_campaign())
    press(w, "Ctrl+E")
    assert w.campaign.phase is Phase.SUPPLY

    def fail(c, state, i):
        raise IllegalAnswer("004 Encounters Phase", f"the meeting at {c.battle_hexes[i].at} is no longer on the "
                                                    "map (its fleets left)")
    monkeypatch.setattr(encounter_step, "pending_question", fail)
    answerer = Answerer()  # the GM first closes the ruling that opens by itself
    show_active(w, qtbot)
    press(w, "Ctrl+Shift+E")  # Supply -> Encounters
    qtbot.waitUntil(lambda: any(kind == "RulingDialog" for kind, _ in answerer.seen), timeout=5000)
    answerer.stop()
    assert w.campaign.phase is Phase.ENCOUNTERS and w.campaign.battle_hexes[0].encounter is EncounterState.PENDING
    assert "stuck" in w.waits_label.text() and "Ctrl+Shift+A" in w.waits_label.text()
    assert w.answer_turn_action.isEnabled() and not w.end_phase_action.isEnabled()

    said: list[str] = []

    def settle(d) -> bool:
        if not isinstance(d, RulingDialog):
            return False
        said.append(d.findChild(QLabel, "ruling_text").text())
        QTest.keyClicks(d.note_edit, "the Klingons withdrew at the table")
        d.settle_button.click()
        return True
    answerer = Answerer(settle)
    show_active(w, qtbot)
    press(w, "Ctrl+Shift+A")  # Turn > Answer the Combat Phase's Questions: the ruling again
    qtbot.waitUntil(lambda: w.campaign.battle_hexes[0].resolved, timeout=5000)
    answerer.stop()
    assert "could not go on with the meeting at 0304 (Blue and Red): 004 Encounters Phase: the meeting at 0304 is no " \
           "longer on the map" in said[0] and "The ruling: no scenario: no battle" in said[0]
    r = w.campaign.battle_hexes[0]
    assert r.encounter is EncounterState.NONE and "withdrew at the table" in r.resolution
    assert w.campaign.log[-1].rule == "GM ruling" and "withdrew at the table" in w.campaign.log[-1].text
    assert w.end_phase_action.isEnabled() and not w.answer_turn_action.isEnabled()
    assert w.undo_action.text().startswith("&Undo GM ruling: settle the meeting at 0304") or \
        "GM ruling" in w.session.undo_stack.undoText()
    show_active(w, qtbot)
    press(w, "Ctrl+Shift+E")  # the phase goes on
    assert w.campaign.phase is Phase.BATTLES


def test_an_end_phase_the_engine_cannot_do_is_gone_past_by_a_gm_ruling(qtbot, tmp_path, monkeypatch):
    """End Phase failing in the engine (here listing the contested planets) was an error and the
    phase stayed where it was for good; now the GM may begin the next sub-phase by a ruling."""
    w = opened(qtbot, tmp_path, seed004_campaign().model_copy(update={"phase": Phase.BOMBARDMENT}))

    def broken(c, state):
        raise KeyError("planet list of 0505")
    monkeypatch.setattr(combat_phase, "contested_planets", broken)
    said: list[str] = []

    def settle(d) -> bool:
        if not isinstance(d, RulingDialog):
            return False
        said.append(d.findChild(QLabel, "ruling_text").text())
        QTest.keyClicks(d.note_edit, "Vor I held")
        d.settle_button.click()
        return True
    answerer = Answerer(settle, type_text("no bombardment"))
    show_active(w, qtbot)
    press(w, "Ctrl+Shift+E")
    qtbot.waitUntil(lambda: w.campaign.phase is Phase.TROOPS, timeout=5000)
    answerer.stop()
    assert "could not go on with End Phase from Combat: Orbital Bombardment: planet list of 0505" in said[0]
    assert "Troop Combat begins with no ground combat opened by BattleHex" in said[0]
    assert w.campaign.ground_combats == [] and w.campaign.log[-1].rule == "GM ruling"
    assert "Vor I held" in w.campaign.log[-1].text and "GM ruling" in w.session.undo_stack.undoText()
    assert "battlehex.log" in str(errors.log_file()) and "planet list of 0505" in errors.log_file().read_text()
