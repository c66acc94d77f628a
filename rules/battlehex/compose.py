"""Fleet composition when a battle is set up (seed 004, issue 12): the step every battle
system runs first.

For each side (attacker, then defender) under the campaign's ``settings.fleet_composition``:
the best flagship commands (highest command rating; Big Ships: the largest) and the side's
units are measured against its capacity (:mod:`rules.composition`). A side that fits is only
logged. A side that does not fit is asked, by its owner: first which unit is the flagship
(when more than one may command: the cap depends on it), then which units stay out of the
battle ("the flagship owner chooses units to be removed before the scenario is set up until
what remains will fit"); the answer is checked by :func:`rules.composition.legal_exclusion`.
Units that stay out take no part (:attr:`Status.OUT`: nothing happens to them in the
campaign); fixed units that do not fit are made inactive, which here also means they take no
part (reading: "with no chance of activation").
"""
from __future__ import annotations

from collections.abc import Callable, Generator, Mapping
from itertools import combinations
from typing import Any

from rules.battlehex.log import EventLog, IllegalAnswer
from rules.battlehex.questions import QKind, Question
from rules.battlehex.roster import BUnit, Status
from rules.composition import (check, flagship_candidates, legal_exclusion, members_in, must_exclude,
                               proposed_exclusion)
from rules.composition.common import R_FLEX_LEADER, Member, must_fight
from rules.composition.flexible import squadron_choices
from rules.model.campaign import Campaign
from rules.model.records import BattleHexRecord
from rules.model.turn_model import EncounterState, Scenario

RULE = "seed 004 Fleet Composition"
R_MANDATORY = "004 Encounters Phase (units that must participate)"
R_CIVILIAN = "004 Combat Phase (trade, colony and transport fleets are required to be included)"
Ask = Generator[Question, Any, None]

SYSTEM_WORDS = {"bpv": "BPV Capacity", "big_ships": "big ships", "flexible": "flexible", "none": "no limit"}
"""The seed-004 fleet composition systems as people name them (the log's "of 1000 (BPV Capacity)")."""


