"""Seed 004 Intel missions (issue 23), as far as the seed defines them: "Intel missions require a
target system, staging system, mission details, and the allocation of Intel points. The total Intel
points spent on missions from a system cannot exceed the system's Census rating. Any unassigned
Intel points are placed in the Military Intel Pool." "Once contact is established, diplomatic
actions and Intel missions can be initiated." The seed gives no table for a mission's outcome
(the Morale Check Chart's "Use of Intel | Varies | See Intel Missions" points at none), so the GM
rules each one, logged.

Turn Orders of a ``settings.empire_turn`` seed004 campaign:

* ``{"mission": {"power": p, "mission": "espionage"|"sabotage"|"insurgency", "staging": "1208",
  "target": "0507", "intel": n[, "details": text]}}``: ``n`` Intel Points of the power's Military
  Intel Pool assigned (``rules.economy.intel.assign``: at most the staging system's Census this turn),
  taken at once, the mission kept (``economy.missions``, with the GM's ruling once given, until a
  later turn's mission is ordered) for the GM's ruling. Refused with the rule:
  no contact with the target's power, a staging system not the power's, over its Census, more points
  than held.
* Once every power's orders are in, the GM is asked to rule on each mission (``mission/POWER/ID``):
  ``succeeded``, ``succeeded_caught``, ``succeeded_implicated`` (sabotage or insurgency), ``failed``
  or ``failed_caught``. A caught mission is Exhibit B's "caught running an espionage / sabotage /
  insurgency mission on one of your systems", an implicated one its "implicated in successful
  sabotage/insurgency mission", kept for the target's power in the pair's facts (the break and
  declare chances read them, rules/turn/diplomacy_phase.py).
* After a successful sabotage or insurgency ruling the GM is asked what it did, one effect at a
  time until "none" (``mission/POWER/ID/effect/K``): a morale check of the target system (the
  Morale Check Chart's "Use of Intel | Varies | See Intel Missions": the GM rules its d10 target
  number, ``.../K/target``, and its change to Morale, ``.../K/change``; each of the target power's
  planets there rolls the campaign's d10 as every chart row does, a Command Post adding 1 and
  keeping Morale at 1 or more, rules/economy/planet.varies_check), or a unit or base of the
  target power in that system destroyed or damaged (crippled, as a battle leaves it). The seed
  speaks of no lost Productivity or Census for a mission, so none is offered. Each effect is
  applied at once with this rule, logged to the mission's Team (and the target's when caught or
  implicated, naming the mission) and to the target's Team, which sees what happened in its
  system but not whose mission it was unless caught or implicated. The answers so far are kept in
  ``Campaign.turn_asked`` (cleared at the next turn), as random_events.py keeps its own.

Readings (docs/economy.md): the kinds are the three Exhibit B names; the target system is a sector
another power owns (or holds a planet in); the staging system is a sector where the power owns a
planet, its Census the sum of those planets'. A mission's order is its Team's secret; the ruling is
the GM's question, its log line the Team's, and the target's Team's too when the mission was caught
or implicated.
"""
from __future__ import annotations

from typing import Any

from hexmap import Label
from rules.battlehex.log import GM, IllegalAnswer
from rules.battlehex.questions import Question, choose
from rules.battlehex.words import possessive
from rules.economy import intel
from rules.errors import RuleError
from rules.model.campaign import Campaign
from rules.model.economy_model import IntelMission, PowerEconomy
from rules.model.records import LogEntry
from rules.model.treaty_model import PairFact
from rules.model.types import DiplomaticState as D
from rules.model.units import UnitFate
from rules.strategic.diplomacy import Diplomacy

RULE = "004 Intel Phase (Intel missions)"
KINDS = ("espionage", "sabotage", "insurgency")
RULINGS = {"succeeded": "Succeeded", "succeeded_caught": "Succeeded, and its agents were caught",
           "succeeded_implicated": "Succeeded, and the power is implicated (sabotage or insurgency)",
           "failed": "Failed", "failed_caught": "Failed, and its agents were caught"}
