"""Seed 004's Construction Completion Phase as a question (issue 23): after the Combat Phase the
GM is shown, power by power, what the phase does - each unit delivered and where, each repair
done, each project delayed or lost with its reason and its cost, the Reserve, mothball and
reactivation orders assumed, the flights that land and those removed from play - and confirms;
the phase then applies exactly what was shown (the same engine computes both), logged under
"004 Construction Completion Phase" (flights: "004 Movement Phase"), and Update Asset follows
(End Phase).

The seed leaves the player two choices here: "The player can choose which projects are
delayed" and, for Transport Fleets not in place, "which points are lost". A power makes both
in its Turn Orders - its projects are completed in the order it gave them, and a project can
be cancelled there (rules/turn/scrapping.py) - so the GM's question asks nothing more than a
confirmation (docs/economy.md, "Construction Completion").
"""
from __future__ import annotations

from rules.battlehex.log import GM
from rules.battlehex.questions import Question, choose
from rules.economy.construction import CONSTRUCTION
from rules.model.campaign import Campaign
from rules.model.records import LogEntry, Phase

KEY = "construction/confirm"
SEQUENCE = "004 Sequence of Play"
WORDS = "Confirm: the units are delivered, the repairs and status changes made, the flights land"

_last: list[tuple[Campaign, Campaign, dict[str, list[str]]]] = []  # the last outcome, for its own campaign


def begin(c: Campaign) -> Campaign:
    """The Combat Phase is over: Construction Completion begins (a new campaign; nothing built yet)."""
    return c.model_copy(update={"phase": Phase.CONSTRUCTION, "log": [
        *c.log, LogEntry(turn=c.turn, rule=SEQUENCE, text=f"{Phase.CONSTRUCTION.title} begins")]})


def outcome(c: Campaign) -> tuple[Campaign, dict[str, list[str]]]:
    """The campaign Construction Completion makes of ``c`` (the purchases and repairs completed
    where they fit, the status orders assumed, the flights landed) and each power's lines, by
    power id. A campaign is never changed once made, so the last one's outcome is kept."""
    if _last and _last[0][0] is c:
        return _last[0][1], _last[0][2]
    from rules.turn.flights import land
    from rules.turn.purchases import complete
    from rules.turn.reserve import assume

    said: dict[str, list[str]] = {}
    new = complete(c, said)  # the units bought are built where they fit (rules/turn/purchases.py)
    assume(new, said)  # Reserve, mothballs and reactivations ordered this turn (rules/turn/reserve.py)
    new = land(new, said)  # flights not on a carrier land within utilized Productivity squared (flights.py)
    _last[:] = [(c, new, said)]
    return new, said


def pending(c: Campaign) -> Question | None:
    """The GM's question while Construction Completion is not confirmed, else ``None``."""
    if c.phase is not Phase.CONSTRUCTION or KEY in c.turn_asked:
        return None
    return question(c, outcome(c)[1])


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
    q.check(raw)
    new, _ = outcome(c)
    _last.clear()  # the outcome is handed out once: whoever holds the answer's campaign holds it alone
    new.turn_asked = [*new.turn_asked, KEY]
    return new


def waits_for(c: Campaign) -> str:
    """What the phase waits for, without computing its outcome (the phase bar asks it often)."""
    if KEY not in c.turn_asked:
        return "the GM: confirm the units delivered, repairs, status changes and flights (Turn > Answer, Ctrl+Shift+A)"
    return "the GM: construction is complete; go on to Update Asset (End Phase)"
