"""Seed 002's Tactical Advantage Phase (Rules For Combat, Sequence Of Events): the ships' order each
turn. The higher Crew Efficiency has the advantage; tied, the smaller ship (by Class); the same Class,
each captain rolls a D10, the higher first (re-rolled while tied). Two ships of the same side still tied
keep their listed order (the seed lets that side choose; the listed order is its choice here). A cloaked
ship's place is shown to its side and the GM only; a tie roll with one in it is theirs too."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import groupby
from typing import TYPE_CHECKING

from rules.battlehex.log import GM
from rules.battlehex.words import possessive
from rules.systems.stcs.sensors import roman

if TYPE_CHECKING:
    from rules.systems.stcs.engine import STCSEngine

RULE = "STCS Tactical Advantage Phase"
HIDDEN = "STCS Tactical Advantage Phase (cloaked)"
"""The rule of a tie roll with a cloaked ship in it: seen by the cloaked side and the GM only."""


@dataclass(frozen=True)
class Standing:
    """What a ship's tactical advantage reads."""

    ship: str
    team: str
    efficiency: int
    class_size: int


Roll = Callable[[Standing, Sequence[Standing]], int]
"""A captain's D10 for ``ship`` in its tied group."""


def order(ships: Sequence[Standing], roll: Roll) -> list[str]:
    """The ships from the one with the tactical advantage, rolling ``roll`` only to break a tie of
    efficiency and class between the sides."""
    ranked = sorted(ships, key=_rank)  # stable: the listed order inside a side
    out: list[str] = []
    for _, group in groupby(ranked, key=_rank):
        out += _tie(list(group), roll)
    return out


def _rank(s: Standing) -> tuple[int, int]:
    return -s.efficiency, s.class_size


def _tie(group: list[Standing], roll: Roll) -> list[str]:
    if len({s.team for s in group}) < 2:
        return [s.ship for s in group]
    dice = {s.ship: roll(s, group) for s in group}
    ranked = sorted(group, key=lambda s: -dice[s.ship])
    out: list[str] = []
    for _, tied in groupby(ranked, key=lambda s: -dice[s.ship]):
        out += _tie(list(tied), roll)
    return out


def phase(e: STCSEngine) -> None:
    """The Tactical Advantage Phase at a turn's start: ``e.sequence`` set and logged (the public line
    without cloaked ships; each side with cloaked ships sees the whole order)."""
    secret = [0]  # a tie with a cloaked ship rolls on a stream of its own: the public dice do not count it

    def roll(s: Standing, group: Sequence[Standing]) -> int:
        hid = [g.team for g in group if e.cloaked[g.ship]]
        secret[0] += bool(hid)
        return e.dice.roll("d10", purpose=f"tactical advantage: {possessive(e.ship(s.ship))} captain",
                           rule=HIDDEN if hid else RULE, who=hid[0] if hid else s.team,
                           secret=f"stcs/{e.round}/advantage/{secret[0]}" if hid else "").total
    ships = [Standing(x, e.units[x].team, e.data(x).crew_efficiency, e.data(x).class_size) for x in e.on_map()]
    e.sequence = order(ships, roll)
    t, _ = e.turn_segment()

    def words(xs: list[str]) -> str:
        return ", ".join(f"{e.ship(x)} (efficiency {e.data(x).crew_efficiency}, Class {roman(e.data(x).class_size)})"
                         for x in xs) or "no ship seen"
    e.log.add("ruling", RULE, f"turn {t} tactical advantage: " + words([x for x in e.sequence if not e.cloaked[x]]))
    for team in (e.attacker, e.defender):
        if any(e.cloaked[x] and e.units[x].team == team for x in e.sequence):
            e.log.add("ruling", HIDDEN, f"turn {t} tactical advantage with your cloaked ships: " + words(e.sequence),
                      visible_to=(team, GM))


def in_order(e: STCSEngine, ships: list[str]) -> list[str]:
    """``ships`` in the turn's sequence; ships not in it (arrived since) after, as listed."""
    seq = {x: i for i, x in enumerate(e.sequence)}
    return sorted(ships, key=lambda x: seq.get(x, len(seq)))
