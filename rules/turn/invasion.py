"""Troop Combat and conquest (seed 004 Invasion Phase; Update Asset Phase Morale Check Chart;
Units: Command Post).

Seed 004: "A planet is conquered when all ground units of the planet owner are eliminated. At
this time, the ownership of the planet is transferred to the power that controls the largest
amount of ground forces by attrition value. The planet will remain contested if any
non-allied ground forces remain on the planet." The system rule reads the same over every
disembarked ground unit of the system. The seed prints no ground-combat procedure, so the
ground combat is fought at the table and the GM says which ground units it eliminated
(:func:`ground_losses_question`, :func:`apply_ground_losses`).

Readings:
- Ground units on a planet (``Planet.ground_units``) are the disembarked ones; ground units
  carried as cargo are embarked and never count.
- A planet is conquered only when its owner has no ground unit on it *and* a power not allied
  with the owner has one there: with no ground forces at all, or only the owner's allies', no
  one conquered it and it stays the owner's. An unowned planet is taken by ground forces alike.
- When it is conquered, the largest attrition total of *every* power present wins it (the
  seed's words; an ally of the old owner may win it). A tie for the largest total conquers
  nothing: the owner is unchanged and the planet stays contested until the tie is broken.
- Contested: after a conquest, any ground unit of a power not allied with the new owner; when
  not conquered, any ground unit of a power not allied with the owner.
- The system owner is the sector's owner (``StrategicState.owner``). Conquering a system sets
  ``Sector.owner``; the old owner's planets that hold no ground unit at all pass with it (the
  conquest of systems depends on conquering all the planets, and nothing holds these); planets
  with ground units are settled by their own planet conquest.
- Morale: the chart's line "Hostile force seized system last turn | 3 | -3 to Morale" is a
  check with Target Number 3 whose die the seed does not print. :func:`apply_conquest` records
  ``seized_turn`` (only when the new owner is not allied with the old one: an ally taking over
  is no hostile seizure) and does not touch morale; the check is made in the same turn's Update
  Asset Phase (the turn just played is "last turn" on the updated Asset Sheet):
  :func:`seizure_morale_question` asks the GM whether it failed and
  :func:`apply_seizure_morale` applies -3.
- Command Post: "prevent that system from dropping to 0 Morale": in a system with a command
  post a morale loss stops at 1, and a morale already at 0 or below is not lowered. Its
  "bonus to morale checks" has no size in the seed; the GM counts it when rolling.
- Normal Relations' exception: a power may land ground troops on, and fight the ground units
  of, a power it is at Normal Relations with in a system it controls or controlled (owns the
  sector or a planet, or is its original owner), and anywhere once that power attacked its forces
  (this turn or last, as for encounters: docs/economy.md): :func:`ground_war`, :func:`ground_war_why`.
"""
from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from hexmap import Label
from rules.battlehex.log import IllegalAnswer
from rules.battlehex.questions import QKind, Question, yes_no
from rules.battlehex.words import changed, possessive
from rules.errors import RuleError
from rules.model.campaign import Campaign, Planet, Sector
from rules.model.records import LogEntry
from rules.model.types import DiplomaticState
from rules.strategic.battle_hex import attacked_in
from rules.strategic.diplomacy import Diplomacy
from rules.strategic.state import StrategicState

RULE = "004 Invasion Phase"
MORALE_RULE = "004 Update Asset Phase: Morale Check Chart"
COMMAND_POST_RULE = "004 Units: Command Post"
SEIZED_TARGET = 3
"""Target Number of the chart line 'Hostile force seized system last turn'."""
SEIZED_MORALE = -3
"""Its effect: -3 to Morale."""
GM = "gm"


@dataclass(frozen=True)
class ConquestResult:
    """The outcome of checking a planet (or, with ``system``, a whole star system) for conquest.

    ``new_owner`` is the power it passes to, ``None`` when it is not conquered.
    """

    at: Label
    planet: str
    old_owner: str | None
    new_owner: str | None
    contested: bool
    conquered: bool
    rule: str
    text: str
    system: bool = False


