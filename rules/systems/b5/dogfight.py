"""b5 dogfights (seed 003 Dogfights): enemy flights in one hex fight at the end of each pulse,
after all fire, simultaneously: each flight's total (its damage die, +1 a fighter, -1 anti-ship,
+1 an interceptor level) against its target's dogfight rating gives kills on the chart; the kills
are taken from the enemy flights in the hex. At the end of the turn a dogfight still fought is
called off by agreement or drifts (rules/systems/b5/drift.py). The exact odds of each flight's
kills are logged before its roll. docs/b5.md "Fighters"."""
from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from hexmap import Label
from rules.battlehex.words import plural, possessive
from rules.systems.b5 import fire, flights
from rules.systems.b5.fighters import left

if TYPE_CHECKING:
    from rules.model.b5 import B5Fighter
    from rules.systems.b5.engine import B5Engine

RULE = "B5 Dogfights"
STEP = "dogfight"
"""The turn's end questions of the dogfights (``b5/{turn}/dogfight/{hex}/...``): the step resumes."""
FACE, ROLL = "face", "roll"
"""settings.b5 ``dogfight_rating``: the target number is the target's dogfight die's largest face,
or that die rolled for the target in the pulse."""


def _dist(die: str) -> dict[int, Fraction]:
    """The exact chance of each total of ``die``."""
    n, f = fire.sides(die)
    return {t: fire.p_die_at_least(die, t) - fire.p_die_at_least(die, t + 1) for t in range(n, n * f + 1)}


def rating(f: B5Fighter) -> int:
    """A flight's dogfight rating read as its dogfight die's largest face (d6: 6)."""
    n, faces = fire.sides(f.dogfight)
    return n * faces


def bonus(f: B5Fighter, fighters: int) -> int:
    """+1 a fighter in the flight, -1 for any anti-ship ability, +1 an interceptor level."""
    return fire.dogfight_total(0, fighters, f.anti_ship, f.interceptor)


def odds(f: B5Fighter, fighters: int, target: B5Fighter, reading: str = FACE,
         chart: str = fire.DOGFIGHT_TEXT) -> dict[int, Fraction]:
    """The exact chance of each number of kills (0 included) of a flight of ``fighters`` against
    ``target``: with ``reading`` face the target's largest face, with roll its die rolled."""
    out: dict[int, Fraction] = {}
    against = {rating(target): Fraction(1)} if reading == FACE else _dist(target.dogfight)
    for total, p in _dist(f.damage).items():
        for r, q in against.items():
            k = fire.dogfight_kills(total + bonus(f, fighters) - r, chart)
            out[k] = out.get(k, Fraction(0)) + p * q
    return dict(sorted(out.items()))


def fights(self: B5Engine) -> list[Label]:
    """The hexes holding flights of both sides, in board order."""
    out = []
    for at in sorted(set(self.air.at.values()), key=lambda h: (h.col, h.row)):
        sides = {self.units[x].team for x in _in(self, at)}
        if len(sides) > 1:
            out.append(at)
    return out


def _in(self: B5Engine, at: Label) -> list[str]:
    """The flights fighting in hex ``at``: not one whose escort there fights instead."""
    return [x for t in (self.defender, self.attacker) for x in flights.flights_of(self, t)
            if self.air.at.get(x) == at and not flights.shielded(self, x) and not flights.calm(self, x)]


def pulse_end(self: B5Engine) -> None:
    """Every dogfight's attacks at the pulse's end (after the third pulse each is then called off by
    agreement or drifts: rules/systems/b5/drift.py); none in a jump-in's first turn ("No weapons fire
    may occur during this turn")."""
    if self.scenario == "jump-in" and self.round == 1:
        return
    for at in fights(self):
        _fight(self, at)


def _target(self: B5Engine, among: list[str]) -> str:
    """The enemy flight a flight fights (**reading**: the one with the most fighters; the roster's
    first on a tie), whose rating its total is read against."""
    return max(among, key=lambda x: (left(self, x), -among.index(x)))


def _fight(self: B5Engine, at: Label) -> None:
    here = _in(self, at)
    rolls: dict[str, int] = {}
    st = self.settings
    for team in (self.defender, self.attacker):
        foes = [x for x in here if self.units[x].team != team]
        kills = 0
        for x in (y for y in here if self.units[y].team == team):
            f, n = self.data(x).flight, left(self, x)
            target = _target(self, foes)
            t = self.data(target).flight
            assert f is not None and t is not None
            chances = odds(f, n, t, st.dogfight_rating, st.dogfight)
            name, tname = self.units[x].unit.name, self.units[target].unit.name
            self.log.add("ruling", RULE, f"{name} ({n}) against {tname}: kills " + ", ".join(
                f"{k} {p}" for k, p in chances.items()), {"unit": x})
            roll = self.dice.roll(f.damage, purpose=f"{name} dogfight", rule=RULE, who=team).total
            need = rating(t) if st.dogfight_rating == FACE else self.dice.roll(
                t.dogfight, purpose=f"{tname} dogfight rating", rule=RULE, who=self.units[target].team).total
            total = roll + bonus(f, n)
            k = fire.dogfight_kills(total - need, st.dogfight)
            self.log.add("ruling", RULE, f"{name}: {f.damage} {roll} {bonus(f, n):+d} = {total} against "
                                         f"{possessive(tname)} {need}: beat by {total - need}, {plural(k, 'kill')}", {"unit": x})
            kills += k
        rolls[team] = kills
    for team, kills in rolls.items():  # simultaneous: taken once every flight has rolled
        _take(self, [x for x in here if self.units[x].team != team], kills)


def _take(self: B5Engine, foes: list[str], kills: int) -> None:
    """``kills`` taken from ``foes`` (**reading**: the flight with the most fighters first: the
    owner's allocation is the engine's)."""
    from rules.battlehex.roster import Status
    while kills > 0 and foes:
        x = _target(self, foes)
        lost = min(kills, left(self, x))
        kills -= lost
        self.fighters[x] = left(self, x) - lost
        self.log.add("ruling", RULE, f"{self.units[x].unit.name} loses {plural(lost, 'fighter')}, {left(self, x)} left",
                     {"unit": x})
        if not left(self, x):
            self.units[x].status = Status.DESTROYED
            self.air.at.pop(x, None)
            self.log.add("ruling", RULE, f"{self.units[x].unit.name} is destroyed", {"unit": x})
        foes = [y for y in foes if y != x]
