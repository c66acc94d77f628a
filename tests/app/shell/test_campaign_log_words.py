"""The campaign log dock reads as words for each Team at the screen (issue 22): tests/app/test_plain_text.py
judges the texts the engine writes (questions, choices, undo entries, log lines); this judges what the
dock shows a seated Team, as the dock draws it (turn, rule, text; a battle's result line in the versions
that Team may read, "(as Alliance and Coalition saw it: V13.03, V13.29)"; its own economy lines).

The shipped campaign, turn 1 played whole at random (TurnPlayer, SIDCORS, seed 4: every kind of line a
Team may read - its own Income and Tech lines, its cloaked fleet's moves, a battle's result in the two
sides' version), saved; then in the main window each Team's commander takes the Empire Sheet's seat
behind its hand-over with the log open (View > Campaign Log), and every line the dock shows must pass
test_plain_text's judge: no braces, quoted keys, ``@``, JSON literals, unit or Team ids where they have
a name, nor the slips seen on the real screen."""
from __future__ import annotations

from PySide6.QtCore import Qt

from rules.model import load_campaign, save_campaign
from rules.systems import choose_for_campaign
from tests.app.gui import Answerer, take_over
from tests.app.shell.test_empire_sheet import _choose, _open
from tests.app.shell.test_empire_sheet_seat_log_gui import _action
from tests.app.test_plain_text import _code, _ids
from tests.conftest import ROOT
from tests.play.turn_player import TurnPlayer

SEATS = (("alliance", "fed"), ("coalition", "klingon"), ("orions", "orion"))
"""Each Team and a power of it whose Empire Sheet seat it takes."""


def _played(tmp_path):
    c = load_campaign(ROOT / "scenarios" / "default_campaign.json")
    c = choose_for_campaign(c.model_copy(update={"dice_seed": 4}), "sidcors")
    player = TurnPlayer(c, 4, ruling=0.0, check_saves=False)
    player.play_turns(1)
    path = tmp_path / "played.json"
    save_campaign(player.run.campaign, path)
    return path


def _seat(main, sheet, qtbot, team: str, power: str) -> None:
    """``team``'s commander takes the Empire Sheet's seat (its power chosen, Take the seat...,
    "I am the ... commander")."""
    _choose(sheet, qtbot, power)
    answerer = Answerer(take_over)
    try:
        qtbot.mouseClick(sheet.seat_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: main.team_at_screen() == team)
    finally:
        answerer.stop()


def _leave(main, sheet, qtbot) -> None:
    """Leave the seat: the screen goes back to the Game Master behind its hand-over."""
    answerer = Answerer(take_over)
    try:
        qtbot.mouseClick(sheet.seat_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: main.team_at_screen() is None)
    finally:
        answerer.stop()


def with_log(qtbot, tmp_path):
    """The main window on a turn played at random (:func:`_played`), View > Campaign Log shown: (window, dock)."""
    main = _open(qtbot, tmp_path, _played(tmp_path))
    shown = _action(main, "View", "Campaign Log")
    if not shown.isChecked():
        shown.trigger()
    log = main.campaign_log
    qtbot.waitUntil(log.isVisible)
    return main, log


def test_each_seated_team_reads_the_campaign_log_dock_as_words(qtbot, tmp_path):
    main, log = with_log(qtbot, tmp_path)
    _action(main, "View", "Empire Sheet").trigger()
    sheet = main.empire_sheet
    qtbot.waitUntil(sheet.isVisible)
    ids, bad, versions = _ids(), [], 0
    for team, power in SEATS:
        _seat(main, sheet, qtbot, team, power)
        entries = log.lines()
        assert any(team in e.secret_of for e in entries), f"{team} read none of its own lines: nothing of it judged"
        lines = [line for line in log.view.toPlainText().splitlines() if line.strip()]
        assert len(lines) >= len(entries) > 100  # a paragraph a line (long ones wrap only on screen)
        versions += sum(" saw it: V13.03, V13.29)" in line for line in lines)
        bad += [f"{team}: {_code(line, ids)!r} in {line!r}" for line in lines if _code(line, ids)]
        _leave(main, sheet, qtbot)
    assert versions >= 2  # the battle's result line in the two sides' version, read by each side
    assert not bad, f"{len(bad)} lines of the campaign log dock look like code:\n" + "\n".join(bad[:40])
