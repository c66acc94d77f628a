"""The b5 battle system's panel: the board with the legal zone of the ship the engine asks
for, the forces and the helpers; placement questions are answered on the board (a click or a
drop on a hex) or by the hex bar under the question (a label typed, a facing, Place); every
other question is asked by the shared window's dialog. What is not built yet is said on top."""
from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QTextDocumentFragment, QTextOption
from PySide6.QtWidgets import (QBoxLayout, QComboBox, QHBoxLayout, QLabel, QLineEdit, QPushButton,
                               QTabWidget, QTextBrowser, QVBoxLayout, QWidget)

from app.battle.panel import PanelBase
from app.systems.b5 import flight_clicks, plot_bar, scatter, specials_view, waiting
from app.systems.b5.board import BoardView
from app.systems.b5.board_split import BoardSplit
from app.systems.b5.helpers import Helpers
from hexmap import Facing, Label
from rules.battlehex.change import BattleChange
from rules.battlehex.log import GM
from rules.battlehex.questions import QKind, Question
from rules.battlehex.sight import sight
from rules.model.visibility import TABLE
from rules.systems.b5 import damage, fighters, fleet
from rules.systems.b5.battle import B5Battle
from rules.systems.b5.deploy import COLS, ROWS, TOWARD, usual_facing
from rules.systems.b5.morale import grey

if TYPE_CHECKING:
    from app.battle.window import BattleWindow

BUILT = ("Built: deployment (meeting engagement, jump-in with gate or vortex scatter, a squadron through several "
         "vortices (each opener last through its own), a secondary jump point on its "
         "turn, the defender's unplotted first turn) on this board, each ship dragged by its own counter and turned "
         "while carried; when the "
         "GM chooses <i>plot and move</i>, secret plots (maybe in relative formation) and ELINT orders checked and "
         "revealed (several ELINT ships may pool levels for one order), energy mines launched, then three pulses: "
         "the squadrons move in the rules' order (one ship a "
         "squadron may be shifted first, once a turn) and the ships fire after each pulse's moves (in each weapon's "
         "arcs, shots spaced by pulse, a squadron at one enemy squadron, ships out of command last, ballistic "
         "weapons and energy mines hitting pulses later, flights in a mine's area too; a squadron's fire declared as "
         "a whole, then rolled, then resolved (shot by shot in a battle saved before, or when the campaign's B5 "
         "settings say so); ELINT support and jamming; the damage class odds shown "
         "first, then structure, grey boxes and system damage marked, the defender choosing which weapon a hit "
         "marks); out of command, command losses (a new flagship's command net; the enemy's pulse to move "
         "first), ELINT levels lost to 'S' boxes, the flagship's escorts targeted with its squadron, "
         "morale rolls (a squadron that fails withdraws: no closer to the enemy and farther each turn, off the board it "
         "retreats, or jumps out through a vortex of its own) and "
         "reinforcement rolls; the abilities Stubborn, Rapid Net Change, Improved Command Network, Command "
         "Reorganization, Superior Strategic and Tactical Planners, ELINT Priority Support and Ex-Fighter Ops "
         "Commander; command styles (the campaign's B5 settings); fighter flights on the board (secret missions, "
         "launch, moves, landing on any friendly carrier with space, dogfights, called off by agreement or drifting, "
         "flights joining by choice, attacks on ships after the ship's anti-fighter fire (the escorts fired at first, "
         "the firing side choosing the flights below x1), long-range anti-fighter mode, ships firing at flights); the "
         "Guardian Array, the Plasma Accelerator and the Minbari tractor beam (the Forces sheet); the helpers.")
NOT_BUILT = "<b>Not built yet</b>: reinforcements from outside the battle (more on hover)"
NOT_BUILT_ALL = ("<b>Not built yet</b>, in full: reinforcing ships from outside the battle (the GM brings them "
                 "on; the side's own squadrons held off the board come on by the rules); B5 data for a ship of a campaign that gives it none (it stays "
                 "out, named in the log; every ship of the default campaign has it). The GM enters the results, "
                 "written back to the campaign.")
NOT_BUILT_WHY = ("Fighters: the rules' text we have is cut and loses the missions, when flights move and the "
                 "dogfight's target number, and what energy mines do to fighters (read as a shot at the flight); "
                 "each is read so, and written in the log (the dogfight rating is one of the campaign's B5 "
                 "settings). Clout is a purchase rule (what a fleet may buy), nothing in the battle.")