_KEYS = {"power", "mission", "staging", "target", "intel"}


def _label(raw: Any, what: str) -> Label:
    try:
        return Label.parse(str(raw))
    except ValueError:
        raise IllegalAnswer(RULE, f"the {what} system is a sector label such as \"0507\", not {raw!r}") from None


def _team(c: Campaign, power: str) -> str:
    t = c.team_of_power(power)
    return t.id if t is not None else GM


def systems(c: Campaign, power: str) -> dict[str, int]:
    """The power's staging systems (sector label -> the Census of its planets there)."""
    out: dict[str, int] = {}
    for s in c.map.sectors:
        mine = [pl for pl in (s.star_system.planets if s.star_system else []) if pl.owner == power]
        if mine:
            out[str(s.at)] = sum(pl.census for pl in mine)
    return out


def _target_power(c: Campaign, at: Label, power: str) -> str | None:
    s = c.sector_at(str(at))
    if s is None:
        return None
    owners = [s.owner] + [pl.owner for pl in (s.star_system.planets if s.star_system else [])]
    return next((o for o in owners if o is not None and o != power), None)


def order(c: Campaign, raw: Any) -> Campaign:
    """``{"mission": ...}`` checked and recorded, its points taken (a new campaign); an illegal order
    raises and changes nothing."""
    if not (isinstance(raw, dict) and _KEYS <= set(raw) <= _KEYS | {"details"}
            and all(isinstance(raw[k], str) for k in set(raw) - {"intel"})
            and isinstance(raw["intel"], int) and not isinstance(raw["intel"], bool)):
        raise IllegalAnswer(RULE, "a mission is {\"mission\": {\"power\": ..., \"mission\": \"espionage\" | "
                                  "\"sabotage\" | \"insurgency\", \"staging\": \"1208\", \"target\": \"0507\", "
                                  f"\"intel\": points, \"details\": text}}}}, not {raw!r}")
    if c.settings.empire_turn != "seed004":
        raise RuleError(RULE, "Intel missions are kept by hand in this campaign (settings.empire_turn by_hand)")
    p = c.power(raw["power"])
    if p is None:
        raise IllegalAnswer(RULE, f"there is no power {raw['power']!r}")
    if raw["mission"] not in KINDS:
        raise IllegalAnswer(RULE, f"a mission is {', '.join(KINDS)}, not {raw['mission']!r}")
    if len(raw.get("details", "")) > 1000:
        raise IllegalAnswer(RULE, f"a mission's details are at most 1000 characters, not {len(raw['details'])}")
    staging, target = _label(raw["staging"], "staging"), _label(raw["target"], "target")
    against = _target_power(c, target, p.id)
    if against is None:
        raise RuleError(RULE, f"{target} is no system of another power: a mission targets another power's system")
    other = c.power(against)
    other_name = other.name if other is not None else against
    if Diplomacy(c).state(p.id, against) is D.NO_CONTACT:
        raise RuleError(RULE, f"{p.name} has no contact with {other_name}: Intel missions can be initiated once "
                              "contact is established (a path traced)")
    eco = p.economy or PowerEconomy()
    census = systems(c, p.id)
    now = [m for m in eco.missions if m.turn == c.turn]  # this turn's, ruled or not: one Census cap a turn
    planned = [intel.Mission(str(m.staging), str(m.target), m.mission, m.points) for m in now]
    new_one = intel.Mission(str(staging), str(target), raw["mission"], raw["intel"])
    try:
        intel.assign(eco.intel_points + sum(m.points for m in now), [*planned, new_one], census)
    except ValueError as e:
        raise RuleError(RULE, f"{p.name}: {e}") from None
    mission = IntelMission(id=f"m{len(c.log) + 1}", mission=raw["mission"], staging=staging, target=target,
                           against=against, points=raw["intel"], details=raw.get("details", ""), turn=c.turn)
    new = c.model_copy(deep=True)
    q = new.power(p.id)
    assert q is not None
    q.economy = eco.model_copy(update={"intel_points": eco.intel_points - raw["intel"],
                                       "missions": [*(m for m in eco.missions if m.turn == c.turn or not m.ruled),
                                                    mission]})
    used = sum(m.points for m in [*planned, new_one] if m.staging == str(staging))
    new.log.append(LogEntry(turn=c.turn, rule=RULE, secret_of=[_team(c, p.id)], text=(
        f"{p.name} orders {_a(raw['mission'])} mission against {other_name} at {target}, staged from {staging} "
        f"with {raw['intel']} Intel Point{'s' if raw['intel'] != 1 else ''} ({used} of its Census {census[str(staging)]} "
        f"used there this turn); Military Intel Pool {eco.intel_points} to {eco.intel_points - raw['intel']}")))
    return new


