"""The V13 battle window's toolbar after its battle is resolved (issue 22, real-screen pass): Place,
Move, Next unit, Turn left/right stayed enabled, so a key or a click after the end did nothing a
person could see. They are disabled, their tooltips saying the battle is over, while Fit still
shows the map; the campaign's Undo that reopens the battle enables them again."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QToolBar

from app.widgets.question_dialogs import QuestionDialog
from hexmap import Label
from tests.app.battle.test_window import main  # noqa: F401 (the fixture: 0604 ready to fight)
from tests.app.gui import Answerer, ok, press, show_active

PLAY = ("Turn left", "Turn right", "Place...", "Move...", "Next unit", "Previous unit")


def withdraw_everything(d) -> bool:
    """The Alliance withdraws before combat (V13.21) with every unit, the Coalition does not oppose."""
    if not isinstance(d, QuestionDialog):
        return False
    if d.q.key == "V13.21/announce":
        d.group.button(0).setChecked(True)  # Yes
    elif d.q.key == "V13.22/oppose":
        d.group.button(1).setChecked(True)  # No
    elif d.q.key == "V13.23/select":
        for i in range(d.list.count()):
            if d.list.item(i).flags() & Qt.ItemFlag.ItemIsUserCheckable:
                d.list.item(i).setCheckState(Qt.CheckState.Checked)
    return ok(d)


def buttons(bw) -> dict[str, tuple[bool, str]]:
    """What the battle toolbar's buttons show: enabled, tooltip, by text."""
    bar = bw.findChild(QToolBar, "battle_bar")
    return {a.text(): (bar.widgetForAction(a).isEnabled(), bar.widgetForAction(a).toolTip())
            for a in bar.actions() if bar.widgetForAction(a) is not None}


def bar_actions(bw) -> list:
    return bw.findChild(QToolBar, "battle_bar").actions()


def test_the_toolbar_is_disabled_once_the_battle_is_over_and_again_enabled_by_undo(main, qtbot):  # noqa: F811
    bw = main.fight(Label.parse("0604"))  # Turn > Fight a Battle Hex on 0604
    qtbot.waitExposed(bw)
    assert not any(buttons(bw)[t][0] for t in PLAY + ("Fit",))  # nothing acts behind its hand-over page
    qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)  # (test_held_behind_hand_over)
    shown = buttons(bw)
    assert all(shown[t][0] for t in PLAY + ("Fit",)), shown
    answerer = Answerer(withdraw_everything)
    try:
        for _ in range(200):
            if bw.b.status().resolved:
                break
            if bw.handing_over():
                qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)
            qtbot.wait(25)
    finally:
        answerer.stop()
    assert bw.b.status().resolved
    shown = buttons(bw)
    assert not any(shown[t][0] for t in PLAY), shown  # before: all enabled after the end
    assert all("the battle is over" in shown[t][1] for t in PLAY), shown
    assert shown["Fit"][0] and "over" not in shown["Fit"][1]
    assert not any(a.isEnabled() for a in bw.actions() if a.text() in PLAY and a in bar_actions(bw))  # keys too
    show_active(main, qtbot)
    bw.auto_dialogs = False  # the reopened battle's question waits (no dialog after the test)
    press(main, "Ctrl+Z")  # the campaign's Undo takes the resolution back: the battle is open again
    qtbot.waitUntil(lambda: bw.b is not None and not bw.b.status().resolved, timeout=5000)
    if bw.handing_over():  # the reopened battle's question, behind its hand-over page: taken
        qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)
    shown = buttons(bw)
    assert all(shown[t][0] and "over" not in shown[t][1] for t in PLAY), shown