def ground_strength(planet: Planet) -> dict[str, int]:
    """Sum of the attrition values of the ground units on ``planet``, per power."""
    out: dict[str, int] = defaultdict(int)
    for g in planet.ground_units:
        out[g.power] += g.attrition
    return dict(out)


def _sector(campaign: Campaign, at: Label) -> Sector:
    sec = campaign.sector_at(str(at))
    if sec is None or sec.star_system is None:
        raise RuleError(RULE, f"there is no star system at {at}")
    return sec


def _planet(campaign: Campaign, at: Label, name: str) -> Planet:
    sec = _sector(campaign, at)
    assert sec.star_system is not None
    for pl in sec.star_system.planets:
        if pl.name == name:
            return pl
    raise RuleError(RULE, f"the system at {at} has no planet named {name!r}")


def _decide(dip: Diplomacy, owner: str | None, strength: dict[str, int],
            name: Callable[[str], str]) -> tuple[str | None, bool, bool, str]:
    """(new owner or None, contested, conquered, why) for an owner and the forces present; ``name``
    gives a power's name for the why."""
    present = {p: v for p, v in strength.items() if v > 0}
    hostile = sorted(p for p in present if owner is None or not dip.allied(owner, p))
    if owner is not None and owner in present:
        return None, bool(hostile), False, f"{name(owner)} still has ground units ({present[owner]} attrition)"
    if not hostile:
        why = "no ground forces remain" if not present else "only allies of the owner have ground units"
        return None, False, False, why
    top = max(present.values())
    best = sorted(p for p, v in present.items() if v == top)
    if len(best) > 1:
        return None, True, False, (f"{' and '.join(map(name, best))} tie at {top} attrition: contested until the "
                                   "tie is broken")
    winner = best[0]
    contested = any(not dip.allied(winner, p) for p in present)
    return winner, contested, True, f"{name(winner)} has the largest ground forces ({top} attrition)"


def _text(what: str, owner: str | None, new: str | None, contested: bool, conquered: bool, why: str,
          name: Callable[[str], str]) -> str:
    tail = " and remains contested" if contested else ""
    if conquered:
        return f"{what} is conquered: it passes from {name(owner) if owner else 'no owner'} to {name(new or '')} " \
               f"({why}){tail}"
    return f"{what} is not conquered ({why}){tail}"


def conquest(campaign: Campaign, state: StrategicState, at: Label, planet_name: str, turn: int) -> ConquestResult:
    """Check planet ``planet_name`` of the system at ``at`` for conquest (seed 004 Invasion Phase).

    Raises:
        RuleError: no such system or planet.
    """
    del turn  # the check depends on the ground units present only; kept for the phase's call
    pl = _planet(campaign, at, planet_name)
    def name(p: str) -> str:
        return _power_name(campaign, p)
    new, contested, conquered, why = _decide(state.dip, pl.owner, ground_strength(pl), name)
    return ConquestResult(at, pl.name, pl.owner, new, contested, conquered, RULE,
                          _text(f"Planet {pl.name} at {at}", pl.owner, new, contested, conquered, why, name))


def system_conquered(campaign: Campaign, state: StrategicState, at: Label) -> ConquestResult | None:
    """Check the star system at ``at`` for conquest over all its disembarked ground units;
    ``None`` when the sector has no star system."""
    sec = campaign.sector_at(str(at))
    if sec is None or sec.star_system is None:
        return None
    total: dict[str, int] = defaultdict(int)
    for pl in sec.star_system.planets:
        for p, v in ground_strength(pl).items():
            total[p] += v
    owner = state.owner(at)
    def power_name(p: str) -> str:
        return _power_name(campaign, p)
    new, contested, conquered, why = _decide(state.dip, owner, dict(total), power_name)
    name = sec.star_system.name
    return ConquestResult(at, name, owner, new, contested, conquered, RULE,
                          _text(f"System {name} at {at}", owner, new, contested, conquered, why, power_name),
                          system=True)


