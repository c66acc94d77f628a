"""The AF/EF procedure's questions (seed 001, 4.2): what each one asks, of whom, and how its
answer is checked (an illegal one raises ``IllegalAnswer`` naming the rule). The procedure
(:class:`.procedure.Engine`) asks them in order and applies the checked answers."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rules.battlehex.log import GM, IllegalAnswer, shown
from rules.battlehex.questions import QKind, Question
from rules.model.units import FACTOR
from rules.systems.afef.lines import (
    FRONT,
    R_BREAK_OFF,
    R_BREAKTHROUGH,
    R_RETURN,
    R_ROUNDS,
    R_SETUP,
    R_VALUES,
    SCREENED,
    Plan,
    check_matched,
    must_match,
    parse_plan,
)
from rules.systems.afef.odds import is_destroyed

if TYPE_CHECKING:
    from rules.systems.afef.procedure import Engine

ENDINGS = ("fight", "attacker", "defender", "both")
ROUND_LIMIT = 30
"""The most rounds an AF/EF battle is fought (the engine's bound: 4.2.e sets none while both sides
are willing): after the last one the GM's question offers only a break-off (4.2.d, a ruling)."""
R_BOUND = f"{R_ROUNDS} (the engine's bound of {ROUND_LIMIT} rounds: GM ruling)"


def modifiers_question(e: Engine) -> Question:
    live = {u.id: u for u in e.units.values() if u.alive}

    def check(a: Any) -> dict[str, int]:
        if not isinstance(a, dict):
            raise IllegalAnswer(R_VALUES, "give the AF modifiers as a whole number per unit, plus or minus "
                                          "(none for no change), "
                                          f"not {shown(a)}")
        for uid, m in a.items():
            if uid not in live:
                raise IllegalAnswer(R_VALUES, f"{shown(uid)} is not a unit in the battle")
            if isinstance(m, bool) or not isinstance(m, int) or abs(m) > FACTOR:
                raise IllegalAnswer(R_VALUES, f"{live[uid].name}: a modifier is a whole number, not {shown(m)}")
        return dict(a)
    return Question(f"afef/{e.round}/modifiers", QKind.ACTION, GM, R_VALUES,
                    f"Game Master: AF modifiers for round {e.round}: a whole number, plus or minus, for each unit "
                    "whose Attack Factor changes (none for no change). "
                    "An AF reduced to zero or less still rolls one die, stepped down",
                    data={"af": {u.id: u.printed_af for u in live.values()}}, check=check)


def screen_question(e: Engine) -> Question:
    live = [u.id for u in e.alive(e.defender)]

    def check(a: Any) -> list[str]:
        if not isinstance(a, list) or any(x not in live for x in a) or len(set(a)) != len(a):
            raise IllegalAnswer(R_SETUP, "choose the screened units among: " + ", ".join(live))
        if len(a) == len(live):
            raise IllegalAnswer(R_SETUP, "the screened line stands behind a front line: leave at least one "
                                         "unit in the front")
        return a
    return Question(f"afef/{e.round}/screen", QKind.CHOOSE_UNITS, e.defender, R_SETUP,
                    f"{e.name(e.defender)}: which units stand in the screened line (inactive, protected "
                    "by the front)? The rest form the front line", tuple(live),
                    check=check)


def declare_question(e: Engine) -> Question:
    shooters = {u.id: u for u in e.alive(e.attacker) if u.dice}
    front = e.alive(e.defender, FRONT)
    screened = [u.id for u in e.alive(e.defender, SCREENED)]
    who = e.name(e.attacker)

    def check(a: Any) -> tuple[Plan, list[str]]:
        if not isinstance(a, dict) or set(a) - {"attacks", "hold"}:
            raise IllegalAnswer(R_SETUP, f"{who}: answer {{\"attacks\": {{unit: {{target: AF}}}}, "
                                         f"\"hold\": [units]}}, not {shown(a)}")
        raw = a.get("attacks", {})
        if isinstance(raw, dict) and any(isinstance(v, dict) and set(v) & set(screened) for v in raw.values()):
            raise IllegalAnswer(R_SETUP, "screened units may not be targeted now: hold fire for a breakthrough")
        plan = parse_plan(raw, shooters, [u.id for u in front], R_SETUP, who)
        hold = a.get("hold", [])
        if not isinstance(hold, list) or any(h not in shooters for h in hold) or len(set(hold)) != len(hold):
            raise IllegalAnswer(R_SETUP, f"{who}: hold the fire of your own units that can fire, not {shown(hold)}")
        if hold and not screened:
            raise IllegalAnswer(R_SETUP, "fire may be held only when the defender has screened units")
        both = [e.units[h].name for h in hold if h in plan]
        if both:
            raise IllegalAnswer(R_SETUP, f"{', '.join(both)} cannot both attack and hold its fire")
        return plan, list(hold)
    return Question(f"afef/{e.round}/declare", QKind.ACTION, e.attacker, R_SETUP,
                    f"{who}: declare each unit's attacks on the front line (AF may be split); hold the fire of "
                    "units for a breakthrough to the screened line",
                    tuple(shooters), data={"dice": {k: u.dice for k, u in shooters.items()},
                                           "targets": [u.id for u in front], "screened": screened},
                    check=check)


