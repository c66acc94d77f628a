"""Text for tooltips and the sector inspector. Presentation only: it reads the campaign.

Words for people: Teams and powers by name, enum values without underscores, and a sector
label only where it names a sector of the map ("off the map" otherwise).

The texts show the table's view by default (what every Team at the shared screen may know):
the engine's ``table_secret`` decides which units that leaves out; ``gm=True`` shows them all.
"""
from __future__ import annotations

from html import escape

from app.widgets.titles import plain_words
from hexmap import Label
from rules.model import Campaign, Fleet, Sector, Unit
from rules.battlehex.words import possessive
from rules.model.units import base_levels, levels_words
from rules.model.visibility import GM, TABLE
from rules.strategic.battle_hex import table_secret, table_units, units_by_team, what_team_sees
from rules.strategic.movement import check_orders, fleet_speed, inactive
from rules.strategic.neighbours import neighbourhood
from rules.strategic.table_view import orders_seen_by, table_state


def words(value: str) -> str:
    """An enum value or data code as words: ``awaiting_rendezvous`` -> ``awaiting rendezvous``."""
    return value.replace("_", " ")


def sector_label(c: Campaign, at: Label | str | None) -> str:
    """A sector's ``CCRR``; "off the map" for a place beyond the map's edges (never ``(-12,1)``)."""
    if at is None:
        return "off the map"
    try:
        lab = at if isinstance(at, Label) else Label.parse(str(at))
    except ValueError:
        return "off the map"
    if not (1 <= lab.col <= c.map.cols and 1 <= lab.row <= c.map.rows):
        return "off the map"
    return str(lab)


def _power_name(c: Campaign, power_id: str | None) -> str:
    p = c.power(power_id) if power_id else None
    return p.name if p else "none"


def owner_line(c: Campaign, s: Sector) -> str:
    """``Klingon Empire (Coalition)``, or ``Neutral Zone`` / ``unowned``."""
    if s.owner is None:
        return "Neutral Zone" if s.neutral_zone else "unowned"
    team = c.team_of_power(s.owner)
    return f"{_power_name(c, s.owner)} ({team.name})" if team else _power_name(c, s.owner)


GM_HINT = "GM view (Ctrl+Shift+G) shows what the rules keep from the table (V13.03, V13.29)"


def shown_fleets(c: Campaign, at, gm: bool = False) -> list[Fleet]:
    """The fleets in ``at`` the viewer may see: a fleet with no unit the table may see is left out."""
    return [f for f in c.fleets_in(str(at)) if gm or table_units(f.units) or not f.units]


def shown_units(units, gm: bool = False) -> list[Unit]:
    """``units`` as the viewer may see them: all in GM view, else those the table may see; a lost
    flight's loss record (``destroyed``, kept for a replacement flight: issue 23) is no unit in play."""
    live = [u for u in units if not u.destroyed]
    return live if gm else table_units(live)


def sector_tooltip(c: Campaign, s: Sector, gm: bool = False) -> str:
    """A few plain lines for hovering over a sector (the table's view unless ``gm``)."""
    lines = [f"{s.at}  {s.name}".rstrip(), f"Owner: {owner_line(c, s)}"]
    if s.neutral_zone and s.owner is not None:
        lines.append("Neutral Zone")
    lines.append(f"Terrain: {s.terrain.title}")
    if s.star_system:
        lines.append(f"Star system: {s.star_system.name}")
    for u in shown_units(s.garrison, gm):
        lines.append(f"Base: {u.name}" + (" (incidental)" if u.is_incidental else ""))
    for f in shown_fleets(c, s.at, gm):
        lines.append(f"Fleet: {f.name} ({_power_name(c, f.power)}, {len(shown_units(f.units, gm))} units)")
    return "\n".join(lines)


