"""The strategic layer in the GUI, driven like a user: drag a fleet along a lane, undo it, end
movement and read the Battle Hexes, switch the overlays, rule on a Battle Hex as the GM."""
from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication, QDialog, QInputDialog

from app.strategic.scene import StrategicScene
from app.shell.turn_dialogs import IgnoreDialog
from hexmap import Label
from rules.model import load_campaign
from rules.model.records import Phase


def drag(window, fleet_id: str, target: str) -> None:
    """Press on a fleet counter, move over the lanes to ``target`` and release there."""
    view = window.strategic_view
    scene: StrategicScene = view.scene()
    counter = scene.counter(fleet_id)
    view.centerOn(counter)
    vp = view.viewport()
    start = view.mapFromScene(counter.scenePos())
    end = view.mapFromScene(scene.sector_items[target].scenePos() + QPointF(0, -12))
    press = QMouseEvent(QEvent.Type.MouseButtonPress, QPointF(start), vp.mapToGlobal(QPointF(start)),
                        Qt.MouseButton.LeftButton, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(vp, press)
    for i in range(1, 11):
        pos = QPointF(start + (end - start) * (i / 10))
        QApplication.sendEvent(vp, QMouseEvent(QEvent.Type.MouseMove, pos, vp.mapToGlobal(pos), Qt.MouseButton.NoButton,
                                               Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier))
    release = QMouseEvent(QEvent.Type.MouseButtonRelease, QPointF(end), vp.mapToGlobal(QPointF(end)),
                          Qt.MouseButton.LeftButton, Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(vp, release)


def fleet(window, fid: str):
    return next(f for f in window.campaign.fleets if f.id == fid)


def test_drag_a_fleet_along_a_lane_gives_orders_with_undo_and_autosave(window):
    drag(window, "fed-logistics", "0308")
    assert fleet(window, "fed-logistics").orders == [Label.parse("0308")]
    assert window.session.last_autosave is not None and window.session.last_autosave.exists()
    assert load_campaign(window.session.last_autosave).fleets[-1].orders == [Label.parse("0308")]
    scene = window.strategic_view.scene()
    assert any("0308" in (i.toolTip() or "") for i in scene.items())  # the orders arrow
    window.undo_action.trigger()
    assert fleet(window, "fed-logistics").orders == []
    window.redo_action.trigger()
    assert fleet(window, "fed-logistics").orders == [Label.parse("0308")]


def test_two_sectors_in_own_controlled_space(window):
    drag(window, "fed-logistics", "0309")  # 0307 -> 0308 -> 0309, all Federation-controlled
    assert fleet(window, "fed-logistics").orders == [Label.parse("0308"), Label.parse("0309")]


def test_an_illegal_drop_is_refused_with_the_rule_and_changes_nothing(window):
    before = window.campaign
    drag(window, "kli-deep-strike", "0409")
    assert window.campaign is before
    msg = window.statusBar().currentMessage()
    assert "Refused" in msg and "needs 2 turns" in msg
    drag(window, "kli-monitor", "0908")
    assert window.campaign is before and "sub-light" in window.statusBar().currentMessage()


def test_dragging_shows_a_preview_of_the_path(window):
    path, ok, text = window.preview("fed-logistics", "0309")
    assert ok and [str(x) for x in path] == ["0307", "0308", "0309"] and "2 sectors" in text
    path, ok, text = window.preview("kli-deep-strike", "0409")
    assert not ok and "needs 2 turns" in text and "(004 Movement Phase (movement rate))" in text


def test_orders_through_a_closed_lane_are_refused_and_change_nothing(window):
    from rules.strategic.turn import PhaseError
    before = window.campaign
    with pytest.raises(PhaseError, match="the lane 0604-0705 is closed"):
        window.session.set_orders("lyr-red-claw", [Label.parse("0604"), Label.parse("0705")])
    assert window.campaign is before and window.session.undo_stack.count() == 0


def test_end_movement_lists_the_expected_battle_hexes(window, monkeypatch):
    asked: list = []

    def answer(dialog):
        asked.extend(dialog.questions)
        return QDialog.DialogCode.Accepted
    monkeypatch.setattr(IgnoreDialog, "exec", answer)
    assert not window.end_phase_action.isEnabled()
    window.end_movement_action.trigger()
    assert {(str(q.at), q.team, q.rule) for q in asked} == {
        ("0703", "alliance", "V13.16"), ("0703", "coalition", "V13.16"), ("0907", "alliance", "V13.18")}
    c = window.campaign
    assert c.phase is Phase.SUPPLY  # seed 004: the Combat Phase opens with Supply
    got = {str(b.at): (b.attacker, b.defender) for b in c.battle_hexes}
    assert got == {"0509": ("coalition", "alliance"), "0604": ("coalition", "alliance"),
                   "0703": ("coalition", "alliance"), "0707": ("alliance", "gm"), "0907": ("alliance", "coalition")}
    html = window._battle_dialog.browser.toPlainText()
    for at in got:
        assert f"Battle Hex {at}" in html
    assert "any incidental units hidden until placement" in html and "(s)" not in html  # Tau Ceti's incidental units, V13.03
    # a meeting is fought only once a side demands a scenario (Encounters Phase): End Phase goes on
    assert window.end_phase_action.isEnabled() and not window.gm_action.isEnabled()
    assert "[Supply]" in window.phase_label.text()
    red = window.strategic_view.scene().sector_items["0604"]
    assert red.marks.battle and red.marks.contested


def test_gm_rulings_then_next_turn(v13_window, monkeypatch):
    """V13's own loop (a v13 copy of the default campaign): the GM rules on every Battle Hex
    right after End Movement, then End Phase starts the next turn."""
    window = v13_window
    monkeypatch.setattr(IgnoreDialog, "exec", lambda d: QDialog.DialogCode.Accepted)
    window.end_movement_action.trigger()
    offered: list[list[str]] = []

    def pick(parent, title, label, choices, current, editable):
        offered.append(choices)
        return choices[0], True
    monkeypatch.setattr(QInputDialog, "getItem", pick)
    monkeypatch.setattr("app.shell.turn.ask_text", lambda *a, **k: ("fought out on the table", True))  # the reason
    for _ in range(5):
        assert not window.end_phase_action.isEnabled()
        window.gm_action.trigger()
    assert [len(x) for x in offered] == [5, 4, 3, 2, 1]
    assert window.end_phase_action.isEnabled()
    window.end_phase_action.trigger()
    assert window.campaign.turn == 2 and window.campaign.phase is Phase.ORDERS
    assert any("GM ruling" in e.text for e in window.campaign.log)
    window.undo_action.trigger()
    assert window.campaign.turn == 1


def test_cancelling_the_ignore_questions_changes_nothing(window, monkeypatch):
    monkeypatch.setattr(IgnoreDialog, "exec", lambda d: QDialog.DialogCode.Rejected)
    before = window.campaign
    window.end_movement_action.trigger()
    assert window.campaign is before and "cancelled" in window.statusBar().currentMessage()


def test_overlays_switch_on_and_off(window):
    scene = window.strategic_view.scene()
    item = scene.sector_items["0307"]
    assert not scene.lanes_item.isVisible()
    window.overlay_actions["lanes"].trigger()
    window.overlay_actions["control"].trigger()
    assert scene.lanes_item.isVisible() and item.overlays.control
    assert scene.lanes_item.major and scene.lanes_item.closed
    window.overlay_actions["lanes"].trigger()
    assert not scene.lanes_item.isVisible()


def test_hovering_a_fleet_with_the_supply_overlay_draws_its_route(window, qtbot):
    window.set_overlay("supply", True)
    view = window.strategic_view
    scene = view.scene()
    counter = scene.counter("fed-logistics")
    view.centerOn(counter)
    assert not scene._route.isVisible()
    qtbot.mouseMove(view.viewport(), view.mapFromScene(counter.scenePos()) + QPoint(0, 200))
    qtbot.mouseMove(view.viewport(), view.mapFromScene(counter.scenePos()))
    assert scene._route.isVisible()
    assert "In Supply via 0307" in window.statusBar().currentMessage()
    assert scene.counter("fed-second").in_supply is False  # (fed-third is in supply from its colonies, INTERPRETATIONS 18)


def test_clicking_a_fleet_shows_the_fleet_inspector(window, qtbot):
    view = window.strategic_view
    counter = view.scene().counter("kli-transport-7")  # on top of the Deep Strike Squadron it follows
    view.centerOn(counter)
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=view.mapFromScene(counter.scenePos()))
    text = window.inspector.toPlainText()
    assert "7th Legion Transport Fleet" in text and "Out of Supply" in text
    assert "Orders: kept by its own commander" in text  # the table's view: no Team's orders (issue 22)
    window.gm_view_action.trigger()  # the GM view (no passphrase held) reads them
    text = window.inspector.toPlainText()
    assert "Orders: 0509 (legal)" in text
    assert "Transport Fleet" in text and "Cargo: 7th Assault Legion" in text
    assert "seed" not in text.lower()  # the players' words (issue 22): "Out of Supply: ... (Supply Phase)", not seed 004
