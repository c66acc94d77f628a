"""Finding the encounters of seed 004's Encounters Phase on the map, Trade Fleets met on their
route, and the units that must take part.

Seed 004: "Encounters occur when fleets from different powers are in the same system or stumble
upon each other in deep space"; "If ships from non-friendly powers move along the same path in
opposite directions, both sets of ships will be stopped" (Movement Phase); "If the Trade Fleet
has multiple systems on its trade route, a random roll determines which system is considered for
encounter purposes"; "trade fleets, colony fleets, and transport fleets are required to be
included in the combat ... In the case of a defensive scenario, all fixed units in that sector
must participate"; escorts "participate in any encounter scenarios involving the fleet".

Readings:

* A sector meeting is one pair of Teams that may fight there (as V13.11 finds them,
  :func:`rules.strategic.battle_hex.teams_fighting_in`); a sector with three such Teams gives
  one meeting per pair, each between its two sides only (rules/battlehex/roster.py ``parties``).
  A pair where one Team ignored the other's units at End Movement (V13.16 an independent Orion,
  V13.18 a sub-light unit: "This prevents the formation of a Battle Hex for that Movement
  Phase"; the campaign's ``ignores`` of this turn) does not meet. The attacker is the Team whose fleets moved in this turn; both or
  neither: the Team with the Strategic Initiative (the Battle Hex rule, reused).
* Normal Relations' exceptions ("when a power at normal relations attacks any of your forces or
  if you previously or currently control a system"): in a campaign playing seed 004's Combat
  Phase, Teams at Normal Relations meet in a system one of them owns (the sector or a planet) or
  originally owned, and anywhere one of them was attacked by the other - a power of the other side
  generated an encounter scenario against its ships this turn or the last (Exhibit B's fact,
  :mod:`rules.turn.encounter_facts`; :func:`rules.strategic.battle_hex.attacked_by`). Only such a
  side may demand a scenario, the other is not asked for a demand (``Meeting.restricted``) but may
  still refuse one.
* A fixed defensive point of the defender: the sector's star system has a planet of a defender
  power, or the sector is the defender's and its star system has a planet, or its garrison
  (which belongs to the sector's owner) holds a fixed unit of the defender.
* A meeting in the middle is a pair of non-friendly fleets stopped on one lane in opposite
  directions; ``at`` is the lower label of the lane and the attacker the side coming from it.
  When diplomacy forbids an encounter between them (no power pair may fight), the meeting is
  still found, with ``blocked`` saying why (it is "treated as if they agreed").
* Trade Fleet: entering a system off its route meets nothing (no roll); a one-system route is met
  there without a roll; on a longer route 1dN (N its length) names the system of the route, in
  its order, the Trade Fleet is in: it is met when that is the entered system.
* Mandatory participants: the team's civilian fleets standing in the sector, the escorts standing
  there with them, and in a Defensive scenario every fixed unit of the team in the sector
  (garrison and fleets); destroyed units take part in nothing.
* A unit in Reserve or mothballed (its power's ``economy.reserve`` / ``mothballed``) is inactive: it
  does not move (rules/strategic/movement.py), so it cannot stay out of a scenario in its sector -
  it must take part, like a fixed unit.
"""
from __future__ import annotations

from collections.abc import Mapping

from hexmap import Label
from rules.battlehex.words import possessive
from rules.composition.common import is_fixed
from rules.dice import DiceRoller
from rules.errors import RuleError
from rules.model.campaign import Campaign, Fleet, Team
from rules.model.turn_model import FleetKind, Scenario
from rules.strategic.battle_hex import (claims_system, normal_exception, powers_by_team, roles, teams_fighting_in,
                                        units_by_team)
from rules.strategic.state import StrategicState
from rules.turn.encounters import RULE, Meeting

R_TRADE = f"{RULE} (Trade Fleet)"
R_PARTICIPANTS = f"{RULE} (units that must participate)"


def _powers(t: Team) -> set[str]:
    return set(t.powers)


