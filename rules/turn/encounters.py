"""The Encounters Phase of seed 004: demands, refusals and the scenario a meeting generates.

Seed 004, Combat Phase, Encounters Phase, "Effects of demanded scenarios": an attacker entering
a sector may be met by a defender's demand for a Deep Space encounter (refused: the defender may
demand a Pursuit scenario, else the attacker returns to its last sector) or, at a fixed defensive
point, a Defensive encounter (refused: the attacker returns). Fleets that enter opposite sectors
"meet in the middle": either may demand a Deep Space encounter; the winner remains between
sectors and the loser returns; a side that refuses returns while the other remains between. If
diplomacy allows no encounter (e.g. a Non-Aggression Treaty) "both fleets are treated as if they
agreed to an encounter, but no encounter is actually generated".

:func:`effect` is the table as a pure function of the answers; :func:`decide` asks the questions
and returns the same result. Finding the meetings on the map, Trade Fleets and the units that
must take part are in :mod:`rules.turn.encounter_find`.

Readings:

* In a sector the defender is asked first ("Defender may demand ..."). When it demands nothing,
  the attacker may demand a Deep Space encounter ("Scenarios are generated if at least one force
  in the encounter demands it"); the defender holds the sector and has no last sector to return
  to, so it cannot refuse: a Deep Space encounter is resolved. The attacker may not demand a
  Defensive encounter (only a defender at its fixed defensive point may).
* "Fleets accepting refused scenarios may demand a Pursuit scenario" is read as: the side whose
  demand was refused in a sector may demand a Pursuit, after a refused Deep Space demand (the
  table's row) and after a refused Defensive demand alike. The attacker still returns to its last
  sector; the Pursuit is fought as it goes.
* Between sectors no Pursuit is offered: the table's "meet in the middle" rows and the Deep Space
  paragraph name none.
* Nobody demands in a sector: no scenario, both sides stay (the sector is simply Contested:
  "Encounters may lead to scenario generation but are not mandatory").
* Nobody demands between sectors: that is the table's "Both refuse": both return to their last
  sector. A side that demands agrees; when both demand, both agree.
* Diplomacy forbids an encounter: nobody returns; a meeting between sectors leaves both sides
  between sectors (they "agreed", but no battle decides a winner).
"""
from __future__ import annotations

import dataclasses
from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import Any

from hexmap import Label
from rules.battlehex.log import IllegalAnswer
from rules.battlehex.questions import Question, choose, yes_no
from rules.battlehex.words import possessive
from rules.errors import RuleError
from rules.model.turn_model import Scenario
from rules.strategic.state import StrategicState

RULE = "004 Encounters Phase"
R_NORMAL = "004 Intel Phase (Normal Relations)"
NONE = "none"
"""The ``choose`` option that demands no scenario."""
AGREE_USUALLY = True
"""Where a side asked to agree to a demanded encounter starts (the question's default, what Return
answers): yes. The side asked moved into the other's sector (or towards it, meeting in the middle),
so the encounter is what its move sought; refusing turns the move back ("Attacker returns to the
last sector"), the unusual case a commander picks on purpose. Answering no by default made a GM
pressing Return through turn 1 refuse every demanded encounter, and the turn had no battle. A
demand starts at the table's first row, a Deep Space encounter; a Pursuit after a refusal at no
(the seed's "may")."""


@dataclass(frozen=True, slots=True)
class Meeting:
    """One encounter to decide.

    Attributes:
        at: the sector (for a meeting between sectors: one end of the lane).
        between: the other end of the lane for a meeting in the middle, else ``None``.
        attacker: the Team that entered (between sectors: the side coming from ``at``).
        defender: the other Team.
        attacker_fleets: fleet ids of the attacker.
        defender_fleets: fleet ids of the defender.
        fixed_point: the place is a fixed defensive point of the defender.
        blocked: why diplomacy allows no encounter here ("" when it allows one).
        reason: why the attacker attacks.
        restricted: Teams that may demand no scenario here: at Normal Relations, a power that
            neither controls nor controlled the system (seed 004 Intel Phase, Normal Relations'
            exception); they are not asked for a demand, only for their reply.
    """

    at: Label
    between: Label | None
    attacker: str
    defender: str
    attacker_fleets: tuple[str, ...]
    defender_fleets: tuple[str, ...]
    fixed_point: bool = False
    blocked: str = ""
    reason: str = ""
    restricted: tuple[str, ...] = ()
    attacked: tuple[str, ...] = ()
    """Teams that may demand at Normal Relations only because the other side attacked their forces
    (not controlling the system): their question says so."""

    @property
    def where(self) -> str:
        """The place in words and in question keys: ``0304`` or ``0304-0404``."""
        return f"{self.at}-{self.between}" if self.between is not None else str(self.at)


