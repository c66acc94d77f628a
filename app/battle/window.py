"""The battle window of one Battle Hex, shared by every battle system: the question and who
is awaited, the hot-seat hand-over screen, the log, undo, the GM's view and rulings, and the
report export. It knows no system's rules.

Its :class:`~app.battle.controller.BattleController` owns the system's run and its undo stack
and says what each answer changed; the system's panel (``PANELS``: the V13 tactical map, or
the table system's results sheet) draws the battle and answers the questions it handles
itself (placement and combat on the map); every other question opens a dialog here.
"""
from __future__ import annotations

import contextlib
from html import escape
from typing import Any

from PySide6.QtWidgets import QInputDialog, QMainWindow, QStackedWidget, QToolBar

from app.shell import window_state
from app.battle.building import WindowEvents, battle_over, build_actions, build_log, build_panel
from app.battle.handover import (
    HandOverPage,
    choose_seat,
    guard_main,
    lift_main,
    may_undo,
    seat_action,
    seat_hint,
    seat_teams,
    took_over,
    undo_stops,
    undo_tip,
)
from app.battle.log import export_report, screen_viewer, screen_words, show_undo_words, whole_report
from app.battle.panel import BattlePanel, make_panel
from app.battle.still import scrolled
from app.shell.passphrases import gm_may_see
from app.widgets.message_bar import MessageBar
from app.widgets.question_dialogs import QuestionDialog
from app.widgets.titles import plain_words, rule_words, whole_rules
from app.shell.session import CampaignSession
from hexmap import Label
from rules.battlehex.change import BattleChange
from rules.battlehex.log import GM
from rules.battlehex.questions import Question
from rules.battlehex.run import ReplayRun, answer_said
from rules.systems.v13.wording import answer_text
from rules.systems import BattleRun


