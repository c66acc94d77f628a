"""Replay links in the exported battle report (issue 22): the in-app log replays the battle from
an event's number, the exported HTML report had no link at all. Each event of the report now has
its anchor and a battlehex://replay link; given to main.py (as a scheme handler would), it opens
the saved file and the battle's window in replay mode at that event."""
from __future__ import annotations

import html
import re
import subprocess
import sys
from pathlib import Path

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication, QMenu, QPushButton

import main as main_module
from app.battle.replay_link import ReplayLink, parse
from app.battle.replay_main import open_link
from app.shell.window import MainWindow
from app.widgets.question_dialogs import QuestionDialog
from rules.battlehex.sight import events_for, sight
from tests.app.battle.test_replay_hand_over import _close
from tests.app.gui import Answerer, ok, show_active, take_over, to_turn_orders
from tests.app.systems.test_table import system_action
from tests.app.test_gui_paths import end_movement_and_fight
from tests.conftest import DEFAULT
from tests.hand_kept import hand_kept_file

ROOT = Path(__file__).resolve().parents[3]


def open_link_taken(main, link):
    """``open_link`` with the link's Team taking the screen at its hand-over (a Team's replay is its
    commander's: app.battle.replay_main._handed_over); the GM's view asks none."""
    answerer = Answerer(take_over)
    try:
        return open_link(main, link)
    finally:
        answerer.stop()


LINK = re.compile(r"<(?:li|tr) id='event-(\d+)'>(?:<td>)?<a href='(battlehex://replay\?[^']*)'>")


def opened(qtbot, tmp_path: Path, path: Path) -> MainWindow:
    w = MainWindow(path, settings=QSettings(str(tmp_path / f"{path.stem}.ini"), QSettings.Format.IniFormat),
                   offer_recovery=False, reopen_last=False)
    qtbot.addWidget(w)
    show_active(w, qtbot)
    return w


def fought_to_its_end(main, qtbot, at: str):
    """A SIDCORS battle at ``at`` fought to its end in its window: BIF buttons, counter clicks,
    the other questions answered by their dialogs' OK."""
    system_action(main.findChild(QMenu, "battle_systems_menu"), "sidcors").trigger()
    bw = end_movement_and_fight(main, qtbot, at)
    answerer = Answerer(lambda d: isinstance(d, QuestionDialog) and ok(d))
    for _ in range(400):
        run = bw.b
        if run.status().resolved:
            break
        if bw.handing_over():
            qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)
        elif "/bif/" in run.pending.key:
            qtbot.mouseClick(bw.panel.central.findChild(QPushButton, "bif_2"), Qt.MouseButton.LeftButton)
        elif "/allocate/" in run.pending.key:
            target = next(b for b in bw.panel.central.findChildren(QPushButton)
                          if b.objectName().startswith("counter_") and b.isEnabled() and b.isVisible())
            qtbot.mouseClick(target, Qt.MouseButton.LeftButton)
        qtbot.wait(5)
    answerer.stop()
    assert bw.b.status().resolved
    return bw


