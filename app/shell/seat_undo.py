"""Edit > Undo across a hot-seat hand-over (issue 22): the commander who took the screen at a
hand-over never takes back an answer given before it (the last seat's, perhaps a secret one); the
GM seat may, after a confirmation naming what it takes back.

:class:`SeatUndo` stands between the main window's Undo action (Ctrl+Z, the toolbar's Undo) and
the campaign's undo stack: ``take_seat`` marks the stack's index at each hand-over."""
from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QKeySequence, QUndoGroup, QUndoStack
from PySide6.QtWidgets import QMessageBox

from app.shell.signals import connect_plain

GM_SEAT = "gm"


class SeatUndo(QObject):
    """The guard of ``window``'s Undo ``action`` (made by ``group``): it undoes the active stack
    unless that would cross the last hand-over for a commander's seat."""

    def __init__(self, window, action: QAction, group: QUndoGroup) -> None:
        super().__init__(window)
        self.window, self.action, self.group = window, action, group
        self.mark: tuple[QUndoStack, str, int] | None = None  # the stack, the seat, its index at the hand-over
        self.stopped = False  # the action is held disabled at a commander's hand-over
        action.triggered.disconnect()  # not QUndoGroup's own undo: this one asks first
        connect_plain(action.triggered, self.undo)
        for signal in (group.canUndoChanged, group.undoTextChanged, group.indexChanged, group.activeStackChanged):
            connect_plain(signal, self.update)  # after the group's own (and the tooltips'): this one has the last word

    def handed_over(self, seat: str) -> None:
        """``seat`` (a Team id or the GM) took the screen at a hand-over: Undo stops here for it."""
        stack = self.group.activeStack()
        self.mark = (stack, seat, stack.index()) if stack is not None else None
        self.update()

    def crossing(self) -> str | None:
        """The seat whose hand-over the next undo would cross back over, or None."""
        stack = self.group.activeStack()
        if self.mark is None or stack is None or self.mark[0] is not stack or not stack.canUndo():
            return None
        return self.mark[1] if stack.index() <= self.mark[2] else None

    def _seat_name(self, seat: str) -> str:
        if seat == GM_SEAT:
            return "the GM"
        session = getattr(self.window, "session", None)
        team = next((t for t in session.campaign.teams if t.id == seat), None) if session is not None else None
        return f"the {team.name if team else seat} commander"

    def update(self) -> None:
        """A commander's seat is offered no Undo that crosses its hand-over (disabled, saying why)."""
        seat = self.crossing()
        if seat is None or seat == GM_SEAT:
            if self.stopped:  # the commander's stop is over (the screen handed back): the group's own Undo again
                self.stopped = False
                self._as_the_group()
            return
        self.stopped = True
        self.action.setEnabled(False)
        self.action.setText("&Undo (stops at the hand-over)")  # not the last seat's answer, named
        self.action.setToolTip(f"Undo stops at the hand-over to {self._seat_name(seat)}: what came before it "
                               "was another seat's to give")

    def _as_the_group(self) -> None:
        """The action as QUndoGroup keeps it: enabled when it can undo, named for what it undoes."""
        can, text = self.group.canUndo(), self.group.undoText()
        self.action.setEnabled(can)
        self.action.setText(f"&Undo {text}" if text else "&Undo")
        key = self.action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
        tip = f"Undo {text}" if can and text else "Nothing to undo"
        self.action.setToolTip(f"{tip} ({key})" if key else tip)

    def undo(self) -> None:
        """Undo the last change, unless it crosses the hand-over for a commander; the GM is asked
        to confirm, with what it takes back named."""
        stack = self.group.activeStack()
        if stack is None or not stack.canUndo():
            return
        seat = self.crossing()
        if seat is not None and seat != GM_SEAT:
            self.window.statusBar().showMessage(f"Undo stops at the hand-over to {self._seat_name(seat)}", 8000)
            return
        if seat == GM_SEAT:
            box = QMessageBox(QMessageBox.Icon.Question, "Undo before the hand-over?",
                              f"Take back \u201c{stack.undoText()}\u201d? It was given before the screen was "
                              "handed to the GM, perhaps by another seat.",
                              QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, self.window)
            box.setObjectName("undo_across_handover")
            box.setDefaultButton(QMessageBox.StandardButton.No)
            self.window.seat_undo_box = box
            if box.exec() != QMessageBox.StandardButton.Yes:
                return
        stack.undo()
        if seat is not None and self.mark is not None:  # the GM went back past it: the mark follows
            self.mark = (stack, seat, stack.index())
