"""Replay a battle on the map (issue 22): any system's battle, open or resolved, stepped answer
by answer in its own window - first, back, forward, last, play and pause at a speed - the map,
the counters, the float, the panel and the log following each step.

The replay is a mode of the :class:`~app.battle.window.BattleWindow`: while it is on, the window
shows the engine's state after answer ``k`` (:class:`rules.battlehex.replay_steps.Steps`, built
once on a private run, then each step is set at once), as the viewer who entered it may see it
(the seat's Team or the GM: the log and the counters are that viewer's, as in play, V13.03).
Nothing can be answered, undone or passed while it is on: a replay never writes to the campaign
and never touches undo. Leaving it (Escape, or Replay again) shows the live battle.

Keys while replaying: Home (first), Left (back), Right (forward), End (last), Space (play or
pause). In the log, an event's number (a link) and the right-click menu replay the battle up to
that event.
"""
from __future__ import annotations

from bisect import bisect_right
from dataclasses import replace
from html import escape
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QPoint, Qt, QTimer, QUrl
from PySide6.QtGui import QAction, QActionGroup, QGuiApplication, QKeySequence
from PySide6.QtWidgets import QLabel, QToolBar

from app.shell.signals import connect_plain
from app.widgets.menu_hold import hold_submenus
from app.widgets.toolbar_sync import keep_in_step
from rules.battlehex.change import BattleChange
from rules.battlehex.log import GM
from rules.systems import BattleRun
from rules.battlehex.replay_steps import Steps

if TYPE_CHECKING:
    from app.battle.log import BattleLog
    from app.battle.window import BattleWindow

SPEEDS = (("Slow (2 s an answer)", 2000), ("Normal (1 s an answer)", 1000), ("Fast (0.4 s an answer)", 400),
          ("Fastest (0.1 s an answer)", 100))
"""The play speeds: (menu text, milliseconds between two answers)."""
DEFAULT_SPEED = 1000
KEYS_HINT = "Home first, Left back, Right forward, End last, Space plays or pauses, Escape leaves"