def test_each_event_of_the_report_links_to_the_replay_at_that_event(qtbot, tmp_path):
    src = tmp_path / "ardana.json"
    hand_kept_file(src.parent, src.name)  # from Turn Orders
    main = opened(qtbot, tmp_path, src)
    bw = fought_to_its_end(main, qtbot, "0604")
    main.save_action.trigger()  # File > Save: the battle's answers and inputs are in the file
    written = bw.export_report(str(tmp_path / "battle_0604.html"))  # Export report... (Ctrl+Shift+S)
    page = Path(written).read_text(encoding="utf-8")
    viewer = main_module.replay_link(main_module._parser().parse_args([src.name]))  # a plain file: no replay
    assert viewer is None
    found = [(int(n), html.unescape(href)) for n, href in LINK.findall(page)]
    seen = [e.seq for e in events_for(bw.b, bw.viewer or "gm")]
    assert [n for n, _ in found] == seen, "an event of the report without its anchor and replay link"
    links = [parse(href) for _n, href in found]
    assert all(k.file == str(src.resolve()) and k.hex == "0604" and k.turn == 1 and k.event == n
               for k, (n, _h) in zip(links, found))
    bw.close()
    answers = len(bw.b.answers)
    event, href = found[len(found) // 2]
    index = sight(bw.b, bw.viewer or "gm").index(bw.b.log.events, event)  # the viewer's number: its own (issue 25)
    assert index is not None

    # the link as main.py reads it (a click where battlehex: opens BattleHex, or `main.py LINK`) ...
    link = main_module.replay_link(main_module._parser().parse_args([href]))
    assert link == parse(href) and isinstance(link, ReplayLink)
    # ... opens the saved file and the battle's window in replay mode at that event
    again = opened(qtbot, tmp_path, Path(link.file))
    window = open_link_taken(again, link)
    assert window is not None and window.replay.on, again.statusBar().currentMessage()
    qtbot.waitExposed(window)
    steps, k = window.replay.steps, window.replay.k
    assert len(steps) == answers
    assert steps.frames[k].events > index and (k == 0 or steps.frames[k - 1].events <= index), (k, index)
    QApplication.processEvents()
    shown = window.log_dock.view.toPlainText()
    assert f"{event}." in shown
    assert f"answer {k} of {answers}" in window.windowTitle()
    _close(window, qtbot, take_over)  # its Team took the screen for it: closed, it goes back to the GM


def test_a_report_of_a_campaign_without_a_file_of_its_own_says_why_it_has_no_links(qtbot, tmp_path):
    main = opened(qtbot, tmp_path, DEFAULT)  # the installed scenario: never written, so no link to it
    to_turn_orders(main, qtbot)  # it starts in turn 1's Income Phase
    bw = end_movement_and_fight(main, qtbot, "0604")
    bw.auto_dialogs = False
    page = Path(bw.export_report(str(tmp_path / "r.html"))).read_text(encoding="utf-8")
    assert "battlehex://" not in page and "No replay links" in page
    assert "id='event-1'" in page
    bw.close()


def test_main_refuses_a_replay_link_it_cannot_use():
    for argv in (["battlehex://replay?hex=0509"], ["--replay", "0509"], ["x.json", "--replay", "05x"]):
        done = subprocess.run([sys.executable, str(ROOT / "main.py"), *argv], capture_output=True, text=True,
                              timeout=60, cwd=ROOT)
        assert done.returncode == 2 and done.stderr.strip() and "Traceback" not in done.stderr, (argv, done.stderr)


def test_an_open_v13_battle_s_report_links_to_its_replay(qtbot, tmp_path):
    """A V13 battle left open at its placement (its set-up answered in the dialogs), saved: its
    report's links open the battle again, from the answers the file holds, in replay mode."""
    src = tmp_path / "open.json"
    hand_kept_file(src.parent, src.name)  # from Turn Orders
    main = opened(qtbot, tmp_path, src)
    system_action(main.findChild(QMenu, "battle_systems_menu"), "v13").trigger()
    bw = end_movement_and_fight(main, qtbot, "0604")
    answerer = Answerer(ok)
    for _ in range(40):
        if bw.handing_over():
            qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)
        qtbot.wait(30)
        if len(bw.b.answers) >= 3 and not bw.handing_over():
            break
    answerer.stop()
    answers = len(bw.b.answers)
    assert answers >= 3 and not bw.b.status().resolved
    main.save_action.trigger()
    page = Path(bw.export_report(str(tmp_path / "v13.html"))).read_text(encoding="utf-8")
    found = [(int(n), html.unescape(href)) for n, href in LINK.findall(page)]
    assert [n for n, _ in found] == [e.seq for e in events_for(bw.b, bw.viewer or "gm")]
    bw.close()
    event, href = found[-1]
    again = opened(qtbot, tmp_path, src)
    window = open_link_taken(again, main_module.replay_link(main_module._parser().parse_args([href])))
    assert window is not None and window.replay.on, again.statusBar().currentMessage()
    assert len(window.replay.steps) == answers and window.replay.steps.frames[window.replay.k].events >= event
    _close(window, qtbot, take_over)  # its Team took the screen for it: closed, it goes back to the GM


def test_a_table_battle_s_report_links_every_event(qtbot, tmp_path):
    src = tmp_path / "table.json"
    hand_kept_file(src.parent, src.name)  # from Turn Orders
    main = opened(qtbot, tmp_path, src)
    system_action(main.findChild(QMenu, "battle_systems_menu"), "table").trigger()
    bw = end_movement_and_fight(main, qtbot, "0509")
    answerer = Answerer(lambda d: isinstance(d, QuestionDialog) and ok(d))  # no unit ticked: none destroyed...
    for _ in range(60):
        if bw.b.status().resolved:
            break
        if bw.handing_over():
            qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)
        qtbot.wait(30)
    answerer.stop()
    assert bw.b.status().resolved
    main.save_action.trigger()
    page = Path(bw.export_report(str(tmp_path / "table.html"))).read_text(encoding="utf-8")
    found = [(int(n), html.unescape(href)) for n, href in LINK.findall(page)]
    assert [n for n, _ in found] == [e.seq for e in events_for(bw.b, bw.viewer or "gm")]
    bw.close()
    again = opened(qtbot, tmp_path, src)
    window = open_link_taken(again, parse(found[-1][1]))
    assert window is not None and window.replay.on and window.replay.k == len(window.replay.steps)
    window.close()