def _power_name(campaign: Campaign, power: str) -> str:
    p = campaign.power(power)
    return p.name if p is not None else power


def _hostile(campaign: Campaign, old: str | None, new: str) -> bool:
    return old is not None and not Diplomacy(campaign).allied(old, new)


def apply_conquest(campaign: Campaign, result: ConquestResult, turn: int) -> Campaign:
    """A new campaign with ``result`` applied: owner changed, ``seized_turn`` set when the
    seizure is hostile, a log line. A system result also sets ``Sector.owner`` and passes the old
    owner's planets that hold no ground unit.

    Raises:
        RuleError: the result is no conquest, or the campaign no longer matches it.
    """
    if not result.conquered or result.new_owner is None:
        raise RuleError(RULE, f"{result.planet} at {result.at} is not conquered: nothing to apply")
    new_owner = result.new_owner
    out = campaign.model_copy(deep=True)
    sec = _sector(out, result.at)
    assert sec.star_system is not None
    hostile = _hostile(campaign, result.old_owner, new_owner)
    if result.system:
        if sec.star_system.name != result.planet:
            raise RuleError(RULE, f"the system at {result.at} is {sec.star_system.name}, not {result.planet}")
        if sec.owner not in (None, result.old_owner):
            raise RuleError(RULE, f"the system at {result.at} is owned by {sec.owner}, not {result.old_owner}")
        holding = [u.name for u in sec.garrison if not u.destroyed and not u.captured]
        if holding and result.old_owner is not None and sec.owner == result.old_owner:
            # the sector's fixed units belong to its owner (the campaign format): while the old
            # owner's bases still stand the sector stays its own, only the planets pass (reading)
            out.log.append(LogEntry(turn=turn, rule=result.rule, text=f"{result.text}; the sector stays "
                                    f"{possessive(_power_name(campaign, result.old_owner))} while its fixed units stand: "
                                    f"{', '.join(holding)}"))
            return out
        sec.owner = new_owner
        passed = [pl for pl in sec.star_system.planets if pl.owner == result.old_owner and not pl.ground_units
                  and result.old_owner is not None]
    else:
        pl = _planet(out, result.at, result.planet)
        if pl.owner != result.old_owner:
            raise RuleError(RULE, f"planet {pl.name} is owned by {pl.owner}, not {result.old_owner}: check it again")
        passed = [pl]
    for pl in passed:
        pl.owner = new_owner
        if hostile:
            pl.seized_turn = turn
    text = result.text
    if hostile:
        text += f"; hostile seizure: morale check next (target {SEIZED_TARGET}, {SEIZED_MORALE} to Morale)"
    out.log.append(LogEntry(turn=turn, rule=result.rule, text=text))
    return out


def system_claimed(sector: Sector, power: str) -> bool:
    """Seed 004 Normal Relations: ``power`` "previously or currently control[s]" the system: it owns
    the sector or one of its planets, or it is the sector's original owner."""
    planets = sector.star_system.planets if sector.star_system is not None else []
    return power in (sector.owner, sector.original_owner) or any(p.owner == power for p in planets)


def ground_war_why(campaign: Campaign, dip: Diplomacy, sector: Sector, power: str, other: str) -> str | None:
    """Why ``power`` may commit ground troops against ``other``'s on a planet of ``sector`` (words for
    the log), ``None`` when it may not: at War ("Declaration of War ... allows the commitment of ground
    troops"); at Normal Relations, the exceptions ("invading systems controlled by the other power are
    restricted. There are exceptions to this rule when a power at normal relations attacks any of your
    forces or if you previously or currently control a system"): the system is or was ``power``'s
    (:func:`system_claimed`), or ``other`` attacked ``power``'s forces this turn or last
    (:func:`rules.strategic.battle_hex.attacked_in`; the attacker gains nothing from its own attack)."""
    if power == other:
        return None
    st = dip.state(power, other)
    if st is DiplomaticState.WAR:
        return "at War"
    if st is not DiplomaticState.NORMAL:
        return None
    if system_claimed(sector, power):
        return f"Normal Relations' exception: the system is or was {possessive(_power_name(campaign, power))}"
    if attacked_in(campaign, [power], [other]):
        return (f"Normal Relations' exception: {_power_name(campaign, other)} attacked "
                f"{possessive(_power_name(campaign, power))} forces this turn or last")
    return None


