"""Seed 004's Construction Completion Phase as a question (issue 23): after the Combat Phase the
GM is shown, power by power, what the phase does - each unit delivered and where, each repair
done, each project delayed or lost with its reason and its cost, the Reserve, mothball and
reactivation orders assumed, the flights that land and those removed from play - and confirms;
the phase then applies exactly what was shown (the same engine computes both), logged under
"004 Construction Completion Phase" (flights: "004 Movement Phase"), and Update Asset follows
(End Phase).

The seed leaves the player a choice here: "The player can choose which projects are delayed".
Where a planet cannot complete all of a power's projects (its capacity, docks or Census), the
power's Team is asked first, behind its hand-over (secret), which of them to complete: those are
completed first, in the list's order, then the others in the order given while they still fit;
the rest wait for the next Construction Completion. The other choice, "which points are lost"
when Transport Fleets are not in place, has nothing left to choose: a base's points travel with
its own fleets, named in its order, and are lost whole (docs/economy.md, "Construction
Completion").
"""
from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from rules.battlehex.log import GM, IllegalAnswer
from rules.battlehex.questions import QKind, Question, choose
from rules.economy.construction import CONSTRUCTION
from rules.economy.income import points
from rules.model.campaign import Campaign
from rules.model.economy_model import Project
from rules.model.records import LogEntry, Phase

if TYPE_CHECKING:
    from rules.turn.flights import Crowd

KEY = "construction/confirm"
SEQUENCE = "004 Sequence of Play"
WORDS = "Confirm: the units are delivered, the repairs and status changes made, the flights land"

FIRST = "construction/first/"  # + power/sector/planet: which projects the power completes first there
Crowded = dict[tuple[str, str, str], list[Project]]
_last: list[tuple[Campaign, Campaign, dict[str, list[str]], Crowded, Crowd]] = []  # the last outcome, for c


def begin(c: Campaign) -> Campaign:
    """The Combat Phase is over: Construction Completion begins (a new campaign; nothing built yet)."""
    return c.model_copy(update={"phase": Phase.CONSTRUCTION, "log": [
        *c.log, LogEntry(turn=c.turn, rule=SEQUENCE, text=f"{Phase.CONSTRUCTION.title} begins")]})


def outcome(c: Campaign) -> tuple[Campaign, dict[str, list[str]], Crowded]:
    """The campaign Construction Completion makes of ``c`` (the purchases and repairs completed
    where they fit, the status orders assumed, the flights landed), each power's lines by power
    id, and the planets where some of a power's projects are delayed. A campaign is never changed
    once made, so the last one's outcome is kept."""
    return _outcome(c)[:3]


def _outcome(c: Campaign) -> tuple[Campaign, dict[str, list[str]], Crowded, Crowd]:
    """:func:`outcome` and the systems where a power chooses which flights land (rules/turn/landing.py)."""
    if _last and _last[0][0] is c:
        return _last[0][1], _last[0][2], _last[0][3], _last[0][4]
    from rules.turn.flights import land
    from rules.turn.landing import chosen
    from rules.turn.purchases import complete
    from rules.turn.reserve import assume

    said: dict[str, list[str]] = {}
    crowded: Crowded = {}
    new = complete(c, said, crowded)  # the units bought are built where they fit (rules/turn/purchases.py)
    assume(new, said)  # Reserve, mothballs and reactivations ordered this turn (rules/turn/reserve.py)
    crowd: Crowd = {}
    new = land(new, said, chosen(c), crowd)  # flights not on a carrier land within utilized Productivity squared
    _last[:] = [(c, new, said, crowded, crowd)]
    return new, said, crowded, crowd


def pending(c: Campaign) -> Question | None:
    """The phase's open question: a power's choice of the projects it completes first at a planet
    that cannot complete them all, then the GM's confirmation; ``None`` once confirmed."""
    if c.phase is not Phase.CONSTRUCTION or KEY in c.turn_asked:
        return None
    _, said, crowded, crowd = _outcome(c)
    for (power, at, planet), projects in crowded.items():
        if f"{FIRST}{power}/{at}/{planet}" not in c.turn_asked:
            return first_question(c, power, at, planet, projects)
    from rules.turn import landing

    for (at, power), (room, flights) in crowd.items():  # the power chooses which flights land (landing.py)
        if not landing.asked(c, power, at):
            return landing.question(c, at, power, room, flights)
    return question(c, said)