@dataclass(frozen=True, slots=True)
class EncounterResult:
    """What a meeting comes to.

    Attributes:
        scenario: the scenario generated, or ``None``.
        returns: Teams whose fleets go back to their ``last_sector``.
        stays_between: Teams whose fleets remain between sectors.
        rule: the seed rule applied.
        text: one log line.
        sides: ``(attacker, defender)``.
        between: the lane's far end for a meeting in the middle.
        generated_by: the Teams whose demand generated the scenario (Exhibit B's "generated an
            encounter scenario against your ships", rules/turn/encounter_facts.py record_facts).
    """

    scenario: Scenario | None
    returns: tuple[str, ...]
    stays_between: tuple[str, ...]
    rule: str
    text: str
    sides: tuple[str, str] = ("", "")
    between: Label | None = None
    generated_by: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Answers:
    """The answers the table reads.

    Attributes:
        defender_demand: what the defender demanded (``None``: nothing).
        attacker_demand: what the attacker demanded (``None``: nothing).
        agreed: the other side's reply to a single demand (``None``: not asked).
        pursuit: the side whose demand was refused demands a Pursuit scenario.
    """

    defender_demand: Scenario | None = None
    attacker_demand: Scenario | None = None
    agreed: bool | None = None
    pursuit: bool = False


def encounter_allowed(state: StrategicState, power_a: str, power_b: str) -> bool:
    """Whether diplomacy lets an encounter be generated between two powers (Hostilities or War)."""
    return state.dip.may_fight(power_a, power_b)


def _names(name: Callable[[str], str], m: Meeting) -> tuple[str, str]:
    return name(m.attacker), name(m.defender)


def _result(m: Meeting, scenario: Scenario | None, returns: tuple[str, ...], between: tuple[str, ...],
            text: str, by: tuple[str, ...] = ()) -> EncounterResult:
    return EncounterResult(scenario, returns, between, RULE, f"{m.where}: {text}",
                           (m.attacker, m.defender), m.between, by)


def no_encounter(m: Meeting, name: Callable[[str], str] = str) -> EncounterResult:
    """Diplomacy allows no encounter: treated as agreed, nothing generated, nobody returns."""
    a, d = _names(name, m)
    stays = (m.attacker, m.defender) if m.between is not None else ()
    why = m.blocked or "diplomacy allows no encounter"
    return _result(m, None, (), stays, f"{a} and {d} are treated as if they agreed to an encounter, but no "
                                       f"encounter is generated ({why})")


def demands_open(m: Meeting, team: str) -> tuple[str, ...]:
    """The ``choose`` options of ``team``'s demand."""
    if team in m.restricted:
        return (NONE,)
    if team == m.defender and m.between is None and m.fixed_point:
        return (Scenario.DEEP_SPACE.value, Scenario.DEFENSIVE.value, NONE)
    return (Scenario.DEEP_SPACE.value, NONE)


def _check_demand(m: Meeting, team: str, demand: Scenario | None) -> None:
    if demand is None or demand.value in demands_open(m, team):
        return
    if team in m.restricted:
        raise IllegalAnswer(R_NORMAL, f"{team} may generate no encounter in {m.where}: at Normal Relations only a "
                                      "power that controls or controlled the system, or one whose forces the other "
                                      "attacked, may")
    if demand is Scenario.DEFENSIVE and team == m.defender:
        raise IllegalAnswer(RULE, f"{m.where} is no fixed defensive point of {team}: a Defensive encounter "
                                  "is demanded only by a defender at a fixed defensive point")
    raise IllegalAnswer(RULE, f"{team} may demand {' or '.join(demands_open(m, team))}, not {demand.value}")


def effect(m: Meeting, ans: Answers, name: Callable[[str], str] = str) -> EncounterResult:
    """The "Effects of demanded scenarios" table for one meeting and its answers.

    Raises:
        IllegalAnswer: an answer the table does not offer (a Defensive demand away from a fixed
            defensive point, a reply where nothing was demanded, ...).
    """
    if m.blocked:
        return no_encounter(m, name)
    _check_demand(m, m.defender, ans.defender_demand)
    _check_demand(m, m.attacker, ans.attacker_demand)
    return _in_sector(m, ans, name) if m.between is None else _in_middle(m, ans, name)