NON_AGGRESSION_STATES = (DiplomaticState.NON_AGGRESSION, DiplomaticState.TRADE)
"""States whose strongest treaty is the Non-Aggression Treaty (a Trade Treaty builds on it alone; a
Peace partner is "friendly for all purposes", Mutual Defense and Alliance partners allied)."""


def _present(campaign: Campaign, sector: Sector) -> set[str]:
    """The powers with a unit in ``sector``: a fleet standing there with a unit in play, or ground units
    on one of its planets."""
    out = {f.power for f in campaign.fleets if f.sector == sector.at and f.in_transit_to is None
           and any(not u.destroyed for u in f.units)}
    for pl in sector.star_system.planets if sector.star_system is not None else []:
        out.update(g.power for g in pl.ground_units)
    return out


def landing_treaty_refusal(campaign: Campaign, dip: Diplomacy, sector: Sector, power: str,
                           planet: Planet) -> str | None:
    """Why a treaty bars ``power``'s ground troops from landing on ``planet`` of ``sector`` (words for
    the refusal, rule 004 Intel Phase), ``None`` when none does. Seed 004: Mutual Defense Treaty,
    "ground forces cannot be moved to other treaty powers' systems": the planet's owner or the
    system's is the partner. Non-Aggression Treaty, "Encountering units from the treaty partner in
    other systems restricts generating encounter scenarios or invading those systems": a landing on
    a planet neither ``power``'s nor an ally's, in a system where a partner has units."""
    if planet.owner == power:
        return None
    for other in (planet.owner, sector.owner):
        if other is not None and other != power and dip.state(power, other) is DiplomaticState.MUTUAL_DEFENSE:
            return (f"Mutual Defense Treaty: ground forces cannot be moved to the systems of "
                    f"{_power_name(campaign, other)}, {possessive(_power_name(campaign, power))} treaty partner "
                    f"({planet.name})")
    if planet.owner is not None and dip.allied(power, planet.owner):
        return None
    partners = sorted(p for p in _present(campaign, sector)
                      if p != power and dip.state(power, p) in NON_AGGRESSION_STATES)
    if partners:
        several = "s" if len(partners) > 1 else ""
        return (f"Non-Aggression Treaty: units of {' and '.join(_power_name(campaign, p) for p in partners)}, "
                f"{possessive(_power_name(campaign, power))} treaty partner{several}, stand in this system, which "
                f"restricts invading it ({planet.name})")
    return None


def ground_war(campaign: Campaign, dip: Diplomacy, sector: Sector, a: str, b: str) -> str | None:
    """Which of ``a`` and ``b`` may commit ground troops against the other's on a planet of
    ``sector`` (:func:`ground_war_why`): ``"both"``, a power, or ``None``."""
    wa, wb = ground_war_why(campaign, dip, sector, a, b), ground_war_why(campaign, dip, sector, b, a)
    return "both" if wa and wb else a if wa else b if wb else None


def morale_after(morale: int, change: int, command_post: bool) -> int:
    """Morale after ``change``; a command post keeps a system from dropping to 0 Morale."""
    new = morale + change
    if command_post and change < 0 and new < 1:
        return morale if morale < 1 else 1
    return new


