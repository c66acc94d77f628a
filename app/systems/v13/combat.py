"""The battle panel's controls while the battle is fought: the impulse clock, the selected
unit's moves, status marks, declarations, the floating map and the GM's end of the battle.

Every control turns into one combat action for the engine (docs/battle_answers.md); the
engine checks it and the window shows the refusal, with its rule, if there is one.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QAction, QKeySequence, QPainter, QPalette
from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QInputDialog,
    QLabel,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QStyle,
    QStyleOptionButton,
    QStylePainter,
    QVBoxLayout,
    QWidget,
)

from app.shell.signals import connect_plain
from hexmap import Facing
from rules.battlehex.log import GM
from rules.systems.v13.queries import IMPULSES_PER_TURN, Step, declarable, step_target
from rules.battlehex.roster import Role

if TYPE_CHECKING:
    from app.systems.v13.panel import V13Panel
    from rules.battlehex.roster import BUnit

DECLARE = "Disengage / Retreat..."  # the button of the selected unit's declaration (it names the unit)
DIRECTIONS = ("A (up)", "B (up right)", "C (down right)", "D (down)", "E (down left)", "F (up left)")


def selected_line(panel: V13Panel, u: BUnit) -> str:
    """The status line of a unit selected with N: its name, where it is, and the keys."""
    assert panel.b is not None
    where = panel.b.ctx.where(u.pos) if u.pos else "?"
    return f"Selected {u.name} at {where}: M moves it by keys, W/Q/E/A/D one step, N the next unit"


def restate_selected(panel: V13Panel) -> None:
    """After an answer, a "Selected X at H" status line says where X is now: it kept the hex X
    had left (issue 22); gone from the map, the line is cleared."""
    b, bar = panel.b, panel.statusBar()
    u = b.state.units.get(panel._selected) if b is not None and panel._selected else None
    msg = bar.currentMessage()
    if u is None or not msg.startswith(f"Selected {u.name} at "):
        return
    if not (u.present and u.pos is not None):
        bar.clearMessage()
    elif msg != (now := selected_line(panel, u)):
        bar.showMessage(now, 10000)


class WordsLine(QWidget):
    """Wrapped plain words, drawn as a word-wrapped QLabel draws them, that a new text only repaints:
    the panel is laid out again only when the words need another height (at least ``lines`` lines).
    A QLabel's setText laid out the side panel, its scroll area and the window at every drop that
    renamed the selected unit's hex (issue 21: ~0.3 ms of a drop)."""

    FLAGS = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter | Qt.TextFlag.TextWordWrap  # a QLabel's

    def __init__(self, text: str, lines: int = 1) -> None:
        super().__init__()
        self._text, self._least = "", lines * self.fontMetrics().lineSpacing()
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
        self.setText(text)

    def text(self) -> str:
        return self._text

    def setText(self, text: str) -> None:  # noqa: N802 (QLabel's name)
        if text != self._text:
            self._text = text
            self.setAccessibleName(text)
            self._fit()
            self.update()

    def _fit(self) -> None:
        """The height the words need at this width (a relayout only when it changes)."""
        need = max(self._least, self.fontMetrics().boundingRect(0, 0, max(self.width(), 1), 1 << 20, int(self.FLAGS),
                                                               self._text).height())
        if need != self.minimumHeight():
            self.setMinimumHeight(need)

    def resizeEvent(self, event) -> None:  # noqa: N802
        super().resizeEvent(event)
        self._fit()

    def sizeHint(self) -> QSize:  # noqa: N802
        return QSize(self.fontMetrics().averageCharWidth() * 24, self.minimumHeight())

    def minimumSizeHint(self) -> QSize:  # noqa: N802
        return QSize(self.fontMetrics().averageCharWidth() * 8, self.minimumHeight())

    def paintEvent(self, event) -> None:  # noqa: N802
        self.style().drawItemText(QPainter(self), self.contentsRect(), int(self.FLAGS), self.palette(), self.isEnabled(),
                                  self._text, QPalette.ColorRole.WindowText)