def _unit_row(u: Unit) -> str:
    flags = []
    for attr, word in (("crippled", "crippled"), ("is_cloaked", "cloaked"), ("native_sublight", "sub-light"),
                       ("is_carrier", "carrier"), ("is_pf_tender", "PF tender"), ("is_tug", "tug"),
                       ("is_scout", "scout"), ("has_special_sensors", "special sensors"),
                       ("is_incidental", "incidental"), ("slow", "slow")):
        if getattr(u, attr):
            flags.append(word)
    if base_levels(u):  # seed 004: a base is repaired by its damage levels, 25% of its cost each
        flags = [w for w in flags if w != "crippled"]
        flags.insert(0, f"crippled, {levels_words(base_levels(u))} to repair")
    if u.orion_status.value != "none":
        flags.append(f"Orion {u.orion_status.value}")
    if u.crew_quality.value != "normal":
        flags.append(f"{u.crew_quality.value} crew")
    o = u.officers  # the rated ones in words ("captain +2, helmsman -1"), a dash when none is
    officers = ", ".join(f"{who} {n:+d}" for who, n in (("captain", o.captain), ("navigator", o.navigator),
                                                        ("helmsman", o.helmsman), ("chief engineer", o.chief_engineer))
                         if n) or "\u2014"
    return (f"<tr><td>{escape(u.name)}</td><td>{escape(words(u.class_designation or u.kind.value))}</td>"
            f"<td align=right>{u.size_class}</td><td align=right>{u.combat_bpv}</td>"
            f"<td>{officers}</td><td>{escape(', '.join(flags))}</td></tr>")


def _unit_table(units: list[Unit]) -> str:
    head = ("<tr><th align=left>Unit</th><th align=left>Class</th><th>SC</th><th>BPV</th>"
            "<th align=left>Officers</th><th align=left>Notes</th></tr>")
    return "<table cellspacing=0 cellpadding=2>" + head + "".join(_unit_row(u) for u in units) + "</table>"


ORDERS_KEPT = "kept by its own commander (another Team's)"
"""What the inspector says of a fleet's orders the viewer may not see."""


def orders_seen(c: Campaign, f: Fleet, gm: bool = False, seat: str | None = None) -> bool:
    """Whether fleet ``f``'s plotted orders are shown to the viewer, as the engine says
    (:func:`rules.strategic.table_view.orders_seen_by`): the GM view every fleet's; the commander
    who took the screen (``seat`` its Team id) its own Team's; the table (nobody took the screen,
    ``seat`` None) and the Game Master's seat outside the GM view none (issue 22)."""
    return orders_seen_by(c, f, GM if gm else TABLE if seat in (None, GM) else seat)


def _fleet_html(c: Campaign, f: Fleet, gm: bool = False, seat: str | None = None) -> str:
    team = c.team_of_power(f.power)
    orders = " &rarr; ".join(str(x) for x in f.orders) if f.orders else "hold position"
    orders = orders if orders_seen(c, f, gm, seat) else ORDERS_KEPT
    return (f"<h4>{escape(f.name)} <small>({escape(_power_name(c, f.power))}"
            f"{', ' + escape(team.name) if team else ''})</small></h4>"
            f"<p>Orders: {orders}</p>{_unit_table(shown_units(f.units, gm))}")


def sector_html(c: Campaign, s: Sector, gm: bool = False, seat: str | None = None) -> str:
    """The inspector's full page for a sector (the table's view unless ``gm``; the fleets' orders as
    :func:`orders_seen` by ``seat``)."""
    parts = [f"<h3>Sector {s.at}{' &mdash; ' + escape(s.name) if s.name else ''}</h3>",
             f"<p><b>Owner:</b> {escape(owner_line(c, s))}<br>"]
    if s.original_owner and s.original_owner != s.owner:
        parts.append(f"<b>Originally:</b> {escape(_power_name(c, s.original_owner))}<br>")
    if s.neutral_zone:
        parts.append("<b>Neutral Zone</b><br>")
    parts.append(f"<b>Terrain:</b> {escape(s.terrain.title)}<br>")
    parts.append(f"<b>Supply point:</b> {'yes' if s.supply_point else 'no'}</p>")
    if s.star_system:
        ss = s.star_system
        planets = "".join(
            f"<li>{escape(pl.name)}: {escape(_power_name(c, pl.owner))}, census {pl.census}, "
            f"productivity {pl.productivity}, RAW {pl.raw}, morale {pl.morale}"
            + ("<br>ground units: " + ", ".join(f"{escape(g.name)} ({escape(_power_name(c, g.power))}, attrition "
                                                 f"{g.attrition}{', marines' if g.marines else ''}"
                                                 f"{', supply depot' if g.supply_depot else ''})"
                                                 for g in pl.ground_units) if pl.ground_units else "")
            + (f"<br>seized in turn {pl.seized_turn}" if pl.seized_turn else "") + "</li>" for pl in ss.planets)
        post = " (command post)" if ss.has_command_post else ""
        parts.append(f"<h4>Star system {escape(ss.name)}{post}</h4><ul>{planets}</ul>")
    garrison = shown_units(s.garrison, gm)
    if garrison:
        hint = "" if gm else f"<p><i>The table's view leaves out incidental units and cloaked units: {escape(GM_HINT)}.</i></p>"
        parts.append("<h4>Fixed units</h4>" + _unit_table(garrison) + hint)
    fleets = shown_fleets(c, s.at, gm)
    parts += [_fleet_html(c, f, gm, seat) for f in fleets]
    if not garrison and not fleets:
        parts.append("<p><i>No units in this sector.</i></p>")
    return "".join(parts)


