"""Hot seat (issue 22): a Team's commander does not keep the screen after its last question.
Once the phase asks it nothing more (the next question is nobody's, or it puts its question
off), the map, the inspector and the Empire Sheet go back to the GM's seat behind the hand-over
"Pass the screen back to the Game Master" (app/shell/combat.py hand_back), so the next player
who walks up sees nothing of that Team's."""
from __future__ import annotations

from PySide6.QtWidgets import QApplication, QGraphicsPathItem

from app.shell.turn_dialogs import HandOverDialog
from app.widgets.question_dialogs import QuestionDialog
from rules.model.records import Phase
from tests.app.gui import Answerer, cancel, encounter_answers, open_campaign, press, show_active
from tests.app.test_combat_phase_gui import opened, seed004_campaign


def hot_seat_campaign():
    """Red and Blue meet at 0304 (a seed 004 Combat Phase); Vor I (0505) has ground units of both."""
    return seed004_campaign()


def arrows(w) -> list[str]:
    """The plotted orders the strategic map draws (their tooltips)."""
    return sorted(i.toolTip() for i in w.strategic_view.scene().items() if isinstance(i, QGraphicsPathItem)
                  and "orders" in i.toolTip())


def recorder(seen: list[str], put_off: str | None = None):
    """Every hand-over's words and every question's key, in order; the question ``put_off`` is
    put off (Not now), the others answered as the table does by default."""
    answer = encounter_answers()

    def handle(d) -> bool:
        if isinstance(d, HandOverDialog):
            seen.append(d.label.text())
        elif isinstance(d, QuestionDialog):
            seen.append(d.q.key)
            if d.q.key == put_off:
                return cancel(d)
        return answer(d)
    return handle


def to_supply(qtbot, tmp_path):
    w = opened(qtbot, tmp_path, hot_seat_campaign())
    press(w, "Ctrl+E")  # End Movement: Red and Blue meet at 0304
    assert w.campaign.phase is Phase.SUPPLY
    return w


def test_the_last_team_to_answer_hands_the_screen_back_to_the_gm(qtbot, tmp_path):
    w = to_supply(qtbot, tmp_path)
    seen: list[str] = []
    answerer = Answerer(recorder(seen))
    show_active(w, qtbot)
    press(w, "Ctrl+Shift+E")  # Supply -> Encounters: Red demands, Blue agrees, each behind its hand-over
    qtbot.waitUntil(lambda: w.campaign.phase is Phase.ENCOUNTERS and w.session.combat_pending() is None
                    and QApplication.activeModalWidget() is None, timeout=10000)
    answerer.stop()
    assert seen == ["Pass the screen to the Red commander", "encounter/0304/demand/red",
                    "Pass the screen to the Blue commander", "encounter/0304/agree/blue",
                    "Pass the screen back to the Game Master"], seen
    # the screen is the GM's: Blue's next question gets its hand-over, its orders are not drawn, Undo asks the GM
    assert w.strategic_view.scene().seat == "gm" and w.combat_seat == "gm" and w.team_at_screen() is None
    assert w.seat_undo.mark is not None and w.seat_undo.mark[1] == "gm"


def test_a_team_that_puts_its_question_off_hands_the_screen_back(qtbot, tmp_path):
    w = to_supply(qtbot, tmp_path)
    seen: list[str] = []
    answerer = Answerer(recorder(seen, put_off="encounter/0304/agree/blue"))
    show_active(w, qtbot)
    press(w, "Ctrl+Shift+E")
    qtbot.waitUntil(lambda: "Pass the screen back to the Game Master" in seen
                    and QApplication.activeModalWidget() is None, timeout=10000)
    answerer.stop()
    assert seen[-2:] == ["encounter/0304/agree/blue", "Pass the screen back to the Game Master"], seen
    assert w.strategic_view.scene().seat == "gm" and w.combat_seat == "gm"
    assert "waits for this answer" in w.statusBar().currentMessage()  # the GM is told what the phase waits for
    seen.clear()  # Turn > Answer (Ctrl+Shift+A): Blue's question again, behind Blue's hand-over again
    answerer = Answerer(recorder(seen))
    show_active(w, qtbot)
    press(w, "Ctrl+Shift+A")
    qtbot.waitUntil(lambda: "Pass the screen back to the Game Master" in seen
                    and QApplication.activeModalWidget() is None, timeout=10000)
    answerer.stop()
    assert seen == ["Pass the screen to the Blue commander", "encounter/0304/agree/blue",
                    "Pass the screen back to the Game Master"], seen


