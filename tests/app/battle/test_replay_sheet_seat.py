"""The Empire Sheet is back as it was after a battle replay (issue 22): the Alliance's commander sat at
the Empire Sheet (its seat, the Federation's sheet), opened File > Replay a Battle... as the Coalition
(the screen handed over) and closed it; the screen came back to the Alliance behind its hand-over, but
the sheet stayed unseated - the table's view, every power listed, nobody's figures - while the
Alliance's commander held the screen. Closing the replay gives the sheet its seat back with the screen:
seated for the Alliance, its power as chosen, "Leave the seat" on its button."""
from __future__ import annotations

from tests.app.battle.test_replay import _pick
from tests.app.battle.test_replay_hand_over import _close, _fought, _replay
from tests.app.gui import take_over
from tests.app.shell.test_campaign_log_words import _seat
from tests.app.shell.test_empire_sheet_seat_log_gui import _action
from tests.app.test_gui_paths import battle_windows


def _seated(sheet) -> tuple:
    powers = [sheet.power_box.itemData(i) for i in range(sheet.power_box.count())]
    return sheet.isVisible(), sheet.seat, sheet.power_box.currentData(), powers, sheet.seat_button.text()


def _alliance_at_the_sheet(qtbot, tmp_path):
    """A fought campaign, View > Empire Sheet opened and the Alliance seated at it for the Federation: the window,
    the sheet and how it was seated."""
    main = _fought(qtbot, tmp_path)
    _action(main, "View", "Empire Sheet").trigger()
    qtbot.waitUntil(lambda: main.empire_sheet.isVisible())
    sheet = main.empire_sheet
    _seat(main, sheet, qtbot, "alliance", "fed")
    return main, sheet, _seated(sheet)


def test_closing_another_team_s_replay_gives_the_sheet_its_seat_back(qtbot, tmp_path):
    main, sheet, before = _alliance_at_the_sheet(qtbot, tmp_path)
    assert before[:3] == (True, "alliance", "fed") and "Leave" in before[4], before
    _replay(main, _pick("0604"), _pick("Coalition"), take_over)
    rw = battle_windows()[-1]
    assert rw.replay.on and main.team_at_screen() == "coalition" and sheet.seat != "alliance"
    closed = _close(rw, qtbot, take_over)  # "I am the Alliance commander" at the hand-over back
    assert [t for _k, t in closed.seen] == ["Hand over to Alliance: replay of 0604 closed"], closed.seen
    assert main.team_at_screen() == "alliance"
    assert _seated(sheet) == before


def test_closing_the_seated_team_s_own_replay_leaves_the_sheet_as_it_was(qtbot, tmp_path):
    main, sheet, before = _alliance_at_the_sheet(qtbot, tmp_path)
    _replay(main, _pick("0604"), _pick("Alliance"))  # its commander holds the screen: no hand-over
    rw = battle_windows()[-1]
    assert rw.replay.on and rw.viewer == "alliance"
    closed = _close(rw, qtbot)
    assert closed.seen == [], closed.seen
    assert main.team_at_screen() == "alliance" and _seated(sheet) == before