def first_question(c: Campaign, power: str, at: str, planet: str, projects: list[Project]) -> Question:
    """The power's choice (its Team's, secret): which projects ``planet`` completes first."""
    from rules.turn.purchases import project_name, room

    p = c.power(power)
    name = p.name if p is not None else power
    team = c.team_of_power(power)
    ids = tuple(j.id for j in projects)
    names = {j.id: f"{project_name(c, j)} ({points(j.cost)} EP)" for j in projects}

    def check(a: Any) -> list[str]:
        if not isinstance(a, list) or any(not isinstance(x, str) or x not in ids for x in a) or len(set(a)) != len(a):
            raise IllegalAnswer(CONSTRUCTION, "name projects of the planet, each once: " + ", ".join(ids))
        return list(a)
    s = c.sector_at(at)
    pl = next(x for x in (s.star_system.planets if s is not None and s.star_system is not None else [])
              if x.name == planet)
    cap, docks = room(c, s, pl) if s is not None else (Fraction(0), 0)
    text = (f"{name}: {planet} ({at}) cannot complete all its projects this turn (capacity {points(cap)} EP, "
            f"{docks} dock space{'' if docks == 1 else 's'}, Census {pl.census}; the player can choose which "
            f"projects are delayed): " + "; ".join(names[j] for j in ids) + ". Tick the projects to complete first "
            "(in the list's order); the others follow in the order given while they still fit, the rest wait for "
            "the next Construction Completion. None ticked: the order given")
    return Question(f"{FIRST}{power}/{at}/{planet}", QKind.CHOOSE_UNITS, team.id if team is not None else GM,
                    CONSTRUCTION, text, ids, data={"names": names, "secret": True}, check=check)


def _first(c: Campaign, q: Question, raw: object) -> Campaign:
    """The projects ``raw`` names put first among the power's projects (a new campaign), logged for its Team."""
    chosen = q.check(raw)
    power, at, planet = q.key[len(FIRST):].split("/", 2)
    p = c.power(power)
    assert p is not None and p.economy is not None
    order = {j: k for k, j in enumerate(chosen)}
    projects = sorted(p.economy.projects, key=lambda j: (j.id not in order, order.get(j.id, 0)))  # stable
    powers = [x if x.id != power else x.model_copy(update={"economy": p.economy.model_copy(
        update={"projects": projects})}) for x in c.powers]
    team = c.team_of_power(power)
    words = ", ".join(q.data["names"][j] for j in chosen) or "nothing before the order given"
    return c.model_copy(update={"powers": powers, "turn_asked": [*c.turn_asked, q.key], "log": [*c.log, LogEntry(
        turn=c.turn, rule=CONSTRUCTION, secret_of=[team.id if team is not None else GM],
        text=f"{p.name} completes first at {planet} ({at}): {words}")]})


def question(c: Campaign, said: dict[str, list[str]]) -> Question:
    """The GM's confirmation, every power's lines shown (a power with nothing to complete says so)."""
    parts = []
    for p in c.powers:
        lines = said.get(p.id, [])
        parts.append(f"{p.name}:" + (" nothing to complete" if not lines else "\n  \u2022 " + "\n  \u2022 ".join(
            line.removeprefix(f"{p.name}: ").removeprefix(f"{p.name} ") for line in lines)))
    q = choose(KEY, GM, CONSTRUCTION, "Game Master: the Construction Completion Phase -\n" + "\n".join(parts)
               + "\n- confirm it (the units are placed, the projects that wait are kept for the next one)", ["confirm"])
    return Question(q.key, q.kind, q.to, q.rule, q.text, q.options, data={"secret": True,
                                                                           "option_words": {"confirm": WORDS}},
                    check=q.check)


def answer(c: Campaign, raw: object) -> Campaign:
    """The GM's confirmation: the phase's outcome, as the question showed it (a new campaign); any
    other answer raises and changes nothing."""
    q = pending(c)
    assert q is not None, "answered only while pending"
    if q.key.startswith(FIRST):
        return _first(c, q, raw)
    from rules.turn import landing

    if q.key.startswith(landing.LAND):
        return landing.answer(c, q, raw)
    q.check(raw)
    new, _, _ = outcome(c)
    _last.clear()  # the outcome is handed out once: whoever holds the answer's campaign holds it alone
    new.turn_asked = [*new.turn_asked, KEY]
    return new


def waits_for(c: Campaign) -> str:
    """What the phase waits for, and who (a Team's choice names no planet: the screen is everyone's)."""
    q = pending(c)
    if q is None:
        return "the GM: construction is complete; go on to Update Asset (End Phase)"
    if q.key.startswith((FIRST, "construction/land/")):  # a power's choice: the projects, or the flights that land
        who = next((t.name for t in c.teams if t.id == q.to), "the GM")
        what = ("the projects to complete first where not all fit" if q.key.startswith(FIRST) else
                "the flights to land first where not all find a place")
        return f"{who}: {what} (Turn > Answer, Ctrl+Shift+A)"
    return "the GM: confirm the units delivered, repairs, status changes and flights (Turn > Answer, Ctrl+Shift+A)"
