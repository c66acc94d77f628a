"""The battle set-up window, driven like users at one screen: hand-overs, dialogs, drag and drop
from the roster onto the map, a refused drop, a corrected attacker facing, hidden incidental
units, undo, and resuming a saved set-up."""
from __future__ import annotations

import pytest
from PySide6.QtCore import QMimeData, QPointF, QSettings, Qt
from PySide6.QtGui import QDragMoveEvent, QDropEvent
from PySide6.QtWidgets import QDialog

from app.systems.v13.map import UNIT_MIME, centre_of
from app.shell.window import MainWindow
from app.widgets.question_dialogs import QuestionDialog
from app.shell.turn_dialogs import IgnoreDialog
from hexmap import Facing, Label
from rules.battlehex.log import GM
from rules.battlehex.state import Step
from rules.battlehex.questions import QKind
from tests.app.gui import to_space_combat
from tests.hand_kept import hand_kept_file

L = Label.parse


@pytest.fixture
def main(qtbot, tmp_path, monkeypatch):
    monkeypatch.setattr(MainWindow, "show_error", lambda self, title, text: None)
    monkeypatch.setattr(IgnoreDialog, "exec", lambda d: QDialog.DialogCode.Accepted)
    w = MainWindow(hand_kept_file(tmp_path), settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(w)
    w.show()
    w.end_movement()
    w._battle_dialog.close()
    to_space_combat(w, qtbot)  # seed 004: each defender demands a Deep Space encounter, each attacker agrees
    return w


def open_battle(main, qtbot, at: str):
    bw = main.fight(L(at))
    bw.auto_dialogs = False

    bw.resize(1300, 850)
    qtbot.waitExposed(bw)
    return bw


def take_over(bw):
    if bw.stack.currentIndex() == 1:
        bw.handover_button.click()


def drag_drop(bw, uid: str, label: str) -> str:
    """Drag ``uid`` from the roster over ``label`` and drop it; returns the hover verdict."""
    view = bw.panel.view
    h = bw.b.ctx.window.hex_at(label)
    view.centerOn(centre_of(h))
    pos = QPointF(view.mapFromScene(centre_of(h)))
    data = QMimeData()
    data.setData(UNIT_MIME, uid.encode())
    # Qt delivers drag events only while its drag manager runs a real drag, which a headless
    # test cannot start; the view's handlers get the same event objects Qt would hand them.
    view.dragMoveEvent(QDragMoveEvent(pos.toPoint(), Qt.DropAction.MoveAction, data, Qt.MouseButton.LeftButton,
                                      Qt.KeyboardModifier.NoModifier))
    verdict = bw.panel.scene.hover_text.toPlainText()
    view.dropEvent(QDropEvent(pos, Qt.DropAction.MoveAction, data, Qt.MouseButton.LeftButton,
                              Qt.KeyboardModifier.NoModifier))
    return verdict


def to_defender_placement(bw) -> None:
    """Through the hand-overs: no withdrawal, no approach battle, the range questions."""
    take_over(bw)
    bw.answer(False)
    take_over(bw)
    bw.answer(False)
    while bw.b.pending.kind is not QKind.PLACE:
        take_over(bw)
        q = bw.b.pending
        bw.answer(None if q.kind is QKind.OPTIONAL_NUMBER else 50 if q.low <= 50 <= q.high else q.low)
    take_over(bw)


def test_full_set_up_by_drag_and_drop_with_a_refusal_and_a_corrected_facing(main, qtbot):
    bw = open_battle(main, qtbot, "0604")
    # hot-seat: the map is hidden until the Alliance (defender) commander takes over
    assert bw.stack.currentIndex() == 1 and "Alliance" in bw.handover_label.text()
    assert not bw.panel_dock.isVisible() and not bw.log_dock.isVisible()
    take_over(bw)
    assert bw.b.pending.key == "V13.21/announce"
    bw.answer(False)  # no withdrawal
    take_over(bw)
    assert bw.b.pending.key == "V13.32/accept"  # the Kzinti carrier: the approach battle is offered
    bw.answer(False)
    while bw.b.pending.kind is not QKind.PLACE:  # range questions (and WS advantage)
        take_over(bw)
        q = bw.b.pending
        bw.answer(None if q.kind is QKind.OPTIONAL_NUMBER else 50 if q.low <= 50 <= q.high else q.low)
    take_over(bw)
    assert bw.b.state.step is Step.PLACE_DEFENDER
    assert [bw.panel.roster.item(i).data(Qt.ItemDataRole.UserRole) for i in range(bw.panel.roster.count())] == \
        ["kz-cv-claw", "kz-aac-1", "kz-eff-1"]  # the fighter stays aboard its carrier
    # a refused drop: the carrier must go near a map edge (V13.432)
    before = list(bw.b.answers)
    verdict = drag_drop(bw, "kz-cv-claw", "2115")
    assert "V13.432" in verdict and bw.b.answers == before
    assert "Refused" in bw.panel.verdict_label.text() and "V13.432" in bw.statusBar().currentMessage()
    bw.panel.facing = Facing.D
    drag_drop(bw, "kz-cv-claw", "2103")
    assert bw.b.state.dor is Facing.A
    drag_drop(bw, "kz-aac-1", "2107")
    drag_drop(bw, "kz-eff-1", "2108")
    take_over(bw)
    assert bw.b.state.step is Step.PLACE_ATTACKER and "Coalition" in bw.waiting.text()
    # an illegal first facing (D would make the DoD A = the DoR) is corrected, with the reason
    bw.panel.facing = Facing.D
    min_r = bw.b.state.min_range
    drag_drop(bw, "lyr-ca-pride", f"21{8 + min_r:02d}")  # the nearest defender is at 2108
    assert bw.b.state.units["lyr-ca-pride"].facing is Facing.F and bw.b.state.dod is Facing.C
    assert "V13.443" in bw.statusBar().currentMessage()
    assert "V13.446" in bw.panel.setup.facing_label.text()  # the facing is locked for the rest
    drag_drop(bw, "lyr-cw-1", f"21{9 + min_r:02d}")
    drag_drop(bw, "lyr-dd-1", f"22{9 + min_r:02d}")
    take_over(bw)
    assert bw.b.pending.key == "V13.811/centre" and bw.b.pending.to == GM
    bw.answer(bw.b.pending.data["proposed"])
    assert bw.b.state.step is Step.COMBAT and bw.panel.combat_mode() and bw.panel.combat.isVisible()
    assert "Turn 1, impulse 1" in bw.panel.combat.clock_label.text()
    # the whole set-up is in the campaign: autosaved, undoable
    assert main.session.last_autosave.exists()
    bw.undo_action.trigger()
    assert bw.b.pending.key == "V13.811/centre"


def test_attacker_never_sees_incidental_units_before_its_placement_is_done(main, qtbot):
    bw = open_battle(main, qtbot, "0509")
    seen_by_coalition = []
    while bw.b.state.step is not Step.PLACE_ORION and not bw.b.done:
        take_over(bw)
        if bw.viewer == "coalition":
            text = bw.log_view.toPlainText() + " ".join(c.toolTip() for c in bw.panel.scene.counters.values())
            seen_by_coalition.append(text)
        q = bw.b.pending
        if q.kind is QKind.PLACE:
            uid = q.options[0]
            zone = bw.b.placement.zone(uid)
            bw.panel.facing = Facing.A
            drag_drop(bw, uid, str(bw.b.ctx.window.label(zone[len(zone) // 2])))
        else:
            bw.answer(False if q.kind is QKind.YES_NO else None if q.kind is QKind.OPTIONAL_NUMBER else
                      50 if q.low <= 50 <= q.high else q.low)
        if bw.b.state.step is Step.PLACE_INCIDENTAL:
            break
    assert seen_by_coalition and not any("Ground Base" in t or "Defense Satellite" in t for t in seen_by_coalition)
    assert bw.b.state.incidentals_revealed


def test_question_dialogs_limit_answers(main, qtbot):
    bw = open_battle(main, qtbot, "0509")
    take_over(bw)
    while bw.b.pending.key != "V13.425/choice":
        bw.answer(None)
        take_over(bw)
    q = bw.b.pending
    d = QuestionDialog(q, "Coalition")
    qtbot.addWidget(d)
    assert (d.spin.minimum(), d.spin.maximum()) == (q.low, q.high)
    d.spin.setValue(999)
    assert q.low <= d.answer() <= q.high


def test_saved_set_up_reopens_where_it_stopped(main, qtbot, tmp_path):
    bw = open_battle(main, qtbot, "0907")
    take_over(bw)
    bw.answer(0)  # the GM's terrain modifier for the Alliance
    take_over(bw)
    key = bw.b.pending.key
    path = tmp_path / "mid.json"
    assert main.save_to(path)
    bw.close()
    assert main.open_campaign(path)
    again = open_battle(main, qtbot, "0907")
    take_over(again)
    assert again.b.pending.key == key and again.b.answers == [0]


def test_gm_overrules_a_refused_drop_with_a_reason(main, qtbot):
    bw = open_battle(main, qtbot, "0604")
    to_defender_placement(bw)
    bw.panel.facing = Facing.D
    drag_drop(bw, "kz-cv-claw", "2115")  # refused: V13.432
    assert bw.overrule_action.isEnabled() and not bw.b.state.placed_order
    bw.overrule("the carrier starts mid-map by agreement")
    assert bw.b.state.placed_order == ["kz-cv-claw"]
    ruling = next(e for e in bw.b.log.events if e.kind == "ruling")
    assert "by agreement" in ruling.text and not bw.overrule_action.isEnabled()


def set_up_0604(bw):
    to_defender_placement(bw)
    place_0604(bw)


def place_0604(bw):
    """0604 from the defenders' placement to combat: three defenders, three attackers, centre."""
    bw.panel.facing = Facing.D
    for uid, at in (("kz-cv-claw", "2103"), ("kz-aac-1", "2106"), ("kz-eff-1", "2104")):
        drag_drop(bw, uid, at)
    take_over(bw)
    bw.panel.facing = Facing.A
    r = bw.b.state.min_range
    for uid, at in (("lyr-ca-pride", f"21{6 + r:02d}"), ("lyr-cw-1", f"22{6 + r:02d}"),
                    ("lyr-dd-1", f"20{6 + r:02d}")):
        drag_drop(bw, uid, at)
    take_over(bw)
    bw.answer(bw.b.pending.data["proposed"])


def test_play_a_battle_hex_to_its_end(main, qtbot, tmp_path):
    """A unit retreats in order, one leaves in disorder and is pursued, a Rear Guard is chosen
    in secret, and the results reach the strategic map."""
    bw = open_battle(main, qtbot, "0604")
    set_up_0604(bw)
    assert bw.panel.combat_mode() and bw.panel.combat.isVisible()
    # KHS Hunting Cry retreats in order: declared, the Coalition does not oppose
    bw.panel.select("kz-aac-1")
    bw.panel.declare()
    take_over(bw)
    assert bw.b.pending.to == "coalition" and "oppose" in bw.b.pending.text
    bw.answer(False)
    assert bw.b.state.units["kz-aac-1"].status.value == "retreated"
    # the Coalition holds the seat since it answered; the GM view moves and declares for both sides (a
    # Team moves and withdraws only its own units, V13.480 / V13.501 / V13.601)
    bw.gm_action.trigger()
    # KHS Swift Stalker runs for the top edge facing B: not the DoR (A), so in disorder
    bw.panel.select("kz-eff-1")
    centre = bw.b.state.centre
    top = bw.b.ctx.window.label(centre)
    bw.panel.act({"move": "kz-eff-1", "to": f"({top.col},{top.row - 31})", "facing": "B"})
    assert bw.b.state.units["kz-eff-1"].status.value == "disorganized withdrawal"
    bw.panel.act({"clock": 20})
    bw.panel.act({"move": "lyr-dd-1", "to": f"({top.col},{top.row - 31})", "facing": "B"})  # the pursuer follows
    assert bw.b.state.units["lyr-dd-1"].status.value == "disorganized withdrawal"
    bw.gm_action.trigger()  # the GM view closes: the questions are handed over again
    # the carrier retreats in order too, which ends the battle
    bw.panel.select("kz-cv-claw")
    bw.panel.declare()
    take_over(bw)
    bw.answer(False)
    assert bw.b.state.ended
    # the Coalition sends its destroyer after the disorganized unit (V13.831): 20 impulses, automatic
    take_over(bw)
    assert bw.b.pending.key == "V13.831/kz-eff-1"
    bw.answer(["lyr-dd-1"])
    # Pursuit of the organized retreat: the Coalition pursues; Pursuit Force and Rear Guard in secret
    take_over(bw)
    assert bw.b.pending.key == "V13.702/coalition"
    bw.answer(True)
    take_over(bw)
    assert bw.b.pending.key == "V13.721/force"
    bw.answer(["lyr-ca-pride", "lyr-cw-1"])
    assert bw.stack.currentIndex() == 1 and "Alliance" in bw.handover_label.text()  # hand-over before the secret
    take_over(bw)
    assert "LSS Pride" not in bw.log_view.toPlainText().split("V13.721")[-1]  # the Alliance cannot see the force
    assert bw.b.pending.key == "V13.722/rear_guard"
    bw.answer(["kz-aac-1"])
    fought = bw.ctl.last
    assert any("revealed together" in e.text for e in fought.log.events)
    # results on the strategic map, and the battles that follow in the same hex (V13.748, V13.731)
    campaign = main.session.campaign
    first = next(r for r in campaign.battle_hexes if str(r.at) == "0604" and r.kind == "main")
    assert first.resolved
    kinds = sorted(r.kind for r in campaign.battle_hexes if str(r.at) == "0604" and not r.resolved)
    assert kinds == ["pursuit", "rear_guard"]  # Swift Stalker caught within 64 impulses; the Rear Guard met
    rear = next(r for r in campaign.battle_hexes if r.kind == "rear_guard")
    assert set(rear.participants) == {"lyr-ca-pride", "lyr-cw-1", "kz-aac-1"} and rear.attacker == "coalition"
    aac = next(u for f in campaign.fleets for u in f.units if u.id == "kz-aac-1")
    assert aac.forced_strategic_direction is not None
    follow = kinds
    scene = main.strategic_view.scene()
    assert scene.sector_items["0604"].marks.battle == bool(follow)
    assert bw.b is fought and "Resolved" in bw.step_label.text()  # the window stays on the battle just fought
    report = bw.export_report(str(tmp_path / "battle.html"))
    html = (tmp_path / "battle.html").read_text()
    assert report and html.startswith("<!DOCTYPE html>") and "data:image/png;base64," in html
    assert "V13.723" in html and "V13.834" in html and "V13.632" not in html.split("<h2>Units")[0]


def test_a_destroyed_counter_stays_on_the_map_greyed_and_marked(main, qtbot):
    """The legend says a destroyed counter is greyed with a red cross and "DEST" (issue 22); it
    vanished from the map instead. Marked through the combat panel's Destroyed button, it stays."""
    bw = open_battle(main, qtbot, "0604")
    set_up_0604(bw)
    bw.gm_action.trigger()  # the GM marks results for either side
    scene = bw.panel.scene
    before = scene.counters["kz-eff-1"].pos()
    bw.panel.select("kz-eff-1")
    bw.panel.combat.buttons["Destroyed"].click()
    assert bw.b.state.units["kz-eff-1"].status.value == "destroyed"
    item = scene.counters.get("kz-eff-1")
    assert item is not None and item.isVisible(), "the destroyed counter vanished"
    assert item.spec.status == "destroyed" and item.pos() == before


def test_the_report_map_picture_has_no_scrollbars(main, qtbot):
    """The battle report's map image showed the view's scrollbars: it is the map alone now."""
    from PySide6.QtGui import QImage
    bw = open_battle(main, qtbot, "0604")
    set_up_0604(bw)
    view = bw.panel.view
    view.scale(3, 3)  # zoomed in: the scrollbars show
    qtbot.waitUntil(lambda: view.verticalScrollBar().isVisible())
    img = QImage.fromData(bw.panel.picture())
    vp = view.viewport()
    ratio = img.devicePixelRatio() or 1
    assert (round(img.width() / ratio), round(img.height() / ratio)) == (vp.width(), vp.height())
    colours = {img.pixel(x, y) for x in range(0, img.width(), 7) for y in range(0, img.height(), 7)}
    assert len(colours) > 5  # the map itself, not a blank picture


def test_the_battle_map_stays_still_through_a_drop_and_the_hand_overs(main, qtbot):
    """The left panel widened after a placement drop and the hand-overs gave the map a new
    size and scroll, so the counters moved under the pointer (issue 22): on a map the person
    has zoomed (a map nobody touched fits the attackers' zone when it is offered:
    tests/app/systems/v13/test_setup_fit.py), a hex stays at the same place on the screen through
    a drop, a hand-over and the take-over; the side panel never asks for more height than the
    screen has."""
    from PySide6.QtWidgets import QApplication
    from tests.app.systems.v13.test_map import wheel
    bw = open_battle(main, qtbot, "0604")
    to_defender_placement(bw)
    view = bw.panel.view
    for _ in range(3):
        QApplication.processEvents()  # the window's first fit, once it is shown
    centre = view.viewport().rect().center()
    wheel(view, centre, 1)  # the GM zooms in a notch and back: the map is the person's now
    wheel(view, centre, -1)
    assert not view.auto_fit
    bw.panel.facing = Facing.D
    for uid, at in (("kz-cv-claw", "2103"), ("kz-aac-1", "2106")):
        drag_drop(bw, uid, at)
    mark = centre_of(bw.b.ctx.window.hex_at("2104"))

    def where():
        for _ in range(3):
            QApplication.processEvents()
        return view.mapToGlobal(view.mapFromScene(mark)), bw.panel_dock.width()
    before = where()
    pos = QPointF(view.mapFromScene(mark))
    assert view.viewport().rect().contains(pos.toPoint())
    data = QMimeData()
    data.setData(UNIT_MIME, b"kz-eff-1")  # the last defender dropped where the pointer is: no scrolling first
    view.dragMoveEvent(QDragMoveEvent(pos.toPoint(), Qt.DropAction.MoveAction, data, Qt.MouseButton.LeftButton,
                                      Qt.KeyboardModifier.NoModifier))
    view.dropEvent(QDropEvent(pos, Qt.DropAction.MoveAction, data, Qt.MouseButton.LeftButton,
                              Qt.KeyboardModifier.NoModifier))
    assert bw.b.state.units["kz-eff-1"].pos is not None and bw.handing_over()  # the attacker's turn to place
    take_over(bw)
    after = where()
    assert (after[0] - before[0]).manhattanLength() <= 2 and after[1] == before[1], (before, after)  # rounding
    assert bw.panel_dock.minimumSizeHint().height() <= 400
    assert bw.minimumSizeHint().width() <= bw.screen().availableGeometry().width()  # the hand-over page too
