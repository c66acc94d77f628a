"""How the shared battle window is built: its side panel, its log dock and its toolbar
(:class:`app.battle.window.BattleWindow` calls these once, as it opens)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QHideEvent, QKeyEvent, QKeySequence, QResizeEvent, QShowEvent
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QDockWidget,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QTextEdit,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from app.battle.handover import guard_main, lift_main
from app.battle.held import let_act
from app.battle.log import BattleLog
from app.battle.log_room import LogRoom
from app.battle.replay import BattleReplay
from app.shell import window_state
from app.shell.signals import connect_plain
from app.widgets.toolbar_sync import keep_in_step

if TYPE_CHECKING:
    from app.battle.window import BattleWindow


def build_panel(win: BattleWindow) -> None:
    """The side panel: title, stage, whom the battle waits for, the question, the Answer button
    and the system panel's own widgets."""
    w = QWidget()
    lay = QVBoxLayout(w)
    win.title = QLabel("")
    win.title.setStyleSheet("QLabel { font-size: 15px; font-weight: bold; }")
    win.step_label = QLabel("")
    win.step_label.setWordWrap(True)
    win.waiting = QLabel("")
    win.waiting.setWordWrap(True)
    win.question_label = QLabel("")
    win.question_label.setWordWrap(True)
    win.answer_button = QPushButton("&Answer...")  # Alt+A: the pending question's dialog, by keys
    win.answer_button.clicked.connect(lambda: win.ask(by_keys=True))
    for x in (win.title, win.step_label, win.waiting, win.question_label, win.answer_button):
        lay.addWidget(x)
    for x in win.panel.widgets:
        lay.addWidget(x, 10 if x.sizePolicy().verticalStretch() else 0)
    lay.addStretch(1)  # the controls stay together at the top when the roster is hidden
    win.panel_dock = QDockWidget("Battle", win)
    win.panel_dock.setObjectName("battle_panel")
    win.panel_dock.setWidget(w)
    win.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, win.panel_dock)


class WindowEvents:
    """The battle window's own show, hide, resize and key handlers (the window's ``closeEvent`` lifts the
    covers too): the main window covered when the window shows behind its hand-over page and the covers
    lifted when it hides (:func:`app.battle.handover.guard_main`), the log's room kept at a resize
    (:class:`app.battle.log_room.LogRoom`), Return pressed in the panel (:func:`return_pressed`). Event
    filters on the window did this before, and had every event of the window handed to Python (issue 21:
    the window's filters were ~15 ms of the CPU time of an open + Fight at 5,000 answers)."""

    def showEvent(self: Any, event: QShowEvent) -> None:  # noqa: N802 (Qt's name)
        super().showEvent(event)  # type: ignore[misc]
        guard_main(self)  # the main window covered at once when the hand-over comes first
        if not self._fitted and hasattr(self.panel, "fit"):
            self._fitted = True
            window_state.later(self, self.panel.fit)  # dropped if the window closes first (issue 21)

    def hideEvent(self: Any, event: QHideEvent) -> None:  # noqa: N802
        super().hideEvent(event)  # type: ignore[misc]
        lift_main(self)

    def resizeEvent(self: Any, event: QResizeEvent) -> None:  # noqa: N802
        super().resizeEvent(event)  # type: ignore[misc]
        self.log_room.resized()

    def keyPressEvent(self: Any, event: QKeyEvent) -> None:  # noqa: N802
        if not return_pressed(self, event):
            super().keyPressEvent(event)  # type: ignore[misc]


def return_pressed(win: BattleWindow, event: QKeyEvent) -> bool:
    """Return (or Enter) that no widget took, in the panel dock or the battle's picture: a focused
    button is pressed (as in a dialog), else the panel's main button (SIDCORS: Answer..., AF/EF:
    Commit, or Answer... while Commit is greyed). Never where the focus is in a field that takes Return itself (a typed hex, a combo
    box's words), nor in the log, nor behind the hand-over screen. True when a button was pressed.
    Called by the window's ``keyPressEvent``: an event filter on the window had every event of the window
    handed to Python (issue 21: the window's five filters were ~15 ms of an open + Fight)."""
    mods = event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
    if event.key() not in (Qt.Key.Key_Return, Qt.Key.Key_Enter) or mods != Qt.KeyboardModifier.NoModifier:
        return False
    focus = QApplication.focusWidget()
    if win.handing_over() or not _in_panel(win, focus) or _takes_return(focus):
        return False
    button = focus if isinstance(focus, QPushButton) else win.panel.primary_button()
    if button is not None and not button.isEnabled():  # a question the panel leaves to the dialog
        button = win.answer_button
    if button is None or not (button.isVisible() and button.isEnabled()):
        return False
    button.click()
    return True


