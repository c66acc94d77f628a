"""A default-campaign Battle Hex fought by AF/EF on the battle line as the players do it (issue 12): the
system chosen in the Turn menu, each side's plan made by dragging from its counters to the
enemy's behind its own hand-over (odds shown before Commit), the GM's round questions on the
panel, results in the campaign."""
from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QGraphicsRectItem, QMenu

from app.systems.afef import AfefPanel
from tests.app.gui import Answerer, choose_item, open_main_window, type_text
from tests.app.systems.test_table import system_action
from tests.app.test_gui_paths import end_movement_and_fight


def centre(view, uid: str) -> QPoint:
    rect = next(i for i in view.scene().items() if isinstance(i, QGraphicsRectItem) and i.data(0) == uid)
    return view.mapFromScene(rect.sceneBoundingRect().center())


def drag(view, src: str, dst: str) -> None:
    """Shift+drag from ``src``'s counter to ``dst``'s: all of its dice on that target."""
    a, b = centre(view, src), centre(view, dst)
    vp = view.viewport()
    QTest.mousePress(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, a)
    QTest.mouseMove(vp, (a + b) / 2)
    QTest.mouseMove(vp, b)
    QTest.mouseRelease(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.ShiftModifier, b)


def test_a_battle_hex_fought_on_the_afef_battle_line(qtbot, tmp_path):
    main = open_main_window(qtbot, tmp_path)  # the default campaign: every unit has AF/EF values
    system_action(main.findChild(QMenu, "battle_systems_menu"), "afef").trigger()
    bw = end_movement_and_fight(main, qtbot, "0604")
    assert isinstance(bw.panel, AfefPanel)
    bw.auto_dialogs = False
    panel, view = bw.panel, bw.panel.view
    seen_odds, drags, rounds = [], 0, 0
    for _ in range(300):
        run = bw.b
        if run.status().resolved:
            break
        if bw.handing_over():
            qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)
            qtbot.wait(5)
            continue
        q = run.pending
        kind = q.key.split("/")[2]
        if kind in ("declare", "return", "breakthrough", "breakthrough_return"):
            owed = q.data.get("must_match", {})
            for shooter in q.data["dice"]:
                targets = owed.get(shooter, {}).get("attackers") or q.data["targets"]
                if targets:
                    drag(view, shooter, targets[0])
                    drags += 1
            seen_odds.append(panel.odds.toPlainText())
        if kind == "continue":
            rounds += 1
            if rounds >= 3:  # the GM ends it: a ruling with its reason
                pick, reason = choose_item("attacker"), type_text("the GM ends it after three rounds")
                answerer = Answerer(lambda d: pick(d) if getattr(d, "comboBoxItems", list)() else reason(d))
                assert panel.break_button.isVisible()
                qtbot.mouseClick(panel.break_button, Qt.MouseButton.LeftButton)
                answerer.stop()
                continue
        qtbot.mouseClick(panel.commit_button, Qt.MouseButton.LeftButton)
        qtbot.wait(5)
    assert bw.b.status().resolved, bw.b.pending
    assert drags > 0 and any("damaged" in t and "destroyed" in t for t in seen_odds)
    rec = next(r for r in main.campaign.battle_hexes if str(r.at) == "0604")
    assert rec.resolved and rec.answers


def test_a_long_line_wraps_at_a_readable_size(qtbot, tmp_path):
    """0509's fourteen attackers (seen on the real screen at QT_SCALE_FACTOR=2, 1600x1000: the line was
    shrunk to fit its width, each counter a 60-pixel box of unreadable text): the line wraps into rows
    shown at 0.6 or more, every line in view, nothing sideways, and a drag onto a wrapped counter aims at it."""
    main = open_main_window(qtbot, tmp_path)
    system_action(main.findChild(QMenu, "battle_systems_menu"), "afef").trigger()
    bw = end_movement_and_fight(main, qtbot, "0509")
    assert isinstance(bw.panel, AfefPanel)
    bw.auto_dialogs = False
    bw.resize(1000, 700)
    while bw.handing_over() or bw.b.pending.key.split("/")[2] not in ("declare", "return"):
        if bw.handing_over():
            qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)
        else:
            qtbot.mouseClick(bw.panel.commit_button, Qt.MouseButton.LeftButton)
        qtbot.wait(20)
    view = bw.panel.view
    qtbot.waitUntil(lambda: view.viewport().width() > 0)
    assert view.transform().m11() >= 0.6, view.transform().m11()  # readable: shrunk to no less than 0.6
    assert not view.horizontalScrollBar().isVisible()
    counters = [i for i in view.scene().items() if isinstance(i, QGraphicsRectItem) and i.data(0)]
    corners = [view.mapFromScene(c.sceneBoundingRect().bottomRight()) for c in counters]
    assert len(counters) > 14 and all(p.x() <= view.viewport().width() and p.y() <= view.viewport().height()
                                      for p in corners)  # every line in view: a drag needs both ends
    q = bw.b.pending
    shooter = next(iter(q.data["dice"]))
    target = q.data["targets"][-1]
    drag(view, shooter, target)
    assert target in str(bw.panel.plan.get(shooter)), bw.panel.plan
