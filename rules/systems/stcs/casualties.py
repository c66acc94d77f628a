"""Seed 002's Effects From Crew Casualties: for each hit the GM enters its damage points (after any
divisors; no doubling, at most 5 count) and the ship's percentage casualties per damage point (its
Master Control Panel, not in the seed). The engine rolls the Crew Efficiency (D100, never below 10
while crew remain; 100 always fails): a success halves the points (dropping fractions). The points
times the percentage, at most 20% a hit (10% for a Bridge hit), go on the Percent Casualties Track;
at 100% none remain at their stations. A ship has no crew (:func:`no_crew`: no Shield Control to raise a
shield, no transporters, no repair, taken in a tractor beam by an enemy, no Evasive Maneuvers) only when none are at
their stations nor aboard off them: crew in boarding parties waiting in the transporter rooms are crew members on the
ship (a hit beyond the stations falls on them, :func:`rules.systems.stcs.parties.lost`). The roll is on the Crew
Efficiency as modified by the Casualty Modifier Track's box (:mod:`.casualty_track`; unmodified when the record
gives no modifiers: the base game's chart)."""
from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from rules.battlehex.log import GM, IllegalAnswer
from rules.battlehex.questions import QKind, Question
from rules.battlehex.words import possessive
from rules.systems.stcs import casualty_track, parties, troops

if TYPE_CHECKING:
    from rules.systems.stcs.engine import STCSEngine

RULE = "STCS Effects From Crew Casualties"
MOST_POINTS = 5
"""Damage points of one hit that count for casualties."""
CAP, BRIDGE_CAP = 20, 10
"""The most percent casualties of one hit; of a Bridge hit."""
FLOOR = 10
"""A modified Crew Efficiency is never below 10 while crew remain."""


def percent(points: int, per_point: int, efficiency_passed: bool, bridge: bool) -> int:
    """The percent casualties of one hit of ``points``."""
    if points < 0 or per_point < 0:
        raise ValueError("points and the percentage are 0 or more")
    p = min(MOST_POINTS, points)
    if efficiency_passed:
        p //= 2
    return min(BRIDGE_CAP if bridge else CAP, p * per_point)


def passes(efficiency: int, d100: int) -> bool:
    """A Crew Efficiency roll: at or under the efficiency (never below 10); 100 always fails."""
    return d100 != 100 and d100 <= max(FLOOR, efficiency)


def crew_left(e: STCSEngine, x: str) -> int:
    """The percent of ``x``'s crew left (0: no crew onboard)."""
    return 0 if e.data(x).crew <= 0 else max(0, 100 - e.casualties.get(x, 0))


def no_crew(e: STCSEngine, x: str) -> bool:
    """Whether no crew members are on ``x`` (seed 002: "no crew members on a ship", "ships without crews",
    "de-crewed vessels"): none at their stations and none aboard off them (:func:`parties.aboard`: in the transporter
    rooms, back aboard, in a melee aboard). Its crew on another ship are not aboard."""
    return crew_left(e, x) == 0 and parties.aboard(e, x) == 0


def onboard(e: STCSEngine, x: str) -> int:
    """The percent of ``x``'s crew remaining onboard: at their stations and aboard off them (:func:`parties.aboard`,
    rounded up as the track charges them): its losses alone, whatever its secret boarding parties waiting."""
    crew = e.data(x).crew
    return 0 if crew <= 0 else min(100, crew_left(e, x) + -(-parties.aboard(e, x) * 100 // crew))


def hit(e: STCSEngine, x: str) -> Generator[Question, Any, None]:
    """The GM enters one hit's crew casualties on ``x``; the Crew Efficiency roll is made here."""
    where = yield e._choose(f"stcs/{e.round}/crew/{x}", RULE, f"Game Master: where did the hit on {e.ship(x)} "
                            "fall for crew casualties (from the table)?",
                            {"bridge": "a Bridge hit (at most 10%)", "other": "elsewhere (at most 20%)"})
    points = int((yield _number(f"stcs/{e.round}/crew/{x}/points", "how many damage points did the hit do (after "
                                "any divisors; at most 5 count)?", 200)))
    per = int((yield _number(f"stcs/{e.round}/crew/{x}/rate", f"{possessive(e.ship(x))} percentage casualties per "
                             "damage point (its control panel)?", 100)))
    ce, kept, team = casualty_track.efficiency(e, x), casualty_track.kept(e, x), e.units[x].team
    if kept:  # its box counts its secret boarding parties: the modified efficiency is its side's and the GM's
        e.log.add("ruling", casualty_track.RULE, casualty_track.words(e, x), {"unit": x}, visible_to=(team, GM))
    die = e.dice.roll("d100", purpose="crew efficiency (at or under its Casualty Modifier Track's: half the points)"
                      if kept else f"crew efficiency (1-{max(FLOOR, ce)}: half the points)", rule=RULE, who=team).total
    pct = percent(points, per, passes(ce, die), where == "bridge")
    track = e.casualties.get(x, 0)
    e.casualties[x] = min(100, track + pct)
    dead = track - parties.charged(e, x) + pct  # the track less those off their stations: its losses
    if track + pct >= 100 and (gone := parties.lost(e, x, dead)):  # beyond its stations: those aboard off them
        e.log.add("ruling", RULE, f"{gone} of {possessive(e.ship(x))} crew aboard off their stations are lost (the hit is "
                  "more than the crew at their stations)", {"unit": x}, visible_to=(e.units[x].team, GM))
    troops.hurt(e, x, pct)  # its marines and passengers "in the same manner as for the crew"
    e.log.add("ruling", RULE, f"{e.ship(x)} loses {pct}% of its crew", {"unit": x},
              visible_to=(team, GM) if kept else None)
    # what is left counts the crew away in boarding parties, its side's secret (:mod:`.parties`): its side's, the GM's
    e.log.add("ruling", RULE, f"{e.ship(x)}: {crew_left(e, x)}% of its crew at their stations"
              + ("; no crew onboard" if no_crew(e, x) else f"; {parties.aboard(e, x)} aboard off them"
                 if crew_left(e, x) == 0 else ""), {"unit": x}, visible_to=(e.units[x].team, GM))
    if troops.words(e, x):  # how many are aboard tells how many boarded elsewhere: its side's and the GM's
        e.log.add("ruling", RULE, f"{e.ship(x)} has{troops.words(e, x)} after the hit",
                  visible_to=(e.units[x].team, GM))


def _number(key: str, text: str, high: int) -> Question:
    def check(a: Any) -> int:
        if isinstance(a, bool) or not isinstance(a, int) or not 1 <= a <= high:
            raise IllegalAnswer(RULE, f"a whole number 1-{high}")
        return a
    return Question(key, QKind.NUMBER, GM, RULE, f"Game Master: {text}", low=1, high=high, default=1, check=check)
