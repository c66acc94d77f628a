"""Raids on cargo carriers (seed 004 Encounters Phase).

Seed 004: "Raiders or pirates may attack cargo-carrying vessels. The chance of raiding attempts is
determined each campaign turn based on various factors. If a raiding attempt is successful, a
scenario is generated, involving trade fleets or newly arrived colony or transport fleets. After
the raiding scenario is played out, the consequences are determined. ... When a system is raided,
it temporarily stops producing income and requires a morale check as if it had been seized by an
enemy force."

Readings:

* The seed gives neither the chance nor the factors of a raiding attempt, so BattleHex does not
  roll one. A raid is a scenario generated against cargo carriers: once a scenario fought in a
  sector this turn is resolved, and a Team had there a Trade Fleet, or a Colony or Transport Fleet
  that arrived this turn (its ``last_sector`` is another sector), while one of its powers owns a
  planet of that system, the GM is asked whether it was a raid on the system
  (``raid/{at}/{team}``, yes/no, in the Space Combat Phase; End Phase waits for it).
* Raided: each planet of the system owned by a power of that Team records ``raided_turn`` (this
  turn). The economy reads it: a planet raided in the turn before an Income Phase produces no
  output in it ("temporarily stops producing income": one Income Phase). Its morale check is the
  seizure's (Morale Check Chart, target 3, -3 to Morale, the GM says whether it failed), asked in
  the same turn's Troop Combat step as a seizure's is (``morale/raided/{at}/{planet}``); a planet
  also seized this turn is checked once, for the seizure.
* The fleets of a battle are those it began with (the record's ``began``), else those in the sector.
"""
from __future__ import annotations

from typing import Any

from hexmap import Label
from rules.battlehex.log import IllegalAnswer
from rules.battlehex.questions import Question, yes_no
from rules.battlehex.words import changed, possessive
from rules.model.campaign import Campaign, Fleet, Planet, Sector
from rules.model.records import BattleHexRecord, LogEntry
from rules.model.turn_model import EncounterState, FleetKind
from rules.turn.encounters import RULE
from rules.turn.invasion import MORALE_RULE, SEIZED_MORALE, SEIZED_TARGET, morale_after

R_RAID = f"{RULE} (raids)"
GM = "gm"


def _fleets(c: Campaign, r: BattleHexRecord) -> list[Fleet]:
    return list(r.began.fleets) if r.began is not None else [f for f in c.fleets if f.sector == r.at
                                                             and f.in_transit_to is None]


def carriers(c: Campaign, r: BattleHexRecord, team: str) -> list[Fleet]:
    """``team``'s cargo carriers in the battle of ``r``: Trade Fleets, and Colony or Transport Fleets
    that arrived this turn."""
    t = next((x for x in c.teams if x.id == team), None)
    if t is None:
        return []
    return [f for f in _fleets(c, r) if f.power in t.powers and (
        f.kind is FleetKind.TRADE or (f.kind in (FleetKind.COLONY, FleetKind.TRANSPORT)
                                      and f.last_sector is not None and f.last_sector != r.at))]


def _planets(c: Campaign, at: Label, team: str) -> tuple[Sector | None, list[Planet]]:
    t = next((x for x in c.teams if x.id == team), None)
    sec = c.sector_at(str(at))
    if t is None or sec is None or sec.star_system is None:
        return sec, []
    return sec, [p for p in sec.star_system.planets if p.owner in t.powers]


def to_ask(c: Campaign) -> list[tuple[int, str]]:
    """(record index, Team) of each resolved scenario of this turn that may have been a raid."""
    out = []
    for i, r in enumerate(c.battle_hexes):
        if not r.resolved or r.between is not None or r.turn != c.turn or r.encounter is not EncounterState.SCENARIO:
            continue
        for team in (r.defender, r.attacker):
            if f"raid/{r.at}/{team}" not in c.turn_asked and carriers(c, r, team) and _planets(c, r.at, team)[1]:
                out.append((i, team))
    return out


