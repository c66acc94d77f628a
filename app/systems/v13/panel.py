"""The V13 battle system's panel (the Tactical Combat Interface): the floating tactical map
with its counters, zones and readout, the placement controls and the combat controls.

The shared :class:`app.battle.window.BattleWindow` hands it the run and what changed; the
panel asks the engine (``rules.systems.v13.queries``) and draws the answers. It is the map's
controller (:class:`app.systems.v13.map.MapController`) and the "window" of the set-up and combat
panels and the right-click menus: it passes their answers and messages to the window.
"""
from __future__ import annotations

from dataclasses import replace
from html import escape
from typing import TYPE_CHECKING, Any, cast

from PySide6.QtCore import QBuffer, QIODevice, QPoint, QTimer
from PySide6.QtGui import QAction, QColor
from PySide6.QtWidgets import QLabel, QStatusBar, QWidget

from app.systems.v13.combat import CombatPanel, restate_selected, selected_line
from app.systems.v13.keys import HexCursor
from app.systems.v13.legend import readout_html
from app.systems.v13.map import BattleMapView, BattleScene, CounterSpec
from app.systems.v13.menus import show_battle_menu
from app.systems.v13.setup import SetupPanel, reveal
from app.widgets.question_dialogs import WeaponStatusDialog
from hexmap import Facing, Hex, MapWindow
from rules.battlehex.log import GM
from rules.systems.v13.procedure import BattleProcedure
from rules.battlehex.state import Step
from rules.battlehex.change import BattleChange
from rules.systems.v13.queries import MovePreview, corrected_facing, hex_info, preview_move, weapon_status_lines
from rules.battlehex.questions import QKind, Question
from rules.systems.v13.report import report_html
from app.battle.log import replay_href, report_note
from app.battle.panel import PanelBase
from rules.battlehex.roster import BUnit, Role, Status
from rules.systems.v13.withdrawal import why_not_selectable
from rules.battlehex.words import possessive

if TYPE_CHECKING:
    from app.battle.window import BattleWindow


# A destroyed or captured unit stays where it fell, its counter greyed and marked (the legend's
# "Destroyed: greyed, red cross, DEST"); a unit that left the battle leaves the map.
_WRECKS = (Status.DESTROYED, Status.CAPTURED)


def _on_map(u: BUnit) -> bool:
    """Whether ``u``'s counter is drawn: placed, and still in the battle or its wreck."""
    return u.pos is not None and (u.present or u.status in _WRECKS)