def test_a_put_off_hand_over_does_not_show_the_last_team_s_orders_again(qtbot, tmp_path):
    """Turn Orders (seed 004, each power its own): the Alliance closes its powers' orders, the
    Coalition's hand-over is put off ("Not now"); the screen goes back to the GM, and the map
    no longer draws the Alliance fleets' plotted movement orders."""
    from app.shell.orders_dialog import OrdersDialog
    from rules.turn.run import play
    from tests.app.gui import ok
    from tests.rules.turn.test_orders import by_powers
    from tests.rules.turn.test_purchases import TO_ORDERS

    w = open_campaign(qtbot, tmp_path, play(by_powers(), TO_ORDERS).campaign, (1400, 900))
    alliance = sorted(f"{f.name}: orders" for f in w.campaign.fleets if f.orders
                      and w.campaign.team_of_power(f.power).id == "alliance")
    assert alliance and arrows(w) == []  # the table's view draws no fleet's orders
    seen: list[str] = []

    def handle(d) -> bool:
        if isinstance(d, HandOverDialog):
            seen.append(d.label.text())
            if "Coalition" in d.label.text():
                seen.append(",".join(arrows(w)))  # under the cover: what the screen would show after it
                return cancel(d)
            d.take_over_button.click()
            return True
        if isinstance(d, OrdersDialog):
            seen.append(f"orders/{d.p.id}")
            d.choose("done")
            return ok(d)
        return False
    answerer = Answerer(handle)
    try:
        press(w, "Ctrl+Shift+A")
        qtbot.waitUntil(lambda: "Pass the screen back to the Game Master" in seen
                        and QApplication.activeModalWidget() is None, timeout=15000)
    finally:
        answerer.stop()
    assert seen[:3] == ["Pass the screen to the Alliance commander", "orders/fed", "orders/kzinti"], seen
    assert seen[3] == "Pass the screen to the Coalition commander"
    drawn = sorted(a.split(": ")[0] + ": orders" for a in seen[4].split(",") if a)  # "name: orders 0605 -> ..."
    assert drawn == alliance, seen[4]  # the Alliance's own orders were drawn while it held the screen
    assert seen[5:] == ["Pass the screen back to the Game Master"], seen
    assert w.strategic_view.scene().seat == "gm" and arrows(w) == []  # no Alliance orders left on the map