def return_question(e: Engine) -> Question:
    shooters = {u.id: u for u in e.alive(e.defender, FRONT) if u.dice}
    targets = e.alive(e.attacker)
    owed = must_match(e.attacks, e.units)
    who = e.name(e.defender)

    def check(a: Any) -> Plan:
        if not isinstance(a, dict) or set(a) - {"attacks"}:
            raise IllegalAnswer(R_RETURN, f"{who}: answer {{\"attacks\": {{unit: {{target: AF}}}}}}, "
                                          f"not {shown(a)}")
        plan = parse_plan(a.get("attacks", {}), shooters, [u.id for u in targets], R_RETURN, who)
        check_matched(plan, owed, e.units)
        return plan
    return Question(f"afef/{e.round}/return", QKind.ACTION, e.defender, R_RETURN,
                    f"{who}: declare your front line's fire; each unit attacked must fire back at its attackers "
                    "with at least their AF as a group, the surplus is free", tuple(shooters),
                    data={"dice": {k: u.dice for k, u in shooters.items()}, "targets": [u.id for u in targets],
                          "must_match": {k: {"af": n, "attackers": list(by)} for k, (n, by) in owed.items()}},
                    check=check)


def breakthrough_question(e: Engine) -> Question:
    shooters = {h: e.units[h] for h in e.hold}
    targets = e.alive(e.defender, SCREENED)
    who = e.name(e.attacker)

    def check(a: Any) -> Plan:
        if not isinstance(a, dict) or set(a) - {"attacks"}:
            raise IllegalAnswer(R_BREAKTHROUGH, f"{who}: answer {{\"attacks\": {{unit: {{target: AF}}}}}}")
        return parse_plan(a.get("attacks", {}), shooters, [u.id for u in targets], R_BREAKTHROUGH, who)
    return Question(f"afef/{e.round}/breakthrough", QKind.ACTION, e.attacker, R_BREAKTHROUGH,
                    f"{who}: breakthrough! Declare the held units' attacks on the screened line",
                    tuple(shooters), data={"dice": {k: u.dice for k, u in shooters.items()},
                                           "targets": [u.id for u in targets]}, check=check)


def breakthrough_return_question(e: Engine) -> Question:
    shooters = {u.id: u for u in e.alive(e.defender, SCREENED) if u.dice}
    targets = [u for u in e.alive(e.attacker) if not is_destroyed(u.hits, u.ef)]
    who = e.name(e.defender)

    def check(a: Any) -> Plan:
        if not isinstance(a, dict) or set(a) - {"attacks"}:
            raise IllegalAnswer(R_BREAKTHROUGH, f"{who}: answer {{\"attacks\": {{unit: {{target: AF}}}}}}")
        return parse_plan(a.get("attacks", {}), shooters, [u.id for u in targets], R_BREAKTHROUGH, who)
    return Question(f"afef/{e.round}/breakthrough_return", QKind.ACTION, e.defender, R_BREAKTHROUGH,
                    f"{who}: your screened units may fire back (any target)", tuple(shooters),
                    data={"dice": {k: u.dice for k, u in shooters.items()}, "targets": [u.id for u in targets]},
                    check=check)


def continue_question(e: Engine) -> Question:
    bound = e.round >= ROUND_LIMIT

    def check(a: Any) -> Any:
        if a == "fight" and bound:
            raise IllegalAnswer(R_BOUND, f"{e.round} rounds are fought, the engine's bound: a side must "
                                         "break off ({\"break_off\": \"attacker\" | \"defender\" | "
                                         "\"both\", \"reason\": why})")
        if a == "fight":
            return a
        if isinstance(a, dict) and a.get("break_off") in ENDINGS[1:] and set(a) == {"break_off", "reason"} \
                and isinstance(a["reason"], str) and a["reason"].strip():
            return {"break_off": a["break_off"], "reason": a["reason"].strip()}
        if isinstance(a, dict) and a.get("break_off") in ENDINGS[1:] and set(a) <= {"break_off", "reason"} \
                and (not isinstance(a.get("reason"), str) or not a["reason"].strip()):
            raise IllegalAnswer(R_BREAK_OFF, f"the reason is missing: a break-off is the GM's ruling and needs "
                                             f"its reason in words, not {shown(a.get('reason'))}")
        raise IllegalAnswer(R_BREAK_OFF, "answer \"fight\" for another round, or {\"break_off\": \"attacker\" | "
                                         "\"defender\" | \"both\", \"reason\": why} (a GM ruling: the rules leave "
                                         "break-off to each unit type's chapter)")
    if bound:
        return Question(f"afef/{e.round}/continue", QKind.CHOOSE, GM, R_BOUND,
                        f"Game Master: round {e.round} is over, the last the engine allows ({ROUND_LIMIT}), and "
                        "both sides have units left: which side breaks off (give the reason)?", ENDINGS[1:],
                        check=check)
    return Question(f"afef/{e.round}/continue", QKind.CHOOSE, GM, R_ROUNDS,
                    f"Game Master: round {e.round} is over and both sides have units left: another round, "
                    "or does a side break off (give the reason)?", ENDINGS, check=check)