class V13Panel(PanelBase):
    """Map, set-up and combat controls of a V13 battle in ``window``."""

    def __init__(self, window: BattleWindow) -> None:
        super().__init__(window)
        self.win = window
        self._selected: str | None = None  # the counter clicked in combat
        self._specs: dict[str, CounterSpec] = {}  # the counters shown, by unit id
        self._preview: tuple[Hex, MovePreview] | None = None  # the move being dragged, as the engine sees it
        self._ws_seen: int | None = None  # set on the first look: a reopened battle shows it only if new
        self.ws_dialog: WeaponStatusDialog | None = None
        s = window.session.campaign.settings
        self.first_window = MapWindow(s.map_cols, s.map_rows)  # the sheet until the centre is set (V13.811)
        self.scene = BattleScene(self.first_window, window)
        self.view = BattleMapView(self.scene, window)
        self.view.controller = self
        self.view.rotate.connect(self.turn_facing)
        self.view.hovered.connect(self._hovered)
        self.view.context_requested.connect(self._context_menu)
        self.central: QWidget = self.view
        self.setup = SetupPanel(self)  # the panel is their "window"
        self.roster, self.speed = self.setup.roster, self.setup.speed
        self.verdict_label = QLabel("")
        self.verdict_label.setWordWrap(True)
        self.combat = CombatPanel(self)
        self.widgets: list[QWidget] = [self.setup, self.verdict_label, self.combat]
        self.keys = HexCursor(self)  # placement and moves by keys (app/systems/v13/keys.py)

    # -- what the sub-panels and menus use of their "window" -------------------------------------
    @property
    def b(self) -> BattleProcedure | None:
        return cast("BattleProcedure | None", self.win.b)

    @property
    def viewer(self) -> str | None:
        return self.win.viewer

    def statusBar(self) -> QStatusBar:  # noqa: N802 (as QMainWindow's)
        return self.win.statusBar()

    def addAction(self, action: QAction) -> None:  # noqa: N802 (as QWidget's): window-wide shortcuts
        self.win.addAction(action)

    def answer(self, raw: Any) -> str | None:
        return self.win.answer(raw)

    # -- the toolbar -------------------------------------------------------------------------------
    def actions(self) -> list[tuple[str, Any, str, str]]:
        """(text, slot, shortcut, tip) of this system's toolbar actions."""
        return [("Turn left", lambda: self.turn_facing(-1), "[", "Turn the facing of the unit to place "
                 "counter-clockwise"),
                ("Turn right", lambda: self.turn_facing(1), "]", "Turn the facing of the unit to place clockwise"),
                ("Place...", self.keys.place, "P", "Place the unit chosen in the roster by keys: a hex cursor on "
                 "its legal zone (arrows, Tab, Return places, Escape cancels)"),
                ("Move...", self.keys.move, "M", "Move the selected unit by keys: a hex cursor on it (arrows, "
                 "[ ] facing, Return moves, Escape cancels)"),
                ("Next unit", lambda: self.next_unit(1), "N", "Choose the next unit to place, or select the "
                 "next unit on the map in combat"),
                ("Previous unit", lambda: self.next_unit(-1), "Shift+N", "Choose the previous unit to place, or "
                 "select the previous unit on the map in combat"),
                ("Fit", self.fit, "Ctrl+0", "Fit the map sheet and every counter in the view")]

    def fit(self) -> None:
        """Show the map sheet, every counter and the legal zone being offered."""
        self.view.fit_to()

    # -- questions ---------------------------------------------------------------------------------
    def handles(self, q: Question) -> bool:
        """Placement and combat are answered on the map, not in a dialog."""
        return q.kind in (QKind.PLACE, QKind.ACTION)

    def notes(self, q: Question) -> dict[str, str]:
        """Why some units are not offered (V13.23: a unit that cannot be selected)."""
        b = self.b
        if b is None or q.key != "V13.23/select":
            return {}
        return {u.id: why for u in b.state.role_units(Role.DEFENDER)
                if u.id not in q.options and (why := why_not_selectable(u) or "V13.27: needs a tug")}

    def unit_names(self) -> dict[str, str]:
        b = self.b
        return {u.id: u.name for u in b.state.units.values()} if b is not None else {}

    def after_answer(self, q: Question) -> None:
        b = self.b
        if b is None or not q.key.startswith("place/place_attacker"):  # only set-up answers: the log is not read
            return  # at a combat answer (its length grows with the battle)
        note = corrected_facing(b.log)
        if note and not self.win.handing_over():  # not to the next Team
            self.win.statusBar().showMessage(note, 20000)  # and whole in the panel: the bar cut it (issue 22)
            self.verdict_label.setText(f"{escape(note)}<br>{self.verdict_label.text()}")
            QTimer.singleShot(0, lambda: reveal(self.verdict_label))  # scrolled into view once laid out

    def refused(self, text: str) -> None:
        self.verdict_label.setText(f"<span style='color:#b00'>Refused: {escape(text)}</span>")

    def blocks_questions(self) -> bool:
        """A new Weapon Status breakdown is shown before the next question (True while it is)."""
        if show_ws_if_new(self):
            return True
        ws = self.ws_dialog
        return ws is not None and ws.isVisible()

    # -- drawing -----------------------------------------------------------------------------------
    def draw(self, change: BattleChange | None) -> None:
        """Show the battle; ``change`` names what to update (``None``: everything)."""
        b = self.b
        self.keys.still_asked()
        if b is None:
            return
        full = change is None or change.everything or change.window
        if full:  # the counters this viewer may see (V13.03), each drawn from the engine's unit
            self._specs = {u.id: counter_spec(self, u) for u in b.units_for(self.viewer or GM) if _on_map(u)}
        elif change is not None and change.units:  # only the units the answer touched
            seen = {u.id for u in b.units_for(self.viewer or GM)} if change.units - self._specs.keys() else set()
            for uid in change.units:
                u = b.state.units.get(uid)
                if u is not None and _on_map(u) and (uid in self._specs or uid in seen):
                    self._specs[uid] = counter_spec(self, u)
                else:
                    self._specs.pop(uid, None)
        self.scene.set_units(list(self._specs.values()))
        restate_selected(self)  # "Selected X at H" names where X is now, not where it was (issue 22)
        fighting = self.combat_mode()
        self.combat.setVisible(fighting)
        if fighting:
            self.combat.show_state()
        placing = not fighting and not b.state.resolved
        self.setup.setVisible(placing)
        if placing or full:  # the roster, facing and zone of the next unit to place; none: cleared (a replay left
            self.setup.show_state()  # at a placement kept its zone, ring and count on the live battle)
        if not full:
            return
        # the sheet where it lies at this step: a replay or an undo back before V13.811 shows it unmoved
        self.scene.grid.set_window(b.ctx.current_window() if b.state.centre is not None else self.first_window)
        arrows = []
        if b.state.dor is not None:
            arrows.append((b.state.dor, f"DoR {b.state.dor.name}", QColor("#2a6fd6")))
        if b.state.dod is not None:
            arrows.append((b.state.dod, f"DoD {b.state.dod.name}", QColor("#d63a2a")))
        self.scene.set_directions(arrows)
        self.scene.show_region(b.state.centre)
        self.view.keep_focus()  # a fitted map follows the sheet (V13.811 moved it: issue 22), a zoomed one stays

    def hide_secrets(self) -> None:
        """At a hand-over: nothing said to one team stays on screen for the other."""
        self.keys.cancel()
        self.verdict_label.setText("")
        self.scene.show_hover(None)
        if self._selected is not None:  # the next viewer starts with nothing selected
            self.select("")
            self._selected = None

    def picture(self) -> bytes:
        """The report's map: the sheet and every counter as Fit shows them, whatever the viewer zoomed to (issue 22:
        wheeled in on one side's ships, the report left the other side out), the view then put back as it was."""
        buf, view = QBuffer(), self.view
        buf.open(QIODevice.OpenModeFlag.WriteOnly)
        kept = (view.transform(), view.horizontalScrollBar().value(), view.verticalScrollBar().value())
        fit = (view.auto_fit, view._fitted, view._focused, view._fit_rect)
        self.scene.select(None)  # the report's map without the live selection ring (issue 22)
        view.fit_to()
        view.viewport().grab().save(buf, "PNG")  # the map alone, without the scrollbars
        view.setTransform(kept[0])
        self.scene.set_zoom(kept[0].m11())
        view.horizontalScrollBar().setValue(kept[1])
        view.verticalScrollBar().setValue(kept[2])
        view.auto_fit, view._fitted, view._focused, view._fit_rect = fit
        self.scene.select(self._selected)
        return bytes(buf.data())

    def report(self, viewer: str) -> str:
        """The battle report (HTML with the map as it is now; without it at the hand-over screen,
        where the map still shows the last viewer's units)."""
        b = self.b
        assert b is not None
        href = replay_href(self.win, viewer)
        return report_html(b, None if self.win.handing_over() else self.picture(), viewer, href, report_note(href))

    # -- the map's controller (app.systems.v13.map.MapController) ---------------------------------------
    def combat_mode(self) -> bool:
        b = self.b
        return b is not None and b.pending is not None and b.pending.kind is QKind.ACTION

    def act(self, action: dict[str, Any]) -> str | None:
        """One combat action, said by the viewer (the GM when nobody has taken over)."""
        if not self.combat_mode():
            return "no battle is being fought"
        refusal = self.win.answer({**action, "by": self.viewer if self.viewer not in (None, GM) else GM})
        hint = self._seat_hint(action.get("move") or action.get("declare") or action.get("mark"))
        if refusal is not None and hint:
            self.refused(f"{refusal}. {hint}")
            self.statusBar().showMessage(f"Refused: {refusal}. {hint}", 15000)
        return refusal

    def _seat_hint(self, uid: Any) -> str:
        """When the viewer's Team holds the seat and ``uid`` is another Team's unit (hot seat):
        how that unit is moved (the engine refuses it 'by' the viewer, V13.480)."""
        b = self.b
        u = b.state.units.get(uid) if b is not None and isinstance(uid, str) else None
        if u is None or not self.win.hot_seat or self.viewer in (None, GM, u.team):
            return ""
        return f"{u.name} is the {possessive(self.win.name(u.team))}: {self.win.seat_hint(u.team)}"

    def select(self, uid: str) -> None:
        """Select the counter ``uid``: only the counters' marks and the unit's line change."""
        self._selected = uid
        self._specs = {k: replace(v, selected=k == uid) if v.selected != (k == uid) else v
                       for k, v in self._specs.items()}
        self.scene.select(uid)
        if self.combat_mode():
            self.combat.show_state()

    def selected_combat_unit(self) -> BUnit | None:
        uid = self._selected
        b = self.b
        u = b.state.units.get(uid) if b and uid else None
        return u if u is not None and u.present and u.pos is not None else None

    def move_to(self, uid: str, h: Hex) -> None:
        """A counter dropped on ``h`` after a drag: the move, as the engine judges it."""
        b = self.b
        u = b.state.units.get(uid) if b else None
        if b is None or u is None or u.pos == h:
            return
        self.act({"move": uid, "to": b.ctx.label(h), "facing": u.facing.name})

    def move_preview(self, uid: str, h: Hex) -> tuple[bool, str] | None:
        """While a counter is dragged over ``h``: what the engine says the move would do."""
        b = self.b
        if b is None or not self.combat_mode() or uid not in b.state.units:
            return None
        p = preview_move(b.ctx, uid, h, by=self.viewer if self.viewer not in (None, GM) else GM)
        self._preview = (h, p)
        hint = "" if p.ok else self._seat_hint(uid)
        return p.ok, p.text() + (f"\n{hint}" if hint else "")

    def verdict(self, uid: str, h: Hex) -> tuple[bool, str]:
        """While a unit is dragged from the roster over ``h``: is the drop legal, and why not."""
        return self.setup.verdict(uid, h)

    def drop(self, uid: str, h: Hex) -> None:
        """Place ``uid`` on ``h`` (a drop from the roster, or the hex's menu)."""
        self.scene.show_hover(None)
        if self.b is not None:
            self.win.answer(self.setup.answer_for(uid, h))

    def declare(self) -> None:
        """Declare the selected unit's disengagement or retreat (asks which when none is selected)."""
        self.combat.declare()

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
        if not self.keys.turn(step):  # the hex cursor's placement or move, else the unit to place
            self.setup.turn_facing(step)

    def next_unit(self, step: int) -> None:
        """N / Shift+N: the next (``step`` 1) or previous unit to place in the roster, or in combat
        the next unit on the map this viewer sees, in the engine's order."""
        b = self.b
        if b is None or self.win.handing_over():
            return
        if self.combat_mode():
            ids = [u.id for u in b.state.units.values() if u.id in self._specs and u.present]
            if not ids:
                return
            i = ids.index(self._selected) if self._selected in ids else -1 if step > 0 else 0
            uid = ids[(i + step) % len(ids)]
            self.select(uid)
            self.statusBar().showMessage(selected_line(self, b.state.units[uid]), 10000)
        elif self.setup.isVisible() and self.roster.count():
            row = (self.roster.currentRow() + step) % self.roster.count()
            self.roster.setCurrentRow(row)
            if self.keys.mode is not None:  # the cursor places the newly chosen unit
                self.keys.place()

    def _hovered(self, h: Hex | None) -> None:
        """The readout of the hex under the mouse, as this viewer may see it."""
        b = self.b
        if h is None or b is None:
            return
        sel = self.selected_combat_unit()
        preview = self._preview  # the move being dragged, in the corner where it is never cut off
        dragged = preview[1] if self.view.dragging() and preview is not None and preview[0] == h else None
        self.view.set_readout(readout_html(hex_info(b.ctx, h, b.units_for(self.viewer or GM), sel), sel, dragged))

    def _context_menu(self, uid: str | None, h: Hex, at: QPoint) -> None:
        if self.b is not None and not self.win.handing_over():
            show_battle_menu(self, uid, h, at)


