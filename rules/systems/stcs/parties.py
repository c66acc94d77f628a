"""Seed 002's Boarding Operations bookkeeping: "the assignment of personnel to boarding parties must be done during
the Power Allocation Phase. If ship's crew are removed for boarding parties, then the Percent Casualties Track ...
must immediately (during the Power Allocation Phase) be reduced ... If the boarding parties are not used or return
to their ship, then they may be added back to these tables during the Power Allocation Phase of the turn after they
return to the ship or are removed from a boarding party."

A ship's side writes the crew it puts in boarding parties as the allocation's ``boarding N`` part (:mod:`.power`):
the party waiting in the transporter rooms after the allocation. More than before: the new ones leave their
stations at once; fewer: those taken out of the party are back on the track in the next turn's Power Allocation
Phase. A boarding party of crew beams from the party waiting (:mod:`.transporters`); boarders who withdraw from a
melee by beaming back to their ship (:mod:`.melee`) are back on the track in the Power Allocation Phase of the turn
after; boarders lost in melee or left on a ship taken never come back.

Readings: the track counts the persons off their stations exactly: the percent charged is the persons away (in a
party, boarded, or back but not yet at their stations) over the original crew, rounded up, so assigning and
returning in pieces never drifts it; a ship never allocated ("at the table as before", :mod:`.power`) sends its
boarders straight from its stations when they beam; a ship keeps 10% of its original crew aboard (as for melee);
marines and military passengers are not crew and are not assigned here (:mod:`.troops`).

Crew away from their stations but still aboard (waiting in the transporter rooms, back aboard and not yet at their
stations, defending a melee aboard: :func:`aboard`) are crew members on the ship: a ship whose stations a hit empties
still has crew onboard while they are aboard (:func:`rules.systems.stcs.casualties.no_crew`). Read so, a hit's
casualties beyond the crew at their stations fall on those aboard off their stations (:func:`lost`: the waiting
parties first, then those back aboard), so a ship is without crew at the same casualties whether its side has a
party waiting or not (the party is its side's secret).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from rules.battlehex.log import GM, IllegalAnswer
from rules.battlehex.words import possessive

if TYPE_CHECKING:
    from rules.systems.stcs.engine import STCSEngine

RULE = "STCS Boarding Operations"
KEEP = 10
"""Percent of its original crew a ship keeps aboard to operate."""


@dataclass
class Parties:
    """Per ship, its crew waiting in boarding parties, its crew off their stations for them (waiting, boarded, or
    back but not yet at their stations: the track's charge), and those due back at their stations."""

    waiting: dict[str, int] = field(default_factory=dict)
    away: dict[str, int] = field(default_factory=dict)
    back: list[tuple[int, str, int]] = field(default_factory=list)
    """(turn, ship, persons): back on the track in that turn's Power Allocation Phase."""


def _pct(e: STCSEngine, x: str, n: int) -> int:
    crew = e.data(x).crew
    return -(-n * 100 // crew) if crew else 0


def charged(e: STCSEngine, x: str) -> int:
    """The percent ``x``'s Percent Casualties Track charges for its crew off their stations (rounded up)."""
    return _pct(e, x, e.contact.parties.away.get(x, 0))


def _charge(e: STCSEngine, x: str, away: int) -> None:
    """``x``'s crew away from their stations is now ``away``: the Percent Casualties Track moves by the change of
    its percent (rounded up)."""
    p = e.contact.parties
    was, track = p.away.get(x, 0), e.casualties.get(x, 0)
    e.casualties[x] = max(0, min(100, track + _pct(e, x, away) - _pct(e, x, was)))
    p.away[x] = away
    if x in e.contact.melees:  # a melee aboard reads the track's rise as damage (its step a): not this
        e.contact.melees[x].track += e.casualties[x] - track


def waiting(e: STCSEngine, x: str) -> int:
    """``x``'s crew waiting in boarding parties."""
    return e.contact.parties.waiting.get(x, 0)


def most(e: STCSEngine, x: str) -> int:
    """The crew ``x`` may have in boarding parties now: those waiting and those at their stations beyond the 10% of
    its original crew it keeps aboard."""
    crew = e.data(x).crew
    left = crew * max(0, 100 - e.casualties.get(x, 0)) // 100
    return waiting(e, x) + max(0, left - -(-crew * KEEP // 100))


def resting(e: STCSEngine, x: str) -> int:
    """``x``'s crew aboard it off their stations and not fighting: waiting in boarding parties, or back aboard and
    not yet at their stations."""
    return waiting(e, x) + sum(n for _, y, n in e.contact.parties.back if y == x)


def aboard(e: STCSEngine, x: str) -> int:
    """``x``'s crew aboard it off their stations: :func:`resting`, and those fighting a melee aboard it (its boarders
    on another ship are not aboard)."""
    m = e.contact.melees.get(x)
    return resting(e, x) + (m.defenders if m else 0)


def leave(e: STCSEngine, x: str, k: int) -> int:
    """``k`` of ``x``'s crew resting off their stations (:func:`resting`: the waiting parties first) are gone for
    good (lost, or beamed off): its track keeps charging them. The persons taken."""
    take = _take(e, x, k)
    if take:
        e.contact.parties.away[x] = max(0, e.contact.parties.away.get(x, 0) - take)
    return take


def draw(e: STCSEngine, x: str, k: int) -> int:
    """Up to ``k`` of ``x``'s crew resting off their stations (the waiting parties first, then those back aboard)
    join a melee aboard it as defenders: already off its track, it does not move. The persons drawn."""
    return _take(e, x, k)


def rejoin(e: STCSEngine, x: str, n: int) -> None:
    """``n`` defenders drawn from those resting (:func:`draw`) leave the melee: removed from a boarding party, they
    are back at their stations in the next turn's Power Allocation Phase (Boarding Operations)."""
    if n > 0:
        turn = e.turn_segment()[0]
        e.contact.parties.back.append((turn + 1, x, n))
        e.log.add("ruling", RULE, f"{n} of {possessive(e.ship(x))} crew leave the melee for the transporter rooms "
                  f"(back at their stations in turn {turn + 1})", {"unit": x}, visible_to=(e.units[x].team, GM))


def _take(e: STCSEngine, x: str, k: int) -> int:
    """Takes up to ``k`` of ``x``'s crew resting off their stations, the waiting parties first. The persons taken."""
    p = e.contact.parties
    take = min(k, waiting(e, x))
    if take:
        p.waiting[x] -= take
    for i, (due, y, n) in enumerate(list(p.back)):
        if y == x and take < k:
            t = min(n, k - take)
            p.back[i] = (due, y, n - t)
            take += t
    p.back[:] = [b for b in p.back if b[2] > 0]
    return take


def lost(e: STCSEngine, x: str, dead: int) -> int:
    """A hit left none of ``x``'s crew at their stations and ``dead`` percent of its original crew lost in all: its
    crew resting off their stations are cut to the persons ``dead`` leaves (fractions dropped, at least one below
    100%), so they are all lost exactly when its casualties reach 100%, as on a ship with no party. The persons
    lost."""
    alive = 0 if dead >= 100 else max(1, e.data(x).crew * (100 - dead) // 100)
    return leave(e, x, max(0, resting(e, x) - alive))


def check(e: STCSEngine, x: str, n: int) -> int:
    """``n`` persons in ``x``'s boarding parties if it has them, else refused naming the rule."""
    if n > most(e, x):
        crew = e.data(x).crew
        raise IllegalAnswer(RULE, f"{e.ship(x)} may have at most {most(e, x)} of its crew in boarding parties (it "
                            f"keeps {KEEP}% of its original crew, {-(-crew * KEEP // 100)}, aboard), not {n}")
    return n


def assign(e: STCSEngine, x: str, n: int) -> None:
    """``x``'s side puts ``n`` of its crew in boarding parties in the Power Allocation Phase."""
    p, have, turn = e.contact.parties, waiting(e, x), e.turn_segment()[0]
    if n == have:
        return
    if n > have:  # "immediately (during the Power Allocation Phase)" off the track
        _charge(e, x, p.away.get(x, 0) + n - have)
        how = f"{n - have} more of its crew leave their stations for the transporter rooms"
    else:  # not used: back "during the Power Allocation Phase of the turn after"
        p.back.append((turn + 1, x, have - n))
        how = f"{have - n} of its crew leave the boarding parties (back at their stations in turn {turn + 1})"
    p.waiting[x] = n
    e.log.add("ruling", RULE, f"{possessive(e.ship(x))} boarding parties: {n} of its crew ({how}); "
              f"{100 - e.casualties.get(x, 0)}% of its crew at their stations", {"unit": x},
              visible_to=(e.units[x].team, GM))


def send(e: STCSEngine, x: str, n: int) -> None:
    """``n`` of ``x``'s crew beam over as a boarding party: from those waiting if it allocated, else straight from
    their stations (off the track now)."""
    p = e.contact.parties
    if x in e.power.of:
        p.waiting[x] = max(0, waiting(e, x) - n)
    else:
        _charge(e, x, p.away.get(x, 0) + n)


def stations(e: STCSEngine, x: str, n: int) -> None:
    """``n`` of ``x``'s crew leave their stations for a melee aboard it, off the track at once (Shipboard Melee
    Combat: "The Percent Casualties ... Tracks must be modified for the number of crew removed from their normal
    stations on any ship which puts personnel into melee combat"); a negative ``n``: back at them at once (the
    boarded ship adds or removes personnel "just before combat in each segment", "unlike boarding parties")."""
    _charge(e, x, max(0, e.contact.parties.away.get(x, 0) + n))


def returned(e: STCSEngine, x: str, n: int) -> None:
    """``n`` boarders of ``x``'s crew are back aboard it: at their stations in the next turn's Power Allocation
    Phase."""
    if n > 0:
        turn = e.turn_segment()[0]
        e.contact.parties.back.append((turn + 1, x, n))
        e.log.add("ruling", RULE, f"{n} boarders are back aboard {e.ship(x)} (at their stations in turn {turn + 1})",
                  {"unit": x}, visible_to=(e.units[x].team, GM))


def phase(e: STCSEngine) -> None:
    """The Power Allocation Phase: those due back are at their stations again."""
    p, turn = e.contact.parties, e.turn_segment()[0]
    for due, x, n in [b for b in p.back if b[0] <= turn]:
        p.back.remove((due, x, n))
        if x not in e.units:
            continue
        _charge(e, x, max(0, p.away.get(x, 0) - n))
        e.log.add("ruling", RULE, f"{n} of {possessive(e.ship(x))} crew are back at their stations: "
                  f"{100 - e.casualties.get(x, 0)}% of its crew", {"unit": x}, visible_to=(e.units[x].team, GM))
