"""The ``sidcors`` battle system's panel (rules/systems/sidcors): the two Battle Forces as rows
of counters, the round's numbers, and the two choices a player makes on this screen:

- the Battle Intensity Factor, four buttons, each with the exact odds it leads to against each
  opposing BIF (damage dealt and taken, computed by the engine) before the player commits;
- damage allocation: the owner clicks the counters to cripple or destroy, one at a time; the
  engine says which counters may take the next step and refuses anything else.

Every other question (cloak, Directed Damage, transfer or die, retreat) is asked by the shared
window's dialog. The panel decides no rule: it shows the engine's numbers and options.
"""
from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEvent, QObject, QPoint, QRect, Qt
from PySide6.QtWidgets import (
    QBoxLayout,
    QDialog,
    QFrame,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from app.battle.panel import PanelBase
from rules.battlehex.change import BattleChange
from rules.battlehex.log import GM
from rules.battlehex.questions import Question
from rules.battlehex.words import plural
from rules.model.visibility import TABLE
from rules.systems.sidcors import SidcorsBattle
from rules.battlehex.sight import sight

if TYPE_CHECKING:
    from app.battle.window import BattleWindow

_COUNTER = ("QPushButton {{ background:{bg}; color:{fg}; border:2px solid {edge}; border-radius:6px; "
            "padding:6px; text-align:left; min-width:150px; min-height:44px }}"
            "QPushButton:disabled {{ color:{fg}; }}")


class _DialogPlace(QObject):
    """Moves each dialog the window opens off the panel's Battle Intensity choice and odds table
    (seen on the 1600 x 1000 screen: centred on the window, the BIF dialog hid the BIF buttons and
    the table's heading it asks about)."""

    def __init__(self, panel: SidcorsPanel) -> None:
        super().__init__(panel.win)
        self.panel = panel
        panel.win.installEventFilter(self)

    def eventFilter(self, obj, event) -> bool:  # noqa: N802 (Qt name)
        kind = event.type()
        if kind == QEvent.Type.ChildPolished and obj is self.panel.win and isinstance(event.child(), QDialog):
            event.child().installEventFilter(self)  # polished: whole, so a QDialog is one (not when added)
        elif kind == QEvent.Type.Show and isinstance(obj, QDialog) and obj.isWindow():
            self.panel.place_dialog(obj)  # after Qt centred it, before the window appears
        return False


def _kind(q: Question | None) -> str:
    """``bif`` / ``allocate`` / ... of a SIDCORS question key (``sidcors/2/bif/red``)."""
    parts = q.key.split("/") if q is not None else []
    return parts[2] if len(parts) > 2 else ""


class _Scroll(QScrollArea):
    """The panel's scroll area: on each resize the Battle Forces stand side by side when they fit
    the width, else one above the other (never a sideways scroll bar, issue 22)."""

    def __init__(self, fit) -> None:
        super().__init__()
        self._fit = fit

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt name)
        self._fit(self.viewport().width())
        super().resizeEvent(event)


