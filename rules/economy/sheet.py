"""A power's economy as the campaign file holds it today: each owned planet's utilized
Productivity, output and dock spaces with the reason for any cut, summed to the Total Domestic
Product (issue 23's per-power sheet, first part).

With ``settings.empire_turn`` seed004 the power's economy record adds the Point Pool and its
research (:func:`economy_lines`); the ledger's parts are in the campaign log of each Income Phase.
"""
from __future__ import annotations

import csv
import io
from fractions import Fraction
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rules.battlehex.words import plural
from rules.economy import tech
from rules.economy.income import INTEL_UPKEEP, points
from rules.economy.planet import dock_spaces, in_rebellion, output, utilized
from rules.model.campaign import Campaign
from rules.model.economy_model import Project
from rules.model.units import UnitFate

if TYPE_CHECKING:
    from rules.economy.diplomacy import Chance

INCOME = "004 Income Phase"


@dataclass(frozen=True)
class PlanetRow:
    """One owned planet's figures and what cut them."""

    sector: str
    name: str
    census: int
    productivity: int
    raw: int
    morale: int
    utilized: int
    output: int
    docks: int
    note: str

    def cells(self) -> tuple[str | int, ...]:
        """The row's values in the order of :data:`HEADERS` (the table, CSV and HTML show these)."""
        return (self.sector, self.name, self.census, self.productivity, self.raw, self.morale, self.utilized,
                self.output, self.docks, self.note)


@dataclass(frozen=True)
class Sheet:
    """A power's planets and their totals."""

    power: str
    name: str
    planets: tuple[PlanetRow, ...]

    @property
    def tdp(self) -> int:
        """The Total Domestic Product: the planets' outputs summed (also the construction capacity)."""
        return sum(p.output for p in self.planets)

    @property
    def docks(self) -> int:
        """Dock spaces at its planets."""
        return sum(p.docks for p in self.planets)


def _note(productivity: int, census: int, morale: int, command_post: bool) -> str:
    if in_rebellion(morale, command_post):
        return "in rebellion (Morale 0): no output"
    parts = []
    if productivity > census:
        parts.append(f"Productivity {productivity} used up to its Census {census}")
    if 2 * morale < census:
        parts.append(f"Morale {morale} below half its Census: utilized Productivity halved")
    if morale <= 0 and command_post:
        parts.append("a Command Post keeps it from rebellion")
    return "; ".join(parts)


def sheet(c: Campaign, power: str) -> Sheet:
    """The sheet of ``power`` (a power id of the campaign)."""
    names = {p.id: p.name for p in c.powers}
    if power not in names:
        raise ValueError(f"there is no power {power!r} in the campaign")
    rows: list[PlanetRow] = []
    for s in c.map.sectors:
        system = s.star_system
        if system is None:
            continue
        for p in system.planets:
            if p.owner != power:
                continue
            u = utilized(p.productivity, p.census, p.morale, system.has_command_post)
            rows.append(PlanetRow(str(s.at), p.name, p.census, p.productivity, p.raw, p.morale, u, output(u, p.raw),
                                  dock_spaces(u), _note(p.productivity, p.census, p.morale, system.has_command_post)))
    return Sheet(power, names[power], tuple(rows))


def fleet_strength(c: Campaign, power: str) -> Fraction:
    """The power's fleet strength: each unit of its fleets at its seed 004 cost in Economic Points, or its
    economic BPV where the unit list gives no cost; a destroyed, captured, scuttled or abandoned unit counts 0."""
    gone = (UnitFate.DESTROYED, UnitFate.CAPTURED, UnitFate.SCUTTLED, UnitFate.ABANDONED)
    return sum((Fraction(u.cost) if u.cost is not None else Fraction(u.economic_bpv)
                for f in c.fleets if f.power == power for u in f.units if u.fate not in gone), Fraction(0))


HEADERS = ("Sector", "Planet", "Census", "Productivity", "RAW", "Morale", "Utilized Productivity",
           "Output (capacity)", "Dock spaces", "Note")


def csv_text(s: Sheet) -> str:
    """The sheet as CSV, its totals last."""
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(HEADERS)
    for p in s.planets:
        w.writerow(p.cells())
    w.writerow(("", "Total Domestic Product", "", "", "", "", "", s.tdp, s.docks, ""))
    return out.getvalue()


def economy_lines(c: Campaign, power: str) -> tuple[str, ...]:
    """The power's Point Pool, research and Intel Points in words, from its economy record
    (nothing when the campaign's empire turn is kept by hand)."""
    p = c.power(power)
    if p is None or c.settings.empire_turn != "seed004":
        return ()
    eco = p.economy
    pool = eco.point_pool if eco is not None else Fraction(0)
    tdp = eco.last_tdp if eco is not None else 0
    invested = eco.tech_pool if eco is not None else 0
    done = eco.advances_this_year if eco is not None else 0
    need = tech.requirement(tdp)
    odds = tech.odds(invested, need, done)
    year_turn = (c.turn - 1) % tech.TURNS_PER_YEAR + 1
    roll = next((t for t in tech.ROLL_TURNS if t >= year_turn), tech.ROLL_TURNS[0] + tech.TURNS_PER_YEAR)
    intel = eco.intel_points if eco is not None else 0
    return (f"Point Pool: {points(pool)}" + (" (in debt: no purchases until it is paid back)" if pool < 0 else ""),
            f"Last Total Domestic Product: {tdp}",
            f"Research: pool {invested} of {need} required (half the last TDP, rounded up); odds {odds.words()}; "
            f"Tech Year {eco.tech_year if eco is not None else 0}, {plural(done, 'advance')} this year; rolls on turns 6 and "
            f"12 of each year (next: turn {c.turn + roll - year_turn})",
            f"Intel Points: {intel} (upkeep {points(INTEL_UPKEEP * intel)} a turn)",
            _orders(c, eco.projects if eco is not None else [], eco.productivity_orders if eco is not None else []),
            *(("Miscellaneous items for the next Income Phase: " + "; ".join(
                f"{m.text}: {points(Fraction(m.amount))}" for m in eco.misc),) if eco is not None and eco.misc else ()))


