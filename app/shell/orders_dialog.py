"""A power's own Turn Orders (seed 004, issue 23, ``settings.turn_orders`` powers), shown behind
its Team's hand-over screen: one order at a time - a unit of its list at one of its planets, a
planet's next Productivity point, a crippled unit's repair, Intel Points, a project cancelled - or
"my orders are done". The engine judges each order (rules/turn/orders.py, purchases.py); the
dialog only gathers it, and shows only this power's pool, planets, units and projects."""
from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import (QComboBox, QDialog, QDialogButtonBox, QFormLayout, QLabel, QSpinBox, QStackedWidget,
                               QVBoxLayout, QWidget)

from rules.economy.income import points
from rules.model.campaign import Campaign
from rules.turn.purchases import room

KINDS = (("purchase", "Buy a unit"), ("productivity", "Buy a planet's next Productivity point"),
         ("repair", "Repair a crippled unit"), ("intel", "Buy Intel Points"), ("cancel", "Cancel a project"),
         ("done", "My orders are done"))


class OrdersDialog(QDialog):
    """One Turn Order of ``power`` (or "done"); :meth:`answer` is it as ``main.py turn`` takes it."""

    def __init__(self, campaign: Campaign, power: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        p = campaign.power(power)
        assert p is not None
        self.c, self.p = campaign, p
        self.setWindowTitle(f"{p.name}: Turn Orders (004 Turn Orders Phase)")
        eco = p.economy
        lay = QVBoxLayout(self)
        waiting = [j for j in eco.projects] if eco is not None else []
        head = QLabel(f"{p.name}'s orders for turn {campaign.turn}, seen by its Team and the GM only. Point Pool "
                      f"{points(eco.point_pool) if eco else '0'}; {len(waiting)} project(s) waiting. Each order is "
                      "paid now; choose \"My orders are done\" when finished.")
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
            self.planet_box.addItem(f"{pl.name} ({s.at}): capacity left {points(cap)}, docks {docks}",
                                    (str(s.at), pl.name))
        self._page((("&Unit:", self.class_box), ("P&lanet:", self.planet_box)))
        self.grow_box = QComboBox()
        for s, pl in planets:
            self.grow_box.addItem(f"{pl.name} ({s.at}): Productivity {pl.productivity} -> {pl.productivity + 1} for "
                                  f"{10 * (pl.productivity + 1)}", (str(s.at), pl.name))
        self._page((("P&lanet:", self.grow_box),))
        self.repair_box = QComboBox()
        for s, pl in planets:
            units = [u for f in campaign.fleets if f.power == p.id and f.sector == s.at for u in f.units] + \
                (list(s.garrison) if s.owner == p.id else [])
            for u in units:
                if u.crippled:
                    self.repair_box.addItem(f"{u.name} at {pl.name} ({s.at})", (u.id, pl.name))
        self._page((("&Unit:", self.repair_box),))
        self.intel_box = QSpinBox()
        self.intel_box.setRange(1, 10_000)
        self._page((("&Intel Points (1 each):", self.intel_box),))
        self.cancel_box = QComboBox()
        for j in waiting:
            self.cancel_box.addItem(f"{j.unit_class if j.repair_of is None else 'repair of ' + j.repair_of} at "
                                    f"{j.planet} ({j.at}), paid {points(j.cost)}: 50% back", j.id)
        self._page((("&Project:", self.cancel_box),))
        self._page(())
        self.kind_box.currentIndexChanged.connect(self.pages.setCurrentIndex)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)

    def _page(self, rows: tuple[tuple[str, QWidget], ...]) -> None:
        page = QWidget()
        form = QFormLayout(page)
        for label, box in rows:
            box.setAccessibleName(label.replace("&", "").rstrip(":"))
            form.addRow(label, box)
        if not rows:
            form.addRow(QLabel("Close this power's orders for the turn: the next power, or the GM's movement orders."))
        self.pages.addWidget(page)

    def choose(self, kind: str) -> None:
        """Show the page of order ``kind`` (one of :data:`KINDS`)."""
        self.kind_box.setCurrentIndex([k for k, _ in KINDS].index(kind))

    def answer(self) -> Any:
        """The order (the power is the one asked): ``{"purchase": {class, at, planet}}``, ... or ``"done"``."""
        kind = str(self.kind_box.currentData())
        if kind == "purchase":
            at, planet = self.planet_box.currentData() or ("", "")
            return {"purchase": {"class": str(self.class_box.currentData()), "at": at, "planet": planet}}
        if kind == "productivity":
            at, planet = self.grow_box.currentData() or ("", "")
            return {"productivity": {"at": at, "planet": planet}}
        if kind == "repair":
            unit, planet = self.repair_box.currentData() or ("", "")
            return {"repair": {"unit": unit, "planet": planet}}
        if kind == "intel":
            return {"intel": {"points": self.intel_box.value()}}
        if kind == "cancel":
            return {"cancel": {"project": str(self.cancel_box.currentData())}}
        return "done"