def question(c: Campaign, index: int, team: str) -> Question:
    """Ask the GM whether the scenario of ``battle_hexes[index]`` was a raid on ``team``'s system."""
    r = c.battle_hexes[index]
    names = {t.id: t.name for t in c.teams}
    other = r.attacker if team == r.defender else r.defender
    ships = ", ".join(f.name for f in carriers(c, r, team))
    return yes_no(f"raid/{r.at}/{team}", GM, R_RAID,
                  f"Game Master: {names.get(other, other)} fought {possessive(names.get(team, team))} cargo "
                  f"carriers ({ships}) "
                  f"in {r.at}. Was it a raid on the system? (a raided system produces no income in the next Income "
                  f"Phase and checks its morale as if seized: target {SEIZED_TARGET}, {SEIZED_MORALE} to Morale)")


def answer(c: Campaign, index: int, team: str, raw: Any) -> Campaign:
    """Record the GM's answer: a raided system's planets of ``team`` record ``raided_turn``.

    Raises:
        IllegalAnswer: nothing is asked of this record and Team, or the answer is not yes or no.
    """
    if (index, team) not in to_ask(c):
        raise IllegalAnswer(R_RAID, f"no raid question is open for {team} at this Battle Hex")
    raided = question(c, index, team).check(raw)
    new = c.model_copy(deep=True)
    r = new.battle_hexes[index]
    new.turn_asked.append(f"raid/{r.at}/{team}")
    names = {t.id: t.name for t in new.teams}
    if not raided:
        new.log.append(LogEntry(turn=new.turn, rule=R_RAID, text=f"{r.at}: no raid on "
                                                                 f"{possessive(names.get(team, team))} "
                                                                  "system (the GM)"))
        return new
    _, planets = _planets(new, r.at, team)
    for p in planets:
        p.raided_turn = new.turn
    new.log.append(LogEntry(turn=new.turn, rule=R_RAID, text=f"{r.at}: {possessive(names.get(team, team))} "
                                                             f"system is raided: "
                            f"{', '.join(p.name for p in planets)} produce no income in the next Income Phase and "
                            "check morale as if seized"))
    return new


def morale_to_ask(c: Campaign) -> list[tuple[Label, str]]:
    """Planets raided this turn whose morale check is still to be made (not also seized this turn)."""
    return [(s.at, p.name) for s in c.map.sectors for p in (s.star_system.planets if s.star_system else [])
            if p.raided_turn == c.turn and p.seized_turn != c.turn and f"morale/raided/{s.at}/{p.name}"
            not in c.turn_asked]


def morale_question(c: Campaign, at: Label, planet: str) -> Question:
    """The raided planet's morale check, as if seized: the GM says whether it failed."""
    return yes_no(f"morale/raided/{at}/{planet}", GM, MORALE_RULE,
                  f"Game Master: planet {planet} at {at} was raided this turn; it checks morale as if seized by a "
                  f"hostile force. Did its morale check fail (target number {SEIZED_TARGET}; failed: {SEIZED_MORALE} "
                  "to Morale)?")


def apply_morale(c: Campaign, at: Label, planet: str, raw: Any) -> Campaign:
    """The raided planet's morale check applied (-3 when it failed; a Command Post keeps it above 0).

    Raises:
        IllegalAnswer: the planet's check is not open, or the answer is not yes or no.
    """
    if (at, planet) not in morale_to_ask(c):
        raise IllegalAnswer(MORALE_RULE, f"no raid morale check is open for {planet} at {at}")
    failed = morale_question(c, at, planet).check(raw)
    new = c.model_copy(deep=True)
    new.turn_asked.append(f"morale/raided/{at}/{planet}")
    sec = new.sector_at(str(at))
    assert sec is not None and sec.star_system is not None
    pl = next(p for p in sec.star_system.planets if p.name == planet)
    if failed:
        before, pl.morale = pl.morale, morale_after(pl.morale, SEIZED_MORALE, sec.star_system.has_command_post)
        text = f"Planet {planet} at {at} failed its morale check for the raid: morale {changed(before, pl.morale)}"
    else:
        text = f"Planet {planet} at {at} passed its morale check for the raid: morale stays {pl.morale}"
    new.log.append(LogEntry(turn=new.turn, rule=MORALE_RULE, text=text))
    return new
