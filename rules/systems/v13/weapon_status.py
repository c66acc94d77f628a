"""Weapon Status (V13.410-V13.416): 2d6 + the Table V13.414 modifiers -> Table V13.415."""
from __future__ import annotations

from collections.abc import Generator
from dataclasses import replace
from typing import Any

from rules.battlehex.log import GM
from rules.battlehex.questions import Question, number
from rules.battlehex.roster import SMALL_CRAFT, BUnit, Role
from rules.battlehex.state import Ctx, Step
from rules.systems.v13.ws_table import ws_from_total, ws_name, ws_reduced
from rules.dice import Modifier
from rules.model.types import Terrain
from rules.model.units import CrewQuality, UnitKind

Ask = Generator[Question, Any, None]


def _ships(units: list[BUnit]) -> list[BUnit]:
    return [u for u in units if u.unit.kind not in SMALL_CRAFT] or units


def modifiers(ctx: Ctx, team: str, units: list[BUnit], enemies: list[BUnit]) -> list[Modifier]:
    """Every Table V13.414 modifier the campaign data lets the program derive for ``team``."""
    st = ctx.state
    t = st.teams[team]
    out: list[Modifier] = []
    ships = _ships(units)
    if ships and all(u.crew_poor for u in ships):
        out.append(Modifier("all ships have Poor crews", -2, "V13.414"))
    if ships and all(u.unit.crippled for u in ships):
        out.append(Modifier("all ships are crippled", -1, "V13.414"))
    sec = ctx.strategic.sectors.get(st.record.at)
    if sec is not None and not t.is_orion_pirates:
        original = sec.original_owner or sec.owner
        owner_team = ctx.strategic.team_of(original)
        enemy_land = owner_team is not None and ctx.strategic.dip.teams_may_fight(t, owner_team)
        if enemy_land or sec.neutral_zone:
            why = "the Neutral Zone" if sec.neutral_zone else "originally enemy territory"
            out.append(Modifier(f"Battle Hex is in {why}", 1, "V13.414"))
    if t.is_orion_pirates:
        out.append(Modifier("the Team is the Orion Pirates", 1, "V13.414"))
    if any(u.unit.has_special_sensors for u in units):
        out.append(Modifier("a ship has Special Sensors", 2, "V13.414"))
    if any(u.unit.crew_quality is CrewQuality.OUTSTANDING for u in units):
        out.append(Modifier("a ship has an Outstanding crew", 2, "V13.414"))
    fleets = {u.fleet for u in units if u.fleet}
    if any(f.reactionary for f in ctx.campaign.fleets if f.id in fleets):
        out.append(Modifier("the Battle Hex was formed by Reactionary Movement", 4, "V13.414"))
    immobile = [e for e in enemies if not e.aboard and not e.strategic_capable]
    if immobile and not (st.kind == "approach" and units and units[0].role is Role.ATTACKER):
        out.append(Modifier(f"engaging a unit not capable of Strategic Movement ({immobile[0].name})", 8,
                            "V13.414 / A-29"))
    best = max((u.unit.officers.captain for u in units), default=0)
    if best > 0:
        out.append(Modifier(f"best Captain's Rating {best}", best, "V13.414 / V13.423"))
    return out


STEALTH_RULE = "seed 004 Units: Stealth (B-15)"


def stealth_levels(units: list[BUnit], enemies: list[BUnit]) -> int:
    """Weapon Status levels ``units``' Team loses to the enemy's Stealth: 1 or 0.

    Seed 004 Units: "When combat is between a fleet containing only ships with this trait, the
    opposing force has a reduced Weapon Status" (Cloak units have Stealth's benefits). The seed
    gives no amount: one level after the Table V13.415 lookup, never below 0 (RULES_MATRIX B-15,
    INTERPRETATIONS 19). A Scout with the Team detects them and cancels it (seed 004 Units: Scout).
    """
    hidden = _ships([e for e in enemies if e.unit.kind not in SMALL_CRAFT])
    if not hidden or any(u.unit.is_scout for u in units):
        return 0
    return 1 if all(e.unit.stealth or e.unit.cloak_capable for e in hidden) else 0


def _fix(ctx: Ctx, team: str, ws: int, rule: str, text: str) -> None:
    """Weapon Status set by a rule, not rolled: the state, how it was set, and the log line."""
    ctx.state.ws[team] = ws
    ctx.state.ws_how[team] = (rule, text)
    ctx.info(rule, text)


def weapon_status(ctx: Ctx) -> Ask:
    st = ctx.state
    st.step = Step.WEAPON_STATUS
    fighting = st.in_battle()
    teams = list(dict.fromkeys([st.attacker, st.defender, *st.record.others]))
    for team in teams:
        units = [u for u in fighting if u.team == team]
        if not units:
            continue
        name = ctx.name(team)
        if units[0].role is Role.MONSTER and all(u.unit.kind is UnitKind.MONSTER for u in units):
            _fix(ctx, team, 3, "V13.475", f"{name}: Monsters are always Weapon Status III")
            continue
        if st.record.kind == "rear_guard":
            _fix(ctx, team, 3, "V13.732", f"{name}: Pursuit Force and Rear Guard are Weapon Status III")
            continue
        if team in st.record.kept_ws:
            kept = st.record.kept_ws[team]
            _fix(ctx, team, kept, "V13.416 / A-11", f"{name}: Weapon Status {ws_name(kept)} kept from the first battle "
                                                    "in this hex")
            continue
        if st.kind == "approach" and units[0].role is Role.DEFENDER:
            _fix(ctx, team, 3, "V13.37", f"{name}: defending units in an Approach Battle are Weapon Status III")
            continue
        enemies = [u for u in fighting if u.team != team]
        mods = modifiers(ctx, team, units, enemies)
        down = stealth_levels(units, enemies)
        from rules.systems.v13.odds import weapon_status_odds, weapon_status_text  # the odds load when a battle rolls
        if st.terrain is not Terrain.NONE:
            q = number(f"V13.414/terrain/{team}", GM, "V13.414",
                       f"GM: the Weapon Status modifier from the terrain ({st.terrain.title}) for {name} "
                       "(the terrain rules are outside the seeds; 0 if none)", -12, 12, default=0)
            extra = yield replace(q, data={"odds": f"{name} before the terrain modifier: "
                                                   + weapon_status_text(mods, down)})
            if extra:
                mods.append(Modifier(f"terrain: {st.terrain.title}", extra, "V13.414 (GM)"))
        ctx.info("V13.414", f"{name}: the odds of the Weapon Status roll: {weapon_status_text(mods, down)}",
                 team=team, odds={ws_name(w): str(p) for w, p in weapon_status_odds(mods, down)})
        roll = ctx.dice.roll("2d6", purpose="Weapon Status", rule="V13.413", who=name, modifiers=mods)
        looked_up = ws_from_total(roll.total)
        st.ws[team], st.ws_mods[team] = ws_reduced(looked_up, down), mods
        st.ws_how[team] = (roll.rule, roll.describe().removeprefix(f"{roll.rule}: "))
        ctx.info("V13.415", f"{name}: adjusted roll {roll.total}: Weapon Status {ws_name(looked_up)}",
                 team=team, ws=looked_up)
        if down:
            st.ws_how[team] = (roll.rule, f"{st.ws_how[team][1]}; one level less for the enemy's Stealth "
                                          f"({STEALTH_RULE})")
            ctx.info(STEALTH_RULE, f"{name}: the enemy force is all Stealth ships: Weapon Status "
                                   f"{ws_name(looked_up)} becomes {ws_name(st.ws[team])}", team=team, ws=st.ws[team])