def compose(campaign: Campaign, record: BattleHexRecord, units: Mapping[str, BUnit], name: Callable[[str], str],
            log: EventLog) -> Ask:
    """Measure each side and ask what stays out when it does not fit (see the module)."""
    system = campaign.settings.fleet_composition
    if system == "none":
        return
    powers = {t.id: t.powers for t in campaign.teams}
    year = campaign.settings.year
    for team in (record.attacker, record.defender):
        fleet = [m for m in members_in(campaign, str(record.at), powers.get(team, []))
                 if m.id in units and units[m.id].team == team and units[m.id].present]
        sure = _mandatory(campaign, record, team, {m.id for m in fleet} - {m.id for m in fleet if must_fight(m.unit)})
        if sure:  # they take part whatever the capacity: not measured, never asked to stay out
            fleet = [m for m in fleet if m.id not in sure]
            log.add("info", R_MANDATORY, f"{name(team)}: " + ", ".join(units[x].name for x in sorted(sure))
                    + " take part whatever the capacity (escorts of a civilian fleet"
                    + (", fixed units in a Defensive scenario" if record.scenario is Scenario.DEFENSIVE else "") + ")")
        candidates = flagship_candidates(fleet, system)
        if not candidates:  # no unit commands (a monster alone): the seed sets no limit (reading)
            continue
        flagship = candidates[0]
        ask = must_exclude(fleet, flagship, system, year)
        if ask is not None and len(candidates) > 1:
            flagship = yield _flagship_question(team, name, candidates, units, ask.verdict.cap, ask.verdict.used)
            ask = must_exclude(fleet, flagship, system, year)
        squads: dict[str, list[str]] = {}
        flag = next((m for m in fleet if m.id == flagship), None)
        if ask is not None and system == "flexible" and flag is not None:  # only then does the choice matter
            for lead, ships in squadron_choices(fleet, flag, {m.id for m in fleet}).items():
                squads[lead] = yield _squadron_question(team, name, lead, ships, units)
            ask = must_exclude(fleet, flagship, system, year, squadrons=squads) if squads else ask
        if ask is None:
            v = legal_exclusion(fleet, flagship, system, (), year, squadrons=squads)
            log.add("info", RULE, f"{name(team)}: flagship {units[flagship].name}; {v.used} of {v.cap} "
                                  f"({SYSTEM_WORDS.get(system, system)}): every unit takes part")
            continue
        for uid in ask.verdict.forced:
            _out(units, uid, log, f"{units[uid].name} stays out ({_reason(ask.verdict, uid)})")
        every = check(fleet, flagship, system, year, ask.choosable, squadrons=squads)
        proposed = None if every.over else _proposed(fleet, flagship, system, year, ask.choosable, squads)
        if every.over:  # the units that must take part overflow it alone: all the others stay out (issue 19)
            log.add("ruling", R_CIVILIAN, f"{name(team)}: the flagship and the units that must take part are "
                                          f"{every.used} of {every.cap} by themselves: every other unit stays out")
            out: Any = list(ask.choosable)
        elif proposed is None:  # no choice makes the force legal (the mixed-empire rule under the only flagship
            # its convoy outweighs): not a question no answer passes; every unit that may stay out does (reading)
            log.add("ruling", ask.rule, f"{name(team)}: no choice of the units that stay out makes the force fit "
                                        f"under {units[flagship].name} ("
                                        + "; ".join(p.removeprefix(f"{ask.rule}: ") for p in every.problems)
                                        + "): every unit that may stay out does")
            out = list(ask.choosable)
        else:
            out = yield _out_question(team, name, fleet, flagship, system, year, ask.choosable, units,
                                      ask.verdict.cap, ask.verdict.used, ask.rule, squads, proposed)
        v = every if every.over or proposed is None else legal_exclusion(fleet, flagship, system, out, year,
                                                                         squadrons=squads)
        for uid in v.excluded:
            _out(units, uid, log, f"{units[uid].name} stays out of the battle")
        for uid in v.inactive:
            _out(units, uid, log, f"{units[uid].name} is inactive (a fixed unit that does not fit, no chance "
                                  "of activation)")
        log.add("info", ask.rule, f"{name(team)}: flagship {units[flagship].name}; {v.used} of {v.cap} after the "
                                  "choice")


def answer_words(q: Question, raw: Any, units: Mapping[str, BUnit]) -> str:
    """The log's words for a composition answer: the flagship, or the units that stay out, by name."""
    ids = raw if isinstance(raw, list) else [raw]
    names = ", ".join(units[x].name if isinstance(x, str) and x in units else str(x) for x in ids)
    if q.key.endswith("/flagship"):
        return f"flagship {names}"
    if "/squadron/" in q.key:
        lead = q.key.rsplit("/", 1)[1]
        return f"{units[lead].name if lead in units else lead} commands {names or 'no squadron'}"
    return f"stay out: {names or 'none'}"


def _mandatory(campaign: Campaign, record: BattleHexRecord, team: str, ids: set[str]) -> set[str]:
    """Seed 004's mandatory participants among ``ids`` beyond the civilian ships themselves:
    escorts ("Assigning Escorts to civilian fleets ensures they participate in any encounter
    scenarios involving the fleet") and, in a Defensive scenario, every fixed unit ("all fixed
    units in that sector must participate")."""
    if record.encounter is EncounterState.V13:
        return set()
    from rules.turn.encounter_find import participants  # the campaign turn's rules load when used

    return set(participants(campaign, record.at, team, record.scenario)) & ids


SEARCHED = 12
"""Up to this many units that may stay out, every choice is tried when the quick proposal finds none (4,096 checks at
most): the question is skipped only when no choice is legal."""


