"""A power's own Turn Orders (seed 004, issue 23, ``settings.turn_orders`` powers), shown behind
its Team's hand-over screen: one order at a time - a unit of its list at one of its planets, a
planet's next Productivity point, a crippled unit's repair, Intel Points, a project cancelled, a
unit scrapped, a ground unit raised, Census loaded on a Colony Fleet, a unit sent to Reserve,
mothballed or reactivated, an Escort assigned or removed, a Trade Fleet's route, a newly built flight
sent to replace a loss - or "my orders
are done". The engine judges each order
(rules/turn/orders.py, purchases.py, ...); the repairs and the newer orders list only what the
engine accepts now, in the words of the log line it would write (the cost, the refund, the Point
Pool before and after: rules/turn/order_choices.py), filled when their kind is chosen. A refused
order's rule and reason are shown in the dialog (:meth:`OrdersDialog.refused`). The dialog shows
only this power's pool, planets, units and projects."""
from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import (QComboBox, QDialog, QDialogButtonBox, QFormLayout, QInputDialog, QLabel, QLineEdit,
                               QPushButton, QSizePolicy, QSpinBox, QStackedWidget, QTextBrowser, QVBoxLayout, QWidget)

from rules.battlehex.log import GM
from rules.economy.income import points
from rules.model.campaign import Campaign
from rules.turn.colonize import founded
from rules.turn.order_choices import Missions, Offer, base_places, missions, offers
from rules.turn.purchases import room
from rules.battlehex.words import possessive
from app.widgets.titles import fit_title, plain_words
from app.shell.diplomacy_form import DiplomacyForm

KINDS = (("done", "My orders are done"), ("purchase", "Buy a unit"),
         ("productivity", "Buy a planet's next Productivity point"),
         ("repair", "Repair a crippled unit"), ("intel", "Buy Intel Points"), ("cancel", "Cancel a project"),
         ("scrap", "Scrap a unit (50% back)"), ("ground", "Raise a ground unit"),
         ("colonize", "Load Census on a Colony Fleet"), ("settle", "Choose the planet a Colony Fleet settles"),
         ("reserve", "Send a unit to Reserve"),
         ("mothball", "Mothball a ship"), ("reactivate", "Reactivate a unit"),
         ("mission", "Intel mission against another power"), ("escort", "Assign or remove an Escort"),
         ("route", "Give a Trade Fleet a new route"), ("replace", "Send a new flight to replace a loss"),
         ("diplomacy", "Diplomacy: a treaty, a break or a declaration"))
"""The order kinds, in the Order list's order: the dialog opens at the first, "done" (Return closes the
power's orders; it never spends points nor orders a unit the power's list may not hold)."""
LISTED = {"repair": "&Repair:", "scrap": "&Scrap:", "ground": "&Raise:", "colonize": "&Load:",
          "settle": "Se&ttle:", "reserve": "&Unit:", "mothball": "&Ship:", "reactivate": "&Unit:", "escort": "&Escort:",
          "replace": "&Flight:"}
"""The kinds offered from the engine's list (rules/turn/order_choices.py), with their field's label."""


