"""b5 dogfights at the end of a turn (seed 003 Dogfights): each one still fought (both sides left)
is called off if both sides agree ("it continues until either all sides call it off (which they can
do by mutual agreement) or only one side or the other remains"), else it drifts d6 direction and
d4 hexes, and the flights on its way may become involved: by their owner's choice ("If the player
who controls the flight wishes it to become involved, it does so automatically"); a superiority
flight at once when its enemy has more fighters in it; another then if that enemy states it
("the flight will be forced to participate if the enemy states he is doing so"). docs/b5.md
"Fighters" records the readings."""
from __future__ import annotations

from collections.abc import Generator
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from hexmap import Label
from hexmap.labels import axial_to_offset
from rules.battlehex.log import GM
from rules.battlehex.questions import Question, yes_no
from rules.systems.b5 import deploy, dogfight, flights, jump
from rules.systems.b5.fighters import left

if TYPE_CHECKING:
    from rules.systems.b5.engine import B5Engine

Procedure = Generator[Question, Any, None]
RULE = dogfight.RULE
OFF, JOIN, FORCE = "off", "join", "force"
"""The questions ``b5/{turn}/dogfight/{hex}/off/{team}``, ``.../join/{flight}``, ``.../force/{flight}``."""
ASKED = "dogfight_end"
"""The ``data`` key of those questions (the dogfight's hex): rules/systems/b5/compat.py knows them."""


def turn_end(self: B5Engine) -> Procedure:
    """The turn's dogfights with both sides left, in board order, each called off or drifting (the
    list is kept, so the step resumes at any of its questions); none in a jump-in's first turn."""
    if self.scenario == "jump-in" and self.round == 1:
        return
    if self.air.ending_turn != self.round:
        self.air.ending_turn, self.air.ending = self.round, dogfight.fights(self)
        self.air.said, self.air.drifts, self.air.passed = {}, {}, []
    while self.air.ending:
        yield from _end(self, self.air.ending[0])
        self.air.ending.pop(0)
        self.air.passed = []


def _ask(self: B5Engine, key: str, to: str, text: str) -> Generator[Question, Any, bool]:
    """The yes/no answer to ``key`` (asked once: kept for a resume)."""
    if key not in self.air.said:
        self.air.said[key] = bool((yield replace(yes_no(key, to, RULE, text), data={ASKED: key.split("/")[3]})))
    return self.air.said[key]


def _names(self: B5Engine, uids: list[str] | tuple[str, ...]) -> str:
    return ", ".join(f"{self.units[x].unit.name} ({left(self, x)} fighter{'' if left(self, x) == 1 else 's'})"
                     for x in uids)


def _end(self: B5Engine, at: Label) -> Procedure:
    """The dogfight at ``at``: called off if the defender's side and then the attacker's agree; else
    it drifts, and the flights on its way join it or not."""
    key = f"b5/{self.round}/{dogfight.STEP}/{at}"
    if str(at) not in self.air.drifts:
        here = dogfight._in(self, at)
        if len({self.units[x].team for x in here}) < 2:
            return
        agreed = True
        for team in (self.defender, self.attacker):
            mine = [x for x in here if self.units[x].team == team]
            theirs = [x for x in here if self.units[x].team != team]
            agreed = yield from _ask(self, f"{key}/{OFF}/{team}", team,
                                     f"{self.name(team)}: call off the dogfight at {at} ({_names(self, mine)} against "
                                     f"{_names(self, theirs)})? It ends only if both sides agree; else it drifts")
            if not agreed:
                break
        if agreed:
            for x in here:
                self.air.off[x] = at
            self.log.add("ruling", RULE, f"the dogfight at {at} is called off by mutual agreement: "
                                         f"{_names(self, here)} go on with their missions", {"at": str(at)})
            return
        _drift(self, at, here)
    yield from _joins(self, key, at)


def _drift(self: B5Engine, at: Label, here: list[str]) -> None:
    """d6 direction (clockwise from direction 1), d4 hexes, stopping at the board's edge."""
    d6 = self.dice.roll("d6", purpose="dogfight drift direction", rule=RULE, who=GM).total
    d4 = self.dice.roll("d4", purpose="dogfight drift distance", rule=RULE, who=GM).total
    step, h, to, way = jump.direction(d6).vector, deploy.hex_of(at), at, []
    for _ in range(d4):
        h = h + step
        nxt = Label(*axial_to_offset(h))
        if not self.board.on(nxt):
            break
        to = nxt
        way.append(to)
    for x in here:
        self.air.at[x] = to
    self.air.drifts[str(at)] = (to, tuple(way), tuple(here))
    self.log.add("ruling", RULE, f"the dogfight at {at} drifts d6 {d6} (direction {jump.direction(d6).name}), d4 "
                                 f"{d4}: to {to}", {"at": str(to)})


def _joins(self: B5Engine, key: str, at: Label) -> Procedure:
    """The flights in the hexes the dogfight passes and ends in (not one its escort there covers),
    each once: a superiority flight whose enemy has more fighters in it joins; any other is asked
    of its owner, then (its enemy having more fighters in it) of that enemy."""
    to, way, here = self.air.drifts[str(at)]
    for hx in way:
        for team in (self.defender, self.attacker):
            for x in flights.flights_of(self, team):
                if x in here or x in self.air.passed or self.air.at.get(x) != hx or flights.shielded(self, x):
                    continue
                yield from _join(self, key, x, to, here)
                self.air.passed.append(x)


def _strength(self: B5Engine, team: str, to: Label, here: tuple[str, ...]) -> int:
    """``team``'s fighters in the dogfight now at ``to``: its flights and those that joined it."""
    return sum(left(self, x) for x in flights.flights_of(self, team) if self.air.at.get(x) == to
               and (x in here or x in self.air.passed))


def _join(self: B5Engine, key: str, x: str, to: Label, here: tuple[str, ...]) -> Procedure:
    team = self.units[x].team
    enemy = self.enemy(team)
    more = _strength(self, enemy, to, here) > _strength(self, team, to, here)
    m = self.air.mission.get(x)
    name, way = self.units[x].unit.name, f"the dogfight drifting to {to} passes it at {self.air.at[x]}"
    if m is not None and m.kind == flights.SUPERIORITY and more:
        why = "superiority, its enemy more fighters in the dogfight"
    elif (yield from _ask(self, f"{key}/{JOIN}/{x}", team, f"{self.name(team)}: {way}: does {name} join it?")):
        why = f"{self.name(team)} wishes it"
    elif more and (yield from _ask(self, f"{key}/{FORCE}/{x}", enemy,
                                   f"{self.name(enemy)}: {way}, and you have more fighters in it: is {name} forced "
                                   "to participate?")):
        why = f"{self.name(enemy)} states it, having more fighters in the dogfight"
    else:
        return
    self.air.at[x] = to
    self.air.off.pop(x, None)
    self.log.add("ruling", RULE, f"{name} ({why}) joins it", {"unit": x, "at": str(to)})