# -- strategic layer (issue 3) ------------------------------------------------------------------
def _names(c: Campaign) -> dict[str, str]:
    return {p.id: p.name for p in c.powers}


def _route_text(route, c: Campaign | None = None) -> str:
    return " \u2192 ".join(sector_label(c, x) if c is not None else str(x) for x in route)


def fleet_html(state, fleet: Fleet, gm: bool = False, seat: str | None = None) -> str:
    """The fleet inspector: units, supply status and route, speed, orders and their verdict
    (the table's view, without the units the rules keep from it, unless ``gm``; the orders as
    :func:`orders_seen` by ``seat``)."""
    c = state.campaign
    team = c.team_of_power(fleet.power)
    route = state.supply.route(fleet.power, fleet.sector)
    chained = route and state.supply.by_ship_chain(fleet.power, fleet.sector)
    chain = " (extended by a supply-ship chain)" if chained else ""
    supply = (f"<b style='color:#127a2c'>In Supply</b>: {_route_text(route, c)}{chain}" if route
              else "<b style='color:#c01010'>Out of Supply</b>: no route of at most 2 lanes through Controlled "
                   "or Contested sectors reaches a supply point (Supply Phase)")
    speed, why = fleet_speed(fleet)
    idle = inactive(c, fleet)  # a unit in Reserve or mothballed: the fleet does not move (the engine says why)
    if idle is not None:
        speed, why = 0, idle
    speed_text = {0: "cannot move", 1: "1 sector per turn",
                  2: "2 sectors per turn in own controlled space, 1 elsewhere"}
    transit = (f", between sectors on the way to {sector_label(c, fleet.in_transit_to)}" if fleet.in_transit_to
               else "")
    where = f"{sector_label(c, fleet.sector)}{transit}"
    if fleet.orders and not orders_seen(c, fleet, gm, seat):
        orders = ORDERS_KEPT
    elif fleet.orders:
        chk = check_orders(state, fleet, list(fleet.orders))
        verdict = "legal" if chk.ok else f"<span style='color:#c01010'>{escape(plain_words(str(chk)))}</span>"
        orders = f"{_route_text(fleet.orders, c)} ({verdict})"
    else:
        orders = "none (drag the counter along the lanes to give orders)"
    sec = c.sector_at(str(fleet.sector))
    kinds = [u.kind.value for u in sec.garrison] if sec else []
    base_team = c.team_of_power(sec.owner) if sec and sec.owner else None
    own_team = c.team_of_power(fleet.power)
    warp = ""
    if any(u.warp_engines_dropped for u in fleet.units):
        from rules.systems.v13.sublight import warp_engines_replaceable  # the battle engine loads when needed

        warp = "".join(
            f"<br>{escape(u.name)}: warp engines dropped \u2014 "
            + escape(warp_engines_replaceable(u, kinds, base_team.id if base_team else None,
                                              own_team.id if own_team else None)[1])
            for u in fleet.units if u.warp_engines_dropped)
    fates = "".join(f"<br>{escape(u.name)}: {escape(words(u.fate.value))}"
                    + (f", {u.lost_turns_remaining} turns" if u.lost_turns_remaining else "")
                    for u in fleet.units if u.fate.value != "active")
    forced = "".join(f"<br>{escape(u.name)}: next strategic move in direction {u.forced_strategic_direction.name} "
                     "(V13.514 / V13.614)" for u in fleet.units if u.forced_strategic_direction is not None)
    return (f"<h3>{escape(fleet.name)}</h3>"
            f"<p>{escape(_power_name(c, fleet.power))} ({escape(team.name if team else 'no team')}) in {where}<br>"
            f"{_logistics_html(c, fleet)}"
            f"Sector status: {escape(state.status(fleet.sector).describe(_names(c)))}<br>"
            f"Supply: {supply}<br>Speed: {speed_text[speed]}{(' - ' + escape(why)) if why else ''}<br>"
            f"Orders: {orders}{forced}{fates}{warp}</p>" + _unit_table(shown_units(fleet.units, gm)))


