"""Seed 004's Combat Phase through the main window (issue 13), as the GM and players use it:
Ctrl+E, End Phase (Ctrl+Shift+E) through Supply, the encounter's demand and reply answered in
the question dialogs that open by themselves, the Battle Hex ruled on (Ctrl+G), the bombardment
note, the ground losses ticked, the conquest on the map, the next turn."""
from __future__ import annotations

from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtWidgets import QInputDialog

from app.shell.window import MainWindow
from app.widgets.question_dialogs import QuestionDialog
from app.shell.turn_dialogs import HandOverDialog
from rules.model import save_campaign
from rules.model.records import Phase
from rules.model.turn_model import EncounterState, Scenario
from tests.app.gui import Answerer, choose_item, ok, press, show_active, take_over, type_text
from tests.rules.strategic.builder import campaign, fleet


def seed004_campaign():
    ground = [{"id": "g1", "name": "Klingon legion", "power": "klingon", "attrition": 2},
              {"id": "g2", "name": "Fed marines", "power": "fed", "attrition": 3, "marines": True}]
    return campaign(settings={"combat_phase": "seed004"},
                    fleets=[fleet("f", "fed", "0303", ("0304",)), fleet("k", "klingon", "0304")],
                    sectors={"0505": {"owner": "klingon", "star_system": {"name": "Vor", "planets": [
                        {"name": "Vor I", "owner": "klingon", "census": 3, "morale": 3, "ground_units": ground}]}}})


def answers(seen: list[str]):
    """Red demands a Deep Space encounter, Blue agrees; the GM ticks the Klingon legion lost;
    each takes the screen at its hand-over (recorded as ``handover/<who>``)."""
    def handle(d) -> bool:
        if isinstance(d, HandOverDialog):
            seen.append("handover/" + d.take_over_button.text().removeprefix("I am the "))
            return take_over(d)
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


