"""The main window's Combat Phase (seed 004; issue 13): End Phase through the sub-phases, and
the questions the phase waits for (encounter demands and refusals, each planet's ground
losses) asked in the question dialog, one after another, each as one undoable step. The
engine (rules/turn/combat_phase.py) says what is open and judges every answer. Mixed into
:class:`app.shell.window.MainWindow`."""
from __future__ import annotations

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QInputDialog

from rules.errors import RuleError
from rules.model.records import Phase


class CombatPhaseMixin:
    """End Phase and the Combat Phase's questions (the window supplies ``session``...)."""

    def end_phase(self) -> None:
        """End the phase the campaign stands in (Ctrl+Shift+E); refused with the rule while it waits."""
        if self.session is None:
            return
        note = ""
        if self.session.campaign.phase is Phase.BOMBARDMENT:
            note, ok = QInputDialog.getText(
                self, "Orbital Bombardment (kept by hand)",
                "The rules give no bombardment procedure: what happened at the table (goes into the log, may be "
                "empty)?")
            if not ok:
                return
        try:
            done = self._try(lambda: self.session.end_phase(note))
        except Exception as e:  # the engine's fault, not a refusal: the GM may go on by a ruling
            done = self.rule_past_end_phase(e)
        if done:
            self.statusBar().showMessage(f"Now: {self.session.campaign.phase.title}", 8000)
            self.ask_when_open()

    def rule_past_end_phase(self, error: Exception) -> bool:
        """End Phase failed (not refused): log why, and offer the GM the ruling that begins the
        next sub-phase without the work that failed (rules/turn/unblock.py); True once done."""
        import traceback

        from app.shell.errors import words_of, write_log
        from app.shell.ruling_dialog import RulingDialog
        from rules.turn import unblock

        write_log("End Phase", "".join(traceback.format_exception(error)))
        words = words_of(error)
        try:
            stuck = unblock.end_phase_stuck(self.session.campaign, words)
        except RuleError as refused:  # no ruling goes past this phase: say both
            self.show_error("End Phase failed", f"{words}\n\n{refused}")
            return False
        dialog = RulingDialog(stuck, self.session.campaign.phase.title.split(": ")[-1], self)
        self.ruling_dialog = dialog
        if dialog.exec() != RulingDialog.DialogCode.Accepted:
            return False
        return self._try(lambda: self.session.rule_end_phase(dialog.note(), words))

    def cargo(self, fleet_id: str, action) -> bool:
        """Embark, land or deploy as one undoable step; a refusal names its rule and changes nothing."""
        if self.session is None:
            return False
        from rules.turn.logistics import do

        if not self._try(lambda: self.session.apply(action.text, lambda c: do(c, self.session.graph, fleet_id,
                                                                              action))):
            return False
        self.statusBar().showMessage(f"{action.text}: done", 8000)
        self.ask_when_open()  # a landing may open a planet's ground combat
        return True

    def ask_when_open(self) -> None:
        """Open the Combat Phase's questions once the event loop runs, if the phase waits for one
        (or the engine cannot say which: the GM is then offered a ruling)."""
        s = self.session.campaign.settings if self.session is not None else None
        if s is None or (s.combat_phase != "seed004" and s.empire_turn != "seed004"):  # nothing asks in dialogs
            return
        try:
            waiting = self.session.combat_pending() is not None
        except Exception:  # the engine cannot produce the question: answer_combat_questions offers the ruling
            waiting = True
        if waiting:
            QTimer.singleShot(0, self.answer_combat_questions)

    def answer_combat_questions(self) -> int:
        """Ask the Combat Phase's open questions one after another until none is left or the
        dialog is cancelled; returns how many were answered. A question the engine cannot
        produce is offered to the GM to settle by a ruling (:meth:`rule_on_stuck_step`). A Team's
        commander who still holds the screen then passes it back to the GM (:meth:`hand_back`)."""
        answered = self._ask_open_questions()
        said = self.statusBar().currentMessage()  # what the phase waits for, said to the GM after the hand-back
        if self.hand_back() and said:
            self.statusBar().showMessage(said, 10000)
        return answered

    def _ask_open_questions(self) -> int:
        """The loop of :meth:`answer_combat_questions`: how many questions were answered."""
        from app.widgets.question_dialogs import QuestionDialog  # the battle engine's question kinds load when used

        answered = 0
        while self.session is not None:
            try:
                open_q = self.session.combat_pending()
            except Exception as e:  # the edge of the engine: never a phase that waits for ever
                if not self.rule_on_stuck_step(e):
                    return answered
                continue
            if open_q is None:
                break
            q = open_q[1]
            names = {t.id: t.name for t in self.session.campaign.teams}
            who = "Game Master" if q.to == "gm" else names.get(q.to, q.to)
            seated = q.to == self.combat_seat and self.team_at_screen() in (None, q.to)  # no other Team's up
            if not seated and not self.hand_over_combat(q, who):
                return answered
            if q.key.startswith("orders/"):  # a power's own Turn Orders (app/shell/orders_dialog.py)
                from app.shell.orders_dialog import OrdersDialog

                dialog = OrdersDialog(self.session.campaign, str(q.data["power"]), self)
            else:
                dialog = QuestionDialog(q, who, dict(q.data.get("names", {})), None, self)
            self.question_dialog = dialog
            while True:
                if dialog.exec() != QuestionDialog.DialogCode.Accepted:
                    self.statusBar().showMessage(self._waits_for_answer(), 10000)
                    return answered
                try:
                    self.session.answer_turn(dialog.answer(), secret=bool(q.data.get("secret")))
                except RuleError as e:
                    dialog.refused(str(e))  # inside the dialog, where it is not cut as a title is
                    self.statusBar().showMessage(f"Refused: {e}", 15000)
                    continue
                answered += 1
                break
        return answered

    def _waits_for_answer(self) -> str:
        """The status bar's words when a question is put off: the phase the turn stands in waits
        (the Income Phase's ledgers too, not only the Combat Phase's questions)."""
        return f"The {self._phase_title()} Phase waits for this answer: Turn > Answer the Phase's Questions " \
               "(Ctrl+Shift+A)"

    combat_seat: str | None = None
    """Who last took the screen for a Combat Phase question (hot seat); None: nobody yet."""

    def hand_over_combat(self, q, who: str) -> bool:
        """The hand-over screen before Combat Phase question ``q`` when it is for another seat
        than the last one (as before the ignore questions): nothing of the last answer stays on
        screen; True once ``who`` has taken the screen."""
        from app.shell.turn_dialogs import HandOverDialog
        from app.widgets.titles import rule_words

        self.statusBar().clearMessage()
        whom, rule = (who if q.to == "gm" else f"{who} commander"), rule_words(q.rule)  # no seed number on screen
        screen = HandOverDialog(who, f"The {whom} answers a question of the {rule} the other players do not see.",
                                "Not now", self, f"Hand over to {'GM' if q.to == 'gm' else who}: {rule}",
                                commander=q.to != "gm")
        self.handover_dialog = screen
        if screen.exec() != HandOverDialog.DialogCode.Accepted:
            self.statusBar().showMessage(self._waits_for_answer(), 10000)
            return False
        self.combat_seat = q.to
        self.take_seat(q.to)  # the map as the commander who took the screen sees it
        return True

    def team_at_screen(self) -> str | None:
        """The Team whose commander holds the screen (took it at a hand-over: its questions, its
        movement orders, the Empire Sheet's seat), or None: the GM's seat, the table's view, the GM view."""
        if self.gm_view_action.isChecked():
            return None
        scene = self.strategic_view.scene()
        sheet = self._bottom.get("empire_sheet")  # a sheet not made yet has nobody seated (not made for this)
        seats = (self.combat_seat, getattr(scene, "seat", None), getattr(sheet, "seat", None))
        return next((s for s in seats if s not in (None, "gm")), None)

    def hand_back(self) -> bool:
        """A Team's commander holds the screen and nothing more is asked of it now (its last
        question answered or put off, the next one for nobody or cancelled at its hand-over): the
        screen goes back to the GM at once (the map, inspector, status bar and Empire Sheet show no
        Team's; Undo stops there, the GM's asks first) behind the hand-over "Pass the screen back to
        the Game Master" (docs/SECRETS.md, On screen); True if a Team held it."""
        team = self.team_at_screen()
        if team is None:
            return False
        from app.shell.turn_dialogs import HandOverDialog

        names = {t.id: t.name for t in self.session.campaign.teams} if self.session is not None else {}
        who = names.get(team, team)
        self.combat_seat = "gm"
        self.take_seat("gm")  # before the hand-over shows: nothing of the Team's stays, covered or not
        screen = HandOverDialog("Game Master", f"The {who} commander is done for now: nothing of its Team's is shown. "
                                "The Game Master goes on with the phase (or hands the screen to the next player).",
                                "", self, f"Hand over to GM: {who} done, {self._phase_title()} Phase", commander=False)
        screen.label.setText("Pass the screen back to the Game Master")
        screen.cancel_button.hide()  # nothing to put off: the Team's part is over, whoever closes it
        self.handover_dialog = screen
        screen.exec()
        return True

    def pass_screen_back(self) -> None:
        """Turn > Hand the Screen Back to the GM (Ctrl+Shift+P): a commander who took the screen with
        no question to end its turn at it (its movement orders dragged, the Empire Sheet's seat) gives
        it back (:meth:`hand_back`)."""
        if not self.hand_back():
            self.statusBar().showMessage("No Team's commander holds the screen: nothing to hand back", 8000)

    def _phase_title(self) -> str:
        """The phase the turn stands in, as the phase bar names it ("Encounters")."""
        from rules.turn.sequence import current

        return current(self.session.campaign).title if self.session is not None else "this"

    def rule_on_stuck_step(self, error: Exception) -> bool:
        """The engine cannot produce the question the phase waits for: log why, and offer the GM
        the ruling that settles the step (rules/turn/unblock.py); True once it is settled."""
        import traceback

        from app.shell.errors import write_log
        from app.shell.ruling_dialog import RulingDialog

        write_log("The Combat Phase's question", "".join(traceback.format_exception(error)))
        stuck = self.session.combat_stuck()
        if stuck is None:  # the question can be asked now
            return True
        phase = self.session.campaign.phase.title.split(": ")[-1]  # "Combat: Encounters" -> "Encounters"
        dialog = RulingDialog(stuck, phase, self)
        self.ruling_dialog = dialog
        if dialog.exec() != RulingDialog.DialogCode.Accepted:
            self.statusBar().showMessage("The phase waits: Turn > Answer the Phase's Questions "
                                         "(Ctrl+Shift+A) offers the GM ruling again", 10000)
            return False
        if not self._try(lambda: self.session.rule_stuck(dialog.note())):
            return False
        self.statusBar().showMessage(f"GM ruling: {stuck.where}: {stuck.ruling}", 10000)
        return True