def _logistics_html(c, fleet: Fleet) -> str:
    """A civilian fleet's kind and route, an escort's ward, the cargo carried (seed 004)."""
    rows = []
    if fleet.kind.civilian:
        rows.append(f"{fleet.kind.value.title()} Fleet"
                    + (f", trade route {_route_text(fleet.trade_route, c)}" if fleet.trade_route else ""))
    if fleet.escort_of:
        ward = next((f.name for f in c.fleets if f.id == fleet.escort_of), fleet.escort_of)
        rows.append(f"Escort of {escape(ward)}: follows its movement")
    if fleet.cargo:
        rows.append("Cargo: " + ", ".join(
            escape(x.ground_unit.name if x.ground_unit else f"{x.amount} {x.kind.value.replace('_', ' ')}")
            + f" (size {x.needs})" for x in fleet.cargo))
    if fleet.reserve:
        rows.append("In reserve")
    return "".join(f"{r}<br>" for r in rows)


def sector_status_html(state, sector: Sector, gm: bool = False) -> str:
    """Control, V13 owner, supply for the teams present, and the six neighbours of a sector
    (their hostile forces as the table may know them unless ``gm``)."""
    if not gm:
        state = table_state(state)  # the status names no power whose only presence is hidden
    c = state.campaign
    owner = state.owner(sector.at)
    rows = [f"<p><b>Status</b>: {escape(state.status(sector.at).describe(_names(c)))}<br>"
            f"<b>Owner for V13</b>: {escape(_power_name(c, owner))}</p>"]
    supplied = []
    for t in c.teams:
        if t.gm_controlled:
            continue
        route = next((r for p in t.powers if (r := state.supply.route(p, sector.at))), [])
        supplied.append(f"{escape(t.name)}: " + (_route_text(route, c) if route else "out of supply"))
    rows.append("<p><b>Supply</b><br>" + "<br>".join(supplied) + "</p>")
    team = c.team_of_power(owner) if owner else None
    if team is not None:
        near = "<br>".join(escape(n.describe()) for n in neighbourhood(state, sector.at, team.id, table=not gm))
        rows.append(f"<p><b>Neighbours by facing, for {escape(team.name)}</b> (V13.514/614, V13.82x)<br>{near}</p>")
    return "".join(rows)


def view_name(c: Campaign) -> str:
    """Whose view a full listing is: the GM's, or in a Team copy its Team's ("Alliance's copy"),
    which holds only what that Team may know (issue 22: a copy's list read "GM view")."""
    mark = c.team_copy
    if mark is None:
        return "GM view"
    return f"{possessive(next((t.name for t in c.teams if t.id == mark.team), mark.team))} copy"


def _gm_units(state, b) -> str:
    """Every unit in the hex by team, each secret named with its rule: for the GM's eyes only (in a
    Team copy, every unit the copy holds: its Team's view)."""
    names = {t.id: t.name for t in state.campaign.teams}
    who = "GM" if state.campaign.team_copy is None else view_name(state.campaign)
    rows = []
    for tid, units in units_by_team(state, b.at).items():
        listed = ", ".join(u.name + (f" [secret, {table_secret(u)}]" if table_secret(u) else "") for u in units)
        rows.append(f"<li><b>{escape(who)}: {escape(names.get(tid, tid))} has</b> {escape(listed)}</li>")
    return "".join(rows)