class OrdersDialog(QDialog):
    """One Turn Order of ``power`` (or "done"); :meth:`answer` is it as ``main.py turn`` takes it."""

    def __init__(self, campaign: Campaign, power: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        p = campaign.power(power)
        assert p is not None
        self.c, self.p = campaign, p
        self.setWindowTitle(fit_title(f"{p.name}: Turn Orders"))  # the rule is in the words
        self.setMinimumWidth(640)  # the orders' lines are long (the engine's words, with the pool)
        eco = p.economy
        lay = QVBoxLayout(self)
        waiting = [j for j in eco.projects] if eco is not None else []
        projects = {0: "no project", 1: "1 project"}.get(len(waiting), f"{len(waiting)} projects")
        head = QLabel(f"{possessive(p.name)} orders for turn {campaign.turn} (Turn Orders Phase), seen by its Team and "
                      "the GM only. "
                      f"Point Pool {points(eco.point_pool) if eco else '0'}; {projects} waiting. "
                      "Each order is paid now; choose \"My orders are done\" when finished.")
        head.setWordWrap(True)
        lay.addWidget(head)
        form = QFormLayout()
        self.kind_box = QComboBox()
        self.kind_box.setAccessibleName("Order")
        for k, words in KINDS:
            self.kind_box.addItem(words, k)
        form.addRow("&Order:", self.kind_box)
        lay.addLayout(form)
        self.pages = QStackedWidget()
        lay.addWidget(self.pages)
        self._page(())  # "done", where the dialog opens
        planets = [(s, pl) for s in campaign.map.sectors for pl in (s.star_system.planets if s.star_system else [])
                   if pl.owner == p.id]
        # a unit of the list at a planet
        self.class_box, self.planet_box = QComboBox(), QComboBox()
        for b in p.unit_list:
            when = f", in service Y{b.in_service}" if b.in_service is not None else ""
            self.class_box.addItem(f"{b.unit.class_designation} ({b.unit.name}): {points(b.cost)}{when}",
                                   b.unit.class_designation)
        for s, pl in planets:
            cap, docks = room(campaign, s, pl, campaign.turn)
            new = founded(campaign, p.id, s, pl)  # a colony's first turn: the engine refuses its orders
            self.planet_box.addItem(f"{pl.name} ({s.at}): capacity left {points(cap)}, docks {docks}" + (
                f" - a new colony (turn {new}): it builds nothing this turn" if new is not None else ""),
                (str(s.at), pl.name))
        self.place_box, self.place_note = QComboBox(), QLabel()  # a base outside the planet's orbit
        self.place_note.setWordWrap(True)
        self.unit_note = QLabel("" if p.unit_list else f"Nothing can be bought: {p.name} has no unit list in this "
                                "campaign (the rules: \"Each player has a list of ships they could build\"; the GM "
                                "enters it: Campaign > Unit Lists...).")
        self.unit_note.setWordWrap(True)
        self._page((("&Unit:", self.class_box), ("P&lanet:", self.planet_box), ("&Built:", self.place_box),
                    ("", self.place_note), ("", self.unit_note)))
        self.grow_box = QComboBox()
        for s, pl in planets:
            self.grow_box.addItem(f"{pl.name} ({s.at}): Productivity from {pl.productivity} to {pl.productivity + 1}, "
                                  f"for {10 * (pl.productivity + 1)}", (str(s.at), pl.name))
        self._page((("P&lanet:", self.grow_box),))
        self.lists: dict[str, QComboBox] = {}
        self.notes: dict[str, QLabel] = {}
        self.offered: dict[str, list[Offer]] = {}
        self._listed("repair")
        self.intel_box = QSpinBox()
        self.intel_box.setRange(1, 10_000)
        self._page((("&Intel Points (1 each):", self.intel_box),))
        self.cancel_box = QComboBox()
        for j in waiting:
            self.cancel_box.addItem(f"{j.unit_class if j.repair_of is None else 'repair of ' + j.repair_of} at "
                                    f"{j.planet} ({j.at}), paid {points(j.cost)}: 50% back", j.id)
        self._page((("&Project:", self.cancel_box),))
        for k in ("scrap", "ground", "colonize", "settle", "reserve", "mothball", "reactivate"):
            self._listed(k)
        self._mission_page()
        self._listed("escort")
        self.route_fleet = QComboBox()
        for f in campaign.fleets:
            if f.power == p.id and f.kind.value == "trade":
                self.route_fleet.addItem(f"{f.name} at {f.sector}, trading along "
                                         f"{', '.join(str(x) for x in f.trade_route) or 'no route'}", f.id)
        self.route_text = QLineEdit()
        self.route_text.setPlaceholderText("one to three adjacent sectors, e.g. 0207 0307 0306")
        self._page((("&Trade Fleet:", self.route_fleet), ("&New route:", self.route_text)))
        self._listed("replace")
        self.diplomacy = DiplomacyForm(campaign, p.id)  # its own diplomacy (app/shell/diplomacy_form.py)
        self.pages.addWidget(self.diplomacy)
        self.refusal = QLabel()
        self.refusal.setWordWrap(True)
        self.refusal.setStyleSheet("color: #b00020")
        self.refusal.setAccessibleName("Refused")
        self.refusal.hide()
        lay.addWidget(self.refusal)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)
        self.ok_button: QPushButton = buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.kind_box.currentIndexChanged.connect(self._shown)
        self._shown(self.kind_box.currentIndex())  # the page it opens at, its OK as for a kind chosen

    def _page(self, rows: tuple[tuple[str, QWidget], ...]) -> None:
        page = QWidget()
        form = QFormLayout(page)
        for label, box in rows:
            if label:
                box.setAccessibleName(label.replace("&", "").rstrip(":"))
            form.addRow(label, box)
        if not rows:
            form.addRow(QLabel("Close this power's orders for the turn: the next power, or the GM's movement orders."))
        self.pages.addWidget(page)

    def _listed(self, kind: str) -> None:
        """The page of a kind offered from the engine's list: the list, and a note under it."""
        box, note = QComboBox(), QLabel()
        note.setWordWrap(True)
        self.lists[kind], self.notes[kind] = box, note
        self._page(((LISTED[kind], box), ("", note)))

    def _mission_page(self) -> None:
        """The Intel mission order's page (rules/turn/intel_missions.py): its lists are filled from
        the engine's (rules/turn/order_choices.py ``missions``) when the kind is first chosen."""
        from rules.turn.intel_missions import KINDS as MISSIONS

        self.mission_box, self.staging_box, self.target_box = QComboBox(), QComboBox(), QComboBox()
        for m in MISSIONS:
            self.mission_box.addItem(m.capitalize(), m)
        self.mission_points = QSpinBox()
        self.mission_details = QLineEdit()
        self.mission_note = QLabel()
        self.mission_note.setWordWrap(True)
        self.mission_risks = QTextBrowser()  # Exhibit B's figures, the seed's only ones: scrolled, not cut, at scale 2
        self.mission_risks.setFixedHeight(self.mission_risks.fontMetrics().lineSpacing() * 5 + 12)
        self.mission_lists: Missions | None = None
        self._page((("&Mission:", self.mission_box), ("S&taging system:", self.staging_box),
                    ("Tar&get system:", self.target_box), ("Intel &Points:", self.mission_points),
                    ("&Details:", self.mission_details), ("", self.mission_note), ("&Risks:", self.mission_risks)))

    def _fill_missions(self) -> None:
        got = self.mission_lists = missions(self.c, self.p.id)
        for at, left in got.staging:
            self.staging_box.addItem(f"{at}: Census {left} left this turn", at)
        for at, whose in got.targets:
            self.target_box.addItem(f"{at} ({whose})", at)
        self.staging_box.currentIndexChanged.connect(self._staged)
        self._staged(self.staging_box.currentIndex())
        self.mission_box.currentIndexChanged.connect(self._risks)
        self.target_box.currentIndexChanged.connect(self._risks)
        self._risks()
        self.mission_note.setText(
            f"Military Intel Pool {got.pool}; at most the staging system's Census left this turn; the GM rules the "
            "mission (the rules give no table)." if got.targets else
            f"Nothing can be ordered so now - for instance {plain_words(got.refused)}.")

    def _risks(self) -> None:
        """What the chosen mission against the chosen target risks, before OK: the target's chances against
        this power now and if the GM rules it caught or implicated (rules/turn/mission_stakes.py)."""
        from rules.turn.mission_stakes import at_target

        lines = at_target(self.c, self.p.id, str(self.target_box.currentData() or ""),
                          str(self.mission_box.currentData()))
        self.mission_risks.setPlainText("\n\n".join(lines))
        form = self.mission_risks.parentWidget().layout()
        assert isinstance(form, QFormLayout)
        form.setRowVisible(self.mission_risks, bool(lines))  # no target: no Risks row

    def _staged(self, index: int) -> None:
        """A staging system chosen: the points run from 1 to its Census left, within the pool."""
        got = self.mission_lists
        left = got.staging[index][1] if got is not None and 0 <= index < len(got.staging) else 0
        pool = got.pool if got is not None else 0
        self.mission_points.setRange(min(1, pool), max(0, min(pool, left)))

    def _shown(self, index: int) -> None:
        """Kind ``index`` chosen: its page shown, its list asked of the engine the first time."""
        self.pages.setCurrentIndex(index)
        for i in range(self.pages.count()):  # the stack as tall as the page shown, not its tallest (the mission's)
            self.pages.widget(i).setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred if i == index
                                               else QSizePolicy.Policy.Ignored)
        self.refusal.hide()
        kind = KINDS[index][0]
        if kind in self.lists and kind not in self.offered:
            judged = offers(self.c, self.p.id, kind)
            legal = [o for o in judged if not o.refused]
            refused = [o.refused for o in judged if o.refused]
            self.offered[kind] = legal
            box = self.lists[kind]
            for o in legal:
                box.addItem(o.text.removeprefix(f"{self.p.name} orders: ").removeprefix(f"{self.p.name}: "), o.kind)
            if not legal:
                self.notes[kind].setText("Nothing can be ordered so now" + (
                    f" - for instance {plain_words(refused[0])}" if refused else f": {self.p.name} has nothing it applies to") + ".")
            else:  # the chosen order's whole line under the list, which a narrow dialog cuts
                box.currentIndexChanged.connect(lambda i, k=kind: self._said(k, i))
                self._said(kind, box.currentIndex())
        if kind == "purchase" and not self.place_box.count():
            self._places()
            self.class_box.currentIndexChanged.connect(self._places)
            self.planet_box.currentIndexChanged.connect(self._places)
        if kind == "mission" and self.mission_lists is None:
            self._fill_missions()
        self.ok_button.setEnabled((kind not in self.lists or bool(self.offered.get(kind))) and (
            kind != "purchase" or bool(self.p.unit_list)) and (
            kind != "mission" or bool(self.mission_lists and self.mission_lists.targets and self.mission_lists.pool)) and (
            kind != "route" or self.route_fleet.count() > 0))
        self._fit()  # the chosen page's lines whole (the note under a list wraps to two or three)

    def _fit(self) -> None:
        """The dialog at the height its page needs, up to the screen's: adjustSize stops at 2/3 of the screen,
        which at QT_SCALE_FACTOR=2 on a 1000-pixel screen cut the mission page's Risks box."""
        self.adjustSize()
        lay, screen = self.layout(), self.screen()
        want = lay.totalHeightForWidth(self.width()) if lay.hasHeightForWidth() else lay.totalSizeHint().height()
        if screen is not None and want > self.height():
            self.resize(self.width(), min(want, screen.availableGeometry().height() - 40))  # the title bar's room

    def _places(self) -> None:
        """The Built list for the unit and planet chosen: in the planet's orbit, or each place the
        engine accepts for a base with its Transport Fleets (rules/turn/order_choices.py base_places)."""
        self.place_box.clear()
        self.place_box.addItem("in the planet's orbit (a ship or flight: at the planet)", None)
        at, planet = self.planet_box.currentData() or ("", "")
        judged = base_places(self.c, self.p.id, str(self.class_box.currentData()), at, planet)
        for o in judged:
            if not o.refused:
                where = dict(o.body)["elsewhere"]
                self.place_box.addItem(f"elsewhere at {where['at']}, carried by {', '.join(where['transports'])}",
                                       where)
        self.place_note.setText(f"Not outside the orbit now: {plain_words(judged[0].refused)}" if judged and judged[0].refused
                                else "Outside the planet's orbit: one Transport Fleet per 10 EP, which must "
                                     "still be there at Construction Completion (else the points are lost)."
                                if len(judged) else "")

    def _said(self, kind: str, index: int) -> None:
        """The note under ``kind``'s list: the chosen order in the engine's words, paid now."""
        chosen = self.offered.get(kind, [])
        if 0 <= index < len(chosen):
            paid = "As" if kind in ("escort", "replace", "settle") else "Paid now, as"  # these cost nothing now
            self.notes[kind].setText(f"{paid} the engine logs it: {chosen[index].text}")

    def refused(self, why: str) -> None:
        """The engine refused the order given: its rule and reason shown above the buttons."""
        self.refusal.setText(f"Refused: {plain_words(why)}")
        self.refusal.show()
        self.adjustSize()  # the refusal's lines whole, the page's note above them too

    def choose(self, kind: str) -> None:
        """Show the page of order ``kind`` (one of :data:`KINDS`)."""
        self.kind_box.setCurrentIndex([k for k, _ in KINDS].index(kind))

    def answer(self) -> Any:
        """The order (the power is the one asked): ``{"purchase": {class, at, planet}}``, ... or ``"done"``."""
        kind = str(self.kind_box.currentData())
        if kind == "purchase":
            at, planet = self.planet_box.currentData() or ("", "")
            where = self.place_box.currentData()
            return {"purchase": {"class": str(self.class_box.currentData()), "at": at, "planet": planet,
                                 **({"elsewhere": where} if where else {})}}
        if kind == "productivity":
            at, planet = self.grow_box.currentData() or ("", "")
            return {"productivity": {"at": at, "planet": planet}}
        if kind in self.lists:
            chosen = self.offered.get(kind, [])
            i = self.lists[kind].currentIndex()
            return chosen[i].order() if 0 <= i < len(chosen) else {kind: {}}
        if kind == "intel":
            return {"intel": {"points": self.intel_box.value()}}
        if kind == "mission":
            body: dict[str, Any] = {"mission": str(self.mission_box.currentData()),
                                    "staging": str(self.staging_box.currentData()),
                                    "target": str(self.target_box.currentData()),
                                    "intel": self.mission_points.value()}
            if self.mission_details.text().strip():
                body["details"] = self.mission_details.text().strip()
            return {"mission": body}
        if kind == "diplomacy":
            return dict([self.diplomacy.answer()])
        if kind == "cancel":
            return {"cancel": {"project": str(self.cancel_box.currentData())}}
        if kind == "route":
            return {"route": {"fleet": str(self.route_fleet.currentData()),
                              "route": self.route_text.text().replace(",", " ").split()}}
        return "done"