def seizure_morale_question(campaign: Campaign, at: Label, planet_name: str) -> Question:
    """Ask the GM whether the seized planet's morale check failed (yes: -3 to Morale)."""
    pl = _planet(campaign, at, planet_name)
    if pl.seized_turn is None:
        raise RuleError(MORALE_RULE, f"planet {pl.name} at {at} was not seized by a hostile force")
    return yes_no(f"morale/seized/{at}/{pl.name}", GM, MORALE_RULE,
                  f"Game Master: planet {pl.name} at {at} was seized by a hostile force (turn {pl.seized_turn}). "
                  f"Did its morale check fail (target number {SEIZED_TARGET}; failed: {SEIZED_MORALE} to Morale)?")


def apply_seizure_morale(campaign: Campaign, at: Label, planet_name: str, failed: bool, turn: int) -> Campaign:
    """A new campaign with the seizure's morale check applied (in the turn of the seizure).

    Raises:
        RuleError: the planet was not seized in ``turn``.
    """
    out = campaign.model_copy(deep=True)
    pl = _planet(out, at, planet_name)
    if pl.seized_turn != turn:
        raise RuleError(MORALE_RULE, f"planet {pl.name} at {at} was not seized by a hostile force in turn {turn}")
    sec = _sector(out, at)
    assert sec.star_system is not None
    post = sec.star_system.has_command_post
    if failed:
        before, pl.morale = pl.morale, morale_after(pl.morale, SEIZED_MORALE, post)
        held = " (the Command Post keeps it above 0)" if post and pl.morale != before + SEIZED_MORALE else ""
        text = (f"Planet {pl.name} at {at} failed its morale check for the hostile seizure: "
                f"morale {changed(before, pl.morale)}{held}")
    else:
        text = f"Planet {pl.name} at {at} passed its morale check for the hostile seizure: morale stays {pl.morale}"
    out.log.append(LogEntry(turn=turn, rule=MORALE_RULE, text=text))
    return out


def ground_losses_question(campaign: Campaign, at: Label, planet_name: str) -> Question:
    """Ask the GM which ground units on the planet the ground combat (fought at the table)
    eliminated; the answer is a list of ground-unit ids (empty: none)."""
    pl = _planet(campaign, at, planet_name)
    options = [g.id for g in pl.ground_units]
    powers = {p.id: p.name for p in campaign.powers}
    names = {g.id: f"{g.name} ({powers.get(g.power, g.power)}, attrition {g.attrition})" for g in pl.ground_units}

    def check(a: Any) -> list[str]:
        if not isinstance(a, list) or any(not isinstance(x, str) or x not in options for x in a):
            raise IllegalAnswer(RULE, f"choose only ground units on planet {pl.name} at {at}: "
                                + (", ".join(names.values()) or "there are none"))
        if len(set(a)) != len(a):
            raise IllegalAnswer(RULE, "name each eliminated ground unit once")
        return list(a)
    return Question(f"ground/{at}/{pl.name}", QKind.CHOOSE_UNITS, GM, RULE,
                    f"Game Master: which ground units on planet {pl.name} at {at} were eliminated in the ground "
                    "combat? (none: answer with no unit ticked)", tuple(options), data={"names": names}, check=check)


def apply_ground_losses(campaign: Campaign, at: Label, planet_name: str, eliminated: list[str]) -> Campaign:
    """A new campaign without the ``eliminated`` ground units of the planet, and a log line.

    Raises:
        IllegalAnswer: a unit that is not on that planet, or named twice.
    """
    gone = ground_losses_question(campaign, at, planet_name).check(eliminated)
    out = campaign.model_copy(deep=True)
    pl = _planet(out, at, planet_name)
    names = [g.name for g in pl.ground_units if g.id in gone]
    pl.ground_units = [g for g in pl.ground_units if g.id not in gone]
    out.log.append(LogEntry(turn=out.turn, rule=RULE, text=f"Ground combat on planet {pl.name} at {at}: "
                            + (", ".join(names) + " eliminated" if names else "no ground unit eliminated")))
    return out