def opened(qtbot, tmp_path, c) -> MainWindow:
    """The main window on campaign ``c`` (saved to a file first), shown and active."""
    path = tmp_path / "campaign.json"
    save_campaign(c, path)
    w = MainWindow(path, settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(w)
    show_active(w, qtbot)
    return w


def test_a_whole_combat_phase_through_the_main_window(qtbot, tmp_path):
    w = opened(qtbot, tmp_path, seed004_campaign())
    press(w, "Ctrl+E")
    assert w.campaign.phase is Phase.SUPPLY and "[Supply]" in w.phase_label.text()
    assert w.waits_label.text().startswith("Supply waits for: the GM: field repairs where supply ships")
    assert not w.fight_action.isEnabled()  # a meeting is not a battle until a side demands one (seed 004)
    seen: list[str] = []
    answerer = Answerer(answers(seen))
    show_active(w, qtbot)
    press(w, "Ctrl+Shift+E")  # Supply -> Encounters: the questions open by themselves
    qtbot.waitUntil(lambda: w.campaign.battle_hexes[0].encounter is EncounterState.SCENARIO, timeout=5000)
    # each Team's questions behind its own hand-over (hot seat, as the ignore questions), nothing
    # of the last answer left in the status bar
    assert seen == ["handover/Red commander", "encounter/0304/demand/red", "handover/Blue commander",
                    "encounter/0304/agree/blue", "handover/Game Master"], seen  # Blue, done, hands the screen back
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
    qtbot.waitUntil(lambda: bool(w.campaign.ground_combats) and w.campaign.ground_combats[0].done
                    and w.session.combat_pending() is None, timeout=5000)  # the losses, then the morale check
    answerer.stop()
    assert any(e.text.endswith("no bombardment") for e in w.campaign.log)
    planet = w.campaign.sector_at("0505").star_system.planets[0]
    assert planet.owner == "fed" and [g.id for g in planet.ground_units] == ["g2"]
    show_active(w, qtbot)
    press(w, "Ctrl+Shift+E")  # -> the next turn
    assert w.campaign.phase is Phase.ORDERS and w.campaign.turn == 2
    press(w, "Ctrl+Z")  # each step was one undoable change
    assert w.campaign.phase is Phase.TROOPS


def invasion_campaign():
    legion = {"id": "c1", "kind": "ground_unit",
              "ground_unit": {"id": "g9", "name": "Fed legion", "power": "fed", "attrition": 4}}
    ships = [{"id": f"t-{i}", "name": f"FT {i}", "kind": "freighter", "is_civilian": True,
              "supply_rating": 10 if i == 1 else 0} for i in range(1, 8)]
    kl = [{"id": "g1", "name": "Klingon legion", "power": "klingon", "attrition": 2}]
    return campaign(settings={"combat_phase": "seed004"},
                    fleets=[{"id": "t", "name": "Fed transport", "power": "fed", "sector": "0404",
                             "orders": ["0505"], "units": ships, "kind": "transport", "cargo": [legion]}],
                    sectors={"0505": {"owner": "klingon", "star_system": {"name": "Vor", "planets": [
                        {"name": "Vor I", "owner": "klingon", "census": 3, "morale": 3, "ground_units": kl}]}}})


def cargo_entry(w, qtbot, fleet_id: str, entry: str) -> list[str]:
    """Right-click the fleet's counter, open its Cargo submenu and click ``entry`` there;
    returns the submenu's entries."""
    from PySide6.QtGui import QContextMenuEvent
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication, QMenu

    from tests.app.strategic.test_menus import counter_pos
    seen: list[str] = []

    def pick() -> None:
        menu = QApplication.activePopupWidget()
        if not isinstance(menu, QMenu):
            QTimer.singleShot(20, pick)
            return
        if menu.objectName() == "stack_menu":  # stacked counters: the fleet's own menu in the picker
            name = next(f.name for f in w.campaign.fleets if f.id == fleet_id)
            act = next(a for a in menu.actions() if a.text() == name)
            QTest.mouseClick(menu, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                             menu.actionGeometry(act).center())
            QTimer.singleShot(20, pick)
            return
        if menu.objectName() != "cargo_menu":
            act = next(a for a in menu.actions() if a.text() == "Cargo")
            QTest.mouseClick(menu, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                             menu.actionGeometry(act).center())
            QTimer.singleShot(20, pick)
            return
        seen.extend(a.text() for a in menu.actions())
        act = next(a for a in menu.actions() if a.text() == entry)
        QTest.mouseClick(menu, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                         menu.actionGeometry(act).center())

    vp = w.strategic_view.viewport()
    pos = counter_pos(w, fleet_id)
    QTimer.singleShot(0, pick)
    QApplication.sendEvent(vp, QContextMenuEvent(QContextMenuEvent.Reason.Mouse, pos, vp.mapToGlobal(pos)))
    qtbot.waitUntil(lambda: bool(seen), timeout=3000)
    return seen


def test_a_landing_from_the_fleet_menu_opens_the_ground_combat_and_conquers(qtbot, tmp_path):
    w = opened(qtbot, tmp_path, invasion_campaign())
    press(w, "Ctrl+E")  # the transport arrives at Vor (no fleet meets it there)
    for _ in range(4):  # Supply -> Encounters -> Space Combat -> Orbital Bombardment -> Troop Combat
        answerer = Answerer(type_text(""))
        show_active(w, qtbot)
        press(w, "Ctrl+Shift+E")
        answerer.stop()
    assert w.campaign.phase is Phase.TROOPS and not w.campaign.ground_combats
    seen: list[str] = []
    answerer = Answerer(answers(seen))
    entries = cargo_entry(w, qtbot, "t", "Land Fed legion on Vor I")
    assert entries == ["Land Fed legion on Vor I"]
    qtbot.waitUntil(lambda: bool(w.campaign.ground_combats) and w.campaign.ground_combats[0].done
                    and w.session.combat_pending() is None, timeout=5000)  # the losses, then the morale check
    answerer.stop()
    # the landing made the planet's ground combat this turn's; the conquest's morale check follows
    assert seen == ["handover/Game Master", "ground/0505/Vor I", "morale/seized/0505/Vor I"]  # behind the GM's hand-over
    planet = w.campaign.sector_at("0505").star_system.planets[0]
    assert planet.owner == "fed" and [g.id for g in planet.ground_units] == ["g9"]
    assert not next(f for f in w.campaign.fleets if f.id == "t").cargo


def test_a_whole_turn_of_the_default_campaign_orders_encounter_battle_landing_conquest(qtbot, tmp_path):
    """Issue 13's acceptance: the default campaign, from orders to the next turn, as the GM and
    the players do it - a fleet's orders by dragging, Ctrl+E, End Phase into the Encounters
    (every meeting's demand and reply in its dialog), the battle at Tau Ceti (0509) fought at
    the table from the sector's menu, the others ruled on (Ctrl+G), the bombardment note, the
    Klingon legion landed from the transport's Cargo menu, the militia's loss ticked, Tau Ceti IV
    Klingon on the map, the next turn."""
    from PySide6.QtWidgets import QMenu

    from tests.app.gui import end_movement_listing, open_main_window, to_space_combat
    from tests.app.systems.test_table import results, system_action
    from tests.app.strategic.test_gui import drag

    w = open_main_window(qtbot, tmp_path)
    assert w.campaign.settings.combat_phase == "seed004" and w.campaign.phase is Phase.ORDERS
    drag(w, "fed-logistics", "0308")  # orders, by dragging the counter
    assert [str(x) for x in next(f for f in w.campaign.fleets if f.id == "fed-logistics").orders] == ["0308"]
    ok(end_movement_listing(w, qtbot))  # Ctrl+E; the Battle Hexes list closed
    assert w.campaign.phase is Phase.SUPPLY
    seen = to_space_combat(w, qtbot)
    assert any("Encounters" in title for _k, title in seen)
    tau = next(r for r in w.campaign.battle_hexes if str(r.at) == "0509")
    assert tau.encounter is EncounterState.SCENARIO and tau.scenario is Scenario.DEEP_SPACE
    # the battle at Tau Ceti, fought at the table: the GM enters the station and its defences destroyed
    system_action(w.findChild(QMenu, "battle_systems_menu"), "table").trigger()
    garrison = ["fed-bats-tau", "fed-gb-tau1", "fed-gb-tau2", "fed-defsat-tau"]
    answerer = Answerer(take_over, choose_item("0509"), results(destroyed=garrison))
    show_active(w, qtbot)
    press(w, "Ctrl+F")
    from tests.app.test_gui_paths import battle_windows
    qtbot.waitUntil(lambda: bool(battle_windows()), timeout=5000)
    bw = battle_windows()[-1]
    qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: next(r for r in w.campaign.battle_hexes if str(r.at) == "0509").resolved, timeout=10000)
    answerer.stop()
    bw.close()
    # the other Battle Hexes: GM rulings (Ctrl+G), one after another
    pick, why = choose_item(""), type_text("fought out on the table")
    answerer = Answerer(lambda d: pick(d) if isinstance(d, QInputDialog) and d.comboBoxItems() else why(d))
    for _ in range(10):
        if not w.gm_action.isEnabled():
            break
        show_active(w, qtbot)
        press(w, "Ctrl+G")
    answerer.stop()
    assert not w.gm_action.isEnabled() and w.end_phase_action.isEnabled()
    show_active(w, qtbot)
    press(w, "Ctrl+Shift+E")  # Space Combat -> Orbital Bombardment
    answerer = Answerer(take_over, type_text("no bombardment"))
    show_active(w, qtbot)
    press(w, "Ctrl+Shift+E")  # -> Troop Combat
    answerer.stop()
    assert w.campaign.phase is Phase.TROOPS
    keys: list[str] = []
    militia = {"id": "fed-militia-tau"}

    def losses(d) -> bool:
        if not isinstance(d, QuestionDialog) or "0509" not in d.q.key:
            return False
        keys.append(d.q.key)
        if d.q.key.startswith("morale/"):
            d.group.button(0).setChecked(True)  # Yes: the seizure's morale check failed
            return ok(d)
        for i in range(d.list.count()):
            item = d.list.item(i)
            item.setCheckState(Qt.CheckState.Checked if item.data(Qt.ItemDataRole.UserRole) == militia["id"]
                               else Qt.CheckState.Unchecked)
        return ok(d)
    answerer = Answerer(take_over, losses)
    entries = cargo_entry(w, qtbot, "kli-transport-7", "Land 7th Assault Legion on Tau Ceti IV")
    qtbot.waitUntil(lambda: bool(keys) and w.session.combat_pending() is None, timeout=5000)
    answerer.stop()
    assert "Land 7th Assault Legion on Tau Ceti IV" in entries
    assert keys == ["ground/0509/Tau Ceti IV", "morale/seized/0509/Tau Ceti IV"]
    planet = w.campaign.sector_at("0509").star_system.planets[0]
    assert planet.owner == "klingon" and planet.seized_turn == 1 and planet.morale == 6 - 3  # the check failed
    assert w.campaign.sector_at("0509").owner == "klingon"  # the whole system: its only planet fell
    from PySide6.QtTest import QTest

    from tests.app.strategic.test_menus import sector_pos
    QTest.mouseClick(w.strategic_view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     sector_pos(w, "0509"))  # the map's inspector shows the conquest
    shown = w.inspector.toPlainText()
    assert "Tau Ceti IV: Klingon Empire" in shown and "7th Assault Legion (Klingon Empire, attrition 2)" in shown
    show_active(w, qtbot)
    press(w, "Ctrl+Shift+E")  # -> the next turn
    assert w.campaign.phase is Phase.ORDERS and w.campaign.turn == 2
    assert "[Orders]" in w.phase_label.text() and "Turn 2" in w.phase_label.text()


