"""SIDCORS replay (issue 22): while a battle was replayed, the BIF buttons of a replayed BIF
question looked active, and a click was only refused with a message. They are disabled while
replaying, and answer again once the replay is left."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMenu, QPushButton

from tests.app.battle.test_replay import _action, _key
from tests.app.gui import Answerer, open_main_window
from tests.app.systems.test_table import system_action
from tests.app.test_gui_paths import end_movement_and_fight


def _shown_bif_buttons(bw) -> list[QPushButton]:
    return [b for b in bw.panel.bif_buttons if b.isVisible()]


def test_the_bif_buttons_are_disabled_while_replaying(qtbot, tmp_path):
    from tests.app.systems.test_sidcors import dialogs
    main = open_main_window(qtbot, tmp_path)
    system_action(main.findChild(QMenu, "battle_systems_menu"), "sidcors").trigger()
    bw = end_movement_and_fight(main, qtbot, "0604")
    answerer = Answerer(dialogs)
    for _ in range(60):  # to the first BIF question, as the players click their way there
        if bw.handing_over():
            qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)
            qtbot.wait(5)
            continue
        q = bw.b.pending
        if q.key.split("/")[2:3] == ["bif"]:
            break
        qtbot.waitUntil(lambda q=q: bw.b.pending is not q, timeout=5000)
        qtbot.wait(5)
    answerer.stop()
    assert bw.b.pending.key.split("/")[2] == "bif"
    live = _shown_bif_buttons(bw)
    assert len(live) == 4 and all(b.isEnabled() for b in live)
    _action(bw, "replay_replay").trigger()
    assert bw.replay.on
    _key(bw, qtbot, Qt.Key.Key_End)  # the last step: the BIF question as it stands
    shown = _shown_bif_buttons(bw)
    assert len(shown) == 4 and not any(b.isEnabled() for b in shown), "the BIF buttons look active in the replay"
    n = len(bw.b.answers)
    qtbot.mouseClick(shown[0], Qt.MouseButton.LeftButton)
    assert len(bw.b.answers) == n
    _action(bw, "replay_leave").trigger()
    assert not bw.replay.on
    assert all(b.isEnabled() for b in _shown_bif_buttons(bw))


def _to_allocation(qtbot, bw) -> None:
    """Played as the players do (BIF 2 clicked, dialogs answered) to the first damage allocation."""
    from tests.app.systems.test_sidcors import dialogs
    answerer = Answerer(dialogs)
    for _ in range(200):
        if bw.handing_over():
            qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)
            qtbot.wait(5)
            continue
        q = bw.b.pending
        kind = q.key.split("/")[2:3]
        if kind == ["allocate"]:
            break
        if kind == ["bif"]:
            qtbot.mouseClick(bw.panel.central.findChild(QPushButton, "bif_2"), Qt.MouseButton.LeftButton)
        else:
            qtbot.waitUntil(lambda q=q: bw.b.pending is not q, timeout=5000)
        qtbot.wait(5)
    answerer.stop()
    assert bw.b.pending.key.split("/")[2] == "allocate"


def _invitations(bw) -> list[str]:
    """Every word of the panel asking for a click: the heading's, the counters' texts and tips, and
    the counters that may be clicked."""
    panel = bw.panel
    said = [panel.heading.text()] if "click" in panel.heading.text() else []
    for b in panel.central.findChildren(QPushButton):
        if b.objectName().startswith("counter_") and b.isVisible():
            said += [f"{b.objectName()}: {t}" for t in (b.text(), b.toolTip()) if "click" in t]
            said += [f"{b.objectName()} enabled"] if b.isEnabled() else []
    return said


def test_a_replayed_damage_allocation_is_read_only(qtbot, tmp_path):
    """Seen on the real screen (issue 22): a replay's allocation step still said 'click a counter to
    cripple or destroy it' and 'click: destroy (1 pt)' on the counters, though a click is refused
    in a replay. The step's question is shown read-only: who allocates and how many points, no
    invitation to click; left, the allocation answers by clicks again."""
    main = open_main_window(qtbot, tmp_path)
    system_action(main.findChild(QMenu, "battle_systems_menu"), "sidcors").trigger()
    bw = end_movement_and_fight(main, qtbot, "0604")
    _to_allocation(qtbot, bw)
    assert _invitations(bw)  # live: the counters to click, said so
    owner = bw.name(bw.b.pending.to)
    _action(bw, "replay_replay").trigger()
    assert bw.replay.on
    _key(bw, qtbot, Qt.Key.Key_End)  # the last step: the allocation as it stands
    assert bw.b.pending.key.split("/")[2] == "allocate"
    assert _invitations(bw) == [], "a replay invites clicks it refuses"
    heading = bw.panel.heading.text()
    assert owner in heading and "to resolve" in heading  # the step's question, read-only
    _key(bw, qtbot, Qt.Key.Key_Left)
    _key(bw, qtbot, Qt.Key.Key_Right)
    assert _invitations(bw) == []
    _action(bw, "replay_leave").trigger()
    assert not bw.replay.on
    assert _invitations(bw)
