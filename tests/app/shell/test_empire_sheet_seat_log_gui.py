"""Hot seat on the GM's own file (issue 23): the Alliance's commander takes the Empire Sheet's seat
(View > Empire Sheet, behind its hand-over) with the campaign log open (View > Campaign Log). On
turn 1 the Klingons (the Coalition) bought 7 Intel Points in their own Turn Orders and spent them
on a Declaration of War on the Orion Pirates that failed. Neither the sheet nor the log shows the
Alliance anything of the Coalition's economy: no Point Pool, no Intel Points bought or spent, no
odds of the attempt (before the fix the log showed the Exhibit B line "... + 7 Intel Points 35 =
40%; d100 61: fails" to everyone at the screen)."""
from __future__ import annotations

from PySide6.QtCore import Qt

from rules.economy.income import points
from tests.app.gui import Answerer, take_over
from tests.app.shell.test_empire_sheet import _choose, _open

TOLD = ("7 Intel Points", "d100 61", "Declaration of War", "buys 7 Intel Points", "Point Pool 27")
"""The Klingons' secrets this turn: the attempt's Intel Points, roll and kind, the purchase, the pool."""


def _gm_file(tmp_path):
    from rules.model import save_campaign
    from rules.turn.run import play
    from tests.rules.turn.test_orders import by_powers
    from tests.rules.turn.test_purchases import TO_ORDERS
    from tests.test_main_cli_team_copy_intel import DECLARE, ORDERS

    c = play(by_powers(), [*TO_ORDERS, *ORDERS, DECLARE]).campaign
    assert any("7 Intel Points 35 = 40%; d100 61: fails" in e.text for e in c.log)
    path = tmp_path / "gm_file.json"
    save_campaign(c, path)
    return path


def _action(main, menu: str, starts: str):
    top = next(m.menu() for m in main.menuBar().actions() if m.text().replace("&", "") == menu)
    return next(a for a in top.actions() if a.text().replace("&", "").startswith(starts))


def test_a_seated_team_sees_nothing_of_another_team_s_economy_in_the_sheet_or_the_log(qtbot, tmp_path):
    main = _open(qtbot, tmp_path, _gm_file(tmp_path))
    c = main.campaign
    shown = _action(main, "View", "Campaign Log")
    if not shown.isChecked():  # the log opens with its first lines readable
        shown.trigger()
    log = main.campaign_log
    qtbot.waitUntil(log.isVisible)
    _action(main, "View", "Empire Sheet").trigger()
    sheet = main.empire_sheet
    qtbot.waitUntil(sheet.isVisible)
    _choose(sheet, qtbot, "fed")
    answerer = Answerer(take_over)
    try:
        qtbot.mouseClick(sheet.seat_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: sheet.seat == "alliance")
    finally:
        answerer.stop()
    assert answerer.seen == [("HandOverDialog", "Hand over to Alliance: Empire Sheet")]
    assert main.team_at_screen() == "alliance"

    text = log.view.toPlainText()
    assert "Turn Orders begins" in text  # the log is shown, as the table may read it
    assert [t for t in TOLD if t in text] == []
    assert [sheet.power_box.itemData(i) for i in range(sheet.power_box.count())] == ["fed", "kzinti"]
    klingon = c.power("klingon")
    assert klingon is not None and klingon.economy is not None
    theirs = f"Point Pool: {points(klingon.economy.point_pool)}"
    for own in ("fed", "kzinti"):
        shown = _choose(sheet, qtbot, own)
        # the sheet's relations name the Klingons on their own line (the table's: war, only an Armistice ends
        # it), where "Declaration of War" is the state, not the Klingons' attempt
        others = "\n".join(x for x in shown.splitlines() if not x.startswith("Klingon Empire: "))
        assert "Klingon Empire: Declaration of War; only an Armistice ends the war" in shown.splitlines()
        assert theirs not in shown and "Klingon" not in others
        assert [t for t in TOLD if t in others and t != "Declaration of War"] == [] and "7 Intel Points" not in shown

    main.gm_view_action.trigger()  # the GM's own view shows the attempt (the seat is left)
    qtbot.waitUntil(lambda: "7 Intel Points" in log.view.toPlainText())