def orders_closed(campaign: Campaign, what: str) -> str:
    """Why ``what`` (a kind of Turn Order) cannot be given now, in words that fit the status bar at
    QT_SCALE_FACTOR=2 on a 1600-pixel screen and name no file key; "" when it can (the long reading is
    the Turn Orders entries' tooltip, :data:`app.shell.menus.ORDERS_WHY`)."""
    from rules.model.records import Phase

    if campaign.settings.empire_turn != "seed004":
        return f"{what}: this campaign's empire turn is kept by hand (Campaign > Settings...)"
    if campaign.phase is not Phase.ORDERS:
        return f"{what}: only in the Turn Orders Phase, before End Movement"
    return ""


def gm_orders(window: Any) -> None:
    """Turn > Turn Orders for a Power... (issue 23): the GM enters a power's Turn Orders in the same
    dialog a power uses (the powers the GM runs: all of them under ``settings.turn_orders`` gm),
    each order one undoable step, a refused one shown in the dialog with its rule, until "done"."""
    from rules.errors import RuleError
    from rules.turn.orders import KINDS as JUDGED

    if window.session is None:
        return
    c = window.session.campaign
    closed = orders_closed(c, "Turn Orders")
    if closed:
        window.statusBar().showMessage(closed, 10000)
        return
    mine = [p for p in c.powers if c.settings.turn_orders != "powers" or c.team_of_power(p.id) is None
            or c.team_of_power(p.id).id == GM]  # a player's power enters its own (Turn > Answer...)
    if not mine:
        window.statusBar().showMessage("Each power enters its own Turn Orders: Turn > Answer the Phase's Questions",
                                       10000)
        return
    ask = QInputDialog(window)
    ask.setWindowTitle("Turn Orders for a Power")
    ask.setLabelText("The power whose Turn Orders the GM enters (Turn Orders Phase):")
    ask.setComboBoxItems([p.name for p in mine])
    ask.setComboBoxEditable(False)
    window.orders_power_dialog = ask
    if ask.exec() != QDialog.DialogCode.Accepted:
        return
    power = next(p for p in mine if p.name == ask.textValue())
    dialog = OrdersDialog(window.session.campaign, power.id, window)
    window.orders_dialog = dialog
    while dialog.exec() == QDialog.DialogCode.Accepted:
        raw = dialog.answer()
        if raw == "done":
            window.statusBar().showMessage(f"{possessive(power.name)} Turn Orders closed", 8000)
            return
        kind, body = next(iter(raw.items()))
        try:  # the step's words name no target: the undo list is the table's
            window.session.apply(f"Turn Orders of {power.name}: {dialog.kind_box.currentText().lower()}",
                                 lambda now: JUDGED[kind](now, {**body, "power": power.id}))
        except RuleError as e:
            dialog.refused(str(e))
            continue
        window.statusBar().showMessage(window.session.campaign.log[-1].text, 10000)
        dialog = OrdersDialog(window.session.campaign, power.id, window)  # the lists as they are now
        window.orders_dialog = dialog