"""What the banner says plainly, in one line; the whole list and what is built are its tooltip (at
QT_SCALE_FACTOR=2 on the 1600x1000 screen the whole text took 200 of 866 pixels over the board, a shorter one
still three lines, issue 22)."""
SHEET_CHARS = 30
"""The Forces sheet is never narrower than this many characters: a ship's name and where it is
keep to a line (at QT_SCALE_FACTOR=2 the sheet was a quarter of 790 pixels and names broke)."""


class PlaceBar(QWidget):
    """The bar under the question: the prompt beside the field and its buttons, or above them in a
    dock too narrow for it (beside, it wrapped a word a line and cut the field's placeholder); in
    the narrowest dock the buttons go under the field too."""

    def __init__(self, prompt: QLabel, edit: QLineEdit, buttons: tuple[QWidget, ...]) -> None:
        super().__init__()
        self.prompt, self.edit = prompt, edit
        self.outer = QBoxLayout(QBoxLayout.Direction.LeftToRight, self)
        self.outer.setContentsMargins(0, 0, 0, 0)
        self.row = QBoxLayout(QBoxLayout.Direction.LeftToRight)
        self.buttons = QHBoxLayout()
        self.outer.addWidget(prompt, 1)
        self.outer.addLayout(self.row)
        self.row.addWidget(edit, 1)
        self.row.addLayout(self.buttons)
        for w in buttons:
            self.buttons.addWidget(w)

    def fit(self) -> None:
        """The field keeps its placeholder whole beside the buttons, else they go under it; the
        prompt goes beside when it keeps there its one line or 20 characters a line."""
        field = max(self.edit.minimumSizeHint().width(), self.edit.fontMetrics().horizontalAdvance(
            self.edit.placeholderText()) + 16)
        row = field + self.row.spacing() + self.buttons.sizeHint().width()
        text = QTextDocumentFragment.fromHtml(self.prompt.text()).toPlainText()
        metrics = self.prompt.fontMetrics()
        want = min(metrics.horizontalAdvance(text), 20 * metrics.averageCharWidth())
        across = self.width() >= row
        beside = across and self.width() - row - self.outer.spacing() >= want
        for box, way in ((self.row, across), (self.outer, beside)):
            to = QBoxLayout.Direction.LeftToRight if way else QBoxLayout.Direction.TopToBottom
            if box.direction() != to:
                box.setDirection(to)

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        self.fit()