class BattleReplay(QObject):
    """The replay mode of ``win``: its menu, toolbar, keys, the steps and the play timer."""

    def __init__(self, win: BattleWindow) -> None:
        super().__init__(win)
        self.win = win
        self.on = False
        self.steps: Steps | None = None
        self.k = 0
        self.viewer: str | None = None
        self._before: str | None = None  # who held the screen when the replay began
        self._paused: dict[QAction, bool] = {}  # the window's other actions, disabled while replaying
        self.timer = QTimer(self)
        self.timer.setInterval(DEFAULT_SPEED)
        self.timer.timeout.connect(self._tick)
        self._build()
        # the live battle changed: back to it (drawn anew, app/battle/handover._MainGuard.battle_reset leaves
        # it first); bound methods, so the connections go with this window (the controller outlives it)
        win.ctl.changed.connect(self._live_changed)
        view = win.log_dock.view
        view.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        view.customContextMenuRequested.connect(self._log_menu)
        view.anchorClicked.connect(self._link)  # an event's number (app/widgets/log_html.py): replay up to it

    # -- building ----------------------------------------------------------------------------------
    def _build(self) -> None:
        win = self.win
        menu = win.menuBar().addMenu("&Replay")
        menu.setObjectName("replay_menu")
        bar = QToolBar("Replay", win)
        bar.setObjectName("replay_bar")
        win.addToolBar(bar)  # beside the seat's: two rows at QT_SCALE_FACTOR=2, not three (issue 22)

        def act(text: str, slot: Any, key: str | QKeySequence.StandardKey | None, tip: str,
                checkable: bool = False) -> QAction:
            a = QAction(text, win)
            a.setObjectName("replay_" + text.split()[0].lower().strip("&."))
            if key is not None:
                a.setShortcut(QKeySequence(key))
            shown = a.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
            a.setToolTip(tip + (f" ({shown})" if shown else ""))
            a.setCheckable(checkable)
            connect_plain(a.triggered, slot)
            menu.addAction(a)
            bar.addAction(a)
            win.addAction(a)
            return a
        self.replay_action = act("Replay the battle", self.toggle, "Ctrl+Shift+Y",
                                 "Step through this battle answer by answer on the map, as you may see it; "
                                 "nothing can be changed meanwhile", checkable=True)
        menu.addSeparator()
        self.first_action = act("First", self.first, "Home", "The battle before its first answer")
        self.back_action = act("Back", self.back, "Left", "One answer back")
        self.play_action = act("Play", self.play, "Space", "Play the answers one after another, or pause",
                               checkable=True)
        self.forward_action = act("Forward", self.forward, "Right", "One answer forward")
        self.last_action = act("Last", self.last, "End", "The battle after its last answer (as it stands now)")
        self.leave_action = act("Leave the replay", self.leave, "Escape", "Back to the live battle")
        self.replay_action.setIconText("Replay")  # the toolbar's short words; the menu keeps the whole
        self.leave_action.setIconText("Leave")
        speed = menu.addMenu("Speed")
        speed.setObjectName("replay_speed_menu")
        hold_submenus(menu)  # Replay > Speed stays open on the way to it (issue 22, QT_SCALE_FACTOR=2)
        group = QActionGroup(self)
        self.speed_actions: list[QAction] = []
        for text, ms in SPEEDS:
            a = QAction(text, group)
            a.setCheckable(True)
            a.setChecked(ms == DEFAULT_SPEED)
            a.setData(ms)
            connect_plain(a.triggered, lambda ms=ms: self.timer.setInterval(ms))
            speed.addAction(a)
            self.speed_actions.append(a)
        self.label = QLabel("")  # the step and its answer's words, in the side panel under its title
        self.label.setObjectName("replay_label")
        self.label.setWordWrap(True)
        self.label.hide()
        heading = win.title.parentWidget().layout()
        heading.insertWidget(heading.indexOf(win.title) + 1, self.label)
        keep_in_step(bar)  # its buttons' enabled state changes at every step
        self._enable()

    def _enable(self) -> None:
        stepping = self.on and self.steps is not None
        n = len(self.steps) if self.steps is not None else 0
        for a, ok in ((self.first_action, self.k > 0), (self.back_action, self.k > 0),
                      (self.forward_action, self.k < n), (self.last_action, self.k < n),
                      (self.play_action, self.k < n or self.timer.isActive()), (self.leave_action, True)):
            if a.isEnabled() != (stepping and ok):
                a.setEnabled(stepping and ok)
        self.replay_action.setChecked(self.on)
        if self.label.isHidden() == self.on:
            self.label.setVisible(self.on)

    # -- the run shown -----------------------------------------------------------------------------
    @property
    def run(self) -> BattleRun | None:
        """The battle after answer ``k`` (read only)."""
        return self.steps.view if self.steps is not None else None

    def _live(self) -> BattleRun | None:
        return self.win.ctl.run or self.win.ctl.last

    # -- entering and leaving ----------------------------------------------------------------------
    def toggle(self) -> None:
        """Replay the battle from its first answer, or leave the replay."""
        if self.on:
            self.leave()
        else:
            self.enter(0)

    def enter(self, k: int = 0, viewer: str | None = None) -> bool:
        """Show the battle after answer ``k`` in replay mode, as ``viewer`` (chosen in File >
        Replay a Battle...) or the one who holds the screen; False (and why, in the status bar)
        when it cannot be replayed now."""
        win = self.win
        live = self._live()
        before = win.viewer
        if viewer is not None:
            win.viewer = viewer
        why = "there is no battle here to replay" if live is None else \
            "take over the screen first (the replay shows the battle as the seat's Team may see it)" \
            if viewer is None and (win.handing_over() or win.viewer is None) else ""
        if why:
            win.viewer = before
            win.statusBar().showMessage(f"Cannot replay: {why}", 8000)
            self._enable()
            return False
        assert live is not None
        if self.steps is None or self.steps.answers != list(live.answers):
            self.steps = Steps(live, win.session.graph)  # its frames are made as far as it is stepped
        self.on, self.viewer, self._before = True, win.viewer, before
        self._paused = {a: a.isEnabled() for a in win.actions() if a not in self._mine() and a.isEnabled()}
        for a in self._paused:
            a.setEnabled(False)
        for w in win.panel.widgets:  # the panel's controls (V13: placement and combat) answer nothing now
            w.setEnabled(False)
        self.k = -1
        self.go(k)
        self._viewer_changed()
        return True

    def _mine(self) -> set[QAction]:
        keep = {self.replay_action, self.first_action, self.back_action, self.play_action, self.forward_action,
                self.last_action, self.leave_action, self.win.gm_action, self.win.log_room.action}
        keep.update(a for a in self.win.actions() if a.text().startswith(("Export", "Fit")))
        return keep

    def enter_at_event(self, index: int) -> bool:
        """Replay from the step whose log first holds the event of index ``index``."""
        live = self._live()
        if live is None:
            return False
        if self.steps is None or self.steps.answers != list(live.answers):
            if not self.enter(0):
                return False
        assert self.steps is not None
        k = self.steps.answer_at(index)
        return self.go(k) if self.on else self.enter(k)

    def leave(self, redraw: bool = True) -> None:
        """Back to the live battle (nothing of it was changed); ``redraw``: drawn now for who held the screen."""
        if not self.on:
            return
        self.timer.stop()
        self.play_action.setChecked(False)
        self.on = False
        # who held it before if who watched may see all of it, else who watched (issue 22: not the GM's view)
        back = self._before if self.viewer in (GM, self._before) else self.viewer
        self.win.viewer, self.win.parked = GM if self.win.gm_action.isChecked() else back, \
            self.win.parked and back == self._before
        for a, was in self._paused.items():
            a.setEnabled(was)
        self._paused = {}
        for w in self.win.panel.widgets:
            w.setEnabled(True)
        self.win.statusBar().clearMessage()
        self._enable()
        if redraw:
            self.win.refresh()
            self._viewer_changed()

    def _viewer_changed(self) -> None:
        """The viewer changed (entered as another, or back to who held it): the main window covered beside it
        while it shows another viewer's lines, shown when it may (issue 22: every change of viewer)."""
        from app.battle.handover import guard_main

        guard_main(self.win)

    def _live_changed(self, _change: object) -> None:
        self.leave()

    # -- stepping ----------------------------------------------------------------------------------
    def go(self, k: int) -> bool:
        """Show the battle after answer ``k`` (clamped to the battle's answers)."""
        steps = self.steps
        if not self.on or steps is None:
            return False
        k = max(0, min(k, len(steps)))
        far = not steps.ready(k) and k - len(steps.frames) > 8  # answers to give first: say it takes a moment
        if far:
            QGuiApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
        try:
            change = None if self.k < 0 else steps.change(self.k, k)
            steps.at(k)
        finally:
            if far:
                QGuiApplication.restoreOverrideCursor()
        self.k = k
        self.win.refresh() if change is None else self.win._changed(change)
        self._enable()
        return True

    def first(self) -> None:
        self.go(0)

    def back(self) -> None:
        self.go(self.k - 1)

    def forward(self) -> None:
        self.go(self.k + 1)

    def last(self) -> None:
        self.go(len(self.steps) if self.steps is not None else 0)

    def play(self) -> None:
        """Play from here one answer every interval (the Speed menu), or pause."""
        if self.timer.isActive():
            self.timer.stop()
        elif self.steps is not None and self.on:
            if self.k >= len(self.steps):
                self.go(0)
            self.timer.start()
        self.play_action.setChecked(self.timer.isActive())
        self._enable()

    def _tick(self) -> None:
        if self.steps is None or not self.on or self.k >= len(self.steps):
            self.timer.stop()
            self.play_action.setChecked(False)
            self._enable()
            return
        self.forward()

    # -- what the window shows while replaying -------------------------------------------------------
    def draw(self, change: BattleChange | None) -> None:
        """The window's part of a step: the battle page, nothing to answer, the step's words."""
        win, steps = self.win, self.steps
        if win.viewer is None:  # the GM view left: the replay is again the one who entered it sees
            win.viewer = self.viewer
        win.stack.setCurrentIndex(0)
        win.panel_dock.show()
        win.log_room.show()
        win.answer_button.setEnabled(False)
        # a step back redraws what it changed on the map, as a step forward does (the log is cut back)
        win.panel.draw(replace(change, rewound=False) if change is not None and change.rewound else change)
        for w in win.panel.widgets:  # a panel's draw enables its controls for the step's question: none answers
            w.setEnabled(False)      # in a replay (the B5 bar came back live, its field taking the replay's keys)
        win._show_log(rebuild=change is None, rewind_to=change.events_from if change and change.rewound else None)
        n = len(steps) if steps is not None else 0
        words = self.said(self.k)
        self.label.setText(f"<b>Replay</b>: answer {self.k} of {n}" + (f" \u2014 {escape(words)}" if words else ""))
        win.setWindowTitle(f"Battle Hex {win.at} \u2014 replay, answer {self.k} of {n} \u2014 "
                           f"{win.session.campaign.name}[*]")
        win.statusBar().showMessage(f"Replay: answer {self.k} of {n} ({KEYS_HINT})")

    def said(self, k: int) -> str:
        """The words of answer ``k`` as the viewer may read them ('' before the first)."""
        steps = self.steps
        if steps is None or k < 1:
            return ""
        lo, hi = steps.frames[k - 1].events, steps.frames[k].events
        for e in steps.events[lo:hi]:
            if e.kind in ("answer", "ruling"):
                return e.text if e.seen_by(self.win.viewer or "") else "an answer given in secret"
        return ""

    def refusal(self) -> str:
        """Why an answer is refused while replaying."""
        text = "a replay cannot change the battle: leave it (Escape) to play on"
        self.win.statusBar().showMessage(f"Refused: {text}", 8000)
        return text

    # -- the log's links and menu -----------------------------------------------------------------
    def _link(self, url: QUrl) -> None:
        """``replay:N`` (an event's number in the viewer's log): the battle as it stood at event N."""
        if url.scheme() == "replay" and url.path().isdigit():
            index = self.win.log_dock.index_of(int(url.path()))
            if index is not None:
                self.enter_at_event(index)
    def _log_menu(self, pos: QPoint) -> None:
        view = self.win.log_dock.view
        menu = view.createStandardContextMenu(pos)
        index = event_at(self.win.log_dock, view.cursorForPosition(pos).blockNumber())
        if index is not None:
            a = menu.addAction("Replay the battle from this event")
            a.setObjectName("replay_from_event")
            connect_plain(a.triggered, lambda: self.enter_at_event(index))
        menu.popup(view.viewport().mapToGlobal(pos))
        self.log_menu = menu


def event_at(log: BattleLog, block: int) -> int | None:
    """The index in the battle's log of the event drawn in ``block`` of the log dock (None: a
    note, not an event). Reads the dock's record of which block shows which event."""
    blocks, shown = log._blocks, log._shown
    k = bisect_right(blocks, block) - 1
    return shown[k] if 0 <= k < len(shown) and blocks[k] == block else None

