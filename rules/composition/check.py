"""The composition check and the "which units stay out" question a battle procedure asks.

Seed 004: "If the BPV exceeds the BPV cap of the flagship, the flagship owner chooses units to
be removed before the scenario is set up until what remains will fit in the capacity of the
flagship ... Fixed units (units that cannot move themselves on the campaign map) that cannot
fit the BPV capacity are made inactive." The same question serves Big Ships and Flexible
Command (reading: the seed states the removal only for BPV Capacity).

Readings: the answer names the units that stay out; a fixed unit named is made inactive (it
is present, with no chance of activation); the flagship and the ships of trade, colony and
transport fleets may not be named; fighters leave with their carrier; the answer must be
minimal ("until what remains will fit": no unit named could come back with the rest still
fitting); a flagship under which the mixed-empire rule cannot hold (a convoy of another power, which may not
stay out, outweighs its power's units) is not offered while another may command.
"""
from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from fractions import Fraction

from rules.composition import big_ships, bpv, flexible
from rules.composition.flexible import Designated
from rules.composition.common import (
    R_BIG,
    R_BPV,
    R_BPV_MIXED,
    R_CONVOY,
    R_FIGHTERS,
    R_FIXED,
    R_FLEX,
    R_FLEX_MIXED,
    R_SETUP,
    Line,
    Member,
    System,
    Verdict,
    find,
    is_attrition,
    is_fixed,
    must_fight,
)
from rules.errors import RuleError
from rules.model.campaign import Campaign
from rules.model.units import Unit, UnitKind

PLANET = "@planet"
"""The flagship id of an inhabited planet: "In the event of a scenario where nothing better is
present, inhabited planets (with some EPs activated) are assumed to have a "flag" rating of 3 (seed 004)."""
R_PLANET = "seed 004 BPV Capacity (an inhabited planet's flag rating of 3)"


@dataclass(frozen=True)
class Exclusion:
    """The question "which units stay out": asked of the flagship's owner when the fleet does not fit.

    Attributes:
        verdict: The fleet with every unit it may hold in it (``verdict.over`` > 0 or a problem).
        choosable: The units the owner may name (fixed ones become inactive).
        rule: The rule that asks.
    """

    verdict: Verdict
    choosable: tuple[str, ...]
    rule: str


def _forced(fleet: Sequence[Member], flagship: Member, system: System) -> dict[str, str]:
    if system == "big_ships":
        return big_ships.too_large(fleet, flagship)
    if system == "flexible":
        return flexible.unpriced(fleet, flagship)
    return {}


