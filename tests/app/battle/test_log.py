"""The battle log dock (app/battle/log.py): appended event by event, cut back on an undo
without drawing it afresh, drawn afresh (its last LOG_SHOWN events) for a new viewer."""
from __future__ import annotations

from PySide6.QtWidgets import QWidget

from app.battle import log as battle_log
from app.battle.log import BattleLog
from rules.battlehex.log import GM, Event


def events(n: int, start: int = 0, secret_every: int = 0) -> list[Event]:
    return [Event(i + 1, "info", "V13.480", f"event {i}",
                  visible_to=("red", GM) if secret_every and i % secret_every == 0 else None)
            for i in range(start, start + n)]


def lines(log: BattleLog) -> list[str]:
    return [x for x in log.view.toPlainText().splitlines() if x]


def test_appending_then_an_undo_cuts_back_exactly_to_a_fresh_drawing(qtbot):
    parent = QWidget()
    qtbot.addWidget(parent)
    log, fresh = BattleLog(parent), BattleLog(parent)
    evs = events(30, secret_every=4)
    log.show_events(evs[:10], "blue", {}, rebuild=True)
    for k in range(11, 31):
        log.show_events(evs[:k], "blue", {})
    log.show_events(evs[:17], "blue", {}, rewind_to=17)  # an undo took events 17.. back
    fresh.show_events(evs[:17], "blue", {}, rebuild=True)
    assert lines(log) == lines(fresh) and lines(log)[-1].endswith("event 15")  # 16 is red's secret
    assert not any("event 0" in x or "event 4" in x for x in lines(log))  # red's secrets stay hidden
    log.show_events(evs[:25], "blue", {})  # answering again appends after the cut
    fresh.show_events(evs[:25], "blue", {}, rebuild=True)
    assert lines(log) == lines(fresh)


def test_an_undo_back_to_nothing_then_appending(qtbot):
    parent = QWidget()
    qtbot.addWidget(parent)
    log = BattleLog(parent)
    evs = events(5)
    log.show_events(evs, GM, {}, rebuild=True)
    log.show_events([], GM, {}, rewind_to=0)
    assert lines(log) == []
    log.show_events(evs[:2], GM, {})
    assert [x.split("] ")[-1] for x in lines(log)] == ["event 0", "event 1"]


def test_a_long_log_is_drawn_from_its_last_events_with_a_link_to_the_rest(qtbot, monkeypatch):
    monkeypatch.setattr(battle_log, "LOG_SHOWN", 50)
    parent = QWidget()
    qtbot.addWidget(parent)
    log = BattleLog(parent)
    parent.resize(600, 300)
    evs = events(400)
    log.show_events(evs, GM, {}, rebuild=True)  # as a window opening on a saved battle: before it is shown
    parent.show()
    qtbot.waitExposed(parent)
    bar = log.view.verticalScrollBar()
    assert bar.maximum() > 0 and bar.value() >= bar.maximum() - 20  # the latest events in view
    shown = lines(log)
    assert shown[0].startswith("350 earlier events are not shown") and len(shown) == 51
    log.show_events(evs[:390], GM, {}, rewind_to=390)
    assert lines(log)[-1].endswith("event 389") and len(lines(log)) == 41
    log._link(__import__("PySide6.QtCore", fromlist=["QUrl"]).QUrl("log:all"))  # "Show the whole log"
    assert len(lines(log)) == 390