class BattleWindow(WindowEvents, QMainWindow):
    """The Battle Hex at ``at`` in ``session``'s campaign, fought by its battle system."""

    def __init__(self, session: CampaignSession, at: Label, parent=None, hot_seat: bool = True) -> None:
        super().__init__(parent)
        self.setStatusBar(MessageBar(self))  # messages in words, a long one cut with "..." and whole in its tooltip
        self.session, self.at = session, at
        self.ctl = session.battle(at)
        self.hot_seat = hot_seat
        self.viewer: str | None = None if hot_seat else GM
        self.seat: str | None = None  # the last Team that took the screen (hot seat)
        self.parked = False  # behind its hand-over page: another viewer took the screen (handover.park)
        self._asking = False
        self.auto_dialogs = True
        self._refused: tuple[str, Any, str] | None = None  # the last refused answer and why, for a GM ruling
        self._fitted = False
        self.question_dialog: QuestionDialog | None = None
        self.panel: BattlePanel = make_panel(self.ctl.system, self)
        self.stack = QStackedWidget(self)
        self.stack.addWidget(self.panel.central)
        self.handover = HandOverPage(self.take_over)
        self.handover_label, self.handover_button = self.handover.label, self.handover.button
        self.stack.addWidget(self.handover)
        self.setCentralWidget(self.stack)
        build_panel(self)
        build_log(self)
        build_actions(self)
        guard_main(self, watch=True)  # the main window covered beside the hand-over screen (shared screen)
        scrolled(self.panel_dock)  # the panel never widens the dock nor outgrows the screen (issue 22)
        window_state.restore(self, getattr(parent, "settings", None), "battle_window", (1400, 900))
        replay_bar = self.findChild(QToolBar, "replay_bar")
        if replay_bar is not None and self.toolBarBreak(replay_bar):  # a layout remembered with three rows
            self.removeToolBarBreak(replay_bar)
        self.ctl.changed.connect(self._changed)
        self.ctl.reset.connect(self.refresh)
        session.undo_stack.cleanChanged.connect(self._clean_changed)
        self.ctl.undo_stack.indexChanged.connect(self._enable_undo)
        session.undo_stack.indexChanged.connect(self._enable_undo)  # a resolution is the campaign's change
        session.destroyed.connect(self._unwire)  # at exit the stacks may die before an open window: _unwire
        self.ctl.destroyed.connect(self._unwire)
        self.refresh()

    def _undo_text(self, text: str) -> None:
        """The Undo action names the answer it would take back, or why it stops (:func:`undo_tip`)."""
        self.undo_action.setToolTip(undo_tip(self, text))

    def _enable_undo(self, _index: int = 0) -> None:
        """Undo and Redo are enabled only when there is a step to take back or give again (a
        replay keeps them paused until it is left)."""
        if self.replay.on:
            return
        self.undo_action.setEnabled(self.ctl.can_undo() and not undo_stops(self))
        self.redo_action.setEnabled(self.ctl.run is not None and self.ctl.undo_stack.canRedo())

    def _redo_text(self, text: str) -> None:
        text = screen_words(self, text)
        self.redo_action.setToolTip(f"Redo: {text} (Ctrl+Shift+Z)" if text else "Redo answer (Ctrl+Shift+Z)")

    # -- reading -----------------------------------------------------------------------------------
    @property
    def b(self) -> BattleRun | None:
        """The battle's run (once resolved: the battle as it ended; replaying: the step shown)."""
        return self.replay.run if self.replay.on else self.ctl.run or self.ctl.last

    def name(self, team: str) -> str:
        if team == GM:
            return "Game Master"
        if team == "any":
            return "the table (any commander or the GM)"
        t = next((t for t in self.session.campaign.teams if t.id == team), None)
        return t.name if t else team

    def team_color(self, team: str) -> str:
        t = next((t for t in self.session.campaign.teams if t.id == team), None)
        return t.color if t else "#808080"

    def handing_over(self) -> bool:
        """The hand-over screen is up (nothing of the battle is shown)."""
        return self.stack.currentIndex() == 1

    # -- showing -----------------------------------------------------------------------------------
    def refresh(self) -> None:
        """Show the whole battle to the viewer (opening, a hand-over, a strategic undo)."""
        self._show(None)

    def _changed(self, change: BattleChange) -> None:
        """After an answer or an undo: update what ``change`` names."""
        self._show(change)

    def _show(self, change: BattleChange | None) -> None:
        self._enable_undo()
        b = self.b
        if b is None:
            self._set_title(self.ctl.heading or "no open Battle Hex here")
            self.title.setText(f"Battle Hex {self.at}")
            self.step_label.setText(f"<p>{escape(self.ctl.error)}</p>" if self.ctl.error else "No open Battle Hex")
            self.answer_button.setEnabled(False)
            self.stack.setCurrentIndex(0)
            return
        st = b.status()
        q = b.pending
        battle_over(self, st.resolved)  # the play actions off once it is resolved (not in a replay)
        self._set_title("resolved" if st.resolved else st.heading)
        self.title.setText(f"Battle Hex {self.at}")
        resolved = f"<br><b>Resolved</b>: {escape(plain_words(st.resolution))}" if st.resolved else ""
        self.step_label.setText(f"<b>Step</b>: {escape(st.stage)}{resolved}")
        if q is None:
            self.waiting.setText("The Battle Hex is resolved; its results are written to the campaign. Export the "
                                 "report with Ctrl+Shift+S." if st.resolved else "")
            self.question_label.setText("")
            self.viewer = GM if self.hot_seat and self.viewer is None and not self.parked else self.viewer
        else:
            rule = rule_words(q.rule)  # "Combat Phase", "V13.472": no seed's nor design note's number (issue 22)
            self.waiting.setText(f"<b>Waiting for</b>: {escape(self.name(q.to))}"
                                 + (f" ({whole_rules(escape(rule))})" if rule else ""))
            self.question_label.setText(escape(plain_words(q.text), quote=False))
        if self.replay.on:  # a step of the replay, as the viewer who entered it sees it: nothing to answer
            self.replay.draw(change)
            return
        if self.parked or (q is not None and q.to not in ("any", self.viewer) and self.hot_seat  # parked: until
                           and not self.gm_action.isChecked()):  # its viewer confirms (a strategic undo redraws)
            self._hand_over((self.handover.team or GM) if self.parked else q.to)
            return
        teams = self.seat_teams() if self.viewer is None else []
        if teams:  # combat with nobody's seat (the GM view left): the seat goes back behind the hand-over
            self._hand_over(self.seat if self.seat in teams else teams[0])
            return
        was_hidden = self.handing_over()
        self.stack.setCurrentIndex(0)
        seat_action(self)
        self.panel_dock.show()
        self.log_room.show()  # a short window keeps the map: the log when asked (View > Battle Log)
        self.answer_button.setEnabled(q is not None and (not self.panel.handles(q) or self._by_keys(q)))
        self.panel.draw(None if was_hidden else change)
        self._show_log(rebuild=change is None, rewind_to=change.events_from if change and change.rewound else None)
        # one question at a time: what the panel shows first (a new Weapon Status), then the next dialog
        if not self.panel.blocks_questions() and q is not None and not self.panel.handles(q) \
                and self.auto_dialogs and not self._asking:
            window_state.later(self, self.ask)

    def _clean_changed(self, clean: bool) -> None:
        """The title's unsaved-changes mark follows the campaign's."""
        self.setWindowModified(not clean)

    def _set_title(self, what: str) -> None:
        """The window names its Battle Hex, what it shows and the campaign."""
        self.setWindowTitle(f"Battle Hex {self.at} \u2014 {what} \u2014 {self.session.campaign.name}[*]")
        self.setWindowModified(not self.session.undo_stack.isClean())

    def _hand_over(self, team: str) -> None:
        # nothing said to one team stays on screen for the other
        self.statusBar().clearMessage()
        self.panel.hide_secrets()
        self.log_dock.forget()  # the next viewer's log is rendered for that viewer only
        self.handover.ask_for(team, self.name(team))
        self.stack.setCurrentIndex(1)
        self.panel_dock.hide()
        self.log_dock.hide()
        self.log_room.action.setEnabled(False)  # no log behind the hand-over screen, even when asked
        self.pass_action.setEnabled(False)
        show_undo_words(self)

    def seat_teams(self) -> list[str]:
        """The Teams the seat may pass to now (:func:`app.battle.handover.seat_teams`)."""
        return seat_teams(self)

    def pass_seat(self, team: str | None = None) -> None:
        """Hot seat: the hand-over screen for ``team`` (asked when several may take the seat)."""
        team = choose_seat(self, team)
        if team is not None:
            self._hand_over(team)

    def seat_hint(self, team: str) -> str:
        """How a unit of ``team`` is moved when another Team holds the seat."""
        return seat_hint(self, team)

    def take_over(self) -> None:
        self.statusBar().clearMessage()  # words for whoever sat here before ("Cannot replay: take over...")
        self.viewer, self.parked = self.handover.team, False
        self.seat = self.viewer if self.viewer not in (None, GM) else self.seat
        self.refresh()
        took_over(self)  # Undo stops here for the seat; the words as it may read them; other viewers' windows away

    def toggle_gm(self, on: bool) -> None:
        """The GM view shows everything; the GM's passphrase is asked first when one is set."""
        if on and not gm_may_see(self, self.session, "The battle's GM view"):
            self.gm_action.setChecked(False)
            return
        self.viewer, self.parked = (GM if on else None), False  # left: its question's hand-over
        self.refresh()

    def _show_log(self, rebuild: bool = False, rewind_to: int | None = None) -> None:
        b = self.b
        if b is not None:
            self.log_dock.show_events(b.log.view(), self.viewer, {t.id: t.name for t in self.session.campaign.teams},
                                      rebuild, rewind_to, run=b)

    # -- answering -----------------------------------------------------------------------------------
    def answer(self, raw: Any) -> str | None:
        """Give the pending question ``raw``; returns the refusal (with its rule) or ``None``."""
        b = self.b
        if b is None or b.pending is None:
            return "no question is open"
        if self.replay.on:
            return self.replay.refusal()
        q = b.pending
        refusal = self.ctl.answer(raw)
        if refusal is not None:
            refusal = plain_words(refusal)  # "V13.472: ...", not "V13.472 / A-21: ..." (the log's Details keep it)
            self.panel_refusal(refusal)
            if not (isinstance(raw, dict) and "gm_ruling" in raw):
                self._refused = (q.key, raw, refusal)
                self.overrule_action.setEnabled(True)
            return refusal
        _given(self)
        self.panel.after_answer(q)
        return None

    def panel_refusal(self, refusal: str) -> None:
        self.panel.refused(refusal)
        self.statusBar().showMessage(f"Refused: {refusal} (the GM may overrule: Ctrl+Shift+R)", 15000)

    def overrule(self, reason: str | None = None) -> None:
        """A GM ruling: give the last refused answer anyway, with a reason for the log."""
        refused = self._refused
        b = self.b
        if refused is None or b is None or b.pending is None or b.pending.key != refused[0]:
            return
        if reason is None:
            what = answer_said(b, b.pending, refused[1]) if isinstance(b, ReplayRun) else \
                answer_text(b.pending, refused[1], b.ctx)  # V13 words its own
            reason, ok = QInputDialog.getText(self, "GM ruling (overrule the rules)",
                                              f"Refused: {what}\n{refused[2]}\n\nGive it anyway because:")
            if not ok:
                return
        self.answer({"gm_ruling": reason, "answer": refused[1]})

    def _by_keys(self, q: Question) -> bool:
        """Whether the panel lets the shared dialog answer ``q``, which it handles by the mouse, when
        asked by keys (Answer..., Alt+A)."""
        return bool(getattr(self.panel, "dialog_by_keys", lambda _q: False)(q))

    def ask(self, by_keys: bool = False) -> None:
        """Open the dialog for the pending question: those the panel does not handle itself, and,
        ``by_keys`` (Answer..., Alt+A), those it handles by the mouse that it lets a dialog answer."""
        b = self.b
        if b is None or b.pending is None or self._asking:
            return
        if self.panel.handles(b.pending) and not (by_keys and self._by_keys(b.pending)):
            return
        if self.handing_over() or self.panel.blocks_questions() or self.replay.on:
            return  # never on top of the hand-over screen or what the panel shows first
        q = b.pending
        self._asking = True
        answered = False
        try:
            odds = getattr(self.panel, "dialog_odds", lambda _q: None)(q)  # a panel's odds table, made when shown
            dialog = QuestionDialog(q, self.name(q.to), self.panel.unit_names(), self.panel.notes(q), self, odds)
            self.question_dialog = dialog
            while dialog.exec() == QuestionDialog.DialogCode.Accepted:
                refusal = self.answer(dialog.answer())
                if refusal is None:
                    answered = True
                    break
                dialog.refused(refusal)
        finally:
            self._asking = False
        if answered and self.auto_dialogs:
            window_state.later(self, self.ask)  # the next question for the same player opens by itself too

    def undo(self) -> None:
        """Take back this battle's last answer (the engine's undo, on this battle's own stack)."""
        why = self.ctl.undo() if may_undo(self) else None  # never back over a Team's hand-over; the GM confirms
        if why is not None and self.b is not None and self.b.answers:
            self.statusBar().showMessage(f"Cannot undo: {why} (Ctrl+Z there)", 8000)

    def export_report(self, path: str | None = None) -> str | None:
        """Write the battle report (HTML) to ``path`` or a file chosen in a dialog."""
        if self.b is None:
            return None
        # on the hand-over screen nobody has taken over: the report is what every Team may know
        viewer = screen_viewer(self)
        written, message = export_report(self, whole_report(self, viewer), f"battle_{self.at}.html", path)
        if message:
            self.statusBar().showMessage(message, 10000)
        return written

    def closeEvent(self, event) -> None:  # noqa: N802
        lift_main(self)
        _closing(self)
        self._unwire()
        super().closeEvent(event)

    def _unwire(self, _gone: object = None) -> None:
        _unwire(self)