def test_a_team_seated_at_the_empire_sheet_gives_the_screen_to_the_gm_before_the_gm_s_question(qtbot, tmp_path):
    """The GM held the screen (Blue handed it back after the Encounters); Blue then took the Empire
    Sheet's seat (its own Point Pool on screen). The Troop Combat's ground losses are the GM's
    question: it came straight up, Blue's sheet beside it, for whoever sat there. Now the GM's
    hand-over comes first, and the sheet leaves Blue's seat."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QInputDialog

    from tests.app.gui import choose_item, take_over, type_text

    w = to_supply(qtbot, tmp_path)
    seen: list[str] = []
    answerer = Answerer(recorder(seen))
    show_active(w, qtbot)
    press(w, "Ctrl+Shift+E")  # Encounters: Red demands, Blue agrees and hands the screen back
    qtbot.waitUntil(lambda: "Pass the screen back to the Game Master" in seen
                    and QApplication.activeModalWidget() is None, timeout=10000)
    show_active(w, qtbot)
    press(w, "Ctrl+Shift+E")  # -> Space Combat
    answerer.stop()
    pick, why = choose_item("0304"), type_text("fought at the table")
    answerer = Answerer(lambda d: pick(d) if isinstance(d, QInputDialog) and d.comboBoxItems() else why(d))
    show_active(w, qtbot)
    press(w, "Ctrl+G")  # the GM's ruling on the Battle Hex
    qtbot.waitUntil(lambda: w.campaign.battle_hexes[0].resolved, timeout=5000)
    answerer.stop()
    show_active(w, qtbot)
    press(w, "Ctrl+Shift+E")  # -> Orbital Bombardment
    assert w.campaign.phase is Phase.BOMBARDMENT and w.combat_seat == "gm"
    press(w, "Ctrl+Shift+K")  # View > Empire Sheet: Blue takes its seat for the Federation's sheet
    sheet = w.empire_sheet
    qtbot.waitUntil(sheet.isVisible)
    sheet.power_box.setCurrentIndex(sheet.power_box.findData("fed"))
    answerer = Answerer(take_over)
    qtbot.mouseClick(sheet.seat_button, Qt.MouseButton.LeftButton)
    answerer.stop()
    assert sheet.seat == "blue"
    seen.clear()
    at_question: list[object] = []

    def ground(d) -> bool:
        if isinstance(d, QuestionDialog) and d.q.key.startswith("ground/"):
            at_question.append(sheet.seat)  # what the sheet shows while the GM's question is up
        return recorder(seen)(d)
    answerer = Answerer(type_text("no bombardment"), ground)
    show_active(w, qtbot)
    press(w, "Ctrl+Shift+E")  # -> Troop Combat: the GM's ground losses
    qtbot.waitUntil(lambda: bool(at_question) and QApplication.activeModalWidget() is None, timeout=10000)
    answerer.stop()
    assert seen[:2] == ["Pass the screen to the Game Master", "ground/0505/Vor I"], seen
    assert at_question[0] is None  # Blue's sheet left before the GM's question showed


def test_a_commander_who_plotted_its_orders_hands_the_screen_back_by_the_turn_menu(qtbot, tmp_path):
    """Turn Orders by dragging: the Coalition's commander drags its fleet at the table's view and so
    takes the screen, its fleets' orders drawn. Nothing asked it a question, so nothing handed the
    screen back: the next player to walk up read the Coalition's plotted orders. Turn > Hand the
    Screen Back to the GM (Ctrl+Shift+P) gives it back behind the hand-over."""
    from tests.app.gui import menu_action, open_main_window, take_over
    from tests.app.strategic.test_gui import drag

    w = open_main_window(qtbot, tmp_path)
    assert arrows(w) == []  # the table's view
    drag(w, "kli-home-guard", "1108")  # the Coalition's commander plots an order: it has the screen
    coalition = {f.name for f in w.campaign.fleets if f.orders and w.campaign.team_of_power(f.power).id == "coalition"}
    drawn = {a.split(": ")[0] for a in arrows(w)}
    home = next(f.name for f in w.campaign.fleets if f.id == "kli-home-guard")
    assert home in drawn and drawn <= coalition  # its own orders only
    seen: list[str] = []
    answerer = Answerer(lambda d: isinstance(d, HandOverDialog) and (seen.append(d.label.text()) or take_over(d)))
    try:
        menu_action(w, "Hand the Screen Back to the GM").trigger()
    finally:
        answerer.stop()
    assert seen == ["Pass the screen back to the Game Master"]
    assert arrows(w) == [] and w.strategic_view.scene().seat == "gm"
    assert [str(x) for x in next(f for f in w.campaign.fleets if f.id == "kli-home-guard").orders] == ["1108"]
    show_active(w, qtbot)
    press(w, "Ctrl+Shift+P")  # nobody's Team holds it now: nothing to hand back, and it says so
    assert "No Team's commander holds the screen" in w.statusBar().currentMessage()