def _in_sector(m: Meeting, ans: Answers, name: Callable[[str], str]) -> EncounterResult:
    a, d = _names(name, m)
    dd, ad = ans.defender_demand, ans.attacker_demand
    if dd is not None:
        if ad is not None:
            raise IllegalAnswer(RULE, f"{a} answers {possessive(d)} demand; it demands nothing of its own")
        if ans.agreed is None:
            raise IllegalAnswer(RULE, f"{a} must agree to or refuse {possessive(d)} demand")
        what = _title(dd)
        if ans.agreed:
            if ans.pursuit:
                raise IllegalAnswer(RULE, "a Pursuit is demanded only after a refusal")
            return _result(m, dd, (), (), f"{d} demands a {what} encounter and {a} agrees: resolve a {what} "
                                          "encounter", (m.defender,))
        if ans.pursuit:
            return _result(m, Scenario.PURSUIT, (m.attacker,), (),
                           f"{d} demands a {what} encounter, {a} refuses and returns to its last sector; "
                           f"{d} demands a Pursuit scenario", (m.defender,))
        return _result(m, None, (m.attacker,), (), f"{d} demands a {what} encounter, {a} refuses and "
                                                   f"returns to its last sector; {d} demands no Pursuit")
    if ans.agreed is not None or ans.pursuit:
        raise IllegalAnswer(RULE, f"{d} demanded nothing: there is nothing to refuse or pursue")
    if ad is not None:
        return _result(m, Scenario.DEEP_SPACE, (), (), f"{d} demands nothing; {a} demands a Deep Space encounter "
                                                       f"and {d}, holding the sector, cannot refuse: resolve a "
                                                       "Deep Space encounter", (m.attacker,))
    return _result(m, None, (), (), f"neither {a} nor {d} demands a scenario: no scenario, both stay")


def _in_middle(m: Meeting, ans: Answers, name: Callable[[str], str]) -> EncounterResult:
    a, d = _names(name, m)
    if ans.pursuit:
        raise IllegalAnswer(RULE, "no Pursuit is demanded between sectors")
    da, dd = ans.attacker_demand is not None, ans.defender_demand is not None
    if da == dd:
        if ans.agreed is not None:
            raise IllegalAnswer(RULE, "both sides answered alike: there is no demand to agree to or refuse")
        if da:
            return _result(m, Scenario.DEEP_SPACE, (), (), f"{a} and {d} both demand a Deep Space encounter: "
                                                           "resolve it; the winner remains between sectors, the "
                                                           "loser returns to its last sector", (m.attacker, m.defender))
        return _result(m, None, (m.attacker, m.defender), (), f"{a} and {d} both refuse: both return to their "
                                                               "last sector")
    asker, other = (m.attacker, m.defender) if da else (m.defender, m.attacker)
    if ans.agreed is None:
        raise IllegalAnswer(RULE, f"{name(other)} must agree to or refuse {possessive(name(asker))} demand")
    if ans.agreed:
        return _result(m, Scenario.DEEP_SPACE, (), (), f"{name(asker)} demands a Deep Space encounter and "
                                                       f"{name(other)} agrees: resolve it; the winner remains "
                                                       "between sectors, the loser returns to its last sector",
                           (asker,))
    return _result(m, None, (other,), (asker,), f"{name(asker)} demands a Deep Space encounter, {name(other)} "
                                                f"refuses and returns to its last sector; {name(asker)} remains "
                                                "between sectors")


def after_battle(result: EncounterResult, winner: str, name: Callable[[str], str] = str) -> EncounterResult:
    """A Deep Space encounter between sectors is fought: the winner remains between sectors, the
    loser returns to its last sector.

    Raises:
        RuleError: ``result`` is not a Deep Space encounter between sectors, or ``winner`` is
            neither of its sides.
    """
    if result.between is None or result.scenario is not Scenario.DEEP_SPACE:
        raise RuleError(RULE, "only a Deep Space encounter between sectors leaves a winner between sectors")
    if winner not in result.sides:
        raise RuleError(RULE, f"{winner!r} is neither side of this encounter ({', '.join(result.sides)})")
    loser = result.sides[1] if winner == result.sides[0] else result.sides[0]
    return dataclasses.replace(result, returns=(loser,), stays_between=(winner,),
                               text=f"{name(winner)} wins the Deep Space encounter and remains between "
                                    f"sectors; {name(loser)} returns to its last sector")


