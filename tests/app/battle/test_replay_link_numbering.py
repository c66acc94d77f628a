"""Issue 25: a side's log numbers its own events 1, 2, 3... (the log's own numbers left gaps where an event
was kept from it). A replay link Blue shares (its report's ``event=N``, or a click on an event's number in
its log) still opens the battle at the same event, for Blue: an STCS battle whose cloaked ship's places, the
secret D10 of a scan and the damage entered on it are kept from Blue."""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings, QUrl
from PySide6.QtWidgets import QApplication

from app.battle.replay_link import ReplayLink
from app.battle.replay_main import open_link
from app.shell.window import MainWindow
from rules.battlehex.sight import events_for
from rules.model import save_campaign
from rules.systems import start
from tests.app.battle.test_replay_hand_over import _close
from tests.app.gui import Answerer, show_active, take_over
from tests.rules.battlehex.test_log_numbering import ANSWERS
from tests.rules.systems.stcs.helpers import stcs_campaign
from tests.rules.systems.v13.helpers import AT


def test_blues_link_opens_the_replay_at_blues_event(qtbot, tmp_path) -> None:
    run = start(stcs_campaign(), AT)
    for a in ANSWERS:
        run.answer(a)
    path = tmp_path / "stcs.json"
    save_campaign(run.saved(), path)
    blue = events_for(run, "blue")
    target = blue[-3]  # after the hidden ones: Blue's number is below the log's own
    index = next(i for i, e in enumerate(run.log.events) if e.text == target.text and e.kind == target.kind)
    assert target.seq < index + 1
    main = MainWindow(path, settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat),
                      offer_recovery=False, reopen_last=False)
    qtbot.addWidget(main)
    show_active(main, qtbot)
    answerer = Answerer(take_over)  # Blue's replay, behind Blue's hand-over
    window = open_link(main, ReplayLink(str(path), str(AT), None, target.seq, "blue"))
    answerer.stop()
    assert [k for k, _t in answerer.seen] == ["HandOverDialog"], answerer.seen
    assert window is not None and window.replay.on, main.statusBar().currentMessage()
    steps, k = window.replay.steps, window.replay.k
    assert steps.frames[k].events > index and (k == 0 or steps.frames[k - 1].events <= index), (k, index)
    QApplication.processEvents()
    shown = window.log_dock.view.toPlainText()
    assert f"{target.seq}. " in shown and target.text in shown
    numbers = [int(line.split(".", 1)[0]) for line in shown.splitlines() if line.split(".", 1)[0].isdigit()]
    assert numbers == list(range(1, len(numbers) + 1))  # Blue's log, numbered without gaps
    window.replay.go(len(steps))  # the whole battle, then Blue clicks its event's number in its log
    QApplication.processEvents()
    window.log_dock.view.anchorClicked.emit(QUrl(f"replay:{target.seq}"))
    assert window.replay.k == k
    closed = _close(window, qtbot, take_over)  # Blue took the screen for it: closed, it goes back to the GM
    assert [k for k, _t in closed.seen] == ["HandOverDialog"], closed.seen
