"""AF/EF replay (issue 22, as SIDCORS's on the real screen): a replay's declaration step still said
"Drag from your counter to a target..." with the declaring side's counters edged to drag, though
a replay refuses every answer. The step's question is read in the side panel; the battle line
invites no drag; left, the declaration is made by drags again."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMenu

from tests.app.battle.test_replay import _action, _key
from tests.app.gui import open_main_window
from tests.app.systems.test_afef_lines import _to
from tests.app.systems.test_table import system_action
from tests.app.test_gui_paths import end_movement_and_fight


def _invitations(bw) -> list[str]:
    """The panel's words asking for a drag, and the counters it would let be dragged."""
    p = bw.panel
    said = [p.odds.toPlainText()] if p.odds.isVisible() and "Drag" in p.odds.toPlainText() else []
    return said + [f"{uid} may be dragged" for uid in p.unit_names() if p.may_drag(uid)]


def test_a_replayed_declaration_invites_no_drag(qtbot, tmp_path):
    main = open_main_window(qtbot, tmp_path)
    system_action(main.findChild(QMenu, "battle_systems_menu"), "afef").trigger()
    bw = end_movement_and_fight(main, qtbot, "0604")
    bw.auto_dialogs = False
    _to(bw, qtbot, "declare")
    assert _invitations(bw)  # live: drag from your counters
    _action(bw, "replay_replay").trigger()
    assert bw.replay.on
    _key(bw, qtbot, Qt.Key.Key_End)  # the last step: the declaration as it stands
    assert bw.b.pending.key.split("/")[2] == "declare"
    assert bw.question_label.text()  # the step's question, read in the side panel
    assert _invitations(bw) == [], "a replay invites drags it refuses"
    assert not bw.panel.commit_button.isEnabled()
    _action(bw, "replay_leave").trigger()
    assert not bw.replay.on
    assert _invitations(bw) and bw.panel.commit_button.isEnabled()
