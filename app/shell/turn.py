"""The main window's Movement Phase: the phase bar's state, movement orders by dragging a
fleet (the engine plans and judges them), End Movement with each side's ignore questions,
the Battle Hex list, Fight, the GM's ruling and the end of the phase. Mixed into
:class:`app.shell.window.MainWindow`."""
from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QInputDialog

from app.strategic.describe import battle_hexes_html
from app.shell.menus import with_shortcut_in_tooltip
from app.widgets.titles import ask_text, plain_words
from app.shell.fight_list import chosen_words, in_order, battle_window_for
from app.strategic.scene import StrategicScene
from hexmap import Label
from rules.errors import RuleError
from rules.model.records import Phase
from rules.model.visibility import GM, TABLE, readable_log
from rules.strategic.planning import plan_orders
from rules.strategic.table_view import table_lines
from rules.strategic.turn import PhaseError
from rules.turn.sequence import current, fightable, may_ask, sequence, trail_forms

if TYPE_CHECKING:
    from app.shell.turn_dialogs import BattleHexesDialog


def _dialogs():
    """app/shell/turn_dialogs.py, imported when End Movement or the Battle Hexes list first needs it
    (not before the first frame: ~5 ms of a start, issue 21)."""
    from app.shell import turn_dialogs

    return turn_dialogs


def seat_taken(window, seat: str | None) -> None:
    """``seat``'s commander is at the screen: a battle window beside it another Team's commander holds is put
    away behind its hand-over (issue 22; app/battle/handover.py loads with a battle only)."""
    if window._battle_windows:
        from app.battle.handover import screen_taken
        screen_taken(window, seat)


def held_beside(window, team: str) -> bool:
    """Another Team's commander than ``team``'s holds a battle window beside the map: it is at the screen."""
    from app.battle import handover
    return handover.held_beside(window, team)