def _orders(c: Campaign, projects: list[Project], productivity: list[str]) -> str:
    """The power's orders waiting in its record: units paid for, not completed yet, and Productivity bought;
    a repair names its unit (a base's: the damage levels it repairs)."""
    from rules.model.units import levels_words

    units = {u.id: u for f in c.fleets for u in f.units} | {u.id: u for s in c.map.sectors for u in s.garrison}

    def what(j: Project) -> str:
        u = units.get(j.repair_of) if j.repair_of is not None else None
        if j.repair_of is None:
            return j.unit_class
        levels = f", {levels_words(j.levels)}" if u is not None and u.kind.is_base else ""
        return f"repair of {u.name if u is not None else 'a unit no longer there'} ({j.unit_class}{levels})"
    parts = [f"{what(j)} at "
             f"{j.planet} ({j.at}), {points(j.cost)} paid on turn {j.turn}" for j in projects]
    parts += [f"Productivity bought at {o}" for o in productivity]
    return "Orders waiting for Construction Completion and Update Asset: " + ("; ".join(parts) or "none")


def odds_words(odds: Chance) -> str:
    """The chance with its parts as the attempt's d100 reads it (1-100, succeeding at or under the chance):
    at 0% or below no roll succeeds, at 100% or above every roll does - ``... = -40%, so no chance``."""
    if odds.possible and odds.percent <= 0:
        return f"{odds.words()}, so no chance"
    if odds.possible and odds.percent >= 100:
        return f"{odds.words()}, so certain"
    return odds.words()


def treaty_lines(c: Campaign, power: str) -> tuple[str, ...]:
    """The power's relations as the Intel Phase stands now (issue 23's sheet: "treaties and their break
    chances"): for each power in contact, the treaties or declaration in force and the Exhibit B chance,
    with its parts, of each attempt the power may make now - breaking each treaty, declaring Hostilities
    or War - before any Intel Points (+5% each); the powers without contact named once. Nothing when the
    campaign's empire turn is kept by hand."""
    from rules.economy.diplomacy import DECLARATIONS, Treaty
    from rules.turn.diplomacy_phase import chance, relations

    p = c.power(power)
    if p is None or c.settings.empire_turn != "seed004":
        return ()
    rel = relations(c)
    out = ["Treaties and the chances of an attempt now (004 Exhibit B; each Intel Point spent adds 5%):"]
    unknown = []
    for other in c.powers:
        if other.id == power:
            continue
        now = rel.between(power, other.id)
        if now is None:
            unknown.append(other.name)
            continue
        held = [t for t in Treaty if t in now]
        attempts = [odds_words(chance(c, power, other.id, t)) for t in held if t not in DECLARATIONS]
        if Treaty.WAR not in now:
            attempts += [odds_words(chance(c, power, other.id, d)) for d in DECLARATIONS if d not in now]
        out.append(f"{other.name}: " + (", ".join(t.title for t in held) if held else "Normal Relations")
                   + "; " + ("; ".join(attempts) if attempts else "only an Armistice ends the war"))
    if unknown:
        out.append("No contact yet: " + ", ".join(unknown))
    return tuple(out)


def damage_lines(c: Campaign, power: str) -> tuple[str, ...]:
    """The power's damaged bases and fixed defences (issue 23; docs/combat_phase.md, "Base damage levels"):
    where each stands, its damage levels to repair, 25% of its cost each, and the repairs ordered for it in
    the power's record, with the levels not ordered yet. Nothing when the empire turn is kept by hand."""
    from rules.economy.construction import repair_cost
    from rules.model.units import base_levels, levels_words

    p = c.power(power)
    if p is None or c.settings.empire_turn != "seed004":
        return ()
    placed = [(u, f"{s.star_system.name} ({s.at})" if s.star_system else str(s.at)) for s in c.map.sectors
              if s.owner == power for u in s.garrison] + [
        (u, f"{f.name} at {f.sector}") for f in c.fleets if f.power == power for u in f.units]
    projects = p.economy.projects if p.economy is not None else []
    out = []
    for u, where in placed:
        has = base_levels(u)
        if not has or u.destroyed or u.captured:
            continue
        each = f"{points(repair_cost(Fraction(u.cost)))} each" if u.cost is not None else "no cost in the file"
        ordered = [j for j in projects if j.repair_of == u.id]
        left = has - sum(j.levels for j in ordered)
        line = f"{u.name} at {where}: {levels_words(has)} to repair ({each})"
        if ordered:
            line += "; repair ordered: " + ", ".join(f"{levels_words(j.levels)} at {j.planet} on turn {j.turn}"
                                                     for j in ordered)
            line += f"; {levels_words(left)} not ordered yet" if left > 0 else "; every level ordered"
        out.append(line)
    return ("Damaged bases (004 Construction Completion: 25% of a base's cost repairs a damage level):"
            + ("" if out else " none"), *out)
