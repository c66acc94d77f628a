"""Seed 004's Combat Phase through the main window (issue 13), as the GM and players use it:
Ctrl+E, End Phase (Ctrl+Shift+E) through Supply, the encounter's demand and reply answered in
the question dialogs that open by themselves, the Battle Hex ruled on (Ctrl+G), the bombardment
note, the ground losses ticked, the conquest on the map, the next turn."""
from __future__ import annotations

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QInputDialog

from app.main_window import MainWindow
from app.question_dialogs import QuestionDialog
from rules.model import save_campaign
from rules.model.records import Phase
from rules.model.turn_model import EncounterState, Scenario
from tests.app.gui import Answerer, choose_item, ok, press, show_active, type_text
from tests.rules.strategic.builder import campaign, fleet


def seed004_campaign():
    ground = [{"id": "g1", "name": "Klingon legion", "power": "klingon", "attrition": 2},
              {"id": "g2", "name": "Fed marines", "power": "fed", "attrition": 3, "marines": True}]
    return campaign(settings={"combat_phase": "seed004"},
                    fleets=[fleet("f", "fed", "0303", ("0304",)), fleet("k", "klingon", "0304")],
                    sectors={"0505": {"owner": "klingon", "star_system": {"name": "Vor", "planets": [
                        {"name": "Vor I", "owner": "klingon", "census": 3, "morale": 3, "ground_units": ground}]}}})


def answers(seen: list[str]):
    """Red demands a Deep Space encounter, Blue agrees; the GM ticks the Klingon legion lost."""
    def handle(d) -> bool:
        if not isinstance(d, QuestionDialog):
            return False
        q = d.q
        seen.append(q.key)
        if q.key.startswith("encounter/") and "/demand/" in q.key:
            d.group.button(list(q.options).index("deep_space")).setChecked(True)
        elif "/agree/" in q.key:
            d.group.button(0).setChecked(True)  # Yes
        elif q.key.startswith("ground/"):
            for i in range(d.list.count()):
                item = d.list.item(i)
                item.setCheckState(Qt.CheckState.Checked if item.data(Qt.ItemDataRole.UserRole) == "g1"
                                   else Qt.CheckState.Unchecked)
        return ok(d)
    return handle


def test_a_whole_combat_phase_through_the_main_window(qtbot, tmp_path):
    path = tmp_path / "seed004.json"
    save_campaign(seed004_campaign(), path)
    w = MainWindow(path, settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(w)
    show_active(w, qtbot)
    press(w, "Ctrl+E")
    assert w.campaign.phase is Phase.SUPPLY and "[Supply]" in w.phase_label.text()
    assert not w.fight_action.isEnabled()  # a meeting is not a battle until a side demands one (seed 004)
    seen: list[str] = []
    answerer = Answerer(answers(seen))
    show_active(w, qtbot)
    press(w, "Ctrl+Shift+E")  # Supply -> Encounters: the questions open by themselves
    qtbot.waitUntil(lambda: w.campaign.battle_hexes[0].encounter is EncounterState.SCENARIO, timeout=5000)
    assert seen == ["encounter/0304/demand/red", "encounter/0304/agree/blue"]
    assert w.campaign.battle_hexes[0].scenario is Scenario.DEEP_SPACE
    assert "[Encounters]" in w.phase_label.text() and w.end_phase_action.isEnabled()
    show_active(w, qtbot)
    press(w, "Ctrl+Shift+E")  # Encounters -> Space Combat
    assert w.campaign.phase is Phase.BATTLES and w.fight_action.isEnabled() and not w.end_phase_action.isEnabled()
    answerer.stop()
    pick, why = choose_item("0304"), type_text("fought at the table")
    answerer = Answerer(lambda d: pick(d) if isinstance(d, QInputDialog) and d.comboBoxItems() else why(d))
    show_active(w, qtbot)
    press(w, "Ctrl+G")
    qtbot.waitUntil(lambda: w.campaign.battle_hexes[0].resolved, timeout=5000)
    answerer.stop()
    show_active(w, qtbot)
    press(w, "Ctrl+Shift+E")  # Space Combat -> Orbital Bombardment (kept by hand)
    assert w.campaign.phase is Phase.BOMBARDMENT
    answerer = Answerer(type_text("no bombardment"), answers(seen))
    show_active(w, qtbot)
    press(w, "Ctrl+Shift+E")  # -> Troop Combat: the ground losses dialog opens by itself
    qtbot.waitUntil(lambda: bool(w.campaign.ground_combats) and w.campaign.ground_combats[0].done, timeout=5000)
    answerer.stop()
    assert any(e.text.endswith("no bombardment") for e in w.campaign.log)
    planet = w.campaign.sector_at("0505").star_system.planets[0]
    assert planet.owner == "fed" and [g.id for g in planet.ground_units] == ["g2"]
    show_active(w, qtbot)
    press(w, "Ctrl+Shift+E")  # -> the next turn
    assert w.campaign.phase is Phase.ORDERS and w.campaign.turn == 2
    press(w, "Ctrl+Z")  # each step was one undoable change
    assert w.campaign.phase is Phase.TROOPS
