"""Issue 23 in the window: a fleet holding a unit in Reserve, dragged on the map, is refused in words
with the rule; the Klingon commander, behind the hand-over, answers the internment question of a
Federation squadron in its system through Turn > Answer (Ctrl+Shift+A), and the held squadron's drag is
then refused in words; the GM rules an Intel mission through the same dialog."""
from __future__ import annotations

from PySide6.QtCore import QSettings

from app.shell.window import MainWindow
from rules.model import save_campaign
from rules.model.records import Phase
from rules.turn.run import play
from tests.app.gui import Answerer, ok, show_active, take_over
from tests.app.test_manners import drag
from tests.rules.turn.test_internment import astray
from tests.rules.turn.test_purchases import TO_ORDERS
from tests.rules.turn.test_reserve import costed


def _main(qtbot, tmp_path, campaign) -> MainWindow:
    tmp_path.mkdir(exist_ok=True)
    path = tmp_path / "camp.json"
    save_campaign(campaign, path)
    main = MainWindow(path, settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(main)
    main.resize(1400, 900)
    show_active(main, qtbot)
    return main


def _pick(option: str):
    def handle(d) -> bool:
        from app.widgets.question_dialogs import QuestionDialog

        if not isinstance(d, QuestionDialog):
            return False
        handle.texts.append(d.head.text())  # type: ignore[attr-defined]
        d.group.button(list(d.q.options).index(option)).setChecked(True)
        return ok(d)
    handle.texts = []  # type: ignore[attr-defined]
    return handle


def test_a_fleet_with_a_unit_in_reserve_is_refused_in_words(qtbot, tmp_path):
    main = _main(qtbot, tmp_path, play(costed(reserve=["fed-ca-kongo"]), TO_ORDERS).campaign)
    before = main.campaign
    drag(main, "fed-third", "0507")
    said = main.statusBar().currentMessage()
    assert main.campaign is before
    assert said.startswith("Refused: Third Fleet to 0507: Third Fleet cannot move:") or "cannot move" in said
    assert "is in Reserve" in said and "(Construction Completion Phase (reserve and mothballs))" in said
    assert "004" not in said  # the rule in words, no seed number (issue 22: app/widgets/message_bar.py)
    assert "Speed: cannot move - USS Kongo is in Reserve" in main.inspector.toPlainText()  # the fleet inspector


def test_the_holder_answers_internment_and_the_held_squadron_is_refused(qtbot, tmp_path):
    main = _main(qtbot, tmp_path, astray())
    hold = _pick("hold")
    answerer = Answerer(take_over, hold)
    try:
        main.answer_turn_action.trigger()
        qtbot.waitUntil(lambda: any(f.interned_by == "klingon" for f in main.campaign.fleets), timeout=10000)
    finally:
        answerer.stop()
    assert ("HandOverDialog", answerer.seen[0][1]) == answerer.seen[0] and "Coalition" in answerer.seen[0][1]
    assert any("stands in your system 0906" in t for t in hold.texts)
    assert any("holds Second Squadron" in e.text for e in main.campaign.log)
    later = _main(qtbot, tmp_path / "later", main.campaign.model_copy(update={"phase": Phase.ORDERS}))
    before = later.campaign  # the held squadron at a later Turn Orders
    drag(later, "fed-second", "0806")
    said = later.statusBar().currentMessage()
    assert later.campaign is before and "Second Squadron is interned: Klingon Empire holds it in 0906" in said
    assert "(Intel Phase (Non-Aggression Treaty: internment))" in said  # no seed's number on screen (issue 22)


def test_the_gm_rules_an_intel_mission_in_the_answer_dialog(qtbot, tmp_path):
    from tests.rules.turn.test_intel_missions import mission, spies

    main = _main(qtbot, tmp_path, play(spies(), [*TO_ORDERS, mission(2)]).campaign)
    caught = _pick("failed_caught")
    answerer = Answerer(take_over, caught)
    try:
        main.answer_turn_action.trigger()
        qtbot.waitUntil(lambda: any("agents were caught" in e.text for e in main.campaign.log), timeout=10000)
    finally:
        answerer.stop()
    assert any("the rules give no table for Intel missions" in t for t in caught.texts)  # not "the seed" (issue 22)
    assert main.session.combat_pending() is None  # ruled: the GM goes on with the movement orders


def test_cargo_is_seized_by_keys_in_the_cargo_dialog_and_a_guarded_carrier_is_refused_in_words(qtbot, tmp_path,
                                                                                                monkeypatch):
    from PySide6.QtCore import Qt

    from tests.app.gui import press
    from tests.app.shell.test_cargo_dialog import keys_in_cargo_dialog
    from tests.rules.strategic.builder import fleet
    from tests.rules.turn.test_seizure import loaded

    troops = {"phase": "troops", "settings": {"combat_phase": "seed004"}}
    main = _main(qtbot, tmp_path, loaded(**troops))
    lines: list[list[str]] = []
    answerer = Answerer(keys_in_cargo_dialog(lines, Qt.Key.Key_Down, Qt.Key.Key_Return))
    try:
        press(main, "Ctrl+Shift+C")
        qtbot.waitUntil(lambda: any("seizes 5 supply" in e.text for e in main.campaign.log), timeout=5000)
    finally:
        answerer.stop()
    assert lines == [["Deploy 5 supply in 0202 \u2014 tr (0202)", "Seize 5 supply from tr \u2014 k (0202)"]]
    assert next(f for f in main.campaign.fleets if f.id == "k").cargo[0].id == "c1"
    errors: list[str] = []
    monkeypatch.setattr(MainWindow, "show_error", lambda self, title, text: errors.append(text))
    guarded = _main(qtbot, tmp_path / "guarded", loaded(extra=[fleet("f", "fed", "0202")], **troops))
    answerer = Answerer(keys_in_cargo_dialog(lines, Qt.Key.Key_End, Qt.Key.Key_Return))
    try:
        press(guarded, "Ctrl+Shift+C")
        qtbot.waitUntil(lambda: bool(errors) or "Refused" in guarded.statusBar().currentMessage(), timeout=5000)
    finally:
        answerer.stop()
    said = " ".join(errors) + guarded.statusBar().currentMessage()
    assert "f still guards tr in 0202" in said and "seize cargo" in said
    assert next(f for f in guarded.campaign.fleets if f.id == "tr").cargo  # nothing taken


def test_a_proposal_to_a_power_out_of_contact_is_refused_in_words(qtbot, tmp_path, monkeypatch):
    from tests.app.shell.test_diplomacy_gui import _do
    from tests.rules.turn.test_contact import FED_ALONE, LYRAN_ALONE, apart

    errors: list[tuple[str, str]] = []
    monkeypatch.setattr(MainWindow, "show_error", lambda self, title, text: errors.append((title, text)))
    main = _main(qtbot, tmp_path, play(apart(LYRAN_ALONE + FED_ALONE + [("fed", "kzinti")]), TO_ORDERS).campaign)
    before = main.campaign
    _do(main, qtbot, "fed", "propose", "lyran", "non_aggression", [])
    assert main.campaign is before and errors
    assert "United Federation of Planets and Lyran Star Empire have no contact" in errors[-1][1]
    assert "004 Intel Phase" in errors[-1][1]


def test_end_movement_before_the_missions_ruling_is_refused_in_words(qtbot, tmp_path, monkeypatch):
    from tests.app.gui import press
    from tests.rules.turn.test_intel_missions import mission, spies

    errors: list[tuple[str, str]] = []
    monkeypatch.setattr(MainWindow, "show_error", lambda self, title, text: errors.append((title, text)))
    main = _main(qtbot, tmp_path, play(spies(), [*TO_ORDERS, mission(2)]).campaign)
    before = main.campaign
    press(main, "Ctrl+E")
    assert main.campaign is before and errors
    assert "Turn Orders wait for the GM's ruling on an Intel mission (Turn > Answer, Ctrl+Shift+A)" in errors[-1][1]