def _a(kind: str) -> str:
    return f"an {kind}" if kind[0] in "aeiou" else f"a {kind}"


def _waiting(c: Campaign) -> tuple[str, IntelMission] | None:
    for p in c.powers:
        for m in p.economy.missions if p.economy is not None else []:
            if not m.ruled:
                return p.id, m
    return None


def pending(c: Campaign) -> Question | None:
    """The GM's ruling on the first mission waiting for one, else the next effect of a successful
    sabotage or insurgency mission ruled this turn, or ``None``."""
    hit = _waiting(c)
    if hit is None:
        after = _effect_open(c)
        return None if after is None else _effect_question(c, *after)
    power, m = hit
    options = [o for o in RULINGS if o != "succeeded_implicated" or m.mission != "espionage"]
    q = choose(f"mission/{power}/{m.id}", GM, RULE, (
        f"Game Master: rule on {possessive(_name(c, power))} {m.mission} mission against {_name(c, m.against)} at "
        f"{m.target} ({m.points} Intel Point{'s' if m.points != 1 else ''}, staged from {m.staging}"
        + (f"; {m.details}" if m.details else "") + "): the seed gives no table for Intel missions - how did it "
        "go?"), options)
    return Question(q.key, q.kind, q.to, q.rule, q.text, q.options,
                    data={"secret": True, "option_words": {o: RULINGS[o] for o in options}}, check=q.check)


def _name(c: Campaign, power: str) -> str:
    p = c.power(power)
    return p.name if p is not None else power


def answer(c: Campaign, raw: Any) -> Campaign:
    """The GM's ruling on :func:`pending`'s mission (a new campaign): logged, its Exhibit B fact kept;
    or the effect :func:`pending` asks for, applied."""
    q = pending(c)
    hit = _waiting(c)
    if q is not None and hit is None:
        return _effect_answer(c, q, raw)
    if q is None or hit is None:
        raise RuleError(RULE, "no Intel mission waits for a ruling")
    ruling = q.check(raw)
    power, m = hit
    new = c.model_copy(deep=True)
    pw = new.power(power)
    assert pw is not None and pw.economy is not None
    pw.economy = pw.economy.model_copy(update={"missions": [x.model_copy(update={"ruled": ruling}) if x.id == m.id
                                                            else x for x in pw.economy.missions]})
    fact = f"caught_{m.mission}" if ruling.endswith("_caught") else \
        "implicated_sabotage" if ruling == "succeeded_implicated" else None
    said = ""
    if fact is not None:
        from rules.turn.diplomacy_phase import pair_record

        pair_record(new, power, m.against).facts.append(PairFact(fact=fact, by=power, turn=c.turn))
        said = (f" - Exhibit B: {_name(c, power)} was caught running {_a(m.mission)} mission on a system of "
                f"{_name(c, m.against)}" if fact.startswith("caught") else
                f" - Exhibit B: {_name(c, power)} is implicated in a successful {m.mission} mission")
    seen = [_team(c, power)] + ([_team(c, m.against)] if fact is not None else [])
    new.log.append(LogEntry(turn=c.turn, rule=RULE, secret_of=list(dict.fromkeys(seen)), text=(
        f"The GM rules {possessive(_name(c, power))} {m.mission} mission against {_name(c, m.against)} at "
        f"{m.target}: {RULINGS[ruling].lower()}{said}")))
    return new


