"""Planning a fleet's orders towards a sector: the route along the jump lanes and the verdict
on it, as the strategic map asks while a fleet counter is dragged (seed 004 movement)."""
from __future__ import annotations

from dataclasses import dataclass

from hexmap import Label
from rules.model.campaign import Campaign, Fleet
from rules.strategic.movement import MOVE_RULE, OrderCheck, check_orders
from rules.strategic.state import StrategicState


@dataclass(frozen=True)
class Plan:
    """Orders for ``fleet`` that would take it to a sector.

    Attributes:
        fleet: the fleet.
        path: the sectors it would pass, its own first.
        orders: the sectors to enter (the orders to give); empty to clear its orders.
        check: the engine's verdict on ``orders`` (``ok`` for clearing them).
        clears: whether the plan is to clear the orders (dropped back where it stands).
    """

    fleet: Fleet
    path: tuple[Label, ...]
    orders: tuple[Label, ...]
    check: OrderCheck
    clears: bool = False

    def summary(self) -> str:
        """One line for the drag preview: where, how far, or why not (with the rule)."""
        if self.clears:
            return "drop here to clear the orders"
        n = len(self.orders)
        if self.check.ok:
            cargo = ", ".join(c.ground_unit.name if c.ground_unit else c.kind.value.replace("_", " ")
                              for c in self.fleet.cargo)
            return f"{self.path[-1]}: {n} sector{'s' if n != 1 else ''}, 1 turn" + (f"; carries {cargo}" if cargo
                                                                                    else "")
        return f"Refused: {self.check.reason} ({self.check.rule})"


def not_in_copy(fleet: Fleet, campaign: Campaign) -> str | None:
    """Why a Team copy (issue 23) gives ``fleet`` no orders: it is not a fleet of the copy's Team;
    ``None`` when it is, or ``campaign`` is no copy."""
    mark = campaign.team_copy
    team = campaign.team_of_power(fleet.power)
    if mark is None or (team is not None and team.id == mark.team):
        return None
    return f"{fleet.name} is not a fleet of your Team: a Team copy gives orders to its own fleets only"


def plan_orders(state: StrategicState, fleet_id: str, target: Label) -> Plan:
    """The orders that would take ``fleet_id`` to ``target`` along the lanes, and the verdict.

    Raises:
        KeyError: when there is no such fleet.
    """
    fleet = next((f for f in state.campaign.fleets if f.id == fleet_id), None)
    if fleet is None:
        raise KeyError(fleet_id)
    start = fleet.in_transit_to or fleet.sector
    foreign = not_in_copy(fleet, state.campaign)
    if foreign is not None:
        return Plan(fleet, (fleet.sector, target), (target,), OrderCheck(False, foreign, MOVE_RULE, bad_step=0))
    if target == fleet.sector and fleet.in_transit_to is None:
        return Plan(fleet, (fleet.sector,), (), OrderCheck(True), clears=True)
    route = state.graph.path(start, target)
    if route is None:
        return Plan(fleet, (fleet.sector, target), (target,),
                    OrderCheck(False, f"no jump lanes lead from {start} to {target}", MOVE_RULE, bad_step=0))
    orders = tuple(route[1:] if fleet.in_transit_to is None else route)
    return Plan(fleet, (fleet.sector, *orders), orders, check_orders(state, fleet, list(orders)))
