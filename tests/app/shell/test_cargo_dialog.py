"""Troops landed by keys (issue 19): Turn > Cargo: Embark, Land, Deploy... (Ctrl+Shift+C) lists the
cargo actions the engine gives every fleet where it stands; arrows choose one and Return does it,
as the Cargo menu of a fleet's right-click does. Played as a person at the keyboard plays it:
every key pressed on the widget that has the focus, the dialogs answered through their widgets."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QLabel, QMenu

from app.shell.cargo_dialog import CargoDialog
from rules.model.records import Phase
from tests.app.gui import Answerer, press, show_active, type_text
from tests.app.test_combat_phase_gui import answers, invasion_campaign, opened


def keys_in_cargo_dialog(seen: list[list[str]], *keys: Qt.Key):
    """A handler: the cargo dialog's lines recorded in ``seen``, then ``keys`` pressed in it."""
    def handle(d) -> bool:
        if not isinstance(d, CargoDialog):
            return False
        seen.append([d.list.item(i).text() for i in range(d.list.count())])
        for k in keys:
            QTest.keyClick(QApplication.focusWidget() or d, k)
        return True
    return handle


def test_the_legion_lands_by_keys_and_its_ground_combat_follows(qtbot, tmp_path):
    w = opened(qtbot, tmp_path, invasion_campaign())
    turn_menu = next(m for m in w.menuBar().findChildren(QMenu) if m.title() == "&Turn")
    action = next(a for a in turn_menu.actions() if a.text().startswith("&Cargo"))
    assert action.shortcut().toString() == "Ctrl+Shift+C"  # shown in the menu
    # at 0404 the transport has nowhere to land: no dialog, the status bar says so
    lines: list[list[str]] = []
    answerer = Answerer(keys_in_cargo_dialog(lines, Qt.Key.Key_Return))
    press(w, "Ctrl+Shift+C")
    answerer.stop()
    assert lines == [] and "No fleet has cargo" in w.statusBar().currentMessage()
    assert next(f for f in w.campaign.fleets if f.id == "t").cargo
    press(w, "Ctrl+E")  # the transport arrives at Vor (no fleet meets it there)
    assert w.campaign.phase is Phase.SUPPLY
    # in the Supply phase cargo does not move: the dialog gives the engine's reason, Return does nothing
    refused: list[str] = []

    def note(d) -> bool:
        if isinstance(d, CargoDialog):
            refused.append(" ".join(x.text() for x in d.findChildren(QLabel)))
            assert not d.ok_button.isEnabled()
        return False
    answerer = Answerer(note, keys_in_cargo_dialog(lines, Qt.Key.Key_Return, Qt.Key.Key_Escape))
    press(w, "Ctrl+Shift+C")
    answerer.stop()
    assert lines == [["Land Fed legion on Vor I \u2014 Fed transport (0505)"]] and "Troop Combat" in refused[0]
    assert next(f for f in w.campaign.fleets if f.id == "t").cargo
    lines.clear()
    for _ in range(4):  # Supply -> Encounters -> Space Combat -> Orbital Bombardment -> Troop Combat
        answerer = Answerer(type_text(""))
        show_active(w, qtbot)
        press(w, "Ctrl+Shift+E")
        answerer.stop()
    assert w.campaign.phase is Phase.TROOPS and not w.campaign.ground_combats
    show_active(w, qtbot)
    lines.clear()
    seen: list[str] = []
    answerer = Answerer(keys_in_cargo_dialog(lines, Qt.Key.Key_Down, Qt.Key.Key_Return), answers(seen))
    press(w, "Ctrl+Shift+C")
    qtbot.waitUntil(lambda: bool(w.campaign.ground_combats) and w.campaign.ground_combats[0].done
                    and w.session.combat_pending() is None, timeout=20000)  # losses, morale (5 s was short under load)
    answerer.stop()
    assert lines == [["Land Fed legion on Vor I \u2014 Fed transport (0505)"]]
    assert seen == ["handover/Game Master", "ground/0505/Vor I", "morale/seized/0505/Vor I"]  # behind the GM's hand-over
    planet = w.campaign.sector_at("0505").star_system.planets[0]
    assert planet.owner == "fed" and [g.id for g in planet.ground_units] == ["g9"]
    assert not next(f for f in w.campaign.fleets if f.id == "t").cargo


def test_return_in_the_cargo_dialog_does_what_the_engine_accepts_on_the_default_campaign(qtbot, tmp_path, monkeypatch):
    """Turn 2's Troop Combat of the shipped default campaign, the 7th Assault Legion landed on Tau Ceti
    IV in turn 1: the dialog opens at the first action the engine would do (here the legion embarking
    again on its transport), so Return does it. It opened at the first line, the legion embarking on
    the Deep Strike Squadron, which has no room: Return only brought "Not allowed" (found by the
    random walk on the real screen); 13 of the 14 lines are refused so, each saying why in its tooltip."""
    from pytestqt.exceptions import TimeoutError as QtBotTimeout

    from app.shell.window import MainWindow
    from rules.model import load_campaign
    from rules.turn.run import TurnRun
    from tests.conftest import DEFAULT
    from tests.play.turn_player import default_answer

    run = TurnRun(load_campaign(DEFAULT))
    while run.campaign.phase is not Phase.TROOPS:
        run.answer(default_answer(run.pending))
    run.answer({"cargo": {"fleet": "kli-transport-7", "verb": "land", "cargo": "kli-legion-7",
                          "planet": "Tau Ceti IV"}})
    while not (run.campaign.turn == 2 and run.campaign.phase is Phase.TROOPS):
        run.answer(default_answer(run.pending))
    w = opened(qtbot, tmp_path, run.campaign)
    errors: list[str] = []
    monkeypatch.setattr(MainWindow, "show_error", lambda self, title, text: errors.append(text))
    lines: list[list[str]] = []
    tips: list[str] = []

    def loaded() -> list[str]:
        transport = next(f for f in w.campaign.fleets if f.id == "kli-transport-7")
        return [k.ground_unit.id for k in transport.cargo if k.ground_unit]

    def enter(d) -> bool:
        if not isinstance(d, CargoDialog):
            return False
        lines.append([d.list.item(i).text() for i in range(d.list.count())])
        tips.extend(d.list.item(i).toolTip() for i in range(d.list.count()))
        d.activateWindow()  # keys go to the active window: a loaded machine may not have made it so yet
        qtbot.waitUntil(d.isActiveWindow, timeout=10000)
        QTest.keyClick(d.focusWidget() or d, Qt.Key.Key_Return)  # the player presses Return
        return True
    answerer = Answerer(enter)
    try:
        press(w, "Ctrl+Shift+C")
        try:
            qtbot.waitUntil(lambda: bool(loaded()) or bool(errors), timeout=10000)
        except QtBotTimeout:
            pass
        qtbot.wait(500)  # the GM's hand-over for the questions that follow opens: put off ("Not now", cancelled)
        qtbot.waitUntil(lambda: QApplication.activeModalWidget() is None, timeout=10000)
    finally:
        answerer.stop()
    assert lines and lines[0][0].startswith("Embark 7th Assault Legion from Tau Ceti IV \u2014 Deep Strike")
    assert not errors, errors
    assert loaded() == ["kli-legion-7"]
    assert tips[0].startswith("Refused: Movement Phase") and sum(t.startswith("Refused") for t in tips) == 13
