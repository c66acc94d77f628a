"""What an Intel mission risks, shown before it is ordered (issue 23, the orders dialog's mission page).

Seed 004 gives no table for a mission's outcome ("the Diplomatic status between two powers affects the
difficulty of completing certain Intel missions", with no figures), so the GM rules each one
(rules/turn/intel_missions.py) and there are no odds of success to show. The figures the seed does give
are Exhibit B's: a mission caught (or, for sabotage and insurgency, implicated) is a fact the target power
counts against the mission's power when it breaks a treaty with it or declares on it. This module gives,
for the target power as the actor, each such chance now and with that fact of the next turn counted
(starred rows: in full next turn, 10 less each turn after), computed by the engine's own Exhibit B
(rules/economy/diplomacy.py, rules/turn/diplomacy_phase.py). Nothing here decides a rule."""
from __future__ import annotations

from rules.battlehex.words import possessive
from rules.economy import diplomacy as dip
from rules.economy.diplomacy import DECLARATIONS, Fact, Happened, Treaty
from rules.model.campaign import Campaign
from rules.model.visibility import GM
from rules.turn.diplomacy_phase import facts, relations

OUTCOMES: dict[str, tuple[tuple[str, Fact], ...]] = {
    "espionage": (("caught", Fact.CAUGHT_ESPIONAGE),),
    "sabotage": (("caught", Fact.CAUGHT_SABOTAGE), ("implicated", Fact.IMPLICATED_SABOTAGE)),
    "insurgency": (("caught", Fact.CAUGHT_INSURGENCY), ("implicated", Fact.IMPLICATED_SABOTAGE)),
}
"""The GM's rulings that record an Exhibit B fact, per mission kind (rules/turn/intel_missions.py: caught
after success or failure; implicated after a successful sabotage or insurgency), and the fact recorded."""


def _attempts(held: frozenset[Treaty]) -> list[Treaty]:
    """What the actor may attempt against the other now: break each treaty in force, declare what it has not."""
    out = [t for t in Treaty if t in held and t not in DECLARATIONS]
    if Treaty.WAR not in held:
        out += [d for d in DECLARATIONS if d not in held]
    return out


def _chance(t: Treaty, happened: list[Happened], held: frozenset[Treaty]) -> dip.Chance:
    if t in DECLARATIONS:
        return dip.declare_chance(t, happened, held)
    return dip.break_chance(t, happened, held)


def _percent(ch: dip.Chance) -> str:
    return f"{max(0, min(ch.percent, 100))}%" if ch.possible else "impossible"


def stakes(c: Campaign, power: str, target: str, mission: str) -> tuple[str, ...]:
    """What ``power``'s ``mission`` against ``target`` (a power id) risks: one line per ruling that records an
    Exhibit B fact, with each chance of ``target`` against ``power`` now and then ("its chance to break the
    Peace Treaty 10% -> 35%"). Empty for a mission kind, or a pair, the seed gives no figure for."""
    me, them = c.power(power), c.power(target)
    held = relations(c).between(target, power)
    if me is None or them is None or held is None or mission not in OUTCOMES:
        return ()
    team = c.team_of_power(power)
    seen_by = team.id if team is not None and team.id != GM else None  # what the mission's power may know
    now = facts(c, target, power, seen_by)
    tries = _attempts(held)
    out = []
    for ruling, fact in OUTCOMES[mission]:
        row = next(r for r in dip.BREAK_ROWS if r.fact is fact)
        declare = next(r for r in dip.DECLARE_ROWS if r.fact is fact)
        then = [*now, Happened(fact, 1)]
        moved = "; ".join(f"{'break the ' + t.title if t not in DECLARATIONS else 'make a ' + t.title} "
                          f"{_percent(_chance(t, now, held))} -> {_percent(_chance(t, then, held))}"
                          for t in tries if _chance(t, now, held).possible)
        if any(not _chance(t, now, held).possible for t in tries):  # an Alliance partner: no declaration
            moved += ("; " if moved else "") + "declaring stays impossible under an Alliance Treaty"
        figures = (f"Exhibit B: +{row.value} to break a treaty, +{declare.value} to declare; in full next turn, "
                   "10 less each turn after")
        out.append(f"If the GM rules it {ruling}: {possessive(them.name)} chances against {me.name}: {moved} ({figures})."
                   if tries else f"If the GM rules it {ruling}: nothing changes now ({figures}): {them.name} is at war "
                                 f"with {me.name}, which only an Armistice ends.")
    return tuple(out)


def at_target(c: Campaign, power: str, at: str, mission: str) -> tuple[str, ...]:
    """:func:`stakes` of a mission against target system ``at`` (its power: the sector's owner, else the first
    other power holding a planet there, as rules/turn/intel_missions.py reads it)."""
    from hexmap import Label
    from rules.turn.intel_missions import _target_power

    try:
        label = Label.parse(at)
    except ValueError:
        return ()
    target = _target_power(c, label, power)
    return stakes(c, power, target, mission) if target is not None else ()