def _in_panel(win: BattleWindow, focus: QWidget | None) -> bool:
    """``focus`` is the window itself, in the side panel, or in the battle's picture."""
    if focus is None or focus is win:
        return True
    return any(w is focus or w.isAncestorOf(focus) for w in (win.panel_dock.widget(), win.centralWidget()))


def _takes_return(focus: QWidget | None) -> bool:
    """A field of words where Return is the field's (QLineEdit passes it on after its own use)."""
    if isinstance(focus, QLineEdit):
        return True
    if isinstance(focus, (QTextEdit, QPlainTextEdit)):
        return not focus.isReadOnly()
    return isinstance(focus, QComboBox) and focus.isEditable()


def build_log(win: BattleWindow) -> None:
    """The log dock, and View > Battle Log (Ctrl+L), which a short window waits for."""
    win.log_dock = BattleLog(win)
    win.log_view, win.log_details = win.log_dock.view, win.log_dock.details
    win.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, win.log_dock)
    win.log_room = LogRoom(win)


def battle_over(win: BattleWindow, resolved: bool) -> None:
    """Once the battle is resolved the panel's play actions (place, move, next unit...) are
    disabled, their tooltips saying why; an undo that reopens the battle enables them again."""
    if win.replay.on:  # a replay pauses every action itself and gives them back as they were
        return
    for a, tip in win.play_actions.items():
        a.setEnabled(not resolved)
        a.setToolTip(f"{tip} \u2014 the battle is over (undo its resolution to reopen it)" if resolved else tip)


def build_actions(win: BattleWindow) -> None:
    """The battle toolbar and its shortcuts: undo, redo, the system panel's actions, GM view,
    pass the seat, overrule, export, and the replay."""
    bar = win.addToolBar("Battle")
    bar.setObjectName("battle_bar")

    def act(text: str, slot, key=None, tip: str = "", checkable=False) -> QAction:  # on ``bar`` as it is then
        a = QAction(text, win)
        if key:
            a.setShortcut(QKeySequence(key))
        shortcut = a.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
        a.setToolTip(f"{tip or text}" + (f" ({shortcut})" if shortcut else ""))
        a.setCheckable(checkable)
        if checkable:
            a.triggered.connect(slot)
        else:
            connect_plain(a.triggered, slot)
        bar.addAction(a)
        win.addAction(a)
        return a
    win.undo_action = act("Undo answer", win.undo, QKeySequence.StandardKey.Undo,
                           "Take back the last answer or move of this battle")
    win.redo_action = act("Redo answer", win.ctl.undo_stack.redo, QKeySequence.StandardKey.Redo,
                           "Give the answer taken back again")
    win.redo_action.setShortcuts(QKeySequence.keyBindings(QKeySequence.StandardKey.Redo))  # Ctrl+Shift+Z, Ctrl+Y
    win.ctl.undo_stack.undoTextChanged.connect(win._undo_text)  # bound methods: cut when the window goes
    win.ctl.undo_stack.redoTextChanged.connect(win._redo_text)
    views = getattr(win.panel, "view_actions", None)  # the panel's actions that only show (Fit): kept
    win.play_actions = {}  # the others, disabled once the battle is resolved (BattleWindow._battle_over)
    for text, slot, key, tip in win.panel.actions():
        a = act(text, slot, key, tip)
        if views is not None and text not in views:
            win.play_actions[a] = a.toolTip()
    first = bar
    bar = QToolBar("Seat", win)  # a row of its own: at 790 px (scale 2) one row hid these behind its "»"
    bar.setObjectName("battle_seat_bar")
    win.addToolBarBreak()
    win.addToolBar(bar)
    win.gm_action = act("GM view", win.toggle_gm, "Ctrl+Shift+G",
                         "Show everything, hidden units and secret answers included (the GM only)", checkable=True)
    let_act(win.gm_action)  # the GM's way past a hand-over page (behind the GM's passphrase)
    win.pass_action = act("Pass the seat...", lambda: win.pass_seat(), "Ctrl+Shift+P",
                           "Hot seat: hand the screen to another Team's commander (behind the hand-over "
                           "screen), who then moves that Team's units")
    win.pass_action.setIconText("Pass the seat")  # short on the button, the Team in the tooltip (name_pass_seat)
    win.overrule_action = act("GM overrule...", win.overrule, "Ctrl+Shift+R",
                               "GM: overrule the last refusal - give the refused answer anyway, with the "
                               "GM's reason in the log")
    win.overrule_action.setEnabled(False)
    let_act(act("Export report...", lambda: win.export_report(), "Ctrl+Shift+S",  # behind a hand-over page
                "Write the battle report (HTML with the final map) to a file"))  # too: the table's (screen_viewer)
    keep_in_step(first)
    keep_in_step(bar)  # Undo/Redo/overrule change at every answer: no connection piled up per change
    win.replay = BattleReplay(win)  # Replay menu and toolbar: step through the battle (issue 22)