class B5Panel(PanelBase):
    """The board, the forces sheet and the helpers of a Babylon 5 battle."""

    def __init__(self, window: BattleWindow) -> None:
        super().__init__(window)
        self.board = BoardView(COLS, ROWS, self.place_at)
        self.board.on_drop = lambda at, f: self._mine() is not None and self.win.answer({"at": str(at),
                                                                                          "facing": f.name})
        self.sheet = QTextBrowser()
        self.sheet.setObjectName("b5_forces")
        self.sheet.setWordWrapMode(QTextOption.WrapMode.WordWrap)  # "Enterprise", never "Enterpr ise"
        self.helpers = Helpers()
        tabs = QTabWidget()
        tabs.setObjectName("b5_sheet_tabs")
        tabs.addTab(self.sheet, "Forces")
        tabs.addTab(self.helpers, "Helpers")
        self.sheet.setMinimumWidth(self.sheet.fontMetrics().horizontalAdvance("x" * SHEET_CHARS))
        split = BoardSplit(self.board, tabs, self.sheet)  # the sheet below the board on a narrow window
        split.setObjectName("b5_split")
        self.built = QLabel(NOT_BUILT)
        self.built.setObjectName("b5_not_built")
        self.built.setToolTip(f"<p>{NOT_BUILT_ALL}</p><p>{BUILT}</p><p>{NOT_BUILT_WHY}</p>")
        self.built.setWordWrap(True)
        self.built.setTextFormat(Qt.TextFormat.RichText)
        box = QWidget()
        lay = QVBoxLayout(box)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.built)
        lay.addWidget(split, 1)
        self.central: QWidget = box
        self.prompt = QLabel()
        self.prompt.setObjectName("b5_prompt")
        self.prompt.setTextFormat(Qt.TextFormat.RichText)
        self.prompt.setWordWrap(True)
        self.hex_edit = QLineEdit()
        self.hex_edit.setObjectName("b5_hex")
        self.hex_edit.setPlaceholderText("hex, e.g. 1030")
        self.hex_edit.setMaximumWidth(110)
        self.facing = QComboBox()
        self.facing.setObjectName("b5_facing")
        self.facing.addItems([TOWARD] + [f.name for f in Facing])  # a meeting's opens toward the enemy (seed 003)
        self.facing.setToolTip("The ship's facing: A towards the top of the board, then clockwise; to enemy: facing "
                               "the nearest enemy ship placed, else the board's centre")
        self.place_button = QPushButton("&Place")
        self.place_button.setObjectName("b5_place")
        self.place_button.clicked.connect(self.place_typed)
        self.hex_edit.returnPressed.connect(self.place_typed)
        self.bar = PlaceBar(self.prompt, self.hex_edit, (self.facing, self.place_button))
        self.bar.setObjectName("b5_place_bar")
        self.bar_layout = self.bar.outer
        self.widgets: list[QWidget] = [self.bar]
        self.flown: set[str] = set()
        """The vortices whose scatter the board has shown (a redraw from scratch shows none again)."""
        self.filled = ""
        self.picked = ""
        """The flight a board click picked while its side moves flights (flight_clicks.py)."""
        """The plot question whose default the bar was last filled with (a redraw keeps what is typed)."""

    def _run(self) -> B5Battle | None:
        b = self.win.b
        return b if isinstance(b, B5Battle) else None

    def _mine(self) -> Question | None:
        """The pending placement or plot when the one at the screen may answer it."""
        run = self._run()
        q = run.pending if run is not None else None
        return q if q is not None and self.handles(q) and self.win.viewer in (q.to, GM) else None

    # -- the toolbar -------------------------------------------------------------------------------
    def actions(self) -> list[tuple[str, Any, str, str]]:
        """(text, slot, shortcut, tip) of the board's toolbar actions."""
        return [("Fit ships", self.fit, "Ctrl+0", "Fit the ships, the vortices and the legal zone in the board"),
                ("Fit board", lambda: self.board.fit(whole=True), "Ctrl+9", "Show the whole board")]

    def fit(self) -> None:
        """Show the ships, the vortices and the zone being offered, with room about them."""
        self.board.fit()

    # -- the panel seam ----------------------------------------------------------------------------
    def handles(self, q: Question) -> bool:
        """Placements (on the board or typed), plots, ELINT orders and a secondary jump point (typed in the bar)."""
        return q.kind is QKind.PLACE or any(k in q.data for k in ("plot", "elint", "tactical", "secondary",
                                                                  "fighter_orders", "flights"))

    def unit_names(self) -> dict[str, str]:
        run = self._run()
        return run.unit_names() if run is not None else {}

    def refused(self, text: str) -> None:
        self.prompt.setText(f"<span style='color:#c01010'><b>Refused</b>: {escape(text)}</span>")
        self.bar.fit()
        self.hex_edit.selectAll()  # kept to read, selected: the next hex typed replaces it (issue 22)

    def hide_secrets(self) -> None:
        self.board.show_zone([])
        self.board.show_ships([], [], [])
        self.board.show_flights([])
        self.picked = ""
        self.sheet.clear()
        self.prompt.clear()
        self.hex_edit.clear()  # a plot typed and not given is the typist's secret (issue 20)
        self.filled = ""

    def dialog_odds(self, q: Question) -> str | None:
        """The engine's exact odds for a fire target question, as a table for its dialog."""
        run = self._run()
        odds = run.question_odds() if run is not None else {}
        if not odds:
            return None
        rows = "".join(f"<tr><td>{escape(k)}</td><td>{escape(str(v))}</td></tr>" for k, v in odds.items())
        return f"<table cellspacing=4><tr><th>target</th><th>chance to hit</th></tr>{rows}</table>"

    def place_at(self, at: Label) -> None:
        """Answer the pending placement with ``at`` and the facing chosen in the bar."""
        q = self._mine()
        run = self._run()
        if q is not None and "flights" in q.data and run is not None:  # a flight picked, then its hex
            flight_clicks.click(self, run, q.data["flights"], at)
        elif q is not None and q.kind is QKind.PLACE:
            self.win.answer({"at": str(at), "facing": self._faced(str(at))})

    def board_labels(self) -> tuple[Label, ...]:
        """Every hex of the board."""
        run = self._run()
        return run.engine.board.labels if run is not None else ()

    def place_typed(self) -> None:
        """Answer with the bar: a hex and the facing, or a plot."""
        q = self._mine()
        if q is None:
            return
        text = self.hex_edit.text().strip()
        raw = {"at": text, "facing": self._faced(text)} if q.kind is QKind.PLACE else plot_bar.given(q, text)
        if self.win.answer(raw) is None:
            self.hex_edit.clear()  # given: the bar is empty for the next question, or holds its plot
            self.filled = ""
            self._fill(self._mine())

    def _faced(self, at: str) -> str:
        """The facing box's letter; toward the enemy: the engine's facing for a ship at ``at`` (A, any hex refused)."""
        run, f = self._run(), self.facing.currentText()
        if f != TOWARD or run is None:
            return f
        try:
            return usual_facing(run.engine.board, (run.engine.placing or (0, None))[1], Label.parse(at)).name
        except ValueError:
            return "A"

    def _focus_bar(self) -> None:
        if self.bar.isEnabled() and self.hex_edit.isVisible():
            self.hex_edit.setFocus()

    def _fill(self, q: Question | None) -> None:
        """A new plot opens at the engine's default, straight on (a redraw keeps what is typed)."""
        if q is not None and q.kind is not QKind.PLACE and q.key != self.filled:
            self.hex_edit.setText(plot_bar.opening_text(q))  # speed 0: empty, the words say why
        self.filled = q.key if q is not None else ""

    # -- drawing -----------------------------------------------------------------------------------
    def draw(self, change: BattleChange | None) -> None:
        run = self._run()
        if run is None:
            return
        viewer = self.win.viewer or TABLE
        e = run.engine
        seen = sight(run, viewer)
        teams = [e.defender, e.attacker]
        ships, rings = [], []
        commands = {s.command for f in e.forces.values() for s in f.squadrons}  # after any succession
        for uid, at in e.at.items():
            u = e.units[uid]
            if not seen.knows(uid, u.unit.name) or u.status.value != "present":
                continue  # a destroyed or captured ship leaves the board
            team = teams.index(u.team) if u.team in teams else 2
            ships.append((u.unit.name, at, e.facing[uid], team, uid in commands))
            if uid in commands:
                rings.append((at, e.ring(uid), team))
        self.helpers.read_as(e.settings.dogfight, e.settings.morale_rounding)
        self.board.show_ships(ships, rings, scatter.shown(e))  # the jump-in's before turn 1, a jump out's
        self.board.show_flights(*flight_clicks.counters(run, viewer))
        new = [x for x in e.vortices if x not in self.flown]
        self.flown = set(e.vortices)
        for x in new:  # a vortex formed since the board last showed it: its scatter flies on the board
            self.board.animate(e.vortex_from[x], e.vortices[x])
        q = self._mine()
        self.board.show_zone(run.legal() if q is not None else [])
        placing = q is not None and q.kind is QKind.PLACE
        waiting.offer(self, run, q if placing else None)  # the ship's own counter in its tray, dragged to its hex
        self.bar.setVisible(q is not None)  # not greyed under a GM's question or once resolved (issue 22)
        plot = q is not None and q.kind is not QKind.PLACE
        self.facing.setVisible(not plot)
        elint = q is not None and "elint" in q.data
        moves = q is not None and "tactical" in q.data
        second = q is not None and "secondary" in q.data
        orders, flying = q is not None and "fighter_orders" in q.data, q is not None and "flights" in q.data
        self.place_button.setText("&Give orders" if elint or moves or second or orders or flying else
                                  "&Give plot" if plot else "&Place")
        self.hex_edit.setPlaceholderText("e.g. offensive; jam fire control SHIP" if elint else "e.g. Claw 1234"
                                         if moves else "e.g. Fang at 4050 A turn 3, or none" if second
                                         else "e.g. FL1 attack SHIP; FL2 superiority 1010" if orders
                                         else "click a flight, then its hex; launch FL1; FL2 land [SHIP]" if flying
                                         else plot_bar.STAY_WORDS if plot_bar.stays_put(q)
                                         else "e.g. FF F FF" if plot else "hex, e.g. 1030")
        self.hex_edit.setMaximumWidth(16777215 if plot else 110)  # orders take the bar's width (QT_SCALE_FACTOR=2)
        self.bar_layout.setStretch(0, 0 if plot else 1)
        self.bar_layout.setStretch(1, 1 if plot else 0)
        asked = q is not None and q.key != self.filled
        if asked and placing and q is not None:  # the engine's usual facing (a jump-in's: the letter last picked)
            self.facing.setCurrentText(q.data.get("facing") or self.facing.currentText().replace(TOWARD, "A"))
        self._fill(q)
        if asked:  # a new placement or plot: typed at once, Return gives it (the keyboard's way, issue 19),
            QTimer.singleShot(0, self._focus_bar)  # once the window shows the panel (after a hand-over)
        board_ship = self.board.waiting.item is not None
        if q is not None:  # the question itself is read above, in the window's question label
            self.prompt.setText("ELINT orders:" if elint else "Squadron moves:" if moves else "Fighter orders:"
                                if orders else "Flights:" if flying else
                                "Jump point:" if second else "Plot:" if plot else
                                "Click the gate's hex (its direction in the facing box), or type none"
                                if q.data.get("role") == "jump gate" else
                                "Click the hex the energy mines centre on (green: in reach), or type none"
                                if q.data.get("role") == "mines" else
                                f"{'Drag the waiting ship to' if board_ship else 'Click'} a green hex, or type it"
                                if run.legal() else "Click any hex, or type it")
        else:
            self.prompt.setText("")
        self.bar.fit()
        self.sheet.setHtml(self._sheet(run, viewer))

    def _sheet(self, run: B5Battle, viewer: str) -> str:
        e = run.engine
        seen = sight(run, viewer)
        rows = [f"<p><b>{escape(run.status().stage)}</b></p>"]
        for team in (e.defender, e.attacker):
            rows.append(f"<h3>{escape(e.name(team))}</h3><ul>")
            force = e.forces.get(team)
            flag = fleet.designated_flagship(e, team) if force else ""  # none marked while it is being designated
            for s in force.squadrons if force else ():
                names = []
                for uid in s.ships:
                    u = e.units[uid]
                    if seen.knows(uid, u.unit.name):
                        where = f" at {e.at[uid]}" if uid in e.at else ""
                        fate = "" if u.status.value == "present" else f" ({u.status.value})"
                        fate += " <i>out of command</i>" if uid in e.out_of_command else ""
                        base = u.unit.b5
                        hurt = damage.summary(base, e.hits.get(uid, {}), e.structure_lost.get(uid, 0)) if base else ""
                        fate += (f" [{escape(hurt)}]" if hurt else "") + specials_view.tags(e, uid)
                        names.append(f"{escape(u.unit.name)}{where}{fate}")
                if names:
                    rows.append(f"<li>squadron <b>{escape(s.name)}</b>"
                                f"{' (flag)' if s.command == flag else ''}"
                                f"{' (on patrol)' if s.name in e.patrols else ''}"
                                f"{' (outside the command net: 75%)' if s.name in e.net.outside.get(team, ()) else ''}"
                                f"{self._morale(run, s.name)}: "
                                + ", ".join(names) + "</li>")
            for uid in force.escorts if force else ():
                u = e.units[uid]
                if seen.knows(uid, u.unit.name):
                    where = f" at {e.at[uid]}" if uid in e.at else ""
                    rows.append(f"<li>escort: {escape(u.unit.name)}{where}</li>")
            for uid in force.flights if force else ():
                u = e.units[uid]
                if seen.knows(uid, u.unit.name):
                    fate = "" if u.status.value == "present" else f", {u.status.value}"
                    where = flight_clicks.where(run, uid) if not fate else ""
                    rows.append(f"<li>flight: {escape(u.unit.name)} ({fighters.left(e, uid)} fighters{fate})"
                                f"{escape(where)}</li>")
            rows.append("</ul>")
        return "".join(rows)

    @staticmethod
    def _morale(run: B5Battle, name: str) -> str:
        """A squadron's morale left, and its withdrawal (rules/systems/b5/morale.py)."""
        e = run.engine
        total = grey(e, name)
        left = f" (morale {total - e.marked[name]} of {total})" if e.marked.get(name) else ""
        return left + (" <b>withdrawing</b>" if name in e.withdrawing else "")

    def report(self, viewer: str) -> str:
        run = self._run()
        body = self._sheet(run, viewer) if run is not None else ""
        return (f"<html><body><h1>Battle Hex {self.win.at} (Babylon 5 Fleet Action)</h1>{body}"
                f"<h2>Log</h2>{self.report_log(run, viewer)}</body></html>")  # each event's replay link
