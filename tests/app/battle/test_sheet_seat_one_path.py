"""The Empire Sheet's seat looks at the battle windows beside the main window once (issue 22, hot seat):
the sheet took the seat through the main window's ``take_seat``, whose ``handover.screen_taken`` puts
another Team's battle away and then has every battle window cover or show the main window
(``handover.follow_main``); the sheet then called ``follow_main`` again itself (``_seat_changed``), two
paths to one change. Now the main window's seat is the one path; the behaviour is HB's and HI's
(tests/app/battle/test_main_covered_at_sheet_seat.py): the Coalition seated beside the Alliance's 0604
battle, the battle goes behind its page and the sheet shows."""
from __future__ import annotations

from PySide6.QtWidgets import QApplication

from app.battle import handover
from tests.app.battle.test_main_covered_at_hand_over import _covered
from tests.app.battle.test_main_covered_at_sheet_seat import _alliance_holds_0604
from tests.app.shell.test_campaign_log_words import _seat


def test_the_sheet_s_seat_looks_at_the_battle_windows_once(qtbot, tmp_path, monkeypatch):
    main, sheet, bw = _alliance_holds_0604(qtbot, tmp_path)
    looks: list[str] = []
    follow = handover.follow_main

    def counted(window) -> None:
        looks.append(window.team_at_screen())
        follow(window)

    monkeypatch.setattr(handover, "follow_main", counted)
    _seat(main, sheet, qtbot, "coalition", "klingon")
    qtbot.waitUntil(lambda: QApplication.activeModalWidget() is None)
    assert looks == ["coalition"], looks  # before: ["coalition", "coalition"] (screen_taken's, then the sheet's)
    assert bw.handing_over() and bw.handover_label.text() == "Pass the screen to the Alliance commander"
    assert not _covered(main, sheet.widget())
    bw.close()