def _title(s: Scenario) -> str:
    return {Scenario.DEEP_SPACE: "Deep Space", Scenario.DEFENSIVE: "Defensive", Scenario.PURSUIT: "Pursuit"}[s]


def _demand_question(m: Meeting, team: str, name: Callable[[str], str]) -> Question:
    opts = list(demands_open(m, team))
    here = f"between {m.at} and {m.between}" if m.between is not None else f"in {m.at}"
    other = m.defender if team == m.attacker else m.attacker
    why = "it attacked your forces" if team in m.attacked else "the system is or was yours"
    only = (f" (Normal Relations: {name(other)} may not generate an encounter here; you may: {why})"
            if other in m.restricted else "")
    q = choose(f"encounter/{m.where}/demand/{team}", team, RULE,
               f"{name(team)}: you meet {name(other)} {here}. Demand a scenario?{only}", opts,
               default=opts[0])  # the table's first row: a Deep Space encounter, where it may be demanded

    def check(a: Any) -> Scenario | None:
        if a == Scenario.DEFENSIVE.value and a not in opts:
            _check_demand(m, team, Scenario.DEFENSIVE)
        chosen: str = q.check(a)
        return None if chosen == NONE else Scenario(chosen)
    words = {NONE: "No scenario"} | {s.value: f"Demand a {_title(s)} encounter" for s in Scenario}
    return dataclasses.replace(q, check=check, data={"option_words": {o: words[o] for o in opts}})


def _checked(q: Question, raw: Any) -> Any:
    """A sent answer is read by the question's own check (an already-read value passes through)."""
    if isinstance(raw, Scenario):
        return raw
    if raw is None and q.kind.value == "choose":
        return None
    return q.check(raw)


def decide(m: Meeting, name: Callable[[str], str]) -> Generator[Question, Any, EncounterResult]:
    """Ask the Teams of a meeting for their demands and replies, in the table's order.

    Yields:
        The questions, each citing "004 Encounters Phase"; send each answer back.

    Returns:
        The :func:`effect` of the answers.
    """
    if m.blocked:
        return no_encounter(m, name)
    a, d = _names(name, m)
    if m.between is None:
        q = _demand_question(m, m.defender, name)
        dd = None if m.defender in m.restricted else _checked(q, (yield q))
        if dd is None:
            if m.attacker in m.restricted:
                return effect(m, Answers(), name)
            q = _demand_question(m, m.attacker, name)
            return effect(m, Answers(attacker_demand=_checked(q, (yield q))), name)
        q = yes_no(f"encounter/{m.where}/agree/{m.attacker}", m.attacker, RULE,
                   f"{a}: {d} demands a {_title(dd)} encounter in {m.at}. Agree (no: return to your last sector)?",
                   default=AGREE_USUALLY)
        agreed = bool(_checked(q, (yield q)))
        pursuit = False
        if not agreed:
            q = yes_no(f"encounter/{m.where}/pursuit/{m.defender}", m.defender, RULE,
                       f"{d}: {a} refuses and returns to its last sector. Demand a Pursuit scenario?")
            pursuit = bool(_checked(q, (yield q)))
        return effect(m, Answers(defender_demand=dd, agreed=agreed, pursuit=pursuit), name)
    q = _demand_question(m, m.attacker, name)
    ad = None if m.attacker in m.restricted else _checked(q, (yield q))
    q = _demand_question(m, m.defender, name)
    dd = None if m.defender in m.restricted else _checked(q, (yield q))
    reply: bool | None = None
    if (ad is None) != (dd is None):
        asker, other = (m.attacker, m.defender) if ad is not None else (m.defender, m.attacker)
        q = yes_no(f"encounter/{m.where}/agree/{other}", other, RULE,
                   f"{name(other)}: {name(asker)} demands a Deep Space encounter between {m.at} and {m.between}. "
                   "Agree (no: return to your last sector)?", default=AGREE_USUALLY)
        reply = bool(_checked(q, (yield q)))
    return effect(m, Answers(defender_demand=dd, attacker_demand=ad, agreed=reply), name)