def _closing(win: BattleWindow) -> None:
    """The window's place kept, and the battle's checkpoint at its last answer written by a run of the shared seam
    (issue 21: a cold reopen of the saved file then resumes where the window was closed, replaying no answer)."""
    window_state.save(win, getattr(win.parent(), "settings", None), "battle_window")
    keep_last = getattr(win.ctl.run, "keep_last", None)
    if keep_last is not None:
        keep_last()


def _unwire(win: BattleWindow) -> None:
    """The window stops listening to its controller and the undo stacks: it is closed, or their
    owner (the session, the controller) is being destroyed -- at exit, with the window still open, a
    stack dying after its owner's ``destroyed`` clears itself and signals (issue 22: "QUndoStack
    already deleted" tracebacks from the window's slots). Once: a second disconnect of a slot no
    longer connected makes PySide print a RuntimeWarning for each signal."""
    if getattr(win, "_unwired", False):
        return
    win._unwired = True
    with contextlib.suppress(RuntimeError, TypeError):
        win.ctl.changed.disconnect(win._changed)
        win.ctl.reset.disconnect(win.refresh)
        win.ctl.undo_stack.undoTextChanged.disconnect(win._undo_text)
        win.ctl.undo_stack.redoTextChanged.disconnect(win._redo_text)
        win.session.undo_stack.cleanChanged.disconnect(win._clean_changed)
        win.ctl.undo_stack.indexChanged.disconnect(win._enable_undo)
        win.session.undo_stack.indexChanged.disconnect(win._enable_undo)


def _given(win: BattleWindow) -> None:
    """An answer given: no refusal stands, nor its GM overrule, nor its words in the status bar."""
    win._refused = None
    win.overrule_action.setEnabled(False)
    if win.statusBar().currentMessage().startswith("Refused:"):
        win.statusBar().clearMessage()
