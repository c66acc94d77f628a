"""Construction Completion through the GUI (issue 23): the GM ends Troop Combat (End Phase,
Ctrl+Shift+E), the phase bar stands at Construction Completion; Vanguard II cannot complete all
the Federation's projects, so the Alliance's commander takes the screen and ticks the repair to
complete first; the GM's question opens and is left for later (cancelled: nothing changes), Turn >
Answer (Ctrl+Shift+A) opens it again, the GM reads each power's lines in it and confirms through
its option and OK; the units are placed, the confirmation is one undoable step, and End Phase
begins Update Asset."""
from __future__ import annotations

from PySide6.QtCore import QSettings, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from app.shell.window import MainWindow
from rules.model import dumps
from rules.model.records import Phase
from tests.app.gui import Answerer, cancel, ok, press, show_active, take_over
from tests.rules.turn.test_construction_phase import everything

SEEN: dict[str, list[str]] = {}


def construction(d) -> bool:
    """The Alliance ticks Starbase 11's repair to complete first; the GM's Construction Completion
    dialog is left for later the first time, then confirmed."""
    from app.widgets.question_dialogs import QuestionDialog

    if isinstance(d, QuestionDialog) and d.q.key == "construction/first/fed/0207/Vanguard II":
        items = [d.list.item(i) for i in range(d.list.count())]
        SEEN["choice"] = [d.windowTitle(), *(i.text() for i in items)]
        next(i for i in items if i.data(Qt.ItemDataRole.UserRole) == "fed-t1-3").setCheckState(Qt.CheckState.Checked)
        return ok(d)
    if isinstance(d, QuestionDialog) and d.q.key == "construction/land/kzinti/0402":  # Return: the list's order
        SEEN["land"] = [d.windowTitle(), d.list.count()]
        QTest.keyClick(d, Qt.Key.Key_Return)
        return True
    if not isinstance(d, QuestionDialog) or d.q.key != "construction/confirm":
        return False
    heads = SEEN.setdefault("heads", [])
    heads.append(d.head.text())
    if len(heads) == 1:
        return cancel(d)
    d.group.button(0).setChecked(True)
    SEEN["option"] = [d.group.button(0).text()]
    return ok(d)


def test_the_gm_confirms_construction_completion_in_its_dialog(qtbot, tmp_path, monkeypatch):
    SEEN.clear()
    path = tmp_path / "troops.json"
    path.write_text(dumps(everything()), encoding="utf-8")
    errors: list[tuple[str, str]] = []
    monkeypatch.setattr(MainWindow, "show_error", lambda self, title, text: errors.append((title, text)))
    main = MainWindow(path, settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(main)
    main.resize(1400, 900)
    show_active(main, qtbot)
    assert main.campaign.phase is Phase.TROOPS
    answerer = Answerer(take_over, construction)  # the GM takes the screen; any other dialog (the Update Asset roll) is cancelled
    try:
        press(main, "Ctrl+Shift+E")  # Troop Combat ends: Construction Completion begins, its question opens
        qtbot.waitUntil(lambda: len(SEEN.get("heads", [])) == 1 and QApplication.activeModalWidget() is None,
                        timeout=20000)
        assert SEEN["choice"] == ["Construction Completion Phase \u2014 Alliance", "FF (3 EP)", "DEFSAT (1 EP)",
                                  "SB Starbase 11 (8 EP)"]
        assert SEEN["land"] == ["Construction Completion Phase \u2014 Alliance", 10]  # the Kzinti's ten flights
        assert "Kzinti Hegemony lands first at 0402: none before the list's order" in [e.text for e in
                                                                                      main.campaign.log]
        assert [t.split(":")[0] for k, t in answerer.seen if k == "HandOverDialog"] == ["Hand over to Alliance",
                                                                                       "Hand over to GM"]
        c = main.campaign
        assert c.phase is Phase.CONSTRUCTION and "construction/confirm" not in c.turn_asked
        assert len(c.fleets) == len(everything().fleets)  # cancelled: nothing built
        assert "[Construction Completion]" in main.phase_label.toolTip()
        assert "Construction Completion: now \u2014 the GM: confirm the units delivered" in main.phase_label.toolTip()
        assert main.waits_label.text().startswith("Construction Completion waits for: the GM: confirm the units")
        assert main.answer_turn_action.isEnabled() and not main.end_phase_action.isEnabled()

        show_active(main, qtbot)  # the window a person works in again, the dialog gone
        press(main, "Ctrl+Shift+A")  # Turn > Answer: the same question, confirmed this time
        qtbot.waitUntil(lambda: "construction/confirm" in main.campaign.turn_asked
                        and QApplication.activeModalWidget() is None, timeout=20000)
        head = SEEN["heads"][1]
        assert head == SEEN["heads"][0]
        for words in ("United Federation of Planets:", "SB Starbase 11 (repair of a base or fixed defence) completed: 8 "
                      "of capacity; Starbase 11 is whole again at 0207", "FF (ship) delayed: needs 3 of capacity, 1 "
                      "left (3 EP paid", "DEFSAT (base, DEFSAT or mine) completed: 1 of capacity; New DEFSAT 2 "
                      "(turn 1) joins the garrison at 0207",
                      "USS Kongo goes to Reserve", "Wing 10 (Kzinti Wing)", "Klingon Empire: nothing to complete"):
            assert words in head, words
        assert SEEN["option"] == ["Confirm: the units are delivered, the repairs and status changes made, the "
                                  "flights land"]
        c = main.campaign
        assert not any(f.id == "fed-built-t1-0207" for f in c.fleets)  # the FF waits
        assert "New DEFSAT 2 (turn 1)" in [u.name for u in c.sector_at("0207").garrison]
        assert main.waits_label.text() == ("Construction Completion waits for: the GM: construction is complete; go "
                                           "on to Update Asset (End Phase)")
        assert main.end_phase_action.isEnabled() and not main.answer_turn_action.isEnabled()

        show_active(main, qtbot)
        press(main, "Ctrl+Z")  # the confirmation is one undoable step
        qtbot.waitUntil(lambda: "construction/confirm" not in main.campaign.turn_asked)
        assert main.campaign.phase is Phase.CONSTRUCTION and "New DEFSAT 2 (turn 1)" not in [
            u.name for u in main.campaign.sector_at("0207").garrison]
        show_active(main, qtbot)
        press(main, "Ctrl+Shift+A")  # confirmed again: the same campaign as before the undo
        qtbot.waitUntil(lambda: "construction/confirm" in main.campaign.turn_asked
                        and QApplication.activeModalWidget() is None, timeout=20000)
        assert dumps(main.campaign) == dumps(c)

        show_active(main, qtbot)
        press(main, "Ctrl+Shift+E")  # -> Update Asset (its roll question opens; cancelled here)
        qtbot.waitUntil(lambda: main.campaign.phase is Phase.UPDATE and QApplication.activeModalWidget() is None
                        and any(t.startswith("Update Asset") for _, t in answerer.seen), timeout=20000)
        assert "[Update Asset]" in main.phase_label.toolTip()
    except BaseException:
        print("SEEN", answerer.seen, SEEN, QApplication.activeModalWidget(), main.campaign.phase, main.campaign.turn_asked, errors,
              main.statusBar().currentMessage())
        raise
    finally:
        answerer.stop()
    assert errors == []
