"""The V13 battle map by keys (issue 19): a hex cursor to place a unit or move one, and the
next / previous unit, so a battle is played without the mouse.

Place... (P) puts a cursor on the legal hex (as the engine lists them) nearest the centre of the map
sheet that holds no friendly counter yet (any legal hex if all do), or, where the rules leave no
hex, on the hex the engine rules (Return takes its ruling); Move... (M) puts it on the selected
unit. Arrows move the cursor one hex (Up and Down along the column, Left and Right across it), Tab
and Shift+Tab go to the next or previous legal hex of the placement zone, [ and ] turn the facing,
Return places or moves there (the engine's answer, refused with its rule as a drop is) and Escape
cancels. While the cursor is on a hex the map shows the engine's verdict there, as it does under a
dragged counter. Next unit (N) and Previous unit (Shift+N) choose the unit to place in the roster,
or select the next unit on the map in combat. Nothing here decides a rule: every verdict and every
legal hex is the engine's.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, QRectF, Qt
from PySide6.QtGui import QKeyEvent

from app.systems.v13.grid import centre_of
from hexmap import Facing, Hex
from rules.battlehex.log import GM
from rules.systems.v13.queries import preview_move
from rules.battlehex.questions import QKind

if TYPE_CHECKING:
    from app.systems.v13.panel import V13Panel

PLACE, MOVE = "place", "move"
PLACE_KEYS = ("Arrows move the hex cursor, Tab / Shift+Tab the next legal hex, [ ] turn the facing, "
              "N the next unit, Return places, Escape cancels")
MOVE_KEYS = "Arrows move the hex cursor, [ ] turn the facing, Return moves there, Escape cancels"
_CURSOR_KEYS = {Qt.Key.Key_Up, Qt.Key.Key_Down, Qt.Key.Key_Left, Qt.Key.Key_Right, Qt.Key.Key_Tab,
                Qt.Key.Key_Backtab, Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Escape}


def arrow_step(h: Hex, key: Qt.Key) -> Hex:
    """The hex an arrow key takes the cursor to on the flat-topped map: Up and Down along the
    column (facings A and D); Left and Right to the next column, zig-zagging up and down so
    that the cursor keeps to its row on the screen."""
    if key == Qt.Key.Key_Up:
        return h + Facing.A.vector
    if key == Qt.Key.Key_Down:
        return h + Facing.D.vector
    even = h.q % 2 == 0
    if key == Qt.Key.Key_Right:
        return h + (Facing.C if even else Facing.B).vector
    return h + (Facing.E if even else Facing.F).vector


class HexCursor(QObject):
    """The keyboard's hex cursor on ``panel``'s battle map (an event filter on its view)."""

    def __init__(self, panel: V13Panel) -> None:
        super().__init__(panel)
        self.p = panel
        self.mode: str | None = None
        self.uid: str | None = None
        self.at: Hex | None = None
        self.facing: Facing = Facing.A  # the facing of a move (a placement uses the set-up panel's)
        self.legal: list[Hex] = []  # the engine's legal hexes for a placement, in reading order
        panel.view.installEventFilter(self)

    @property
    def active(self) -> bool:
        return self.mode is not None

    # -- starting and ending -------------------------------------------------------------------------
    def place(self) -> None:
        """Place... (P): the cursor on the chosen unit's legal hex nearest the map sheet's centre, one
        holding no friendly counter if there is one (so units are placed side by side, not stacked)."""
        p, b = self.p, self.p.b
        if b is None or b.pending is None or b.pending.kind is not QKind.PLACE or p.win.handing_over():
            p.statusBar().showMessage("No unit is placed now (Place... works while units are set up)", 6000)
            return
        uid = p.selected_unit() or (b.pending.options[0] if b.pending.options else None)
        if uid is None:
            return
        ruled = b.pending.data.get("ruled", {}).get(uid)
        if ruled is not None:  # no way on by the rules: the cursor on the engine's ruled hex, Return takes it
            self.legal = [b.ctx.window.hex_at(ruled)]
            self._start(PLACE, uid, self.legal[0])
            return
        self.legal = sorted(b.placement.zone(uid), key=lambda h: (h.q, h.r))
        if not self.legal:
            p.statusBar().showMessage(f"No legal hex for {b.state.units[uid].name} now: the GM may overrule "
                                      "(Ctrl+Shift+R after a refused drop) or rule on the battle", 10000)
            return
        team = b.state.units[uid].team  # a hex holding no friendly counter yet, so Return-Return places side by side
        friends = {u.pos for u in b.state.units.values() if u.team == team and u.pos is not None}
        free = [h for h in self.legal if h not in friends] or self.legal
        centre = b.ctx.current_window().centre  # the legal hex nearest the map sheet's centre: near the battle
        self._start(PLACE, uid, min(free, key=lambda h: (h.distance(centre), h.q, h.r)))

    def move(self) -> None:
        """Move... (M): the cursor on the selected unit, to move it to another hex by keys."""
        p = self.p
        u = p.selected_combat_unit()
        if not p.combat_mode() or p.win.handing_over():
            p.statusBar().showMessage("No battle is being fought (Move... works in combat)", 6000)
            return
        if u is None or u.pos is None:
            p.statusBar().showMessage("Select a unit first: N selects the next unit, Shift+N the previous", 6000)
            return
        self.facing = u.facing
        self._start(MOVE, u.id, u.pos)

    def _start(self, mode: str, uid: str, at: Hex) -> None:
        self.mode, self.uid = mode, uid
        self.p.view.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.go(at)

    def still_asked(self) -> None:
        """After every redraw: the cursor ends when what it answers is no longer asked (an undo, a
        placement answered another way, the end of combat)."""
        p, b = self.p, self.p.b
        if self.mode == PLACE and (b is None or b.pending is None or b.pending.kind is not QKind.PLACE
                                   or self.uid not in b.pending.options):
            self.cancel()
        elif self.mode == MOVE and not p.combat_mode():
            self.cancel()

    def cancel(self, why: str = "") -> None:
        """End the cursor (Escape, an answer given, a hand-over)."""
        if self.mode is None:
            return
        self.mode, self.uid, self.at, self.legal = None, None, None, []
        self.p.scene.show_hover(None)
        self.p.scene.show_ghost(None)
        if why:
            self.p.statusBar().showMessage(why, 8000)

    # -- moving the cursor ---------------------------------------------------------------------------
    def go(self, h: Hex) -> None:
        """Put the cursor on ``h`` and show the engine's verdict there."""
        p, b = self.p, self.p.b
        if b is None or self.uid is None or self.mode is None:
            return
        self.at = h
        name = b.state.units[self.uid].name
        if self.mode == PLACE:
            ok, text = p.setup.verdict(self.uid, h)
            keys = f"Placing {name} facing {p.setup.facing.name}: {PLACE_KEYS}"
        else:
            by = p.viewer if p.viewer not in (None, GM) else GM
            pv = preview_move(b.ctx, self.uid, h, self.facing, by=by)
            ok, text = pv.ok, pv.text()
            p.scene.show_ghost(self.uid, h)
            keys = f"Moving {name} facing {self.facing.name}: {MOVE_KEYS}"
        p.scene.show_hover(h, ok, text)
        c = centre_of(h)
        p.view.ensureVisible(QRectF(c.x() - 60, c.y() - 60, 120, 120), 40, 40)  # the cursor stays in sight
        p.statusBar().showMessage(f"{keys}. {text}")

    def turn(self, step: int) -> bool:
        """[ or ]: turn the facing of the placement or the move; True if the cursor took it."""
        if self.mode == MOVE:
            self.facing = self.facing.rotate(step)
        elif self.mode == PLACE:
            self.p.setup.turn_facing(step)
        else:
            return False
        if self.at is not None:
            self.go(self.at)
        return True

    def next_legal(self, step: int) -> None:
        """Tab / Shift+Tab: the next or previous legal hex of the placement zone."""
        if not self.legal:
            return
        i = self.legal.index(self.at) if self.at in self.legal else -1 if step > 0 else 0
        self.go(self.legal[(i + step) % len(self.legal)])

    def drop(self) -> None:
        """Return: place or move there; the engine's refusal keeps the cursor where it is."""
        p, b, uid, h = self.p, self.p.b, self.uid, self.at
        if b is None or uid is None or h is None:
            return
        name, placing, where = b.state.units[uid].name, self.mode == PLACE, b.ctx.where(h)
        if placing:
            refusal = p.win.answer(p.setup.answer_for(uid, h))
        else:
            refusal = p.act({"move": uid, "to": b.ctx.label(h), "facing": self.facing.name})
        if refusal is not None:
            p.statusBar().showMessage(f"Refused: {refusal}. {PLACE_KEYS if placing else MOVE_KEYS}", 15000)
            return
        self.cancel()  # (the redraw after the answer may have ended it already)
        if not p.win.handing_over():  # behind a hand-over, nothing is said to the next Team
            nxt = "P places the next unit" if placing else "M moves it again, N selects another unit"
            p.statusBar().showMessage(f"{name} {'placed' if placing else 'moved'} at {where}. {nxt}", 8000)

    # -- the keys ------------------------------------------------------------------------------------
    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802
        if self.mode is None or event.type() not in (QEvent.Type.KeyPress, QEvent.Type.ShortcutOverride):
            return False
        assert isinstance(event, QKeyEvent)
        key = Qt.Key(event.key())
        if key not in _CURSOR_KEYS:
            return False
        if event.type() == QEvent.Type.ShortcutOverride:  # the cursor's keys before any shortcut
            event.accept()
            return True
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.drop()
        elif key == Qt.Key.Key_Escape:
            self.cancel("Cancelled: nothing placed or moved")
        elif key in (Qt.Key.Key_Tab, Qt.Key.Key_Backtab):
            back = key == Qt.Key.Key_Backtab or bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
            self.next_legal(-1 if back else 1)
        elif self.at is not None:
            self.go(arrow_step(self.at, key))
        return True

