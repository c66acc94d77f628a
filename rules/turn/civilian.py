"""Civilian fleets, trade routes and escorts (seed 004 Movement Phase, Encounters Phase).

Seed 004: "Trade fleets, Transport fleets, and colony fleets represent several freighters as a
single campaign [unit]. Once battle is joined, these 'fleets' are represented by their
individual ships. The fleet is considered crippled when all of the ships are crippled. The unit
is considered destroyed when 3/4th (round up) of the units are destroyed. Destroyed units count
as two crippled units. Crippled units count as half a destroyed unit." Make-up: Trade Fleet
4x FT, Transport Fleet 7x FT, Colony Fleet 3x F-LS and 3x F-AL (PH).

Readings:

* The fleet's state is counted in halves of a destroyed unit: with ``n`` ships, ``d`` destroyed
  and ``c`` crippled (a destroyed ship counts only as destroyed), the fleet is *destroyed* when
  ``d + c/2 >= ceil(3n/4)``, else *crippled* when ``c + 2d >= n``, else *intact*. So a Trade
  Fleet (n 4) is destroyed by 3 destroyed FT, or 2 destroyed and 2 crippled; crippled by 2
  destroyed FT ("destroyed units count as two crippled units").
* "Transport Fleets have a Supply rating of 10": the whole rating rides on the fleet's first
  FT (``{id}-1``); the other six have none. The seed rates the fleet, not each freighter, and
  a rating of 10 does not split evenly over 7 ships; so losing that FT loses the fleet's
  capacity and its cargo (rules/turn/cargo.py), losing any other FT does not. Trade and
  Colony Fleets have no Supply rating (the seed gives them none).
* A trade route is one to three sectors of the map, no sector twice, each joined to the next
  by an open jump lane (a closed lane does not join); an empty sector counts as one system.
  An empty route is refused: "Trade Fleets generate income along a trade route".
* An escort is a *military* fleet of the civilian fleet's own power ("military escorts").
  The seed's "typically smaller combat ships like frigates or destroyers" is advice to the
  GM, not a limit BattleHex enforces. An escort of a Trade Fleet stands in a sector of its
  route; any other escort stands with its civilian fleet (same sector, same lane when between
  sectors).
* "Escorts follow the civilian fleet's movement": an escort in its civilian fleet's sector
  takes that fleet's orders; an escort of a Trade Fleet posted at another system of the route
  keeps its post (no orders of its own: an escort does not move by itself).
* Assignments are Turn Orders (issue 23; the seed: routes and escorts "reassigned during the
  movement phase", "Removing Escorts places them at the civilian fleet's current location"),
  taking effect at once, before the movement they steer, each its Team's secret in the log:
  ``{"escort": {"power", "fleet": F, "of": C}}`` makes the power's military fleet F an Escort of its
  civilian fleet C, F already standing where it may escort C (:func:`off_post`: "must be placed
  [...] at the beginning of the movement phase") and neither interned nor holding a unit in Reserve
  or mothballed (it could not follow); ``"of": null`` removes F, placed at C's current location
  with no orders; ``{"route": {"power", "fleet": T, "route": [...]}}`` gives Trade Fleet T a new
  route (:func:`trade_route_ok`), an escort left off it named in the log. The seed's "CMs [...] may
  also limit the number of Escorts" is the GM's; BattleHex sets no limit.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import Enum
from typing import Any

from hexmap import Label, LaneGraph
from rules.battlehex.log import GM, IllegalAnswer
from rules.errors import RuleError
from rules.model.campaign import Campaign, Fleet
from rules.model.records import LogEntry
from rules.model.turn_model import FleetKind
from rules.model.units import Unit, UnitKind
from rules.strategic.state import StrategicState

ENCOUNTERS = "004 Encounters Phase"
MOVEMENT = "004 Movement Phase"

MAKE_UP: dict[FleetKind, tuple[tuple[str, int], ...]] = {
    FleetKind.TRADE: (("FT", 4),),
    FleetKind.TRANSPORT: (("FT", 7),),
    FleetKind.COLONY: (("F-LS", 3), ("F-AL", 3)),
}
"""Seed 004's civilian fleets: the freighter classes and how many of each."""
TRANSPORT_SUPPLY = 10
"""Seed 004: "Transport Fleets have a Supply rating of 10"."""
MAX_ROUTE = 3


