"""The strategic map's right-click menus: a fleet counter's (give orders, inspect, fight its
Battle Hex, clear orders, centre) and a sector's (centre, inspect, fight it when it is an open
Battle Hex, and with which battle system). Each entry calls the view (``start_pick``, ``centre_on``) or its planner
(``inspect_fleet``, ``inspect_sector``, ``clear_orders``, ``fight``); whether a sector is an
open Battle Hex is the engine's answer. The menus decide nothing themselves.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QMenu

from hexmap import Label
from rules.model import Fleet
from rules.model.records import BattleHexRecord
from rules.strategic.turn import open_battle_hexes
from rules.turn.logistics import actions, when_refused

if TYPE_CHECKING:
    from app.strategic.view import StrategicView


def open_battle_hex(view: StrategicView, at: Label) -> BattleHexRecord | None:
    """The open Battle Hex at ``at`` in the planner's campaign, if there is one."""
    campaign = view.planner.campaign
    if campaign is None:
        return None
    return next((b for b in open_battle_hexes(campaign) if b.at == at), None)


def fleet_menu(view: StrategicView, fleet: Fleet) -> QMenu:
    """A fleet counter's menu: orders, inspect, fight its Battle Hex, clear orders, centre."""
    menu = QMenu(view)
    menu.setObjectName("fleet_menu")
    menu.setToolTipsVisible(True)
    fid, name = fleet.id, fleet.name
    menu.addSection(name)
    act = menu.addAction("Give orders...", lambda: view.start_pick(fid))
    act.setToolTip("Click the destination sector next (or drag the counter along the lanes)")
    menu.addAction("Inspect", lambda: view.planner.inspect_fleet(fid))
    record = open_battle_hex(view, fleet.sector) if fleet.in_transit_to is None else None
    act = menu.addAction("Fight its Battle Hex" + (f" ({record.at})" if record else ""),
                         lambda: view.planner.fight(at=record.at))
    act.setEnabled(record is not None)
    if record is None:
        act.setToolTip(f"{fleet.sector} is not an open Battle Hex")
    else:  # as from the sector's menu: the counter covers most of its hex (issue 22, real screen)
        _systems_menu(view, menu, record.at)
    act = menu.addAction("Clear orders", lambda: view.planner.clear_orders(fid))
    act.setEnabled(bool(fleet.orders))
    _cargo_menu(view, menu, fleet)
    menu.addSeparator()
    menu.addAction("Centre here", lambda: view.centre_on(str(fleet.sector)))
    return menu


def stack_menu(view: StrategicView, fleets: list[Fleet]) -> QMenu:
    """Where fleet counters are stacked: every fleet under the pointer, top first, each with its
    own menu, so a counter hidden under another is reached in one right click (issue 22)."""
    menu = QMenu(view)
    menu.setObjectName("stack_menu")
    menu.setToolTipsVisible(True)
    menu.addSection(f"{len(fleets)} fleets stacked here")
    for fleet in fleets:
        sub = fleet_menu(view, fleet)
        sub.setParent(menu, sub.windowFlags())
        sub.setTitle(fleet.name)
        menu.addMenu(sub)
    return menu


def _cargo_menu(view: StrategicView, menu: QMenu, fleet: Fleet) -> None:
    """Embark, land and deploy where the fleet stands (the engine lists them and judges each)."""
    campaign = view.planner.campaign
    if campaign is None:
        return
    choices = actions(campaign, fleet.id)
    sub = menu.addMenu("Cargo")
    sub.setObjectName("cargo_menu")
    sub.setToolTipsVisible(True)
    if not choices:
        sub.setEnabled(False)
        sub.menuAction().setToolTip("Nothing to embark, land or deploy here")
        return
    why = when_refused(campaign)
    for choice in choices:
        act = sub.addAction(choice.text, lambda c=choice: view.planner.cargo(fleet.id, c))
        act.setEnabled(why is None)
        if why is not None:
            act.setToolTip(f"Invasion Phase: {why}")


def sector_menu(view: StrategicView, label: str) -> QMenu:
    """A sector's menu: centre, inspect, fight it if it is an open Battle Hex."""
    menu = QMenu(view)
    menu.setObjectName("sector_menu")
    menu.setToolTipsVisible(True)
    menu.addSection(f"Sector {label}")
    menu.addAction("Centre here", lambda: view.centre_on(label))
    menu.addAction("Inspect sector", lambda: view.planner.inspect_sector(label))
    record = open_battle_hex(view, Label.parse(label))
    act = menu.addAction("Fight this Battle Hex", lambda: view.planner.fight(at=record.at))
    act.setEnabled(record is not None)
    if record is None:
        act.setToolTip(f"{label} is not an open Battle Hex")
    else:  # how this Battle Hex is fought (rules/systems), until its battle has begun
        _systems_menu(view, menu, record.at)
    return menu


def _systems_menu(view: StrategicView, menu: QMenu, at: Label) -> None:
    """The "Fight it with" submenu: the battle system the open Battle Hex at ``at`` is fought with.
    Each system's description shows in the main window's status bar while its entry is hovered,
    not as a tooltip: seen on the real screen (issue 22), the long tooltip covered the entries
    below the hovered one."""
    from app.shell.menus import fill_systems_menu
    from app.widgets.titles import plain_words
    systems = menu.addMenu("Fight it with")
    systems.setObjectName("fight_with_menu")
    fill_systems_menu(systems, view.planner, at)
    systems.setToolTipsVisible(False)
    for act in systems.actions():
        act.setStatusTip(act.toolTip())
    bar = getattr(view.window(), "statusBar", None)
    if bar is None:
        return
    status = bar()
    tips = {plain_words(act.statusTip()) for act in systems.actions()}  # as the bar shows them (in words)
    systems.hovered.connect(lambda act: status.showMessage(act.statusTip()))
    systems.aboutToHide.connect(lambda: status.clearMessage() if status.currentMessage() in tips else None)