class SidcorsPanel(PanelBase):
    """The Battle Forces as counters, the round's numbers, BIF buttons with odds."""

    def __init__(self, window: BattleWindow) -> None:
        super().__init__(window)
        inner = QWidget()
        inner.setObjectName("sidcors_panel")
        self.central = _Scroll(self._fit_forces)  # the counters scroll: never a window outgrowing the screen
        self.central.setObjectName("sidcors_scroll")
        self.central.setFrameShape(QFrame.Shape.NoFrame)
        self.central.setWidgetResizable(True)
        self.central.setWidget(inner)
        outer = QVBoxLayout(inner)
        self.heading = QLabel("")
        self.heading.setObjectName("sidcors_heading")
        self.heading.setWordWrap(True)
        outer.addWidget(self.heading)
        self.forces = forces = QBoxLayout(QBoxLayout.Direction.LeftToRight)
        self.boxes: dict[str, QGroupBox] = {}
        self.grids: dict[str, QGridLayout] = {}
        self.counters: dict[str, QPushButton] = {}
        self._order: dict[str, list[str]] = {}
        """Per side, the unit ids its counters stand for, in order."""
        self._click: dict[str, Any] = {}  # what clicking a counter answers (its id, or a fighter loss)
        for side in ("attacker", "defender"):
            box = QGroupBox(side.capitalize())
            box.setObjectName(f"sidcors_{side}")
            grid = QGridLayout(box)
            grid.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
            self.boxes[side], self.grids[side] = box, grid
            forces.addWidget(box, 1)
        outer.addLayout(forces, 1)
        self.choice = QGroupBox("Battle Intensity Factor")
        self.choice.setObjectName("sidcors_bif")
        rows = QVBoxLayout(self.choice)
        self.choice_label = QLabel("")  # who chooses and the rule: wrapped, not a title setting the width
        self.choice_label.setWordWrap(True)
        rows.addWidget(self.choice_label)
        row = QHBoxLayout()
        rows.addLayout(row)
        self.bif_buttons: list[QPushButton] = []
        for n in range(1, 5):
            b = QPushButton(str(n))
            b.setObjectName(f"bif_{n}")
            b.clicked.connect(lambda _=False, n=n: self._answer(n))
            row.addWidget(b)
            self.bif_buttons.append(b)
        self.choice.hide()
        outer.addWidget(self.choice)
        self.odds = QTextBrowser()
        self.odds.setObjectName("sidcors_odds")
        self.odds.setMaximumHeight(170)
        self.odds.hide()
        outer.addWidget(self.odds)
        self.widgets: list[QWidget] = []
        self._placer = _DialogPlace(self)

    def _fit_forces(self, width: int) -> None:
        """The Battle Forces side by side when both fit ``width``, else one above the other."""
        need = sum(b.minimumSizeHint().width() for b in self.boxes.values()) + self.forces.spacing() + 24
        self.forces.setDirection(QBoxLayout.Direction.LeftToRight if width >= need
                                 else QBoxLayout.Direction.TopToBottom)

    def _run(self) -> SidcorsBattle | None:
        b = self.win.b
        return b if isinstance(b, SidcorsBattle) else None

    # -- the panel seam ----------------------------------------------------------------------------
    def handles(self, q: Question) -> bool:
        """BIFs and allocations are answered here, by the player at the screen."""
        return _kind(q) in ("bif", "allocate") and q.key.startswith("sidcors/")

    def dialog_by_keys(self, q: Question) -> bool:
        """A BIF and a unit to give up are also answered in the shared dialog by keys (Answer..., Alt+A)."""
        return self.handles(q)

    def dialog_odds(self, q: Question) -> str | None:
        """The odds a dialog shows with ``q``, as a table in words: for the Battle Intensity
        Rating one side chooses alone, each rating's damage points dealt and taken (the engine's
        ``question_odds()``, computed when the question is shown); None for other questions."""
        run = self._run()
        if run is None or _kind(q) != "bir" or run.pending is not q:
            return None
        return bir_table(run.question_odds(), self.win.name(q.to))

    def primary_button(self) -> QPushButton:
        """Return asks the pending question by keys, as Answer... (Alt+A) does."""
        return self.win.answer_button

    def unit_names(self) -> dict[str, str]:
        run = self._run()
        return run.unit_names() if run is not None else {}

    def refused(self, text: str) -> None:
        self.heading.setText(f"<span style='color:#c01010'><b>Refused</b>: {escape(text)}</span>")

    def hide_secrets(self) -> None:
        self.choice.hide()
        self.odds.hide()
        self.odds.clear()

    def report(self, viewer: str) -> str:
        run = self._run()
        return (f"<html><body><h1>Battle Hex {self.win.at} (SIDCORS)</h1>{self._forces_html(viewer)}"
                f"<h2>Log</h2>{self.report_log(run, viewer)}</body></html>")

    # -- drawing -----------------------------------------------------------------------------------
    def draw(self, change: BattleChange | None) -> None:
        run = self._run()
        if run is None:
            return
        q = run.pending
        mine = q is not None and self.win.viewer in (q.to, GM) and self.handles(q)
        attacker, defender = run.sides
        self.heading.setText(self._heading(run, q))
        allocating = mine and q is not None and _kind(q) == "allocate" and not self._replaying()  # a replay: no clicks
        options = dict(q.data.get("steps", {})) if allocating and q is not None else {}
        for uid, factors in (q.data.get("fighters", {}) if allocating and q is not None else {}).items():
            if factors and uid not in options:  # each fighter factor is a unit of Defense Factor 1
                options[uid] = ["lose a fighter factor", 1, {"unit": uid, "fighters": 1}]
        for side, team in (("attacker", attacker), ("defender", defender)):
            self.boxes[side].setTitle(f"{self.win.name(team)} ({side}): potential {float(run.potential(team)):g}, "
                                      f"die shift {run.shift(team):+d}")
            self._fill(side, run, team, options)
        self._fit_forces(self.central.viewport().width())  # the counters may have changed the least width
        self._show_choice(run, q if mine else None)

    def _heading(self, run: SidcorsBattle, q: Question | None) -> str:
        a, d = run.sides
        parts = [f"<b>Round {run.round}</b>"]
        if run.bir():
            parts.append(f"BIR {run.bir()}")
        for team in (a, d):
            owed, pm = run.owed(team), run.plus_minus(team)
            if owed or pm:
                parts.append(f"{escape(self.win.name(team))} owes {owed} damage point{'s' if owed != 1 else ''}"
                             + (f" (carried {pm:+d})" if pm else ""))
        if q is not None and _kind(q) == "allocate" and self.win.viewer in (q.to, GM):
            todo = f"({plural(q.data.get('points', 0), 'point')} to resolve, {q.rule})"
            parts.append(f"{escape(self.win.name(q.to))} cripples or destroys counters {todo}" if self._replaying()
                         else f"<b>{escape(self.win.name(q.to))}: click a counter to cripple or destroy it {todo}</b>")
        return " \u2014 ".join(parts)

    def _replaying(self) -> bool:
        """Whether the window shows a replay's step: its question is read, never answered by a click."""
        return bool(getattr(getattr(self.win, "replay", None), "on", False))

    def _lay_out(self, side: str, ids: list[str]) -> None:
        """Put the side's counters in ``ids``' order, making the new ones and dropping the units
        no longer in the Battle Force (kept out by fleet composition, or back after an undo)."""
        grid = self.grids[side]
        for uid in self._order.get(side, []):
            b = self.counters[uid]
            grid.removeWidget(b)
            if uid not in ids:
                b.deleteLater()
                del self.counters[uid]
        for i, uid in enumerate(ids):
            b = self.counters.get(uid)
            if b is None:
                b = self.counters[uid] = QPushButton()
                b.setObjectName(f"counter_{uid}")
                b.clicked.connect(lambda _=False, uid=uid: self._answer(self._click.get(uid, uid)))
            grid.addWidget(b, i // 2, i % 2)
            b.show()
        self._order[side] = list(ids)

    def _fill(self, side: str, run: SidcorsBattle, team: str, options: dict[str, Any]) -> None:
        """Update the side's counters (laid out again only when its Battle Force changes)."""
        seen = sight(run, self.win.viewer or TABLE)  # no other Team's hidden unit before the battle shows it
        units = [u for u in run.units(team) if seen.knows(u.id, u.name)]
        if self._order.get(side) != [u.id for u in units]:
            self._lay_out(side, [u.id for u in units])
        for u in units:
            b = self.counters[u.id]
            state = "destroyed" if u.destroyed else "crippled" if u.crippled else "undamaged"
            if not u.alive and not u.destroyed:  # retreated: its status as the engine set it
                state += f", {u.b.status.value}"
            step = options.get(u.id)
            text = f"{u.name}\nAF {u.attack:g}  DF {u.df:g}" + (f"  fighters {u.ff}" if u.ff else "") + f"\n{state}"
            if step is not None:
                text += f"\nclick: {step[0]} ({step[1]} pt{'s' if step[1] != 1 else ''})"
            b.setText(text)
            edge = "#d08000" if step is not None else "#404040"
            bg = "#e0e0e0" if u.destroyed else "#f6e0c0" if u.crippled else "#ffffff"
            b.setStyleSheet(_COUNTER.format(bg=bg, fg="#808080" if u.destroyed else "#101010", edge=edge))
            b.setEnabled(step is not None)
            self._click[u.id] = step[2] if step is not None and len(step) > 2 else u.id
            b.setToolTip(f"{u.name}: {state}" + (f"; clicking {step[0]}s it, resolving {step[1]} points"
                                                  if step is not None else ""))

    def _show_choice(self, run: SidcorsBattle, q: Question | None) -> None:
        if q is None or _kind(q) != "bif":
            self.choice.hide()
            self.odds.hide()
            return
        odds = run.question_odds()  # computed by the engine when the question is shown, kept while it is pending
        dealt = odds.get("dealt", {}).get("expected", [])
        taken = odds.get("taken", {}).get("expected", [])
        self.choice_label.setText(f"{self.win.name(q.to)}: your Battle Intensity Factor, in secret ({q.rule})")
        replaying = self._replaying()
        for n, b in enumerate(self.bif_buttons, 1):
            b.setEnabled(not replaying)  # a replayed question answers nothing: the buttons do not look active
            b.setToolTip(f"BIF {n}: expected damage dealt {_row(dealt, n)}, taken {_row(taken, n)} against the "
                         "other side's 1-4")
        rows = "".join(f"<tr><td><b>{n}</b></td><td>{_row(dealt, n)}</td><td>{_row(taken, n)}</td></tr>"
                       for n in range(1, 5))
        self.odds.setHtml("<p>Exact expected damage points for each of your BIFs against the other side's "
                          "BIF 1 / 2 / 3 / 4 (computed from the Combat Coefficient Table and both dice):</p>"
                          f"<table cellpadding=3><tr><th>Your BIF</th><th>you deal</th><th>you take</th></tr>"
                          f"{rows}</table>")
        self.choice.show()
        self.odds.show()

    def place_dialog(self, dialog: QWidget) -> None:
        """While the BIF choice shows, ``dialog`` stands above it over the counters, else below the
        odds table, else left of them over the side panel: never on what its question is about."""
        if not self.choice.isVisible() or not self.odds.isVisible():
            return
        keep = QRect(self.choice.mapToGlobal(QPoint(0, 0)), self.choice.size()).united(
            QRect(self.odds.mapToGlobal(QPoint(0, 0)), self.odds.size()))
        frame = dialog.frameGeometry()
        w = frame.width()
        h = frame.height() + (30 if frame.height() == dialog.height() else 0)  # the title bar, once known
        screen = self.win.screen().availableGeometry()
        top = max(screen.top(), self.central.mapToGlobal(QPoint(0, 0)).y())
        x = min(max(keep.center().x() - w // 2, screen.left()), screen.right() - w)
        if keep.top() - 6 - h >= top:
            dialog.move(x, keep.top() - 6 - h)
        elif keep.bottom() + 6 + h <= screen.bottom():
            dialog.move(x, keep.bottom() + 6)
        elif keep.left() - 6 - w >= screen.left():
            dialog.move(keep.left() - 6 - w, max(screen.top(), min(keep.top(), screen.bottom() - h)))

    def _answer(self, raw: Any) -> None:
        self.win.answer(raw)

    def _forces_html(self, viewer: str) -> str:
        run = self._run()
        if run is None:
            return ""
        seen = sight(run, viewer)
        out = []
        for team in run.sides:
            items = "".join(f"<li>{escape(u.name)}: {'destroyed' if u.destroyed else 'crippled' if u.crippled else 'undamaged'}"
                            "</li>" for u in run.units(team) if seen.knows(u.id, u.name))
            out.append(f"<h3>{escape(self.win.name(team))}</h3><ul>{items}</ul>")
        return "".join(out)


def _row(matrix: list[list[float]], n: int) -> str:
    """One BIF's expected points against the opposing 1-4, ``"2.5 / 3 / 3.4 / 3.9"``."""
    if len(matrix) < n:
        return "?"
    return " / ".join(f"{v:g}" for v in matrix[n - 1])


def _spread(points: dict[str, str]) -> str:
    """The least and most damage points of a distribution (``{"0": "1/6", "4": "5/6"}``): "0 to 4"."""
    scores = sorted(int(n) for n in points)
    if not scores:
        return "?"
    return str(scores[0]) if scores[0] == scores[-1] else f"{scores[0]} to {scores[-1]}"


def bir_table(odds: dict[str, Any], who: str) -> str | None:
    """The Battle Intensity Rating odds (``dealt`` and ``taken``, each ``expected`` and ``points``
    per rating) as an HTML table in words; None when the engine gave none."""
    dealt, taken = odds.get("dealt", {}), odds.get("taken", {})
    ratings = sorted(dealt.get("expected", {}), key=int)
    if not ratings:
        return None
    rows = "".join(
        f"<tr><td align=center><b>{b}</b></td>"
        f"<td align=center>{dealt['expected'][b]:g} ({_spread(dealt.get('points', {}).get(b, {}))})</td>"
        f"<td align=center>{taken.get('expected', {}).get(b, 0):g} ({_spread(taken.get('points', {}).get(b, {}))})"
        "</td></tr>" for b in ratings)
    return (f"<p>The odds of each rating {escape(who)} may choose: the damage points each side scores on average, "
            "and in brackets the fewest and most it can score (exact, from the Combat Coefficient Table and "
            "the die of each side):</p><table border=1 cellspacing=0 cellpadding=4>"
            f"<tr><th>Battle Intensity Rating</th><th>{escape(who)} deals</th><th>{escape(who)} takes</th></tr>"
            f"{rows}</table>")