class CivilianState(str, Enum):
    """A civilian fleet's state as one campaign unit (seed 004 Encounters Phase)."""

    INTACT = "intact"
    CRIPPLED = "crippled"
    DESTROYED = "destroyed"


def civilian_fleet(kind: FleetKind, fleet_id: str, name: str, power: str, at: Label, *,
                   trade_route: Sequence[Label] = (), economic_bpv: int = 0) -> Fleet:
    """A new civilian fleet of ``kind`` made of its seed 004 freighters.

    Args:
        kind: trade, transport or colony.
        fleet_id: the fleet's id; its ships are ``{fleet_id}-1``, ``{fleet_id}-2`` ...
        name: the fleet's name; its ships are ``{name} 1`` ...
        power: the owning power.
        at: the sector it stands in.
        trade_route: a Trade Fleet's route (check it with :func:`trade_route_ok`).
        economic_bpv: each freighter's Economic BPV (fleet composition counts it).

    Raises:
        RuleError: ``kind`` is military, or a route is given to a fleet that is not a Trade Fleet.
    """
    if kind is FleetKind.MILITARY:
        raise RuleError(ENCOUNTERS, "a civilian fleet is a Trade, Transport or Colony Fleet, not a military fleet")
    if trade_route and kind is not FleetKind.TRADE:
        raise RuleError(MOVEMENT, f"only a Trade Fleet has a trade route, not a {kind.value} fleet")
    units: list[Unit] = []
    for cls, count in MAKE_UP[kind]:
        for _ in range(count):
            n = len(units) + 1
            rating = TRANSPORT_SUPPLY if kind is FleetKind.TRANSPORT and n == 1 else 0
            units.append(Unit(id=f"{fleet_id}-{n}", name=f"{name} {n}", kind=UnitKind.FREIGHTER,
                              class_designation=cls, hull_type=cls, is_civilian=True, supply_rating=rating,
                              economic_bpv=economic_bpv))
    return Fleet(id=fleet_id, name=name, power=power, sector=at, units=units, kind=kind,
                 trade_route=list(trade_route))


def fleet_state(fleet: Fleet) -> CivilianState:
    """A civilian fleet's state over its whole make-up: ships missing from it (destroyed in an
    earlier battle and removed from the campaign) count as destroyed."""
    size = sum(n for _, n in MAKE_UP.get(fleet.kind, ()))
    missing = max(0, size - len(fleet.units))
    gone = [Unit(id=f"{fleet.id}-lost-{i}", name="lost", destroyed=True) for i in range(missing)]
    return civilian_state([*fleet.units, *gone])


