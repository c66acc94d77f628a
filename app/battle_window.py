"""The battle set-up window of one Battle Hex: the plane with counters and overlays, the
battle panel (step, rule, who is awaited, the roster to place from), the log, and the
hot-seat hand-over screen.

Every answer goes through the campaign session as one undoable, autosaved change; the
window rebuilds the procedure from the campaign (a replay) after each change, so Undo,
reopening a saved campaign and the main window's own undo all land on the same state.
"""
from __future__ import annotations

import contextlib
from html import escape
from pathlib import Path
from typing import Any

from PySide6.QtCore import QBuffer, QIODevice, Qt, QTimer
from PySide6.QtGui import QAction, QColor, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QCheckBox,
    QDockWidget,
    QFileDialog,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QMainWindow,
    QPushButton,
    QStackedWidget,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from app import window_state
from app.battle_combat import CombatPanel
from app.battle_map import BattleMapView, BattleScene, CounterSpec
from app.battle_menus import show_battle_menu
from app.battle_setup import SetupPanel
from app.log_html import append_events
from app.question_dialogs import QuestionDialog, WeaponStatusDialog, open_rule_link
from app.session import CampaignSession
from app.signals import connect_plain
from hexmap import Facing, Hex, Label, MapWindow
from rules.battle import GM, BattleProcedure, IllegalAnswer, Step
from rules.battle.queries import (
    MovePreview,
    hex_info,
    preview_move,
    weapon_status_lines,
)
from rules.battle.questions import QKind
from rules.battle.report import report_html
from rules.battle.roster import Role
from rules.battle.withdrawal import why_not_selectable
from rules.battle.wording import answer_text
from rules.errors import RuleError


