"""Seed 004: which flights land when a system cannot base them all (issue 23), asked of the owning
power in Construction Completion (rules/turn/construction_phase.py) before the GM confirms.

"Flights need to find a place to land, and a system can base a certain number of squadrons based on
its utilized Productivity statistic squared. Flights that cannot find a place to land are removed
from play." The seed names no one who chooses which land; the flights are the power's, as the
projects it delays are ("The player can choose which projects are delayed"), so its Team is asked,
behind its hand-over (secret), under the phase it is asked in ("004 Construction Completion Phase";
the landings are logged under "004 Movement Phase", where the seed says it): the flights it ticks
land first, in its order, then the others in the file's order while there is room
(rules/turn/flights.py); none ticked is the file's order.
The answer is kept in ``Campaign.turn_asked`` as ``KEY=["id", ...]`` (cleared at the next turn),
as rules/turn/intel_missions.py keeps its own.
"""
from __future__ import annotations

import json
from typing import Any

from rules.battlehex.log import GM, IllegalAnswer
from rules.battlehex.questions import QKind, Question
from rules.economy.construction import CONSTRUCTION
from rules.model.campaign import Campaign
from rules.model.records import LogEntry
from rules.model.units import Unit
from rules.turn.flights import Place

LAND = "construction/land/"  # + power/sector: which flights the power lands first there


def key(power: str, at: str) -> str:
    return f"{LAND}{power}/{at}"


def asked(c: Campaign, power: str, at: str) -> bool:
    """Whether ``power`` chose its flights at ``at`` this turn."""
    return any(k.partition("=")[0] == key(power, at) for k in c.turn_asked)


def chosen(c: Campaign) -> dict[Place, list[str]]:
    """Each (sector, power)'s flights chosen to land first, in order."""
    out: dict[Place, list[str]] = {}
    for k in c.turn_asked:
        head, _, value = k.partition("=")
        if head.startswith(LAND) and value:
            power, _, at = head[len(LAND):].rpartition("/")
            out[(at, power)] = [str(x) for x in json.loads(value)]
    return out


def question(c: Campaign, at: str, power: str, room: int, flights: list[tuple[str, Unit]]) -> Question:
    """The power's choice (its Team's, secret): which of its flights at ``at`` land first."""
    p = c.power(power)
    name = p.name if p is not None else power
    team = c.team_of_power(power)
    ids = tuple(u.id for _, u in flights)
    names = {u.id: f"{u.name} ({where})" for where, u in flights}

    def check(a: Any) -> list[str]:
        if not isinstance(a, list) or any(not isinstance(x, str) or x not in ids for x in a) or len(set(a)) != len(a):
            raise IllegalAnswer(CONSTRUCTION, "name flights standing there, each once: " + ", ".join(ids))
        return list(a)
    n = len(flights)
    left = "the 1 left is" if n - room == 1 else f"the {n - room} left are"
    text = (f"{name}: {n} flights need a place to land at {at} and the system bases {room} (its utilized "
            f"Productivity squared); {left} removed from play. Tick the flights to land first (in "
            "the list's order); the others follow in the list's order while there is room. None ticked: the list's "
            "order")
    return Question(key(power, at), QKind.CHOOSE_UNITS, team.id if team is not None else GM, CONSTRUCTION, text, ids,
                    data={"names": names, "secret": True}, check=check)


def answer(c: Campaign, q: Question, raw: object) -> Campaign:
    """The flights ``raw`` names land first (a new campaign), logged for the power's Team."""
    picked = q.check(raw)
    power, _, at = q.key[len(LAND):].rpartition("/")
    p = c.power(power)
    team = c.team_of_power(power)
    words = ", ".join(q.data["names"][u] for u in picked) or "none before the list's order"
    return c.model_copy(update={"turn_asked": [*c.turn_asked, f"{q.key}={json.dumps(picked)}"], "log": [
        *c.log, LogEntry(turn=c.turn, rule=CONSTRUCTION, secret_of=[team.id if team is not None else GM],
                         text=f"{p.name if p is not None else power} lands first at {at}: {words}")]})