def counter_spec(panel: V13Panel, u: BUnit) -> CounterSpec:
    """The counter of ``u`` as the engine describes it."""
    b = panel.b
    assert b is not None and u.pos is not None
    status = u.status.value if u.status.value in ("destroyed", "captured") else \
        "crippled" if u.is_crippled else "active"
    tip = f"{u.name} ({panel.win.name(u.team)}), {b.ctx.where(u.pos)}, facing {u.facing.name}, speed {u.speed}" \
        + (f", {status}" if status != "active" else "")
    mark = ""
    if u.counter is not None:
        mark = u.counter.mark()
        tip += f"\n{u.counter.words()}"
    color = QColor(panel.win.team_color(u.team))
    return CounterSpec(u.id, u.name, u.pos, u.facing, color, tip, u.is_base, mark, status, u.id == panel._selected)


def show_ws_if_new(panel: V13Panel) -> bool:
    """Open the Weapon Status breakdown when the engine has set a new one (True: it is open and
    comes before the next question)."""
    b = panel.b
    if b is None:
        return False
    st = b.state
    if panel._ws_seen is None:  # the window opens on a saved battle: what was set was shown then
        panel._ws_seen = len(st.ws) if b.answers else 0
    if len(st.ws) > panel._ws_seen and st.step is not Step.WEAPON_STATUS:
        panel._ws_seen = len(st.ws)
        html = "<h3>Weapon Status</h3>" + "".join(
            f"<p><b>{escape(x.team)}: Weapon Status {x.status}</b><br>[{escape(x.rule)}] {escape(x.how)}</p>"
            for x in weapon_status_lines(b.ctx))
        panel.ws_dialog = WeaponStatusDialog(html, panel.win)
        if panel.win.auto_dialogs:
            panel.ws_dialog.finished.connect(lambda _r: QTimer.singleShot(0, panel.win.ask))
            panel.ws_dialog.open()
            return True
    return False


V13Panel.view_actions = ("Fit",)  # the toolbar's only action that just shows the battle: kept once it is over