def test_field_repairs_and_the_winner_between_sectors_are_asked_in_their_dialogs(qtbot, tmp_path):
    """Supply: the field-repairs dialog opens after Ctrl+E (the GM ticks the DD); Space Combat:
    after the GM's ruling (Ctrl+G) on the battle fought between 0101 and 0102, the dialog naming
    its winner opens, and the loser goes back to its last sector; then the winner's dialog asks
    whether it continues to its destination (Yes: it stays between sectors)."""
    from tests.rules.strategic.builder import unit
    units = [unit("sup", kind="supply_ship", supply_rating=6), unit("ca", crippled=True, economic_bpv=20),
             unit("dd", crippled=True, economic_bpv=17)]
    c = campaign(settings={"combat_phase": "seed004"}, sectors={"0303": {"owner": "fed", "supply_point": True}},
                 fleets=[fleet("f", "fed", "0303", units=units), fleet("g", "fed", "0101", ("0102",)),
                         fleet("k", "klingon", "0102", ("0101",))])
    w = opened(qtbot, tmp_path, c)
    seen: list[str] = []

    def dialogs(d) -> bool:
        if not isinstance(d, QuestionDialog):
            return False
        q = d.q
        seen.append(q.key)
        if q.key.startswith("repairs/"):
            for i in range(d.list.count()):
                item = d.list.item(i)
                item.setCheckState(Qt.CheckState.Checked if item.data(Qt.ItemDataRole.UserRole) == "dd"
                                   else Qt.CheckState.Unchecked)
        elif q.key.endswith("/winner"):
            d.group.button(list(q.options).index("red")).setChecked(True)
        elif "/continue/" in q.key:  # the winner continues to its original destination (Yes)
            d.group.button(0).setChecked(True)
        elif "/demand/" in q.key:
            d.group.button(list(q.options).index("deep_space")).setChecked(True)
        return ok(d)
    pick, why = choose_item("0101"), type_text("fought at the table")
    answerer = Answerer(take_over, dialogs, lambda d: pick(d) if isinstance(d, QInputDialog) and d.comboBoxItems() else why(d))
    press(w, "Ctrl+E")
    qtbot.waitUntil(lambda: "repairs/0303/fed" in seen and w.session.combat_pending() is None, timeout=5000)
    assert "Fed 6 Economic Points" in w.question_dialog.head.text()
    units_now = {u.id: u for f in w.campaign.fleets for u in f.units}
    assert not units_now["dd"].crippled and units_now["ca"].crippled
    for _ in range(2):  # Supply -> Encounters (both demand: a Deep Space battle on the lane) -> Space Combat
        show_active(w, qtbot)
        press(w, "Ctrl+Shift+E")
        qtbot.waitUntil(lambda: w.session.combat_pending() is None, timeout=5000)
    assert w.campaign.phase is Phase.BATTLES and w.fight_action.isEnabled()
    show_active(w, qtbot)
    press(w, "Ctrl+G")
    qtbot.waitUntil(lambda: "encounter/0101-0102/continue/red" in seen and w.session.combat_pending() is None,
                    timeout=5000)
    assert seen.index("encounter/0101-0102/winner") < seen.index("encounter/0101-0102/continue/red")
    answerer.stop()
    fleets = {f.id: (str(f.sector), f.in_transit_to) for f in w.campaign.fleets}
    assert fleets["g"] == ("0101", None) and fleets["k"][0] == "0102" and fleets["k"][1] is not None