class BattleWindow(QMainWindow):
    """Set-up of the Battle Hex at ``at`` in ``session``'s campaign."""

    def __init__(self, session: CampaignSession, at: Label, parent=None, hot_seat: bool = True) -> None:
        super().__init__(parent)
        self.session, self.at = session, at
        self.hot_seat = hot_seat
        self.viewer: str | None = None if hot_seat else GM
        self.b: BattleProcedure | None = None
        self._ws_seen: int | None = None  # set on the first look: a reopened battle shows it only if new
        self._asking = False
        self.auto_dialogs = True
        self._selected: str | None = None  # the counter clicked in combat
        self._preview: tuple[Hex, MovePreview] | None = None  # the move being dragged, as the engine sees it
        self._fresh: tuple[BattleProcedure, Any] | None = None  # this window's answer, to go on without a replay
        self._last_proc: BattleProcedure | None = None  # the battle as it ended, once resolved
        self._refused: tuple[str, Any] | None = None  # the last refused answer, for a GM ruling
        self._handover_to: str | None = None
        self.ws_dialog: WeaponStatusDialog | None = None
        s = session.campaign.settings
        self.scene = BattleScene(MapWindow(s.map_cols, s.map_rows), self)
        self.view = BattleMapView(self.scene, self)
        self.view.controller = self
        self.view.rotate.connect(self.turn_facing)
        self.view.hovered.connect(self._hovered)
        self.view.context_requested.connect(self._context_menu)
        self.stack = QStackedWidget(self)
        self.stack.addWidget(self.view)
        self.stack.addWidget(self._handover_page())
        self.setCentralWidget(self.stack)
        self._build_panel()
        self._build_log()
        self._build_actions()
        window_state.restore(self, getattr(parent, "settings", None), "battle_window", (1400, 900))
        session.changed.connect(self.refresh)
        session.undo_stack.cleanChanged.connect(self._clean_changed)
        self._fitted = False
        self.refresh()

    # -- building ----------------------------------------------------------------------------------
    def _handover_page(self) -> QWidget:
        page = QWidget()
        page.setStyleSheet("QWidget { background: #20242e; } QLabel { color: #f2f2f2; }")
        lay = QVBoxLayout(page)
        lay.addStretch(1)
        self.handover_label = QLabel("")
        self.handover_label.setAlignment(Qt.AlignCenter)
        self.handover_label.setStyleSheet("QLabel { font-size: 26px; font-weight: bold; }")
        lay.addWidget(self.handover_label)
        self.handover_note = QLabel("The map, the roster and the log are hidden until the right player takes over.")
        self.handover_note.setAlignment(Qt.AlignCenter)
        lay.addWidget(self.handover_note)
        row = QHBoxLayout()
        row.addStretch(1)
        self.handover_button = QPushButton("")
        self.handover_button.setStyleSheet("QPushButton { font-size: 16px; padding: 10px 24px; color: #101010; "
                                           "background: #f2c230; border-radius: 4px; }")
        self.handover_button.clicked.connect(lambda: self.take_over())
        for key in (Qt.Key_Return, Qt.Key_Enter):  # Enter takes over too (the button has the focus)
            QShortcut(QKeySequence(key), page, activated=lambda: self.take_over(),
                      context=Qt.WidgetWithChildrenShortcut)
        row.addWidget(self.handover_button)
        row.addStretch(1)
        lay.addLayout(row)
        lay.addStretch(1)
        return page

    def _build_panel(self) -> None:
        w = QWidget()
        lay = QVBoxLayout(w)
        self.title = QLabel("")
        self.title.setStyleSheet("QLabel { font-size: 15px; font-weight: bold; }")
        self.step_label = QLabel("")
        self.step_label.setWordWrap(True)
        self.waiting = QLabel("")
        self.waiting.setWordWrap(True)
        self.question_label = QLabel("")
        self.question_label.setWordWrap(True)
        self.answer_button = QPushButton("Answer...")
        self.answer_button.clicked.connect(lambda: self.ask())
        for x in (self.title, self.step_label, self.waiting, self.question_label, self.answer_button):
            lay.addWidget(x)
        self.setup = SetupPanel(self)
        self.roster, self.speed = self.setup.roster, self.setup.speed
        lay.addWidget(self.setup, 10)
        self.verdict_label = QLabel("")
        self.verdict_label.setWordWrap(True)
        lay.addWidget(self.verdict_label)
        self.setup_widgets = [self.setup]
        self.combat = CombatPanel(self)
        self.combat_box = self.combat
        lay.addWidget(self.combat_box)
        lay.addStretch(1)  # the controls stay together at the top when the roster is hidden
        self.panel_dock = QDockWidget("Battle", self)
        self.panel_dock.setObjectName("battle_panel")
        self.panel_dock.setWidget(w)
        self.addDockWidget(Qt.LeftDockWidgetArea, self.panel_dock)

    def combat_mode(self) -> bool:
        return self.b is not None and self.b.pending is not None and self.b.pending.kind is QKind.ACTION

    def act(self, action: dict[str, Any]) -> str | None:
        """One combat action, said by the viewer (the GM when nobody has taken over)."""
        if not self.combat_mode():
            return "no battle is being fought"
        return self.answer({**action, "by": self.viewer if self.viewer not in (None, GM) else GM})

    def select(self, uid: str) -> None:
        """Select the counter ``uid`` (a click on it): the counters' marks and the unit's line,
        nothing else is redrawn."""
        self._selected = uid
        self.scene.select(uid)
        if self.combat_mode():
            self.combat.show_state()

    def selected_combat_unit(self):
        uid = self._selected
        u = self.b.state.units.get(uid) if self.b and uid else None
        return u if u is not None and u.present and u.pos is not None else None

    def move_to(self, uid: str, h: Hex) -> None:
        """A counter dropped on ``h`` after a drag: the move, as the engine judges it."""
        u = self.b.state.units.get(uid) if self.b else None
        if u is None or u.pos == h:
            return
        self.act({"move": uid, "to": self.b.ctx.label(h), "facing": u.facing.name})

    def move_preview(self, uid: str, h: Hex) -> tuple[bool, str] | None:
        """While a counter is dragged over ``h``: what the engine says the move would do."""
        if not self.combat_mode() or uid not in self.b.state.units:
            return None
        p = preview_move(self.b.ctx, uid, h, by=self.viewer if self.viewer not in (None, GM) else GM)
        self._preview = (h, p)
        return p.ok, p.text()

    def _hovered(self, h: Hex | None) -> None:
        """The readout of the hex under the mouse: its label on the floating map, on or off
        the sheet, range and bearing to the selected unit, who stands there (as this viewer
        may see them)."""
        if h is None or self.b is None:
            return
        sel = self.selected_combat_unit()
        info = hex_info(self.b.ctx, h, self.b.units_for(self.viewer or GM), sel)
        lines = [f"<b>{escape(info.label)}</b> \u2014 " + ("on the map sheet" if info.on_sheet else
                 "<span style='color:#7a4a00'>off the sheet (the map floats, V13.812)</span>" if info.in_region else
                 "<span style='color:#a00'>outside the legal region (V13.811)</span>")]
        if sel is not None and info.range is not None:
            lines.append(f"range {info.range} from {escape(sel.name)}"
                         + (f", bearing {info.bearing}" if info.bearing else ""))
        if info.units:
            lines.append("here: " + escape(", ".join(info.units)))
        preview = self._preview
        if self.view.dragging() and preview is not None and preview[0] == h:
            p = preview[1]  # the move being dragged, in the corner where it is never cut off
            colour = "#0a5d22" if p.ok else "#a00"
            lines.insert(0, f"<span style='color:{colour}'><b>{escape(p.outcome)}</b>"
                            + (f" ({escape(p.rule)})" if p.outcome != "stays in the battle" else "") + "</span>")
            lines.insert(1, escape(p.pace() if p.ok else p.reason))
        self.view.set_readout("<br>".join(lines))

    def _context_menu(self, uid: str | None, h: Hex, at) -> None:
        if self.b is not None and self.stack.currentIndex() == 0:
            show_battle_menu(self, uid, h, at)

    def declare(self) -> None:
        """Declare the selected unit's disengagement or retreat (asks which when none is selected)."""
        self.combat.declare()

    def export_report(self, path: str | None = None) -> str | None:
        """Write the battle report (HTML, with the final map picture) to ``path`` or a chosen file."""
        if self.b is None:
            return None
        if path is None:
            settings = getattr(self.parent(), "settings", None)
            folder = str(settings.value("export_folder", "")) if settings is not None else ""
            start = Path(folder if folder and Path(folder).is_dir() else Path.home()) / f"battle_{self.at}.html"
            path, _ = QFileDialog.getSaveFileName(self, "Export battle report", str(start), "HTML (*.html)")
            if not path:
                return None
            if settings is not None:
                settings.setValue("export_folder", str(Path(path).parent))
        buf = QBuffer()
        buf.open(QIODevice.WriteOnly)
        self.view.grab().save(buf, "PNG")
        html = report_html(self.b, bytes(buf.data()), self.viewer or GM)
        try:
            with open(path, "w", encoding="utf-8") as f:
                f.write(html)
        except OSError as e:
            self.statusBar().showMessage(f"Cannot write {path}: {e.strerror or e}", 10000)
            return None
        self.statusBar().showMessage(f"Battle report written to {path}", 8000)
        return path

    def _build_log(self) -> None:
        self.log_view = QTextBrowser()
        self.log_view.setOpenLinks(False)  # a rule number opens Help > Rules at that rule
        self.log_view.anchorClicked.connect(lambda url: open_rule_link(url, self))
        self.log_details = QCheckBox("Details (the raw answers, as in the JSON export)")
        self.log_details.toggled.connect(lambda _on: self._show_log(rebuild=True))
        box = QWidget()
        lay = QVBoxLayout(box)
        lay.setContentsMargins(2, 2, 2, 2)
        lay.addWidget(self.log_details)
        lay.addWidget(self.log_view)
        self.log_dock = QDockWidget("Log", self)
        self.log_dock.setObjectName("battle_log")
        self.log_dock.setWidget(box)
        self.addDockWidget(Qt.BottomDockWidgetArea, self.log_dock)
        self._log_key: tuple[str, bool] | None = None
        self._log_count = 0

    def _show_log(self, rebuild: bool = False) -> None:
        """Add the events the viewer has not seen yet; re-render only when the viewer or the
        details toggle changed, or an undo took events back (cost grows with what is new)."""
        b = self.b
        if b is None:
            return
        events = b.log.events
        key = (self.viewer or GM, self.log_details.isChecked())
        names = {t.id: t.name for t in self.session.campaign.teams}
        if rebuild or key != self._log_key or len(events) < self._log_count:
            self._log_key, self._log_count = key, 0
            self.log_view.clear()
        new = [e for e in events[self._log_count:] if e.seen_by(key[0])]
        self._log_count = len(events)
        append_events(self.log_view, new, key[1], names)

    def _build_actions(self) -> None:
        bar = self.addToolBar("Battle")
        bar.setObjectName("battle_bar")

        def act(text: str, slot, key=None, tip: str = "", checkable=False) -> QAction:
            a = QAction(text, self)
            if key:
                a.setShortcut(QKeySequence(key))
            shortcut = a.shortcut().toString(QKeySequence.NativeText)
            a.setToolTip(f"{tip or text}" + (f" ({shortcut})" if shortcut else ""))
            a.setCheckable(checkable)
            if checkable:
                a.triggered.connect(slot)
            else:
                connect_plain(a.triggered, slot)
            bar.addAction(a)
            self.addAction(a)
            return a
        self.undo_action = act("Undo answer", self.undo, QKeySequence.Undo,
                               "Take back the last answer or move of this battle")
        act("Turn left", lambda: self.turn_facing(-1), "[", "Turn the facing of the unit to place counter-clockwise")
        act("Turn right", lambda: self.turn_facing(1), "]", "Turn the facing of the unit to place clockwise")
        self.gm_action = act("GM view", self.toggle_gm, "Ctrl+Shift+G",
                             "Show everything, hidden units and secret answers included (the GM only)", checkable=True)
        self.overrule_action = act("GM: overrule the last refusal...", self.overrule, "Ctrl+Shift+R",
                                   "Give the last refused answer anyway, with the GM's reason in the log")
        self.overrule_action.setEnabled(False)
        act("Fit", self.fit, "Ctrl+0", "Fit the map sheet and every counter in the view")
        act("Export report...", lambda: self.export_report(), "Ctrl+Shift+S",
            "Write the battle report (HTML with the final map) to a file")

    def fit(self) -> None:
        """Show the map sheet, every counter and the legal zone being offered; the view keeps
        them fitted when it is resized or first shown, until the user zooms or pans."""
        self.view.fit_to()

    def showEvent(self, event) -> None:  # noqa: N802
        super().showEvent(event)
        if not self._fitted:
            self._fitted = True
            QTimer.singleShot(0, self.fit)

    # -- state ------------------------------------------------------------------------------------
    def name(self, team: str) -> str:
        if team == GM:
            return "Game Master"
        if team == "any":
            return "the table (any commander or the GM)"
        t = next((t for t in self.session.campaign.teams if t.id == team), None)
        return t.name if t else team

    def refresh(self) -> None:
        """Rebuild the procedure from the campaign (a replay) and show it to the viewer; after
        this window's own answer the procedure that gave it goes on without a replay."""
        fresh = self._fresh
        self._fresh = None
        try:
            if fresh is not None and fresh[1] is self.session.campaign and not fresh[0].state.resolved:
                fresh[0].adopt(self.session.campaign)
                self.b = fresh[0]
            else:
                self.b = BattleProcedure(self.session.campaign, self.at, graph=self.session.graph)
        except RuleError:  # no open Battle Hex here any more (resolved), or a saved answer refused
            rec = next((b for b in self.session.campaign.battle_hexes if b.at == self.at), None)
            last = self._last_proc
            if rec is not None and rec.resolved and last is not None and last.state.resolved:
                self.b = last  # the battle as it ended (the campaign now holds its results)
                self._set_title("resolved")
                self.title.setText(f"Battle Hex {self.at}")
                self.step_label.setText(f"<b>Resolved</b>: {escape(rec.resolution)}")
                self.waiting.setText("The results are written to the campaign. Export the report with Ctrl+Shift+S.")
                self.question_label.setText("")
                self.answer_button.setEnabled(False)
                self.stack.setCurrentIndex(0)
                self.panel_dock.show()
                self.log_dock.show()
                self._draw()
                return
            self.b = None
            self._set_title("resolved" if rec and rec.resolved else "no open Battle Hex here")
            self.title.setText(f"Battle Hex {self.at}")
            self.step_label.setText(f"Resolved: {rec.resolution}" if rec and rec.resolved else "No open Battle Hex")
            self.answer_button.setEnabled(False)
            self.stack.setCurrentIndex(0)
            return
        b = self.b
        q = b.pending
        self._set_title(f"{self.name(b.state.attacker)} attacks {self.name(b.state.defender)}")
        self.title.setText(f"Battle Hex {self.at}")
        self.step_label.setText(f"<b>Step</b>: {b.state.step.value}" + (f"<br><b>Resolved</b>: {b.state.resolution}"
                                                                          if b.state.resolved else ""))
        if q is None:
            self.waiting.setText("The Battle Hex is resolved; its results are written to the campaign."
                                 if b.state.resolved else "")
            self.question_label.setText("")
            self.viewer = GM if self.hot_seat and self.viewer is None else self.viewer
        else:
            self.waiting.setText(f"<b>Waiting for</b>: {escape(self.name(q.to))} ({q.rule})")
            self.question_label.setText(escape(q.text))
        if q is not None and q.kind is not QKind.ACTION and self.hot_seat and not self.gm_action.isChecked() \
                and q.to != self.viewer:
            self._hand_over(q.to)
            return
        self.stack.setCurrentIndex(0)
        self.panel_dock.show()
        self.log_dock.show()
        self._draw()
        # one question at a time: a new Weapon Status breakdown first, the next question after it
        if not self._show_ws_if_new() and q is not None and q.kind not in (QKind.PLACE, QKind.ACTION) \
                and self.auto_dialogs and not self._asking:
            QTimer.singleShot(0, self.ask)

    def _clean_changed(self, clean: bool) -> None:
        """The title's unsaved-changes mark follows the campaign's (one undo stack)."""
        self.setWindowModified(not clean)

    def _set_title(self, what: str) -> None:
        """The window names its Battle Hex, what it shows and the campaign."""
        self.setWindowTitle(f"Battle Hex {self.at} \u2014 {what} \u2014 {self.session.campaign.name}[*]")
        self.setWindowModified(not self.session.undo_stack.isClean())

    def _hand_over(self, team: str) -> None:
        # nothing said to one team stays on screen for the other
        self.statusBar().clearMessage()
        self.verdict_label.setText("")
        self.log_view.clear()  # the next viewer's log is rendered for that viewer only
        self._log_key = None
        self.scene.show_hover(None)
        self.handover_label.setText(f"Pass the screen to the {self.name(team)} commander")
        self.handover_button.setText(f"I am the {self.name(team)} commander \u2014 show me")
        self._handover_to = team
        QTimer.singleShot(0, self, lambda: self.handover_button.setFocus())
        self.stack.setCurrentIndex(1)
        self.panel_dock.hide()
        self.log_dock.hide()

    def take_over(self) -> None:
        self.viewer = self._handover_to
        self.refresh()

    def toggle_gm(self, on: bool) -> None:
        self.viewer = GM if on else None
        self.refresh()

    def _draw(self) -> None:
        b = self.b
        viewer = self.viewer or GM
        teams = {t.id: t for t in self.session.campaign.teams}
        units = []
        selected = self._selected
        for u in b.units_for(viewer):
            if u.pos is None or not u.present:
                continue
            status = u.status.value if u.status.value in ("destroyed", "captured") else \
                "crippled" if u.is_crippled else "active"
            tip = f"{u.name} ({self.name(u.team)}), {b.ctx.where(u.pos)}, facing {u.facing.name}, speed {u.speed}" \
                + (f", {status}" if status != "active" else "")
            mark = ""
            if u.counter is not None:
                mark = f"{u.counter.count}/32"
                tip += f"\nV13.632: {u.counter.count} of 32 impulses at 10+ hexes from every attacker"
            units.append(CounterSpec(u.id, u.name, u.pos, u.facing, QColor(teams[u.team].color), tip, u.is_base, mark,
                                     status, u.id == selected))
        self.scene.set_units(units)
        fighting = self.combat_mode()
        self.combat_box.setVisible(fighting)
        for w in self.setup_widgets:
            w.setVisible(not fighting and not b.state.resolved)
        if b.state.centre is not None:
            self.scene.grid.set_window(b.ctx.current_window())
        if fighting:
            self.combat.show_state()
        arrows = []
        if b.state.dor is not None:
            arrows.append((b.state.dor, f"DoR {b.state.dor.name}", QColor("#2a6fd6")))
        if b.state.dod is not None:
            arrows.append((b.state.dod, f"DoD {b.state.dod.name}", QColor("#d63a2a")))
        self.scene.set_directions(arrows)
        self.setup.show_state()
        self.answer_button.setEnabled(b.pending is not None and b.pending.kind not in (QKind.PLACE, QKind.ACTION))
        self.scene.show_region(b.state.centre)
        self._show_log()

    @property
    def facing(self) -> Facing:
        """The facing of the unit to place (the set-up panel's)."""
        return self.setup.facing

    @facing.setter
    def facing(self, value: Facing) -> None:
        self.setup.facing = value

    def selected_unit(self) -> str | None:
        return self.setup.selected_unit()

    def turn_facing(self, step: int) -> None:
        self.setup.turn_facing(step)

    def _show_ws_if_new(self) -> bool:
        """Show the Weapon Status breakdown once its rolls are made; True when it opened (the
        next question then waits until it is closed)."""
        st = self.b.state
        if self._ws_seen is None:  # the window opens on a saved battle: what was set was shown then
            self._ws_seen = len(st.ws) if self.b.answers else 0
        if len(st.ws) > self._ws_seen and st.step is not Step.WEAPON_STATUS:
            self._ws_seen = len(st.ws)
            html = "<h3>Weapon Status</h3>" + "".join(
                f"<p><b>{escape(x.team)}: Weapon Status {x.status}</b><br>[{escape(x.rule)}] {escape(x.how)}</p>"
                for x in weapon_status_lines(self.b.ctx))
            self.ws_dialog = WeaponStatusDialog(html, self)
            if self.auto_dialogs:
                self.ws_dialog.finished.connect(lambda _r: QTimer.singleShot(0, self.ask))
                self.ws_dialog.open()
                return True
        return False

    # -- answering -----------------------------------------------------------------------------------
    def answer(self, raw: Any) -> str | None:
        """Give the pending question ``raw``; returns the refusal (with its rule) or ``None``."""
        b = self.b
        if b is None or b.pending is None:
            return "no question is open"
        q = b.pending

        def change(c):
            reuse = self.b is not None and self.b.campaign is c and self.b.pending is not None
            nb = self.b if reuse else BattleProcedure(c, self.at, graph=self.session.graph)
            nb.answer(raw)  # an illegal answer raises before it changes anything
            self._last_proc = nb
            result = nb.saved()
            self._fresh = (nb, result)
            return result
        try:
            self.session.apply(b.summary(raw), change)
        except IllegalAnswer as e:
            self.verdict_label.setText(f"<span style='color:#b00'>Refused: {escape(str(e))}</span>")
            self.statusBar().showMessage(f"Refused: {e} (the GM may overrule: Ctrl+Shift+R)", 15000)
            if not (isinstance(raw, dict) and "gm_ruling" in raw):
                self._refused = (q.key, raw)
                self.overrule_action.setEnabled(True)
            return str(e)
        self._refused = None
        self.overrule_action.setEnabled(False)
        note = next((e.text for e in reversed(self.b.log.events) if e.rule == "V13.443"), None) if self.b else None
        if note and q.key.startswith("place/place_attacker"):
            self.statusBar().showMessage(f"V13.443: {note}", 20000)
        return None

    def overrule(self, reason: str | None = None) -> None:
        """A GM ruling: give the last refused answer anyway, with a reason for the log."""
        refused = self._refused
        if refused is None or self.b is None or self.b.pending is None or self.b.pending.key != refused[0]:
            return
        if reason is None:
            what = answer_text(self.b.pending, refused[1], self.b.ctx)
            reason, ok = QInputDialog.getText(self, "GM ruling (overrule the rules)",
                                              f"Refused: {what}.\nGive it anyway because:")
            if not ok:
                return
        self.answer({"gm_ruling": reason, "answer": refused[1]})

    def ask(self) -> None:
        """Open the dialog for the pending (non-placement) question."""
        b = self.b
        if b is None or b.pending is None or b.pending.kind in (QKind.PLACE, QKind.ACTION) or self._asking:
            return
        ws = self.ws_dialog
        if self.stack.currentIndex() == 1 or (ws is not None and ws.isVisible()):
            return  # never on top of the hand-over screen or the Weapon Status breakdown
        q = b.pending
        names = {u.id: u.name for u in b.state.units.values()}
        notes = {}
        if q.key == "V13.23/select":
            notes = {u.id: why for u in b.state.role_units(Role.DEFENDER)
                     if u.id not in q.options and (why := why_not_selectable(u) or "V13.27: needs a tug")}
        self._asking = True
        answered = False
        try:
            dialog = QuestionDialog(q, self.name(q.to), names, notes, self)
            self.question_dialog = dialog
            while dialog.exec() == QuestionDialog.Accepted:
                refusal = self.answer(dialog.answer())
                if refusal is None:
                    answered = True
                    break
                dialog.setWindowTitle(f"Refused: {refusal}")
        finally:
            self._asking = False
        if answered and self.auto_dialogs:
            QTimer.singleShot(0, self.ask)  # the next question for the same player opens by itself too

    def verdict(self, uid: str, h: Hex) -> tuple[bool, str]:
        """While a unit is dragged over ``h``: is the drop legal, and why not."""
        return self.setup.verdict(uid, h)

    def drop(self, uid: str, h: Hex) -> None:
        """Place ``uid`` on ``h`` (a drop from the roster, or the hex's menu)."""
        self.scene.show_hover(None)
        if self.b is not None:
            self.answer(self.setup.answer_for(uid, h))

    def undo(self) -> None:
        """Take back this battle's last answer with the engine's undo (another Battle Hex's
        answers and the strategic turn are untouched); once the battle is resolved, its
        resolution is taken back only while it is the campaign's last change."""
        b = self.b
        if b is None or not b.answers:
            return
        stack = self.session.undo_stack
        if b.state.resolved:
            if stack.canUndo() and stack.undoText().startswith(f"Battle {self.at}"):
                stack.undo()
            else:
                self.statusBar().showMessage("The battle is resolved and other changes came after it: undo them "
                                             "in the main window first (Ctrl+Z there)", 8000)
            return

        def change(c):
            nb = BattleProcedure(c, self.at, graph=self.session.graph)
            nb.undo()
            self._last_proc = nb
            result = nb.saved()
            self._fresh = (nb, result)
            return result
        self.session.apply(f"Battle {self.at}: take back the last answer", change)

    def closeEvent(self, event) -> None:  # noqa: N802
        window_state.save(self, getattr(self.parent(), "settings", None), "battle_window")
        with contextlib.suppress(RuntimeError, TypeError):
            self.session.changed.disconnect(self.refresh)
            self.session.undo_stack.cleanChanged.disconnect(self._clean_changed)
        super().closeEvent(event)