def order_seen(c: Campaign, raw: Any) -> tuple[str, ...] | None:
    """Who may see the GM's answer ``raw`` when it orders an Intel mission, or a diplomatic attempt
    spending Intel Points (break, declare: rules/turn/diplomacy_phase.py): the ordering power's Team
    (and the GM), not the target (``None`` for any other answer: as the question's)."""
    kind = next(iter(raw)) if isinstance(raw, dict) and len(raw) == 1 else None
    body = raw[kind] if kind in ("mission", "break", "declare") else None
    if not isinstance(body, dict) or not isinstance(body.get("power"), str):
        return None
    return (_team(c, body["power"]),)


# -- what a successful sabotage or insurgency did (the GM's effects) ---------------------------------
NONE = "none"
MOST_MORALE = 10
"""The largest loss of Morale one effect may make (the chart's own rows lose 1 or 3)."""
_DONE = ("succeeded", "succeeded_caught", "succeeded_implicated")


def _effect_state(c: Campaign, power: str, m: IntelMission) -> tuple[int, str | None, int | None, bool]:
    """The effect asked now: its number, its choice and target number so far, and whether the GM said "none"."""
    pre, k, choice, target = f"mission/{power}/{m.id}/effect/", 1, None, None
    for key in c.turn_asked:
        head, _, value = key.partition("=")
        if head == f"{pre}{k}":
            if value == NONE:
                return k, None, None, True
            choice = value
            if value != "morale":
                k, choice = k + 1, None
        elif head == f"{pre}{k}/target":
            target = int(value)
        elif head == f"{pre}{k}/change":
            k, choice, target = k + 1, None, None
    return k, choice, target, False


def _effect_open(c: Campaign) -> tuple[str, IntelMission] | None:
    for p in c.powers:
        for m in p.economy.missions if p.economy is not None else []:
            if m.turn == c.turn and m.ruled in _DONE and m.mission in ("sabotage", "insurgency") \
                    and not _effect_state(c, p.id, m)[3]:
                return p.id, m
    return None


def _planets(c: Campaign, m: IntelMission) -> tuple[bool, list[Any]]:
    """The target power's planets in the target system, and whether a Command Post stands there."""
    s = c.sector_at(str(m.target))
    system = s.star_system if s is not None else None
    return (system is not None and system.has_command_post,
            [pl for pl in (system.planets if system is not None else []) if pl.owner == m.against])


def _units(c: Campaign, m: IntelMission) -> list[Any]:
    """The target power's units and bases standing in the target system (not destroyed)."""
    s = c.sector_at(str(m.target))
    base = [u for u in s.garrison] if s is not None and s.owner == m.against else []
    ships = [u for f in c.fleets if f.power == m.against and f.sector == m.target and f.in_transit_to is None
             for u in f.units]
    return [u for u in [*base, *ships] if not u.destroyed]