def civilian_state(units: Iterable[Unit]) -> CivilianState:
    """Whether a civilian fleet's ships leave it intact, crippled or destroyed.

    Raises:
        RuleError: the fleet has no ships.
    """
    ships = list(units)
    if not ships:
        raise RuleError(ENCOUNTERS, "a civilian fleet without ships has no state")
    n = len(ships)
    destroyed = sum(1 for u in ships if u.destroyed)
    crippled = sum(1 for u in ships if u.crippled and not u.destroyed)
    need = -(-3 * n // 4)  # 3/4th, round up
    if 2 * destroyed + crippled >= 2 * need:
        return CivilianState.DESTROYED
    if crippled + 2 * destroyed >= n:
        return CivilianState.CRIPPLED
    return CivilianState.INTACT


def _graph(where: LaneGraph | StrategicState) -> LaneGraph:
    return where.graph if isinstance(where, StrategicState) else where


def trade_route_ok(campaign: Campaign, graph: LaneGraph | StrategicState, route: Sequence[Label]) -> None:
    """Check a trade route: up to three sectors, each joined to the next by an open lane.

    Raises:
        RuleError: ("004 Movement Phase") naming what is wrong.
    """
    lanes = _graph(graph)
    if not route:
        raise RuleError(MOVEMENT, "a trade route needs at least one system")
    if len(route) > MAX_ROUTE:
        raise RuleError(MOVEMENT, f"a trade route includes up to three adjacent systems, not {len(route)}")
    for at in route:
        if campaign.sector_at(str(at)) is None:
            raise RuleError(MOVEMENT, f"trade route sector {at} is not on the map")
    if len(set(route)) != len(route):
        raise RuleError(MOVEMENT, "a trade route names each system once")
    for a, b in zip(route, route[1:]):
        if not lanes.has_lane(a, b):
            raise RuleError(MOVEMENT, f"trade route systems {a} and {b} are not adjacent (no open jump lane)")


def _fleet(campaign: Campaign, fleet_id: str, rule: str) -> Fleet:
    hit = next((f for f in campaign.fleets if f.id == fleet_id), None)
    if hit is None:
        raise RuleError(rule, f"there is no fleet {fleet_id!r}")
    return hit


def escorts_of(campaign: Campaign, fleet_id: str) -> list[Fleet]:
    """The fleets assigned as Escorts to the civilian fleet ``fleet_id`` (campaign order)."""
    return [f for f in campaign.fleets if f.escort_of == fleet_id]


def _check_kind(campaign: Campaign, escort_id: str) -> tuple[Fleet, Fleet]:
    escort = _fleet(campaign, escort_id, MOVEMENT)
    if escort.escort_of is None:
        raise RuleError(MOVEMENT, f"fleet {escort.name} is not assigned as an Escort")
    ward = _fleet(campaign, escort.escort_of, MOVEMENT)
    if escort.kind is not FleetKind.MILITARY:
        raise RuleError(MOVEMENT, f"Escorts are military fleets; {escort.name} is a {escort.kind.value} fleet")
    if not ward.kind.civilian:
        raise RuleError(MOVEMENT, f"Escorts protect civilian fleets; {ward.name} is a military fleet")
    if escort.power != ward.power:
        raise RuleError(MOVEMENT, f"{escort.name} ({escort.power}) may not escort {ward.name} of {ward.power}")
    return escort, ward


def off_post(escort: Fleet, ward: Fleet) -> str | None:
    """Why ``escort`` does not stand where it may escort ``ward`` now, or ``None``."""
    if ward.kind is FleetKind.TRADE:
        if escort.in_transit_to is not None or escort.sector not in ward.trade_route:
            return (f"Escorts must be placed in a system on the trade route of {ward.name} at the beginning of the "
                    "movement phase")
    elif escort.sector != ward.sector or escort.in_transit_to != ward.in_transit_to:
        return f"{escort.name} must be with {ward.name} to escort it"
    return None


def check_escort(campaign: Campaign, escort_id: str) -> None:
    """Check that fleet ``escort_id`` may escort the civilian fleet it names.

    Call it at the beginning of the Movement Phase ("Escorts must be placed in a system on the
    trade route at the beginning of the movement phase").

    Raises:
        RuleError: ("004 Movement Phase") naming what is wrong.
    """
    escort, ward = _check_kind(campaign, escort_id)
    why = off_post(escort, ward)
    if why is not None:
        raise RuleError(MOVEMENT, why)


def follow_orders(campaign: Campaign) -> Campaign:
    """A new campaign in which every Escort has its civilian fleet's movement orders.

    An escort off its post (a Trade Fleet's escort off the route, or between sectors; another
    escort away from its fleet) is no wall: movement may take a Trade Fleet and the escort with
    it off the route, and no order brings it back before movement. It follows its fleet only
    where it stands with it, and a log line names the breach for the GM.

    Raises:
        RuleError: an escort that may not escort its fleet at all (not military, another
            power, no civilian fleet); nothing changes.
    """
    escorts = [f for f in campaign.fleets if f.escort_of is not None]
    if not escorts:
        return campaign
    wards = [_check_kind(campaign, f.id)[1] for f in escorts]
    breaches = [(f, why) for f, w in zip(escorts, wards) if (why := off_post(f, w)) is not None]
    by_id = {f.id: f for f in campaign.fleets}

    held = [f for f in escorts if f.interned_by is not None and by_id[f.escort_of or ""].orders]

    def follow(f: Fleet) -> Fleet:
        ward = by_id[f.escort_of] if f.escort_of is not None else None
        if ward is None:
            return f
        together = f.sector == ward.sector and f.in_transit_to == ward.in_transit_to
        free = f.interned_by is None  # an interned fleet's movement orders are refused (rules/turn/internment.py)
        return f.model_copy(update={"orders": list(ward.orders) if together and free else []})
    # shallow: only the escorts are new fleets (a deep copy of a large campaign costs a second)
    update: dict[str, object] = {"fleets": [follow(f) for f in campaign.fleets]}
    if breaches or held:
        update["log"] = [*campaign.log, *(LogEntry(turn=campaign.turn, rule=MOVEMENT, text=(
            f"{f.name} is off its post ({why}): it follows {by_id[f.escort_of or ''].name} this turn only if it "
            "stands with it; the GM may post it again")) for f, why in breaches), *(LogEntry(
                turn=campaign.turn, rule="004 Intel Phase (Non-Aggression Treaty: internment)", text=(
                    f"{f.name} is interned: it does not follow {by_id[f.escort_of or ''].name} this turn"))
                for f in held)]
    return campaign.model_copy(update=update)


def release_escorts(campaign: Campaign) -> Campaign:
    """Escorts whose civilian fleet is gone (a battle destroyed it and its empty fleet left the
    campaign) no longer escort anything: ``escort_of`` cleared, a log line each. ``campaign``
    itself when there are none; else a new campaign sharing what it does not change."""
    ids = {f.id for f in campaign.fleets}
    gone = [f for f in campaign.fleets if f.escort_of is not None and f.escort_of not in ids]
    if not gone:
        return campaign
    freed = {f.id for f in gone}
    lines = [LogEntry(turn=campaign.turn, rule=MOVEMENT, text=f"{f.name} no longer escorts {f.escort_of}: that "
                      "civilian fleet is destroyed") for f in gone]
    return campaign.model_copy(update={
        "fleets": [f.model_copy(update={"escort_of": None}) if f.id in freed else f for f in campaign.fleets],
        "log": [*campaign.log, *lines]})


ESCORT = f"{MOVEMENT} (escorts)"
ROUTE = f"{MOVEMENT} (trade routes)"


def _power_fleet(c: Campaign, raw: Any, keys: set[str], kind: str, form: str) -> Fleet:
    if not (isinstance(raw, dict) and set(raw) == keys and isinstance(raw["power"], str)
            and isinstance(raw["fleet"], str)):
        raise IllegalAnswer(MOVEMENT, f"{kind} is {form}, not {raw!r}")
    if c.settings.empire_turn != "seed004":
        raise RuleError(MOVEMENT, f"{kind} is kept by hand in this campaign (settings.empire_turn by_hand)")
    p = c.power(raw["power"])
    if p is None:
        raise IllegalAnswer(MOVEMENT, f"there is no power {raw['power']!r}")
    f = next((x for x in c.fleets if x.id == raw["fleet"]), None)
    if f is None or f.power != p.id:
        raise RuleError(MOVEMENT, f"{raw['fleet']} is not a fleet of {p.name}")
    return f


def _order_log(new: Campaign, rule: str, power: str, text: str) -> None:
    team = new.team_of_power(power)
    new.log.append(LogEntry(turn=new.turn, rule=rule, secret_of=[team.id if team else GM], text=text))


def _replace(c: Campaign, f: Fleet, **changes: Any) -> Campaign:
    """A new campaign with fleet ``f`` changed (the other fleets shared)."""
    return c.model_copy(update={"fleets": [x.model_copy(update=changes) if x.id == f.id else x for x in c.fleets],
                                "log": list(c.log)})


def escort_order(c: Campaign, raw: Any) -> Campaign:
    """Assign (``of`` a civilian fleet) or remove (``of`` null) an Escort; an illegal order raises
    with its rule and changes nothing."""
    f = _power_fleet(c, raw, {"power", "fleet", "of"}, "an escort order",
                     "{\"escort\": {\"power\": id, \"fleet\": id, \"of\": civilian fleet id or null}}")
    if raw["of"] is None:
        if f.escort_of is None:
            raise RuleError(ESCORT, f"{f.name} escorts nothing")
        ward = next((x for x in c.fleets if x.id == f.escort_of), None)
        at = (ward.sector, ward.in_transit_to) if ward is not None else (f.sector, f.in_transit_to)
        new = _replace(c, f, escort_of=None, sector=at[0], in_transit_to=at[1], orders=[])
        where = f"{at[0]}" + (f" (between {at[0]} and {at[1]})" if at[1] is not None else "")
        _order_log(new, ESCORT, f.power, f"{f.name} no longer escorts {ward.name if ward else f.escort_of}: placed at "
                                   f"its current location, {where}")
        return new
    if not isinstance(raw["of"], str):
        raise IllegalAnswer(ESCORT, f"an escort's civilian fleet is a fleet id or null, not {raw['of']!r}")
    ward = next((x for x in c.fleets if x.id == raw["of"]), None)
    if ward is None or ward.power != f.power or not ward.kind.civilian:
        raise RuleError(ESCORT, f"{raw['of']} is not a civilian fleet (Trade, Transport or Colony Fleet) of "
                                f"{f.power}: Escorts protect their own power's civilian fleets")
    if f.kind is not FleetKind.MILITARY:
        raise RuleError(ESCORT, f"Escorts are military fleets; {f.name} is a {f.kind.value} fleet")
    if f.escort_of == ward.id:
        raise RuleError(ESCORT, f"{f.name} already escorts {ward.name}")
    eco = (c.power(f.power) or c.powers[0]).economy
    idle = set(eco.reserve) | set(eco.mothballed) if eco is not None else set()
    if f.interned_by is not None or f.reserve or any(u.id in idle for u in f.units):
        raise RuleError(ESCORT, f"{f.name} cannot follow {ward.name}: it is interned or holds a unit in Reserve or "
                                "mothballed (it does not move)")
    why = off_post(f, ward)
    if why is not None:
        raise RuleError(ESCORT, why)
    new = _replace(c, f, escort_of=ward.id)
    was = next((x.name for x in c.fleets if x.id == f.escort_of), None)
    _order_log(new, ESCORT, f.power, f"{f.name} escorts {ward.name} at {f.sector}" + (f" (no longer {was})" if was else "")
         + ": it follows its movement and takes part in any encounter scenario involving it")
    return new


def route_order(c: Campaign, raw: Any) -> Campaign:
    """Give a Trade Fleet a new trade route; an illegal order raises with its rule and changes nothing."""
    f = _power_fleet(c, raw, {"power", "fleet", "route"}, "a trade-route order",
                     "{\"route\": {\"power\": id, \"fleet\": id, \"route\": [\"0207\", ...]}}")
    if not isinstance(raw["route"], list) or not all(isinstance(x, str) for x in raw["route"]):
        raise IllegalAnswer(ROUTE, f"a trade route is a list of sectors such as [\"0207\", \"0307\"], not "
                                   f"{raw['route']!r}")
    if f.kind is not FleetKind.TRADE:
        raise RuleError(ROUTE, f"{f.name} is a {f.kind.value} fleet: only a Trade Fleet has a trade route")
    try:
        labels = [Label.parse(x) for x in raw["route"]]
    except ValueError as e:
        raise IllegalAnswer(ROUTE, f"a trade route's sectors are labels such as \"0207\": {e}") from None
    from rules.strategic import build_graph

    try:
        trade_route_ok(c, build_graph(c), labels)
    except RuleError as e:
        raise RuleError(ROUTE, e.message) from None
    new = _replace(c, f, trade_route=labels)
    off = [x for x in escorts_of(c, f.id) if x.in_transit_to is not None or x.sector not in labels]
    _order_log(new, ROUTE, f.power, f"{f.name} trades along {', '.join(raw['route'])}"
         + "".join(f"; {x.name} at {x.sector} is off the new route: it follows {f.name} only when with it, until "
                   "posted again" for x in off))
    return new
