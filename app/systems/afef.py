"""The ``afef`` battle system's panel (rules/systems/afef, seed 001 4.2): the battle line.

Three rows of counters: the attacker's line, the defender's front line and its screened line.
The player at the screen answers the round's questions on it:

- **set-up** (the defender): drag a counter between the front and the screened row;
- **attacks** (declare, return fire, breakthrough): drag from one of your counters to an enemy counter to put
  one AF (one die) on it, Shift+drag for all the dice it has left; an arrow with the dice shows each attack;
  right-click one of your counters to clear its attacks, or, when declaring, to hold its fire for a breakthrough;
- **AF modifiers** (the GM): a number per unit; **another round or break off** (the GM).

Before committing, the side box shows the engine's exact odds for each target with the dice put on it, and
what a targeted defender must still match. The panel decides no rule: the engine refuses what is illegal.
"""
from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import (
    QGraphicsScene,
    QGraphicsView,
    QGridLayout,
    QInputDialog,
    QPushButton,
    QSpinBox,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from app.battle.panel import PanelBase
from app.systems.afef_parts import (arrows, ask_reason, lift, modifier_rows, num as _num, over_lines, pct as _pct,
                                    per_row)
from app.widgets.titles import whole_rules
from rules.battlehex.change import BattleChange
from rules.battlehex.log import GM
from rules.battlehex.questions import Question
from rules.model.visibility import TABLE
from rules.systems.afef import AfefBattle
from rules.battlehex.sight import sight

if TYPE_CHECKING:
    from app.battle.window import BattleWindow

W, H, GAP = 170.0, 62.0, 18.0
ROWS = {"line": 0, "front": 1, "screened": 2}
ROW_TITLES = ("attacker's line", "defender's front line", "defender's screened line")
_PLANS = ("declare", "return", "breakthrough", "breakthrough_return")
_HANDLED = (*_PLANS, "screen", "modifiers", "continue")


def _kind(q: Question | None) -> str:
    parts = q.key.split("/") if q is not None else []
    return parts[2] if len(parts) > 2 and parts[0] == "afef" else ""


class LineView(QGraphicsView):
    """The battle line: press on a counter, drag, release on another (or on a row)."""

    def __init__(self, panel: AfefPanel) -> None:
        super().__init__()
        self._scene = QGraphicsScene(self)  # kept: a scene without an owner would be collected
        self.setScene(self._scene)
        self.setObjectName("afef_line")
        self.panel = panel
        self.src: str | None = None
        self.rubber = None
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)  # the line starts at the left
        self.tops: list[float] = [0.0, H + GAP * 2, 2 * (H + GAP * 2)]  # each line's band's top, as last drawn
        self.wrapped = 0  # the counters a row held when last drawn

    def fit(self) -> None:
        """Show the whole line's width: shrink it (never enlarge) rather than scroll it sideways."""
        self.resetTransform()
        k = min(1.0, self.viewport().width() / max(1.0, self.sceneRect().width()))
        self.scale(k, k)

    def per_row(self, counts: tuple[int, ...] = ()) -> int:
        """How many counters a row holds: the lines wrap (issue 22, :func:`afef_parts.per_row`)."""
        return per_row(counts, self.viewport().width() - 8, self.viewport().height() - 8, W + GAP, H + GAP)

    def row_at(self, y: float) -> int:
        """The line (ROWS) whose band holds scene height ``y``."""
        return max([r for r, top in enumerate(self.tops) if top <= y] or [0])

    def resizeEvent(self, event) -> None:  # noqa: N802
        super().resizeEvent(event)
        if self.wrapped:  # drawn before: the rows wrap again at the new size
            self.panel._redraw()
        self.fit()

    def unit_at(self, pos: QPointF) -> str | None:
        for item in self.items(pos.toPoint()):
            uid = item.data(0)
            if uid:
                return str(uid)
        return None

    def mousePressEvent(self, event) -> None:  # noqa: N802
        uid = self.unit_at(event.position())
        if event.button() == Qt.MouseButton.RightButton and uid:
            self.panel.right_click(uid)
            return
        if event.button() == Qt.MouseButton.LeftButton and uid and self.panel.may_drag(uid):
            self.src = uid
            start = self.mapToScene(event.position().toPoint())
            self.rubber = self.scene().addLine(QLineF(start, start), QPen(QColor("#d08000"), 3))
            return
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event) -> None:  # noqa: N802
        if self.rubber is not None:
            line = self.rubber.line()
            self.rubber.setLine(QLineF(line.p1(), self.mapToScene(event.position().toPoint())))
            return
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event) -> None:  # noqa: N802
        if self.rubber is None or self.src is None:
            super().mouseReleaseEvent(event)
            return
        self.scene().removeItem(self.rubber)
        self.rubber = None
        src, self.src = self.src, None
        at = self.mapToScene(event.position().toPoint())
        self.panel.dropped(src, self.unit_at(event.position()), self.row_at(at.y()),
                           bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier))