_TABLE_NOTE = (f"<li><i>The table's view: any incidental units hidden until placement (V13.03, V13.461) and "
               f"cloaked units are left out. {escape(GM_HINT)}.</i></li>")


def battle_hexes_html(state, records, gm: bool = False) -> str:
    """The Battle Hexes of a Movement Phase: roles and why, terrain, what each team sees.

    The table's view names no unit the rules keep from the table; ``gm`` adds every unit."""
    c = state.campaign
    names = {t.id: t.name for t in c.teams}
    if not records:
        return "<p>No Battle Hex formed this Movement Phase.</p>"
    out = []
    for b in records:
        others = ", ".join(names[t] for t in b.others) or "none"
        views = []
        for tid in [b.attacker, b.defender, *b.others]:
            seen = what_team_sees(state, b, tid, table=not gm)
            parts = [f"{escape(names[s.team])}: {escape(', '.join(s.seen) or 'nothing')}"
                     + (f" <i>({escape(s.note)})</i>" if s.note else "") for s in seen]
            views.append(f"<li><b>{escape(names[tid])} sees</b> {'; '.join(parts)}</li>")
        sector = c.sector_at(str(b.at))
        title = f"{b.at} {escape(sector.name) if sector and sector.name else ''}".strip()
        status = f" <span style='color:#127a2c'>resolved: {escape(b.resolution)}</span>" if b.resolved else ""
        out.append(f"<h3>Battle Hex {title}{status}</h3>"
                   f"<p><b>Attacking</b>: {escape(names[b.attacker])} <i>({escape(b.attacker_reason)})</i><br>"
                   f"<b>Defending</b>: {escape(names[b.defender])}<br><b>Also present</b>: {escape(others)}<br>"
                   f"<b>Terrain</b>: {escape(b.terrain.title)} <i>({escape(b.terrain_source)})</i></p>"
                   f"<ul>{''.join(views)}{_gm_units(state, b) if gm else _TABLE_NOTE}</ul>")
    return "".join(out)


MAP_LEGEND = (
    "<h4>Map legend</h4><table cellpadding=2>"
    "<tr><td>fill colour</td><td>owning power (pale grey: unowned)</td></tr>"
    "<tr><td>hatching</td><td>Neutral Zone</td></tr>"
    "<tr><td>yellow star</td><td>star system</td></tr>"
    "<tr><td>SB / BATS / BS</td><td>starbase / battle station / base station</td></tr>"
    "<tr><td>+N</td><td>incidental units (V13.03), shown in GM view only (Ctrl+Shift+G)</td></tr>"
    "<tr><td>square counter</td><td>fleet in its team's colour, its power's colour as the top band;"
    " the badge counts its units</td></tr>"
    "<tr><td>dashed arrow</td><td>the fleet's movement orders; drag a counter along the lanes to give "
    "orders (green preview: legal, red: refused with the reason)</td></tr>"
    "<tr><td>red hex outline</td><td>open Battle Hex (V13.11)</td></tr>"
    "<tr><td>OOS</td><td>fleet Out of Supply</td></tr>"
    "<tr><td>overlays (Ctrl+1/2/3)</td><td>Control: team colour = Controlled, red cross-hatch = "
    "Contested; Supply: a ring per team whose supply reaches the sector, route drawn when hovering "
    "a fleet; Lanes: major lanes gold, closed lanes crossed red</td></tr>"
    "<tr><td>terrain</td><td>black hole (dark disc), nebula (violet cloud), asteroid field "
    "(rocks), ringed gas giant, variable pulsar (cyan burst), ion storm (lightning)</td></tr>"
    "</table>")


def welcome_html(campaign: Campaign) -> str:
    """The inspector before anything is selected: the campaign, how to use the map, the legend."""
    return (f"<h3>{campaign.name}</h3><p>Strategic turn {campaign.turn}.</p><p>{campaign.description}</p>"
            "<p><i>Click a sector or a fleet to inspect it; hover for a summary. Wheel zooms, drag the map to "
            "pan, drag a fleet counter to give it orders.</i></p>" + MAP_LEGEND)
