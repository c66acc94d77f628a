"""Cross-reference checks of what format version 2 added (issue 13): escorts, trade routes,
cargo, ground units and encounter records. Called by :func:`rules.model.checks.check_campaign`;
every problem names its field path."""
from __future__ import annotations

from collections.abc import Callable

from rules.model.campaign import Campaign, Sector
from rules.model.records import EMPIRE_PHASES, Phase
from rules.model.turn_model import CARGO_SIZE, CargoKind, FleetKind, GroundUnit
from rules.model.types import LabelField

Problems = list[tuple[str, str]]


def check_turn(c: Campaign, sectors: dict[str, Sector], joined: Callable[[LabelField, LabelField], bool]) -> Problems:
    """(path, message) for each version-2 reference that does not agree with the rest."""
    out: Problems = []
    powers = {p.id for p in c.powers}
    fleets = {f.id: f for f in c.fleets}
    ground: dict[str, str] = {}

    def unit_ok(path: str, g: GroundUnit) -> None:
        if g.power not in powers:
            out.append((f"{path}.power", f"power {g.power!r} does not exist"))
        if g.id in ground:
            out.append((f"{path}.id", f"{g.id!r} is used more than once (first at {ground[g.id]})"))
        else:
            ground[g.id] = path

    for i, s in enumerate(c.map.sectors):
        for j, p in enumerate(s.star_system.planets if s.star_system else []):
            for k, g in enumerate(p.ground_units):
                unit_ok(f"map.sectors[{i}].star_system.planets[{j}].ground_units[{k}]", g)
    cargo_ids: dict[str, str] = {}
    powers = {p.id for p in c.powers}
    for i, f in enumerate(c.fleets):
        at = f"fleets[{i}]"
        if f.interned_by is not None and (f.interned_by not in powers or f.interned_by == f.power):
            out.append((f"{at}.interned_by", f"{f.interned_by!r} is not another power of the campaign"))
        if f.escort_of is not None:
            ward = fleets.get(f.escort_of)
            if ward is None or ward is f:
                out.append((f"{at}.escort_of", f"fleet {f.escort_of!r} does not exist" if ward is None
                            else "a fleet cannot escort itself"))
            elif not ward.kind.civilian or f.kind.civilian:
                out.append((f"{at}.escort_of", "an escort is a military fleet protecting a trade, transport or "
                                               "colony fleet (seed 004 Movement Phase)"))
            elif ward.power != f.power:
                out.append((f"{at}.escort_of", f"fleet {ward.id!r} belongs to {ward.power!r}, not {f.power!r}"))
        if f.trade_route and f.kind is not FleetKind.TRADE:
            out.append((f"{at}.trade_route", "only a trade fleet has a trade route (seed 004 Movement Phase)"))
        for j, step in enumerate(f.trade_route):
            if str(step) not in sectors:
                out.append((f"{at}.trade_route[{j}]", f"sector {step} does not exist"))
                break
            if j and not joined(f.trade_route[j - 1], step):
                out.append((f"{at}.trade_route[{j}]", f"{f.trade_route[j - 1]} and {step} are not adjacent: a trade "
                                                       "route is up to three adjacent systems (seed 004)"))
                break
        if len({str(x) for x in f.trade_route}) != len(f.trade_route):
            out.append((f"{at}.trade_route", "a system appears twice on the route"))
        if f.last_sector is not None and str(f.last_sector) not in sectors:
            out.append((f"{at}.last_sector", f"sector {f.last_sector} does not exist"))
        out.extend((f"{at}.visited[{j}]", f"sector {v} does not exist") for j, v in enumerate(f.visited)
                   if str(v) not in sectors)
        for j, item in enumerate(f.cargo):
            path = f"{at}.cargo[{j}]"
            if item.id in cargo_ids:
                out.append((f"{path}.id", f"{item.id!r} is used more than once (first at {cargo_ids[item.id]})"))
            cargo_ids.setdefault(item.id, path)
            least = CARGO_SIZE.get(item.kind)
            if item.size is not None and least is not None and item.size < least:
                out.append((f"{path}.size", f"{item.kind.value.replace('_', ' ')} takes a Supply rating of at least "
                                            f"{least} (seed 004 Movement Phase), not {item.size}"))
            if item.unit is not None and item.kind is not CargoKind.OTHER:
                out.append((f"{path}.unit", f"a unit is carried as 'other' cargo, not {item.kind.value!r}"))
            troops = item.kind in (CargoKind.GROUND_UNIT, CargoKind.MARINES)
            if troops and item.ground_unit is None:
                out.append((f"{path}.ground_unit", f"{item.kind.value} cargo names the ground unit it carries"))
            elif not troops and item.ground_unit is not None:
                out.append((f"{path}.ground_unit", f"{item.kind.value} cargo carries no ground unit"))
            elif item.ground_unit is not None:
                if item.ground_unit.marines != (item.kind is CargoKind.MARINES):
                    out.append((f"{path}.kind", "marines are carried as 'marines' cargo, other ground units as "
                                                "'ground_unit'"))
                unit_ok(f"{path}.ground_unit", item.ground_unit)
    if c.phase in EMPIRE_PHASES and c.settings.empire_turn != "seed004":
        out.append(("phase", f"{c.phase.value!r} is a phase of seed 004's empire turn, which a campaign whose "
                             "settings.empire_turn is by_hand does not play (the GM keeps it off the tool)"))
    for i, pw in enumerate(c.powers):
        home = pw.economy.homeworld if pw.economy is not None else None
        if home is not None and str(home) not in sectors:
            out.append((f"powers[{i}].economy.homeworld", f"sector {home} is not on the map"))
        classes = {b.unit.class_designation for b in pw.unit_list}
        grounds = {g.unit.name for g in pw.ground_list}
        for j, pr in enumerate(pw.economy.projects if pw.economy is not None else []):
            if pr.repair_of is None and pr.unit_class not in (grounds if pr.ground else classes):
                which = "ground_list" if pr.ground else "unit_list"
                out.append((f"powers[{i}].economy.projects[{j}].unit_class", f"{pr.unit_class!r} is not on "
                                                                              f"the {which} of {pw.name}"))
            if str(pr.at) not in sectors:
                out.append((f"powers[{i}].economy.projects[{j}].at", f"sector {pr.at} is not on the map"))
            if pr.levels != 1 and pr.repair_of is None:
                out.append((f"powers[{i}].economy.projects[{j}].levels", "only a base's repair repairs damage levels"))
        for j, m in enumerate(pw.economy.missions if pw.economy is not None else []):
            where = f"powers[{i}].economy.missions[{j}]"
            if m.against == pw.id or m.against not in powers:
                out.append((f"{where}.against", f"{m.against!r} is not another power of the campaign"))
            out += [(f"{where}.{k}", f"sector {v} is not on the map") for k, v in (("staging", m.staging),
                                                                                   ("target", m.target))
                    if str(v) not in sectors]
    if c.settings.combat_phase == "v13" and c.phase not in (Phase.ORDERS, Phase.BATTLES, *EMPIRE_PHASES):
        out.append(("phase", f"{c.phase.value!r} is a step of seed 004's Combat Phase, which a campaign whose "
                             "settings.combat_phase is v13 does not play (its turn is orders, then battles)"))
    for i, r in enumerate(c.battle_hexes):
        if r.between is not None and (str(r.between) not in sectors or not joined(r.at, r.between)):
            out.append((f"battle_hexes[{i}].between", f"no lane joins {r.at} to {r.between}"))
    return out
