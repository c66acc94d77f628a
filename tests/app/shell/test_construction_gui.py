"""Construction Completion through the GUI (issue 23): the GM ends Troop Combat (End Phase,
Ctrl+Shift+E), the phase bar stands at Construction Completion, its question opens and is left
for later (cancelled: nothing changes), Turn > Answer (Ctrl+Shift+A) opens it again, the GM reads
each power's lines in it and confirms through its option and OK; the units are placed, the
confirmation is one undoable step, and End Phase begins Update Asset."""
from __future__ import annotations

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication

from app.shell.window import MainWindow
from rules.model import dumps
from rules.model.records import Phase
from tests.app.gui import Answerer, cancel, ok, press, show_active, take_over
from tests.rules.turn.test_construction_phase import everything

SEEN: dict[str, list[str]] = {}


def construction(d) -> bool:
    """The Construction Completion dialog: left for later the first time, then confirmed."""
    from app.widgets.question_dialogs import QuestionDialog

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
        for words in ("United Federation of Planets:", "FF (ship) completed: 3 of capacity; New FF 1 (turn 1) placed "
                      "in the fleet New construction at Vanguard II (0207)", "SB Starbase 11 (repair of a base or "
                      "fixed defence) delayed: needs 10 of capacity, 5 left (10 EP paid",
                      "USS Kongo goes to Reserve", "Wing 10 (Kzinti Wing)", "Klingon Empire: nothing to complete"):
            assert words in head, words
        assert SEEN["option"] == ["Confirm: the units are delivered, the repairs and status changes made, the "
                                  "flights land"]
        c = main.campaign
        assert [u.name for f in c.fleets if f.id == "fed-built-t1-0207" for u in f.units] == ["New FF 1 (turn 1)"]
        assert main.waits_label.text() == ("Construction Completion waits for: the GM: construction is complete; go "
                                           "on to Update Asset (End Phase)")
        assert main.end_phase_action.isEnabled() and not main.answer_turn_action.isEnabled()

        show_active(main, qtbot)
        press(main, "Ctrl+Z")  # the confirmation is one undoable step
        qtbot.waitUntil(lambda: "construction/confirm" not in main.campaign.turn_asked)
        assert main.campaign.phase is Phase.CONSTRUCTION and not any(f.id == "fed-built-t1-0207"
                                                                      for f in main.campaign.fleets)
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
