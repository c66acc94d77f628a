"""Turn > Cargo (Ctrl+Shift+C) in the Troop Combat step, a Transport Fleet named in Turn Orders to
carry a base's points outside the building planet's orbit (issue 23): its embark lines say under the
list why the engine refuses them (the rule, the fleet and the base), Return on one shows the refusal
and changes nothing; another Transport Fleet embarks. Played by keys as a person plays it."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from app.shell.cargo_dialog import CargoDialog
from app.shell.window import MainWindow
from rules.model.records import Phase
from rules.turn.run import TurnRun
from tests.app.gui import Answerer, press, show_active
from tests.app.test_combat_phase_gui import opened
from tests.play.turn_player import default_answer
from tests.rules.turn.test_base_transport_cargo import WORDS, ordered

LINE = "Embark 3rd Vanguard Guards Division from Vanguard II \u2014 "


def _at_troops():
    run = TurnRun(ordered())
    while run.campaign.phase is not Phase.TROOPS:
        run.answer(default_answer(run.pending))
    return run.campaign


def _choose(qtbot, w, fleet: str, seen: dict[str, object]):
    """Ctrl+Shift+C; in the dialog, Home and Down to ``fleet``'s first embark line (recording the
    words under the list there), then Return."""
    def handle(d) -> bool:
        if not isinstance(d, CargoDialog):
            return False
        lines = [d.list.item(i).text() for i in range(d.list.count())]
        row = next(i for i, t in enumerate(lines) if t.startswith(LINE) and t.endswith(f"{fleet} (0207)"))
        d.activateWindow()
        qtbot.waitUntil(d.isActiveWindow, timeout=20000)
        QTest.keyClick(d.list, Qt.Key.Key_Home)
        for _ in range(row):
            QTest.keyClick(d.list, Qt.Key.Key_Down)
        seen.update(line=d.list.currentItem().text(), why=d.why.text(), shown=d.why.isVisibleTo(d),
                    ok=d.ok_button.isEnabled())
        qtbot.waitUntil(lambda: d.list.viewport().rect().contains(d.list.visualItemRect(d.list.currentItem())),
                        timeout=20000)  # the line chosen still in view, the words under it
        QTest.keyClick(d.focusWidget() or d, Qt.Key.Key_Return)
        return True
    show_active(w, qtbot)  # the window the keys go to, again after a dialog
    answerer = Answerer(handle)
    try:
        press(w, "Ctrl+Shift+C")
        qtbot.waitUntil(lambda: "line" in seen, timeout=20000)
        qtbot.waitUntil(lambda: QApplication.activeModalWidget() is None, timeout=20000)
    finally:
        answerer.stop()


def test_the_cargo_dialog_shows_the_refusal_for_a_fleet_carrying_a_base(qtbot, tmp_path, monkeypatch):
    w = opened(qtbot, tmp_path, _at_troops())
    errors: list[str] = []
    monkeypatch.setattr(MainWindow, "show_error", lambda self, title, text: errors.append(text))
    before = w.campaign.model_dump_json()
    seen: dict[str, object] = {}
    _choose(qtbot, w, "Transport Fleet 1", seen)
    assert seen["shown"] and seen["why"] == "Refused: Construction Completion Phase (bases outside the " \
                                            f"planet's orbit): {WORDS}"
    assert errors and WORDS in errors[0]  # Return on it: the refusal again, with the rule
    assert w.campaign.model_dump_json() == before  # nothing embarked
    seen.clear()
    errors.clear()
    _choose(qtbot, w, "Transport Fleet 3", seen)  # not named for the base: no refusal, it embarks
    assert seen["why"] == "" and not errors
    qtbot.waitUntil(lambda: any(k.id == "fed-gd-vanguard" for f in w.campaign.fleets if f.id == "fed-tf-3"
                                for k in f.cargo), timeout=20000)