class MovementPhaseMixin:
    """The Movement Phase's actions (the window supplies ``session``, ``statusBar``...)."""

    def _update_phase_bar(self) -> None:
        """The turn's phases as seed 004 orders them (rules.turn.sequence), the one now in
        brackets with what it waits for; the phases kept by hand are named in the tooltip."""
        c = self.campaign
        if c is None:
            return
        steps = sequence(c)
        now = current(c)
        fights = self.session.fightable() if self.session is not None else fightable(c)
        self.waits_label.setText(plain_words(f"{now.title} waits for: {now.waits_for}"))
        # as much of the trail as the bar's width allows (rules.turn.sequence.trail_forms), the whole on hover
        forms = trail_forms(c.turn, steps)
        self.phase_label.set_forms(
            forms, f"{forms[0]}\n\nSequence of Play, turn {c.turn}:\n" + "\n".join(
                f"{'  ' if s.group else ''}{s.title}: {s.state.value}"
                + (f" \u2014 {plain_words(s.waits_for)}" if s.waits_for else "") for s in steps))
        self.end_movement_action.setEnabled(c.phase is Phase.ORDERS)
        self.gm_action.setEnabled(bool(fights))
        self.fight_action.setEnabled(bool(fights))
        asking = may_ask(c)  # the engine says when it can ask (without importing the turn engine: issue 21)
        try:
            waiting = asking and self.session is not None and self.session.combat_pending() is not None
        except Exception:  # the engine cannot produce the question: Answer... offers the GM a ruling
            waiting = True
            self.waits_label.setText(f"{now.title} is stuck: BattleHex cannot ask its next question; Turn > Answer "
                                     "(Ctrl+Shift+A) offers a GM ruling")
        self.answer_turn_action.setEnabled(waiting)
        self.answer_turn_action.setToolTip(f"Answer the questions the {now.title} Phase waits for")  # not only combat
        with_shortcut_in_tooltip(self.answer_turn_action)
        # End Phase waits, as the engine would refuse it, while a question or a Battle Hex is open (V13.12)
        self.end_phase_action.setEnabled(c.phase is not Phase.ORDERS and not waiting and not fights)
        self.end_phase_action.setText(f"End {now.title} Phase" if c.phase is not Phase.ORDERS else "End Phase")
        self.end_phase_action.setIconText("End Phase")
        self.end_phase_action.setToolTip(plain_words(f"End the {now.title} phase: {now.waits_for}"))
        with_shortcut_in_tooltip(self.end_phase_action)
        if c.team_copy is not None or getattr(self, "_team_copy_saved", None) is not None:
            from app.shell.team_copy_gui import show_mode
            show_mode(self)  # a Team copy runs no phase (issue 23): its actions stay off, or come back

    def preview(self, fleet_id: str, label: str) -> tuple[list[Label], bool, str]:
        """The path a dragged fleet would take to ``label``, whether it is legal, and why (the
        engine plans it)."""
        plan = plan_orders(self.session.state, fleet_id, Label.parse(label))
        text = plan.summary()
        return list(plan.path), plan.check.ok, text if plan.check.ok else "\n".join(textwrap.wrap(text, 46))

    def commit(self, fleet_id: str, label: str) -> bool:
        """Give the orders a drag ended with; a refusal is shown and changes nothing. When another
        Team's commander has the screen, the fleet's own commander takes it first (its hand-over)."""
        plan = plan_orders(self.session.state, fleet_id, Label.parse(label))
        fleet = plan.fleet
        if plan.clears and not fleet.orders:
            return True
        if not self._seated_for(fleet):
            self.statusBar().showMessage(f"{fleet.name}: no orders given (its commander did not take the screen)",
                                         8000)
            return False
        reason = None if plan.check.ok else f"{plan.check.reason} ({plan.check.rule})"
        if reason is None:
            try:
                self.session.set_orders(fleet_id, list(plan.orders))
            except PhaseError as e:
                reason = str(e)
        if reason:
            self.statusBar().showMessage(f"Refused: {fleet.name} to {label}: {reason}", 15000)
            return False
        self.statusBar().showMessage(f"{fleet.name}: orders {' ▸ '.join(map(str, plan.orders)) or 'cleared'}", 8000)
        return True

    def take_seat(self, seat: str | None) -> None:
        """The commander ``seat`` (a Team id, or "gm") took the screen at a hand-over: the map draws
        only that Team's plotted orders (none for the GM, but in the GM view), and nothing the last
        player selected or was told stays in the inspector, the status bar or the Empire Sheet. A Team's
        commander never takes the screen in the GM view: it is closed (every unit, the GM's log lines)."""
        if seat not in (None, "gm") and self.gm_view_action.isChecked():
            self.set_gm_view(False)
        if seat is not None and getattr(self, "seat_undo", None) is not None:
            self.seat_undo.handed_over(seat)  # Undo stops here for the seat (the GM's asks first)
        self.statusBar().clearMessage()
        scene = self.strategic_view.scene()
        if isinstance(scene, StrategicScene):
            scene.blockSignals(True)
            scene.clearSelection()
            scene.set_seat(seat)
            scene.blockSignals(False)
        if self.session is not None:
            self._welcome_shown = None
            self.show_welcome()
        if (sheet := self._bottom.get("empire_sheet")) is not None and sheet.seat not in (None, seat):
            sheet.take_seat()  # seated for another Team: it leaves the seat (the sheet shows no Team's)
        self._show_log(seat_changed=True)  # the campaign log as the commander at the screen may read it
        seat_taken(self, seat)  # the commander at the screen: another Team's battle window put away (issue 22)

    def _seated_for(self, fleet) -> bool:
        """Whether ``fleet``'s commander has the screen to plot its orders: the GM view, or its own
        Team; at the table's view (nobody took the screen, no orders drawn) whoever drags a Team's
        fleet is that Team's commander and takes the screen, its own orders drawn from then on;
        else its hand-over, True once it took the screen."""
        scene = self.strategic_view.scene()
        team = self.session.campaign.team_of_power(fleet.power)
        if not isinstance(scene, StrategicScene) or self.gm_view_action.isChecked() \
                or team is None or team.id == scene.seat:
            return True
        if scene.seat is None and not (self._battle_windows and held_beside(self, team.id)):  # no hand-over
            scene.set_seat(team.id)
            return True
        from app.shell.turn_dialogs import HandOverDialog

        screen = HandOverDialog(team.name, f"The {team.name} commander plots its fleets' movement orders, which the "
                                           "other commanders do not see.", "Cancel", self,
                                f"Hand over to {team.name}: movement orders")
        self.handover_dialog = screen
        if screen.exec() != HandOverDialog.DialogCode.Accepted:
            return False
        self.take_seat(team.id)
        return True

    def clear_selected_orders(self) -> None:
        scene = self.strategic_view.scene()
        fleet = scene.selected_fleet() if isinstance(scene, StrategicScene) else None
        if fleet is not None:
            self.clear_orders(fleet.id)

    def clear_orders(self, fleet_id: str) -> None:
        fleet = next((f for f in self.campaign.fleets if f.id == fleet_id), None) if self.campaign else None
        if fleet is not None and fleet.orders:
            self._try(lambda: self.session.set_orders(fleet.id, []))

    # the strategic map's right-click menus

    def _try(self, action) -> bool:
        try:
            action()
        except RuleError as e:  # the engine's one error base, caught here once
            self.show_error("Not allowed", str(e))
            return False
        return True

    def end_movement(self) -> None:
        """Execute every fleet's orders, ask the V13.16/V13.18 questions, list the Battle Hexes.

        Each Team answers its own questions behind its own hand-over screen (hot seat): the
        dialog first asks for that Team's commander and shows only that Team's questions.
        """
        if self.session is None:
            return
        decisions: dict = {}
        try:
            report = self.session.end_movement()
            while report.questions:
                new = [q for q in report.questions if (q.at, q.team, q.other) not in decisions]
                if not new:
                    self.show_error("Cannot end movement", "The ignore questions were answered but are asked again.")
                    return
                names = {t.id: t.name for t in self.session.campaign.teams}
                order = [t.id for t in self.session.campaign.teams]
                for team in sorted({q.team for q in new}, key=lambda t: order.index(t) if t in order else len(order)):
                    dialog = _dialogs().IgnoreDialog([q for q in new if q.team == team], names, self, team=team,
                                                     seated=self.take_seat)
                    if dialog.exec() != dialog.DialogCode.Accepted:
                        self.hand_back()  # a Team that answered before does not keep the screen
                        self.statusBar().showMessage("End Movement cancelled: nothing changed", 8000)
                        return
                    decisions.update(dialog.decisions())
                self.hand_back()  # the last Team's commander answered: the screen goes back to the GM
                report = self.session.end_movement(decisions)
        except PhaseError as e:
            self.show_error("Cannot end movement", str(e))
            return
        self.show_battle_hexes(report.battle_hexes, report.events + report.quiet)
        self.ask_when_open()  # the Supply Phase's field repairs

    def buy_unit(self) -> None:
        """Turn > Buy a Unit... (seed 004 Turn Orders): a power's purchase, as one undoable step; the
        engine refuses an illegal one with its rule (rules/turn/purchases.py)."""
        if self.session is None:
            return
        c = self.session.campaign
        from app.shell.orders_dialog import orders_closed

        closed = orders_closed(c, "Purchases")
        if closed:
            self.statusBar().showMessage(closed, 10000)
            return
        if not any(p.unit_list for p in c.powers):
            self.statusBar().showMessage("Nothing can be bought: no power has a unit list (Campaign > Unit Lists...)",
                                         10000)
            return
        from app.shell.purchase_dialog import PurchaseDialog
        from rules.turn.purchases import order

        dialog = PurchaseDialog(c, self)
        self.purchase_dialog = dialog
        if dialog.exec() != PurchaseDialog.DialogCode.Accepted:
            return
        raw = dialog.answer()["purchase"]
        text = f"Purchase: {c.power(raw['power']).name} buys a {raw['class']} at {raw['planet']}"
        if self._try(lambda: self.session.apply(text, lambda now: order(now, raw))):
            self.statusBar().showMessage(text, 8000)

    def show_battle_hexes(self, records=None, events=None) -> BattleHexesDialog | None:
        if self.session is None:
            return None
        c = self.session.campaign
        gm = self.gm_view_action.isChecked()
        if records is None:
            records = [b for b in c.battle_hexes if b.turn == c.turn]
            events = [f"{e.rule}: {e.text}" for e in readable_log(c, GM if gm else TABLE) if e.turn == c.turn]
        if not gm:  # the table's view: no line naming a unit or fleet the rules keep from it (V13.03, V13.29)
            events = table_lines(c, events or [])
        # in words (issue 22): "Movement Phase: ...", not "004 Movement Phase: ..."; no "(A-51: ..."
        html = plain_words(battle_hexes_html(self.session.state, records, gm))
        dialog = _dialogs().BattleHexesDialog(html, [plain_words(e) for e in events or []], self, gm,
                                              encounters=c.settings.combat_phase == "seed004")
        dialog.setModal(False)
        dialog.show()
        self._battle_dialog = dialog
        return dialog

    def _meeting(self, title: str, label: str, at: Label | None = None) -> int | None:
        """The Battle Hex record (its index) the GM picks among those that may be fought now
        (those at ``at`` only, when given), each named by its sides; None when none or cancelled."""
        c = self.session.campaign
        still = [i for i in self.session.fightable() if at is None or c.battle_hexes[i].at == at]
        if not still:
            self.statusBar().showMessage(f"No Battle Hex to fight now ({current(c).title}: {current(c).waits_for})",
                                         8000)
            return None
        if len(still) == 1 and at is not None:
            return still[0]
        still, items = in_order(c, still)
        here = self._selected_label()  # the selected sector's Battle Hex opens chosen, else the first (issue 22)
        first = next((k for k, i in enumerate(still) if str(c.battle_hexes[i].at) == here), 0)
        choice, ok = QInputDialog.getItem(self, title, label, items, first, False)
        return still[items.index(choice)] if ok else None

    def _selected_label(self) -> str | None:
        """The sector selected on the strategic map (a selected fleet's sector), if any."""
        scene = self.strategic_view.scene()
        if not isinstance(scene, StrategicScene):
            return None
        sector, fleet = scene.selected_sector(), scene.selected_fleet()
        if sector is not None:
            return str(sector.at)
        return str(fleet.sector) if fleet is not None and fleet.in_transit_to is None else None

    def fight(self, at: Label | None = None):
        """Open the set-up window of an open Battle Hex (asks which when there are several: a
        sector where three Teams met holds one meeting per pair, each named by its sides)."""
        if self.session is None:
            return None
        index = self._meeting("Fight a Battle Hex", "Battle Hex:", at)
        if index is None:
            return None
        at = self.session.campaign.battle_hexes[index].at
        if not self._try(lambda: self.session.fight_next(index)):  # the meeting picked is the one fought
            return None
        return battle_window_for(self, at)

    def _forget_closed_battle_windows(self, *_gone: object) -> None:
        """Drop the battle windows whose Qt side is deleted (a closed window is deleted on close):
        a Python wrapper kept here would keep its session, campaign and run alive (issue 21)."""
        import shiboken6

        self._battle_windows = [w for w in self._battle_windows if shiboken6.isValid(w) and w not in _gone]

    def set_battle_system(self, key: str, at: Label | None = None) -> None:
        """Fight the Battle Hex at ``at`` (or, with none, the campaign's new Battle Hexes) with
        the battle system ``key`` (rules/systems), as one undoable change."""
        if self.session is None:
            return
        from rules.systems import choose_for_campaign, choose_for_hex, systems
        title = systems()[key].title if key in systems() else key
        change = (lambda c: choose_for_campaign(c, key)) if at is None else (lambda c: choose_for_hex(c, at, key))
        what = f"Battle system: {title}" if at is None else f"Battle Hex {at} fought with: {title}"
        if self._try(lambda: self.session.apply(what, change)):  # said: the menu closed on no sign of it (issue 22)
            self.statusBar().showMessage(chosen_words(title, at, key == self.session.campaign.settings.battle_system), 10000)

    def gm_ruling(self) -> None:
        """V13.12 override: the GM marks a Battle Hex resolved, with a reason for the log."""
        if self.session is None:
            return
        index = self._meeting("GM ruling (V13.12)", "Battle Hex to mark resolved:")
        if index is None:
            return
        reason, ok = ask_text(self, "GM ruling (V13.12)", "Reason (goes into the log):")  # its title whole
        if ok:
            at = self.session.campaign.battle_hexes[index].at
            if self._try(lambda: self.session.gm_resolve(at, reason, index)):  # that meeting alone
                self.ask_when_open()  # a battle between sectors now waits for its winner