def _proposed(fleet: list[Member], flagship: str, system: Any, year: int | None, choosable: tuple[str, ...],
              squads: Mapping[str, list[str]]) -> list[str] | None:
    """A legal answer to which units stay out (the cheapest out until the rest fits), or the first legal choice by
    size when that finds none; ``None`` when no choice is legal (or too many to try: :data:`SEARCHED`)."""
    quick = proposed_exclusion(fleet, flagship, system, choosable, year, squadrons=dict(squads))
    if quick is not None or len(choosable) > SEARCHED:
        return quick
    for k in range(1, len(choosable) + 1):
        for pick in combinations(choosable, k):
            if legal_exclusion(fleet, flagship, system, pick, year, squadrons=dict(squads)).ok:
                return list(pick)
    return None


def _reason(v: Any, uid: str) -> str:
    return next((ln.rule for ln in v.lines if getattr(ln, "unit", None) == uid), RULE)


def _out(units: Mapping[str, BUnit], uid: str, log: EventLog, text: str) -> None:
    if uid in units and units[uid].present:
        units[uid].status = Status.OUT
        log.add("info", RULE, text, {"unit": uid})


def _flagship_question(team: str, name: Callable[[str], str], candidates: tuple[str, ...],
                       units: Mapping[str, BUnit], cap: Any, used: Any) -> Question:
    def check(a: Any) -> str:
        if a not in candidates:
            raise IllegalAnswer(RULE, "the flagship is one of: " + ", ".join(units[c].name for c in candidates))
        return str(a)
    return Question(f"composition/{team}/flagship", QKind.CHOOSE, team, RULE,
                    f"{name(team)}: your force ({used}) is over the capacity of its best flagship ({cap}): choose the "
                    "flagship that commands it (its command rating sets the capacity)", candidates, check=check)


def _squadron_question(team: str, name: Callable[[str], str], lead: str, ships: tuple[str, ...],
                       units: Mapping[str, BUnit]) -> Question:
    """Flexible Command: "One leader can be designated being 'in command' of two other ships of its
    size" - its owner names the two (``[]``: none, and the leader pays the penalty)."""
    def check(a: Any) -> list[str]:
        if not isinstance(a, list) or len(set(a)) != len(a) or len(a) not in (0, 2) or any(x not in ships for x in a):
            raise IllegalAnswer(R_FLEX_LEADER, f"{units[lead].name} commands two of: "
                                + ", ".join(units[x].name for x in ships) + " (or none)")
        return list(a)
    return Question(f"composition/{team}/squadron/{lead}", QKind.CHOOSE_UNITS, team, R_FLEX_LEADER,
                    f"{name(team)}: designate the squadron {units[lead].name} commands: two ships of its size, whose "
                    "duplicate penalty it lifts (none: it pays the leader's penalty)", ships, check=check)


def _out_question(team: str, name: Callable[[str], str], fleet: list[Member], flagship: str, system: Any,
                  year: int | None, choosable: tuple[str, ...], units: Mapping[str, BUnit], cap: Any, used: Any,
                  rule: str, squads: Mapping[str, list[str]] | None = None,
                  proposed: list[str] | None = None) -> Question:
    """Which units stay out; it opens at ``proposed`` (a legal, minimal answer: what Return answers)."""
    def check(a: Any) -> list[str]:
        if not isinstance(a, list) or any(x not in choosable for x in a) or len(set(a)) != len(a):
            raise IllegalAnswer(rule, "name the units that stay out among: "
                                      + ", ".join(units[x].name for x in choosable))
        v = legal_exclusion(fleet, flagship, system, a, year, squadrons=squads)
        if not v.ok:
            raise IllegalAnswer(rule, "; ".join(p.removeprefix(f"{rule}: ") for p in v.problems))  # the rule once
        return list(a)
    return Question(f"composition/{team}/out", QKind.CHOOSE_UNITS, team, rule,
                    f"{name(team)}: the force ({used}) is over the capacity of {units[flagship].name} ({cap}): choose "
                    "the units that stay out of the battle until the rest fits", choosable, check=check,
                    default=proposed)