def check(fleet: Sequence[Member], flagship: str, system: System, year: int | None = None,
          out: Collection[str] = (), web_hexes: int = 0, squadrons: Designated | None = None) -> Verdict:
    """Measure a side's fleet by ``system`` with the units ``out`` staying out.

    Args:
        fleet: The side's units (its fleets and, in a defence, the fixed units of the sector).
        flagship: The flagship's unit id.
        system: The campaign's ``fleet_composition``.
        year: The campaign's year (BPV Capacity's era column).
        out: The units the owner keeps out (fixed units named are made inactive).
        web_hexes: Pre-laid web hexes (BPV Capacity 5 each; Flexible Command 1/2 each).
        squadrons: Flexible Command: the squadrons the owner designated (leader -> two ships).

    Returns:
        The verdict; ``verdict.ok`` when the units taking part fit and no rule is broken.

    Raises:
        RuleError: ``flagship`` or a unit of ``out`` is not in the fleet.
    """
    if flagship == PLANET:
        if system == "big_ships":
            raise RuleError(R_PLANET, "an inhabited planet has a flag rating for BPV Capacity, not a size class")
        fleet = [_planet(fleet)] + [m for m in fleet if m.id != PLANET]
    flag = find(fleet, flagship)
    for uid in out:
        find(fleet, uid)
    problems: list[str] = []
    forced = _forced(fleet, flag, system)
    if flagship in out:
        problems.append(f"{R_SETUP}: the flagship {flag.unit.name} cannot stay out")
    for m in fleet:
        if m.id in out and must_fight(m.unit):
            problems.append(f"{R_CONVOY}: {m.unit.name} must take part")
    gone = set(out) | set(forced)
    carriers = {m.id for m in fleet if m.unit.is_carrier}
    fighters_out = {m.id: f"{R_FIGHTERS}: its carrier {m.unit.carrier_id} stays out" for m in fleet
                    if m.unit.kind is UnitKind.FIGHTER and m.unit.carrier_id in carriers & gone and m.id not in gone}
    forced.update(fighters_out)
    gone |= set(fighters_out)
    inactive = tuple(m.id for m in fleet if m.id in gone and is_fixed(m.unit) and m.id != flagship)
    excluded = tuple(m.id for m in fleet if m.id in gone and m.id not in inactive and m.id != flagship)
    present = {m.id for m in fleet} - set(excluded) - set(inactive)
    note = tuple(Line(uid, Fraction(0), why.split(":")[0], why) for uid, why in forced.items())
    note += tuple(Line(uid, Fraction(0), R_FIXED, "inactive") for uid in inactive if uid not in forced)
    cap: int | None
    if system == "bpv":
        cap, cap_lines = bpv.capacity(fleet, flag, present, year)
        lines = bpv.costs(fleet, present, web_hexes)
        problems += bpv.problems([m for m in fleet if m.id in present], flag, lines)
    elif system == "big_ships":
        cap, cap_lines = big_ships.capacity(flag)
        lines = big_ships.costs(fleet, flag, present)
    elif system == "flexible":
        cap, cap_lines = flexible.fcr(flag)
        lines = flexible.costs(fleet, flag, present, web_hexes, squadrons)
        problems += flexible.problems([m for m in fleet if m.id in present], flag, lines)
    else:
        cap, cap_lines, lines = None, (), ()
    used = sum((ln.amount for ln in lines), Fraction(0))
    return Verdict(system, flagship, cap, used, cap_lines, lines + note, excluded, inactive,
                   tuple(uid for uid in forced if uid != flagship), tuple(problems))


def must_exclude(fleet: Sequence[Member], flagship: str, system: System, year: int | None = None,
                 web_hexes: int = 0, squadrons: Designated | None = None) -> Exclusion | None:
    """The "which units stay out" question for this fleet, or ``None`` when every unit may fight.

    Units the rules keep out without a choice (``verdict.forced``) are out already; the owner
    names more from ``choosable``, and :func:`legal_exclusion` checks the answer.
    """
    v = check(fleet, flagship, system, year, (), web_hexes, squadrons)
    if v.ok:
        return None
    choosable = tuple(m.id for m in fleet if m.id != flagship and m.id not in v.forced and not must_fight(m.unit))
    return Exclusion(v, choosable, _rule(system))


def legal_exclusion(fleet: Sequence[Member], flagship: str, system: System, out: Collection[str],
                    year: int | None = None, web_hexes: int = 0, squadrons: Designated | None = None) -> Verdict:
    """Check the owner's answer ``out`` to :func:`must_exclude`'s question.

    Returns:
        The verdict with the units out; its ``problems`` also name a unit that could come back
        with the rest still fitting, and a fleet still over its capacity. ``ok`` when legal.
    """
    v = check(fleet, flagship, system, year, out, web_hexes, squadrons)
    extra: list[str] = []
    if v.over:
        extra.append(f"{_rule(system)}: still {v.over} over the capacity {v.cap}")
    if not v.problems and not v.over:
        for uid in out:
            if uid not in v.forced and check(fleet, flagship, system, year, set(out) - {uid}, web_hexes,
                                             squadrons).ok:
                name = next((m.unit.name for m in fleet if m.id == uid), uid)
                extra.append(f"{_rule(system)}: {name} need not stay out (the rest still fits with it)")
    if not extra:
        return v
    return Verdict(v.system, v.flagship, v.cap, v.used, v.cap_lines, v.lines, v.excluded, v.inactive, v.forced,
                   v.problems + tuple(extra))


