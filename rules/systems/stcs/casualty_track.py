"""Seed 002's Casualty Modifier Track: the box a ship's crew is in, which modifies its Crew Efficiency for the crew
casualties roll ("equal to or less than the Crew Efficiency as modified by the Casualties Modifiers track").

The seed names the boxes by the percent of the crew left ("the 60-69% box") and a "Not Firing" box worse than it,
but does not print the track: each box's modifier (and which box stops the ship's fire) is the base game's chart,
the ship's control panel. A record that gives ``casualty_modifiers`` (one modifier a box, 90-100% first) has them
applied by the engine; without them the efficiency is read unmodified and the GM rules the rest at the table, as for
the other base-game charts not in the seed (docs/stcs.md).

What moves the ship down the track, as the seed states it:
- its crew at their stations (the Percent Casualties Track: hits, and the crew off their stations in boarding
  parties or a melee - Boarding Operations: "the Percent Casualties Track and the Casualty Modifier Track must
  immediately (during the Power Allocation Phase) be reduced ... added back to these tables during the Power
  Allocation Phase of the turn after they return"), read in the boxes of ten percent;
- Stasis troops active and onboard (revived before the battle): "reduced by one box for each 25% or part thereof of
  the total troops", never making an undamaged ship (its crew in the 90-100% box) worse than the 60-69% box;
- troops carried for the battle by a ship that does not normally carry them (10% of its crew): one box.

The "Not Firing" box: the seed's chart is not printed, so when a ship in a box worse than 60-69% (where the seed
places it) fires, the engine asks the GM whether that box is its Not Firing box (:func:`may_fire`), once a box; the
ruling is logged with this rule and the ships' sheet says the chart is not in the seed (:func:`sheet_words`).
"""
from __future__ import annotations

import dataclasses
from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from rules.battlehex.log import GM
from rules.battlehex.questions import Question, yes_no
from rules.battlehex.words import possessive
from rules.model.stcs import Carry
from rules.systems.stcs import troops

if TYPE_CHECKING:
    from rules.systems.stcs.engine import STCSEngine

RULE = "STCS Casualty Modifier Track"
BOXES = ("90-100%", "80-89%", "70-79%", "60-69%", "50-59%", "40-49%", "30-39%", "20-29%", "10-19%", "0-9%")
"""The track's boxes by the percent of the crew at their stations, best first."""
CROWDED_MOST = BOXES.index("60-69%")
"""Crowding never makes an undamaged ship worse than the 60-69% box."""
FLOOR = 10
"""A modified Crew Efficiency is never below 10 while crew remain."""


def band(left: int) -> int:
    """The box of a crew with ``left`` percent at their stations (90-100%: 0 ... 0-9%: 9)."""
    if not 0 <= left <= 100:
        raise ValueError(f"a percent of the crew is 0-100, not {left}")
    return 0 if left >= 90 else (99 - left) // 10