def fixed_point(state: StrategicState, at: Label, team: Team) -> bool:
    """Whether ``at`` is a fixed defensive point of ``team`` (see Readings)."""
    sec = state.sectors.get(at)
    if sec is None:
        return False
    mine = _powers(team)
    planets = sec.star_system.planets if sec.star_system is not None else []
    if any(p.owner in mine for p in planets) or (sec.owner in mine and planets):
        return True
    return sec.owner in mine and any(is_fixed(u) and not u.destroyed for u in sec.garrison)


def _fleets(state: StrategicState, at: Label, team: Team) -> tuple[str, ...]:
    mine = _powers(team)
    return tuple(f.id for f in state.fleets_at(at) if f.power in mine)


def _blocked(state: StrategicState, a: Team, b: Team, pa: set[str], pb: set[str]) -> str:
    if state.dip.teams_may_fight(a, b, pa, pb):
        return ""
    p, q = min((p, q) for p in pa for q in pb)
    names = {x.id: x.name for x in state.campaign.powers}
    st = state.dip.state(p, q).value.replace("_", "-")
    return f"{st} between {names.get(p, p)} and {names.get(q, q)}: diplomacy allows no encounter"


def _restricted(state: StrategicState, at: Label, att: Team, dfd: Team) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The Teams of a sector meeting that may demand nothing: at Normal Relations, those whose powers
    neither control nor controlled the system nor were attacked by the other side
    (:func:`rules.strategic.battle_hex.normal_exception`); and those that may only because they were
    attacked."""
    present = powers_by_team(state, at)
    pa, pd = present.get(att.id, set()), present.get(dfd.id, set())
    if state.dip.teams_may_fight(att, dfd, pa, pd):
        return (), ()
    claims = normal_exception(state, at, pa, pd)
    by_attack = tuple(t.id for t, mine, claim in zip((att, dfd), (pa, pd), claims)
                      if claim and not claims_system(state, at, mine))
    return tuple(t.id for t, claim in zip((att, dfd), claims) if not claim), by_attack


def meetings(campaign: Campaign, state: StrategicState, moved_from: Mapping[str, Label],
             near: tuple[Label, Label | None] | None = None) -> list[Meeting]:
    """The meetings of the map after movement, sorted by place and Teams.

    Args:
        campaign: the campaign after movement.
        state: its strategic state.
        moved_from: fleet id -> the sector it left this turn.
        near: only those a record at this place may stand for (``(at, None)``: the meetings in
            sector ``at``; ``(at, other)``: those between sectors): each place's meetings are
            found from that place alone, so these are the same as the map's there.
    """
    teams = {t.id: t for t in campaign.teams}
    out: list[Meeting] = []
    if near is None:
        occupied = sorted({f.sector for f in campaign.fleets if f.in_transit_to is None})
    else:
        occupied = [near[0]] if near[1] is None and state.fleets_at(near[0]) else []
    ignored = {(i.at, i.team, i.unit) for i in campaign.ignores if i.turn == campaign.turn}
    for at in occupied:
        movers = {t.id for f in state.fleets_at(at) if moved_from.get(f.id, at) != at
                  and (t := state.team_of(f.power)) is not None}
        present = units_by_team(state, at) if ignored else {}
        for a, b in teams_fighting_in(state, at):
            if any(present.get(y) and all((at, x, u.id) in ignored for u in present[y]) for x, y in ((a, b), (b, a))):
                continue  # V13.16 / V13.18: x ignored all of y's units here this Movement Phase: no meeting
            form = roles(at, [a, b], teams, movers, None, [], {frozenset((a, b))})
            att, dfd = teams[form.attacker], teams[form.defender]
            restricted, attacked = _restricted(state, at, att, dfd)
            out.append(Meeting(at, None, att.id, dfd.id, _fleets(state, at, att), _fleets(state, at, dfd),
                               fixed_point(state, at, dfd), reason=form.attacker_reason,
                               restricted=restricted, attacked=attacked))
    if near is None or near[1] is not None:
        out.extend(_lane_meetings(campaign, state))
    return sorted(out, key=lambda m: (m.at, m.between or m.at, m.between is not None, m.attacker, m.defender))


def _lane_meetings(campaign: Campaign, state: StrategicState) -> list[Meeting]:
    lanes: dict[tuple[Label, Label], list[Fleet]] = {}
    for f in campaign.fleets:
        if f.in_transit_to is not None and state.team_of(f.power) is not None:
            lanes.setdefault((f.sector, f.in_transit_to), []).append(f)
    teams = {t.id: t for t in campaign.teams}
    out: list[Meeting] = []
    for (a, b), forward in sorted(lanes.items()):
        if not a < b:
            continue
        back = lanes.get((b, a), [])
        pairs: set[tuple[str, str]] = set()
        for f in forward:
            for g in back:
                tf, tg = state.team_of(f.power), state.team_of(g.power)
                if tf is not None and tg is not None and tf.id != tg.id and not state.dip.friendly(f.power, g.power):
                    pairs.add((tf.id, tg.id))
        for ta, tb in sorted(pairs):
            fa = [f for f in forward if f.power in _powers(teams[ta])]
            fb = [g for g in back if g.power in _powers(teams[tb])]
            blocked = _blocked(state, teams[ta], teams[tb], {f.power for f in fa}, {g.power for g in fb})
            out.append(Meeting(a, b, ta, tb, tuple(f.id for f in fa), tuple(g.id for g in fb), False, blocked,
                               f"{RULE}: between sectors, the side coming from {a}"))
    return out


def trade_fleet_met(fleet: Fleet, entered: Label, dice: DiceRoller) -> bool:
    """Whether a non-friendly fleet entering ``entered`` meets the Trade Fleet ``fleet``.

    Raises:
        RuleError: ``fleet`` is no Trade Fleet, or has no trade route.
    """
    if fleet.kind is not FleetKind.TRADE:
        raise RuleError(R_TRADE, f"{fleet.name} is a {fleet.kind.value} fleet, not a Trade Fleet")
    route = list(fleet.trade_route)
    if not route:
        raise RuleError(R_TRADE, f"the Trade Fleet {fleet.name} has no trade route")
    if entered not in route:
        return False
    if len(route) == 1:
        return True
    roll = dice.roll(f"1d{len(route)}", rule=R_TRADE, who="GM",
                     purpose=f"the system of {possessive(fleet.name)} route ({', '.join(map(str, route))}) it "
                             f"is met in; "
                             f"{entered} entered")
    return route[roll.total - 1] == entered


def participants(campaign: Campaign, at: Label, team: str, scenario: Scenario | None) -> list[str]:
    """Unit ids of ``team`` that must take part in a scenario in ``at``: its trade, colony and
    transport fleets there, their escorts there, its units in Reserve or mothballed there and, in a
    Defensive scenario, its fixed units there.

    Raises:
        RuleError: ``team`` is no Team of the campaign.
    """
    t = next((x for x in campaign.teams if x.id == team), None)
    if t is None:
        raise RuleError(R_PARTICIPANTS, f"{team!r} is no Team of the campaign")
    mine = _powers(t)
    here = [f for f in campaign.fleets if f.sector == at and f.in_transit_to is None and f.power in mine]
    civil = {f.id for f in here if f.kind.civilian}
    idle = {u for p in campaign.powers if p.id in mine and p.economy is not None
            for u in (*p.economy.reserve, *p.economy.mothballed)}  # inactive: it cannot leave
    out: list[str] = []
    for f in here:
        must = f.id in civil or f.escort_of in civil
        out.extend(u.id for u in f.units if not u.destroyed and (must or u.id in idle or scenario is
                                                                  Scenario.DEFENSIVE and is_fixed(u)))
    sec = campaign.sector_at(str(at))
    if scenario is Scenario.DEFENSIVE and sec is not None and sec.owner in mine:
        out.extend(u.id for u in sec.garrison if not u.destroyed and is_fixed(u))
    return out