def proposed_exclusion(fleet: Sequence[Member], flagship: str, system: System, choosable: Sequence[str],
                       year: int | None = None, web_hexes: int = 0,
                       squadrons: Designated | None = None) -> list[str] | None:
    """A legal answer to :func:`must_exclude`'s question, for the question to open at (what Return answers): the
    cheapest of ``choosable`` stay out until the rest fits, then each that could come back does (the answer is
    minimal, as :func:`legal_exclusion` wants). ``None`` when no answer is legal."""
    costs = {ln.unit: ln.amount for ln in check(fleet, flagship, system, year, (), web_hexes, squadrons).lines}
    out: list[str] = []
    for uid in sorted(choosable, key=lambda u: (costs.get(u, Fraction(0)), u)):
        if check(fleet, flagship, system, year, out, web_hexes, squadrons).ok:
            break
        out.append(uid)
    for uid in list(out):
        if check(fleet, flagship, system, year, [x for x in out if x != uid], web_hexes, squadrons).ok:
            out.remove(uid)
    return out if legal_exclusion(fleet, flagship, system, out, year, web_hexes, squadrons).ok else None


def _rule(system: System) -> str:
    return {"bpv": R_BPV, "big_ships": R_BIG, "flexible": R_FLEX}.get(system, R_SETUP)


def flagship_candidates(fleet: Sequence[Member], system: System, inhabited_planet: bool = False) -> tuple[str, ...]:
    """Units that may command the fleet, best first (highest command rating; Big Ships: largest).

    Empty for a side with no unit that can command (a monster alone): the seed sets no limit on
    it (reading), so its units all take part. With ``inhabited_planet`` (the side defends an
    inhabited planet with some EPs activated) and nothing better, :data:`PLANET` commands.
    """
    able = [m for m in fleet if not is_attrition(m.unit)]
    if system == "big_ships":
        able.sort(key=lambda m: m.unit.size_class)
    else:
        able = [m for m in able if m.unit.fe_command_rating > 0]
        able.sort(key=lambda m: (-m.unit.fe_command_rating, -m.unit.combat_bpv))
        fit = [m for m in able if not _outweighed(fleet, m, system)]
        able = fit or able
    if not able and inhabited_planet and system != "big_ships":
        return (PLANET,)
    return tuple(m.id for m in able)


def _outweighed(fleet: Sequence[Member], flagship: Member, system: System) -> bool:
    """The mixed-empire rule cannot hold under ``flagship``: with every unit of the other powers that may stay
    out kept out, those that must take part (a convoy's ships) still outweigh its power's (reading: such a
    flagship is not offered, as no answer to "which units stay out" would be legal)."""
    if system not in ("bpv", "flexible"):
        return False
    others = {m.id for m in fleet if m.power != flagship.power and not must_fight(m.unit) and m.id != flagship.id}
    mixed = R_BPV_MIXED if system == "bpv" else R_FLEX_MIXED
    return any(p.startswith(mixed) for p in check(fleet, flagship.id, system, None, others).problems)


def _planet(fleet: Sequence[Member]) -> Member:
    """The inhabited planet as a flagship of flag rating 3 and no BPV of its own."""
    power = fleet[0].power if fleet else ""
    return Member(Unit(id=PLANET, name="inhabited planet", kind=UnitKind.PLANET_DEFENSE, fe_command_rating=3,
                       strategic_movement_capable=False, fcp_row="NONE"), power)


def members_in(campaign: Campaign, at: str, powers: Collection[str]) -> list[Member]:
    """A side's fleet at sector ``at``: the units of its powers' fleets there and, when the
    sector's owner is one of ``powers``, the sector's fixed units (garrison)."""
    flags = {p.id: frozenset(p.race_flags) for p in campaign.powers}
    out = [Member(u, f.power, flags.get(f.power, frozenset()))
           for f in campaign.fleets_in(at) if f.power in powers for u in f.units
           if not u.destroyed and not u.captured]
    sector = campaign.sector_at(at)
    owner = sector.owner if sector is not None else None
    if sector is not None and owner is not None and owner in powers:
        out += [Member(u, owner, flags.get(owner, frozenset())) for u in sector.garrison
                if not u.destroyed and not u.captured]
    return out