def crowding(active: int, troops_total: int) -> int:
    """Boxes lost to ``active`` Stasis troops aboard of ``troops_total``: one for each 25% or part thereof."""
    return -(-active * 4 // troops_total) if active > 0 and troops_total > 0 else 0


def box(left: int, crowded: int = 0, temporary: bool = False) -> int:
    """The box of a ship with ``left`` percent of its crew at their stations, ``crowded`` boxes lost to its Stasis
    troops (never worse than 60-69% for an undamaged ship) and one more carrying troops for the battle."""
    b = band(left)
    at = min(b + crowded, CROWDED_MOST) if b == 0 else b + crowded
    return min(len(BOXES) - 1, at + (1 if temporary else 0))


def modifier(modifiers: list[int] | None, b: int) -> int:
    """Box ``b``'s Crew Efficiency modifier: the record's (a box beyond those given reads the last); none: 0."""
    return modifiers[min(b, len(modifiers) - 1)] if modifiers else 0


def of(e: STCSEngine, x: str) -> int:
    """``x``'s box now."""
    d = e.data(x)
    left = 0 if d.crew <= 0 else max(0, 100 - e.casualties.get(x, 0))
    stasis = d.marines_carry is Carry.STASIS and d.stasis_revived
    crowded = crowding(troops.aboard(e, x, troops.MARINES), d.marines) if stasis else 0
    return box(left, crowded, d.temporary_troops > 0 and troops.aboard(e, x, troops.MARINES) > 0)


def efficiency(e: STCSEngine, x: str) -> int:
    """``x``'s Crew Efficiency as modified by its box (never below 10)."""
    d = e.data(x)
    return max(FLOOR, d.crew_efficiency + modifier(d.casualty_modifiers, of(e, x)))


def kept(e: STCSEngine, x: str) -> bool:
    """Whether ``x``'s record gives the track's modifiers: then its crew hits' outcomes are its side's and the GM's
    (they would tell its box, which counts its secret boarding parties)."""
    return bool(e.data(x).casualty_modifiers)


def words(e: STCSEngine, x: str) -> str:
    """``x``'s box and modified efficiency in words."""
    b, d = of(e, x), e.data(x)
    return (f"{possessive(e.ship(x))} Casualty Modifier Track: the {BOXES[b]} box (Crew Efficiency "
            f"{d.crew_efficiency} {modifier(d.casualty_modifiers, b):+d}: {efficiency(e, x)})")


NOT_FIRING = ("The rules name the track's \"Not Firing\" box but do not print its chart (the base game's control "
              "panel), so which box stops a ship's fire is the Game Master's ruling")
"""What the question says of the chart (not a table presented as real), in the players' words: no seed's number
(issue 22); the rule is cited in the question's and the log entries' rule field (:data:`RULE`)."""
CHARTS_SILENT = "the charts do not say"
"""What the ruling's log line and the ships' sheet say of the missing chart (issue 22: they said "not in seed 002")."""


def maybe_not_firing(b: int) -> bool:
    """Whether box ``b`` may be the "Not Firing" box: one worse than 60-69% (seed 002, Carrying Marines: crowding
    may not make an undamaged ship "worse than the 60-69% box ... i.e., the ship cannot be forced into the 'Not
    Firing' box just due to crowding": so it lies beyond that box)."""
    return b > CROWDED_MOST


def ruled(e: STCSEngine, x: str, b: int) -> bool | None:
    """The GM's standing ruling whether ``x``'s box ``b`` is its Not Firing box (read from the log), or None."""
    for ev in reversed(e.log.events):
        if ev.kind == "ruling" and ev.rule == RULE and ev.data.get("unit") == x and ev.data.get("box") == BOXES[b]:
            return bool(ev.data["not_firing"])
    return None


def may_fire(e: STCSEngine, x: str, at: str) -> Generator[Question, Any, bool]:
    """Whether ``x``'s crew may fire now (at ``at``, in words): in a box that may be the Not Firing box, the GM is
    asked once a box (the chart would decide); the ruling is logged with the rule, its side's and the GM's (the box
    counts its secret boarding parties); a ship ruled Not Firing does not fire, said to all."""
    b = of(e, x)
    if not maybe_not_firing(b):
        return True
    stop = ruled(e, x, b)
    if stop is None:  # its question and answer are its side's and the GM's: being asked tells the box is low
        hidden, e.log.hidden_to = e.log.hidden_to, e.log.hidden_to or (e.units[x].team, GM)
        stop = bool((yield dataclasses.replace(yes_no(
            f"stcs/{e.round}/fire/{x}/notfiring", GM, RULE,
            f"Game Master: is {e.ship(x)} in the Not Firing box of its Casualty Modifier Track (its crew in the "
            f"{BOXES[b]} box)? {NOT_FIRING}: yes, it does not fire while in this box; no, it fires."),
            data={"secret": True})))
        e.log.hidden_to = hidden
        e.log.add("ruling", RULE, f"the Game Master rules that {possessive(e.ship(x))} {BOXES[b]} box is "
                  f"{'its Not Firing box' if stop else 'not its Not Firing box'} ({CHARTS_SILENT} which box it is)",
                  {"unit": x, "box": BOXES[b], "not_firing": stop}, visible_to=(e.units[x].team, GM))
    if stop:
        e.log.add("ruling", RULE, f"{e.ship(x)} does not fire at {at} (its crew: the Game Master's ruling)")
    return not stop


def sheet_words(e: STCSEngine, x: str, viewer: str) -> str:
    """``x``'s box on the ships' sheet, for its side and the GM (it counts its secret boarding parties): where it may
    be the Not Firing box, that the chart is not in the seed and the GM's ruling, if made."""
    if viewer not in (e.units[x].team, GM) or x not in e.at:
        return ""
    b = of(e, x)
    if not maybe_not_firing(b):
        return f", crew track {BOXES[b]}"
    said = {None: "the GM is asked when it fires", True: "ruled Not Firing", False: "ruled firing"}[ruled(e, x, b)]
    return f", crew track {BOXES[b]} (Not Firing? {CHARTS_SILENT}: {said})"