def _effect_question(c: Campaign, power: str, m: IntelMission) -> Question:
    k, choice, target, _ = _effect_state(c, power, m)
    key, what = f"mission/{power}/{m.id}/effect/{k}", (f"{possessive(_name(c, power))} successful {m.mission} "
                                                       f"mission against {_name(c, m.against)} at {m.target}")
    if choice is None:
        words = {NONE: "Nothing more"}
        if _planets(c, m)[1]:
            words["morale"] = "A morale check of the system (Morale Check Chart \"Use of Intel\")"
        for u in _units(c, m):
            words[f"destroyed/{u.id}"] = f"{u.name} destroyed"
            if not u.crippled:
                words[f"damaged/{u.id}"] = f"{u.name} damaged (crippled)"
        q = choose(key, GM, RULE, f"Game Master: what did {what} do{' else' if k > 1 else ''}? The seed gives no "
                   "table: the GM rules it, and BattleHex applies it", list(words))
        return Question(q.key, q.kind, q.to, q.rule, q.text, q.options, data={"secret": True, "option_words": words},
                        check=q.check, default=NONE)
    if target is None:
        return _secret_number(f"{key}/target", f"Game Master: {what}: the morale check's d10 target number (Morale "
                              "Check Chart \"Use of Intel | Varies\": a roll at or under it applies the effect)", 1, 10)
    return _secret_number(f"{key}/change", f"Game Master: {what}: the morale check's effect, the Morale lost when a "
                          f"planet fails it (target number {target})", 1, MOST_MORALE)


def _secret_number(key: str, text: str, low: int, high: int) -> Question:
    from rules.battlehex.questions import number

    q = number(key, GM, RULE, text, low, high)
    return Question(q.key, q.kind, q.to, q.rule, q.text, q.options, q.low, q.high, {**q.data, "secret": True},
                    q.check, q.parse, low)


def _effect_answer(c: Campaign, q: Question, raw: Any) -> Campaign:
    value = q.check(raw)
    hit = _effect_open(c)
    assert hit is not None
    power, m = hit
    _k, choice, target, _ = _effect_state(c, power, m)
    noted = c.model_copy(update={"turn_asked": [*c.turn_asked, f"{q.key}={value}"]})
    if value == NONE or q.key.endswith("/target") or (choice is None and value == "morale"):
        return noted
    new = noted.model_copy(deep=True)
    if q.key.endswith("/change"):
        assert target is not None
        effect = _morale(new, m, target, -int(value))
    else:
        how, _, uid = str(value).partition("/")
        u = next(u for u in _units(new, m) if u.id == uid)
        if how == "destroyed":
            u.destroyed, u.fate = True, UnitFate.DESTROYED
        else:
            u.crippled = True
        effect = f"{u.name} {'destroyed' if how == 'destroyed' else 'damaged (crippled)'}"
    caught = m.ruled in ("succeeded_caught", "succeeded_implicated")
    mine, theirs = _team(c, power), _team(c, m.against)
    new.log.append(LogEntry(turn=c.turn, rule=RULE, secret_of=list(dict.fromkeys([mine, *([theirs] if caught else [])])),
                            text=f"{possessive(_name(c, power))} {m.mission} mission against {_name(c, m.against)} "
                                 f"at {m.target}: {effect}"))
    if not caught and theirs != mine:
        new.log.append(LogEntry(turn=c.turn, rule=RULE, secret_of=[theirs], text=(
            f"{m.mission.capitalize()} at {m.target} against {_name(c, m.against)}, by whom is not known: {effect}")))
    return new


def _morale(c: Campaign, m: IntelMission, target: int, change: int) -> str:
    """Each of the target power's planets in the system checks morale (``c`` changed in place): its words."""
    from rules.dice import DiceRoller
    from rules.economy import planet as pe
    from rules.battlehex.words import changed

    post, planets = _planets(c, m)
    dice = DiceRoller(c.dice_seed * 104_729 + c.turn * 1_299_709 + 20_000 + len(c.log))
    out = []
    for pl in planets:
        roll = dice.roll("1d10", purpose=f"morale {pl.name}", rule=pe.MORALE_CHART, who=GM).natural
        failed, after = pe.varies_check(target, change, roll, pl.morale, post)
        out.append(f"{pl.name} d10 {roll}{' +1 (Command Post)' if post else ''} (target {target}): "
                   + (f"{change:+d} Morale, {changed(pl.morale, after)}" if failed else f"no effect, Morale {pl.morale}"))
        pl.morale = after
    return f"Morale Check Chart \"Use of Intel\": {'; '.join(out)}"
