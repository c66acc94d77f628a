"""Seed 004: internment under a Non-Aggression Treaty (issue 23). "Non-Aggression Treaty: [...] It
prohibits the movement of units through each other's systems. If units from one government
accidentally enter the system of the other government, they can be held temporarily or allowed to
leave. The internment costs are covered by the nation holding the units."

Readings (docs/economy.md):

* Movement refuses orders into a treaty partner's system (rules/strategic/diplomacy.py
  ``entry_refusal``: a Non-Aggression Treaty; for military units a Peace Treaty, and for all but
  Trade Fleets a Trade Treaty, which build on it), so a fleet is there "accidentally": it stood
  there when the treaty was signed, was sent back there by an encounter, or the sector changed hands.
* In the Supply Phase (the Combat Phase's first step, after movement) the holder - the power owning
  the sector - is asked for each such fleet: ``hold`` (interned: ``Fleet.interned_by``; it does not
  move, rules/strategic/movement.py) or ``release`` (allowed to leave). "Temporarily": the question
  comes again each turn the fleet is still there, so a held fleet is released by the holder's next
  answer.
* A hold ends by itself, logged, when the fleet no longer stands in a system of the holder that the
  treaty forbids it (the treaty was broken, a declaration made, the sector changed hands).
* "The internment costs are covered by the nation holding the units": while held, the fleet's
  maintenance (at its own power's figures) is the holder's at Income, not its owner's
  (rules/turn/empire_facts.py).
"""
from __future__ import annotations

from typing import Any

from rules.battlehex.log import GM
from rules.battlehex.questions import Question, choose
from rules.errors import RuleError
from rules.model.campaign import Campaign, Fleet
from rules.model.records import LogEntry
from rules.model.turn_model import FleetKind
from rules.model.units import UnitFate
from rules.strategic.diplomacy import INTERNMENT as RULE
from rules.strategic.state import StrategicState

WORDS = {"hold": "Hold it (interned: it does not move; its maintenance is yours)", "release": "Let it leave"}


def _name(c: Campaign, power: str) -> str:
    p = c.power(power)
    return p.name if p is not None else power


def found(c: Campaign, state: StrategicState) -> list[tuple[Fleet, str]]:
    """Fleets standing in a system of a power whose treaty forbids them to enter it, with that power."""
    out: list[tuple[Fleet, str]] = []
    for f in c.fleets:
        if f.in_transit_to is not None or not any(u.fate is UnitFate.ACTIVE and not u.destroyed for u in f.units):
            continue
        owner = state.owner(f.sector)
        trade = f.kind is FleetKind.TRADE
        if owner is not None and owner != f.power and state.dip.entry_refusal(f.power, owner, f.units,
                                                                               trade) is not None:
            out.append((f, owner))
    return out


def pending(c: Campaign, state: StrategicState) -> Question | None:
    """The holder's question about the first such fleet not yet decided this turn, or ``None``."""
    for f, holder in found(c, state):
        key = f"intern/{f.id}"
        if key in c.turn_asked:
            continue
        team = c.team_of_power(holder)
        why = state.dip.entry_refusal(f.power, holder, f.units, f.kind is FleetKind.TRADE)
        q = choose(key, team.id if team is not None else GM, RULE, (
            f"{_name(c, holder)}: {f.name} of {_name(c, f.power)} stands in your system {f.sector}, where {why}"
            f"{' (held since an earlier turn)' if f.interned_by == holder else ''} - hold it (interned: it does "
            f"not move, and you cover its costs) or let it leave?"), list(WORDS))
        return Question(q.key, q.kind, q.to, q.rule, q.text, q.options, data={"option_words": dict(WORDS),
                        "fleet": f.id, "holder": holder}, check=q.check)
    return None


def answer(c: Campaign, state: StrategicState, raw: Any) -> Campaign:
    """The holder's answer to :func:`pending` (a new campaign, logged)."""
    q = pending(c, state)
    if q is None:
        raise RuleError(RULE, "no fleet waits for its holder's answer")
    hold = q.check(raw) == "hold"
    new = c.model_copy(deep=True)
    f = next(x for x in new.fleets if x.id == q.data["fleet"])
    holder = str(q.data["holder"])
    f.interned_by = holder if hold else None
    new.turn_asked.append(q.key)
    new.log.append(LogEntry(turn=c.turn, rule=RULE, text=(
        f"{_name(c, holder)} holds {f.name} of {_name(c, f.power)} in {f.sector}: interned, it does not move; "
        f"{_name(c, holder)} covers its costs" if hold else
        f"{_name(c, holder)} lets {f.name} of {_name(c, f.power)} leave {f.sector}")))
    return new


def release_stale(c: Campaign, state: StrategicState) -> Campaign:
    """Holds that no longer apply ended, logged (``c`` itself when none)."""
    still = {(f.id, holder) for f, holder in found(c, state)}
    stale = [f for f in c.fleets if f.interned_by is not None and (f.id, f.interned_by) not in still]
    if not stale:
        return c
    new = c.model_copy(deep=True)
    for f in new.fleets:
        if any(s.id == f.id for s in stale):
            new.log.append(LogEntry(turn=c.turn, rule=RULE, text=f"{f.name} of {_name(c, f.power)} is no longer "
                                    f"held by {_name(c, f.interned_by or '')}: the treaty no longer bars it there"))
            f.interned_by = None
    return new