class AfefPanel(PanelBase):
    """Counters in lines, attack arrows, and the side box with Commit and the odds."""

    def __init__(self, window: BattleWindow) -> None:
        super().__init__(window)
        self.view = LineView(self)
        self.central: QWidget = self.view
        self.side = QWidget()
        self.side.setObjectName("afef_side")
        lay = QVBoxLayout(self.side)
        self.mods = QWidget()
        self.mods_form = QGridLayout(self.mods)  # a name and its box a row (afef_parts.modifier_rows)
        row = QGridLayout()  # two buttons a row: the side panel stays as narrow as the dock (issue 22)
        self.commit_button = self.primary = QPushButton("&Commit")  # Return presses it too
        self.commit_button.setObjectName("afef_commit")
        self.commit_button.clicked.connect(self.commit)
        self.clear_button = QPushButton("C&lear")
        self.clear_button.clicked.connect(self.clear)
        self.break_button = QPushButton("&Break off...")
        self.break_button.setObjectName("afef_break_off")
        self.break_button.clicked.connect(self.break_off)
        for i, b in enumerate((self.commit_button, self.clear_button, self.break_button)):
            row.addWidget(b, i // 2, i % 2)
        lay.addLayout(row)
        lay.addWidget(self.mods)  # below the buttons: a long list never pushes Commit out of sight
        self.odds = QTextBrowser()
        self.odds.setObjectName("afef_odds")
        lay.addWidget(self.odds)
        self.widgets: list[QWidget] = [self.side]
        self.plan: dict[str, dict[str, int]] = {}
        self.hold: set[str] = set()
        self.screened: set[str] = set()
        self.spins: dict[str, QSpinBox] = {}
        self._key = ""

    def _run(self) -> AfefBattle | None:
        b = self.win.b
        return b if isinstance(b, AfefBattle) else None

    def _mine(self) -> Question | None:
        run = self._run()
        q = run.pending if run is not None else None
        if q is None or getattr(getattr(self.win, "replay", None), "on", False):  # a replay's step is only read
            return None
        return q if self.win.viewer in (q.to, GM) and _kind(q) in _HANDLED else None

    # -- the panel seam ----------------------------------------------------------------------------
    def handles(self, q: Question) -> bool:
        return _kind(q) in _HANDLED

    def unit_names(self) -> dict[str, str]:
        run = self._run()
        return {u.id: u.name for t in run.sides for u in run.units(t)} if run is not None else {}

    def refused(self, text: str) -> None:
        self.odds.setHtml(f"<p style='color:#c01010'><b>Refused</b>: {escape(text)}</p>" + self.odds.toHtml())
        self.odds.show()

    def hide_secrets(self) -> None:
        self.plan, self.hold = {}, set()
        self.odds.clear()

    def report(self, viewer: str) -> str:
        run = self._run()
        return (f"<html><body><h1>Battle Hex {self.win.at} (AF/EF)</h1><h2>Log</h2>{self.report_log(run, viewer)}"
                "</body></html>")

    # -- building an answer --------------------------------------------------------------------------
    def may_drag(self, uid: str) -> bool:
        q = self._mine()
        if q is None:
            return False
        if _kind(q) == "screen":
            return uid in q.options
        return _kind(q) in _PLANS and uid in q.data.get("dice", {})

    def dropped(self, src: str, dst: str | None, row: int, all_dice: bool) -> None:
        """A drag ended: an attack on ``dst``, or (set-up) a move to ``row``."""
        q = self._mine()
        if q is None:
            return
        if _kind(q) == "screen":
            if row == ROWS["screened"]:
                self.screened.add(src)
            elif row == ROWS["front"]:
                self.screened.discard(src)
            self._redraw()
            return
        if dst is None or dst == src or _kind(q) not in _PLANS:
            return
        dice = q.data.get("dice", {}).get(src, 0)
        used = sum(self.plan.get(src, {}).values())
        add = dice - used if all_dice else min(1, dice - used)
        if add > 0:
            self.plan.setdefault(src, {})[dst] = self.plan.get(src, {}).get(dst, 0) + add
            self.hold.discard(src)
        self._redraw()

    def right_click(self, uid: str) -> None:
        """Clear a unit's attacks; when declaring, a unit without attacks holds its fire."""
        q = self._mine()
        if q is None or uid not in q.data.get("dice", {}):
            return
        if self.plan.pop(uid, None) is None and _kind(q) == "declare":
            self.hold ^= {uid}
        self._redraw()

    def clear(self) -> None:
        self.plan, self.hold = {}, set()
        for s in self.spins.values():
            s.setValue(0)
        self._redraw()

    def answer(self) -> Any:
        q = self._mine()
        kind = _kind(q)
        if kind == "screen":
            return sorted(self.screened)
        if kind == "modifiers":
            return {uid: s.value() for uid, s in self.spins.items() if s.value()}
        if kind == "continue":
            return "fight"
        attacks = {s: dict(t) for s, t in self.plan.items() if t}
        return {"attacks": attacks, "hold": sorted(self.hold)} if kind == "declare" else {"attacks": attacks}

    def commit(self) -> None:
        if self._mine() is not None:
            self.win.answer(self.answer())

    def break_off(self) -> None:
        """The GM ends the battle for a side, with the reason (a ruling, seed 001 4.2.d)."""
        q, run = self._mine(), self._run()
        if q is None or _kind(q) != "continue" or run is None:
            return
        attacker, defender = (self.win.name(t) for t in run.sides)
        words = {f"attacker ({attacker})": "attacker", f"defender ({defender})": "defender", "both sides": "both"}
        picked, ok = QInputDialog.getItem(self.win, "Break off", "Which side breaks off?", list(words), 0, False)
        if not ok:
            return
        side = words[picked]
        reason = ask_reason(self.win, "Break off", "The reason (logged as a GM ruling):")
        if reason is not None:
            self.win.answer({"break_off": side, "reason": reason})

    # -- drawing ---------------------------------------------------------------------------------------
    def draw(self, change: BattleChange | None) -> None:
        q = self._mine()
        key = q.key if q is not None else ""
        if key != self._key:  # a new question: start its answer afresh
            self._key = key
            run = self._run()
            self.plan, self.hold = {}, set()
            self.screened = {u.id for u in run.units(run.sides[1]) if u.line == "screened"} if run else set()
            self._modifiers(q)
        self._redraw()

    def _modifiers(self, q: Question | None) -> None:
        names = self.unit_names()
        af = q.data.get("af", {}) if q is not None and _kind(q) == "modifiers" else {}
        self.spins = modifier_rows(self.mods_form, [(uid, names.get(uid, uid), n) for uid, n in af.items()])
        self.mods.setVisible(bool(af))

    def _redraw(self) -> None:
        run = self._run()
        if run is None:
            return
        q = self._mine()
        kind = _kind(q)
        scene = self.view.scene()
        scene.clear()
        centres: dict[str, QPointF] = {}
        attacker, defender = run.sides
        seen = sight(run, self.win.viewer or TABLE)  # no other Team's hidden unit before the battle shows it
        placed = [(team, u, 0 if team == attacker else ROWS["screened"] if (
                   u.id in self.screened if kind == "screen" else u.line == "screened") else ROWS["front"])
                  for team in (attacker, defender) for u in run.units(team) if seen.knows(u.id, u.name)]
        counts = tuple(sum(1 for p in placed if p[2] == r) for r in range(len(ROW_TITLES)))
        per = self.view.wrapped = self.view.per_row(counts)  # a long line wraps, the lines all in view
        tops, top, words = [], 0.0, []  # the titles' and counters' words: the dice keep off them
        for r, title in enumerate(ROW_TITLES):
            t = scene.addText(title, QFont("Sans", 9))
            t.setPos(0, top)
            words.append(lift(scene, t, self.view.viewport().palette().base().color()))  # over the lines
            tops.append(top)
            top += max(1, -(-counts[r] // per)) * (H + GAP) + GAP
        self.view.tops = tops
        col = {0: 0, 1: 0, 2: 0}
        cleared: list[str] = []  # the markers the interphase at the battle's end changed (4.2.c)
        for team, u, row in placed:
            x, y = (col[row] % per) * (W + GAP), tops[row] + GAP + (col[row] // per) * (H + GAP)
            col[row] += 1
            fill = "#d0d0d0" if u.destroyed else "#f6e0c0" if u.damaged else "#ffffff"
            edge = QColor(self.win.team_color(team))
            rect = scene.addRect(QRectF(x, y, W, H), QPen(edge, 3 if self.may_drag(u.id) else 1.5),
                                 QBrush(QColor(fill)))
            rect.setData(0, u.id)
            state = "destroyed" if u.destroyed else ", ".join(["damaged"] * u.damaged + ["broke off"] * (not u.alive))
            held = " HOLD" if u.id in self.hold else ""
            was = f" (was {u.fought})" if u.fought is not None and u.fought != u.hits else ""  # 4.2.c at the end
            if was:
                cleared.append(f"{escape(u.name)} {u.fought} to {u.hits}")
            text = scene.addText(f"{u.name}\nAF {0 if u.destroyed else u.dice}  EF {u.ef}  hits {u.hits}{was}"
                                 f"{'  ' + state if state else ''}{held}", QFont("Sans", 8))
            text.setTextWidth(W - 6)
            text.setPos(x + 3, y + 2)
            text.setData(0, u.id)
            centres[u.id] = over_lines(scene, text, QRectF(x, y, W, H), QColor(fill), words)  # lines end under it
        over = run.pending is None or _kind(run.pending) == "continue"  # the round's fire resolved: its lines go
        arrows(scene, centres, [*([] if over else [(p, "#808080") for p in run.declared().values()
                                                 if isinstance(p, dict)]), (self.plan, "#d08000")], tuple(words))
        scene.setSceneRect(scene.itemsBoundingRect().adjusted(-4, -4, 4, 4))  # now: not a stale rect centred on 0,0
        self.view.fit()
        self.commit_button.setEnabled(q is not None and (kind != "continue" or "fight" in q.options))  # the bound
        self.clear_button.setEnabled(kind in (*_PLANS, "modifiers"))
        self.break_button.setVisible(kind == "continue")
        self.commit_button.setText("Another r&ound" if kind == "continue" else "&Commit")  # Alt+R: Replay menu
        self._show_odds(q, cleared)

    def _show_odds(self, q: Question | None, cleared: list[str] | None = None) -> None:
        kind = _kind(q)
        parts: list[str] = []  # how to answer and the odds; the question itself is said above the box
        if cleared:  # the battle is over: why its hit markers read less than the fighting left them
            parts.append(whole_rules("<p><b>Hits after the battle</b> (AF/EF 4.2.c): the campaign keeps no hit "
                                     "markers, so the interphase takes off now what it removes: an undamaged "
                                     "unit's hits, a damaged unit's above half its EF. "
                                     + "; ".join(cleared) + ".</p>"))
        if kind in _PLANS:
            parts.append("<p>Drag from your counter to a target: one die; Shift+drag: all its dice; right-click: "
                         "clear" + (", or hold fire" if kind == "declare" else "") + ".</p>")
            run = self._run()
            tables = run.question_odds() if run is not None else {}  # computed by the engine when shown
            tables = tables.get("targets", tables)
            pools: dict[str, int] = {}
            for targets in self.plan.values():
                for dst, n in targets.items():
                    pools[dst] = pools.get(dst, 0) + n
            for dst, n in pools.items():
                odds = tables.get(dst, {}).get("by_af", {}).get(str(n)) if isinstance(tables.get(dst), dict) else None
                name = escape(self.unit_names().get(dst, dst))
                if odds:
                    dice = "die" if n == 1 else "dice"
                    parts.append(f"<p>{name}: {n} {dice} \u2192 damaged {_pct(odds['damaged'])}, destroyed "
                                 f"{_pct(odds['destroyed'])}, expected hits {_num(odds['expected'])}</p>")
            owed = q.data.get("must_match", {})
            for uid, need in owed.items():
                given = sum(t for d, t in self.plan.get(uid, {}).items() if d in need.get("attackers", []))
                parts.append(f"<p>{escape(self.unit_names().get(uid, uid))} must put at least {need.get('af')} AF on "
                             f"its attackers: {given} so far</p>")
        elif kind == "screen":
            parts.append("<p>Drag your counters between the front and the screened row, then Commit.</p>")
        self.odds.setHtml("".join(parts))
        self.odds.setVisible(bool(parts))  # nothing to add: no empty box making the panel scroll