class NameButton(QPushButton):
    """A push button whose words change without the side panel being laid out again. Qt's
    ``setText`` asks the button's layout for a new geometry at every new text, and the Disengage /
    Retreat button names the selected unit: each click on another counter laid the whole side
    panel out again, measuring its word-wrapped labels anew (issue 21: a sixth of a click-select).
    Its width is the panel's whatever the words (size policy Ignored) and one line is as high
    whatever the words, so Qt keeps the words it was made with for its sizing, and the button
    paints, names (accessibleName) and returns (:meth:`text`) the words set, as QPushButton
    paints its own: its style's push button with them."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self._words = text
        self.setAccessibleName(text)

    def text(self) -> str:
        return self._words

    def setText(self, text: str) -> None:  # noqa: N802 (QPushButton's name)
        if text != self._words:
            self._words = text
            self.setAccessibleName(text)
            self.update()

    def paintEvent(self, event) -> None:  # noqa: N802
        option = QStyleOptionButton()
        self.initStyleOption(option)
        option.text = self._words
        QStylePainter(self).drawControl(QStyle.ControlElement.CE_PushButton, option)


class CombatPanel(QWidget):
    """Buttons and readouts of the tracked battle; hidden until the battle starts."""

    def __init__(self, window: V13Panel) -> None:
        super().__init__(window.win)
        self.w = window
        g = QVBoxLayout(self)
        g.setContentsMargins(0, 0, 0, 0)
        g.setSpacing(4)  # with 3 a line below: every control shows at 1400 x 900 without scrolling
        self.clock_label = QLabel("")
        self.clock_label.setStyleSheet("QLabel { font-size: 14px; font-weight: bold; }")
        self.clock_label.setWordWrap(True)  # "Turn 1, impulse 1 of 32 (V13.480)" set the panel's least width
        g.addWidget(self.clock_label)
        self.buttons: dict[str, QPushButton] = {}
        self.actions: dict[str, QAction] = {}
        self._row(g, ("+1 impulse", lambda: self.w.act({"clock": 1}), "Space"),
                  ("+8", lambda: self.w.act({"clock": 8}), None), ("Next turn", self.next_turn, "Ctrl+N"), columns=3)
        # three lines kept for the selected unit's words ("at a hex off the map, 12 hexes above 2101" at a
        # drop that floats the map reads "at 2101"): the buttons below do not jump under the mouse as
        # the words change length, nor repaint at every drop, nor is the panel laid out again (issue 21)
        self.unit_label = WordsLine("Click a counter (or N) to select it; drag it (or M) to move it.", 3)
        g.addWidget(self.unit_label)
        self._row(g, ("Forward", lambda: self.step(Step.FORWARD), "W"), ("Turn left", lambda: self.step(Step.LEFT), "Q"),
                  ("Turn right", lambda: self.step(Step.RIGHT), "E"), columns=3)
        self._row(g, ("Sideslip left", lambda: self.step(Step.SLIP_LEFT), "A"),
                  ("Sideslip right", lambda: self.step(Step.SLIP_RIGHT), "D"))
        self._row(g, *((s.title(), lambda _s=s: self.mark(_s), None)
                       for s in ("crippled", "destroyed", "captured", "active")))
        self._row(g, (DECLARE, self.declare, "Ctrl+D"),
                  ("End battle (GM)...", self.end_battle, "Ctrl+Shift+X"), columns=1)
        # it names the selected unit: a long name must not widen the side panel (issue 22, at scale 2)
        self.buttons[DECLARE].setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        fl = QGridLayout()  # the words and the direction, then the hexes and Float
        self.float_dir = QComboBox()
        self.float_dir.addItems(DIRECTIONS)
        self.float_dir.setToolTip("Direction the map floats (V13.812): A is the top of the map, then clockwise")
        self.float_hexes = QSpinBox()
        self.float_hexes.setRange(1, 40)
        self.float_hexes.setValue(5)
        self.float_hexes.setSuffix(" hexes")
        go = QPushButton("Float")
        go.setToolTip("Float the map by this many hexes in this direction (V13.812)")
        go.clicked.connect(lambda: self.float_map(Facing(self.float_dir.currentIndex()), self.float_hexes.value()))
        self.buttons["Float"] = go
        fl.addWidget(QLabel("Float the map:"), 0, 0)
        fl.addWidget(self.float_dir, 0, 1)
        fl.addWidget(self.float_hexes, 1, 0)
        fl.addWidget(go, 1, 1)
        fl.setVerticalSpacing(3)
        g.addLayout(fl)
        self.left_label = QLabel("")
        self.left_label.setWordWrap(True)
        g.addWidget(self.left_label)
        self.hide()

    def _row(self, layout: QVBoxLayout, *buttons: tuple[str, Any, str | None], columns: int = 2) -> None:
        """Buttons ``columns`` to a line: the side panel never scrolls sideways for them (issue 22)."""
        r = QGridLayout()
        for i, (text, slot, key) in enumerate(buttons):
            b = NameButton(text) if text == DECLARE else QPushButton(text)
            if columns > 2:  # the words, not the style's 80 px least width: three fit the side panel
                b.setMinimumWidth(b.fontMetrics().horizontalAdvance(text) + 14)
            connect_plain(b.clicked, slot)
            b.setToolTip(f"{text} ({key})" if key else text)
            if key:  # a window action, so the key works wherever the focus is in the window
                act = QAction(text, self.w)
                act.setShortcut(QKeySequence(key))
                connect_plain(act.triggered, lambda s=slot: s() if self.isVisible() else None)
                self.w.addAction(act)
                self.actions[text] = act
            self.buttons[text] = b
            r.addWidget(b, i // columns, i % columns)
        r.setVerticalSpacing(3)
        layout.addLayout(r)

    # -- showing -----------------------------------------------------------------------------------
    def show_state(self) -> None:
        """The clock, the selected unit and who has left, from the engine's state."""
        b = self.w.b
        d = b.pending.data
        self.clock_label.setText(f"Turn {d['turn']}, impulse {d['impulse']} of {IMPULSES_PER_TURN} (V13.480)")
        u = self.w.selected_combat_unit()
        self.unit_label.setText(f"Selected: {u.name} at {b.ctx.where(u.pos)} facing {u.facing.name}, speed "
                                f"{u.speed if u.speed is not None else 'none'}" + (", crippled" if u.is_crippled else "")
                                if u else "Click a counter (or N) to select it; drag it (or M) to move it.")
        declare = self.buttons[DECLARE]
        if u is not None and u.role in (Role.ATTACKER, Role.DEFENDER):
            declare.setText(f"{'Disengage' if u.role is Role.ATTACKER else 'Retreat'} {u.name}...")
        else:
            declare.setText(DECLARE)
        declare.setToolTip(f"{declare.text()} (Ctrl+D)")
        gone = [x for x in b.state.units.values() if x.pos is not None and not x.present]
        self.left_label.setText("<b>Left the battle</b>: " + "; ".join(f"{x.name} ({x.status.value})"
                                                                       for x in gone) if gone else "")

    # -- actions -------------------------------------------------------------------------------------
    def next_turn(self) -> None:
        """Advance the clock to impulse 1 of the next turn."""
        if self.w.combat_mode():
            i = self.w.b.pending.data.get("impulse", 1)
            self.w.act({"clock": IMPULSES_PER_TURN + 1 - i})

    def step(self, how: Step) -> None:
        """Move the selected unit one hex forward, turn it, or sideslip it (the engine says where)."""
        u = self.w.selected_combat_unit()
        if u is None:
            self.w.statusBar().showMessage("Select a unit on the map first (click its counter)", 5000)
            return
        h, facing = step_target(u, how)
        self.w.act({"move": u.id, "to": self.w.b.ctx.label(h), "facing": facing.name})

    def mark(self, status: str) -> None:
        """Mark the selected unit crippled, destroyed, captured or active again."""
        u = self.w.selected_combat_unit()
        if u is None:
            self.w.statusBar().showMessage("Select a unit on the map first (click its counter)", 5000)
            return
        self.w.act({"mark": u.id, "status": status})

    def declare(self) -> None:
        """Declare the selected unit's disengagement or retreat; with none selected, ask which."""
        u = self.w.selected_combat_unit()
        b = self.w.b
        if u is None or u.role not in (Role.ATTACKER, Role.DEFENDER):
            units = declarable(b.ctx, self.w.viewer or GM) if b is not None else []
            if not units:
                self.w.statusBar().showMessage("No unit may declare a disengagement or retreat now (V13.50)", 6000)
                return
            items = [f"{x.name}: {'disengage (V13.515)' if x.role is Role.ATTACKER else 'retreat (V13.615)'}"
                     for x in units]
            choice, ok = QInputDialog.getItem(self.w.win, "Disengage or retreat", "Which unit declares?", items, 0, False)
            if not ok:
                return
            u = units[items.index(choice)]
        self.w.act({"declare": u.id})

    def float_map(self, direction: Facing, hexes: int) -> None:
        """Float the map ``hexes`` in ``direction`` (V13.812; the engine refuses a float that
        would take the original centre off the map)."""
        self.w.act({"float": direction.name, "hexes": hexes})

    def end_battle(self) -> None:
        """The GM ends the battle early, with the reason asked for the log (A-59)."""
        reason, ok = QInputDialog.getText(self.w.win, "End the battle (GM)", "Why does the battle end now?")
        if ok and reason.strip():
            self.w.answer({"end": reason.strip(), "by": GM})
        elif ok:
            self.w.statusBar().showMessage("The battle goes on: the GM gives a reason to end it", 6000)
